"""Atomic engine steps (issue 13, item 1): ``GameState.apply`` either plays an action
completely or raises (Illegal, StockMissing) before it changes anything, and
``GameState.copy()`` gives an independent state.

"The same state" is :meth:`GameState.snapshot` (every attribute of the state, deep-copied)
compared with ``==``: hands, trick, scores, stock and its position, counters and all.
"""

from __future__ import annotations

import contextlib
import copy
import random
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from helpers import bot_action, bot_names
from hypothesis import HealthCheck, event, given, note, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from gamerec.bots import simulate
from gamerec.errors import Illegal, StockMissing
from gamerec.games import get_game
from gamerec.record import Action, Bid, Cards, Deal, Declare, Pass, Play, Pledge

FEW = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: the actions a playout tries per game (the draws of a longer game are as good as these)
MAX_ACTIONS = 160
KINDS: list[type[Action]] = [Bid, Play, Cards, Declare, Pass, Pledge]


@st.composite
def setup_st(draw: st.DrawFn, game_id: str) -> tuple[int, dict[str, Any], str, int]:
    """Players, rules, bot and seed of one playout."""
    game = get_game(game_id)
    n = draw(st.integers(game.min_players, game.max_players), label="players")
    rules: dict[str, Any] = {}
    if game_id == "blackball":
        rules = {
            "schedule": draw(st.sampled_from(["1-7-1", "7-1-7"])),
            "hook": draw(st.booleans()),
            "must_trump": draw(st.booleans()),
        }
    elif game_id == "forest":
        size = draw(st.sampled_from([0, 1, 2, 3, 5]), label="hand_size")
        rules = {"hand_size": size} if size else {}
    elif game_id == "black-swan-2012":
        rules = {"swan_declaration": draw(st.booleans()), "joker_triple": draw(st.booleans())}
    else:
        rules = {"trumps": draw(st.sampled_from(["none", "affiliated", "all"]))}
    bot = draw(st.sampled_from(bot_names(game.id)), label="bot")
    return n, rules, bot, draw(st.integers(0, 2**32 - 1), label="seed")


def mutants(state: Any, action: Action, rng: random.Random) -> list[Action]:
    """Actions near ``action``: another seat, other values of its fields (a card, a bid, a
    pledge, a list of cards), another kind of action (the game's or not), junk values."""
    n = state.n
    deck = len(state.game.deck.codes)
    out: list[Action] = [msgspec.structs.replace(action, seat=rng.choice([-1, *range(n + 1)]))]  # type: ignore[type-var]
    for name in action.__struct_fields__:
        if name in ("seat", "note"):
            continue
        value = getattr(action, name)
        if isinstance(value, list):
            cards = list(value)
            k = rng.randrange(5)
            if k == 0 and cards:
                cards.pop(rng.randrange(len(cards)))
            elif k == 1:
                cards.append(rng.randrange(deck))
            elif k == 2 and cards:
                cards[rng.randrange(len(cards))] = rng.choice([rng.randrange(deck), -1, deck])
            elif k == 3 and cards:
                cards.append(cards[0])
            else:
                cards = [] if rng.random() < 0.5 else [rng.randrange(deck) for _ in range(rng.randint(1, 7))]
            out.append(msgspec.structs.replace(action, **{name: cards}))  # type: ignore[type-var]
        else:
            new = rng.choice([value - 1, value + 1, rng.randrange(deck), -1, deck, 10**6])
            out.append(msgspec.structs.replace(action, **{name: new}))  # type: ignore[type-var]
    kind = rng.choice(KINDS)
    value: Any = rng.choice([rng.randrange(deck), -1, rng.randrange(3)])
    seat = action.seat if rng.random() < 0.8 else rng.randrange(n)  # type: ignore[attr-defined]
    if kind is Declare:
        out.append(Declare(seat))
    elif kind is Cards:
        out.append(Cards(seat, [rng.randrange(deck) for _ in range(rng.randint(0, 3))]))
    else:
        out.append(kind(seat, value))  # type: ignore[call-arg]
    rng.shuffle(out)
    return out


