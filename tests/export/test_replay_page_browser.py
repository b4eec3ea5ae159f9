"""Issue 20, the HTML replay page in headless Chromium (started as tests/export/test_html_browser.py
starts it: the system browser, skipped without it but failing when CI is "true"), for all
four games: controls that never move, every key (`t`/`T`, `d`/`D`, Home/End, arrows) going
where the library's :func:`gamerec.present.move` goes, the keys listed, the verdict on top,
the file name without its directory, and the chart (labelled axes, one line per scoring side
in its own colour, a marker in none of them, a legend, a running total, a responsive width)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import FIXTURES
from test_html_browser import GAMES, check, click, fixture_record, press, severe_logs
from test_html_browser import driver as driver  # the same browser, started the same way
from test_html_browser import pages as pages

from gamerec.export.html import html_replay
from gamerec.games import get_game
from gamerec.present import Replay, Step, move


def load(driver: Any, pages: Path, game: str) -> list[Step]:
    """The page of the game's fixture, exported with its source as an absolute path."""
    record = fixture_record(game)
    source = str((FIXTURES / game / "games" / GAMES[game]).resolve())
    path = pages / f"{game}-20.html"
    path.write_text(html_replay(record, source=source), encoding="utf-8")
    driver.get(path.as_uri())
    driver.get_log("browser")
    return list(Replay(record))


def rect(driver: Any, id_: str) -> dict[str, float]:
    result: dict[str, float] = driver.execute_script(
        "const r = document.getElementById(arguments[0]).getBoundingClientRect();"
        "return {x: r.x, y: r.y, w: r.width, h: r.height};",
        id_,
    )
    return result


def at(driver: Any) -> int:
    return int(driver.execute_script("return Number(document.getElementById('slider').value)"))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_next_button_stays_put(driver: Any, pages: Path, game: str) -> None:
    # issue 20: "The Next button moves as the event text changes length (y = 476 vs 583 px)"
    load(driver, pages, game)
    before = rect(driver, "next")
    for _ in range(10):
        click(driver, "next")
        assert rect(driver, "next") == before
    click(driver, "play")  # "Pause" is no wider than "Play"
    assert rect(driver, "next") == before
    click(driver, "play")
    press(driver, "d")
    assert rect(driver, "next") == before
    click(driver, "last")
    assert rect(driver, "next") == before


KEYS = [
    ("t", "next-trick"),
    ("t", "next-trick"),
    ("d", "next-deal"),
    ("t", "next-trick"),
    ("T", "previous-trick"),
    ("\ue014", "next"),  # arrow right
    ("\ue012", "back"),  # arrow left
    ("d", "next-deal"),
    ("D", "previous-deal"),
    ("\ue010", "last"),  # End
    ("T", "previous-trick"),
    ("D", "previous-deal"),
    ("t", "next-trick"),
    ("\ue011", "first"),  # Home
    ("T", "previous-trick"),
    ("D", "previous-deal"),
]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_key_goes_where_the_library_goes(driver: Any, pages: Path, game: str) -> None:
    steps = load(driver, pages, game)
    i = 0
    moved = set()
    for key, where in KEYS:
        j = move(steps, i, where)
        press(driver, key)
        assert at(driver) == j, (key, where, i)
        moved.add((where, i != j))
        i = j
    check(driver, steps, i)
    # every key moved at least once (a key that did nothing would pass the loop)
    assert {w for w, m in moved if m} == {w for _, w in KEYS}
    assert severe_logs(driver) == []


def test_the_keys_are_listed_on_the_page(driver: Any, pages: Path) -> None:
    from selenium.webdriver.common.by import By

    load(driver, pages, "blackball")
    keys = driver.find_element(By.ID, "keys")
    shown = [k.text for k in keys.find_elements(By.TAG_NAME, "kbd")]
    assert shown == ["←", "→", "t", "T", "d", "D", "Home", "End", "space"]
    assert "next / previous trick" in keys.text and "next / previous round" in keys.text


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_verdict_is_on_top_and_the_file_named_without_directory(
    driver: Any, pages: Path, game: str
) -> None:
    from selenium.webdriver.common.by import By

    load(driver, pages, game)
    verdict = rect(driver, "verdict")
    assert verdict["h"] > 0
    for below in ("controls", "board", "chart-box"):
        assert verdict["y"] + verdict["h"] <= rect(driver, below)["y"], below
    text = driver.find_element(By.ID, "verdict").text
    assert text == f"{GAMES[game]}: record 1: valid"
    assert driver.find_element(By.ID, "source").text == GAMES[game]
    assert str(FIXTURES) not in driver.page_source


