"""What a batch of verdicts adds up to: which records repeat an earlier one
(:class:`Duplicates`, by content hash and verdict), how the aggregates take a batch
(:class:`Triage`: a duplicate counted once, a record not valid left out and listed), and the
standings per game and player (:func:`standings`), which ratings and statistics take their
verdicts the same way as."""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence
from typing import Any, Literal

import msgspec

from ..checking.verdicts import STATUSES, Status, Verdict

__all__ = [
    "SORT_KEYS",
    "Duplicates",
    "PlayerStanding",
    "SortKey",
    "Standings",
    "Tally",
    "Triage",
    "duplicate_key",
    "not_counted",
    "player_twice",
    "sort_standings",
    "standings",
]


def duplicate_key(content_hash: str, status: Status) -> int:
    """What makes two records the same for :class:`Duplicates`: the first 64 bits of the
    content hash, and the verdict."""
    return int(content_hash[:16], 16) * 8 + STATUSES.index(status)


class Duplicates:
    """Which records of a batch repeat an earlier one: the same content hash and the same
    verdict (the same game with another claim is not a duplicate).

    Kept compact, since a batch may be millions long: an open-addressing table in two
    arrays of 64-bit words, at most three quarters full: a record's first 64 bits of
    content hash, and where it was first seen with its verdict (the verdict's number + 1 in
    the top three bits, so that a used slot is never 0; the file's number; the record's),
    21 to 43 bytes a record where a dict of ints took about 100 (docs/performance.md,
    "Memory on long batches").

    >>> from gamerec.checking.verdicts import Verdict
    >>> seen = Duplicates()
    >>> a = Verdict(source="a.grec", record=1, game="forest", status="valid", hash="ab" * 32)
    >>> seen.first(a) is None, seen.first(msgspec.structs.replace(a, source="b.grec"))
    (True, 'a.grec:1')
    >>> len(seen)
    1
    """

    def __init__(self) -> None:
        self._hashes = array("Q", [0]) * _FIRST_SLOTS
        self._where = array("Q", [0]) * _FIRST_SLOTS  # 0: an empty slot
        self._count = 0
        self._sources: dict[str, int] = {}
        self._names: list[str] = []

    def __len__(self) -> int:
        """How many distinct records have been seen."""
        return self._count

    def first(self, v: Verdict) -> str | None:
        """Where ``v``'s game was first seen (``file:record``), or None when this is the
        first time (then it is remembered)."""
        if v.hash is None:
            return None
        key = duplicate_key(v.hash, v.status)  # the hash's 64 bits, then the verdict's 3
        h = key >> 3
        status = (key & 7) + 1
        src = self._sources.get(v.source)
        if src is None:
            src = self._sources[v.source] = len(self._names)
            self._names.append(v.source)
        here = status << 61 | src << 32 | v.record
        hashes, where = self._hashes, self._where
        mask = len(hashes) - 1
        i = h & mask
        while True:
            w = where[i]
            if w == 0:
                break
            if hashes[i] == h and w >> 61 == status:
                # (even from the same place: verdicts offered twice, or records made in
                # Python, which all sit at "-", record 1)
                return f"{self._names[(w >> 32) & _SOURCE_BITS]}:{w & 0xFFFFFFFF}"
            i = (i + 1) & mask
        hashes[i] = h
        where[i] = here
        self._count += 1
        if 4 * self._count > 3 * len(hashes):  # at most three quarters full
            self._grow()
        return None

    def _grow(self) -> None:
        """Twice the slots, every entry put again."""
        old_hashes, old_where = self._hashes, self._where
        size = 2 * len(old_hashes)
        hashes = self._hashes = array("Q", [0]) * size  # (no bytes made first)
        where = self._where = array("Q", [0]) * size
        mask = size - 1
        for h, w in zip(old_hashes, old_where, strict=True):
            if w:
                i = h & mask
                while where[i]:
                    i = (i + 1) & mask
                hashes[i] = h
                where[i] = w


#: The bits of a file's number in a slot of :class:`Duplicates` (between the verdict's and
#: the record's): 2**29 files.
_SOURCE_BITS = (1 << 29) - 1
#: Slots of a new table of duplicates (a power of two).
_FIRST_SLOTS = 1024


