"""A tournament report: one self-contained HTML page with, for each game in its own section,
the standings, the ratings and a chart of each player's rating over time, the score
distributions, the player statistics, the head-to-head table and the records that are not
valid, with their verdict and why.

The page is made in Python from the library's results (:func:`gamerec.tables.standings.standings`,
:func:`gamerec.tables.ratings.rate`, :func:`gamerec.tables.stats.stats_of`, one walk of each record giving
both the statistics and the verdict). It holds everything it shows and loads nothing: no
script at all, one style sheet inline, the charts as inline SVG drawn here; a
Content-Security-Policy allows exactly that style sheet (by its hash) and nothing else.
Every text from the records (names, sources, reasons) is written through :func:`_text`:
controls removed as the replay page removes them, then ``html.escape``, so a player called
``<script>alert(1)</script>`` is shown as such. The same records give the same bytes.

>>> page = report(["fixtures/blackball/games/family-3p.json"]).html
>>> page.startswith("<!DOCTYPE html>"), 'data-game="blackball"' in page, "://" in page
(True, True, False)
"""

from __future__ import annotations

import base64
import hashlib
import re
import statistics
from collections.abc import Iterable, Sequence
from functools import cache
from importlib.resources import files

import msgspec

from ..checking.verdicts import STATUSES, Verdict
from ..format.paths import Paths
from ..format.progress import OnProgress
from ..tables.ratings import MODEL, PlayerRating, Ratings, rate
from ..tables.standings import PlayerStanding, standings
from ..tables.stats import GameStats, HeadToHead, Stats, player_stats
from ..version import __version__
from .charts import box_chart, escaped, fixed, note, number, quartiles, rating_chart

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
    #: the valid records not counted (``[record, why]``: a name in two seats)
    not_counted: list[tuple[str, str]] = []


def report(paths: Paths, on_progress: OnProgress | None = None) -> Report:
    """The report of every record of the files, directories or globs named (see the
    module). Each record is read and walked once; ``on_progress`` (see
    :mod:`gamerec.format.progress`) hears of each record read."""
    verdicts: list[Verdict] = []
    stats = player_stats(paths, on_progress=on_progress, on_verdict=verdicts.append)
    games = sorted(stats.games)
    page = report_page(verdicts, stats)
    return Report(page, games, stats.counts, stats.left_out, stats.duplicates, stats.not_counted)


def report_page(verdicts: Sequence[Verdict], stats: Stats) -> str:
    """The page for the verdicts of a batch (with their score sheets, in input order, as
    :func:`gamerec.checking.batch.verify_batch` gives them) and the statistics of the same batch."""
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
            _score_lists(verdicts, game_id, [*table.duplicates, *table.not_counted]),
            stats.games.get(game_id),
            invalid.get(game_id, []),
        )
        for game_id in game_ids
    ]
    if None in invalid:
        sections.append(_unreadable_section(invalid[None]))
    if table.not_counted:
        rows, aside = table.not_counted, "Not in the standings, statistics, score lists or ratings."
        sections.append(_batch_section("not-counted", "Valid records not counted", rows, "Why", aside))
    counted_apart = {place for place, _ in table.not_counted}
    not_rated = [(place, why) for place, why in ratings.not_rated if place not in counted_apart]
    if not_rated:
        sections.append(_batch_section("not-rated", "Valid records not rated", not_rated, "Why"))
    if table.duplicates:
        note = "Each is a record seen before (the same content): counted once."
        sections.append(_batch_section("duplicates", "Duplicates", table.duplicates, "Duplicate of", note))
    contents = "".join(f'<li><a href="#{_anchor(g)}">{escaped(g)}</a></li>' for g in game_ids)
    if None in invalid:
        contents += '<li><a href="#unreadable">Records that could not be read</a></li>'
    title = "gamerec report · " + (", ".join(game_ids) if game_ids else "no game")
    template, style = _assets()
    csp = f"default-src 'none'; style-src {_sha256(style)}; base-uri 'none'; form-action 'none'"
    parts = {
        "CSP": csp,
        "TITLE": escaped(title),
        "STYLE": style,
        "SUMMARY": escaped(_summary(table.counts)),
        "CONTENTS": f"<ul>{contents}</ul>",
        "BODY": "\n".join(sections),
        "FOOTER": escaped(
            f"Made by gamerec {__version__}. Ratings: {MODEL}, records in date order. "
            "Only valid records count; a record seen before is counted once."
        ),
    }
    # one pass: what is put in is never searched for placeholders again
    return _PLACEHOLDER.sub(lambda m: parts[m[1]], template)


