"""Toy trick's statistics: the numbers ``gamerec stats`` gives of its players, collected
from each valid record's walk (a :class:`~gamerec.tables.stats.StatsCollector`)."""

from __future__ import annotations

from gamerec.engine import TrickWon
from gamerec.record import Record
from gamerec.stepper import StepTuple
from gamerec.tables.stats import COMMON_COLUMNS, Column, PlayerStats, StatsCollector, mean

__all__ = ["ToyStatistics", "ToyStats"]


class ToyStats(PlayerStats, kw_only=True):
    """A toy trick player's row: besides games and wins (every game's), deals played and
    tricks won, in all and per deal."""

    deals: int = 0
    tricks: int = 0
    tricks_per_deal: float = 0.0


class ToyStatistics(StatsCollector):
    """Counts each seat's deals and tricks in one record."""

    row = ToyStats
    columns = (
        *COMMON_COLUMNS,
        Column("Deals", lambda r: str(r.deals)),
        Column("Tricks", lambda r: str(r.tricks)),
        Column("Tricks per deal", lambda r: f"{r.tricks_per_deal:.2f}"),
    )

    def __init__(self, record: Record) -> None:
        super().__init__(record)
        self.deals = 0
        self.tricks = [0] * self.n

    def step(self, step: StepTuple) -> None:
        _deal, index, _action, events, _state = step
        if index < 0:  # a deal begins
            self.deals += 1
        for e in events:
            if isinstance(e, TrickWon):
                self.tricks[e.seat] += 1

    def credit(self, seat: int, row: ToyStats) -> None:
        row.deals += self.deals
        row.tricks += self.tricks[seat]

    @staticmethod
    def finish(row: ToyStats) -> None:
        row.tricks_per_deal = mean(row.tricks, row.deals)
