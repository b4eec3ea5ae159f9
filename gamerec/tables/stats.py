"""Player statistics: per game and player, the numbers that game's players care about, and
head-to-head records for every pair of players (each number is defined in docs/stats.md).

Every number comes from the valid records only, each walked once through the stepper
(:func:`gamerec.stepper.walk`: its steps, their events and the live state), which gives the
verdict at the same time; nothing is read from views or texts. A record seen before (the
same content hash) is counted once, as standings do; records that are not valid are left
out and listed. A game is a record, but each game inside a black-swan-taroc record counts
on its own.

>>> from gamerec.bots import simulate
>>> from gamerec.format.read import read_bytes
>>> from gamerec.format.write import encode_records
>>> games = simulate("forest", players=3, games=2, seed=1, names=["Ann", "Bob", "Cy"])
>>> result = stats_of(read_bytes(b"".join(encode_records(games, "jsonl"))))
>>> forest = result.games["forest"]
>>> sorted(row.player for row in forest.players), [row.games for row in forest.players]
(['Ann', 'Bob', 'Cy'], [2, 2, 2])
>>> [(pair.a, pair.b, pair.games) for pair in forest.head_to_head]
[('Ann', 'Bob', 2), ('Ann', 'Cy', 2), ('Bob', 'Cy', 2)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, NamedTuple

import msgspec

from ..checking.verdicts import Verdict, entry_verdict, unreadable
from ..engine import Event, GameState
from ..format.paths import Paths, expand_paths
from ..format.progress import OnProgress
from ..format.read import Entry, read_records
from ..games import get_spec
from ..record import Action, Record
from ..stepper import OutcomeVisitor, StepTuple, walk
from .standings import Triage, not_counted, wins_text

__all__ = [
    "COMMON_COLUMNS",
    "Column",
    "GameStats",
    "HeadToHead",
    "PlayerStats",
    "Stats",
    "StatsCollector",
    "player_stats",
    "stats_of",
]

#: averages and percentages are rounded to this many decimals
DECIMALS = 3


class PlayerStats(msgspec.Struct, kw_only=True):
    """What every game's statistics have: the player, games played and games won (a
    shared win counts as its share, as in the standings)."""

    player: str
    games: int = 0
    wins: float = 0.0


class HeadToHead(msgspec.Struct):
    """Two players (``a`` before ``b`` by name), the games they played together and how
    often each finished higher than the other (``level``: neither did, as team mates do)."""

    a: str
    b: str
    games: int = 0
    a_higher: int = 0
    b_higher: int = 0
    level: int = 0


class GameStats(msgspec.Struct):
    """One game's statistics: a row per player (most wins first), the head-to-head records
    of every pair of players (by name)."""

    players: list[PlayerStats]
    head_to_head: list[HeadToHead]


class Stats(msgspec.Struct):
    """Statistics per game id, the records left out with their verdicts, the duplicates
    (``[record, duplicate of]`` as ``file:number``) and how many records of each verdict
    (as :class:`gamerec.tables.standings.Standings` has them), and the valid records not counted
    (``[record, why]``: a name in two seats)."""

    games: dict[str, GameStats]
    left_out: list[Verdict]
    duplicates: list[tuple[str, str]]
    counts: dict[str, int]
    not_counted: list[tuple[str, str]] = []


def player_stats(
    paths: Paths,
    player: str | None = None,
    on_progress: OnProgress | None = None,
    on_verdict: Callable[[Verdict], None] | None = None,
) -> Stats:
    """The statistics of every valid record of the files, directories or globs named
    (with ``player``: only that player's rows and pairs, and only the games they played).
    ``on_progress`` (see :mod:`gamerec.format.progress`) hears of each record read;
    ``on_verdict`` is given every record's verdict (with its scores and content hash, as
    :func:`gamerec.checking.batch.verify_batch` gives it, duplicates too), in input order."""
    return stats_of(read_records(expand_paths(paths), on_progress), player, on_verdict)


def stats_of(
    entries: Iterable[Entry],
    player: str | None = None,
    on_verdict: Callable[[Verdict], None] | None = None,
) -> Stats:
    """The statistics of the valid records among ``entries`` (see :func:`player_stats`)."""
    tables: dict[str, _Table] = {}
    triage = Triage()
    set_aside: list[tuple[str, str]] = []  # the records not counted
    for entry in entries:
        if entry.record is None:
            verdict = unreadable(entry)
            if on_verdict is not None:
                on_verdict(verdict)
            triage.admit(verdict)
            continue
        record = entry.record
        collector = _collector_of(record.game)(record)
        outcome = walk(record, collector)
        verdict = entry_verdict(entry, outcome)
        if on_verdict is not None:
            on_verdict(verdict)
        if not triage.admit(verdict) or outcome.state is None:
            continue
        aside = not_counted(verdict)
        if aside is not None:
            set_aside.append(aside)
            continue
        table = tables.get(record.game)
        if table is None:
            table = tables[record.game] = _Table(record.game)
        table.add(record, outcome.state, collector)
    games = {}
    for game_id in sorted(tables):
        result = tables[game_id].result(player)
        if result.players:
            games[game_id] = result
    return Stats(games, triage.left_out, triage.duplicates, triage.counts, set_aside)


def mean(total: float, n: int) -> float:
    return round(total / n, DECIMALS) if n else 0.0


# -- one record's numbers, per seat ---------------------------------------------------------
class Column(NamedTuple):
    """A column of a game's statistics as a table shows them: its heading, the text of a
    player's cell, and whether the cells are words (``text``, aligned left) or a number."""

    heading: str
    cell: Callable[[Any], str]
    text: bool = False


