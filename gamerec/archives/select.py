"""Selecting records from archives, as ``gamerec filter`` and ``gamerec ls`` do: a
:class:`Selection` parsed from the selectors (game, player, event, site, dates, deals,
content hash, tags; status, rule and winner, which need a verdict), and :func:`select`,
which streams the records of many files that match it.

Header selectors read headers alone: a binary record is matched on its frame's header
(its body is not decoded) and, written back as binary, copied frame for frame. Only the
status, rule and winner selectors verify records, and only those that pass the header
selectors. A selector repeated over a field with one value (game, event, site, status,
rule, hash) matches any of its values; over a field with several (players, winners, tags)
every value must be there. ``invert`` (``--not``) selects the records that do not match.
"""

from __future__ import annotations

import datetime
import fnmatch
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Final, TypeVar

import msgspec

from ..checking.verdicts import Verdict, unreadable, verify_record
from ..errors import RULES, FormatError, InputError
from ..format import container
from ..format.binary import content_digest, decode_binary, decode_header, encode_binary
from ..format.encodings import Encoding
from ..format.paths import Paths, expand_paths
from ..format.progress import OnProgress
from ..format.read import TOO_DEEP, Entry, RawRecord, decode_raw, raw_records
from ..format.write import encode_records
from ..games import rule_ids
from ..record import Header, Record
from .digests import Digests

T = TypeVar("T")

__all__ = [
    "SELECTABLE_STATUSES",
    "Candidate",
    "Digests",
    "PlayerPick",
    "Selecting",
    "Selection",
    "SelectionError",
    "encode_selected",
    "readable",
    "select",
    "unreadable_message",
]

#: the verdicts ``--status`` selects (an unreadable record is never selected: it stops a
#: writer, and a listing reports it)
SELECTABLE_STATUSES: Final = ("valid", "illegal", "incomplete", "mismatch")


class SelectionError(InputError):
    """A selector's value that makes no sense: ``option`` names the selector
    (``--deals``), ``why`` says what is wrong with the value."""

    def __init__(self, option: str, why: str) -> None:
        super().__init__(f"{option}: {why}")
        self.option = option
        self.why = why


class PlayerPick(msgspec.Struct, frozen=True):
    """A player to select: a name (or a glob pattern), at any seat or at ``seat``."""

    name: str
    seat: int | None = None


