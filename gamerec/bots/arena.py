"""The arena: bots play a round robin, and are rated.

An arena has K entrants, each a bot (one of the game's by name, or ``module:Class``) under a
name of its own (``NAME=BOT``; a bot given alone is named by itself, so the same bot twice
needs a name for one of them). At tables of ``players`` seats, every ordered choice of
``players`` distinct entrants (every pairing at every seat order: K!/(K-P)! tables) plays
``games`` games.

Seeding is duplicate style: game g's deals come from a ``random.Random`` of its own,
derived from (the arena's seed, g) alone, so game g deals the same cards at every table:
each entrant is dealt, at one seat order or another, the hands every other entrant is
dealt, which cuts the luck of the deal out of the comparison. Each seat's bot draws from
a generator of its own, derived from (seed, table, game, seat) and apart from the deals',
so that a bot cannot learn the deal from its generator. A fresh bot is made for each seat
of each game.

The output is a folder: :data:`PLAN_FILE`, the plan (game, entrants, players, games, seed,
rules, gamerec's version), and :data:`RECORDS_FILE`, the records as JSON Lines in a fixed
order (game 1 at every table, then game 2...), each line appended and flushed as its game
ends, whatever the number of processes playing. Run again with the same plan, the arena goes
on from the games written (a line cut short by a crash is dropped), and the finished files
are byte for byte those of a run never stopped; another plan in the same folder is refused
(``force`` starts over).

>>> import shutil, tempfile
>>> plan = arena_plan("blackball", ["smart", "random"], games=20, seed=7)
>>> [t for t in plan.tables()], plan.total
([(0, 1), (1, 0)], 40)
>>> folder = tempfile.mkdtemp()
>>> result = run_arena(plan, folder)
>>> result.played, [r.player for r in result.ratings.table("blackball")]
(40, ['smart', 'random'])
>>> shutil.rmtree(folder)
"""

from __future__ import annotations

import hashlib
import os
import random
from collections.abc import Iterator, Mapping, Sequence
from functools import partial
from itertools import permutations
from pathlib import Path
from typing import Any

import msgspec

from ..checking.batch import Workers, max_jobs, verify_batch
from ..checking.verdicts import Verdict
from ..engine import Game, check_names
from ..errors import BotFault, GamerecError, InputError
from ..format.progress import OnProgress
from ..format.read import read_bytes
from ..format.write import encode_records, signals_held, write_atomic
from ..games import get_game
from ..games.spec import Seats
from ..record import Meta, Provenance, Record
from ..tables.ratings import Ratings, rate
from ..tables.standings import Standings, Tally, Triage
from ..version import __version__
from .loading import bot_maker
from .seating import play_game
from .simulation import bot_rules, bots_setting, seats_of

__all__ = [
    "ARENA_FORMAT",
    "CHUNK",
    "MAX_GAMES",
    "PLAN_FILE",
    "RECORDS_FILE",
    "ArenaPlan",
    "ArenaResult",
    "Entrant",
    "arena_plan",
    "arena_records",
    "parse_entrants",
    "run_arena",
]

#: the version of the plan file's layout
ARENA_FORMAT = 1
#: the plan, in the output folder
PLAN_FILE = "arena.json"
#: the records, one JSON line each, in the output folder
RECORDS_FILE = "games.jsonl"
#: the most games one arena plays (all tables together)
MAX_GAMES = 100_000_000
#: the games a worker process plays at a time (few: a chunk's games are written together)
CHUNK = 4
#: the bytes read at a time from the records file when an arena goes on
_BLOCK = 1 << 20


class Entrant(msgspec.Struct, frozen=True):
    """One entrant: its ``name`` (the player's name in the records, the ratings and the
    standings) and its ``bot`` (a bot of the game by name, or ``module:Class``)."""

    name: str
    bot: str


