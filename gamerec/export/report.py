"""A tournament report: one self-contained HTML page with, for each game in its own section,
the standings, the ratings and a chart of each player's rating over time, the score
distributions, the player statistics, the head-to-head table and the records that are not
valid, with their verdict and why.

The page is made in Python from the library's results (:func:`gamerec.batch.standings`,
:func:`gamerec.ratings.rate`, :func:`gamerec.stats.stats_of`, one walk of each record giving
both the statistics and the verdict). It holds everything it shows and loads nothing: no
script at all, one style sheet inline, the charts as inline SVG drawn here; a
Content-Security-Policy allows exactly that style sheet (by its hash) and nothing else.
Every text from the records (names, sources, reasons) is written through :func:`_text`:
controls removed as the replay page removes them, then ``html.escape``, so a player called
``<script>alert(1)</script>`` is shown as such. The same records give the same bytes.

>>> page = report(["fixtures/blackball/games/family-3p.json"]).html
>>> page.startswith("<!DOCTYPE html>"), 'data-game="blackball"' in page, "://" in page
(True, True, False)

Why hand-built SVG: the charts are a few polylines, boxes, ticks and labels; matplotlib (with
numpy and pillow, tens of megabytes) or Vega-Lite rendered at export time (vl-convert, a
native binary of about as much) would be a heavy new dependency of the core package for
that, and their output would then need its own checks for escaping, fixed ids and fonts.
"""

from __future__ import annotations

import base64
import hashlib
import html
import math
import re
import statistics
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from importlib.resources import files

import msgspec

from ..batch import PlayerStanding, standings
from ..escape import strip_controls
from ..format.paths import Paths
from ..format.progress import OnProgress
from ..ratings import MODEL, PlayerRating, Point, Ratings, rate
from ..stats import GameStats, HeadToHead, Stats, player_stats
from ..verdicts import STATUSES, Verdict
from ..version import __version__

__all__ = ["Report", "report", "report_page"]


class Report(msgspec.Struct):
    """A report: the page (``html``), the games with a valid record (the page's game
    sections but those of records not valid alone), how many records of each verdict (and
    duplicates), the records that are not valid and the duplicates (``[record, duplicate
    of]``)."""

    html: str
    games: list[str]
    counts: dict[str, int]
    left_out: list[Verdict]
    duplicates: list[tuple[str, str]]


def report(paths: Paths, on_progress: OnProgress | None = None) -> Report:
    """The report of every record of the files, directories or globs named (see the
    module). Each record is read and walked once; ``on_progress`` (see
    :mod:`gamerec.format.progress`) hears of each record read."""
    verdicts: list[Verdict] = []
    stats = player_stats(paths, on_progress=on_progress, on_verdict=verdicts.append)
    games = sorted(stats.games)
    return Report(report_page(verdicts, stats), games, stats.counts, stats.left_out, stats.duplicates)


def report_page(verdicts: Sequence[Verdict], stats: Stats) -> str:
    """The page for the verdicts of a batch (with their score sheets, in input order, as
    :func:`gamerec.batch.verify_batch` gives them) and the statistics of the same batch."""
    table = standings(verdicts)
    ratings = rate(verdicts)
    invalid: dict[str | None, list[Verdict]] = {}
    for v in table.left_out:
        invalid.setdefault(v.game if v.status != "unreadable" else None, []).append(v)
    game_ids = sorted({*table.games, *ratings.games, *stats.games, *(g for g in invalid if g is not None)})
    sections = [
        _game_section(
            game_id,
            table.games.get(game_id, []),
            ratings,
            _score_lists(verdicts, game_id, table.duplicates),
            stats.games.get(game_id),
            invalid.get(game_id, []),
        )
        for game_id in game_ids
    ]
    if None in invalid:
        sections.append(_unreadable_section(invalid[None]))
    if ratings.not_rated:
        sections.append(_batch_section("not-rated", "Valid records not rated", ratings.not_rated, "Why"))
    if table.duplicates:
        note = "Each is a record seen before (the same content): counted once."
        sections.append(_batch_section("duplicates", "Duplicates", table.duplicates, "Duplicate of", note))
    contents = "".join(f'<li><a href="#{_anchor(g)}">{_text(g)}</a></li>' for g in game_ids)
    if None in invalid:
        contents += '<li><a href="#unreadable">Records that could not be read</a></li>'
    title = "gamerec report · " + (", ".join(game_ids) if game_ids else "no game")
    template, style = _assets()
    csp = f"default-src 'none'; style-src {_sha256(style)}; base-uri 'none'; form-action 'none'"
    parts = {
        "CSP": csp,
        "TITLE": _text(title),
        "STYLE": style,
        "SUMMARY": _text(_summary(table.counts)),
        "CONTENTS": f"<ul>{contents}</ul>",
        "BODY": "\n".join(sections),
        "FOOTER": _text(
            f"Made by gamerec {__version__}. Ratings: {MODEL}, records in date order. "
            "Only valid records count; a record seen before is counted once."
        ),
    }
    # one pass: what is put in is never searched for placeholders again
    return _PLACEHOLDER.sub(lambda m: parts[m[1]], template)


