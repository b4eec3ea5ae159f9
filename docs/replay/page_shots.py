"""Re-make the screenshots of the HTML replay page in docs/replay/ (page-<game>.png), one per
game, from the fixtures, in the system's headless Chromium (Debian's chromium and
chromium-driver: .ci/install-browser) through selenium:

    .venv/bin/python docs/replay/page_shots.py

Each shows a step with a trick under way, about two thirds into the record."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from gamerec.export.html import html_replay
from gamerec.format.read import read_file
from gamerec.present import Replay

ROOT = Path(__file__).resolve().parents[2]
GAMES = {
    "blackball": "family-3p.json",
    "black-swan-2012": "four-teams-declared.json",
    "black-swan-taroc": "four-empty-leader.json",
    "forest": "five-players.json",
}


def main() -> int:
    # imported here: pytest collects docs/ for doctests, where selenium may be missing
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    with tempfile.TemporaryDirectory() as tmp:
        options = webdriver.ChromeOptions()
        for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    "--window-size=1100,900", f"--user-data-dir={tmp}/profile"):  # fmt: skip
            options.add_argument(arg)
        options.binary_location = "/usr/bin/chromium"
        driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
        try:
            for game, name in GAMES.items():
                source = ROOT / "fixtures" / game / "games" / name
                entry = next(read_file(source))
                assert entry.record is not None, entry.error
                steps = list(Replay(entry.record))
                at = int(len(steps) * 2 / 3)
                i = next((j for j in range(at, len(steps)) if len(steps[j].view.table) >= 2), at)
                page = Path(tmp) / f"{game}.html"
                page.write_text(html_replay(entry.record, source=str(source)), encoding="utf-8")
                driver.set_window_size(1100, 900)
                driver.get(page.as_uri())
                driver.execute_script(
                    "const s = document.getElementById('slider'); s.value = String(arguments[0]);"
                    "s.dispatchEvent(new Event('input'));",
                    i,
                )
                height = driver.execute_script("return document.documentElement.scrollHeight")
                driver.set_window_size(1100, height + 140)  # the window's frame is not page
                height = driver.execute_script("return document.documentElement.scrollHeight")
                out = ROOT / "docs" / "replay" / f"page-{game}.png"
                driver.save_screenshot(str(out))
                print(f"{out.relative_to(ROOT)}: step {i + 1} of {len(steps)}")
        finally:
            driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