class ArenaPlan(msgspec.Struct, frozen=True, kw_only=True):
    """What an arena plays, as its plan file keeps it: ``game``, the ``entrants``, the
    ``players`` at a table, the ``games`` each table plays, the ``seed``, the ``rules``
    (filled in with the game's defaults) and the version of gamerec that plays it (another
    version may play its bots otherwise). ``arena`` is the plan file's layout version."""

    arena: int = ARENA_FORMAT
    gamerec: str
    game: str
    players: int
    games: int
    seed: int
    rules: dict[str, Any]
    entrants: tuple[Entrant, ...]

    def tables(self) -> list[tuple[int, ...]]:
        """Each table's entrants (their numbers in :attr:`entrants`), seat by seat: every
        ordered choice of :attr:`players` distinct entrants, in lexicographic order."""
        return list(permutations(range(len(self.entrants)), self.players))

    @property
    def total(self) -> int:
        """The games of the whole arena: :attr:`games` at every table."""
        return _count_tables(len(self.entrants), self.players) * self.games


class ArenaResult(msgspec.Struct, kw_only=True):
    """A finished arena: its ``plan``, the ``directory`` and records ``path`` written, the
    games found written already (``resumed``) and ``played`` now, the entrants'
    ``ratings`` and ``standings`` over every record (checked by the rules: a record that is
    not valid is left out, and listed there)."""

    plan: ArenaPlan
    directory: str
    path: str
    resumed: int
    played: int
    ratings: Ratings
    standings: Standings


def _count_tables(entrants: int, players: int) -> int:
    count = 1
    for k in range(entrants - players + 1, entrants + 1):
        count *= k
    return count


def parse_entrants(values: Sequence[str]) -> list[Entrant]:
    """``--bot`` values as entrants: ``BOT`` (named by itself) or ``NAME=BOT``. Each name
    is a player's name (unlike the others, case aside): the same bot twice needs a name for
    one of them.

    >>> [(e.name, e.bot) for e in parse_entrants(["smart", "dumb=random", "mybots:Greedy"])]
    [('smart', 'smart'), ('dumb', 'random'), ('mybots:Greedy', 'mybots:Greedy')]
    """
    if isinstance(values, str):
        raise InputError(f"bots {values!r}: a list of bots, not one string")
    entrants = []
    for value in values:
        if not isinstance(value, str):
            raise InputError(f"bot {value!r}: a bot's name or module:Class, as text")
        name, sep, bot = value.partition("=")
        name, bot = name.strip(), bot.strip()
        if not sep:
            bot = name
        if not bot or not name:
            raise InputError(f"--bot {value!r}: give BOT or NAME=BOT")
        entrants.append(Entrant(name, bot))
    named: dict[str, Entrant] = {}
    for e in entrants:
        other = named.setdefault(e.name.casefold(), e)
        if other is not e:
            twice = repr(e.name) if other.name == e.name else f"{other.name!r} and {e.name!r} (case aside)"
            raise InputError(
                f"--bot: {twice} named twice: each entrant needs a name of its own, "
                f"the player's in the records and ratings (give NAME=BOT: --bot {e.name}2={e.bot})"
            )
    try:
        check_names([e.name for e in entrants], "a name is an entrant in the records and ratings")
    except GamerecError as e:
        raise InputError(f"--bot: {e.message.removeprefix('players: ')}") from None
    return entrants


