"""black-swan-taroc's random bot makes only the action it chooses (issue 19): it chooses
what ``rng.choice(state.legal_actions())`` would, leaving the random generator in the same
state, at every turn of simulated games (leads and passes, following suit, void with
pledges, the Swan last)."""

from __future__ import annotations

import pytest
from helpers import bot_moves_as_rng_choice

from gamerec.games.black_swan_taroc.bots import RandomBot


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_random_bot_chooses_as_rng_choice_over_the_legal_actions(players: int) -> None:
    played = bot_moves_as_rng_choice("black-swan-taroc", players, {}, RandomBot, players, 5000)
    assert {type(a).__name__ for a in played} == {"Pass", "Play", "Pledge"}
