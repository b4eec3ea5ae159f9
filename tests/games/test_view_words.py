"""Words of the replay's texts found wrong by trying the product: black-swan-2012 said
`deal 1 scored: 65, -75` with no names (the other games name each side), and
black-swan-taroc's bank `1 pearls`."""

from __future__ import annotations

import gamerec
from gamerec.events import DealScored
from gamerec.games.presenters import presenter


def test_black_swan_2012_names_the_sides_of_a_deals_scores() -> None:
    shown = presenter("black-swan-2012")
    two = shown.describe(DealScored(0, (65, -75), (65, -75)), ["Ann", "Bo"])
    assert two == "deal 1 scored: Ann 65, Bo -75"
    teams = shown.describe(DealScored(2, (95, 5), (95, 5)), ["Ann", "Bo", "Cy", "Di"])
    assert teams == "deal 3 scored: Ann & Cy 95, Bo & Di 5"
    four = shown.describe(DealScored(0, (1, 2, 3, 4), (1, 2, 3, 4)), ["Ann", "Bo", "Cy", "Di"])
    assert four == "deal 1 scored: Ann 1, Bo 2, Cy 3, Di 4"


def test_taroc_bank_counts_in_words() -> None:
    replay = gamerec.replay(next(gamerec.simulate("black-swan-taroc", ["Ann", "Bo"], seed=3)))
    list(replay)
    state = replay.state
    assert state is not None
    state.bank = [1, 2, 1]  # type: ignore[attr-defined]  # (as the bank stands late in a game)
    bank = dict(presenter("black-swan-taroc").view(state).lines)["Bank"]
    assert bank == "1 feather, 2 stones, 1 pearl"