# -- text and tables ------------------------------------------------------------------------
def _text(value: object) -> str:
    """``value`` as text for the page: controls removed, markup characters escaped."""
    return html.escape(strip_controls(str(value)), quote=True)


def _anchor(game_id: str) -> str:
    return "game-" + re.sub(r"[^a-z0-9-]+", "_", game_id.lower())


def _fixed(x: float, digits: int = 2) -> str:
    """``x`` with ``digits`` decimals, never ``-0.00``."""
    text = f"{x:.{digits}f}"
    return text[1:] if text.startswith("-") and not text.strip("-0.") else text


def _number(x: float) -> str:
    """A whole number as such, else one decimal."""
    return str(int(x)) if float(x).is_integer() else _fixed(x, 1)


def _summary(counts: dict[str, int]) -> str:
    records = sum(n for status, n in counts.items() if status != "duplicate")
    parts = [f"{counts[s]} {s}" for s in STATUSES if counts.get(s)]
    text = f"{records} record{'s' if records != 1 else ''}: " + (", ".join(parts) or "none")
    dup = counts.get("duplicate", 0)
    if dup:
        text += f"; {dup} duplicate{'s' if dup != 1 else ''} counted once"
    return text


Column = tuple[str, bool]  # header, numeric


def _table(columns: Sequence[Column], rows: Iterable[Sequence[object]], caption: str = "") -> str:
    head = "".join(f'<th scope="col"{" class=num" if num else ""}>{_text(h)}</th>' for h, num in columns)
    body = "".join(
        "<tr>"
        + "".join(
            f"<td{' class=num' if num else ''}>{_text(cell)}</td>"
            for (_, num), cell in zip(columns, row, strict=True)
        )
        + "</tr>"
        for row in rows
    )
    cap = f"<caption>{_text(caption)}</caption>" if caption else ""
    table = f"<table>{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    return f'<div class="table-wrap">{table}</div>'


def _part(kind: str, heading: str, content: str) -> str:
    return f'<section class="part {kind}" data-part="{kind}"><h3>{_text(heading)}</h3>{content}</section>'


def _note(text: str) -> str:
    return f'<p class="note">{_text(text)}</p>'


# -- a game's section -----------------------------------------------------------------------
PARTS = ("standings", "ratings", "rating-chart", "scores", "stats", "head-to-head", "not-valid")


def _game_section(
    game_id: str,
    rows: list[PlayerStanding],
    ratings: Ratings,
    scores: dict[str, list[int]],
    stats: GameStats | None,
    invalid: list[Verdict],
) -> str:
    rated = ratings.table(game_id)
    parts = [
        _part("standings", "Standings", _standings(rows)),
        _part("ratings", "Ratings", _ratings(game_id, rated, ratings)),
        _part("rating-chart", "Rating over time", _rating_chart(game_id, rated, ratings)),
        _part("scores", "Score distribution", _scores(game_id, scores)),
        _part("stats", "Player statistics", _stats(stats)),
        _part("head-to-head", "Head-to-head", _head_to_head(stats)),
        _part("not-valid", "Records not valid", _invalid(invalid)),
    ]
    return (
        f'<section class="game" id="{_anchor(game_id)}" data-game="{_text(game_id)}">'
        f"<h2>{_text(game_id)}</h2>{''.join(parts)}</section>"
    )


def _standings(rows: list[PlayerStanding]) -> str:
    if not rows:
        return _note("No valid record of this game.")
    columns = [("Player", False), ("Games", True), ("Wins", True), ("Total", True), ("Mean", True)]
    columns.append(("Best", True))
    return _table(
        columns,
        (
            [p.player, p.games, _number(p.wins), p.total, _fixed(p.mean, 1), "" if p.best is None else p.best]
            for p in rows
        ),
        "A shared win counts as its share; each game of a black-swan-taroc record counts on its own.",
    )