CHART = """
const all = (s) => [...document.querySelectorAll(s)];
const rgb = (e) => getComputedStyle(e).stroke;
const box = document.getElementById("chart").getBoundingClientRect();
return {
  lines: all("#chart polyline.series").map((l) => ({
    colour: rgb(l),
    dash: l.getAttribute("stroke-dasharray") || "",
    xs: l.getAttribute("points").split(" ").map((p) => Number(p.split(",")[0])),
  })),
  marker: rgb(document.getElementById("chart-marker")),
  legend: all("#legend .legend-item").map((i) => [
    i.querySelector(".legend-name").textContent,
    getComputedStyle(i.querySelector(".swatch line")).stroke,
    i.querySelector(".legend-total").textContent,
  ]),
  x_ticks: all("#chart .x-tick").map((t) => t.textContent),
  x_title: document.querySelector("#chart .x-title").textContent,
  y_title: document.querySelector("#chart .y-title").textContent,
  width: box.width,
  box: document.getElementById("chart-box").clientWidth,
  view_width: document.getElementById("chart").viewBox.baseVal.width,
};
"""


def chart(driver: Any) -> dict[str, Any]:
    result: dict[str, Any] = driver.execute_script(CHART)
    return result


@pytest.mark.parametrize("game", sorted(GAMES))
def test_chart_lines_colours_legend_axes_and_running_totals(driver: Any, pages: Path, game: str) -> None:
    from gamerec.events import DealScored

    steps = load(driver, pages, game)
    record = fixture_record(game)
    replay = Replay(record)
    list(replay)
    assert replay.state is not None
    sides, members = replay.state.sides, replay.state.members()
    drawn = chart(driver)
    lines = drawn["lines"]
    # one line per scoring side, each in its own colour; the marker in none of them
    assert len(lines) == len(sides)
    colours = [line["colour"] for line in lines]
    assert len(set(colours)) == len(colours)
    assert drawn["marker"] not in colours
    # lines on top of each other still show: no two look the same (colour and dashes)
    assert len({(line["colour"], line["dash"]) for line in lines}) == len(lines)
    # a running total: a point at the start and one per scored deal, always moving right
    # (not a jump straight up at a deal's end)
    scored = [e for s in steps for e in s.events if isinstance(e, DealScored)]
    for line in lines:
        assert len(line["xs"]) == 1 + len(scored)
        assert all(a < b for a, b in zip(line["xs"], line["xs"][1:], strict=False))
    # the legend: each side's name, its line's colour and its total at the current step
    assert [name for name, _, _ in drawn["legend"]] == list(sides)
    assert [colour for _, colour, _ in drawn["legend"]] == colours
    assert [total for _, _, total in drawn["legend"]] == ["0"] * len(sides)
    click(driver, "last")
    final = steps[-1].view.seats
    assert [t for _, _, t in chart(driver)["legend"]] == [str(final[m[0]].score) for m in members]
    assert [t for _, _, t in chart(driver)["legend"]] == [str(v) for v in scored[-1].totals]
    # labelled axes: the deals by number, and the score
    deals = steps[-1].deal + 1
    assert drawn["x_ticks"] == [str(d) for d in range(1, deals + 1)]
    assert drawn["x_title"] == get_game(record.game).deal_word
    assert drawn["y_title"] == "score"


def test_chart_is_as_wide_as_the_page(driver: Any, pages: Path) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    load(driver, pages, "blackball")
    wide = chart(driver)
    try:
        driver.set_window_size(700, 1000)
        # drawn again once the browser has laid the narrower page out
        WebDriverWait(driver, 10, poll_frequency=0.05).until(
            lambda d: chart(d)["view_width"] == round(chart(d)["width"]) < wide["width"]
        )
        narrow = chart(driver)
    finally:
        driver.set_window_size(1200, 1000)
    assert narrow["width"] < wide["width"]
    for drawn in (wide, narrow):
        # it fills its box, drawn to its width (not a fixed drawing stretched)
        assert abs(drawn["width"] - drawn["box"]) < drawn["box"] * 0.1
        assert drawn["view_width"] == round(drawn["width"])


def test_a_hostile_file_name_shows_as_text(driver: Any, pages: Path) -> None:
    from selenium.common.exceptions import NoAlertPresentException
    from selenium.webdriver.common.by import By

    name = "<img src=x onerror=alert(1)>.json"
    path = pages / "hostile-source.html"
    path.write_text(html_replay(fixture_record("forest"), source="/tmp/" + name), encoding="utf-8")
    driver.get(path.as_uri())
    with pytest.raises(NoAlertPresentException):
        driver.switch_to.alert  # noqa: B018 (the property raises when no alert is open)
    assert driver.find_element(By.ID, "source").text == name
    assert driver.find_element(By.ID, "verdict").text == name + ": record 1: valid"
    assert driver.execute_script("return document.images.length") == 0