class Selection(msgspec.Struct, frozen=True, kw_only=True):
    """What records to select (see the module's docstring); empty selects every record.
    Build one with :meth:`parse` from the selectors' texts, which checks them."""

    games: tuple[str, ...] = ()
    players: tuple[PlayerPick, ...] = ()
    events: tuple[str, ...] = ()
    sites: tuple[str, ...] = ()
    date_from: str | None = None
    date_to: str | None = None
    statuses: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    winners: tuple[str, ...] = ()
    min_deals: int | None = None
    max_deals: int | None = None
    hashes: tuple[str, ...] = ()
    tags: tuple[tuple[str, str], ...] = ()
    invert: bool = False

    @classmethod
    def parse(
        cls,
        *,
        game: Sequence[str] = (),
        player: Sequence[str] = (),
        event: Sequence[str] = (),
        site: Sequence[str] = (),
        date_from: str | None = None,
        date_to: str | None = None,
        status: Sequence[str] = (),
        rule: Sequence[str] = (),
        winner: Sequence[str] = (),
        deals: str | None = None,
        hash: Sequence[str] = (),
        tag: Sequence[str] = (),
        invert: bool = False,
    ) -> Selection:
        """The selection the selectors' texts ask for; :class:`SelectionError` names the
        first one that makes no sense."""
        for s in status:
            _known("--status", s, SELECTABLE_STATUSES, "status", f"one of {', '.join(SELECTABLE_STATUSES)}")
        # the rules every game shares, else every game's (each game is loaded for them)
        known_rules = RULES if all(r in RULES for r in rule) else rule_ids()
        for r in rule:
            _known("--rule", r, known_rules, "rule id", "docs/errors.md lists them")
        for g in game:  # (any id: a binary file's header may name a game gamerec does not know)
            _nonempty("--game", g)
        low, high = _deals(deals) if deals is not None else (None, None)
        return cls(
            games=tuple(game),
            players=tuple(_player(p) for p in player),
            events=tuple(event),
            sites=tuple(site),
            date_from=_date("--date-from", date_from),
            date_to=_date("--date-to", date_to),
            statuses=tuple(status),
            rules=tuple(rule),
            winners=tuple(_nonempty("--winner", w) for w in winner),
            min_deals=low,
            max_deals=high,
            hashes=tuple(_hash(h) for h in hash),
            tags=tuple(_tag(t) for t in tag),
            invert=invert,
        )

    @property
    def needs_verdict(self) -> bool:
        """Whether matching verifies records (status, rule or winner selectors)."""
        return bool(self.statuses or self.rules or self.winners)

    def header_matches(self, header: Header, digest: Callable[[], bytes]) -> bool:
        """Whether a record's header passes the header selectors (``invert`` aside);
        ``digest`` gives its content hash when a hash selector asks for it."""
        if self.games and not any(_like(g, header.game) for g in self.games):
            return False
        for p in self.players:
            if p.seat is not None:
                if not (p.seat < len(header.players) and _like(p.name, header.players[p.seat])):
                    return False
            elif not any(_like(p.name, name) for name in header.players):
                return False
        meta = header.meta
        if self.events and not any(_like(e, meta.event) for e in self.events):
            return False
        if self.sites and not any(_like(s, meta.site) for s in self.sites):
            return False
        if (self.date_from or self.date_to) and not _in_dates(meta.date, self.date_from, self.date_to):
            return False
        if self.min_deals is not None and header.deals < self.min_deals:
            return False
        if self.max_deals is not None and header.deals > self.max_deals:
            return False
        for key, value in self.tags:
            named = getattr(meta, key, None) if key in ("round", "table") else None
            if not (_like(value, meta.tags.get(key)) or _like(value, named)):
                return False
        if self.hashes:
            hexed = digest().hex()
            if not any(hexed.startswith(h) for h in self.hashes):
                return False
        return True

    def verdict_matches(self, verdict: Verdict) -> bool:
        """Whether a record's verdict passes the status, rule and winner selectors."""
        if self.statuses and not any(_like(st, verdict.status) for st in self.statuses):
            return False
        if self.rules and not any(_like(r, verdict.rule) for r in self.rules):
            return False
        if self.winners:
            names = _winners(verdict)
            if not all(any(_like(w, n) for n in names) for w in self.winners):
                return False
        return True

    def matches(self, candidate: Candidate) -> bool:
        """Whether ``candidate`` is selected (``invert`` applied); reads its header, and
        verifies it only when the header selectors pass and a verdict is needed."""
        hit = self.header_matches(candidate.header(), candidate.digest)
        if hit and self.needs_verdict:
            hit = self.verdict_matches(candidate.verdict())
        return hit != self.invert


class Candidate:
    """One record of an input as :func:`select` meets it: its place, and what is known of
    it so far; the header, the record, the content hash and the verdict are each read or
    computed when first asked for. ``error`` is set when the record cannot be read."""

    __slots__ = ("_digest", "_header", "_record", "_verdict", "error", "raw")

    def __init__(self, raw: RawRecord) -> None:
        self.raw = raw
        self.error: FormatError | None = raw.error if raw.kind == "error" else None
        self._header: Header | None = None
        self._record: Record | None = None
        self._digest: bytes | None = None
        self._verdict: Verdict | None = None

    @property
    def source(self) -> str:
        return self.raw.source

    @property
    def index(self) -> int:
        """The record's number in its file, from 0."""
        return self.raw.index

    @property
    def where(self) -> str:
        return self.raw.where

    def header(self) -> Header:
        """The record's header: a binary frame's alone (its body is not decoded), else
        the decoded record's. Raises :class:`FormatError` when it cannot be read."""
        if self._header is None:
            if self.raw.kind == "binary":
                self._header = decode_header(self.raw.header)
            else:
                self._header = self.record().header()
        return self._header

    def record(self) -> Record:
        """The whole record, decoded; :class:`FormatError` when it cannot be."""
        if self._record is None:
            if self.raw.kind == "binary":
                self._record = decode_binary(self.raw.header, self.raw.body)
            else:
                entry = decode_raw(self.raw)
                if entry.record is None:
                    assert entry.error is not None
                    raise entry.error
                self._record = entry.record
        return self._record

    def digest(self) -> bytes:
        """The 16-byte content hash, computed from the decoded record. A binary header's
        hash is not trusted: it is a claim any frame can make, and a crafted one claiming
        another game's hash would push that game out of a merge (``--dedupe``) or be
        selected for it (``--hash``)."""
        if self._digest is None:
            self._digest = content_digest(self.record())
        return self._digest

    def verdict(self) -> Verdict:
        """The record's verdict (it is verified once)."""
        if self._verdict is None:
            self._verdict = verify_record(self.record(), self.source, self.index, self.where)
        return self._verdict

    def frame(self) -> bytes:
        """The record as one binary frame: a binary record's own header and body as read
        (not decoded), any other encoded."""
        if self.raw.kind == "binary" and (self._digest is None or self.header().hash == self._digest):
            return container.frame(bytes(self.raw.header), bytes(self.raw.body))
        return encode_binary(self.record())  # (a header whose hash was found false gets the true one)

    def problem(self) -> Verdict:
        """The *unreadable* verdict of a candidate whose ``error`` is set."""
        assert self.error is not None
        return unreadable(Entry(self.source, self.index, self.where, None, self.error))