def _ratings(game_id: str, rated: list[PlayerRating], ratings: Ratings) -> str:
    if not rated:
        return _note("No game of it was rated.")
    columns = [
        ("#", True),
        ("Player", False),
        ("Rating (μ)", True),
        ("Uncertainty (σ)", True),
        ("Ordinal (μ−3σ)", True),
        ("Games", True),
    ]
    order = "records rated in date order"
    undated = ratings.undated.get(game_id, 0)
    if undated:
        order += f"; {undated} without a date kept {'its' if undated == 1 else 'their'} place in the input"
    text = _table(
        columns,
        ([r.rank, r.player, _fixed(r.mu), _fixed(r.sigma), _fixed(r.ordinal), r.games] for r in rated),
        f"{MODEL}; {order}.",
    )
    return text


def _stats(stats: GameStats | None) -> str:
    if stats is None or not stats.players:
        return _note("No valid record of this game.")
    fields = [f for f in type(stats.players[0]).__struct_fields__ if f != "player"]
    columns = [("Player", False), *((_LABELS.get(f, f.replace("_", " ")), f not in _MAPS) for f in fields)]
    return _table(
        columns,
        ([row.player, *(_stat(getattr(row, f)) for f in fields)] for row in stats.players),
        "Each number is defined in gamerec's docs/stats.md.",
    )


def _stat(value: object) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_number(v)}" for k, v in value.items())
    if isinstance(value, float):
        return _number(round(value, 1))
    return str(value)


_MAPS = {"rounds_by_size", "points_by_size", "on_target"}
_LABELS = {
    "games": "Games",
    "wins": "Wins",
    "rounds": "Rounds",
    "bids_made": "Bids made",
    "bids_made_pct": "Bids made %",
    "over_tricks": "Over",
    "under_tricks": "Under",
    "zero_bids": "Zero bids",
    "zero_bids_made": "Zero bids made",
    "rounds_by_size": "Rounds by hand size",
    "points_by_size": "Points per round by hand size",
    "deals": "Deals",
    "swan_captures": "Swan captures",
    "tables": "Tables",
    "first_out": "First out",
    "points": "Points",
    "points_per_deal": "Points per deal",
    "pledges_held": "Pledges held",
    "pledge_points": "Pledge points",
    "subpar": "Subpar",
    "points_captured": "Points captured",
    "on_target": "On target (tricks: rounds)",
    "rounds_on_target": "Rounds on target",
    "tricks": "Tricks",
    "tricks_per_round": "Tricks per round",
    "penalties": "Penalties",
    "penalty_points": "Penalty points",
}


def _head_to_head(stats: GameStats | None) -> str:
    pairs: list[HeadToHead] = stats.head_to_head if stats is not None else []
    if not pairs:
        return _note("No two players played together.")
    columns = [("Player", False), ("Player", False), ("Games", True)]
    columns += [("First higher", True), ("Second higher", True), ("Level", True)]
    return _table(columns, ([p.a, p.b, p.games, p.a_higher, p.b_higher, p.level] for p in pairs))


def _reason(v: Verdict) -> str:
    """What the verdict's message says after the record's place and status."""
    text = v.message()
    head = f"{v.location()}: {v.status}"
    text = text[len(head) :] if text.startswith(head) else text
    return text.lstrip(": ") or v.status


def _invalid_table(invalid: list[Verdict]) -> str:
    return _table(
        [("Record", False), ("Verdict", False), ("Reason", False)],
        ([v.location(), v.status, _reason(v)] for v in invalid),
    )


def _invalid(invalid: list[Verdict]) -> str:
    if not invalid:
        return _note("Every record of this game is valid.")
    return _note("Left out of everything above.") + _invalid_table(invalid)


def _unreadable_section(invalid: list[Verdict]) -> str:
    return (
        '<section class="game unreadable" id="unreadable"><h2>Records that could not be read</h2>'
        + _part("not-valid", "Records not valid", _invalid_table(invalid))
        + "</section>"
    )


def _batch_section(kind: str, heading: str, rows: list[tuple[str, str]], second: str, note: str = "") -> str:
    return (
        f'<section class="batch {kind}" id="{kind}"><h2>{_text(heading)}</h2>'
        + (_note(note) if note else "")
        + _table([("Record", False), (second, False)], rows)
        + "</section>"
    )


