"""The views of a replay's steps are made each from the one before (the presenters'
Viewer: only the seats a step may change, the lasting parts only at a deal's start or
when a step causes events). Whatever they share, every step's view equals the view made
afresh from its state at that step, with ``seat`` the other hands hidden; and the text
export, which makes views only at the deals' starts, is what the steps say."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from helpers import bot_names
from hypothesis import given
from hypothesis import strategies as st

from gamerec.bots import simulate
from gamerec.engine import action_text
from gamerec.export import to_text
from gamerec.games import get_game
from gamerec.games.presenters import presenter
from gamerec.present import Replay
from gamerec.record import Bid, Cards, Declare, Pass, Play, Pledge
from gamerec.stepper import steps
from gamerec.view import View

RULES: dict[str, list[dict[str, Any]]] = {
    "blackball": [{}, {"schedule": "7-1-7", "hook": True, "must_trump": True}],
    "forest": [{}, {"max_number": 5, "hand_size": 3}, {"max_number": 7}],
    "black-swan-2012": [{"target": 60}, {"target": 80, "swan_declaration": True, "joker_triple": True}],
    "black-swan-taroc": [{}, {"trumps": "affiliated"}, {"trumps": "all"}],
}


@st.composite
def records(draw: st.DrawFn) -> tuple[Any, int | None]:
    game_id = draw(st.sampled_from(sorted(RULES)))
    game = get_game(game_id)
    players = draw(st.integers(game.min_players, min(game.max_players, 5)))
    rules = draw(st.sampled_from(RULES[game_id]))
    bot = draw(st.sampled_from(bot_names(game_id)))
    record = next(simulate(game_id, players, 1, draw(st.integers(0, 10**6)), bot=bot, rules=rules))
    seat = draw(st.none() | st.integers(0, players - 1))
    return record, seat


def hidden(view: View, seat: int | None) -> View:
    if seat is None:
        return view
    seats = [sv if sv.seat == seat else msgspec.structs.replace(sv, hand=None) for sv in view.seats]
    return msgspec.structs.replace(view, seats=seats)


def fresh_views(record: Any, seat: int | None) -> list[View]:
    """Every step's view made afresh from its state, as it is at that step."""
    shown = presenter(record.game)
    return [hidden(shown.view(state), seat) for *_, state in steps(record)]


@given(records())
def test_every_step_view_equals_the_view_made_afresh(case: tuple[Any, int | None]) -> None:
    record, seat = case
    steps = list(Replay(record, seat=seat))  # all kept: a later step must not change an earlier view
    expected = fresh_views(record, seat)
    assert len(steps) == len(expected)
    for i, (step, view) in enumerate(zip(steps, expected, strict=True)):
        assert step.view == view, f"step {i} (deal {step.deal}, action {step.index}): {step.text}"


@pytest.mark.parametrize("game_id", sorted(RULES))
def test_every_game_and_table_size_steps_like_fresh_views(game_id: str) -> None:
    """Besides the examples above: every table size and rule set of each game, both bots."""
    game = get_game(game_id)
    for players in range(game.min_players, game.max_players + 1):
        for i, rules in enumerate(RULES[game_id]):
            for bot in bot_names(game_id):
                record = next(simulate(game_id, players, 1, players * 10 + i, bot=bot, rules=rules))
                for seat in (None, players - 1):
                    views = [step.view for step in Replay(record, seat=seat)]
                    assert views == fresh_views(record, seat), (players, rules, bot, seat)


@given(records())
def test_the_text_export_says_what_the_steps_say(case: tuple[Any, int | None]) -> None:
    record, _ = case
    text = to_text(record)
    for step in Replay(record):
        assert f"  {step.text}\n" in text or step.action is None
        for e in step.event_texts:
            assert f"    -> {e}\n" in text


def test_views_are_frozen() -> None:
    step = next(iter(Replay(next(simulate("blackball", 3, 1, 1)))))
    try:
        step.view.seats[0].hand = None  # type: ignore[misc]
    except AttributeError:
        pass
    else:  # pragma: no cover - the views are shared between steps: they may not change
        raise AssertionError("a SeatView could be changed")


@given(st.data())
def test_hands_from_counts_list_every_card_held_in_card_order(data: st.DataObject) -> None:
    from gamerec.games.black_swan_2012 import presenter as black_swan_2012_view
    from gamerec.games.black_swan_taroc import presenter as black_swan_taroc_view

    for module in (black_swan_2012_view, black_swan_taroc_view):
        codes = module._CODES
        counts = data.draw(st.lists(st.integers(0, 2), min_size=len(codes), max_size=len(codes)))
        expected = [codes[c] for c in range(len(codes)) for _ in range(counts[c])]
        assert module._hand_codes(counts, sum(counts)) == expected


actions = st.one_of(
    st.builds(Bid, st.integers(-1, 7), st.integers(-3, 20)),
    st.builds(Play, st.integers(-1, 7), st.integers(-3, 120)),
    st.builds(Pass, st.integers(-1, 7), st.integers(-3, 120)),
    st.builds(Cards, st.integers(-1, 7), st.lists(st.integers(-3, 120), max_size=4)),
    st.builds(Declare, st.integers(-1, 7)),
    st.builds(Pledge, st.integers(-1, 7), st.integers(-1, 4)),
)


@given(st.sampled_from(sorted(RULES)), actions)
def test_actions_in_words_are_the_notation_words(game_id: str, action: Any) -> None:
    """The presenters' straight paths for the common actions say what action_text says."""
    players = ["Ann", "Bo", "Cy"]
    seat = action.seat
    name = players[seat] if 0 <= seat < len(players) else f"seat {seat}"
    expected = f"{name} {action_text(action, get_game(game_id).deck)}"
    assert presenter(game_id).describe_action(action, players) == expected
