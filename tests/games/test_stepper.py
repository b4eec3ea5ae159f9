"""The stepper, extended and shortened one step at a time (issue 13, items 2 and 4): for
recorded games of every game, pushing every deal and action and then popping them all back
passes through exactly the states seen going forward; any mix of steps forward, pops and
drops (a deal taken back at once) leaves the state of its record replayed; a refused step,
a deal's begin included, changes nothing; the record so far is what was pushed."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamerec.bots import simulate
from gamerec.errors import Illegal, StockMissing
from gamerec.stepper import Stepper, steps

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
    walked = [state.snapshot() for *_, state in steps(record)]
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


def _replayed(stepper: Stepper) -> dict[str, object]:
    """The state of the stepper's record walked afresh by the one driver."""
    record = stepper.record
    final = Stepper(record).state  # (no deal yet)
    for *_, state in steps(record):
        final = state
    return final.snapshot()


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[g for g, _ in GAMES])
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.lists(st.sampled_from("ffffffpd"), max_size=60))
def test_any_mix_of_steps_forward_pops_and_drops_is_the_replay_of_its_record(
    game: str, players: int, seed: int, moves: list[str]
) -> None:
    """Forward (the record's next deal or action), pop and drop in any order: the live
    state is always the record so far replayed, and the record a prefix of the game."""
    (record,) = simulate(game, players, 1, seed)
    stepper = Stepper(record)
    for move in moves:
        done = stepper.record.deals
        if move == "f":
            current = record.deals[len(done) - 1] if done else None
            if current is not None and len(done[-1].actions) < len(current.actions):
                stepper.push(current.actions[len(done[-1].actions)])
            elif len(done) < len(record.deals):
                stepper.begin(record.deals[len(done)])
        elif not done:
            with pytest.raises(IndexError):
                stepper.pop() if move == "p" else stepper.drop()
        elif move == "p":
            stepper.pop()
        else:
            dropped = stepper.drop()
            assert dropped.actions == done[-1].actions and stepper.begun == len(done) - 1
        assert stepper.state.snapshot() == _replayed(stepper)
        deals = stepper.record.deals
        assert stepper.begun == len(deals) and stepper.pushed == (len(deals[-1].actions) if deals else 0)
        for got, full in zip(deals, record.deals, strict=False):
            assert got.actions == full.actions[: len(got.actions)]


def test_a_deal_refused_for_a_missing_stock_card_changes_nothing() -> None:
    """forest turns its first forest card once the deal is made: a deal without it raised
    StockMissing from begin with the state already changed."""
    (record,) = simulate("forest", 3, 1, 5)
    stepper = Stepper(record)
    first = record.deals[0]
    before = stepper.state.snapshot()
    with pytest.raises(StockMissing):
        stepper.begin(msgspec.structs.replace(first, stock=[]))
    assert stepper.state.snapshot() == before and stepper.begun == 0
    stepper.begin(first)
    for action in first.actions:
        stepper.push(action)
    assert stepper.state.snapshot() == _replayed(stepper)


def _steps_and_outcome(record: object, **kw: bool) -> tuple[list[tuple[object, ...]], object]:
    walked = steps(record, **kw)  # type: ignore[arg-type]
    out: list[tuple[object, ...]] = []
    while True:
        try:
            deal, index, action, events, state = next(walked)
        except StopIteration as stop:
            return out, stop.value
        out.append((deal, index, action, list(events), state.snapshot()))


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_an_eventful_walk_is_the_walk_without_the_steps_that_caused_no_event(game: str, players: int) -> None:
    """``walk(..., eventful=True)`` gives each deal's start and every step with events, as
    the full walk does, and the same outcome, on whole records and on records refused
    part-way (an action swapped) or cut short."""
    records = list(simulate(game, players, 3, 5))
    for record in list(records):
        deal = record.deals[0]
        acts = list(deal.actions)
        acts[2], acts[4] = acts[4], acts[2]
        records.append(msgspec.structs.replace(record, deals=[msgspec.structs.replace(deal, actions=acts)]))
        half = msgspec.structs.replace(deal, actions=deal.actions[: len(deal.actions) // 2])
        records.append(msgspec.structs.replace(record, deals=[half, *record.deals[1:]]))
    for record in records:
        every, outcome = _steps_and_outcome(record)
        eventful, outcome_eventful = _steps_and_outcome(record, eventful=True)
        assert eventful == [s for s in every if s[2] is None or s[3]]
        assert len(eventful) < len(every)
        assert _ending(outcome_eventful) == _ending(outcome)


def _ending(outcome: Any) -> tuple[object, ...]:
    """Where and why a walk stopped (its error compared by its text)."""
    return (repr(outcome.error), outcome.deal, outcome.action, outcome.move)