def bad_deals(state: Any, deal: Deal[Any], rng: random.Random) -> Iterator[Deal[Any]]:
    """Deals the rules refuse: a card dealt twice, a hand short, a seat that is none."""
    n = state.n
    d = copy.deepcopy(deal)
    a, b = rng.sample(range(n), 2)
    d.hands[a][rng.randrange(len(d.hands[a]))] = d.hands[b][0]
    yield d
    d = copy.deepcopy(deal)
    d.hands[rng.randrange(n)].pop()
    yield d
    d = copy.deepcopy(deal)
    d.dealer = rng.choice([-1, n])
    yield d


def say(text: str) -> None:
    """A note for hypothesis's report of a failing example (none outside hypothesis)."""
    with contextlib.suppress(InvalidArgument):
        note(text)


def refused(state: Any, action: Action) -> Illegal | StockMissing | None:
    """Apply ``action``; when the rules refuse it, check that nothing changed and say why."""
    before = state.copy()
    snap = state.snapshot()
    assert before.snapshot() == snap
    try:
        state.apply(action)
    except (Illegal, StockMissing) as e:
        say(f"refused {action!r}: {e}")
        assert state.snapshot() == snap, f"{action!r} changed the state before it raised {e!r}"
        assert state.snapshot() == before.snapshot()
        return e
    return None


def reveal(state: Any, action: Action, full: list[int]) -> None:
    """The stock cards come to light one by one (a trick may need several): ``action``,
    refused for the first missing one, plays once they are there."""
    for card in full[len(state.stock) :]:
        state.stock.append(card)
        why = refused(state, action)
        if why is None:
            return
        assert isinstance(why, StockMissing)
    raise AssertionError(f"{action!r} refused with the whole stock")


def playout(game_id: str, n: int, rules: dict[str, Any], bot: str, seed: int) -> dict[str, int]:
    """A random playout, stock cut short at random, with mutated actions and deals tried
    on the way; counts of what happened."""
    game = get_game(game_id)
    rng = random.Random(seed)
    state: Any = game.new_state(game.filled_rules(rules, n), [f"P{i}" for i in range(n)])
    counts = {"refused": 0, "stock": 0, "copies": 0, "actions": 0}
    actions = 0
    while not state.finished and actions < MAX_ACTIONS:
        deal = game.deal(state, rng)
        full = list(deal.stock)
        if full and not game.stock_with_deal and rng.random() < 0.7:
            deal.stock = full[: rng.randint(1, len(full))]  # (the first forest card is known)
        for bad in bad_deals(state, deal, rng):
            snap = state.snapshot()
            with pytest.raises(Illegal):
                state.begin_deal(bad)
            assert state.snapshot() == snap
            counts["refused"] += 1
        state.begin_deal(deal)
        while not state.deal_over and actions < MAX_ACTIONS:
            action = bot_action(game.id, bot, state, rng)
            tries = mutants(state, action, rng) if rng.random() < 0.5 else []
            for bad in [*tries, action]:
                snap = state.snapshot()
                assert state.can(bad) in (True, False) and state.snapshot() == snap  # verify changes nothing
                why = refused(state, bad)
                if why is None:
                    break
                counts["refused"] += 1
                if isinstance(why, StockMissing):
                    # the card comes to light: the same action now plays
                    counts["stock"] += 1
                    reveal(state, bad, full)
                    break
            else:
                raise AssertionError(f"the bot's own {action!r} was refused")
            actions += 1
            if rng.random() < 0.1 and not state.deal_over:
                # a copy plays on as the state does; and either may go on
                twin = state.copy()
                assert twin.snapshot() == state.snapshot()
                nxt = bot_action(game.id, bot, state, random.Random(actions))
                e1 = refused(state, nxt)
                e2 = refused(twin, nxt)
                assert type(e1) is type(e2) and twin.snapshot() == state.snapshot()
                if e1 is not None:  # a stock card the record stops before: revealed to both
                    assert isinstance(e1, StockMissing)
                    reveal(state, nxt, full)
                    reveal(twin, nxt, full)
                assert twin.snapshot() == state.snapshot()
                counts["copies"] += 1
                state = twin if rng.random() < 0.5 else state
                actions += 1
    counts["actions"] = actions
    return counts


GAMES = ["blackball", "forest", "black-swan-2012", "black-swan-taroc"]