class Triage:
    """How the aggregates (standings, ratings, statistics) take a batch's verdicts: a
    record seen before (same content hash and verdict) is listed in ``duplicates``
    (``[record, duplicate of]`` as ``file:number``) and counted once; a record that is not
    valid is left out and listed in ``left_out`` (without its score sheet); ``counts`` has
    how many records of each verdict, and the duplicates."""

    def __init__(self) -> None:
        self.left_out: list[Verdict] = []
        self.duplicates: list[tuple[str, str]] = []
        self.counts: dict[str, int] = {**dict.fromkeys(STATUSES, 0), "duplicate": 0}
        self._seen = Duplicates()

    def admit(self, v: Verdict) -> bool:
        """Whether ``v`` is a valid record seen for the first time; if not, it is counted
        and listed here."""
        first = self._seen.first(v)
        if first is not None:
            self.duplicates.append((_place(v), first))
            self.counts["duplicate"] += 1
            return False
        self.counts[v.status] += 1
        if v.status != "valid" or v.scores is None or v.game is None:
            self.left_out.append(msgspec.structs.replace(v, scores=None))
            return False
        return True


# -- standings ------------------------------------------------------------------------------
class PlayerStanding(msgspec.Struct):
    """One player's record in one game: games played, wins (a shared win counts as its
    share), total and mean score, and the best game's score."""

    player: str
    games: int = 0
    wins: float = 0.0
    total: int = 0
    mean: float = 0.0
    best: int | None = None
    #: the place in the standings, from 1; players equal in all but the name share it
    rank: int = 0


class Standings(msgspec.Struct):
    """Standings per game id, the records left out with their verdicts, the duplicates
    (``[record, duplicate of]`` as ``file:number``), how many records of each verdict, and
    the valid records not counted (``[record, why]``: a name in two seats)."""

    games: dict[str, list[PlayerStanding]]
    left_out: list[Verdict]
    duplicates: list[tuple[str, str]]
    counts: dict[str, int]
    not_counted: list[tuple[str, str]] = []


SORT_KEYS = ("wins", "total", "mean", "best", "games", "player")
SortKey = Literal["wins", "total", "mean", "best", "games", "player"]


def _place(v: Verdict) -> str:
    return f"{v.source}:{v.record}"


def player_twice(players: Sequence[str]) -> str | None:
    """Why a record cannot be added up per player name: ``player 'Ann' sits in 2 seats``
    (the format lets names repeat); None when each seat has a name of its own.

    >>> player_twice(["Ann", "Bob", "Ann"]), player_twice(["Ann", "ann"])
    ("player 'Ann' sits in 2 seats", None)
    """
    if len(set(players)) == len(players):
        return None
    seats: dict[str, int] = {}
    for name in players:
        seats[name] = seats.get(name, 0) + 1
    name, n = next((name, n) for name, n in seats.items() if n > 1)
    return f"player {name!r} sits in {n} seats"


def not_counted(v: Verdict) -> tuple[str, str] | None:
    """``(file:number, why)`` when the aggregates per player name cannot count ``v``'s record
    (a name in two seats: :func:`player_twice`), else None."""
    why = player_twice(v.players)
    return None if why is None else (_place(v), f"{why}: a player is counted once a game")


#: a shared win adds its share in whole units of 1/WIN_UNITS (every share 1/k, k up to 16, is
#: a whole number of them): wins add up exactly, so partial standings (one per file, on
#: another machine) merge to the same numbers in any order
WIN_UNITS = 720720


