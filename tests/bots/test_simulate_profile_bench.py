"""bench/simulate_profile.py (where simulate's time per move goes) runs end to end on a few
games: the profiled shares add up to the whole, each part of the loop is found, and the cost
of the Seen is measured only where the records stay the same without it. No timing is
asserted."""

from __future__ import annotations

import contextlib
import io
import json
from typing import Any

import pytest
from conftest import load_bench

from gamerec.errors import BotFault

GAMES = ["blackball", "black-swan-2012", "black-swan-taroc", "forest"]


def run(args: list[str]) -> dict[str, Any]:
    bench = load_bench("simulate_profile")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert bench.main(["--records", "3", "--repeat", "1", "--json", *args]) == 0
    report: dict[str, Any] = json.loads(out.getvalue())
    return report


@pytest.mark.plain_only  # (cProfile sees no compiled function: the rules' apply is one)
def test_every_game_s_loop_split_into_its_parts() -> None:
    report = run([])
    assert list(report["games"]) == GAMES
    for game, r in report["games"].items():
        shares = r["shares"]
        loop = ["seen", "offered", "bot", "apply", "deals", "loop: other calls", "loop: own"]
        assert sum(shares[p] for p in [*loop, "outside play_game"]) == pytest.approx(1), game
        seen_parts = [p for p in shares if p.startswith("seen: ")]
        assert sum(shares[p] for p in seen_parts) == pytest.approx(shares["seen"]), game
        # every move builds a Seen, is offered its actions, asks the bot and applies its choice
        assert all(shares[p] > 0 for p in ("seen", "offered", "bot", "apply", "seen: seen_of")), game
        assert r["us_per_action"] > 0, game
    # the random bot of every game but black-swan-2012 (whose own counts the plays it sees)
    # reads nothing of what it is shown: the records are the same without the Seen
    blind = {game: r["without_seen_us_per_action"] is not None for game, r in report["games"].items()}
    assert blind == {game: game != "black-swan-2012" for game in GAMES}


def test_a_bot_that_reads_its_seen_gets_no_cost_of_the_seen_alone() -> None:
    bench = load_bench("simulate_profile")
    with bench.nothing_seen(), pytest.raises(BotFault):  # shown None, the smart bot fails
        bench.play("forest", 4, 2, 1, "smart")
    report = run(["--games", "forest", "--bot", "smart"])
    assert report["games"]["forest"]["without_seen_us_per_action"] is None
    assert report["games"]["forest"]["us_per_action"] > 0
