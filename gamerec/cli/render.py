"""Rich rendering of library results. Every piece of text goes in as rich Text (never as
markup) through :func:`clean` (:func:`gamerec.escape.terminal_text`), so a player's name, a
note or a file name cannot restyle, retitle, clear or take over the terminal, nor fake a
line of output."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING

import msgspec
from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.text import Text

from ..escape import csv_table
from .lines import Line, clean, one_line

if TYPE_CHECKING:  # the tables and panels import rich's modules when first made
    from rich.panel import Panel
    from rich.table import Table

    from ..checking.verdicts import ScoreSheet, Verdict
    from ..format.listing import Listing
    from ..present import Step
    from ..tables.standings import PlayerStanding, Standings
    from ..view import View


def plain(text: str, style: str = "") -> Text:
    return Text(clean(text), style=style)


def score_table(v: Verdict, sheet: ScoreSheet, deal_word: str) -> Table:
    from rich.table import Table

    title = f"{v.source} · record {v.record}"
    if v.game:
        title += f" · {v.game}"
    t = Table(title=plain(title), title_justify="left", show_footer=True)
    t.add_column(plain(deal_word.capitalize()), footer=plain("Total"), justify="right")
    for i, side in enumerate(sheet.sides):
        t.add_column(plain(side), footer=Text(str(sheet.totals[i]), style="bold"), justify="right")
    for d, row in enumerate(sheet.deals, 1):
        t.add_row(str(d), *(str(x) for x in row))
    if sheet.complete:
        names = " and ".join(sheet.sides[w] for w in sheet.winners)
        many = len(sheet.winners) > 1
        t.caption = plain(f"Winner{'s (shared)' if many else ''}: {names}")
    else:
        t.caption = Text(one_line(f"{v.status}: {v.reason}" if v.reason else v.status))
    t.caption_justify = "left"
    return t


def view_panel(step: Step, position: str, footer: str | None = None) -> Panel:
    from rich.panel import Panel
    from rich.table import Table

    view: View = step.view
    seats = Table(show_header=True, box=None, pad_edge=False)
    seats.add_column("")
    seats.add_column("Player")
    seats.add_column("Hand")
    seats.add_column("")
    seats.add_column("Score", justify="right")
    for sv in view.seats:
        marker = "▶" if view.to_move == sv.seat else ""
        hand = "(hidden)" if sv.hand is None else " ".join(sv.hand)
        seats.add_row(marker, plain(f"{sv.seat} {sv.name}"), plain(hand), plain(sv.info), str(sv.score))
    parts: list[RenderableType] = [seats]
    info = Table(show_header=False, box=None, pad_edge=False)
    info.add_column(style="bold")
    info.add_column()
    for label, value in view.lines:
        info.add_row(plain(label), plain(value))
    if view.table:
        text = "  ".join(f"{name}: {' '.join(cards)}" for name, cards in view.plays())
        info.add_row("Table", plain(text))
    parts.append(info)
    parts.append(plain(step.text, style="bold"))
    for e in step.event_texts:
        parts.append(plain("  → " + e, style="cyan"))
    if footer:
        parts.append(plain(footer, style="dim"))
    return Panel(Group(*parts), title=plain(view.title), subtitle=plain(position), subtitle_align="right")


def games_table(rows: Sequence[dict[str, object]]) -> Group:
    """One small table per game: its options with their defaults, values and meaning."""
    from rich import box
    from rich.table import Table

    parts: list[RenderableType] = []
    for g in rows:
        head = plain(f"{g['id']}", style="bold")
        head.append(clean(f"  {g['title']} · {g['min_players']}-{g['max_players']} players"), style="")
        actions = g.get("actions")
        if isinstance(actions, list):
            head.append(clean(f" · actions: {', '.join(map(str, actions))}"), style="dim")
        t = Table(box=box.SIMPLE, pad_edge=False, show_edge=False)
        t.add_column("Option", no_wrap=True)
        t.add_column("Default", no_wrap=True)
        t.add_column("Values")
        t.add_column("Meaning", ratio=1)
        options = g["options"]
        assert isinstance(options, list)
        for o in options:
            t.add_row(
                plain(str(o["name"])),
                plain(msgspec.json.encode(o["default"]).decode()),
                plain(str(o["values"])),
                plain(str(o["description"])),
            )
        parts += [head, t, Text("")]
    return Group(*parts)


def standings_table(game_id: str, rows: Sequence[PlayerStanding]) -> Table:
    from rich.table import Table

    from ..tables.standings import wins_text

    t = Table(title=plain(f"Standings · {game_id}"), title_justify="left")
    t.add_column("#", justify="right")
    t.add_column("Player")
    for name in ("Games", "Wins", "Total", "Mean", "Best"):
        t.add_column(name, justify="right")
    for p in rows:
        best = "" if p.best is None else str(p.best)
        t.add_row(
            str(p.rank), plain(p.player), str(p.games), wins_text(p.wins), str(p.total), f"{p.mean:.1f}", best
        )
    return t


STANDINGS_COLUMNS = ("game", "rank", "player", "games", "wins", "total", "mean", "best")


def standings_csv(result: Standings) -> str:
    """The standings as CSV, one row per game and player, written by
    :func:`gamerec.escape.csv_table` (text inert, formulas neutralised)."""
    rows = (
        [
            game_id,
            p.rank,
            p.player,
            p.games,
            Decimal(f"{p.wins:.3f}"),
            p.total,
            Decimal(f"{p.mean:.3f}"),
            p.best,
        ]
        for game_id, players in result.games.items()
        for p in players
    )
    return csv_table(STANDINGS_COLUMNS, rows)


LISTING_HEADER = ("FILE", "#", "GAME", "PLAYERS", "DATE", "EVENT", "DEALS", "ACTIONS", "HASH")
_RIGHT = {"#", "DEALS", "ACTIONS"}


def listing_row(item: Listing) -> list[str]:
    """The cells of one record in ``gamerec ls`` (each one line, inert, cut to a length)."""
    cells = [
        item.source,
        str(item.index + 1),
        item.game or "?",
        ", ".join(item.players),
        item.date or "-",
        item.event or "-",
        str(item.deals),
        str(item.actions),
        item.hash or "-",
    ]
    return [one_line(c) for c in cells]


#: the rows ``gamerec ls`` reads before it lays out its columns: their widths come from the
#: header and these rows, so that a listing holds this many rows at most, however long
LOOKAHEAD = 1024


def listing_lines(rows: Iterable[list[str]], lookahead: int | None = None) -> Iterator[Line]:
    """``gamerec ls``: a header row, then one line per record, each column aligned (numbers
    to the right), two spaces between; widths in terminal cells. Streamed: the rows are
    laid out :data:`LOOKAHEAD` at a time, each batch as wide as the widest cell so far, so
    that up to that many records the table is laid out as a whole, and after them a wider
    cell widens its column from its batch on (never narrower: the columns only move
    right). Nothing is printed for no rows."""
    size = LOOKAHEAD if lookahead is None else lookahead
    widths = [cell_len(h) for h in LISTING_HEADER]
    right = [h in _RIGHT for h in LISTING_HEADER]
    batch: list[list[str]] = []
    header = [True]

    def laid_out() -> Iterator[Line]:
        if not batch:
            return
        _widen(widths, batch)
        if header:
            header.clear()
            yield _laid_out(LISTING_HEADER, widths, right, "bold")
        for r in batch:
            yield _laid_out(r, widths, right)
        batch.clear()

    for row in rows:
        batch.append(row)
        if len(batch) >= size:
            yield from laid_out()
    yield from laid_out()


def _widen(widths: list[int], rows: Sequence[Sequence[str]]) -> None:
    """``widths`` widened (in place) to the widest cell of each column of ``rows``."""
    for r in rows:
        for c, cell in enumerate(r):
            n = cell_len(cell)
            if n > widths[c]:
                widths[c] = n


def _laid_out(cells: Sequence[str], widths: Sequence[int], right: Sequence[bool], style: str = "") -> Line:
    parts = []
    for cell, width, to_right in zip(cells, widths, right, strict=True):
        pad = " " * (width - cell_len(cell))
        parts.append(pad + cell if to_right else cell + pad)
    return Line("  ".join(parts).rstrip(), style)
