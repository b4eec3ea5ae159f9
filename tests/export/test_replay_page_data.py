"""Issue 20, the HTML replay page's data (gamerec.export.html) without a browser: the source
is named by its file name only, each step says whether it ends a trick (for the page's
`t`/`T` keys), and the chart's running totals come from the stepper's deal scores."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import FIXTURES
from helpers import cli

from gamerec.events import DealScored
from gamerec.export.html import html_replay, page_line_style
from gamerec.format.read import read_file
from gamerec.present import Replay
from gamerec.record import Record

GAMES = {
    "blackball": "family-3p.json",
    "black-swan-2012": "four-teams-declared.json",
    "black-swan-taroc": "four-empty-leader.json",
    "forest": "five-players.json",
}


def fixture_record(game: str) -> Record:
    entry = next(read_file(FIXTURES / game / "games" / GAMES[game]))
    assert entry.record is not None, entry.error
    return entry.record


def page_data(page: str) -> dict[str, Any]:
    start = page.index('id="gamerec-data">') + len('id="gamerec-data">')
    result: dict[str, Any] = json.loads(page[start : page.index("</script>", start)])
    return result


@pytest.mark.parametrize(
    "typed", ["/home/ann/private games/x.json", "private games/x.json", "..\\private games\\x.json"]
)
def test_the_page_names_the_file_without_its_directory(typed: str) -> None:
    # issue 20: "the page embeds the source path as typed on the command line"
    page = html_replay(fixture_record("forest"), source=typed)
    assert "private" not in page and "home" not in page
    data = page_data(page)
    assert data["source"] == "x.json"
    assert data["verdict"].startswith("x.json: record 1")


def test_export_writes_the_file_name_not_the_path(tmp_path: Path) -> None:
    src = FIXTURES / "blackball" / "games" / GAMES["blackball"]
    out = tmp_path / "page.html"
    r = cli("export", str(src.resolve()), "--to", "html", "-o", out)
    assert r.exit_code == 0, r.stderr
    page = out.read_text(encoding="utf-8")
    assert str(src.parent) not in page and "fixtures" not in page
    assert page_data(page)["source"] == GAMES["blackball"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_chart_data_is_the_steppers_running_totals(game: str) -> None:
    record = fixture_record(game)
    data = page_data(html_replay(record))
    steps = list(Replay(record))
    scored = [(i, e) for i, s in enumerate(steps) for e in s.events if isinstance(e, DealScored)]
    assert [(t["step"], t["deal"], t["totals"]) for t in data["totals"]] == [
        (i, e.deal, list(e.totals)) for i, e in scored
    ]
    # the last totals are what the seats show at the end
    final = steps[-1].view.seats
    assert data["totals"][-1]["totals"] == [final[side["seats"][0]].score for side in data["sides"]]
    # every side its own colour and dash pattern, none of them the marker's grey
    styles = [(side["colour"], side["dash"]) for side in data["sides"]]
    assert len({c for c, _ in styles}) == len(styles)
    assert all(c != "#8c8c8c" for c, _ in styles)
    # the `t`/`T` keys stop where the library's moves stop
    assert [s["trick_end"] for s in data["steps"]] == [any(e.ends_trick for e in s.events) for s in steps]


def test_line_styles_are_distinct_for_many_sides() -> None:
    styles = [page_line_style(k) for k in range(40)]
    assert len({c for c, _ in styles}) == 40


def test_the_csp_stays_strict() -> None:
    page = html_replay(fixture_record("blackball"), source="x.json")
    marker = 'http-equiv="Content-Security-Policy" content="'
    start = page.index(marker) + len(marker)
    csp = page[start : page.index('"', start)]
    directives = [d.strip().split()[0] for d in csp.split(";")]
    assert directives == ["default-src", "script-src", "style-src", "base-uri", "form-action"]
    assert "default-src 'none'" in csp and "unsafe" not in csp and "*" not in csp
    assert "'self'" not in csp and "data:" not in csp
