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
from typing import Any

import msgspec

from .cards import SWAN
from .engine import Event, GameState
from .events import Captured, DealScored, GameOver, PledgeHandedOut, TrickTaken, TrickWon, WentOut
from .format.paths import Paths, expand_paths
from .format.progress import OnProgress
from .format.read import Entry, read_records
from .format.record import Action, Bid, Record
from .games.black_swan_2012.rules import card_points
from .games.black_swan_taroc.rules import PLEDGE_VALUES
from .standings import Triage, not_counted
from .stepper import OutcomeVisitor, StepTuple, walk
from .verdicts import Verdict, entry_verdict, unreadable

__all__ = [
    "BlackSwan2012Stats",
    "BlackSwanTarocStats",
    "BlackballStats",
    "ForestStats",
    "GameStats",
    "HeadToHead",
    "PlayerStats",
    "Stats",
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
    rounds_by_size: dict[int, int] = {}
    points_by_size: dict[int, float] = {}


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


class BlackSwanTarocStats(PlayerStats, kw_only=True):
    """black-swan-taroc: games and games won; pledges held at the end of each game (how many,
    and their value), added up; subpar conversions (games ended with a count below Par);
    points captured in tricks."""

    pledges_held: int = 0
    pledge_points: int = 0
    subpar: int = 0
    points_captured: int = 0


class ForestStats(PlayerStats, kw_only=True):
    """forest: rounds played; rounds on target (taking exactly a target's number of tricks),
    by target and in all; tricks taken, in all and per round; penalties (rounds that lost
    points) and the points they lost."""

    rounds: int = 0
    on_target: dict[int, int] = {}
    rounds_on_target: int = 0
    tricks: int = 0
    tricks_per_round: float = 0.0
    penalties: int = 0
    penalty_points: int = 0


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
    (as :class:`gamerec.standings.Standings` has them), and the valid records not counted
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
    :func:`gamerec.batch.verify_batch` gives it, duplicates too), in input order."""
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
        collector = _COLLECTORS.get(record.game, _Collector)(record)
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


def _mean(total: float, n: int) -> float:
    return round(total / n, DECIMALS) if n else 0.0


# -- one record's numbers, per seat ---------------------------------------------------------
class _Collector(OutcomeVisitor):
    """What one record's steps give, per seat (a visitor of its walk); a game's own
    collector adds its numbers to the players' rows with :meth:`credit`."""

    row: type[PlayerStats] = PlayerStats

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


class _Blackball(_Collector):
    row = BlackballStats

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
        row.bids_made_pct = _mean(100 * row.bids_made, row.rounds)
        row.rounds_by_size = dict(sorted(row.rounds_by_size.items()))
        row.points_by_size = {k: _mean(row.points_by_size[k], n) for k, n in row.rounds_by_size.items()}


class _BlackSwan2012(_Collector):
    row = BlackSwan2012Stats

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
        row.points_per_deal = _mean(row.points, row.deals)


class _BlackSwanTaroc(_Collector):
    row = BlackSwanTarocStats

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


class _Forest(_Collector):
    row = ForestStats

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
        row.tricks_per_round = _mean(row.tricks, row.rounds)


_COLLECTORS: dict[str, type[_Collector]] = {
    "blackball": _Blackball,
    "black-swan-2012": _BlackSwan2012,
    "black-swan-taroc": _BlackSwanTaroc,
    "forest": _Forest,
}


# -- a game's table of players and pairs ----------------------------------------------------
class _Table:
    def __init__(self, game: str) -> None:
        self.game = game
        self.rows: dict[str, PlayerStats] = {}
        self.pairs: dict[tuple[str, str], HeadToHead] = {}
        self.finish = _COLLECTORS.get(game, _Collector).finish

    def add(self, record: Record, state: GameState, collector: _Collector) -> None:
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
