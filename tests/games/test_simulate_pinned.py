"""``simulate`` gives the same records, byte for byte, for a seed (gamerec.bots promises
it): the SHA-256 of the binary file of 40 games for each game, table size and bot, without
the provenance (it names gamerec's version), as the code before the bots' speed work (issue
19) wrote them. A change of a game's legal actions or of a bot that changes one record
fails here; a deliberate change of a bot says so in CHANGELOG.md and updates the digests."""

from __future__ import annotations

import hashlib

import pytest

from gamerec.bots import simulate
from gamerec.format.write import encode_records

#: "game players bot" -> the first 16 hex digits of the file's SHA-256
PINNED = dict(
    line.rsplit(" ", 1)
    for line in """\
blackball 3 random e8aa14c0b350067c
blackball 3 smart 793ee0dbee5220bc
blackball 4 random 4a21fc2c52407141
blackball 4 smart 510d4857a905ef23
blackball 5 random b8a5c0a579d7fe14
blackball 5 smart dad8220f32d53372
forest 3 random 51ac14614cffecd9
forest 3 smart 2113c4fbb0c3f6f3
forest 4 random 8d3296d7295954ed
forest 4 smart 38c44c94e812cb44
black-swan-2012 2 random 77283bf2d7e4a2ba
black-swan-2012 2 smart 7252c47e1c10bde4
black-swan-2012 3 random 1e7cb07b8df5c780
black-swan-2012 3 smart 919147ed88d296fe
black-swan-2012 4 random a035da8b47f75999
black-swan-2012 4 smart bd192a8799bc5783
black-swan-taroc 3 random bb83377d92af9b8c
black-swan-taroc 3 smart df37be571cbea7ba
black-swan-taroc 4 random a335bc268573e0f4
black-swan-taroc 4 smart ab161f3084924a0b
black-swan-taroc 5 random 4da0824195721e6c
black-swan-taroc 5 smart 7357919d3257c6c3""".splitlines()
)


@pytest.mark.parametrize("key", sorted(PINNED))
def test_simulate_is_pinned(key: str) -> None:
    game, players, bot = key.split()
    records = list(simulate(game, int(players), 40, 7, bot=bot))
    for record in records:  # the provenance names gamerec's version
        record.provenance = None
    digest = hashlib.sha256(b"".join(encode_records(records, "binary"))).hexdigest()[:16]
    assert digest == PINNED[key]