def select(
    paths: Paths,
    selection: Selection | None = None,
    *,
    dedupe: bool = False,
    needs: Callable[[Candidate], object] | None = None,
    on_progress: OnProgress | None = None,
) -> Selecting:
    """The records of ``paths`` that ``selection`` selects (see :class:`Selecting`)."""
    return Selecting(paths, selection, dedupe=dedupe, needs=needs, on_progress=on_progress)


class Selecting:
    """The records of ``paths`` (files, directories, globs; ``-`` for stdin) that
    ``selection`` selects, streamed in input order, each a :class:`Candidate`; with
    ``dedupe``, only the first readable record of each content hash. ``needs`` reads of a
    selected record what the caller will (``Candidate.record`` to encode it anew): a
    record it cannot read is unreadable, and claims no content hash. A record that cannot
    be read is given too, with its ``error`` set: the caller decides whether that stops
    it. The counts (``read``, ``selected``, ``duplicates``, ``unreadable``) grow as it
    runs."""

    def __init__(
        self,
        paths: Paths,
        selection: Selection | None = None,
        *,
        dedupe: bool = False,
        needs: Callable[[Candidate], object] | None = None,
        on_progress: OnProgress | None = None,
    ) -> None:
        self.files = expand_paths(paths)
        self.selection = selection or Selection()
        self.dedupe = dedupe
        self.needs = needs
        self.on_progress = on_progress
        self.read = self.selected = self.duplicates = self.unreadable = 0

    def __iter__(self) -> Iterator[Candidate]:
        selection = self.selection
        seen = Digests()
        for raw in raw_records(self.files, self.on_progress):
            self.read += 1
            c = Candidate(raw)
            if c.error is None:
                try:
                    if not selection.matches(c):
                        continue
                    if self.needs is not None:
                        self.needs(c)
                    if self.dedupe and not seen.add(c.digest()):
                        self.duplicates += 1
                        continue
                except RecursionError:
                    c.error = FormatError(TOO_DEEP, "format.limit", raw.offset)
                except FormatError as e:
                    if e.offset is None:
                        e.offset = raw.offset
                    c.error = e
            if c.error is not None:
                self.unreadable += 1
            else:
                self.selected += 1
            yield c


def encode_selected(candidates: Iterable[Candidate], encoding: Encoding) -> Iterator[bytes]:
    """The chunks of a file holding ``candidates`` in ``encoding``: binary records are
    copied frame for frame into a binary file, anything else is decoded and encoded. A
    candidate that cannot be read raises :class:`InputError` (its place and why), so an
    atomic writer fed from here writes nothing."""
    if encoding == "binary":
        yield container.FILE_HEADER
        for c in candidates:
            yield readable(c, c.frame)
        return
    yield from encode_records((readable(c, c.record) for c in candidates), encoding)


def readable(c: Candidate, get: Callable[[], T]) -> T:
    """What ``get`` reads of ``c`` (its frame, record, header...); :class:`InputError`, with
    the record's place and why, when it cannot be read (:func:`unreadable_message`)."""
    if c.error is None:
        try:
            return get()
        except RecursionError:
            c.error = FormatError(TOO_DEEP, "format.limit", c.raw.offset)
        except FormatError as e:
            c.error = e
    raise InputError(unreadable_message(c))


def unreadable_message(c: Candidate, what: str = "nothing written") -> str:
    """Where and why ``c`` cannot be read, ``what`` came of it, and what to do:
    ``a.grec: record 2: unreadable: bytes 9..80: ... [format.damaged]; nothing written:
    salvage the file first (gamerec salvage a.grec -o KEPT.grec)``."""
    return (
        f"{c.problem().message()}; {what}: salvage the file first (gamerec salvage {c.source} -o KEPT.grec)"
    )


