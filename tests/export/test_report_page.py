"""Issue 17, "Report": the page :func:`gamerec.export.report.report` makes: a section per
game with every part, the ratings table equal to ``rate()``'s, hostile names escaped (shown
as text), self-contained (no URL, a strict CSP, no script), the same bytes each time."""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from conftest import FIXTURES

from gamerec.checking.batch import verify_batch
from gamerec.escape import strip_controls
from gamerec.export.charts import match_order
from gamerec.export.report import PARTS, report
from gamerec.format.write import write_records
from gamerec.tables.ratings import rate
from gamerec.tables.standings import standings
from gamerec.tables.stats import player_stats

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "output"))
from hostile import HOSTILE, hostile_records, illegal

GAMES = ("black-swan-2012", "black-swan-taroc", "blackball", "forest")
TOURNAMENTS = [str(FIXTURES / g / "tournament.grec") for g in GAMES]
BAD = [str(FIXTURES / "forest" / "bad" / n) for n in ("out-of-turn.json", "claim-wrong.json")]
UNREADABLE = str(FIXTURES / "broken" / "random-bytes.bin")


class Page(HTMLParser):
    """The page's tables, per (game, part): their rows as lists of cell texts; the texts of
    chosen elements; every tag name and attribute seen."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: dict[tuple[str, str], list[list[str]]] = {}
        self.game = ""
        self.part = ""
        self.cell: list[str] | None = None
        self.row: list[str] = []
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.legend: dict[str, list[str]] = {}
        self.in_legend = False
        self.legend_text: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.tags.append((tag, a))
        if tag == "section" and "data-game" in a:
            self.game = a["data-game"] or ""
        if tag == "section" and "data-part" in a:
            self.part = a["data-part"] or ""
        if tag == "section" and a.get("id") == "unreadable":
            self.game = "(unreadable)"
        if tag == "tr":
            self.row = []
        if tag in ("td", "th"):
            self.cell = []
        if tag == "span" and a.get("class") == "legend-name":
            self.in_legend, self.legend_text = True, []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.cell is not None:
            self.row.append("".join(self.cell))
            self.cell = None
        if tag == "tr":
            self.tables.setdefault((self.game, self.part), []).append(self.row)
        if tag == "span" and self.in_legend:
            self.legend.setdefault(self.game, []).append("".join(self.legend_text))
            self.in_legend = False

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)
        if self.in_legend:
            self.legend_text.append(data)


@pytest.fixture(scope="module")
def tournaments() -> str:
    return report([*TOURNAMENTS, *BAD, UNREADABLE]).html


def sections(page: str) -> dict[str, list[str]]:
    """game -> its parts, in order."""
    out: dict[str, list[str]] = {}
    for m in re.finditer(
        r'<section class="game" id="[^"]+" data-game="([^"]+)">(.*?)</section></section>', page
    ):
        out[m[1]] = re.findall(r'data-part="([^"]+)"', m[2])
    return out


def test_a_section_per_game_with_every_part(tournaments: str) -> None:
    found = sections(tournaments)
    assert list(found) == sorted(GAMES)
    for game in GAMES:
        assert found[game] == list(PARTS), game
    # the records that could not be read have a section of their own
    assert 'id="unreadable"' in tournaments


def test_ratings_table_is_rates(tournaments: str) -> None:
    page = Page(tournaments)
    ratings = rate(verify_batch([*TOURNAMENTS, *BAD, UNREADABLE]))
    for game in GAMES:
        rows = page.tables[(game, "ratings")]
        assert rows[0] == ["#", "Player", "Rating (μ)", "Uncertainty (σ)", "Ordinal (μ−3σ)", "Games"]
        expected = [
            [str(r.rank), r.player, f"{r.mu:.2f}", f"{r.sigma:.2f}", f"{r.ordinal:.2f}", str(r.games)]
            for r in ratings.table(game)
        ]
        assert rows[1:] == expected, game


def test_standings_stats_and_head_to_head_are_the_librarys(tournaments: str) -> None:
    page = Page(tournaments)
    table = standings(verify_batch(TOURNAMENTS))
    stats = player_stats(TOURNAMENTS)
    for game in GAMES:
        rows = page.tables[(game, "standings")][1:]
        assert [(int(r[0]), r[1], int(r[2]), r[3], int(r[4])) for r in rows] == [
            (p.rank, p.player, p.games, f"{p.wins:.1f}", p.total) for p in table.games[game]
        ]  # wins with one decimal always, as the command line shows them (the page said 162)
        assert [r[0] for r in page.tables[(game, "stats")][1:]] == [
            p.player for p in stats.games[game].players
        ]
        h2h = [[int(x) for x in r[2:]] for r in page.tables[(game, "head-to-head")][1:]]
        assert h2h == [[p.games, p.a_higher, p.b_higher, p.level] for p in stats.games[game].head_to_head]


def test_records_not_valid_are_listed_with_verdict_and_reason(tournaments: str) -> None:
    page = Page(tournaments)
    rows = page.tables[("forest", "not-valid")]
    assert rows[0] == ["Record", "Verdict", "Reason"]
    by_status = {r[1]: r for r in rows[1:]}
    assert set(by_status) == {"illegal", "mismatch"}
    assert "out-of-turn.json: record 1, deal 1, action 4 (seat 0, Ann)" in by_status["illegal"][0]
    assert by_status["illegal"][2] == "play K5: out of turn: seat 2 (Cy) is to play [out-of-turn]"
    assert by_status["mismatch"][2].startswith("deal 2, Bob: claimed -4, computed 50")
    (unread,) = page.tables[("(unreadable)", "not-valid")][1:]
    assert unread[1] == "unreadable" and "not a gamerec file" in unread[2]
    # every other game's records are valid
    assert ("blackball", "not-valid") not in page.tables


def test_rating_chart_has_a_line_per_player_and_a_legend_naming_each(tournaments: str) -> None:
    page = Page(tournaments)
    for game in GAMES:
        section = re.search(rf'data-game="{game}">(.*?)</section></section>', tournaments)
        assert section is not None
        chart = re.search(r'<svg class="chart rating-chart".*?</svg>', section[1])
        assert chart is not None
        players = [r[1] for r in page.tables[(game, "ratings")][1:]]
        assert chart[0].count('<polyline class="series"') == len(players)
        assert page.legend[game] == players
        # axes: ticks with labels on both, and titles
        assert chart[0].count('class="tick y"') >= 2 and chart[0].count('class="tick x"') >= 2
        assert "games rated" in chart[0] and "rating (μ)" in chart[0]
        # distinct styles: no two lines alike
        styles = re.findall(
            r'<polyline class="series" data-series="\d+" stroke="([^"]+)"( stroke-dasharray="[^"]+")?',
            chart[0],
        )
        assert len(set(styles)) == len(players)


def test_self_contained_and_strict(tournaments: str) -> None:
    assert "http://" not in tournaments and "https://" not in tournaments and "url(" not in tournaments
    page = Page(tournaments)
    tags = {t for t, _ in page.tags}
    assert not tags & {"script", "img", "link", "iframe", "object", "embed", "form", "base"}
    for _, attrs in page.tags:
        assert not {k for k in attrs if k.startswith("on")}, attrs
        assert not {"src", "srcset", "xlink:href"} & set(attrs)
        href = attrs.get("href")
        assert href is None or href.startswith("#"), href
    csp = next(
        a["content"] for t, a in page.tags if t == "meta" and a.get("http-equiv") == "Content-Security-Policy"
    )
    assert csp is not None and csp.startswith("default-src 'none'; style-src 'sha256-")
    assert "script-src" not in csp and "unsafe" not in csp


def test_same_records_same_bytes(tournaments: str) -> None:
    assert report([*TOURNAMENTS, *BAD, UNREADABLE]).html == tournaments


def test_hostile_names_are_escaped_text(tmp_path: Path) -> None:
    records = hostile_records()
    path = tmp_path / "hostile.jsonl"
    write_records([*records, illegal(records[0])], path)
    html_text = report([str(path)]).html
    page = Page(html_text)
    shown = {strip_controls(s) for s in HOSTILE.values()}
    names = {r[1] for r in page.tables[("blackball", "standings")][1:]}
    assert names == shown
    assert set(page.legend["blackball"]) == shown
    # nothing from the records made markup: the page's own elements only
    assert not {t for t, _ in page.tags} & {"script", "img", "iframe", "object"}
    assert all(a.get("href", "#").startswith("#") for t, a in page.tags if t == "a")
    assert "<script" not in html_text.lower()
    assert "\x1b" not in html_text and "\x07" not in html_text and "\u202e" not in html_text


def test_the_markup_names_are_escaped() -> None:
    names = ["<script>alert(1)</script>", '"onload="x', "a&b"]
    from gamerec.bots import simulate
    from gamerec.checking.verdicts import Verdict
    from gamerec.export.report import report_page
    from gamerec.format.read import read_bytes
    from gamerec.format.write import encode_records
    from gamerec.tables.stats import stats_of

    games = list(simulate("forest", players=3, games=2, seed=3, names=names))
    verdicts: list[Verdict] = []
    stats = stats_of(read_bytes(b"".join(encode_records(games, "jsonl"))), on_verdict=verdicts.append)
    text = report_page(verdicts, stats)
    assert "<script>" not in text and "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert "&quot;onload=&quot;x" in text and "a&amp;b" in text
    assert {r[1] for r in Page(text).tables[("forest", "standings")][1:]} == set(names)


def test_stats_hands_every_verdict_as_verify_batch_gives_it() -> None:
    got: list[object] = []
    player_stats([*TOURNAMENTS[:1], *BAD, UNREADABLE], on_verdict=got.append)
    assert got == list(verify_batch([*TOURNAMENTS[:1], *BAD, UNREADABLE]))


def test_match_order_keeps_each_players_order() -> None:
    ratings = rate(verify_batch([TOURNAMENTS[2]]))
    histories = ratings.histories["blackball"]
    order = match_order(histories)
    n = sum(1 for _ in verify_batch([TOURNAMENTS[2]]))
    assert order == [f"{TOURNAMENTS[2]}:{i}" for i in range(1, n + 1)]
