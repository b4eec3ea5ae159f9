"""Each rule is written once: one predicate per rule (blackball's ``card_rule`` and
``bid_rule``, ...), asked by the three places that apply the rules: ``legal_actions``, ``verify``
(with its messages) and ``apply_run`` (the walk without steps, which plays the common
actions inline).

Two checks per game: over random states of random games, every candidate action of every
seat is accepted alike by the three (``legal_actions`` lists it, ``verify`` passes it,
``apply_run`` plays it inline to the state ``apply`` leaves, or refuses it with
``verify``'s rule and message); and, in the plain build (a compiled module calls its own
functions directly), a spy on the predicate sees all three callers ask it."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import gamerec
from gamerec.engine import GameState
from gamerec.errors import Illegal
from gamerec.games import get_game
from gamerec.games.black_swan_taroc import rules as taroc
from gamerec.games.blackball import rules as bb
from gamerec.games.forest import rules as forest
from gamerec.record import Action, Bid, Declare, Pass, Play, Pledge

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]

plain_only = pytest.mark.skipif(
    gamerec.compiled(), reason="a compiled module calls its functions directly: no spy can see the calls"
)


def states(
    game_id: str, n: int, rules: dict[str, Any] | None, seed: int, share: float = 1.0
) -> Iterator[GameState]:
    """States with a seat to move of one random game (random legal actions): each one with
    probability ``share``."""
    game = get_game(game_id)
    rng = random.Random(seed)
    pick = random.Random(-seed)
    state = game.new_state(rules or {}, NAMES[:n])
    while not state.finished:
        state.begin_deal(game.deal(state, rng))
        while not state.deal_over:
            if pick.random() < share:
                yield state
            state.apply(rng.choice(state.legal_actions()))


def refusal(state: GameState, action: Action) -> Illegal | None:
    try:
        state.verify(action)
    except Illegal as e:
        return e
    return None


def agree(state: GameState, candidates: list[Action]) -> set[str]:
    """The three callers accept the same ``candidates``; the rules of those refused."""
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal)
    assert {a for a in candidates if state.can(a)} == set(legal)
    assert set(legal) <= set(candidates)  # (the candidates hold every legal action)
    rules = set()
    before = state.snapshot()
    for action in candidates:
        fast = state.copy()
        fast.emit = False
        refused = fast.apply_run([action])
        why = refusal(state, action)
        if why is None:
            assert refused is None, action
            slow = state.copy()
            slow.emit = False
            slow.apply(action)
            assert fast.snapshot() == slow.snapshot(), action
        else:
            rules.add(why.rule)
            assert refused is not None and refused[0] == 0, action
            got = refused[1]
            assert isinstance(got, Illegal) and (got.rule, str(got)) == (why.rule, str(why)), action
            fast.emit = True
            assert fast.snapshot() == before, action
    return rules


def spy(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> list[str]:
    """Each call of ``owner.name`` from now on, by the name of the function that made it."""
    calls: list[str] = []
    real: Callable[..., Any] = getattr(owner, name)

    def spied(*args: Any) -> Any:
        caller = sys._getframe(1)
        while caller.f_code.co_name.startswith("<"):  # (a comprehension: its function's name)
            caller = caller.f_back  # type: ignore[assignment]
        calls.append(caller.f_code.co_name)
        return real(*args)

    monkeypatch.setattr(owner, name, spied)
    return calls


# -- blackball: card_rule (follow-suit, must-trump), bid_rule (bid-range, hook) ---------------
def bb_candidates(state: GameState) -> list[Action]:
    out: list[Action] = []
    for seat in range(state.n):
        out.extend(Bid(seat, t) for t in range(-1, state.size + 2))  # type: ignore[attr-defined]
        out.extend(Play(seat, c) for c in range(52))
    return out


@pytest.mark.parametrize(
    ("n", "rules", "seed"),
    [(3, {"hook": True, "must_trump": True}, 1), (4, {"must_trump": True}, 2), (5, {"hook": True}, 5)],
)
def test_blackball_the_three_callers_agree(n: int, rules: dict[str, Any], seed: int) -> None:
    seen: set[str] = set()
    pick = random.Random(seed)
    for state in states("blackball", n, rules, seed):
        dealer_bids = state.phase == bb._BIDDING and state.turn == state.dealer  # type: ignore[attr-defined]
        if dealer_bids or pick.random() < 0.15:
            seen |= agree(state, bb_candidates(state))
    assert {"follow-suit", "bid-range", "out-of-turn", "not-held"} <= seen
    assert ("hook" in seen) == rules.get("hook", False)
    assert ("must-trump" in seen) == rules.get("must_trump", False)


@plain_only
def test_blackball_the_three_callers_ask_the_one_predicate(monkeypatch: pytest.MonkeyPatch) -> None:
    cards = spy(monkeypatch, bb, "card_rule")
    bids = spy(monkeypatch, bb.BlackballState, "bid_rule")
    for state in states("blackball", 3, {"hook": True, "must_trump": True}, 4):
        action = state.legal_actions()[0]
        state.verify(action)
        state.copy().apply_run([action])
    for calls in (cards, bids):
        assert {"legal_actions", "_check_bid" if calls is bids else "_check_play", "apply_run"} <= set(calls)


# -- forest: colour_rule (follow-colour) ------------------------------------------------------
def forest_candidates(state: GameState) -> list[Action]:
    every = [*sorted(state.pool), max(state.pool) + 1]  # type: ignore[attr-defined]
    return [Play(seat, c) for seat in range(state.n) for c in every]


@pytest.mark.parametrize(("n", "rules", "seed"), [(3, None, 1), (4, None, 2), (5, {"hand_size": 13}, 3)])
def test_forest_the_three_callers_agree(n: int, rules: dict[str, Any] | None, seed: int) -> None:
    seen: set[str] = set()
    pick = random.Random(seed)
    for state in states("forest", n, rules, seed):
        if pick.random() < 0.1:
            seen |= agree(state, forest_candidates(state))
    assert {"follow-colour", "out-of-turn", "not-held"} <= seen


@plain_only
def test_forest_the_three_callers_ask_the_one_predicate(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = spy(monkeypatch, forest, "colour_rule")
    for state in states("forest", 3, None, 4):
        action = state.legal_actions()[0]
        state.verify(action)
        state.copy().apply_run([action])
    assert {"legal_actions", "_check_play", "apply_run"} <= set(calls)


# -- black-swan-taroc: kind_rule (pledge-lead), follows (follow-suit), swan_rule (swan-last) --
def taroc_candidates(state: GameState) -> list[Action]:
    """Every card passed down and played, every pledge, a kind no one plays, by the seat to
    move (one past each end of the deck and of the pledges too); a card by another seat."""
    seat = state.turn  # type: ignore[attr-defined]
    every = range(-1, len(taroc.DECK.codes) + 1)
    out: list[Action] = [Pass(seat, c) for c in every]
    out += [Play(seat, c) for c in every]
    out += [Pledge(seat, k) for k in range(-1, 4)]
    out += [Declare(seat), Play((seat + 1) % state.n, 0)]
    return out


@pytest.mark.parametrize(
    ("n", "rules", "seed"),
    [(2, None, 1), (3, {"trumps": "affiliated"}, 2), (4, None, 3), (6, {"trumps": "all"}, 4)],
)
def test_taroc_the_three_callers_agree(n: int, rules: dict[str, Any] | None, seed: int) -> None:
    seen: set[str] = set()
    for state in states("black-swan-taroc", n, rules, seed, share=0.2):
        seen |= agree(state, taroc_candidates(state))
    assert {"follow-suit", "swan-last", "pledge-lead", "wrong-action", "out-of-turn", "not-held"} <= seen


@plain_only
def test_taroc_the_three_callers_ask_the_one_predicate(monkeypatch: pytest.MonkeyPatch) -> None:
    kinds = spy(monkeypatch, taroc, "kind_rule")
    suits = spy(monkeypatch, taroc, "follows")
    swans = spy(monkeypatch, taroc, "swan_rule")
    for state in states("black-swan-taroc", 4, None, 4):
        action = state.legal_actions()[0]
        state.verify(action)
        state.copy().apply_run([action])
    for calls in (kinds, suits):
        assert {"choices", "_check", "apply_run"} <= set(calls)
    # (the fast path hands the Swan to apply, whose _check asks swan_rule)
    assert {"choices", "_check"} <= set(swans)
