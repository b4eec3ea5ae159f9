"""The stepper, extended and shortened one step at a time (issue 13, item 2): for recorded
games of every game, pushing every deal and action and then popping them all back passes
through exactly the states seen going forward; a refused step changes nothing; the record
so far is what was pushed."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamerec.bots import simulate
from gamerec.errors import Illegal
from gamerec.stepper import Stepper, walk

GAMES = [("blackball", 3), ("forest", 3), ("black-swan-2012", 2), ("black-swan-taroc", 3)]


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[g for g, _ in GAMES])
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_push_then_pop_retraces_every_state(game: str, players: int, seed: int) -> None:
    (record,) = simulate(game, players, 1, seed)
    stepper = Stepper(record)
    seen = [stepper.state.snapshot()]
    for deal in record.deals:
        stepper.begin(deal)
        seen.append(stepper.state.snapshot())
        for action in deal.actions:
            stepper.push(action)
            seen.append(stepper.state.snapshot())
    # the same states as the one driver, walk, gives
    walked = [state.snapshot() for *_, state in walk(record, steps=True)]
    assert seen[1:] == walked
    assert stepper.record.deals == record.deals
    while len(seen) > 1:
        seen.pop()
        stepper.pop()
        assert stepper.state.snapshot() == seen[-1]
    assert stepper.record.deals == []
    with pytest.raises(IndexError):
        stepper.pop()


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_a_refused_step_changes_nothing(game: str, players: int) -> None:
    (record,) = simulate(game, players, 1, 3)
    stepper = Stepper(record)
    with pytest.raises(ValueError, match="no deal has begun"):
        stepper.push(record.deals[0].actions[0])
    stepper.begin(record.deals[0])
    first = record.deals[0].actions[0]
    wrong = msgspec.structs.replace(first, seat=(first.seat + 1) % players)  # type: ignore[attr-defined]
    before = stepper.state.snapshot()
    with pytest.raises(Illegal):
        stepper.push(wrong)
    assert stepper.state.snapshot() == before and stepper.record.deals[0].actions == []
    with pytest.raises(Illegal) as refused:  # the deal is not over: no next deal yet
        stepper.begin(record.deals[0])
    assert refused.value.rule == "deal-unfinished"
    assert stepper.state.snapshot() == before
