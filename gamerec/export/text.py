"""A record as a readable history: the header, every deal with its hands and actions, the
events they caused, the game's score sheet and the verdict."""

from __future__ import annotations

import msgspec

from ..escape import terminal_text
from ..format.record import Record
from ..games import get_game
from ..games.views import presenter
from ..present import sheet_text, step_text
from ..stepper import Outcome, steps
from ..verdicts import Verdict, verdict_of

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
    shown = presenter(game.id)
    players = record.players
    describe = shown.describe
    gen = steps(record)
    while True:
        try:
            di, _, action, events, st = next(gen)
        except StopIteration as stop:
            outcome: Outcome = stop.value
            break
        text = step_text(shown, record, di, action)
        if action is None:
            view = shown.view(st)
            lines.append("")
            _, _, detail = view.title.partition(" · ")
            head = text[:1].upper() + text[1:]
            lines.append(f"{head} ({detail})" if detail else head)
            for sv in view.seats:
                lines.append(f"  {sv.name}: {' '.join(sv.hand or [])}")
            for label, value in view.lines:
                lines.append(f"  {label}: {value}")
        else:
            lines.append(f"  {text}")
        for e in events:
            lines.append(f"    -> {describe(e, players)}")
    verdict = verdict_of(outcome, record, source, number - 1)
    assert verdict is not None
    state = outcome.state
    state_text = sheet_text(record, state)
    if state_text:
        lines += ["", "Score sheet", *state_text.split("\n")]
    lines += ["", verdict.message()]
    return "\n".join(terminal_text(line) for line in lines) + "\n", verdict


def _json(value: object) -> str:
    return msgspec.json.encode(value).decode()
