"""Verification without steps skips building the events of tricks and turns (the fast
path); it runs the same rules code, so it must give the same verdicts as a replay that
builds every event, on legal records and on damaged ones."""

from __future__ import annotations

import random

import msgspec
import pytest

from gamerec.bots import simulate
from gamerec.checking.verdicts import verify_record
from gamerec.games import GAMES
from gamerec.present import Replay
from gamerec.record import Record

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


def _deal_mutations(record: Record, rng: random.Random, count: int) -> list[Record]:
    """Copies of ``record`` whose deals are cut short, dropped, repeated or swapped: the
    fast path runs its loop over deals in the engine (``play_deals``), apart from the
    walk with steps, so where and why a deal is refused must come out the same."""
    out = []
    deals = list(record.deals)
    for _ in range(count):
        new = list(deals)
        d = rng.randrange(len(new))
        what = rng.randrange(5)
        if what == 0 and new[d].actions:  # a deal stops early, the next follows
            cut = rng.randrange(len(new[d].actions))
            new[d] = msgspec.structs.replace(new[d], actions=new[d].actions[:cut])
        elif what == 1:
            del new[d]
        elif what == 2:
            new.insert(d, new[d])
        elif what == 3 and len(new) > 1:
            e = rng.randrange(len(new))
            new[d], new[e] = new[e], new[d]
        else:  # one more deal after the last
            new.append(new[rng.randrange(len(new))])
        out.append(msgspec.structs.replace(record, deals=new))
    out.append(msgspec.structs.replace(record, deals=[]))
    return out


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_fast_path_refuses_deals_as_the_full_replay_does(game: str) -> None:
    rng = random.Random(f"deals {game}")
    records = list(simulate(game, PLAYERS[game], 2, seed=9, rules=RULES.get(game), bot="random"))
    rules_seen = set()
    for record in [m for r in records for m in _deal_mutations(r, rng, 10)]:
        fast = verify_record(record)
        replay = Replay(record)
        list(replay)
        full = replay.verdict
        assert full is not None
        assert msgspec.structs.replace(full, scores=None) == msgspec.structs.replace(fast, scores=None)
        assert full.scores == fast.scores
        rules_seen.add((fast.status, fast.rule))
    assert len(rules_seen) > 1  # the mutations gave more than one verdict