# -- the selectors' values ------------------------------------------------------------------
_GLOB = re.compile(r"[*?\[]")
_DATE = re.compile(r"[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?")
_RECORD_DATE = re.compile(r"\d{4}(?:[-./]\d{2}(?:[-./]\d{2})?)?")
_HEX = re.compile(r"[0-9a-f]{1,32}")


def _like(pattern: str, value: str | None) -> bool:
    """``value`` is ``pattern``, or matches it as a glob (``*``, ``?``, ``[...]``)."""
    if value is None:
        return False
    if _GLOB.search(pattern):
        return fnmatch.fnmatchcase(value, pattern)
    return value == pattern


def _in_dates(date: str | None, low: str | None, high: str | None) -> bool:
    """Whether a record's date (ISO ``YYYY[-MM[-DD]]``; ``.`` and ``/`` also separate)
    lies within the bounds, compared as far as both are given: ``2024`` is within
    ``--date-from 2024-03``. A record without a date, or with another form, is not."""
    if date is None:
        return False
    m = _RECORD_DATE.match(date.strip())
    if m is None:
        return False
    iso = m.group(0).replace(".", "-").replace("/", "-")
    if low is not None:
        n = min(len(iso), len(low))
        if iso[:n] < low[:n]:
            return False
    if high is not None:
        n = min(len(iso), len(high))
        if iso[:n] > high[:n]:
            return False
    return True


def _known(option: str, value: str, known: Iterable[str], noun: str, hint: str) -> None:
    """:class:`SelectionError` unless ``value`` is one of ``known`` (each a ``noun``;
    ``hint`` says which there are), or a glob that matches one of them: a value that could
    match no record is a mistake, not an empty selection."""
    if _GLOB.search(value):
        if not any(fnmatch.fnmatchcase(k, value) for k in known):
            raise SelectionError(option, f"{value!r}: matches no {noun} ({hint})")
    elif value not in known:
        raise SelectionError(option, f"{value!r}: no such {noun} ({hint})")


def _nonempty(option: str, value: str) -> str:
    if not value:
        raise SelectionError(option, "empty: give a value")
    return value


def _player(text: str) -> PlayerPick:
    name, at, seat = text.rpartition("@")
    if at and seat.isdigit() and name:
        return PlayerPick(name, int(seat))
    return PlayerPick(_nonempty("--player", text))


def _date(option: str, text: str | None) -> str | None:
    if text is None:
        return None
    if _DATE.fullmatch(text):
        year, month, day = [*text.split("-"), "01", "01"][:3]
        try:
            datetime.date(int(year), int(month), int(day))  # a real day (no 2024-13-45)
        except ValueError:
            pass
        else:
            return text
    raise SelectionError(option, f"{text!r}: not a date: give YYYY, YYYY-MM or YYYY-MM-DD")


def _deals(text: str) -> tuple[int | None, int | None]:
    low, dots, high = text.partition("..")
    try:
        a = int(low) if low.strip() else None
        b = (int(high) if high.strip() else None) if dots else a
    except ValueError:
        a = b = -1
    if (a is None and b is None) or (a is not None and a < 0) or (b is not None and b < 0):
        raise SelectionError("--deals", f"{text!r}: give N, N..M, N.. or ..M (numbers from 0)")
    if a is not None and b is not None and a > b:
        raise SelectionError("--deals", f"{text!r}: the range is empty ({a} is more than {b})")
    return a, b


def _hash(text: str) -> str:
    low = text.lower()
    if not _HEX.fullmatch(low):
        raise SelectionError("--hash", f"{text!r}: not the start of a content hash (1 to 32 hex digits)")
    return low


def _tag(text: str) -> tuple[str, str]:
    key, eq, value = text.partition("=")
    if not eq or not key:
        raise SelectionError("--tag", f"{text!r}: give KEY=VALUE")
    return key, value


def _winners(verdict: Verdict) -> list[str]:
    """The names of the players who won the record (every member of a winning team)."""
    sheet = verdict.scores
    if sheet is None or not sheet.complete:
        return []
    players = verdict.players
    names: list[str] = []
    for side in sheet.winners:
        seats = sheet.members[side] if side < len(sheet.members) else [side]
        names.extend(players[s] for s in seats if 0 <= s < len(players))
    return names