# -- text and tables ------------------------------------------------------------------------
def _anchor(game_id: str) -> str:
    return "game-" + re.sub(r"[^a-z0-9-]+", "_", game_id.lower())


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
    head = "".join(f'<th scope="col"{" class=num" if num else ""}>{escaped(h)}</th>' for h, num in columns)
    body = "".join(
        "<tr>"
        + "".join(
            f"<td{' class=num' if num else ''}>{escaped(cell)}</td>"
            for (_, num), cell in zip(columns, row, strict=True)
        )
        + "</tr>"
        for row in rows
    )
    cap = f"<caption>{escaped(caption)}</caption>" if caption else ""
    table = f"<table>{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    return f'<div class="table-wrap">{table}</div>'


def _part(kind: str, heading: str, content: str) -> str:
    return f'<section class="part {kind}" data-part="{kind}"><h3>{escaped(heading)}</h3>{content}</section>'


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
        _part("rating-chart", "Rating over time", rating_chart(game_id, rated, ratings)),
        _part("scores", "Score distribution", _scores(game_id, scores)),
        _part("stats", "Player statistics", _stats(stats)),
        _part("head-to-head", "Head-to-head", _head_to_head(stats)),
        _part("not-valid", "Records not valid", _invalid(invalid)),
    ]
    return (
        f'<section class="game" id="{_anchor(game_id)}" data-game="{escaped(game_id)}">'
        f"<h2>{escaped(game_id)}</h2>{''.join(parts)}</section>"
    )


def _standings(rows: list[PlayerStanding]) -> str:
    if not rows:
        return note("No valid record of this game.")
    columns = [
        ("#", True),
        ("Player", False),
        ("Games", True),
        ("Wins", True),
        ("Total", True),
        ("Mean", True),
        ("Best", True),
    ]
    return _table(
        columns,
        (  # wins with one decimal always, as the command line shows them (12.0 beside 11.5)
            [
                p.rank,
                p.player,
                p.games,
                fixed(p.wins, 1),
                p.total,
                fixed(p.mean, 1),
                "" if p.best is None else p.best,
            ]
            for p in rows
        ),
        "A shared win counts as its share; each game of a black-swan-taroc record counts on its own.",
    )


def _ratings(game_id: str, rated: list[PlayerRating], ratings: Ratings) -> str:
    if not rated:
        return note("No game of it was rated.")
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
        ([r.rank, r.player, fixed(r.mu), fixed(r.sigma), fixed(r.ordinal), r.games] for r in rated),
        f"{MODEL}; {order}.",
    )
    return text


def _stats(stats: GameStats | None) -> str:
    if stats is None or not stats.players:
        return note("No valid record of this game.")
    fields = [f for f in type(stats.players[0]).__struct_fields__ if f != "player"]
    columns = [("Player", False), *((_LABELS.get(f, f.replace("_", " ")), f not in _MAPS) for f in fields)]
    return _table(
        columns,
        ([row.player, *(_stat(getattr(row, f)) for f in fields)] for row in stats.players),
        "Each number is defined in gamerec's docs/stats.md.",
    )


def _stat(value: object) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}: {number(v)}" for k, v in value.items())
    if isinstance(value, float):
        return number(round(value, 1))
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
        return note("No two players played together.")
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
        return note("Every record of this game is valid.")
    return note("Left out of everything above.") + _invalid_table(invalid)


def _unreadable_section(invalid: list[Verdict]) -> str:
    return (
        '<section class="game unreadable" id="unreadable"><h2>Records that could not be read</h2>'
        + _part("not-valid", "Records not valid", _invalid_table(invalid))
        + "</section>"
    )


def _batch_section(kind: str, heading: str, rows: list[tuple[str, str]], second: str, aside: str = "") -> str:
    return (
        f'<section class="batch {kind}" id="{kind}"><h2>{escaped(heading)}</h2>'
        + (note(aside) if aside else "")
        + _table([("Record", False), (second, False)], rows)
        + "</section>"
    )


# -- score distributions --------------------------------------------------------------------
def _score_lists(
    verdicts: Sequence[Verdict], game_id: str, aside: list[tuple[str, str]]
) -> dict[str, list[int]]:
    """Each player's score in each game of ``game_id`` (a team's score for each member),
    from the valid records but those ``aside`` (``(file:number, why)``: the duplicates and
    those not counted)."""
    skip = {place for place, _ in aside}
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
        return note("No valid record of this game.")
    names = sorted(scores, key=lambda n: (-statistics.median(scores[n]), n))
    rows = []
    for n in names:
        s = sorted(scores[n])
        q1, med, q3 = quartiles(s)
        rows.append([n, len(s), s[0], number(q1), number(med), number(q3), s[-1]])
    columns = [("Player", False), ("Games", True), ("Lowest", True), ("Lower quartile", True)]
    columns += [("Median", True), ("Upper quartile", True), ("Highest", True)]
    chart = box_chart(game_id, names, scores)
    return chart + _table(columns, rows, "A player's score in each game (a team's score for each member).")


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
