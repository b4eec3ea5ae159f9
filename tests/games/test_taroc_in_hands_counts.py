"""black-swan-taroc keeps the cards in all hands counted by order (``in_hands``), which the
pledge handout starts from: after every deal and every action, in the walk with steps and
in the walk without (``apply_run``), the counts must be those of the hands themselves."""

from __future__ import annotations

from typing import Any

import pytest

from gamerec.bots import simulate
from gamerec.fastwalk import apply_all
from gamerec.games import get_game
from gamerec.games.black_swan_taroc.rules import ORDER


def _by_order(state: Any) -> list[int]:
    counts = [0] * (max(ORDER) + 1)
    for hand in state.hands:
        for card, k in enumerate(hand):
            counts[ORDER[card]] += k
    return counts


@pytest.mark.parametrize("bot", ["random", "smart"])
def test_the_counts_by_order_are_the_hands(bot: str) -> None:
    game = get_game("black-swan-taroc")
    for n in (2, 4, 6):
        for record in simulate("black-swan-taroc", n, 2, seed=31, bot=bot):
            step = game.new_state(record.rules, record.players)
            fast = game.new_state(record.rules, record.players)
            for deal in record.deals:
                step.begin_deal(deal)
                fast.begin_deal(deal)
                assert step.in_hands == _by_order(step)
                for action in deal.actions:
                    step.apply(action)
                    assert step.in_hands == _by_order(step)
                assert apply_all(fast, deal.actions) is None
                assert fast.in_hands == _by_order(fast) == step.in_hands