# -- score distributions --------------------------------------------------------------------
def _score_lists(
    verdicts: Sequence[Verdict], game_id: str, duplicates: list[tuple[str, str]]
) -> dict[str, list[int]]:
    """Each player's score in each game of ``game_id`` (a team's score for each member),
    from the valid records but the duplicates."""
    skip = {place for place, _ in duplicates}
    scores: dict[str, list[int]] = {}
    for v in verdicts:
        if v.game != game_id or v.status != "valid" or v.scores is None:
            continue
        if f"{v.source}:{v.record}" in skip:
            continue
        members = v.scores.members or [[s] for s in range(len(v.scores.sides))]
        for game in v.scores.games:
            for side, seats in enumerate(members):
                for seat in seats:
                    scores.setdefault(v.players[seat], []).append(game.scores[side])
    return scores


def _scores(game_id: str, scores: dict[str, list[int]]) -> str:
    if not scores:
        return _note("No valid record of this game.")
    names = sorted(scores, key=lambda n: (-statistics.median(scores[n]), n))
    rows = []
    for n in names:
        s = sorted(scores[n])
        q1, med, q3 = _quartiles(s)
        rows.append([n, len(s), s[0], _number(q1), _number(med), _number(q3), s[-1]])
    columns = [("Player", False), ("Games", True), ("Lowest", True), ("Lower quartile", True)]
    columns += [("Median", True), ("Upper quartile", True), ("Highest", True)]
    chart = _box_chart(game_id, names, scores)
    return chart + _table(columns, rows, "A player's score in each game (a team's score for each member).")


def _quartiles(s: list[int]) -> tuple[float, float, float]:
    if len(s) == 1:
        return s[0], s[0], s[0]
    q1, med, q3 = statistics.quantiles(s, n=4, method="inclusive")
    return q1, med, q3


# -- charts ---------------------------------------------------------------------------------
WIDTH = 480  #: the charts' width in SVG units (scaled to the page: 400 px shows them at 0.8)
_LEFT, _RIGHT, _TOP = 56, 14, 12

#: Tableau 10: distinct, and kind to the common colour blindnesses as far as ten colours can be
PALETTE = (
    "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
    "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#5f6b73",
)  # fmt: skip
#: then each colour again with another dash pattern
DASHES = ("", "7 3", "2 3", "9 3 2 3")


