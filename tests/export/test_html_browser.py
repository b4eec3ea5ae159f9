"""The HTML replay page in a real headless Chromium (selenium): what it shows at each step
is the library's replay at that step, whether reached by buttons, keys or the slider.

Uses the system browser and driver (Debian's ``chromium`` and ``chromium-driver``; see
``.ci/install-browser``) and never downloads one. Without them, or without selenium, the
tests are skipped, but fail when CI is "true"."""

from __future__ import annotations

import itertools
import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import FIXTURES

from gamerec.bots import simulate
from gamerec.escape import strip_controls
from gamerec.export.html import html_replay
from gamerec.format.read import read_file
from gamerec.present import Replay, Step
from gamerec.record import Record

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
SHOT = Path("/tmp/gamerec-html-shot.png")

GAMES = {
    "blackball": "family-3p.json",
    "black-swan-2012": "four-teams-declared.json",
    "black-swan-taroc": "four-empty-leader.json",
    "forest": "five-players.json",
}
HOSTILE = [
    "<script>alert(1)</script>",
    "</script><script>alert(2)</script>",
    '"onload="x',
    "\x1b]0;pwned\x07Eve",
]


def unavailable(reason: str) -> None:
    """Skip, but fail in CI, where the browser must be there."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true but {reason} (run .ci/install-browser; pip install selenium)")
    pytest.skip(reason)


def test_missing_browser_skips_but_fails_in_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="no browser"):
        unavailable("no browser")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI=true but no browser"):
        unavailable("no browser")


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        unavailable("selenium is not installed")
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.access(path, os.X_OK):
            unavailable(f"{path} is missing (Debian packages chromium and chromium-driver)")
    options = webdriver.ChromeOptions()
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--window-size=1200,1000",
        f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}",
    ):
        options.add_argument(arg)
    options.binary_location = CHROMIUM
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        drv = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    except Exception as e:  # the driver would not start: a broken install
        unavailable(f"chromium would not start: {type(e).__name__}: {e}")
    drv.set_page_load_timeout(30)
    try:
        yield drv
    finally:
        drv.quit()


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("pages")


def fixture_record(game: str) -> Record:
    entry = next(read_file(FIXTURES / game / "games" / GAMES[game]))
    assert entry.record is not None
    return entry.record


def open_page(driver: Any, pages: Path, name: str, record: Record, seat: int | None = None) -> list[Step]:
    """Export ``record``, load it and return the library's steps for it."""
    path = pages / f"{name}.html"
    path.write_text(html_replay(record, source=name, seat=seat), encoding="utf-8")
    driver.get(path.as_uri())
    driver.get_log("browser")  # only what this page logs from here on
    return list(Replay(record, seat=seat, source=name))


SHOWN = """
const q = (s) => document.querySelector(s);
const all = (s, root) => [...(root || document).querySelectorAll(s)];
const mover = q("#seats .seat.to-move");
return {
  pos: q("#step-pos").textContent,
  deal: q("#deal-pos").textContent,
  title: q("#view-title").textContent,
  text: q("#step-text").textContent,
  events: all("#events li").map((e) => e.textContent),
  seats: all("#seats .seat").map((r) => [
    Number(r.dataset.seat),
    r.querySelector(".seat-name").textContent,
    r.querySelector(".seat-info").textContent,
    r.querySelector(".seat-score").textContent,
    r.querySelector(".hand .hidden-hand") ? null : all(".hand .card", r).map((c) => c.dataset.code),
  ]),
  table: all("#table .card").map((c) => [Number(c.closest(".play").dataset.seat), c.dataset.code]),
  lines: all("#lines tr").map((tr) => [tr.cells[0].textContent, tr.cells[1].textContent]),
  to_move: mover ? Number(mover.dataset.seat) : null,
  slider: Number(q("#slider").value),
  marker: Number(q("#chart-marker").dataset.step),
};
"""


def shown(driver: Any) -> dict[str, Any]:
    result: dict[str, Any] = driver.execute_script(SHOWN)
    return result


def word_of(steps: list[Step]) -> str:
    """The game's word for a deal, as its first step says it (``round 1: Bo deals``)."""
    return steps[0].text.split(" ", 1)[0]


