"""A recording as its journal's entries build it (the base of :class:`gamerec.recording.recorder.Recorder`).

An :class:`EntryLog` holds a game being recorded as typed data: its header, and for each
deal its seat, hands (None while unknown), stock so far (cards of the game's deck) and
actions (:class:`~gamerec.record.Action` structs), in a
:class:`~gamerec.recording.journal_entries.RecordedDeal`. It changes only by entries
(:mod:`gamerec.recording.journal_entries` describes, checks and applies them), each written as a line
of the journal (:mod:`gamerec.recording.journal`), one JSON object in the notation's words; the
notation is read only from the journal, once, on resume, and written only to it and to
show people.

Every entry is checked (:meth:`EntryLog._admit`) before it is journaled and applied, and
read back the same way by :meth:`EntryLog.resume`, so what the journal holds always
resumes. :meth:`EntryLog.resume` replays a journal up to its last whole line; a damaged line
(one that does not read, does not fit, or a step the rules refuse) ends it, after the whole
journal is copied aside, and :attr:`EntryLog.repair` says so. :meth:`EntryLog.record` is the
record the entries make.

Beside the record, :attr:`EntryLog.live` is the game's live state: a
:class:`~gamerec.stepper.Stepper` holding the deals whose hands are known, as far as the
rules can go, and :attr:`EntryLog.hidden`, the current deal while its hands are unknown,
stepped by the rules on what is known (:class:`~gamerec.recording.hidden_hands.HiddenDeal`).
:meth:`EntryLog._follow` extends them; they stop short only at a stock card the deal does
not give yet. :meth:`EntryLog.resume` builds them while it checks the journal; from then on
the recorder (:mod:`gamerec.recording.recorder`) steps them with each entry it takes: entering lines
at the prompt, undo in words. What the table sees of them (the status, whose turn it is, what
is legal, the stock card due) is asked of the log: :meth:`EntryLog.status`,
:meth:`EntryLog.to_move`, :meth:`EntryLog.legal`, :meth:`EntryLog.choices`.
"""

from __future__ import annotations

import contextlib
import os
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Self

import msgspec

from ..engine import Event, Game, GameState
from ..errors import FormatError, GamerecError, Illegal, StockMissing
from ..format.jsonform import split_where
from ..format.notation import format_action
from ..format.notation_read import parse_record
from ..games import get_game
from ..record import Action, Deal, DrawDeal, Record
from ..stepper import Stepper
from .hidden_hands import HiddenDeal
from .journal import append, backup, encode_entry, open_locked, read_all, release, split_lines
from .journal_entries import (
    BeginDeal,
    HandsEntry,
    JournalEntry,
    JournalHeader,
    NoteEntry,
    RecordedDeal,
    StockEntry,
    apply_entry,
    check_entry,
    entry_of,
    line_of,
    short,
)

__all__ = ["EntryLog", "RecordedDeal", "Rejected", "short"]

#: an action's bytes, to tell equal actions apart from others (Actions with a list of cards
#: are not hashable)
_key = msgspec.msgpack.Encoder().encode


