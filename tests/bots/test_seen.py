"""What a seat sees (:class:`gamerec.seen.Seen`) is what the seat can know, and all of it: two
positions that differ only in cards the seat has not seen (another seat's unplayed cards,
swapped between two other hands), and that a replay shown to that seat shows alike (the
hidden cards may change what everyone sees: black-swan-taroc hands a pledge to the lowest
card), give the seat equal ``Seen`` and equal legal actions; and its own hand, the table
and the scores are the state's. A ``Seen`` encodes to JSON and back
as the game's own Struct (a tagged union by game id)."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from gamerec.bots import simulate
from gamerec.engine import played_cards
from gamerec.errors import Illegal
from gamerec.games import GAMES, get_spec
from gamerec.games.presenters import presenter
from gamerec.record import Deal, Record
from gamerec.view import View

GAMES_ = sorted(GAMES)


def seats(game: str) -> Any:
    found = get_spec(game).seats()
    assert found is not None
    return found


def replayed(record: Record, deal_index: int, hands: list[list[int]] | None, upto: int) -> Any:
    """The state of ``record`` after ``upto`` actions of deal ``deal_index`` (its hands
    replaced by ``hands``), or None when those actions are not legal with them."""
    game = GAMES[record.game]
    state = game.new_state(record.rules, record.players)
    for i, deal in enumerate(record.deals[: deal_index + 1]):
        if i == deal_index and hands is not None:
            deal = msgspec.structs.replace(deal, hands=hands)
        state.begin_deal(deal)
        actions = deal.actions if i < deal_index else deal.actions[:upto]
        for action in actions:
            try:
                state.apply(action)
            except Illegal:
                return None
    return state


def shown_to(state: Any, seat: int) -> View:
    """The replay's view of ``state`` as ``seat`` is shown it (the other hands hidden)."""
    view = presenter(state.game.id).view(state)
    hidden = [sv if sv.seat == seat else msgspec.structs.replace(sv, hand=None) for sv in view.seats]
    return msgspec.structs.replace(view, seats=hidden)


@pytest.mark.parametrize("game", GAMES_)
def test_cards_the_seat_has_not_seen_change_nothing_it_sees(game: str) -> None:
    rng = random.Random(game)
    compared = 0
    for record in simulate(game, 3, 4, seed=11, bot="random"):
        for _ in range(30):
            d = rng.randrange(len(record.deals))
            deal: Deal[Any] = record.deals[d]
            if not deal.actions:
                continue
            k = rng.randrange(len(deal.actions))
            state = replayed(record, d, None, k)
            seat = state.to_move
            shown = {c for a in deal.actions[:k] for c in played_cards(a)}
            others = [s for s in range(len(record.players)) if s != seat]
            a, b = rng.sample(others, 2)
            xs = [c for c in deal.hands[a] if c not in shown]
            ys = [c for c in deal.hands[b] if c not in shown and c not in deal.hands[a]]
            if not xs or not ys:
                continue
            x, y = rng.choice(xs), rng.choice(ys)
            hands = [list(h) for h in deal.hands]
            hands[a][hands[a].index(x)] = y
            hands[b][hands[b].index(y)] = x
            twin = replayed(record, d, hands, k)
            if twin is None:  # (an earlier play of a or b is no longer legal with the swap)
                continue
            if shown_to(state, seat) != shown_to(twin, seat):
                continue
            sp = seats(game)
            before = deal.actions[:k]
            assert sp.seen(state, seat, before) == sp.seen(twin, seat, before)
            assert list(sp.offered(state)) == list(sp.offered(twin))
            compared += 1
    assert compared > 20


@pytest.mark.parametrize("game", GAMES_)
def test_a_seat_sees_its_own_hand_and_the_scores(game: str) -> None:
    record = next(simulate(game, 3, 1, seed=2, bot="random"))
    deal = record.deals[-1]
    state = replayed(record, len(record.deals) - 1, None, len(deal.actions) // 2)
    sp = seats(game)
    for seat in range(3):
        seen = sp.seen(state, seat, deal.actions[: len(deal.actions) // 2])
        assert seen.seat == seat and seen.players == tuple(record.players)
        assert seen.deal == len(record.deals) - 1
        assert seen.totals == tuple(state.totals)
        assert list(seen.hand) == sorted(seen.hand)
        played = {
            c for a in deal.actions[: len(deal.actions) // 2] if a.seat == seat for c in played_cards(a)
        }
        kept = [c for c in deal.hands[seat] if c not in played]
        assert set(kept) <= set(seen.hand)


@pytest.mark.parametrize("game", GAMES_)
def test_a_seen_encodes_as_its_game_s_struct(game: str) -> None:
    captured: list[Any] = []

    class Keep:
        def act(self, seen: Any, legal: Any, rng: random.Random) -> Any:
            captured.append(seen)
            return legal[rng.randrange(len(legal))]

    next(simulate(game, 3, 1, seed=1, bot=Keep))
    kind = type(captured[0])
    for seen in captured[:: max(1, len(captured) // 20)]:
        data = msgspec.json.encode(seen)
        assert msgspec.json.decode(data)["game"] == game
        back = msgspec.json.decode(data, type=kind)
        assert msgspec.json.encode(back) == data
