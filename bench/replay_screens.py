"""Re-make the terminal screenshots of docs/replay.md: one SVG per game, the full-screen
replayer (gamerec/cli/replay_app.py) at 100x30 through Textual's headless pilot, on record 1
of each game's fixtures/<game>/tournament.grec, a few steps into a trick.

    python bench/replay_screens.py            # writes docs/replay/<game>.svg
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import gamerec
from gamerec.cli.replay_app import ReplayApp
from gamerec.present import Replay

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("blackball", "forest", "black-swan-2012", "black-swan-taroc")


def shoot(game: str, out: Path) -> None:
    record = next(gamerec.records(ROOT / "fixtures" / game / "tournament.grec"))
    rp = Replay(record)
    steps = list(rp)
    assert rp.verdict is not None
    # the first step past the first deal's start with two cards or more on the table
    start = next(i for i, s in enumerate(steps) if len(s.view.table) > 1 and i > 20)
    app = ReplayApp(steps, start, rp.verdict, record.game)

    async def run() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            out.write_text(app.export_screenshot(title=f"gamerec replay · {game}"))

    asyncio.run(run())


def main(argv: list[str] | None = None) -> int:
    folder = ROOT / "docs" / "replay"
    folder.mkdir(exist_ok=True)
    for game in GAMES:
        shoot(game, folder / f"{game}.svg")
        print(f"docs/replay/{game}.svg")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