class Tally:
    """Standings being added up: per game id and player, games, wins (in units of
    1/:data:`WIN_UNITS`), total and best. Tallies of parts of a batch merge
    (:meth:`merge`) into the tally of the whole, as the Dask path does."""

    def __init__(self) -> None:
        #: game id -> player -> [games, win units, total, best or None]
        self.table: dict[str, dict[str, list[Any]]] = {}
        #: the valid records not counted, as ``(file:number, why)``: a name in two seats
        self.not_counted: list[tuple[str, str]] = []

    def add(self, v: Verdict) -> None:
        """Count a valid record (with its score sheet) admitted by a :class:`Triage`, unless
        a name sits in two seats (see :func:`player_twice`): then it is listed in
        :attr:`not_counted`."""
        assert v.scores is not None and v.game is not None
        aside = not_counted(v)
        if aside is not None:
            self.not_counted.append(aside)
            return
        sheet = v.scores
        players = self.table.setdefault(v.game, {})
        members = sheet.members or [[s] for s in range(len(sheet.sides))]
        for game in sheet.games:
            share = _share(len(game.winners)) if game.winners else 0
            for side, seats in enumerate(members):
                score = game.scores[side]
                won = share if side in game.winners else 0
                for seat in seats:
                    name = v.players[seat]
                    p = players.get(name)
                    if p is None:
                        p = players[name] = [0, 0, 0, None]
                    p[0] += 1
                    p[1] += won
                    p[2] += score
                    p[3] = score if p[3] is None else max(p[3], score)

    def merge(self, other: Tally) -> Tally:
        """Add ``other``'s counts to this tally's (and return it); ``other``'s records
        come after this one's."""
        self.not_counted += other.not_counted
        for game_id, rows in other.table.items():
            players = self.table.setdefault(game_id, {})
            for name, (games, wins, total, best) in rows.items():
                p = players.get(name)
                if p is None:
                    players[name] = [games, wins, total, best]
                    continue
                p[0] += games
                p[1] += wins
                p[2] += total
                p[3] = best if p[3] is None else p[3] if best is None else max(p[3], best)
        return self

    def result(self, sort: SortKey = "wins") -> dict[str, list[PlayerStanding]]:
        """The standings per game id, each sorted by ``sort``."""
        result: dict[str, list[PlayerStanding]] = {}
        for game_id in sorted(self.table):
            rows = [
                PlayerStanding(name, games, wins / WIN_UNITS, total, total / games if games else 0.0, best)
                for name, (games, wins, total, best) in self.table[game_id].items()
            ]
            result[game_id] = sort_standings(rows, sort)
        return result


def _share(winners: int) -> int:
    if WIN_UNITS % winners:
        raise ValueError(f"a win shared {winners} ways: standings share a win 16 ways at most")
    return WIN_UNITS // winners


def standings(verdicts: Iterable[Verdict], sort: SortKey = "wins") -> Standings:
    """Add up the valid records among ``verdicts`` per game id and player name. A record
    seen before (same content hash and verdict) is reported and counted once; records that are not
    valid are left out and listed. A game is a record, but each game inside a
    black-swan-taroc record counts on its own; in a team game each member is credited
    with the team's score and its share of the win (shares add up exactly: see :class:`Tally`)."""
    if sort not in SORT_KEYS:
        from ..errors import InputError

        raise InputError(f"sort {sort!r}: sort by one of {', '.join(SORT_KEYS)}")
    tally = Tally()
    triage = Triage()
    for v in verdicts:
        if triage.admit(v):
            tally.add(v)
    return Standings(tally.result(sort), triage.left_out, triage.duplicates, triage.counts, tally.not_counted)


def sort_standings(rows: Sequence[PlayerStanding], key: SortKey) -> list[PlayerStanding]:
    """Best first by ``key`` (by name for ``player``), then by wins, total, mean, best,
    fewer games and name, each with its ``rank``: its place best first by ``key`` (by wins
    for ``player``, listed by name), shared by players equal in every number (1, 1, 3), as
    :mod:`gamerec.tables.ratings` ranks players rated alike.

    >>> rows = [PlayerStanding("Cy", 2, 1.0, 90), PlayerStanding("Ann", 2, 1.0, 90)]
    >>> rows.append(PlayerStanding("Bo", 2, 0.0, 80))
    >>> [(p.rank, p.player) for p in sort_standings(rows, "wins")]
    [(1, 'Ann'), (1, 'Cy'), (3, 'Bo')]
    >>> [(p.rank, p.player) for p in sort_standings(rows, "player")]
    [(1, 'Ann'), (3, 'Bo'), (1, 'Cy')]
    """

    def numbers(p: PlayerStanding, by: str) -> tuple[float, ...]:
        value = getattr(p, by)
        best = p.best if p.best is not None else float("-inf")
        return (-(value if value is not None else float("-inf")), -p.wins, -p.total, -p.mean, -best, p.games)

    by = "wins" if key == "player" else key
    ranked: list[PlayerStanding] = []
    for i, p in enumerate(sorted(rows, key=lambda p: (*numbers(p, by), p.player)), 1):
        tied = ranked and numbers(ranked[-1], by) == numbers(p, by)
        ranked.append(msgspec.structs.replace(p, rank=ranked[-1].rank if tied else i))
    return sorted(ranked, key=lambda p: p.player) if key == "player" else ranked


def wins_text(wins: float) -> str:
    """Wins with shares of shared wins, with one decimal always (``5047.7`` beside
    ``5011.5`` and ``12.0``, never ``5047.67`` beside ``5011.5``)."""
    return f"{wins:.1f}"
