"""black-swan-taroc's random bot makes only the action it chooses (issue 19): it chooses
what ``rng.choice(state.legal_actions())`` would, leaving the random generator in the same
state, at every turn of simulated games (leads and passes, following suit, void with
pledges, the Swan last)."""

from __future__ import annotations

import random

import pytest

from gamerec.games import get_game
from gamerec.games.black_swan_taroc import random_bot


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_random_bot_chooses_as_rng_choice_over_the_legal_actions(players: int) -> None:
    game = get_game("black-swan-taroc")
    state = game.new_state(dict(game.filled_rules({}, players)), [f"P{i}" for i in range(players)])
    rng = random.Random(players)
    actions = 0
    kinds: set[str] = set()
    while not state.finished and actions < 5000:
        deal = game.deal(state, rng)
        state.begin_deal(deal)
        while not state.deal_over:
            twin = random.Random()
            twin.setstate(rng.getstate())
            expected = twin.choice(state.legal_actions())
            got = random_bot(state, rng)
            assert got == expected
            assert rng.getstate() == twin.getstate()
            kinds.add(type(got).__name__)
            state.apply(got)
            actions += 1
    assert kinds == {"Pass", "Play", "Pledge"}
