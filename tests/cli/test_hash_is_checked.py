"""Issue 31, F2: ``filter --dedupe``, ``ls --dedupe`` and ``--hash`` trusted a binary
header's content hash without checking it against the body. A crafted frame claiming another
game's hash pushed that real, different game out of a merge, and ``--hash`` selected the
impostor, while ``validate`` (which computes the hash) saw two games.

Identity is now decided by the hash computed from the decoded record; a frame whose header
hash was found false is written anew (with its true hash) rather than copied."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from helpers import cli

from gamerec.bots import simulate
from gamerec.format import container
from gamerec.format.binary import content_hash, encode_binary
from gamerec.format.read import read_file
from gamerec.record import Body

GAMES = list(simulate("forest", players=2, games=2, seed=5, rules={"hand_size": 2, "max_number": 3}))


def _impostor(record_of: object, claims: bytes) -> bytes:
    """A frame of ``record_of`` whose header claims the hash ``claims`` (its CRC right)."""
    head = record_of.header()  # type: ignore[attr-defined]
    head.hash = claims
    enc = msgspec.msgpack.Encoder()
    return container.frame(enc.encode(head), enc.encode(Body(record_of.deals, record_of.claim)))  # type: ignore[attr-defined]


@pytest.fixture
def crafted(tmp_path: Path) -> tuple[Path, Path]:
    real, other = GAMES
    assert content_hash(real) != content_hash(other)
    a = tmp_path / "real.grec"
    a.write_bytes(container.FILE_HEADER + encode_binary(real))
    b = tmp_path / "impostor.grec"
    b.write_bytes(container.FILE_HEADER + _impostor(other, bytes.fromhex(content_hash(real))))
    return a, b


def _hashes(path: Path) -> list[str]:
    return [content_hash(e.record) for e in read_file(path) if e.record is not None]


def test_dedupe_keeps_both_games(crafted: tuple[Path, Path], tmp_path: Path) -> None:
    a, b = crafted
    out = tmp_path / "merged.grec"
    r = cli("filter", a, b, "-o", out, "--dedupe")
    assert r.exit_code == 0, r.stderr
    assert sorted(_hashes(out)) == sorted(content_hash(g) for g in GAMES)
    # validate says the same: two games, no duplicate
    v = cli("validate", a, b)
    assert v.exit_code == 0 and "2 records: 2 valid" in v.stdout + v.stderr
    # and the copy written carries its true hash: a later merge trusts nothing false
    r = cli("ls", "--json", out)
    assert sorted(line for line in r.stdout.splitlines() if '"hash"' in line) != []
    assert {content_hash(g) for g in GAMES} <= set(r.stdout.replace('"', " ").split())


def test_ls_dedupe_counts_no_duplicate(crafted: tuple[Path, Path]) -> None:
    a, b = crafted
    r = cli("ls", "--dedupe", a, b)
    assert "duplicate" not in r.stdout + r.stderr, r.stdout + r.stderr


def test_hash_selects_the_real_game_not_the_impostor(crafted: tuple[Path, Path], tmp_path: Path) -> None:
    a, b = crafted
    real = content_hash(GAMES[0])
    out = tmp_path / "picked.grec"
    r = cli("filter", a, b, "-o", out, "--hash", real[:12])
    assert r.exit_code == 0, r.stderr
    assert _hashes(out) == [real]