class Rejected(GamerecError):
    """An entry the recorder did not accept: why (a rule id for a rules breach, a format
    code for a line it could not read), what would be legal instead, and the action at
    fault when it is one of the deal's (``action``, its index in the deal from 0: the
    action entered, or an earlier one whose breach the entry proves)."""

    def __init__(self, message: str, rule: str, legal: Sequence[str] = (), action: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.legal = list(legal)
        self.action = action


class EntryLog:
    """A game being recorded, as the entries of its journal ``journal`` build it."""

    #: how each deal's hands come: typed up front, dealt from the seed, or unknown
    HANDS = ("typed", "seed", "unknown")

    def __init__(self, journal: str | Path, header: Record, hands: str = "typed", seed: int = 0) -> None:
        if hands not in self.HANDS:
            raise GamerecError(f"hands {hands!r}: one of {', '.join(self.HANDS)}")
        self.journal = Path(journal)
        self.header = header
        self.hands = hands
        self.seed = seed
        self.game: Game[Any] = get_game(header.game)
        self.deals: list[RecordedDeal] = []
        self._fd: int | None = None  #: the journal, open for appending and locked
        #: what :meth:`resume` had to do to a damaged journal, in one line (None: nothing)
        self.repair: str | None = None
        #: the live game: the known deals (up to the first with unknown hands) stepped by
        #: the rules, as far as they go
        self.live = Stepper(header)
        #: the current deal while its hands are unknown, stepped by the rules on what is known
        #: (after :attr:`live`'s last deal; None when the current deal's hands are known)
        self.hidden: HiddenDeal | None = None
        #: why :attr:`live` (or :attr:`hidden`) stops short of the recording: the stock card
        #: the rules wait for
        self._stop: StockMissing | None = None

    # -- resuming from the journal ----------------------------------------------------------
    @classmethod
    def resume(cls, journal: str | Path) -> Self:
        """The recording kept in ``journal``, up to its last whole line, held (locked) from
        now on. A damaged line (one that does not read, does not fit, or a step the rules
        refuse) ends it: the recording resumes up to it, the whole journal is first copied
        to ``JOURNAL.damaged`` and the journal cut there; :attr:`repair` says so. A damaged
        header is refused (GamerecError), the journal untouched."""
        path = Path(journal)
        fd = open_locked(path, create=False)
        try:
            return cls._resume(path, fd)
        except BaseException:
            release(path, fd)
            raise

    @classmethod
    def _resume(cls, path: Path, fd: int) -> Self:
        try:
            data = read_all(fd)
        except OSError as e:
            raise GamerecError(f"{path}: cannot read the journal: {e.strerror or e}") from None
        entries, torn = split_lines(data)
        if not entries:
            raise GamerecError(f"{path}: not a gamerec journal (no header)")
        number, _, line = entries[0]
        try:
            first = msgspec.json.decode(line)
        except (msgspec.DecodeError, RecursionError):
            raise GamerecError(f"{path}: line {number} of the journal is damaged: not JSON") from None
        if not isinstance(first, dict) or not isinstance(first.get("header"), str):
            raise GamerecError(f"{path}: not a gamerec journal (no header)")
        try:
            head = msgspec.convert(first, JournalHeader, strict=True)
            header = parse_record(head.header.split("\n"))
            hands, seed = head.hands, head.seed
            cls(path, header, hands, seed)  # the hands are one of HANDS
        except msgspec.ValidationError as e:
            text, field, _ = split_where(str(e))
            raise GamerecError(f"{path}: the journal's header: {field.removeprefix('$.')}: {text}") from None
        except (FormatError, GamerecError, ValueError, TypeError) as e:
            why = e.message if isinstance(e, GamerecError) else str(e)
            raise GamerecError(f"{path}: the journal's header: {why}") from None
        cut: tuple[int, int, str] | None = None  # (line number, offset, why) of the damage
        while True:
            stop = len(data) if cut is None else cut[1]
            rec = cls(path, header, hands, seed)
            damage, origins = rec._replay([e for e in entries[1:] if e[1] < stop])
            if damage is not None:  # the recording holds the steps before it
                cut = damage
            try:  # the live game, stepped through the known deals
                _, refused = rec._follow()
            except FormatError as e:  # each entry fits the limits: not expected
                raise GamerecError(f"{path}: the journal does not make a record: {e.message}") from None
            if refused is None:  # every step was checked when it was taken
                break
            deal, action, err = refused
            deal_line, action_lines = origins[deal]
            at = deal_line if action is None else action_lines[action]
            step = "the deal" if action is None else repr(rec.action_line(rec.deals[deal].actions[action]))
            where = next(e[1] for e in entries if e[0] == at)
            cut = (at, where, f"a step the rules refuse: {short(step)}: {err.reason} [{err.rule}]")
        if cut is not None:
            kept = backup(path, data)
            try:
                os.ftruncate(fd, cut[1])
                os.fsync(fd)
            except OSError as e:
                raise GamerecError(
                    f"{path}: cannot cut the journal's damaged line: {e.strerror or e}"
                ) from None
            rec.repair = (
                f"{path}: line {cut[0]} of the journal is damaged; resumed up to line {cut[0] - 1}, and the "
                f"whole journal kept in {kept}: {cut[2]}"
            )
        elif torn is not None:  # a sound journal: cut off its torn line, so that new steps start clean
            try:
                os.ftruncate(fd, torn)
            except OSError as e:
                raise GamerecError(
                    f"{path}: cannot cut the journal's torn last line: {e.strerror or e}"
                ) from None
        rec._fd = fd
        return rec

    def _replay(
        self, entries: list[tuple[int, int, bytes]]
    ) -> tuple[tuple[int, int, str] | None, list[tuple[int, list[int]]]]:
        """Apply the journal's ``entries`` (number, offset, line) up to the first damaged
        one; that one (number, offset, why), or None, and the journal line of each deal
        and of each of its actions."""
        origins: list[tuple[int, list[int]]] = []
        for number, offset, line in entries:
            try:
                entry = msgspec.json.decode(line)
            except (msgspec.DecodeError, RecursionError):
                return (number, offset, "not JSON"), origins
            try:
                entry = entry_of(entry, self.game)
                self._validate(entry)
                self._apply(entry)
            except (GamerecError, ValueError, TypeError, KeyError, IndexError, RecursionError) as e:
                why = e.message.removeprefix("line 1, ") if isinstance(e, GamerecError) else str(e)
                return (number, offset, short(why, 200)), origins
            # the lines the deals and actions now stand on
            del origins[len(self.deals) :]
            while len(origins) < len(self.deals):
                origins.append((number, []))
            if self.deals:
                d, lines = self.deals[-1], origins[-1][1]
                del lines[len(d.actions) :]
                lines.extend([number] * (len(d.actions) - len(lines)))
                if type(entry) is NoteEntry:
                    lines[-1] = number
                elif type(entry) is HandsEntry or type(entry) is StockEntry:
                    origins[-1] = (number, lines)
        return None, origins

    # -- the record the entries make --------------------------------------------------------
    def record(self, *, known_only: bool = False) -> Record:
        """The record so far (with ``known_only``, without a deal whose hands are unknown;
        with them, such a deal has no hands)."""
        deals: list[Deal[Any]] = []
        for d in self.deals:
            if d.hands is None and known_only:
                break
            deals.append(self._deal(d))
        return msgspec.structs.replace(self.header, deals=deals)

    def _deal(self, d: RecordedDeal) -> Deal[Any]:
        """``d`` as a deal of the record (a :class:`~gamerec.record.DrawDeal`, with no
        draw recorded, for a game whose dealer is drawn), its lists its own."""
        hands = [list(h) for h in d.hands or []]
        if self.game.has_draw:
            return DrawDeal(d.dealer, hands, list(d.stock), list(d.actions), None)
        return Deal(d.dealer, hands, list(d.stock), list(d.actions))

    @property
    def current(self) -> RecordedDeal | None:
        return self.deals[-1] if self.deals else None

    # -- the live game ----------------------------------------------------------------------
    def _follow(self) -> tuple[list[list[Event]], tuple[int, int | None, Illegal] | None]:
        """Extend :attr:`live` along the known deals (up to the first whose hands are
        unknown) as far as the rules go, from where it stands (its deals and actions must
        be the first ones of the recording's), then step the deal whose hands are unknown,
        if it is the current one, afresh as :attr:`hidden`. The events of each step taken
        (of the known deals), and the step the rules refused, if one was: (deal, action or
        None for the deal itself, why). A stock card the rules wait for stops it too, and
        :attr:`_stop` says so."""
        live = self.live
        steps: list[list[Event]] = []
        self._stop = None
        self.hidden = None
        for index in range(max(live.begun - 1, 0), len(self.deals)):
            d = self.deals[index]
            if d.hands is None:
                return steps, self._follow_hidden(index)
            deal = self._deal(d)
            action: int | None = None
            try:
                if index == live.begun:
                    steps.append(live.begin(deal))
                for action in range(live.pushed, len(deal.actions)):
                    steps.append(live.push(deal.actions[action]))
            except StockMissing as e:
                self._stop = e
                break
            except Illegal as e:
                return steps, (index, action, e)
        return steps, None

    def _follow_hidden(self, index: int) -> tuple[int, int | None, Illegal] | None:
        """Step deal ``index``, whose hands are unknown, as :attr:`hidden` (when every deal
        before it is stepped); the step the rules refused, if one was."""
        live = self.live
        if live.begun != index or (index and live.pushed < len(self.deals[index - 1].actions)):
            return None  # (a deal before it waits for a stock card)
        d = self.deals[index]
        try:
            hidden = HiddenDeal(live.state, d.dealer, d.stock)
        except Illegal as e:
            return index, None, e
        actions = d.actions
        for at in range(len(actions)):
            try:
                hidden.load(actions[at : at + 1])
            except Illegal as e:
                return index, at, e
        self.hidden = hidden
        self._stop = hidden.waiting
        return None

    # -- the live game as the table sees it ------------------------------------------------
    def state(self) -> GameState:
        """The live game state: the known deals as far as the rules go (before a stock
        card they wait for), and the current deal as far as it is known when its hands are
        unknown (:attr:`hidden`)."""
        return self.live.state if self.hidden is None else self.hidden.state

    @property
    def unknown_hands(self) -> bool:
        d = self.current
        return d is not None and d.hands is None

    def status(self) -> str:
        """``deal`` (a new deal is due), ``play`` (actions, or a stock card, are due) or
        ``over``."""
        if self.unknown_hands or self._stop is not None:
            return "play"
        state = self.live.state
        if not state.deal_over:
            return "play"
        if state.finished and not self.game.open_ended:
            return "over"
        return "deal"

    def to_move(self) -> int | None:
        """The seat to move (None between deals, and while a stock card is due)."""
        if self._stop is not None:
            return None
        return self.state().to_move

    def legal(self) -> list[str]:
        """The legal actions now, in the notation's words (none while a stock card is due:
        :attr:`needs_stock`); with unknown hands, those some hand could make legal
        (:meth:`choices`)."""
        return self.choices()[0]

    def choices(self) -> tuple[list[str], list[str], bool]:
        """:meth:`legal_actions` in the notation's words."""
        actions, due, guessed = self.legal_actions()
        return list(map(self.action_line, actions)), list(map(self.action_line, due)), guessed

    def legal_actions(self) -> tuple[list[Action], list[Action], bool]:
        """The legal actions now; those of them the rules ask for first when the seat holds
        them (with unknown hands: a suit it must follow, if it holds one; else none), which
        come first; and whether some are legal only if the seat holds a card nobody has seen
        (with unknown hands). None while a stock card is due."""
        if self._stop is not None:
            return [], [], False
        if self.hidden is not None:
            choices = self.hidden.choices()
            due = {_key(a) for a in choices.due}
            rest = [a for a in choices.actions if _key(a) not in due]
            return [*choices.due, *rest], list(choices.due), choices.guessed
        return self.live.state.legal_actions(), [], False

    def expected_seat(self) -> int | None:
        """The dealer (or first player) the next deal must have, None when it is free."""
        return self.live.state.expected_dealer() if self.deals else None

    def deal_shape(self) -> tuple[int, int]:
        """Cards per hand and the stock cards turned at once in the next deal (or the
        current one, while its hands are unknown), from a deal the game's own dealer makes
        (sizes only; its cards are not used)."""
        probe = self.game.deal(self.live.state, random.Random(0))
        stock = len(probe.stock) if self.game.stock_with_deal else 0
        return len(probe.hands[0]), stock

    def action_line(self, action: Action) -> str:
        """``action`` in the notation's words (``1 play QS ; a note``), to show it."""
        return format_action(self.game, action)

    @property
    def needs_stock(self) -> bool:
        """Whether the rules stopped for a stock card the record does not give yet."""
        return self._stop is not None

    @property
    def stock_due(self) -> str | None:
        """The stock card the rules wait for, in the game's words ("forest card for trick
        3"); None when none is due."""
        if self._stop is None:
            return None
        index = self._stop.index
        if index < 0:  # (not said: the next card of the stock)
            index = len(self.current.stock) if self.current is not None else 0
        return self.game.stock_card(index)

    def waiting_action(self) -> str | None:
        """The action entered that waits for the stock card due (the last card of a forest
        trick comes with the next forest card), in the notation's words; None when none
        waits."""
        if self._stop is None or self.current is None:
            return None
        d = self.current
        if self.hidden is not None:
            index = self.hidden.stepped
        elif self._known_begun():
            index = self.live.pushed
        else:
            return None
        return self.action_line(d.actions[index]) if index < len(d.actions) else None

    def _known_begun(self) -> bool:
        """Whether the current deal is in the live game (begun there)."""
        return bool(self.deals) and self.live.begun == len(self.deals)

    # -- the journal and its entries --------------------------------------------------------
    def close(self) -> None:
        """Let go of the journal (another recorder may resume it now)."""
        if self._fd is not None:
            release(self.journal, self._fd)
            self._fd = None

    def _admit(self, entry: JournalEntry) -> None:
        """Rejected unless ``entry`` is one :meth:`resume` reads back (within the format's
        limits: cards, notes, actions, deals)."""
        try:
            self._validate(entry)
        except FormatError as e:
            raise Rejected(e.message.removeprefix("line 1, "), e.code) from None
        except (GamerecError, ValueError, TypeError) as e:
            raise Rejected(e.message if isinstance(e, GamerecError) else str(e), "format.text") from None

    def _commit(self, entry: JournalEntry, admitted: bool = False) -> None:
        """Append ``entry`` to the journal, synced to disk, and apply it. Rejected (and
        nothing written) unless it is one :meth:`resume` reads back (``admitted``: it was
        just checked); a failed write is taken back, so the journal never holds part of a
        line before another."""
        self._write(entry, admitted)
        self._apply(entry)

    def _write(self, entry: JournalEntry, admitted: bool = False) -> None:
        """:meth:`_commit` without applying ``entry`` (the caller has)."""
        if not admitted:
            self._admit(entry)
        if self._fd is None:  # a recorder made without start or resume
            self._fd = open_locked(self.journal, create=True)
        size = os.fstat(self._fd).st_size
        try:
            append(self._fd, encode_entry(line_of(self.game, entry)))
        except OSError as e:
            with contextlib.suppress(OSError):  # else a torn last line: resume leaves it out
                os.ftruncate(self._fd, size)
            raise GamerecError(f"{self.journal}: cannot write the journal: {e.strerror or e}") from None

    def _validate(self, entry: JournalEntry) -> None:
        """:func:`~gamerec.recording.journal_entries.check_entry` of ``entry`` now."""
        check_entry(self.game, len(self.header.players), self.deals, entry)

    def _apply(self, entry: JournalEntry) -> None:
        """Apply ``entry`` to the recording's deals (:attr:`live` is the caller's)."""
        if type(entry) is not BeginDeal and not self.deals:
            raise GamerecError(f"{self.journal}: a journal entry before the first deal")
        apply_entry(self.deals, entry)