def arena_plan(
    game_id: str,
    bots: Sequence[str],
    players: int = 2,
    games: int = 1,
    seed: int = 0,
    rules: Mapping[str, Any] | None = None,
) -> ArenaPlan:
    """The plan of an arena of ``game_id`` between ``bots`` (each ``BOT`` or ``NAME=BOT``:
    :func:`parse_entrants`) at tables of ``players`` seats, ``games`` games a table, from
    ``seed`` (0 to 2^64-1, as records keep it), with ``rules`` (KEY: VALUE; the game's
    defaults for the others). Every argument is checked here, every bot found
    (:class:`InputError`)."""
    game = get_game(game_id)
    seats = seats_of(game_id)
    for what, value in (("players", players), ("games", games), ("seed", seed)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise InputError(f"{what} {value!r}: a whole number")
    entrants = parse_entrants(bots)
    if len(entrants) < 2:
        raise InputError(f"an arena takes 2 entrants or more (--bot, once each), not {len(entrants)}")
    if not game.min_players <= players <= game.max_players:
        raise InputError(f"{game_id} is for {game.min_players} to {game.max_players} players, not {players}")
    if players > len(entrants):
        raise InputError(
            f"{players} players at a table need {players} entrants or more, not {len(entrants)} "
            "(an entrant plays one seat of a table)"
        )
    if games < 1:
        raise InputError(f"games {games}: a number of games a table plays, 1 or more")
    if not 0 <= seed < 2**64:
        raise InputError(f"seed {seed}: a seed is a whole number from 0 to 2^64-1 (the records keep it)")
    total = _count_tables(len(entrants), players) * games
    if total > MAX_GAMES:
        raise InputError(
            f"{total} games ({games} at each of {total // games} tables): an arena plays at most {MAX_GAMES}"
        )
    filled = bot_rules(game, rules, players)
    for entrant in entrants:
        bot_maker(entrant.bot, game_id, seats)  # (an unknown bot, a module that does not import)
    plan = ArenaPlan(
        gamerec=__version__,
        game=game_id,
        players=players,
        games=games,
        seed=seed,
        rules=filled,
        entrants=tuple(entrants),
    )
    return _plan_decoder.decode(_plan_encoded(plan))  # as a plan file gives it back


_plan_decoder = msgspec.json.Decoder(ArenaPlan)


def _plan_encoded(plan: ArenaPlan) -> bytes:
    return msgspec.json.format(msgspec.json.encode(plan), indent=2) + b"\n"


def _derived(*parts: object) -> int:
    """A generator's seed made from ``parts`` (the arena's seed first): the same on every
    machine and Python (SHA-256 of their text)."""
    text = "gamerec arena " + " ".join(str(p) for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest(), "big")


def deal_generator(seed: int, game: int) -> random.Random:
    """The generator of game ``game``'s deals (from 0), the same at every table."""
    return random.Random(_derived(seed, "deals", game))


def bot_generator(seed: int, table: int, game: int, seat: int) -> random.Random:
    """The generator of the bot at ``seat`` of ``table``'s game ``game`` (all from 0)."""
    return random.Random(_derived(seed, "bot", table, game, seat))


class _Arena:
    """An arena ready to play: its plan, game, seats, tables and bot makers."""

    def __init__(self, plan: ArenaPlan, move_time: float | None) -> None:
        self.plan = plan
        self.game: Game[Any] = get_game(plan.game)
        self.seats: Seats = seats_of(plan.game)
        self.tables = plan.tables()
        self.makers = [bot_maker(e.bot, plan.game, self.seats)[1] for e in plan.entrants]
        self.move_time = move_time

    def play(self, index: int) -> Record:
        """The arena's game number ``index`` (from 0): game ``index // tables`` of table
        ``index % tables``."""
        plan = self.plan
        g, t = divmod(index, len(self.tables))
        at = self.tables[t]
        names = [plan.entrants[e].name for e in at]
        labels = [plan.entrants[e].bot for e in at]
        record = play_game(
            self.game,
            self.seats,
            names,
            plan.rules,
            deal_generator(plan.seed, g),
            [self.makers[e]() for e in at],
            [bot_generator(plan.seed, t, g, s) for s in range(plan.players)],
            labels=labels,
            where=f"table {t + 1}, game {g + 1}",
            move_time=self.move_time,
        )
        settings = {
            "bot": bots_setting(labels),
            "games": str(plan.games),
            "players": str(plan.players),
            "table": str(t + 1),
        }
        record.provenance = Provenance(f"gamerec {plan.gamerec} arena", plan.seed, settings)
        record.meta = Meta(event=f"arena {plan.game}", round=str(g + 1), table=str(t + 1))
        return record


def _line(record: Record) -> bytes:
    return b"".join(encode_records([record], "jsonl"))


_chunk_encoder = msgspec.msgpack.Encoder()
_chunk_decoder = msgspec.msgpack.Decoder(tuple[list[bytes], tuple[str, str, str] | None])


def _play_chunk(plan: ArenaPlan, move_time: float | None, indices: list[int]) -> bytes:
    """In a worker: the JSON lines of the games ``indices``, and the fault that stopped
    them, if one did (code, reason, where), the games before it kept."""
    arena = _Arena(plan, move_time)
    lines: list[bytes] = []
    try:
        for i in indices:
            lines.append(_line(arena.play(i)))
    except BotFault as e:
        return _chunk_encoder.encode((lines, (e.code, e.reason, e.where)))
    return _chunk_encoder.encode((lines, None))


def _span(plan: ArenaPlan, indices: list[int]) -> str:
    return f"arena games {indices[0] + 1}-{indices[-1] + 1} of {plan.total}"


def arena_records(
    plan: ArenaPlan, start: int = 0, jobs: int = 1, move_time: float | None = None
) -> Iterator[bytes]:
    """The JSON lines of the arena's games from number ``start`` (from 0) on, in order,
    played by up to ``jobs`` processes (one: in this one); a bot's fault stops them with a
    :class:`BotFault`, once the games before it are given."""
    if jobs == 1 or plan.total - start <= CHUNK:
        arena = _Arena(plan, move_time)
        for i in range(start, plan.total):
            yield _line(arena.play(i))
        return
    blocks = (list(range(i, min(i + CHUNK, plan.total))) for i in range(start, plan.total, CHUNK))
    work = partial(_play_chunk, plan, move_time)
    with Workers(jobs, work, "not played", partial(_span, plan)) as workers:
        for done in workers.run(blocks):
            lines, fault = _chunk_decoder.decode(done)
            yield from lines
            if fault is not None:
                raise BotFault(*fault)


def _differences(there: ArenaPlan, here: ArenaPlan) -> list[str]:
    out = []
    for field in ArenaPlan.__struct_fields__:
        a, b = getattr(there, field), getattr(here, field)
        if a == b:
            continue
        if field == "entrants":
            shown_a = ", ".join(e.name if e.name == e.bot else f"{e.name}={e.bot}" for e in a)
            shown_b = ", ".join(e.name if e.name == e.bot else f"{e.name}={e.bot}" for e in b)
            out.append(f"entrants {shown_a} there, {shown_b} here")
        elif field == "rules":
            for key in sorted(k for k in {*a, *b} if a.get(k) != b.get(k)):
                values = (msgspec.json.encode(x.get(key)).decode() if key in x else "not set" for x in (a, b))
                out.append("rule {} {} there, {} here".format(key, *values))
        else:
            out.append(f"{field} {a} there, {b} here")
    return out


def _prepare(plan: ArenaPlan, folder: Path, force: bool) -> int:
    """The folder made ready for ``plan``: its plan file written (or found the same) and
    the records file cut to its last whole line; the games written already."""
    plan_path, records_path = folder / PLAN_FILE, folder / RECORDS_FILE
    if folder.exists() and not folder.is_dir():
        raise InputError(f"{folder}: not a folder (an arena writes a folder: {PLAN_FILE}, {RECORDS_FILE})")
    folder.mkdir(parents=True, exist_ok=True)
    encoded = _plan_encoded(plan)
    if force or not plan_path.exists():
        if not force and records_path.exists():
            raise InputError(
                f"{folder}: holds {RECORDS_FILE} without {PLAN_FILE}: not an arena's to go on with "
                "(--force starts over)"
            )
        records_path.unlink(missing_ok=True)
        write_atomic(plan_path, [encoded])
        return 0
    try:
        there = _plan_decoder.decode(plan_path.read_bytes())
    except (msgspec.DecodeError, msgspec.ValidationError) as e:
        raise InputError(f"{plan_path}: not an arena's plan: {e} (--force starts over)") from None
    diffs = _differences(there, plan)
    if diffs:
        raise InputError(
            f"{folder}: holds another arena ({'; '.join(diffs)}): --force starts over, "
            "or choose another folder"
        )
    return _written(plan, records_path)


def _written(plan: ArenaPlan, path: Path) -> int:
    """The whole lines of ``path`` (a torn last line cut off), checked to be the plan's
    first games."""
    if not path.exists():
        return 0
    count = end = last = 0  # lines; the end of the last whole one; where it starts
    with open(path, "r+b") as f:  # read a block at a time: memory stays flat
        at = 0
        for block in iter(lambda: f.read(_BLOCK), b""):
            n = block.count(b"\n")
            if n:
                count += n
                cut = block.rfind(b"\n")
                if n > 1:
                    last = at + block.rfind(b"\n", 0, cut) + 1
                elif end:
                    last = end
                end = at + cut + 1
            at += len(block)
        if end < at:  # a line cut short when the run was stopped
            f.truncate(end)
        if count > plan.total:
            raise InputError(f"{path}: holds {count} lines, more than the {plan.total} games of its plan")
        f.seek(last)
        line = f.read(end - last)
    if count:
        entry = next(read_bytes(line, str(path)), None)
        g, t = divmod(count - 1, _count_tables(len(plan.entrants), plan.players))
        record = entry.record if entry is not None else None
        found = (record.meta.round, record.meta.table) if record is not None and record.meta else None
        if found != (str(g + 1), str(t + 1)):
            raise InputError(
                f"{path}: line {count} is not the arena's game {g + 1} of table {t + 1}: "
                "not this arena's records (--force starts over)"
            )
    return count


def run_arena(
    plan: ArenaPlan,
    directory: str | os.PathLike[str],
    *,
    jobs: int = 1,
    force: bool = False,
    move_time: float | None = None,
    on_progress: OnProgress | None = None,
) -> ArenaResult:
    """Play ``plan`` into the folder ``directory`` (made if missing; see the module for its
    files), going on from the games written there by an earlier run of the same plan
    (another plan there: :class:`InputError`, unless ``force``, which starts over), with up
    to ``jobs`` processes; ``move_time``, the seconds a bot may take for a move (None: no
    limit; it does not change the records, nor does ``jobs``). ``on_progress`` hears of
    each game written (the games done, 0, None). Then every record is checked and the
    entrants rated and added up.

    A bot's fault stops the arena with a :class:`BotFault` naming table, game, deal, seat
    and bot, the games before it written; so does an interrupt (KeyboardInterrupt): run
    again to go on."""
    if move_time is not None and (
        isinstance(move_time, bool) or not isinstance(move_time, (int, float)) or not 0 < move_time < 1e6
    ):
        raise InputError(f"move time {move_time!r}: a number of seconds above 0")
    if type(jobs) is not int or not 1 <= jobs <= max_jobs():
        raise InputError(f"jobs {jobs!r}: an arena plays in 1 to {max_jobs()} processes")
    folder = Path(directory)
    resumed = done = _prepare(plan, folder, force)
    path = folder / RECORDS_FILE
    if on_progress is not None:
        on_progress(done, 0, None)
    with open(path, "ab") as out:
        try:
            for line in arena_records(plan, done, jobs, move_time):
                with signals_held():  # a line is written whole, or not at all
                    out.write(line)
                    out.flush()
                done += 1
                if on_progress is not None:
                    on_progress(done, 0, None)
        except BotFault as e:
            kept = f"the {done} games before it are in {path}: fix the bot and run again to go on"
            raise BotFault(e.code, f"{e.reason} ({kept})", e.where) from None
    tally, triage = Tally(), Triage()

    def counted() -> Iterator[Verdict]:  # (the standings added up as the ratings take them)
        for v in verify_batch([str(path)], jobs=jobs):
            if triage.admit(v):
                tally.add(v)
            yield v

    ratings = rate(counted(), history=False)
    table = Standings(tally.result(), triage.left_out, triage.duplicates, triage.counts, tally.not_counted)
    return ArenaResult(
        plan=plan,
        directory=str(folder),
        path=str(path),
        resumed=resumed,
        played=done - resumed,
        ratings=ratings,
        standings=table,
    )
