"""The report's charts as SVG made at export time: a rating-over-time chart (a line per
player, distinct colours and dash patterns, a legend naming every line, axes with ticks and
labels) and score distributions (a box per player). Every text is escaped; the same data
gives the same bytes.

Why hand-built SVG: the charts are a few polylines, boxes, ticks and labels; matplotlib (with
numpy and pillow, tens of megabytes) or Vega-Lite rendered at export time (vl-convert, a
native binary of about as much) would be a heavy new dependency of the core package for
that, and their output would then need its own checks for escaping, fixed ids and fonts.
"""

from __future__ import annotations

import html
import math
import statistics
from collections.abc import Callable, Sequence

from ..escape import strip_controls
from ..tables.ratings import PlayerRating, Point, Ratings

__all__ = [
    "box_chart",
    "chart_line_style",
    "escaped",
    "fixed",
    "match_order",
    "note",
    "number",
    "quartiles",
    "rating_chart",
    "ticks",
]


def _games(n: int) -> str:
    return f"{n} game{'s' if n != 1 else ''}"


def escaped(value: object) -> str:
    """``value`` as text for the page: controls removed, markup characters escaped."""
    return html.escape(strip_controls(str(value)), quote=True)


def fixed(x: float, digits: int = 2) -> str:
    """``x`` with ``digits`` decimals, never ``-0.00``."""
    text = f"{x:.{digits}f}"
    return text[1:] if text.startswith("-") and not text.strip("-0.") else text


def number(x: float) -> str:
    """A whole number as such, else one decimal."""
    return str(int(x)) if float(x).is_integer() else fixed(x, 1)


def note(text: str) -> str:
    return f'<p class="note">{escaped(text)}</p>'


# -- a game's section -----------------------------------------------------------------------


def quartiles(s: list[int]) -> tuple[float, float, float]:
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


def chart_line_style(i: int) -> tuple[str, str]:
    """The colour and dash pattern of the ``i``-th line (from 0): the ten colours, then the
    ten again dashed, and so on; past forty lines, hues a golden angle apart.

    >>> chart_line_style(0), chart_line_style(11), chart_line_style(45)[0]
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
    return number(x) if abs(x) >= 1 or x == 0 else f"{x:g}"


def _tickescaped(axis: str, x: float, y: float, anchor: str, t: float) -> str:
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
        parts.append(_tickescaped("y", x0 - 7, y + 4, "end", t))
    for t in x_ticks:
        x = sx(t)
        parts.append(f'<line class="axis" x1="{x:.1f}" y1="{y0}" x2="{x:.1f}" y2="{y0 + 4}"/>')
        parts.append(_tickescaped("x", x, y0 + 18, "middle", t))
    parts.append(f'<line class="axis" x1="{x0}" y1="{y0}" x2="{x1}" y2="{y0}"/>')
    parts.append(f'<line class="axis" x1="{x0}" y1="{y0}" x2="{x0}" y2="{y1}"/>')
    parts.append(
        f'<text class="axis-title x" x="{(x0 + x1) / 2:.1f}" y="{height - 6}" '
        f'text-anchor="middle">{escaped(x_title)}</text>'
    )
    yc = (y0 + y1) / 2
    parts.append(
        f'<text class="axis-title y" x="14" y="{yc:.1f}" text-anchor="middle" '
        f'transform="rotate(-90 14 {yc:.1f})">{escaped(y_title)}</text>'
    )
    return "".join(parts)


def _legend(names: Sequence[str]) -> str:
    items = []
    for i, name in enumerate(names):
        colour, dash = chart_line_style(i)
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        items.append(
            f'<li data-series="{i}"><svg class="swatch" width="30" height="12" aria-hidden="true">'
            f'<line x1="1" y1="6" x2="29" y2="6" stroke="{colour}" stroke-width="3"{dashed}/></svg>'
            f'<span class="legend-name">{escaped(name)}</span></li>'
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


def rating_chart(game_id: str, rated: list[PlayerRating], ratings: Ratings) -> str:
    if not rated:
        return note("No game of it was rated.")
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
        colour, dash = chart_line_style(i)
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        pts = histories[name]
        coords = " ".join(f"{sx(index[pt.place]):.1f},{sy(pt.mu):.1f}" for pt in pts)
        lines.append(
            f'<polyline class="series" data-series="{i}" stroke="{colour}"{dashed} points="{coords}">'
            f"<title>{escaped(name)}: {fixed(pts[-1].mu)} after {_games(len(pts))}</title></polyline>"
        )
        if len(pts) == 1:  # a single point draws no line: a dot shows it
            x, y = sx(index[pts[0].place]), sy(pts[0].mu)
            lines.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"/>')
    axes = _axes(x_ticks, y_ticks, sx, sy, "games rated", "rating (μ)", height, bottom)
    label = f"{game_id}: each player's rating (μ) after each game rated, one line per player"
    svg = (
        f'<svg class="chart rating-chart" viewBox="0 0 {WIDTH} {height}" role="img" '
        f'aria-label="{escaped(label)}">{axes}{"".join(lines)}</svg>'
    )
    return f"<figure>{svg}{_legend(names)}</figure>"


def box_chart(game_id: str, names: list[str], scores: dict[str, list[int]]) -> str:
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
        parts.append(_tickescaped("x", x, y0 + 18, "middle", t))
    parts.append(f'<line class="axis" x1="{left}" y1="{y0}" x2="{WIDTH - _RIGHT}" y2="{y0}"/>')
    parts.append(
        f'<text class="axis-title x" x="{(left + WIDTH - _RIGHT) / 2:.1f}" y="{height - 6}" '
        f'text-anchor="middle">score in a game</text>'
    )
    for i, name in enumerate(names):
        s = sorted(scores[name])
        q1, med, q3 = quartiles(s)
        yc = _TOP + row * i + row / 2
        colour, _ = chart_line_style(i)
        shown = name if len(name) <= 16 else name[:15] + "…"
        parts.append(
            f'<g class="box-row" data-player-index="{i}"><title>{escaped(name)}: lowest {s[0]}, median '
            f"{number(med)}, highest {s[-1]} ({_games(len(s))})</title>"
            f'<text class="player" x="{left - 8}" y="{yc + 4:.1f}" text-anchor="end">{escaped(shown)}</text>'
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
        f'aria-label="{escaped(label)}">{"".join(parts)}</svg></figure>'
    )


# -- the page's files -----------------------------------------------------------------------