@pytest.mark.parametrize("game_id", GAMES)
@FEW
@given(st.data())
def test_a_refused_action_or_deal_changes_nothing(game_id: str, data: st.DataObject) -> None:
    n, rules, bot, seed = data.draw(setup_st(game_id), label="setup")
    counts = playout(game_id, n, rules, bot, seed)
    event(f"{game_id}: refused a stock card" if counts["stock"] else f"{game_id}: stock enough")
    assert counts["refused"] and counts["actions"]


# -- copies ----------------------------------------------------------------------------------
def containers(value: Any, seen: dict[int, str], path: str) -> None:
    """The ids of every mutable container reachable from ``value``."""
    if isinstance(value, (list, set, dict, bytearray)):
        seen[id(value)] = path
        items = value.items() if isinstance(value, dict) else enumerate(value)
        if not isinstance(value, (set, bytearray)):
            for k, v in items:
                containers(v, seen, f"{path}[{k!r}]")
    elif isinstance(value, tuple):
        for k, v in enumerate(value):
            containers(v, seen, f"{path}[{k}]")


def state_containers(state: Any) -> dict[int, str]:
    seen: dict[int, str] = {}
    for name, value in state.__getstate__().items():
        containers(value, seen, name)
    return seen


@pytest.mark.parametrize("game_id", GAMES)
def test_a_copy_shares_no_container_and_plays_alone(game_id: str) -> None:
    game = get_game(game_id)
    (record,) = simulate(game_id, game.min_players + 1, 1, seed=3)
    deal = record.deals[0]
    state: Any = game.new_state(record.rules, record.players)
    state.begin_deal(deal)
    half = len(deal.actions) // 2
    for action in deal.actions[:half]:
        state.apply(action)
    twin = state.copy()
    assert type(twin) is type(state) and twin.snapshot() == state.snapshot()
    shared = set(state_containers(state)) & set(state_containers(twin))
    assert not shared, [state_containers(state)[i] for i in shared]
    snap = state.snapshot()
    for action in deal.actions[half:]:
        twin.apply(action)
    assert state.snapshot() == snap  # the original did not move
    assert twin.deal_over and not state.deal_over


# -- the reproductions: a stock card missing after the state had changed ----------------------
def stopped(game_id: str, seed: int, cut: int) -> tuple[Any, Action, list[int], list[Action]]:
    """A simulated 4-player game whose first deal's stock stops after ``cut`` cards: the
    state just before the action the rules refuse for it, that action, the whole stock,
    and the actions after it."""
    game = get_game(game_id)
    (record,) = simulate(game_id, 4, 1, seed=seed)
    deal = copy.deepcopy(record.deals[0])
    full = list(deal.stock)
    deal.stock = full[:cut]
    state: Any = game.new_state(record.rules, record.players)
    state.begin_deal(deal)
    for i, action in enumerate(deal.actions):
        try:
            state.apply(action)
        except StockMissing:
            return state, action, full, deal.actions[i + 1 :]
    raise AssertionError("the stock was enough")


@pytest.mark.parametrize(
    ("game_id", "cut", "message"),
    [
        ("forest", 2, "trick 3 of round 1 turns card 3 of the forest stock"),
        ("black-swan-taroc", 5, "draws card 6 of the draw pile"),
    ],
)
def test_a_missing_stock_card_leaves_the_state_as_it_was(game_id: str, cut: int, message: str) -> None:
    state, action, full, rest = stopped(game_id, 1, cut)
    snap = state.snapshot()
    with pytest.raises(StockMissing, match=message):
        state.apply(action)
    # before the fix: the card had left the hand and the trick was taken (forest), or the
    # trick was captured and some players had drawn (black-swan-taroc)
    assert state.snapshot() == snap
    assert state.to_move == action.seat  # type: ignore[attr-defined]
    # the cards revealed, the same action plays, and the deal ends as the whole record's
    reveal(state, action, full)
    game = get_game(game_id)
    whole: Any = game.new_state(state.rules, state.players)
    (record,) = simulate(game_id, 4, 1, seed=1)
    whole.begin_deal(record.deals[0])
    for a in record.deals[0].actions:
        whole.apply(a)
    state.stock[:] = full
    for a in rest:
        state.apply(a)
    assert state.snapshot() == whole.snapshot()