def line_style(i: int) -> tuple[str, str]:
    """The colour and dash pattern of the ``i``-th line (from 0): the ten colours, then the
    ten again dashed, and so on; past forty lines, hues a golden angle apart.

    >>> line_style(0), line_style(11), line_style(45)[0]
    (('#4e79a7', ''), ('#f28e2b', '7 3'), 'hsl(68 70% 38%)')
    """
    k = len(PALETTE) * len(DASHES)
    if i < k:
        return PALETTE[i % len(PALETTE)], DASHES[i // len(PALETTE)]
    return f"hsl({round(i * 137.508) % 360} 70% 38%)", DASHES[i % len(DASHES)]


def ticks(lo: float, hi: float, count: int = 5) -> list[float]:
    """About ``count`` round values (1, 2 or 5 times a power of ten apart) covering
    ``lo``..``hi``.

    >>> ticks(0, 97), ticks(21.3, 28.9), ticks(5, 5)
    ([0, 20, 40, 60, 80, 100], [20, 22, 24, 26, 28, 30], [4, 4.5, 5, 5.5, 6])
    """
    if hi <= lo:
        lo, hi = lo - 1, hi + 1
    raw = (hi - lo) / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(lo / step) * step
    out: list[float] = []
    x = first
    while x < hi + step * 1e-9 or len(out) < 2:
        out.append(x)
        x = first + len(out) * step
    if out[-1] < hi:
        out.append(x)
    return [int(t) if float(t).is_integer() else round(t, 10) for t in out]


def _label(x: float) -> str:
    return _number(x) if abs(x) >= 1 or x == 0 else f"{x:g}"


def _tick_text(axis: str, x: float, y: float, anchor: str, t: float) -> str:
    return f'<text class="tick {axis}" x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}">{_label(t)}</text>'


def _axes(
    x_ticks: list[float],
    y_ticks: list[float],
    sx: Callable[[float], float],
    sy: Callable[[float], float],
    x_title: str,
    y_title: str,
    height: int,
    bottom: int,
) -> str:
    """The grid, both axes with their ticks and labels, and the axis titles."""
    parts = []
    x0, x1 = _LEFT, WIDTH - _RIGHT
    y0, y1 = height - bottom, _TOP
    for t in y_ticks:
        y = sy(t)
        parts.append(f'<line class="grid" x1="{x0}" y1="{y:.1f}" x2="{x1}" y2="{y:.1f}"/>')
        parts.append(f'<line class="axis" x1="{x0 - 4}" y1="{y:.1f}" x2="{x0}" y2="{y:.1f}"/>')
        parts.append(_tick_text("y", x0 - 7, y + 4, "end", t))
    for t in x_ticks:
        x = sx(t)
        parts.append(f'<line class="axis" x1="{x:.1f}" y1="{y0}" x2="{x:.1f}" y2="{y0 + 4}"/>')
        parts.append(_tick_text("x", x, y0 + 18, "middle", t))
    parts.append(f'<line class="axis" x1="{x0}" y1="{y0}" x2="{x1}" y2="{y0}"/>')
    parts.append(f'<line class="axis" x1="{x0}" y1="{y0}" x2="{x0}" y2="{y1}"/>')
    parts.append(
        f'<text class="axis-title x" x="{(x0 + x1) / 2:.1f}" y="{height - 6}" '
        f'text-anchor="middle">{_text(x_title)}</text>'
    )
    yc = (y0 + y1) / 2
    parts.append(
        f'<text class="axis-title y" x="14" y="{yc:.1f}" text-anchor="middle" '
        f'transform="rotate(-90 14 {yc:.1f})">{_text(y_title)}</text>'
    )
    return "".join(parts)


def _legend(names: Sequence[str]) -> str:
    items = []
    for i, name in enumerate(names):
        colour, dash = line_style(i)
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        items.append(
            f'<li data-series="{i}"><svg class="swatch" width="30" height="12" aria-hidden="true">'
            f'<line x1="1" y1="6" x2="29" y2="6" stroke="{colour}" stroke-width="3"{dashed}/></svg>'
            f'<span class="legend-name">{_text(name)}</span></li>'
        )
    return f'<ul class="legend">{"".join(items)}</ul>'


def match_order(histories: dict[str, list[Point]]) -> list[str]:
    """The games rated, in the order rated, from the players' histories (each a part of
    that order): a merge that keeps every player's order, earlier-seen games first.

    >>> p = lambda place: Point(place, 25.0, 8.0)
    >>> match_order({"Ann": [p("a:1"), p("a:3")], "Bob": [p("a:2"), p("a:3")]})
    ['a:1', 'a:2', 'a:3']
    """
    seen: dict[str, int] = {}
    after: dict[str, set[str]] = {}
    before: dict[str, int] = {}
    for points in histories.values():
        prev = None
        for pt in points:
            seen.setdefault(pt.place, len(seen))
            before.setdefault(pt.place, 0)
            if prev is not None and pt.place not in after.setdefault(prev, set()):
                after[prev].add(pt.place)
                before[pt.place] += 1
            prev = pt.place
    ready = sorted((p for p, n in before.items() if n == 0), key=seen.__getitem__)
    order: list[str] = []
    while ready:
        place = ready.pop(0)
        order.append(place)
        for nxt in after.get(place, ()):
            before[nxt] -= 1
            if before[nxt] == 0:
                ready.append(nxt)
        ready.sort(key=seen.__getitem__)
    return order


def _rating_chart(game_id: str, rated: list[PlayerRating], ratings: Ratings) -> str:
    if not rated:
        return _note("No game of it was rated.")
    names = [r.player for r in rated]
    histories = {n: ratings.history(game_id, n) for n in names}
    order = match_order(histories)
    index = {place: i + 1 for i, place in enumerate(order)}
    values = [pt.mu for pts in histories.values() for pt in pts] or [25.0]
    y_ticks = ticks(min(values), max(values))
    x_ticks: list[float] = ticks(0, len(order), 6) if len(order) > 6 else list(range(len(order) + 1))
    height, bottom = 300, 48
    y_lo, y_hi = y_ticks[0], y_ticks[-1]
    x_hi = x_ticks[-1] or 1

    def sx(x: float) -> float:
        return _LEFT + (WIDTH - _LEFT - _RIGHT) * x / x_hi

    def sy(y: float) -> float:
        return (height - bottom) - (height - bottom - _TOP) * (y - y_lo) / (y_hi - y_lo)

    lines = []
    for i, name in enumerate(names):
        colour, dash = line_style(i)
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        pts = histories[name]
        coords = " ".join(f"{sx(index[pt.place]):.1f},{sy(pt.mu):.1f}" for pt in pts)
        lines.append(
            f'<polyline class="series" data-series="{i}" stroke="{colour}"{dashed} points="{coords}">'
            f"<title>{_text(name)}: {_fixed(pts[-1].mu)} after {len(pts)} games</title></polyline>"
        )
        if len(pts) == 1:  # a single point draws no line: a dot shows it
            x, y = sx(index[pts[0].place]), sy(pts[0].mu)
            lines.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"/>')
    axes = _axes(x_ticks, y_ticks, sx, sy, "games rated", "rating (μ)", height, bottom)
    label = f"{game_id}: each player's rating (μ) after each game rated, one line per player"
    svg = (
        f'<svg class="chart rating-chart" viewBox="0 0 {WIDTH} {height}" role="img" '
        f'aria-label="{_text(label)}">{axes}{"".join(lines)}</svg>'
    )
    return f"<figure>{svg}{_legend(names)}</figure>"


def _box_chart(game_id: str, names: list[str], scores: dict[str, list[int]]) -> str:
    """A box plot per player: the box from the lower to the upper quartile, the median
    across it, whiskers to the lowest and highest score."""
    row = 26
    bottom = 48
    height = _TOP + row * len(names) + bottom
    lo = min(min(s) for s in scores.values())
    hi = max(max(s) for s in scores.values())
    x_ticks = ticks(lo, hi, 5)
    x_lo, x_hi = x_ticks[0], x_ticks[-1]
    left = 120

    def sx(x: float) -> float:
        return left + (WIDTH - left - _RIGHT) * (x - x_lo) / (x_hi - x_lo)

    parts = []
    y0 = height - bottom
    for t in x_ticks:
        x = sx(t)
        parts.append(f'<line class="grid" x1="{x:.1f}" y1="{_TOP}" x2="{x:.1f}" y2="{y0}"/>')
        parts.append(f'<line class="axis" x1="{x:.1f}" y1="{y0}" x2="{x:.1f}" y2="{y0 + 4}"/>')
        parts.append(_tick_text("x", x, y0 + 18, "middle", t))
    parts.append(f'<line class="axis" x1="{left}" y1="{y0}" x2="{WIDTH - _RIGHT}" y2="{y0}"/>')
    parts.append(
        f'<text class="axis-title x" x="{(left + WIDTH - _RIGHT) / 2:.1f}" y="{height - 6}" '
        f'text-anchor="middle">score in a game</text>'
    )
    for i, name in enumerate(names):
        s = sorted(scores[name])
        q1, med, q3 = _quartiles(s)
        yc = _TOP + row * i + row / 2
        colour, _ = line_style(i)
        shown = name if len(name) <= 16 else name[:15] + "…"
        parts.append(
            f'<g class="box-row" data-player-index="{i}"><title>{_text(name)}: lowest {s[0]}, median '
            f"{_number(med)}, highest {s[-1]} ({len(s)} games)</title>"
            f'<text class="player" x="{left - 8}" y="{yc + 4:.1f}" text-anchor="end">{_text(shown)}</text>'
            f'<line class="whisker" x1="{sx(s[0]):.1f}" y1="{yc:.1f}" x2="{sx(s[-1]):.1f}" y2="{yc:.1f}" '
            f'stroke="{colour}" stroke-width="1.5"/>'
            f'<rect class="box" x="{sx(q1):.1f}" y="{yc - 8:.1f}" width="{max(sx(q3) - sx(q1), 1.5):.1f}" '
            f'height="16" fill="#ffffff" stroke="{colour}"/>'
            f'<line class="median" x1="{sx(med):.1f}" y1="{yc - 8:.1f}" x2="{sx(med):.1f}" y2="{yc + 8:.1f}" '
            f'stroke="{colour}" stroke-width="3"/></g>'
        )
    label = f"{game_id}: each player's scores, lowest to highest, with the middle half boxed"
    return (
        f'<figure><svg class="chart score-chart" viewBox="0 0 {WIDTH} {height}" role="img" '
        f'aria-label="{_text(label)}">{"".join(parts)}</svg></figure>'
    )


# -- the page's files -----------------------------------------------------------------------
def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


_PLACEHOLDER = re.compile(r"\{\{([A-Z]+)\}\}")


@cache
def _assets() -> tuple[str, str]:
    """The page's markup (with ``{{NAME}}`` placeholders) and style sheet, read once from
    the package's data files."""
    page = files(__package__).joinpath("page")
    return (
        page.joinpath("report.html").read_text(encoding="utf-8"),
        page.joinpath("report.css").read_text(encoding="utf-8"),
    )
