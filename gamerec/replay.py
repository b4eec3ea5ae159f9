"""The stepper: a record replayed by its rules, one deal and one action at a time. It is
the one replay core: verification (:mod:`gamerec.verify`), the exports, the recorder and
the replay for people (:mod:`gamerec.present`) all walk a record through it.

Each step is light: the deal and action numbers, the action, the events it caused and
the live state; views and texts are made by :mod:`gamerec.present` when asked for.

>>> from gamerec.simulate import simulate
>>> record = next(simulate("blackball", players=3, games=1, seed=1))
>>> steps = walk(record, steps=True)
>>> deal, index, action, events, state = next(steps)
>>> deal, index, action, [type(e).__name__ for e in events]
(0, -1, None, [])
>>> outcome = run(record)
>>> outcome.error is None, outcome.state.finished
(True, True)
"""

from __future__ import annotations

from collections.abc import Generator, Sequence

import msgspec

from .engine import Event, GameState, apply_all, plural
from .errors import FormatError, Illegal, StockMissing
from .games import get_game
from .record import Action, Record

__all__ = ["Outcome", "StepTuple", "Walk", "run", "walk"]


class Outcome(msgspec.Struct):
    """How a walk through a record ended: ``error`` is the Illegal or StockMissing that
    stopped it, with ``deal``/``action`` (from 0) and the action."""

    state: GameState | None
    error: Illegal | StockMissing | None = None
    deal: int | None = None
    action: int | None = None
    move: Action | None = None


# a step of a walk: deal index, action index (-1 for the deal's start), action, events,
# and the state after it
StepTuple = tuple[int, int, Action | None, Sequence[Event], GameState]
Walk = Generator[StepTuple, None, Outcome]


def walk(record: Record, steps: bool = False, start: tuple[int, GameState] | None = None) -> Walk:
    """Replay ``record`` by its rules. With ``steps``, yield every step; return the
    :class:`Outcome`. The one driver behind verify, replay, score and export.

    ``start`` is ``(k, state)``: go on from ``state``, the state after the record's first
    ``k`` deals (the recorder keeps one, so that a step costs one deal, not the game);
    ``state`` is played on."""
    if start is None:
        try:
            game = get_game(record.game)
            state = game.new_state(record.rules, record.players)
        except (Illegal, FormatError) as e:
            err = e if isinstance(e, Illegal) else Illegal("game", e.message)
            return Outcome(None, err)
        first = 0
    else:
        first, state = start
        game = state.game
    for di in range(first, len(record.deals)):
        deal = record.deals[di]
        if di and not state.deal_over:
            prev = record.deals[di - 1]
            word = game.deal_word
            return Outcome(
                state,
                Illegal(
                    "deal-unfinished",
                    f"{word} {di} stops after {plural(len(prev.actions), 'action')}, before its end, "
                    f"yet {word} {di + 1} follows",
                ),
                di - 1,
            )
        if state.finished and not game.open_ended:
            word = game.deal_word
            return Outcome(
                state,
                Illegal("deal-after-end", f"the game is over after {word} {di}: no {word} may follow"),
                di,
            )
        events: Sequence[Event]
        try:
            events = state.begin_deal(deal)
        except (Illegal, StockMissing) as e:
            return Outcome(state, e, di)
        if steps:
            yield di, -1, None, events, state
            for ai, action in enumerate(deal.actions):
                try:
                    events = state.apply(action)
                except (Illegal, StockMissing) as e:
                    return Outcome(state, e, di, ai, action)
                yield di, ai, action, events, state
        else:
            stopped = apply_all(state, deal.actions)  # nobody reads the events: the rules alone
            if stopped is not None:
                ai, why = stopped
                return Outcome(state, why, di, ai, deal.actions[ai])
    return Outcome(state)


def run(record: Record, start: tuple[int, GameState] | None = None) -> Outcome:
    """Walk ``record`` without steps (from ``start``, as :func:`walk` says) and return how
    it ended."""
    gen = walk(record, start=start)
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        result: Outcome = stop.value
        return result