#: the columns every game's table has: games played and won
COMMON_COLUMNS: tuple[Column, ...] = (
    Column("Games", lambda r: str(r.games)),
    Column("Wins", lambda r: wins_text(r.wins)),
)


class StatsCollector(OutcomeVisitor):
    """What one record's steps give, per seat (a visitor of its walk). A game's own
    collector (its spec's :meth:`~gamerec.games.spec.GameSpec.statistics`) names its
    players' rows (``row``, a :class:`PlayerStats`), adds its numbers to them with
    :meth:`credit`, works out the averages with :meth:`finish` and says how a table shows
    them (``columns``). This one has the numbers every game has."""

    row: ClassVar[type[PlayerStats]] = PlayerStats
    columns: ClassVar[tuple[Column, ...]] = COMMON_COLUMNS

    def __init__(self, record: Record) -> None:
        super().__init__()
        self.record = record
        self.n = len(record.players)

    def begin_deal(self, deal: int, events: Sequence[Event], state: GameState) -> None:
        self.step((deal, -1, None, events, state))

    def action(
        self, deal: int, index: int, action: Action, events: Sequence[Event], state: GameState
    ) -> None:
        self.step((deal, index, action, events, state))

    def step(self, step: StepTuple) -> None:
        """Take in one step of the walk: (deal, action index, action, events, state)."""

    def credit(self, seat: int, row: Any) -> None:
        pass

    @staticmethod
    def finish(row: Any) -> None:
        """Work out ``row``'s averages once every record is added."""


def _collector_of(game_id: str) -> type[StatsCollector]:
    return get_spec(game_id).statistics() or StatsCollector


# -- a game's table of players and pairs ----------------------------------------------------
class _Table:
    def __init__(self, game: str) -> None:
        self.game = game
        self.rows: dict[str, PlayerStats] = {}
        self.pairs: dict[tuple[str, str], HeadToHead] = {}
        self.finish = _collector_of(game).finish

    def add(self, record: Record, state: GameState, collector: StatsCollector) -> None:
        names = record.players
        members = state.members()
        side_of = {seat: side for side, seats in enumerate(members) for seat in seats}
        for seat, name in enumerate(names):
            row = self.rows.get(name)
            if row is None:
                row = self.rows[name] = collector.row(player=name)
            collector.credit(seat, row)
        for scores, winners in state.game_results():
            share = 1.0 / len(winners) if winners else 0.0
            # how a seat finished: a winner above everyone else, then by score
            place = [(side_of[s] in winners, scores[side_of[s]]) for s in range(len(names))]
            for seat, name in enumerate(names):
                row = self.rows[name]
                row.games += 1
                row.wins += share if side_of[seat] in winners else 0.0
            for i in range(len(names)):
                for j in range(i + 1, len(names)):
                    if names[i] == names[j]:
                        continue
                    a, b = (i, j) if names[i] < names[j] else (j, i)
                    pair = self.pairs.get((names[a], names[b]))
                    if pair is None:
                        pair = self.pairs[names[a], names[b]] = HeadToHead(names[a], names[b])
                    pair.games += 1
                    if place[a] > place[b]:
                        pair.a_higher += 1
                    elif place[b] > place[a]:
                        pair.b_higher += 1
                    else:
                        pair.level += 1

    def result(self, player: str | None) -> GameStats:
        rows = [r for r in self.rows.values() if player is None or r.player == player]
        for r in rows:
            self.finish(r)
        rows.sort(key=lambda r: (-r.wins, -r.games, r.player))
        pairs = [p for k, p in sorted(self.pairs.items()) if player is None or player in k]
        return GameStats(rows, pairs)
