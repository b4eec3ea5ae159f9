"""The walk without steps (verification's fast path): a record's deals begun and their
actions applied in a loop that runs inside the compiled modules (see setup.py), without the
events of tricks and turns. The same rules as every walk: the games' ``begin_deal`` and
``apply``, which the stepper's walk with steps calls one at a time."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .engine import GameState, plural
from .errors import Illegal, StockMissing
from .record import Action, Deal

__all__ = ["apply_all", "next_deal_refused", "play_deals"]


def apply_all(state: GameState, actions: Sequence[Action]) -> tuple[int, Illegal | StockMissing] | None:
    """Apply ``actions`` to ``state`` in order, without building the events of tricks and
    turns (verification's fast path: the same rules, no reports). None when every action
    applied, else the index of the first one that did not and why. The state reports its
    events again afterwards, to whoever applies the next action."""
    state.emit = False
    try:
        return state.apply_run(actions)
    finally:
        state.emit = True


def next_deal_refused(state: GameState, di: int, actions_before: int) -> Illegal | None:
    """Why deal ``di`` (from 0) may not begin now, or None: the deal before it stops short
    (it had ``actions_before`` actions), or the game is over."""
    word = state.game.deal_word
    if di and not state.deal_over:
        return Illegal(
            "deal-unfinished",
            f"{word} {di} stops after {plural(actions_before, 'action')}, before its end, "
            f"yet {word} {di + 1} follows",
        )
    if state.finished and not state.game.open_ended:
        return Illegal("deal-after-end", f"the game is over after {word} {di}: no {word} may follow")
    return None


def play_deals(
    state: GameState, deals: Sequence[Deal[Any]]
) -> tuple[int, int | None, Illegal | StockMissing] | None:
    """A record's walk without steps, its loop over deals in the compiled module: begin
    each deal and :func:`apply_all` its actions. None when everything applied; else where it
    stopped (the deal; the action, None for the deal itself) and why."""
    for di in range(len(deals)):
        deal = deals[di]
        refused = next_deal_refused(state, di, len(deals[di - 1].actions) if di else 0)
        if refused is not None:
            return (di - 1 if refused.rule == "deal-unfinished" else di), None, refused
        try:
            state.begin_deal(deal)
        except (Illegal, StockMissing) as e:
            return di, None, e
        stopped = apply_all(state, deal.actions)
        if stopped is not None:
            return di, stopped[0], stopped[1]
    return None
