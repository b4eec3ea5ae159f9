"""The HTML replay page's chart (issue 20 follow-up), in headless Chromium as
tests/export/test_html_browser.py starts it: each deal's end point sits at its deal's
label (it was drawn between two labels: deal 1's total between "1" and "2"), and at step 1
the position marker is off the y axis (it sat on it, invisible)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_html_browser import GAMES, click, fixture_record
from test_html_browser import driver as driver  # the same browser, started the same way
from test_html_browser import pages as pages

from gamerec.events import DealScored
from gamerec.export.html import html_replay
from gamerec.present import Replay

DRAWN = """
const all = (s) => [...document.querySelectorAll(s)];
const x = (e, a) => Number(e.getAttribute(a));
const axis = all("#chart line.axis").map((l) => [x(l, "x1"), x(l, "x2")]);
return {
  ticks: all("#chart .x-tick").map((t) => [t.textContent, x(t, "x")]),
  points: all("#chart polyline.series").map((l) =>
    l.getAttribute("points").split(" ").map((p) => Number(p.split(",")[0]))),
  y_axis: axis.filter(([a, b]) => a === b).map(([a]) => a)[0],
  marker: x(document.getElementById("chart-marker"), "x1"),
  marker_width: parseFloat(getComputedStyle(document.getElementById("chart-marker")).strokeWidth),
};
"""


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_deals_point_is_at_its_label_and_the_marker_shows(driver: Any, pages: Path, game: str) -> None:
    record = fixture_record(game)
    path = pages / f"{game}-chart.html"
    path.write_text(html_replay(record, source=game), encoding="utf-8")
    driver.get(path.as_uri())
    steps = list(Replay(record))
    scored = [e.deal for s in steps for e in s.events if isinstance(e, DealScored)]
    drawn: dict[str, Any] = driver.execute_script(DRAWN)
    ticks = {int(label): x for label, x in drawn["ticks"]}
    assert ticks and 1 in ticks
    for xs in drawn["points"]:
        for deal, x in zip(scored, xs[1:], strict=True):  # (xs[0]: the start, 0)
            if deal + 1 in ticks:
                assert abs(ticks[deal + 1] - x) < 0.5, (deal + 1, ticks[deal + 1], x)
    # step 1: the marker clear of the y axis (more than its own width away)
    assert abs(drawn["marker"] - drawn["y_axis"]) > drawn["marker_width"] + 1
    # the last step of a deal: the marker at the deal's point, under its label
    click(driver, "last")
    last: dict[str, Any] = driver.execute_script(DRAWN)
    assert abs(last["marker"] - last["points"][0][-1]) < 0.5
