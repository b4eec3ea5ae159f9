"""Issue 17, "Tested in a real browser": the report page in headless Chromium (selenium), as
the replay page's tests run it (tests/export/test_html_browser.py: the system browser and
driver, skipped without them but failing when CI is "true"): it loads with no console error
and no network request, every section is there, a chart has as many lines as players, the
hostile names of the hardening tests show as text, and it reads at 400 px wide."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import FIXTURES
from test_html_browser import driver as driver  # the same browser, started the same way

from gamerec.checking.batch import verify_batch
from gamerec.escape import strip_controls
from gamerec.export.report import PARTS, report
from gamerec.format.write import write_records
from gamerec.tables.ratings import rate

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "output"))
from hostile import HOSTILE, hostile_records

GAMES = ("black-swan-2012", "black-swan-taroc", "blackball", "forest")
TOURNAMENTS = [str(FIXTURES / g / "tournament.grec") for g in GAMES]
BAD = str(FIXTURES / "forest" / "bad" / "out-of-turn.json")


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("report") / "report.html"
    path.write_text(report([*TOURNAMENTS, BAD]).html, encoding="utf-8")
    return path


def load(driver: Any, path: Path) -> None:
    driver.get_log("browser")  # what an earlier page logged
    driver.get(path.as_uri())


def severe(driver: Any) -> list[dict[str, Any]]:
    return [e for e in driver.get_log("browser") if e.get("level") in ("SEVERE", "WARNING")]


SECTIONS = """
return [...document.querySelectorAll("section.game")].map((s) => [
  s.dataset.game,
  [...s.querySelectorAll(":scope > section.part")].map(
    (p) => [p.dataset.part, p.querySelector("h3").textContent]
  ),
  s.querySelectorAll("svg.rating-chart polyline.series").length,
  [...s.querySelectorAll("section.ratings tbody tr")].map((tr) => tr.cells[1].textContent),
  [...s.querySelectorAll("ul.legend .legend-name")].map((e) => e.textContent),
]);
"""


def test_loads_with_every_section_and_no_request_or_error(driver: Any, page: Path) -> None:
    load(driver, page)
    assert driver.execute_script("return performance.getEntriesByType('resource').length") == 0
    assert severe(driver) == []
    shown = driver.execute_script(SECTIONS)
    ratings = rate(verify_batch(TOURNAMENTS))
    assert [s[0] for s in shown] == list(GAMES)
    for game, parts, lines, players, legend in shown:
        assert [p for p, _ in parts] == list(PARTS), game
        assert all(heading for _, heading in parts)
        assert players == [r.player for r in ratings.table(game)]
        assert lines == len(players) and legend == players, game
    # the style sheet applied (its hash matched the CSP): the tables are collapsed
    collapse = "return getComputedStyle(document.querySelector('table')).borderCollapse"
    assert driver.execute_script(collapse) == "collapse"
    invalid = driver.execute_script(
        "return [...document.querySelectorAll("
        "'section.game[data-game=\"forest\"] section.not-valid tbody tr')]"
        ".map((tr) => [...tr.cells].map((c) => c.textContent))"
    )
    assert [row[1] for row in invalid] == ["illegal"]
    assert invalid[0][2] == "play K5: out of turn: seat 2 (Cy) is to play [out-of-turn]"


def test_hostile_names_show_as_text(driver: Any, tmp_path: Path) -> None:
    records = tmp_path / "hostile.jsonl"
    write_records(hostile_records(), records)
    path = tmp_path / "hostile.html"
    path.write_text(report([str(records)]).html, encoding="utf-8")
    load(driver, path)
    from selenium.common.exceptions import NoAlertPresentException

    with pytest.raises(NoAlertPresentException):
        driver.switch_to.alert  # noqa: B018 (the property raises when no alert is open)
    assert severe(driver) == []
    names = driver.execute_script(
        "return [...document.querySelectorAll('section.standings tbody tr')]"
        ".map((tr) => tr.cells[1].textContent)"
    )
    assert sorted(names) == sorted(strip_controls(s) for s in HOSTILE.values())
    legend = driver.execute_script(
        "return [...document.querySelectorAll('ul.legend .legend-name')].map((e) => e.textContent)"
    )
    assert sorted(legend) == sorted(names)
    lines = driver.execute_script(
        "return document.querySelectorAll('svg.rating-chart polyline.series').length"
    )
    assert lines == len(HOSTILE)
    # the names made no element: no script, no link, no handler
    made = (
        "return [document.scripts.length, document.querySelectorAll('[onload],[onerror],img,iframe').length]"
    )
    assert driver.execute_script(made) == [0, 0]
    assert driver.execute_script("return performance.getEntriesByType('resource').length") == 0


@pytest.fixture
def narrow(driver: Any) -> Iterator[Any]:
    size = driver.get_window_size()
    driver.set_window_size(400, 900)
    try:
        yield driver
    finally:
        driver.set_window_size(size["width"], size["height"])


def test_readable_at_400_px(narrow: Any, page: Path) -> None:
    load(narrow, page)
    width = narrow.execute_script("return document.documentElement.clientWidth")
    assert width <= 400
    # the page itself does not scroll sideways (wide tables scroll in their own box)
    assert narrow.execute_script("return document.documentElement.scrollWidth") <= width
    charts = narrow.execute_script(
        "return [...document.querySelectorAll('svg.chart')].map((s) => s.getBoundingClientRect().width)"
    )
    assert charts and all(0 < w <= width for w in charts)
    # chart labels stay legible: at least 9 px high as drawn
    heights = narrow.execute_script(
        "return [...document.querySelectorAll('svg.rating-chart text.tick, ul.legend .legend-name')]"
        ".map((t) => t.getBoundingClientRect().height)"
    )
    assert heights and min(heights) >= 9
    # headings stay on one line each (a table too wide scrolls rather than squeezing them)
    th = "return [...document.querySelectorAll('th')].map((t) => t.getBoundingClientRect().height)"
    assert max(narrow.execute_script(th)) < 40
    assert narrow.save_screenshot(str(page.parent / "narrow.png"))
