"""black-swan-taroc's statistics (docs/stats.md): the numbers of its players' rows and how
``gamerec stats`` shows them, collected from each valid record's walk."""

from __future__ import annotations

from ...events import GameOver, PledgeHandedOut, TrickTaken
from ...record import Record
from ...stepper import StepTuple
from ...tables.stats import COMMON_COLUMNS, Column, PlayerStats, StatsCollector
from .rules import PLEDGE_VALUES

__all__ = ["BlackSwanTarocStatistics", "BlackSwanTarocStats"]


class BlackSwanTarocStats(PlayerStats, kw_only=True):
    """black-swan-taroc: games and games won; pledges held at the end of each game (how many,
    and their value), added up; subpar conversions (games ended with a count below Par);
    points captured in tricks."""

    pledges_held: int = 0
    pledge_points: int = 0
    subpar: int = 0
    points_captured: int = 0


def _points(n: int) -> str:
    return f"{n} point{'s' if n != 1 else ''}"


class BlackSwanTarocStatistics(StatsCollector):
    row = BlackSwanTarocStats
    columns = (
        *COMMON_COLUMNS,
        Column("Pledges held", lambda r: f"{r.pledges_held} ({_points(r.pledge_points)})"),
        Column("Subpar", lambda r: str(r.subpar)),
        Column("Points captured", lambda r: str(r.points_captured)),
    )

    def __init__(self, record: Record) -> None:
        super().__init__(record)
        n = self.n
        self.held: list[list[int]] = []
        self.pledges = [0] * n
        self.pledge_points = [0] * n
        self.subpar = [0] * n
        self.captured = [0] * n

    def step(self, step: StepTuple) -> None:
        _deal, index, _action, events, _state = step
        if index < 0:  # a new game: a feather each from the bank
            self.held = [[1, 0, 0] for _ in range(self.n)]
        for e in events:
            if isinstance(e, PledgeHandedOut):
                self.held[e.seat][e.pledge] += 1
            elif isinstance(e, TrickTaken):
                self.captured[e.seat] += e.points
                for seat, _card, pledge in e.plays:
                    if pledge >= 0:
                        self.held[seat][pledge] -= 1
            elif isinstance(e, GameOver):
                for s in range(self.n):
                    self.pledges[s] += sum(self.held[s])
                    held = zip(self.held[s], PLEDGE_VALUES, strict=True)
                    self.pledge_points[s] += sum(k * v for k, v in held)
                    self.subpar[s] += e.counts[s] < e.par

    def credit(self, seat: int, row: BlackSwanTarocStats) -> None:
        row.pledges_held += self.pledges[seat]
        row.pledge_points += self.pledge_points[seat]
        row.subpar += self.subpar[seat]
        row.points_captured += self.captured[seat]
