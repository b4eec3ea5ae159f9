"""gamerec: record, check, replay and score card games.

The common jobs, in a few calls (each also has a module of its own, listed in docs/api.md):

>>> import gamerec
>>> entries = list(gamerec.read("fixtures/forest/tournament.grec"))  # one path, many, or a file
>>> len(entries), entries[0].record.game
(100, 'forest')
>>> gamerec.verify(entries[0].record).status
'valid'
>>> [v.status for v in gamerec.check("fixtures/blackball/games")][:3]
['valid', 'valid', 'valid']
>>> table = gamerec.score("fixtures/forest/tournament.grec")
>>> table.counts["valid"], len(table.games["forest"])
(100, 4)
>>> steps = list(gamerec.replay(entries[0].record))
>>> steps[1].text
'Bot 4 play R5'

:func:`read` yields an :class:`~gamerec.format.read.Entry` per record, holding the record
or the error that made it unreadable; :func:`records` yields the records alone and raises
on the first unreadable one. :func:`write` writes records atomically in the encoding the
file name asks for. The library never prints; the command line lives in :mod:`gamerec.cli`.

Names are loaded when first used, so ``import gamerec`` costs almost nothing.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import IO, TYPE_CHECKING, Any

from .version import __version__, compiled

if TYPE_CHECKING:
    from .checking.verdicts import Verdict
    from .format.encodings import Encoding
    from .format.paths import Paths
    from .format.read import Entry
    from .present import Replay
    from .record import Record
    from .tables.standings import SortKey, Standings


__all__ = [
    "Entry",
    "FormatError",
    "GamerecError",
    "Illegal",
    "InputError",
    "Record",
    "Replay",
    "Standings",
    "Verdict",
    "__version__",
    "check",
    "compiled",
    "read",
    "records",
    "replay",
    "score",
    "simulate",
    "verify",
    "write",
]


def __getattr__(name: str) -> Any:
    """The classes named in :data:`__all__`, each imported when first used."""
    if name == "Entry":
        from .format.read import Entry

        value: Any = Entry
    elif name == "Record":
        from .record import Record

        value = Record
    elif name == "Replay":
        from .present import Replay

        value = Replay
    elif name == "Standings":
        from .tables.standings import Standings

        value = Standings
    elif name == "Verdict":
        from .checking.verdicts import Verdict

        value = Verdict
    elif name in ("FormatError", "GamerecError", "Illegal", "InputError"):
        from . import errors

        value = getattr(errors, name)
    else:
        raise AttributeError(f"module 'gamerec' has no attribute {name!r}")
    globals()[name] = value
    return value


def _is_stream(source: object) -> bool:
    return hasattr(source, "read") and not isinstance(source, (str, bytes))


def read(source: Paths | bytes | IO[bytes], *, name: str = "-") -> Iterator[Entry]:
    """Every record of ``source``, as entries in order: one path (a string or a path
    object) or many, each a file, a directory (searched for record files) or a glob
    pattern, ``-`` for standard input; or the bytes of a file; or an open binary file.
    Any encoding (binary, JSON, JSON Lines, the text notation), told from the content.
    ``name`` names bytes or a file object in messages."""
    from .errors import InputError
    from .format import read as reader

    if not isinstance(name, str):
        raise InputError(f"name={name!r}: the name of the source is text")
    if isinstance(source, (bytes, bytearray, memoryview)):
        return reader.read_bytes(bytes(source), name)
    if _is_stream(source):
        if getattr(source, "closed", False):
            raise InputError(f"{getattr(source, 'name', name)}: the file is closed")
        if isinstance(source, io.TextIOBase) or "b" not in getattr(source, "mode", "b"):
            raise InputError(
                f"{getattr(source, 'name', name)}: a text stream: give a binary one (open(path, 'rb')), "
                "the path, or the bytes"
            )
        return reader.read_stream(source, getattr(source, "name", name) if name == "-" else name)  # type: ignore[arg-type]
    from .format.paths import expand_paths

    return reader.read_records(expand_paths(source))  # type: ignore[arg-type]


def records(source: Paths | bytes | IO[bytes], *, name: str = "-") -> Iterator[Record]:
    """The records of ``source`` (as :func:`read` takes it); the first unreadable one
    raises a :class:`~gamerec.errors.FormatError` that says where it is (the source, the
    record from 1, the byte or line) and why."""
    for entry in read(source, name=name):
        if entry.record is None:
            from .errors import FormatError

            e = entry.error
            assert e is not None
            place = f"{entry.source}: record {entry.index + 1} ({entry.where})"
            raise FormatError(f"{place}: {e.message}", e.code, e.offset)
        yield entry.record


def verify(record: Record) -> Verdict:
    """The verdict on one record: valid, illegal, incomplete or mismatch, with the rule,
    the reason, where, and the score sheet; unreadable for a record made in Python that
    would not read back once written (``True`` or ``"x"`` where a seat or a card belongs),
    so that a valid verdict holds for the record as a file holds it. The verdict carries
    the record's content hash, as a batch's do (so :func:`score` counts a duplicate once)."""
    from .checking.verdicts import entry_verdict
    from .format.binary import reread_problem
    from .format.read import Entry

    problem = reread_problem(record)
    return entry_verdict(Entry("-", 0, "", None if problem is not None else record, problem))


def check(source: Paths | bytes | IO[bytes], *, jobs: int = 1, name: str = "-") -> Iterator[Verdict]:
    """A verdict for every record of ``source`` (as :func:`read` takes it), unreadable ones
    included, in order; files are shared among ``jobs`` processes, and each verdict of a
    file's record carries its content hash."""
    if isinstance(source, (bytes, bytearray, memoryview)) or _is_stream(source):
        from .checking.verdicts import verify_entries

        return verify_entries(read(source, name=name))
    from .checking.batch import verify_batch

    return verify_batch(source, jobs=jobs)  # type: ignore[arg-type]


