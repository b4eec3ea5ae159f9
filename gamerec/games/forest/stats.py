"""forest's statistics (docs/stats.md): the numbers of its players' rows and how
``gamerec stats`` shows them, collected from each valid record's walk."""

from __future__ import annotations

from ...engine import DealScored, TrickWon
from ...record import Record
from ...stepper import StepTuple
from ...tables.stats import COMMON_COLUMNS, Column, PlayerStats, StatsCollector, mean

__all__ = ["ForestStatistics", "ForestStats"]


class ForestStats(PlayerStats, kw_only=True):
    """forest: rounds played; rounds on target (taking exactly a target's number of tricks),
    by target and in all; tricks taken, in all and per round; penalties (rounds that lost
    points) and the points they lost."""

    rounds: int = 0
    on_target: dict[int, int] = {}  # noqa: RUF012 - a Struct field: msgspec copies it
    rounds_on_target: int = 0
    tricks: int = 0
    tricks_per_round: float = 0.0
    penalties: int = 0
    penalty_points: int = 0


def _points(n: int) -> str:
    return f"{n} point{'s' if n != 1 else ''}"


def _on_target(row: ForestStats) -> str:
    """``3 (4: 2, 8: 1)``: in all, then the rounds at each target."""
    if not row.on_target:
        return str(row.rounds_on_target)
    return f"{row.rounds_on_target} ({', '.join(f'{k}: {n}' for k, n in row.on_target.items())})"


class ForestStatistics(StatsCollector):
    row = ForestStats
    columns = (
        *COMMON_COLUMNS,
        Column("Rounds", lambda r: str(r.rounds)),
        Column("On target (tricks: rounds)", lambda r: _on_target(r), text=True),
        Column("Tricks per round", lambda r: f"{r.tricks_per_round:.1f}"),
        Column("Penalties", lambda r: f"{r.penalties} ({_points(r.penalty_points)})"),
    )

    def __init__(self, record: Record) -> None:
        super().__init__(record)
        self.taken: list[int] = []
        # per seat: (tricks, points, on target) of each round
        self.rounds: list[list[tuple[int, int, bool]]] = [[] for _ in range(self.n)]

    def step(self, step: StepTuple) -> None:
        _deal, index, _action, events, state = step
        if index < 0:
            self.taken = [0] * self.n
        for e in events:
            if isinstance(e, TrickWon):
                self.taken[e.seat] += 1
            elif isinstance(e, DealScored):
                targets = state.rules.targets
                for s in range(self.n):
                    self.rounds[s].append((self.taken[s], e.scores[s], self.taken[s] in targets))

    def credit(self, seat: int, row: ForestStats) -> None:
        for tricks, points, on_target in self.rounds[seat]:
            row.rounds += 1
            row.tricks += tricks
            if on_target:
                row.rounds_on_target += 1
                row.on_target[tricks] = row.on_target.get(tricks, 0) + 1
            elif points < 0:
                row.penalties += 1
                row.penalty_points -= points

    @staticmethod
    def finish(row: ForestStats) -> None:
        row.on_target = dict(sorted(row.on_target.items()))
        row.tricks_per_round = mean(row.tricks, row.rounds)
