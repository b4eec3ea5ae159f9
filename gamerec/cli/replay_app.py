"""``gamerec replay`` on a terminal: a full-screen replayer (Textual, on the alternate
screen). The table with the cards in colour (:mod:`gamerec.cli.cards_style`), the history
as a list (click a step to go there), the score sheet so far, and a footer of keys that
fits 80 columns. Imported only when the replay runs on a terminal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ..checking.verdicts import Verdict
from ..engine import plural
from ..events import DealScored
from ..present import Step, deal_word, move
from ..record import Cards, Pass, Play
from .cards_style import card_styles, cards_text, trump_of
from .lines import clean, one_line

__all__ = ["KEYS_LINE", "ReplayApp", "run_app"]

#: the footer: every key, in at most 80 columns
KEYS_LINE = "n/→ next  b/← back  t/T trick  d/D deal  g/G first/last  : go to  q quit"

CSS = """
Screen { layout: vertical; }
#title { height: 1; background: $primary; color: $text; text-style: bold; padding: 0 1; }
#main { height: 1fr; }
#left { width: 1fr; }
#table { padding: 0 1; height: auto; }
#step { padding: 0 1; height: auto; margin-top: 1; }
#right { width: 34; }
#history { height: 1fr; border: round $secondary; }
#sheet { height: auto; max-height: 50%; border: round $secondary; padding: 0 1; scrollbar-size-vertical: 1; }
#sheet-table { height: auto; }
#keys { height: 1; background: $panel; color: $text-muted; padding: 0 1; }
#jump { display: none; }
#jump.open { display: block; }
"""


def _last_card(step: Step) -> str | None:
    """The code of the card the step played (the last of several), None if it played none."""
    a = step.action
    if type(a) is Play or type(a) is Pass or type(a) is Cards:
        return step.view.table[-1][1] if step.view.table else None
    return None


class ReplayApp(App[None]):
    """The steps of one replay, from step ``start`` (from 0)."""

    TITLE = "gamerec replay"
    AUTO_FOCUS = None  # the keys are the replay's until : opens the go-to line
    CSS = CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n,space,right,l", "go('next')", "next", show=False),
        Binding("b,left,h,p", "go('back')", "back", show=False),
        Binding("t", "go('next-trick')", "next trick", show=False),
        Binding("T,r", "go('previous-trick')", "previous trick", show=False),
        Binding("d", "go('next-deal')", "next deal", show=False),
        Binding("D,u", "go('previous-deal')", "previous deal", show=False),
        Binding("g,home", "go('first')", "first", show=False),
        Binding("G,end", "go('last')", "last", show=False),
        Binding("colon", "open_jump", "go to", show=False),
        Binding("q,Q", "quit", "quit", show=False),
        Binding("escape", "close_jump", "close", show=False),
    ]

    def __init__(self, steps: Sequence[Step], start: int, verdict: Verdict, game: str) -> None:
        super().__init__()
        self.steps = steps
        self.index = start
        self.verdict = verdict
        self.game = game
        self.styles_of = card_styles(game)
        self.deal_word = deal_word(game)
        self.sides = verdict.scores.sides if verdict.scores is not None else []
        # the scored deals up to each step: (deal, scores, totals) rows and each step's count
        self.sheet_rows: list[DealScored] = []
        self.scored: list[int] = []
        for s in steps:
            self.sheet_rows += [e for e in s.events if type(e) is DealScored]
            self.scored.append(len(self.sheet_rows))
        #: what the table shows now (the tests read its styles)
        self.table_text = Text()

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield Static(id="table")
                yield Static(id="step")
            with Vertical(id="right"):
                history = OptionList(*self._history(), id="history")
                history.can_focus = False  # the keys stay the replay's; a click still selects
                history.border_title = "History"
                yield history
                # every deal of the sheet, scrolled to the latest (a scrollbar when they do not fit)
                with VerticalScroll(id="sheet") as sheet:
                    sheet.can_focus = False
                    sheet.border_title = "Score sheet"
                    yield Static(id="sheet-table")
        yield Input(placeholder="step N, dN deal N, tN trick N of this deal (Enter; Esc closes)", id="jump")
        yield Static(Text(KEYS_LINE), id="keys")

    def _history(self) -> list[Option]:
        return [Option(Text(one_line(f"{n} {s.text}", 200))) for n, s in enumerate(self.steps, 1)]

    def on_mount(self) -> None:
        self.show(self.index)

    # -- what is shown ---------------------------------------------------------------------
    def show(self, i: int) -> None:
        self.index = i
        step = self.steps[i]
        view = step.view
        position = f"step {i + 1} of {len(self.steps)} · {self.deal_word} {step.deal + 1}"
        self.query_one("#title", Static).update(Text(f"{one_line(view.title, 200)}  ·  {position}"))
        self.table_text = self.table(step)
        self.query_one("#table", Static).update(self.table_text)
        self.query_one("#step", Static).update(self.step_words(step, i))
        self.query_one("#sheet-table", Static).update(self.sheet(i))
        history = self.query_one("#history", OptionList)
        history.highlighted = i
        # the score sheet below may have grown or shrunk with this step, and the history's
        # height with it: scroll to the step again once the new layout is made
        self.call_after_refresh(history.scroll_to_highlight)
        sheet = self.query_one("#sheet", VerticalScroll)
        self.call_after_refresh(sheet.scroll_end, animate=False, immediate=True)

    def table(self, step: Step) -> Text:
        """The seats (the marker at the seat to move, hands in colour), the game's lines
        and the cards on the table (the last one played reversed), as one Text."""
        view = step.view
        styles = self.styles_of
        trump = trump_of(view)
        width = max([len(clean(sv.name)) for sv in view.seats] + [4])
        text = Text()
        for sv in view.seats:
            mover = view.to_move == sv.seat
            text.append("▶ " if mover else "  ", style="bold yellow")
            text.append(f"{sv.seat} {clean(sv.name):<{width}}", style="bold" if mover else "")
            text.append(f" {sv.score:>5}  ", style="bold")
            text.append(clean(sv.info), style="dim")
            text.append("\n     ")
            if sv.hand is None:
                text.append("(hidden)", style="dim italic")
            else:
                text.append_text(cards_text(sv.hand, styles, trump))
            text.append("\n")
        for label, value in view.lines:
            text.append(f"{clean(label)}: ", style="bold")
            text.append_text(cards_text(value, styles, trump))
            text.append("\n")
        if view.table:
            names = {sv.seat: clean(sv.name) for sv in view.seats}
            last = _last_card(step)
            text.append("Table: ", style="bold")
            for n, (seat, code) in enumerate(view.table):
                if n == 0 or view.table[n - 1][0] != seat:
                    text.append(f"{'  ' if n else ''}{names.get(seat, seat)} ")
                else:
                    text.append(" ")
                is_last = last is not None and n == len(view.table) - 1
                text.append_text(cards_text([code], styles, trump, code if is_last else None))
        return text

    def step_words(self, step: Step, i: int) -> RenderableType:
        styles = self.styles_of
        parts: list[RenderableType] = [Text.assemble(("▸ ", "bold"), cards_text(one_line(step.text), styles))]
        for e in step.event_texts:
            parts.append(Text.assemble(("  → ", "cyan"), cards_text(one_line(e), styles)))
        if i == len(self.steps) - 1:
            v = self.verdict
            parts.append(Text(one_line(v.message()), style="bold green" if v.ok else "bold red"))
        return Group(*parts)

    def sheet(self, i: int) -> RenderableType:
        rows = self.sheet_rows[: self.scored[i]]
        if not self.sides:
            return Text("")
        t = Table(box=None, pad_edge=False, show_footer=True)
        t.add_column("", footer="Total", justify="right")
        totals = rows[-1].totals if rows else (0,) * len(self.sides)
        for side, total in zip(self.sides, totals, strict=False):
            t.add_column(Text(clean(side)), footer=Text(str(total), style="bold"), justify="right")
        for r in rows:  # every deal (the panel scrolls to the latest)
            t.add_row(str(r.deal + 1), *(str(x) for x in r.scores))
        return t

    # -- keys and clicks -------------------------------------------------------------------
    def action_go(self, where: str) -> None:
        self.show(move(self.steps, self.index, where))

    def action_open_jump(self) -> None:
        jump = self.query_one("#jump", Input)
        jump.add_class("open")
        jump.value = ""
        jump.focus()

    def action_close_jump(self) -> None:
        jump = self.query_one("#jump", Input)
        jump.remove_class("open")
        self.set_focus(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        target = self.target(event.value)
        if target is None:
            self.bell()
            self.notify(f"go to: {one_line(event.value, 40)!r}: say N (a step), dN (a deal) or tN (a trick)")
            return
        self.action_close_jump()
        self.show(target)

    def target(self, text: str) -> int | None:
        """The step ``:`` then ``text`` goes to: ``N`` step N, ``dN`` deal N, ``tN`` trick
        N of this deal (all from 1); None when it says none of these."""
        text = text.strip().lower()
        kind = text[:1] if text[:1] in ("d", "t", "s") else ""
        number = text[len(kind) :].strip()
        if not number.isdigit() or not 0 < int(number) <= 10**9:
            return None
        n = int(number)
        steps = self.steps
        if kind == "d":
            deals = sum(1 for st in steps if st.index == -1)
            if n > deals:  # (the last one, said: a jump past the end is no silent guess)
                self.notify(f"the record has {plural(deals, self.deal_word)}: the last one")
            return move(steps, self.index, "deal", deal=n)
        if kind == "t":
            here = steps[self.index].deal if steps else 0
            tricks = sum(1 for st in steps if st.deal == here and any(e.ends_trick for e in st.events))
            if n > tricks:
                self.notify(f"this {self.deal_word} has {plural(tricks, 'trick')}: its last step")
            return move(steps, self.index, "trick", trick=n)
        if n > len(steps):
            self.notify(f"the record has {plural(len(steps), 'step')}: the last one")
        return min(n, len(steps)) - 1

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.show(event.option_index)


def run_app(steps: Sequence[Step], start: int, verdict: Verdict, game: str) -> None:
    """Run the replayer full-screen until q (the terminal as it was afterwards)."""
    ReplayApp(steps, start, verdict, game).run()
