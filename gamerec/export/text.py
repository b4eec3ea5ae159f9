"""A record as a readable history: the header, every deal with its hands and actions, the
events they caused, the game's score sheet and the verdict."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from ..checking.verdicts import Verdict, verdict_of
from ..engine import Event, GameState
from ..escape import terminal_text
from ..games import get_game
from ..games.presenters import presenter
from ..present import sheet_text, step_text
from ..record import Action, Record
from ..stepper import OutcomeVisitor, walk

__all__ = ["text_export", "to_text"]


def to_text(record: Record, number: int = 1, source: str = "-") -> str:
    """A readable history: the header, every deal with its hands and actions, the events
    they caused, the game's own score sheet and the verdict. Text from the record shows
    as :func:`gamerec.escape.terminal_text` has it (no control character or escape
    sequence; a line break in a name or note as ``⏎``)."""
    return text_export(record, number, source)[0]


def text_export(record: Record, number: int, source: str) -> tuple[str, Verdict]:
    game = get_game(record.game)
    lines = [f"{game.title}: {', '.join(record.players)}"]
    m = record.meta
    info = [f"{k} {v}" for k, v in (("event", m.event), ("site", m.site), ("date", m.date),
                                     ("round", m.round), ("table", m.table)) if v]  # fmt: skip
    info += [f"{k} {v}" for k, v in sorted(m.tags.items())]
    if info:
        lines.append("; ".join(info))
    if record.rules:
        lines.append("rules: " + ", ".join(f"{k}={_json(v)}" for k, v in record.rules.items()))
    # the light steps, with a view at each deal's start alone: the only one printed
    history = _History(record, lines)
    outcome = walk(record, history)
    verdict = verdict_of(outcome, record, source, number - 1)
    assert verdict is not None
    state = outcome.state
    state_text = sheet_text(record, state)
    if state_text:
        lines += ["", "Score sheet", *state_text.split("\n")]
    lines += ["", verdict.message()]
    return "\n".join(terminal_text(line) for line in lines) + "\n", verdict


class _History(OutcomeVisitor):
    """The history's lines of each step: a deal's start with its hands and what the view
    shows, each action, the events each caused."""

    def __init__(self, record: Record, lines: list[str]) -> None:
        super().__init__()
        self.record = record
        self.lines = lines
        self.shown = presenter(record.game)

    def begin_deal(self, deal: int, events: Sequence[Event], state: GameState) -> None:
        shown, lines = self.shown, self.lines
        view = shown.view(state)
        text = step_text(shown, self.record, deal, None)
        _, _, detail = view.title.partition(" · ")
        head = text[:1].upper() + text[1:]
        lines += ["", f"{head} ({detail})" if detail else head]
        lines += [f"  {sv.name}: {' '.join(sv.hand or [])}" for sv in view.seats]
        lines += [f"  {label}: {value}" for label, value in view.lines]
        if events:
            self._events(events)

    def action(
        self, deal: int, index: int, action: Action, events: Sequence[Event], state: GameState
    ) -> None:
        self.lines.append("  " + step_text(self.shown, self.record, deal, action))
        if events:
            self._events(events)

    def _events(self, events: Sequence[Event]) -> None:
        describe, players, add = self.shown.describe, self.record.players, self.lines.append
        for e in events:
            add(f"    -> {describe(e, players)}")


def _json(value: object) -> str:
    return msgspec.json.encode(value).decode()