def score(source: Paths | Iterable[Verdict], *, jobs: int = 1, sort: SortKey = "wins") -> Standings:
    """The standings of the valid records of ``source`` (paths, as :func:`read` takes them,
    or verdicts already made): per game and player, games, wins, total, mean and best
    score; duplicates counted once, records that are not valid listed."""
    from .checking.verdicts import Verdict
    from .tables.standings import standings

    if isinstance(source, str) or hasattr(source, "__fspath__"):
        return standings(check(source, jobs=jobs), sort)  # type: ignore[arg-type]
    items: list[Any] = list(source)
    verdicts = items if all(isinstance(v, Verdict) for v in items) else check(items, jobs=jobs)
    return standings(verdicts, sort)


def replay(record: Record, seat: int | None = None) -> Replay:
    """The record step by step, for people: iterate for each step's action, events, view
    and text (``seat`` hides the other hands); afterwards ``.verdict`` says how it ended."""
    from .present import Replay, check_seat

    check_seat(seat, len(record.players))  # (before the compiled Replay sees a seat of another type)
    return Replay(record, seat=seat)


def write(
    records: Iterable[Record], path: str, encoding: Encoding | None = None, *, force: bool = False
) -> int:
    """Write ``records`` to ``path`` atomically, in ``encoding`` or the one its suffix
    names (``.grec`` binary, ``.json``, ``.jsonl``, ``.gtxt``); an existing file is replaced
    only with ``force``. Returns the number of bytes written.

    What is written reads back: a record the reader would refuse (a name over 256
    characters, more deals or seats than the format holds, a seat that is not a number...)
    is refused with the reader's :class:`~gamerec.errors.FormatError` and its code, naming
    the record (``record 3: ...``), and nothing is written."""
    from .format.write import write_records

    return write_records(_readable(records), path, encoding, force=force)


def _readable(records: Iterable[Record]) -> Iterator[Record]:
    """``records``, each checked to read back as it is once written (FormatError, naming
    the record from 1, for the first that would not)."""
    from .errors import FormatError, InputError
    from .format.binary import reread_problem
    from .record import Record

    for number, record in enumerate(records, 1):
        if not isinstance(record, Record):
            raise InputError(f"record {number}: not a Record but {type(record).__name__}")
        problem = reread_problem(record)
        if problem is not None:
            raise FormatError(f"record {number}: {problem.message}", problem.code)
        yield record


def simulate(
    game: str,
    players: int | Sequence[str],
    games: int = 1,
    seed: int = 0,
    *,
    bot: Any = None,
    rules: Mapping[str, Any] | None = None,
    move_time: float | None = None,
) -> Iterator[Record]:
    """``games`` legal records of ``game``, the same for a given ``seed``: ``players`` is
    how many bots (named ``Bot 1``, ``Bot 2``...) or their names; ``bot`` who plays: one of
    the game's bots by name (``smart`` or ``random``; None: ``smart`` when the game has it,
    else its first), your own (a class with an ``act`` method, a bot object, or
    ``"module:Class"``: docs/bots.md), or one per seat (a list, or a dict of seats to bots);
    ``rules`` the game's options (``{"max_number": 10}``); ``move_time`` the seconds a bot
    may take for a move. A bot's fault is a :class:`~gamerec.errors.BotFault`.

    >>> [r.players for r in simulate("forest", ["Ann", "Bo", "Cy"], 2, seed=7)]
    [['Ann', 'Bo', 'Cy'], ['Ann', 'Bo', 'Cy']]
    >>> next(simulate("forest", 2, rules={"max_number": 5}, bot="random")).rules["max_number"]
    5
    >>> next(simulate("forest", 2, bot={1: "random"})).provenance.settings["bot"]
    '0=smart, 1=random'
    """
    from .bots import simulate as run
    from .errors import InputError

    if isinstance(players, int):
        return run(game, players, games, seed, bot, rules, move_time=move_time)
    # a string is a sequence of names of one letter each
    if isinstance(players, (str, bytes)) or not isinstance(players, Iterable):
        raise InputError(f"players {players!r}: a number of bots or a list of names")
    names = list(players)
    return run(game, len(names), games, seed, bot, rules, names=names, move_time=move_time)
