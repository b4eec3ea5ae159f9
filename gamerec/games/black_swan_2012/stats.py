"""black-swan-2012's statistics (docs/stats.md): the numbers of its players' rows and how
``gamerec stats`` shows them, collected from each valid record's walk."""

from __future__ import annotations

from ...cards import SWAN
from ...engine import DealScored
from ...events import Captured, WentOut
from ...record import Record
from ...stepper import StepTuple
from ...tables.standings import wins_text
from ...tables.stats import Column, PlayerStats, StatsCollector, mean
from .rules import card_points

__all__ = ["BlackSwan2012Statistics", "BlackSwan2012Stats"]


class BlackSwan2012Stats(PlayerStats, kw_only=True):
    """black-swan-2012: matches (``games``) and matches won (``wins``); deals played; Black
    Swan captures (deals whose Black Swan ended in the player's pile); tables captured
    (completed, the deal's last one included); times first out; the points of the player's
    own pile, in all and per deal."""

    deals: int = 0
    swan_captures: int = 0
    tables: int = 0
    first_out: int = 0
    points: int = 0
    points_per_deal: float = 0.0


class BlackSwan2012Statistics(StatsCollector):
    row = BlackSwan2012Stats
    columns = (
        Column("Matches", lambda r: str(r.games)),
        Column("Won", lambda r: wins_text(r.wins)),
        Column("Deals", lambda r: str(r.deals)),
        Column("Swan captures", lambda r: str(r.swan_captures)),
        Column("Tables", lambda r: str(r.tables)),
        Column("First out", lambda r: str(r.first_out)),
        Column("Points per deal", lambda r: f"{r.points_per_deal:.1f}"),
    )

    def __init__(self, record: Record) -> None:
        super().__init__(record)
        n = self.n
        self.deals = 0
        self.swan = [0] * n
        self.tables = [0] * n
        self.first_out = [0] * n
        self.points = [0] * n

    def step(self, step: StepTuple) -> None:
        _deal, _index, _action, events, _state = step
        for e in events:
            if isinstance(e, Captured):
                # the deal's last table: completed by its taker, who keeps the Black Swan;
                # the rest goes to the first player out (e.seat)
                taker = e.seat if e.taker is None else e.taker
                self.tables[taker] += 1
                self.points[e.seat] += sum(card_points(c) for c in e.cards)
                self.points[taker] += sum(card_points(c) for c in e.kept)
                if SWAN in e.kept or SWAN in e.cards:
                    self.swan[taker if SWAN in e.kept else e.seat] += 1
            elif isinstance(e, WentOut) and e.place == 1:
                self.first_out[e.seat] += 1
            elif isinstance(e, DealScored):
                self.deals += 1

    def credit(self, seat: int, row: BlackSwan2012Stats) -> None:
        row.deals += self.deals
        row.swan_captures += self.swan[seat]
        row.tables += self.tables[seat]
        row.first_out += self.first_out[seat]
        row.points += self.points[seat]

    @staticmethod
    def finish(row: BlackSwan2012Stats) -> None:
        row.points_per_deal = mean(row.points, row.deals)
