"""Batches: verify many records, in order, in one process or several; find duplicates;
add up standings per game and player.

Records are read undecoded (:func:`gamerec.files.raw_records`) and decoded and verified
where the work is done, so only bytes travel to other processes and verdicts come back.
At most a few chunks per process are in flight at any time: memory stays flat however
many records a batch holds, and verdicts come out in input order, the same as in one
process.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import islice
from typing import Any, Literal

import msgspec

from .files import RawRecord, content_hash, decode_raw, expand_paths, raw_records
from .verify import STATUSES, Verdict, unreadable, verify_record

__all__ = [
    "SORT_KEYS",
    "Duplicates",
    "PlayerStanding",
    "Standings",
    "content_hash",
    "default_jobs",
    "standings",
    "verify_batch",
]


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _verify_raw(raw: RawRecord, scores: bool = True) -> Verdict:
    entry = decode_raw(raw)
    if entry.record is None:
        return unreadable(entry)
    verdict = verify_record(entry.record, entry.source, entry.index, entry.where)
    verdict.hash = content_hash(entry.record)
    if not scores:
        verdict.scores = None
    return verdict


# verdicts cross from the workers as MessagePack: several times faster than pickling Structs
_chunk_encoder = msgspec.msgpack.Encoder()
_chunk_decoder = msgspec.msgpack.Decoder(list[Verdict])


def _verify_chunk(raws: list[RawRecord], scores: bool) -> bytes:
    return _chunk_encoder.encode([_verify_raw(r, scores) for r in raws])


def verify_batch(
    paths: Iterable[str],
    jobs: int = 1,
    chunk: int = 256,
    on_file: Callable[[str], None] | None = None,
    scores: bool = True,
) -> Iterator[Verdict]:
    """A verdict, with its content hash, for every record of every file, directory or
    glob named, in input order; ``jobs`` processes share the work. Without ``scores`` the
    verdicts leave out their score sheets (less to send between processes)."""
    files = expand_paths(paths)

    def raws() -> Iterator[RawRecord]:
        for f in files:
            if on_file is not None:
                on_file(f)
            yield from raw_records([f])

    if jobs <= 1:
        for raw in raws():
            yield _verify_raw(raw, scores)
        return
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    with multiprocessing.get_context(method).Pool(jobs) as pool:
        pending: deque[Any] = deque()
        source = raws()
        while True:
            block = list(islice(source, chunk))
            if block:
                pending.append(pool.apply_async(_verify_chunk, (block, scores)))
            if pending and (not block or len(pending) >= 3 * jobs):
                yield from _chunk_decoder.decode(pending.popleft().get())
            if not block and not pending:
                return


class Duplicates:
    """Which records of a batch repeat an earlier one: the same content hash and the same
    verdict (the same game with another claim is not a duplicate). Kept compact (an int
    for each record seen, about a hundred bytes), since a batch may be millions long."""

    def __init__(self) -> None:
        self._seen: dict[int, int] = {}
        self._sources: dict[str, int] = {}
        self._names: list[str] = []

    def first(self, v: Verdict) -> str | None:
        """Where ``v``'s game was first seen (``file:record``), or None when this is the
        first time (then it is remembered)."""
        if v.hash is None:
            return None
        key = int(v.hash[:16], 16) * 8 + STATUSES.index(v.status)
        src = self._sources.get(v.source)
        if src is None:
            src = self._sources[v.source] = len(self._names)
            self._names.append(v.source)
        here = (src << 32) | v.record
        got = self._seen.setdefault(key, here)
        if got == here:
            return None
        return f"{self._names[got >> 32]}:{got & 0xFFFFFFFF}"


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


class Standings(msgspec.Struct):
    """Standings per game id, the records left out with their verdicts, the duplicates
    (``[record, duplicate of]`` as ``file:number``) and how many records of each verdict."""

    games: dict[str, list[PlayerStanding]]
    left_out: list[Verdict]
    duplicates: list[tuple[str, str]]
    counts: dict[str, int]


SORT_KEYS = ("wins", "total", "mean", "best", "games", "player")
SortKey = Literal["wins", "total", "mean", "best", "games", "player"]


def _place(v: Verdict) -> str:
    return f"{v.source}:{v.record}"


def standings(verdicts: Iterable[Verdict], sort: SortKey = "wins") -> Standings:
    """Add up the valid records among ``verdicts`` per game id and player name. A record
    seen before (same content hash and verdict) is reported and counted once; records that are not
    valid are left out and listed. A game is a record, but each game inside a
    black-swan-taroc record counts on its own; in a team game each member is credited
    with the team's score and its share of the win."""
    table: dict[str, dict[str, PlayerStanding]] = {}
    left_out: list[Verdict] = []
    duplicates: list[tuple[str, str]] = []
    seen = Duplicates()
    counts: dict[str, int] = dict.fromkeys(STATUSES, 0)
    counts["duplicate"] = 0
    for v in verdicts:
        first = seen.first(v)
        if first is not None:
            duplicates.append((_place(v), first))
            counts["duplicate"] += 1
            continue
        counts[v.status] += 1
        if v.status != "valid" or v.scores is None or v.game is None:
            left_out.append(msgspec.structs.replace(v, scores=None))
            continue
        sheet = v.scores
        players = table.setdefault(v.game, {})
        members = sheet.members or [[s] for s in range(len(sheet.sides))]
        for game in sheet.games:
            share = 1.0 / len(game.winners) if game.winners else 0.0
            for side, seats in enumerate(members):
                score = game.scores[side]
                won = share if side in game.winners else 0.0
                for seat in seats:
                    name = v.players[seat]
                    p = players.get(name)
                    if p is None:
                        p = players[name] = PlayerStanding(name)
                    p.games += 1
                    p.wins += won
                    p.total += score
                    p.best = score if p.best is None else max(p.best, score)
    result: dict[str, list[PlayerStanding]] = {}
    for game_id in sorted(table):
        rows = list(table[game_id].values())
        for p in rows:
            p.mean = p.total / p.games if p.games else 0.0
        result[game_id] = sort_standings(rows, sort)
    return Standings(result, left_out, duplicates, counts)


def sort_standings(rows: Sequence[PlayerStanding], key: SortKey) -> list[PlayerStanding]:
    """Best first by ``key`` (by name for ``player``), then by wins, total and name."""
    if key == "player":
        return sorted(rows, key=lambda p: p.player)

    def order(p: PlayerStanding) -> tuple[float, float, float, str]:
        value = getattr(p, key)
        return (-(value if value is not None else float("-inf")), -p.wins, -p.total, p.player)

    return sorted(rows, key=order)
