"""Moving through a replay: steps, tricks, deals, jumps (what the keys of `gamerec replay`
do)."""

from __future__ import annotations

import pytest

from gamerec.bots import simulate
from gamerec.games import GAMES
from gamerec.present import MOVES, Replay, move

PLAYERS = {"blackball": 3, "black-swan-2012": 3, "black-swan-taroc": 2, "forest": 3}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_tricks_and_deals_in_every_game(game: str) -> None:
    steps = list(Replay(next(simulate(game, PLAYERS[game], 1, 5))))
    last = len(steps) - 1
    starts = [j for j, s in enumerate(steps) if s.index == -1]
    ends = [j for j, s in enumerate(steps) if any(e.ends_trick for e in s.events)]
    assert starts[0] == 0 and ends
    # walking by tricks visits every trick's end in order, then stops at the last step
    seen, i = [], 0
    while True:
        j = move(steps, i, "next-trick")
        if j == i or (j == last and j not in ends):
            break
        seen.append(j)
        i = j
    assert seen == ends[: len(seen)] and set(ends) - set(seen) <= {last}
    assert move(steps, ends[1], "previous-trick") == ends[0]
    assert move(steps, 0, "previous-trick") == 0
    # deals
    if len(starts) > 1:
        assert move(steps, 0, "next-deal") == starts[1]
        assert move(steps, starts[1] + 2, "previous-deal") == starts[1]
        assert move(steps, 0, "deal", deal=2) == starts[1]
    assert move(steps, 5, "deal", deal=99) == starts[-1]
    assert move(steps, last, "next-deal") == last
    # plain steps
    assert move(steps, 0, "back") == 0 and move(steps, last, "next") == last
    assert move(steps, 3, "next") == 4 and move(steps, 3, "back") == 2
    assert (move(steps, 7, "first"), move(steps, 7, "last")) == (0, last)


def test_unknown_moves_are_refused() -> None:
    steps = list(Replay(next(simulate("forest", 3, 1, 1))))
    with pytest.raises(ValueError, match="unknown move 'sideways'"):
        move(steps, 0, "sideways")
    assert "next-trick" in MOVES and move([], 0, "next") == 0