def expected(steps: list[Step], i: int) -> dict[str, Any]:
    s, c = steps[i], strip_controls
    v = s.view
    return {
        "pos": f"step {i + 1} of {len(steps)}",
        "deal": f"{word_of(steps)} {s.deal + 1}",
        "title": c(v.title),
        "text": c(s.text),
        "events": [c(e) for e in s.event_texts],
        "seats": [
            [sv.seat, c(sv.name), c(sv.info), str(sv.score), None if sv.hand is None else list(sv.hand)]
            for sv in v.seats
        ],
        "table": [[seat, code] for seat, code in v.table],
        "lines": [[c(label), c(value)] for label, value in v.lines],
        "to_move": v.to_move,
        "slider": i,
        "marker": i,
    }


def check(driver: Any, steps: list[Step], i: int) -> None:
    assert shown(driver) == expected(steps, i)


def click(driver: Any, button: str) -> None:
    from selenium.webdriver.common.by import By

    driver.find_element(By.ID, button).click()


def press(driver: Any, key: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(driver).send_keys(key).perform()


def slide(driver: Any, i: int) -> None:
    driver.execute_script(
        "const s = document.getElementById('slider'); s.value = String(arguments[0]);"
        "s.dispatchEvent(new Event('input', {bubbles: true}));",
        i,
    )


def no_alert(driver: Any) -> None:
    from selenium.common.exceptions import NoAlertPresentException

    with pytest.raises(NoAlertPresentException):
        driver.switch_to.alert  # noqa: B018 (the property raises when no alert is open)


def severe_logs(driver: Any) -> list[dict[str, Any]]:
    return [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_initial_step_is_the_replays_first(driver: Any, pages: Path, game: str) -> None:
    from selenium.webdriver.common.by import By

    steps = open_page(driver, pages, game, fixture_record(game))
    check(driver, steps, 0)
    # what a person sees, rendered
    assert driver.find_element(By.ID, "step-pos").text == f"step 1 of {len(steps)}"
    assert driver.find_element(By.ID, "back").get_attribute("disabled") is not None
    assert driver.find_element(By.ID, "verdict").text == f"{game}: record 1: valid"
    # nothing was fetched and nothing went wrong (a CSP violation would be logged)
    assert driver.execute_script("return performance.getEntriesByType('resource').length") == 0
    assert severe_logs(driver) == []


@pytest.mark.parametrize("game", ["blackball", "black-swan-taroc", "forest"])
def test_buttons_keys_and_slider_stay_with_the_replay(driver: Any, pages: Path, game: str) -> None:
    from selenium.webdriver.common.keys import Keys

    steps = open_page(driver, pages, game, fixture_record(game))
    n = len(steps)
    for i in range(1, 6):
        click(driver, "next")
        check(driver, steps, i)
    press(driver, Keys.ARROW_RIGHT)
    check(driver, steps, 6)
    press(driver, Keys.ARROW_RIGHT)
    check(driver, steps, 7)
    click(driver, "back")
    check(driver, steps, 6)
    press(driver, Keys.ARROW_LEFT)
    check(driver, steps, 5)
    slide(driver, n // 2)
    check(driver, steps, n // 2)
    click(driver, "next")
    check(driver, steps, n // 2 + 1)
    press(driver, Keys.END)
    check(driver, steps, n - 1)
    press(driver, Keys.ARROW_RIGHT)  # stays on the last step
    check(driver, steps, n - 1)
    press(driver, Keys.HOME)
    check(driver, steps, 0)
    click(driver, "last")
    check(driver, steps, n - 1)
    click(driver, "first")
    check(driver, steps, 0)
    slide(driver, 3)
    check(driver, steps, 3)
    assert severe_logs(driver) == []


def test_play_and_pause(driver: Any, pages: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    steps = open_page(driver, pages, "play", fixture_record("forest"))
    click(driver, "play")
    play = driver.find_element(By.ID, "play")
    assert play.get_attribute("aria-pressed") == "true"
    WebDriverWait(driver, 5, poll_frequency=0.1).until(lambda d: shown(d)["slider"] >= 2)
    press(driver, " ")  # space pauses, even with the Play button focused
    assert play.get_attribute("aria-pressed") == "false"
    at = shown(driver)["slider"]
    time.sleep(1.3)
    check(driver, steps, at)
    press(driver, " ")
    assert play.get_attribute("aria-pressed") == "true"
    click(driver, "play")
    assert play.get_attribute("aria-pressed") == "false"


def test_hostile_names_show_literally(driver: Any, pages: Path) -> None:
    from selenium.webdriver.common.by import By

    record = next(simulate("blackball", players=len(HOSTILE), games=1, seed=5, names=HOSTILE))
    steps = open_page(driver, pages, "hostile", record)
    no_alert(driver)
    names = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#seats .seat .seat-name")]
    assert names == [strip_controls(n) for n in HOSTILE]
    assert driver.find_element(By.CSS_SELECTOR, '.seat[data-seat="0"] .seat-name').text == HOSTILE[0]
    assert driver.find_element(By.ID, "heading").text == "blackball · " + ", ".join(names)
    assert driver.title == "blackball · " + ", ".join(names) + " · gamerec replay"
    legend = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#legend .legend-name")]
    assert legend == names
    # only the page's own two scripts exist; the names made no elements
    assert driver.execute_script("return document.scripts.length") == 2
    assert driver.execute_script("return document.querySelectorAll('[onload]').length") == 0
    check(driver, steps, 0)
    press_end = len(steps) - 1
    slide(driver, press_end)
    check(driver, steps, press_end)
    no_alert(driver)


def test_hidden_hands(driver: Any, pages: Path) -> None:
    from selenium.webdriver.common.by import By

    steps = open_page(driver, pages, "seat1", fixture_record("black-swan-2012"), seat=1)
    check(driver, steps, 0)
    for seat in (0, 2, 3):
        hand = driver.find_element(By.CSS_SELECTOR, f'.seat[data-seat="{seat}"] .hand')
        assert hand.text == "hidden"
    cards = driver.find_elements(By.CSS_SELECTOR, '.seat[data-seat="1"] .hand .card')
    assert [c.get_attribute("data-code") for c in cards] == steps[0].view.seats[1].hand


def test_cards_are_drawn_as_cards(driver: Any, pages: Path) -> None:
    from selenium.webdriver.common.by import By

    open_page(driver, pages, "cards", fixture_record("blackball"))
    queen = driver.find_element(By.CSS_SELECTOR, '.seat[data-seat="1"] .hand .card[data-code="QH"]')
    assert queen.text == "Q♥"
    assert "red" in (queen.get_attribute("class") or "")
    assert queen.value_of_css_property("color") == "rgba(200, 16, 46, 1)"
    spade = driver.find_element(By.CSS_SELECTOR, '.card[data-code="3S"]')
    assert spade.text == "3♠" and "black" in (spade.get_attribute("class") or "")
    radius = queen.value_of_css_property("border-top-left-radius")
    assert radius.endswith("px") and float(radius[:-2]) > 0


def test_chart_has_a_line_per_side_and_follows_the_step(driver: Any, pages: Path) -> None:
    from selenium.webdriver.common.by import By

    steps = open_page(driver, pages, "chart", fixture_record("black-swan-2012"))
    lines = driver.find_elements(By.CSS_SELECTOR, "#chart polyline.series")
    assert len(lines) == 2  # two teams
    for line in lines:
        # a point at the start and one per scored deal (one deal here), left to right
        points = [tuple(map(float, p.split(","))) for p in (line.get_attribute("points") or "").split()]
        assert len(points) == 2
        assert all(a[0] < b[0] for a, b in itertools.pairwise(points))
    # the teams end on 360 and -80: the first line ends higher (a smaller y)
    ends = [float((line.get_attribute("points") or "").split()[-1].split(",")[1]) for line in lines]
    assert ends[0] < ends[1]
    legend = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#legend .legend-name")]
    assert legend == ["Ann & Cy", "Bob & Dan"]
    marker = driver.find_element(By.ID, "chart-marker")
    x0 = float(marker.get_attribute("x1") or "nan")
    click(driver, "last")
    assert float(marker.get_attribute("x1") or "nan") > x0
    assert marker.get_attribute("data-step") == str(len(steps) - 1)


def test_screenshot(driver: Any, pages: Path, tmp_path: Path) -> None:
    steps = open_page(driver, pages, "shot", fixture_record("blackball"))
    # a step with cards on the table, a trick under way
    i = next(i for i, s in enumerate(steps) if len(s.view.table) >= 2 and s.deal >= 3)
    slide(driver, i)
    check(driver, steps, i)
    shot = tmp_path / "page.png"
    assert driver.save_screenshot(str(shot))
    data = shot.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 10_000
    shutil.copyfile(shot, SHOT)  # for a person to look at
