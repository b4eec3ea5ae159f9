"""Verification without steps skips building the events of tricks and turns (the fast
path); it runs the same rules code, so it must give the same verdicts as a replay that
builds every event, on legal records and on damaged ones."""

from __future__ import annotations

import random

import msgspec
import pytest

from gamerec.bots import simulate
from gamerec.format.record import Record
from gamerec.games import GAMES
from gamerec.present import Replay
from gamerec.verdicts import verify_record

PLAYERS = {"blackball": 3, "black-swan-2012": 4, "black-swan-taroc": 3, "forest": 4}
RULES = {"black-swan-2012": {"target": 60}}


def _mutations(record: Record, rng: random.Random, count: int) -> list[Record]:
    """Copies of ``record`` with one action swapped with another, dropped or moved."""
    out = []
    for _ in range(count):
        d = rng.randrange(len(record.deals))
        deal = record.deals[d]
        actions = list(deal.actions)
        if len(actions) < 2:
            continue
        i, j = rng.sample(range(len(actions)), 2)
        if rng.random() < 0.5:
            actions[i], actions[j] = actions[j], actions[i]
        else:
            del actions[i]
        deals = list(record.deals)
        deals[d] = msgspec.structs.replace(deal, actions=actions)
        out.append(msgspec.structs.replace(record, deals=deals))
    return out


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_fast_path_gives_the_verdicts_of_the_full_replay(game: str) -> None:
    rng = random.Random(game)
    records = list(simulate(game, PLAYERS[game], 3, seed=8, rules=RULES.get(game), bot="random"))
    for record in records + [m for r in records for m in _mutations(r, rng, 6)]:
        fast = verify_record(record)
        replay = Replay(record)
        steps = list(replay)
        full = replay.verdict
        assert full is not None
        assert msgspec.structs.replace(full, scores=None) == msgspec.structs.replace(fast, scores=None)
        assert full.scores == fast.scores
        if record in records:  # a complete game: the full replay did build events
            assert any(s.events for s in steps)
