"""blackball's statistics (docs/stats.md): the numbers of its players' rows and how
``gamerec stats`` shows them, collected from each valid record's walk."""

from __future__ import annotations

from ...engine import DealScored, TrickWon
from ...record import Bid, Record
from ...stepper import StepTuple
from ...tables.stats import COMMON_COLUMNS, Column, PlayerStats, StatsCollector, mean

__all__ = ["BlackballStatistics", "BlackballStats"]


class BlackballStats(PlayerStats, kw_only=True):
    """blackball: rounds played; bids made exactly (and their percentage of the rounds);
    tricks taken over and under the bid, added up; zero bids and zero bids made; the rounds
    and the mean points per round of each hand size."""

    rounds: int = 0
    bids_made: int = 0
    bids_made_pct: float = 0.0
    over_tricks: int = 0
    under_tricks: int = 0
    zero_bids: int = 0
    zero_bids_made: int = 0
    rounds_by_size: dict[int, int] = {}  # noqa: RUF012 - a Struct field: msgspec copies it
    points_by_size: dict[int, float] = {}  # noqa: RUF012 - a Struct field: msgspec copies it


def _by_size(values: dict[int, float]) -> str:
    return " ".join(f"{k}:{v:.1f}" for k, v in values.items())


class BlackballStatistics(StatsCollector):
    row = BlackballStats
    columns = (
        *COMMON_COLUMNS,
        Column("Rounds", lambda r: str(r.rounds)),
        Column("Bids made", lambda r: f"{r.bids_made} ({r.bids_made_pct:.1f}%)"),
        Column("Over", lambda r: str(r.over_tricks)),
        Column("Under", lambda r: str(r.under_tricks)),
        Column("Zero bids made", lambda r: f"{r.zero_bids_made} of {r.zero_bids}"),
        Column("Points per round by hand size", lambda r: _by_size(r.points_by_size), text=True),
    )

    def __init__(self, record: Record) -> None:
        super().__init__(record)
        self.size = 0
        self.bids: list[int] = []
        self.taken: list[int] = []
        # per seat: (hand size, bid, tricks taken, points) of each round
        self.rounds: list[list[tuple[int, int, int, int]]] = [[] for _ in range(self.n)]

    def step(self, step: StepTuple) -> None:
        deal, index, action, events, _state = step
        if index < 0:
            self.size = len(self.record.deals[deal].hands[0])
            self.bids, self.taken = [0] * self.n, [0] * self.n
        elif isinstance(action, Bid):
            self.bids[action.seat] = action.tricks
        for e in events:
            if isinstance(e, TrickWon):
                self.taken[e.seat] += 1
            elif isinstance(e, DealScored):
                for s in range(self.n):
                    self.rounds[s].append((self.size, self.bids[s], self.taken[s], e.scores[s]))

    def credit(self, seat: int, row: BlackballStats) -> None:
        for size, bid, taken, points in self.rounds[seat]:
            row.rounds += 1
            row.bids_made += bid == taken
            row.over_tricks += max(0, taken - bid)
            row.under_tricks += max(0, bid - taken)
            row.zero_bids += bid == 0
            row.zero_bids_made += bid == 0 == taken
            row.rounds_by_size[size] = row.rounds_by_size.get(size, 0) + 1
            row.points_by_size[size] = row.points_by_size.get(size, 0) + points

    @staticmethod
    def finish(row: BlackballStats) -> None:
        row.bids_made_pct = mean(100 * row.bids_made, row.rounds)
        row.rounds_by_size = dict(sorted(row.rounds_by_size.items()))
        row.points_by_size = {k: mean(row.points_by_size[k], n) for k, n in row.rounds_by_size.items()}
