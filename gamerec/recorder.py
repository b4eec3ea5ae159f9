"""Recording a game as it happens (``gamerec record``).

A :class:`Recorder` holds a game being recorded: its header, its deals so far and their
actions, in the words of the text notation (:mod:`gamerec.format.notation`). Every action is
checked by the rules the moment it is entered; a rejected one says the rule, the reason
and the legal choices. Nothing is lost: every accepted step is appended to a journal
(JSON Lines, flushed and synced to disk before :meth:`Recorder.enter` returns), and
:meth:`Recorder.resume` rebuilds the game from it, up to the last whole line.

The journal is safe from its user too. A recorder holds it locked (``fcntl.flock``, so
two recordings of one journal cannot both append; the lock dies with the process) and
names its process in a file beside it (``JOURNAL.pid``). Every entry is checked against
the format's limits and read back as :meth:`Recorder.resume` reads it before it is
written, so what the journal holds always resumes. A journal damaged all the same (a line
edited, cut or the rules refusing it) resumes up to the damaged line, after a copy of the
whole journal is kept (``JOURNAL.damaged``); :attr:`Recorder.repair` says so.

Hands may be typed up front, dealt from a seed, or left unknown as at a real table. In a
deal with unknown hands each action is only read and checked against the cards already
played; when the deal's last card is played, each seat's hand is rebuilt from the cards
it played and the whole deal is checked by the rules (a mistake is reported then, and the
deal goes back to the action at fault). The stock is filled in as it is revealed: when
the rules need a stock card the record does not give yet, :attr:`Recorder.needs_stock`
says so and :meth:`Recorder.reveal` adds it.

Why one module of about a thousand lines: the recorder and its journal (locking, limits,
repair of a damaged journal) are still together; issue 14 gives the journal a module of its
own beside the recorder.
"""

from __future__ import annotations

import contextlib
import errno
import operator
import os
import random
import re
import stat
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from .cards import CardCodeError
from .engine import Game, GameState
from .errors import FormatError, GamerecError, Illegal, StockMissing
from .format import record as limits
from .format.notation import MAX_LINE, format_action, format_record, parse_action
from .format.notation_read import parse_record
from .format.record import Action, Deal, Meta, Record
from .format.write import same_file, write_records
from .games import get_game
from .games.views import presenter
from .stepper import Outcome, run, walk
from .verdicts import Verdict, verdict_of

if sys.platform != "win32":
    import fcntl

__all__ = ["Recorder", "Rejected"]

#: the byte order mark a journal may start with (an editor's doing)
BOM = b"\xef\xbb\xbf"


class Rejected(GamerecError):
    """An entry the recorder did not accept: why (a rule id for a rules breach, a format
    code for a line it could not read) and what would be legal instead."""

    def __init__(self, message: str, rule: str, legal: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.legal = list(legal)


class _Deal(msgspec.Struct):
    """A deal being recorded: its stored seat, hands (None while unknown), stock so far
    and actions, as notation lines."""

    dealer: int
    hands: list[list[str]] | None
    stock: list[str] = []
    actions: list[str] = []
    #: the hands were unknown and are rebuilt from the plays (undo makes them unknown again)
    rebuilt: bool = False
    #: what was entered in the deal, last on top, for undo: ("action", ""), ("stock", "")
    #: or ("note", the action's line before the note)
    entered: list[tuple[str, str]] = []

    def copy(self) -> _Deal:
        hands = None if self.hands is None else [list(h) for h in self.hands]
        return _Deal(
            self.dealer, hands, list(self.stock), list(self.actions), self.rebuilt, list(self.entered)
        )

    def last_entered(self) -> str:
        """What undo takes back: ``action``, ``stock``, ``note``, or ``deal`` (nothing was
        entered in it since it began)."""
        return self.entered[-1][0] if self.entered else "deal"


class Recorder:
    """A game being recorded, journaled to ``journal``."""

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
        self.deals: list[_Deal] = []
        self._fd: int | None = None  #: the journal, open for appending and locked
        #: what :meth:`resume` had to do to a damaged journal, in one line (None: nothing)
        self.repair: str | None = None
        self._version = 0  #: counts the changes, for the cached replay
        self._outcome: tuple[int, Outcome] | None = None
        # what keeps a step's cost flat in the game's length: the header read once, each
        # deal read once (by its lines), and the state after every deal but the last
        self._head: Record | None = None
        self._head_lines: list[str] | None = None
        self._deal_cache: dict[int, tuple[tuple[str, ...], Deal[Any]]] = {}
        self._prefix: tuple[tuple[Deal[Any], ...], GameState] | None = None

    # -- starting ---------------------------------------------------------------------------
    @classmethod
    def start(
        cls,
        journal: str | Path,
        game: str,
        players: Sequence[str],
        rules: dict[str, Any] | None = None,
        meta: Meta | None = None,
        *,
        hands: str = "typed",
        seed: int = 0,
        force: bool = False,
    ) -> Recorder:
        """A new recording; Illegal if the players or rules do not fit the game. An
        existing journal is kept unless ``force`` (resume it instead)."""
        g = get_game(game)
        g.new_state(rules or {}, players)  # the players and rules are checked here
        header = Record(game=game, players=list(players), rules=dict(rules or {}), meta=meta or Meta())
        try:  # as resume reads it back (the format's limits on names, tags...)
            parse_record(format_record(header).split("\n"))
        except FormatError as e:
            raise FormatError(e.message.removeprefix("record from line 1: "), e.code) from None
        path = Path(journal)
        if path.exists() and not force:
            raise GamerecError(f"{path}: a journal is there already: --resume it, or --force to start over")
        if hands == "unknown" and not g.hands_from_plays:
            raise GamerecError(_no_rebuild(g))
        rec = cls(path, header, hands, seed)
        fd = _open_locked(path, create=True)
        try:  # locked: now empty it, then append from here on
            os.ftruncate(fd, 0)
            _write(fd, _entry({"header": format_record(header), "hands": hands, "seed": seed}))
        except OSError as e:
            _release(path, fd)
            raise GamerecError(f"{path}: cannot write the journal: {e.strerror or e}") from None
        except BaseException:
            _release(path, fd)
            raise
        rec._fd = fd
        return rec

    @classmethod
    def resume(cls, journal: str | Path) -> Recorder:
        """The recording kept in ``journal``, up to its last whole line, held (locked) from
        now on. A damaged line (one that does not read, does not fit, or a step the rules
        refuse) ends it: the recording resumes up to it, the whole journal is first copied
        to ``JOURNAL.damaged`` and the journal cut there; :attr:`repair` says so. A damaged
        header is refused (GamerecError), the journal untouched."""
        path = Path(journal)
        fd = _open_locked(path, create=False)
        try:
            return cls._resume(path, fd)
        except BaseException:
            _release(path, fd)
            raise

    @classmethod
    def _resume(cls, path: Path, fd: int) -> Recorder:
        try:
            data = _read_all(fd)
        except OSError as e:
            raise GamerecError(f"{path}: cannot read the journal: {e.strerror or e}") from None
        lines: list[tuple[int, int, bytes]] = []  # (number, offset, line) of each whole line
        offset = len(BOM) if data.startswith(BOM) else 0
        torn: int | None = None  # the offset of a torn last line
        for number, line in enumerate(data[offset:].split(b"\n"), 1):
            if offset + len(line) == len(data):  # no line break after it
                torn = offset if line else None  # killed while writing it: never accepted
                break
            lines.append((number, offset, line))
            offset += len(line) + 1
        entries = [(n, at, line) for n, at, line in lines if line.strip()]
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
            header = parse_record(first["header"].split("\n"))
            hands, seed = str(first.get("hands", "typed")), first.get("seed", 0)
            if type(seed) is not int:
                raise ValueError("the seed is not a number")
            cls(path, header, hands, seed)  # the hands are one of HANDS
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
            try:
                outcome = run(rec.record(known_only=True))
            except FormatError as e:  # each entry fits the limits: not expected
                raise GamerecError(f"{path}: the journal does not make a record: {e.message}") from None
            if not isinstance(outcome.error, Illegal):  # every step was checked when it was taken
                break
            err = outcome.error
            if outcome.deal is None:
                raise GamerecError(f"{path}: the journal's header: {err.reason} [{err.rule}]")
            deal_line, action_lines = origins[outcome.deal]
            at = deal_line if outcome.action is None else action_lines[outcome.action]
            step = (
                "the deal"
                if outcome.action is None
                else repr(rec.deals[outcome.deal].actions[outcome.action])
            )
            where = next(e[1] for e in entries if e[0] == at)
            cut = (at, where, f"a step the rules refuse: {_short(step)}: {err.reason} [{err.rule}]")
        if cut is not None:
            backup = _backup(path, data)
            try:
                os.ftruncate(fd, cut[1])
                os.fsync(fd)
            except OSError as e:
                raise GamerecError(
                    f"{path}: cannot cut the journal's damaged line: {e.strerror or e}"
                ) from None
            rec.repair = (
                f"{path}: line {cut[0]} of the journal is damaged; resumed up to line {cut[0] - 1}, and the "
                f"whole journal kept in {backup}: {cut[2]}"
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
                if not isinstance(entry, dict):
                    raise TypeError("not a journal entry")
                self._validate(entry)
                self._apply(entry)
            except (
                FormatError,
                GamerecError,
                ValueError,
                TypeError,
                KeyError,
                IndexError,
                RecursionError,
            ) as e:
                why = e.message.removeprefix("line 1, ") if isinstance(e, GamerecError) else str(e)
                return (number, offset, _short(why, 200)), origins
            # the lines the deals and actions now stand on
            del origins[len(self.deals) :]
            while len(origins) < len(self.deals):
                origins.append((number, []))
            if self.deals:
                d, lines = self.deals[-1], origins[-1][1]
                del lines[len(d.actions) :]
                lines.extend([number] * (len(d.actions) - len(lines)))
                if "note" in entry:
                    lines[-1] = number
                elif "hands" in entry or ("stock" in entry and "deal" not in entry):
                    origins[-1] = (number, lines)
        return None, origins

    # -- the state ---------------------------------------------------------------------------
    def record(self, *, known_only: bool = False) -> Record:
        """The record so far (with ``known_only``, without a deal whose hands are unknown).
        Each deal is read from its notation lines once, and again only when they change."""
        deals: list[Deal[Any]] = []
        for index, d in enumerate(self.deals):
            if d.hands is None and known_only:
                break
            deals.append(self._parsed(index, d))
        if self._head is None:
            self._head = parse_record(format_record(self.header).rstrip("\n").split("\n"))
        return msgspec.structs.replace(self._head, deals=deals)

    def _parsed(self, index: int, d: _Deal) -> Deal[Any]:
        """Deal ``index`` as the notation reads it (FormatError if it does not)."""
        lines = [f"deal 1: {self.game.seat_field} {d.dealer}"]
        lines += [f"hand {seat}: " + (" ".join(hand) or "-") for seat, hand in enumerate(d.hands or [])]
        if d.stock:
            lines.append("stock: " + " ".join(d.stock))
        lines += d.actions
        key = tuple(lines)
        kept = self._deal_cache.get(index)
        if kept is not None and kept[0] == key:
            return kept[1]
        if self._head_lines is None:
            self._head_lines = format_record(self.header).rstrip("\n").split("\n")
        deal = parse_record(self._head_lines + lines).deals[0]
        self._deal_cache[index] = (key, deal)
        return deal

    def _start(self, record: Record) -> tuple[int, GameState] | None:
        """Where a walk of ``record`` may start: ``(k, a copy of the state after its first k
        deals)``, k being its last deal, from the state kept for that; None when the deals
        before the last one do not replay (walk it whole: it stops there)."""
        deals = record.deals
        k = max(len(deals) - 1, 0)
        kept = self._prefix
        start: tuple[int, GameState] | None = None
        if kept is not None and len(kept[0]) <= k and all(map(operator.is_, kept[0], deals)):
            start = (len(kept[0]), kept[1].copy())
        if start is None or start[0] < k:
            before = run(msgspec.structs.replace(record, deals=deals[:k]), start)
            if before.error is not None or before.state is None:
                return None
            self._prefix = (tuple(deals[:k]), before.state)
            start = (k, before.state.copy())
        return start

    def _run(self, record: Record) -> Outcome:
        """``run(record)``, costing its last deal alone once the state before it is kept."""
        start = self._start(record)
        return run(record, start) if start is not None else run(record)

    def _events_of_deal(self, record: Record) -> list[list[str]]:
        """The events of each step of ``record``'s last deal, in words."""
        start = self._start(record)
        last = len(record.deals) - 1
        players = self.header.players
        describe = presenter(self.game.id).describe
        texts = []
        for di, _, _, events, _ in walk(record, steps=True, start=start):
            if di == last:
                texts.append([describe(e, players) for e in events])
        return texts

    def _known(self) -> Outcome:
        """How the record of the known deals replays; kept until the recording changes
        (the prompt asks for the status, the seat to move and the stock in turn)."""
        if self._outcome is None or self._outcome[0] != self._version:
            self._outcome = (self._version, self._run(self.record(known_only=True)))
        return self._outcome[1]

    def state(self) -> GameState | None:
        """The game state after the known deals (None if the record does not start)."""
        return self._known().state

    @property
    def current(self) -> _Deal | None:
        return self.deals[-1] if self.deals else None

    @property
    def unknown_hands(self) -> bool:
        d = self.current
        return d is not None and d.hands is None

    def status(self) -> str:
        """``deal`` (a new deal is due), ``play`` (actions are due) or ``over``."""
        if self.unknown_hands:
            return "play"
        state = self.state()
        if state is None:
            return "over"
        if not state.deal_over:
            return "play"
        if state.finished and not self.game.open_ended:
            return "over"
        return "deal"

    def to_move(self) -> int | None:
        if self.unknown_hands:
            return None
        state = self.state()
        return None if state is None else state.to_move

    def legal(self) -> list[str]:
        """The legal actions now, in the notation's words (empty with unknown hands)."""
        if self.unknown_hands:
            return []
        state = self.state()
        if state is None:
            return []
        return [format_action(self.game, a) for a in state.legal_actions()]

    def expected_seat(self) -> int | None:
        """The dealer (or first player) the next deal must have, None when it is free."""
        state = self.state()
        return None if state is None or not self.deals else state.expected_dealer()

    def deal_shape(self) -> tuple[int, int]:
        """Cards per hand and the stock cards turned at once in the next deal, from a deal
        the game's own dealer makes (sizes only; its cards are not used)."""
        state = self.state()
        assert state is not None
        probe = self.game.deal(state, random.Random(0))
        stock = len(probe.stock) if self.game.stock_with_deal else 0
        return len(probe.hands[0]), stock

    # -- deals -------------------------------------------------------------------------------
    def begin_deal(
        self, dealer: int, hands: Sequence[Sequence[int]] | None, stock: Sequence[int] = ()
    ) -> None:
        """Start the next deal: ``hands`` as dealt (None: unknown, rebuilt from the plays),
        ``stock`` as revealed so far. Rejected if the rules refuse it."""
        if self.unknown_hands:
            raise Rejected("the current deal is not over", "deal-unfinished")
        if hands is None and not self.game.hands_from_plays:
            raise Rejected(_no_rebuild(self.game), "hands-unknown")
        n = len(self.header.players)
        if not 0 <= dealer < n:  # (as the rules say it; unknown hands are not checked before the end)
            what = "dealer" if self.game.seat_field == "dealer" else "first player"
            raise Rejected(f"{what} {dealer} is not a seat (0..{n - 1})", f"deal-{self.game.seat_field}")
        deck = self.game.deck
        entry = {
            "deal": dealer,
            "hands": None if hands is None else [[deck.code(c) for c in h] for h in hands],
            "stock": [deck.code(c) for c in stock],
        }
        if hands is not None:
            self._check(entry)
        self._commit(entry)

    def deal_from_seed(self, rng: random.Random | None = None) -> None:
        """Deal the next deal as the game's dealer does, with ``rng`` or, by default, a
        generator of its own for each deal from the recording's seed (so a resumed
        recording deals the same cards)."""
        state = self.state()
        assert state is not None
        deal = self.game.deal(state, rng or random.Random(f"{self.seed}/{len(self.deals) + 1}"))
        self.begin_deal(deal.dealer, deal.hands, deal.stock)

    # -- actions -----------------------------------------------------------------------------
    def parse(self, text: str) -> Action:
        """An action line; the seat may be left out (``play QS``): the seat to move."""
        words = text.split()
        if _LONG_NUMBER.search(text.split(";", 1)[0]):
            raise Rejected("a number of more digits than any seat, bid or count has", "format.text")
        if words and not words[0].lstrip("+-").isdigit():
            seat = self.to_move()
            if seat is None:
                why = "it is not known who is to move"
                raise Rejected(f"say the seat first (e.g. 2 play QS): {why}", "format.text")
            text = f"{seat} {text}"
        try:
            return parse_action(self.game, text)
        except FormatError as e:
            raise Rejected(e.message.removeprefix("line 1, "), e.code) from None
        except ValueError as e:  # (a number Python will not read)
            raise Rejected(_short(str(e), 200), "format.text") from None

    def enter(self, text: str) -> list[str]:
        """Check and record one action; the derived events it caused, in words (at the end
        of a deal with unknown hands, the whole deal's). Rejected, saying why, if the rules
        refuse it; the record is unchanged then."""
        if self.status() != "play":
            why = "no action is due: a new deal must begin" if self.deals else "no deal yet"
            raise Rejected(why, "after-end")
        action = self.parse(text)
        line = format_action(self.game, action)
        d = self.current
        assert d is not None
        if d.hands is None:
            return self._enter_unknown(d, action, line)
        entry = {"action": line}
        known = self._known()
        if known.error is None and known.state is not None:
            # the common case: step the live state itself (atomic: a refusal changes nothing)
            self._admit(entry)
            state = known.state
            try:
                events = state.apply(action)
            except Illegal as e:
                raise Rejected(e.reason, e.rule, self.legal()) from None
            except StockMissing:  # the rules wait for a stock card: the step comes with it
                self._commit(entry)
                return []
            try:
                self._commit(entry)
            except BaseException:
                self._outcome = None  # the state is ahead of the journal: replay it
                raise
            self._outcome = (self._version, Outcome(state))
            describe = presenter(self.game.id).describe
            return [describe(e, self.header.players) for e in events]
        self._check(entry)
        self._commit(entry)
        return self._events_of_last()

    def _enter_unknown(self, d: _Deal, action: Action, line: str) -> list[str]:
        deck = self.game.deck
        played = [c for a in d.actions for c in _cards(self.game, parse_action(self.game, a))]
        for c in _cards(self.game, action):
            if deck.distinct and c in played:
                raise Rejected(f"{deck.code(c)} was played already in this deal", "not-held")
        self._commit({"action": line})
        size, _ = self._shape_of_current()
        cards = played + _cards(self.game, action)
        if len(cards) < size * len(self.header.players):
            return []
        return self._close_unknown()

    def _shape_of_current(self) -> tuple[int, int]:
        saved = self.deals.pop()
        try:
            return self.deal_shape()
        finally:
            self.deals.append(saved)

    def _close_unknown(self) -> list[str]:
        """Every card of the deal is played: rebuild the hands and check the deal."""
        d = self.current
        assert d is not None
        hands: list[list[str]] = [[] for _ in self.header.players]
        for a in d.actions:
            act = parse_action(self.game, a)
            hands[act.seat].extend(self.game.deck.code(c) for c in _cards(self.game, act))  # type: ignore[attr-defined]
        self._commit({"hands": hands})
        return self._check_rebuilt()

    def _check_rebuilt(self) -> list[str]:
        """Check a deal whose hands were rebuilt; at a breach, reopen it at the action at
        fault. The deal's events when it is legal (none while a stock card is missing)."""
        d = self.current
        assert d is not None
        record = self.record()
        outcome = self._run(record)
        err = outcome.error
        if isinstance(err, Illegal) and outcome.deal == len(self.deals) - 1:
            at = outcome.action if outcome.action is not None else 0
            wrong = d.actions[at] if at < len(d.actions) else "the deal"
            self._commit({"reopen": at})
            raise Rejected(
                f"the deal, checked with the hands rebuilt from the plays: action {at + 1} ({wrong}) "
                f"is illegal: {err.reason}; the deal goes back to before it",
                err.rule,
            )
        if isinstance(err, StockMissing):
            return []
        return [t for step in self._events_of_deal(record) for t in step]

    @property
    def needs_stock(self) -> bool:
        """Whether the rules stopped for a stock card the record does not give yet."""
        return isinstance(self._known().error, StockMissing)

    def reveal(self, card: str) -> list[str]:
        """Add a card to the current deal's stock, as revealed (an up-card, a forest card,
        a card drawn)."""
        if self.current is None:
            raise Rejected("no deal yet", "format.text")
        try:
            code = self.game.deck.code(self.game.deck.parse(card))
        except CardCodeError as e:
            raise Rejected(str(e), "format.card") from None
        d = self.current
        if d.hands is not None and not d.rebuilt:  # checked against the table, as plays are
            self._check({"stock": code})
        self._commit({"stock": code})
        d = self.current
        if d is not None and d.rebuilt:
            return self._check_rebuilt()
        return self._events_of_last()

    def undo(self) -> str:
        """Take back the last entry of the current deal: an action, a stock card, a note,
        or, when nothing was entered in it yet, the deal itself (its hands with it: see
        :attr:`undo_drops_deal`). What was undone, in words."""
        d = self.current
        if d is None:
            raise Rejected("nothing to undo", "undo")
        kind = d.last_entered()
        if kind == "action":
            what = d.actions[-1]
        elif kind == "stock":
            what = f"stock card {d.stock[-1]}"
        elif kind == "note":
            what = f"the note on {d.entered[-1][1]}"
        else:
            what = f"{self.game.deal_word} {len(self.deals)}" + (" and its hands" if d.hands else "")
        self._commit({"undo": kind})
        return what

    @property
    def undo_drops_deal(self) -> bool:
        """Whether :meth:`undo` would take back a whole deal whose hands were typed or dealt
        (the command line asks first)."""
        d = self.current
        return d is not None and d.last_entered() == "deal" and bool(d.hands)

    def note(self, text: str) -> str:
        """Attach a note to the last action; the action with its note."""
        d = self.current
        if d is None or not d.actions:
            raise Rejected("no action to attach a note to", "note")
        action = parse_action(self.game, d.actions[-1])
        line = format_action(self.game, msgspec.structs.replace(action, note=text))
        self._commit({"note": line})
        return line

    def finish(self, output: str | Path, *, force: bool = False) -> Verdict:
        """Write the record atomically to ``output``, remove the journal, and return its
        verdict."""
        if same_file(output, self.journal):
            raise GamerecError(f"{output}: is the journal: writing the record there would lose the journal")
        record = self.record()
        write_records([record], output, force=force)
        self.journal.unlink(missing_ok=True)  # still held: no other recorder takes it up meanwhile
        self.close()
        return verdict_of(run(record), record, str(output), 0)

    def close(self) -> None:
        """Let go of the journal (another recorder may resume it now)."""
        if self._fd is not None:
            _release(self.journal, self._fd)
            self._fd = None

    # -- internals ---------------------------------------------------------------------------
    def _check(self, entry: dict[str, Any]) -> None:
        """Rejected unless the record with ``entry`` added replays legally (as far as its
        stock goes); the recording is unchanged either way."""
        self._admit(entry)
        backup = [d.copy() for d in self.deals]
        try:
            self._apply(entry)
            try:
                record = self.record()
            except FormatError as e:
                raise Rejected(e.message, e.code) from None
            outcome = self._run(record)
        finally:
            self.deals = backup
            self._version += 1
        err = outcome.error
        if err is None or isinstance(err, StockMissing):
            return
        raise Rejected(err.reason, err.rule, self.legal() if "action" in entry else [])

    def _admit(self, entry: dict[str, Any]) -> None:
        """Rejected unless ``entry`` is one :meth:`resume` reads back (within the format's
        limits: cards, notes, actions, deals)."""
        try:
            self._validate(entry)
        except FormatError as e:
            raise Rejected(e.message.removeprefix("line 1, "), e.code) from None
        except (GamerecError, ValueError, TypeError) as e:
            raise Rejected(e.message if isinstance(e, GamerecError) else str(e), "format.text") from None

    def _commit(self, entry: dict[str, Any]) -> None:
        """Append ``entry`` to the journal, synced to disk, and apply it. Rejected (and
        nothing written) unless it is one :meth:`resume` reads back; a failed write is
        taken back, so the journal never holds part of a line before another."""
        self._admit(entry)
        if self._fd is None:  # a recorder made without start or resume
            self._fd = _open_locked(self.journal, create=True)
        size = os.fstat(self._fd).st_size
        try:
            _write(self._fd, _entry(entry))
        except OSError as e:
            with contextlib.suppress(OSError):  # else a torn last line: resume leaves it out
                os.ftruncate(self._fd, size)
            raise GamerecError(f"{self.journal}: cannot write the journal: {e.strerror or e}") from None
        self._apply(entry)

    def _validate(self, entry: dict[str, Any]) -> None:
        """Raise (ValueError, FormatError with ``format.limit``...) unless a journal entry
        holds what it should and, applied now, keeps the recording within the format's
        limits (``gamerec.format.record``)."""
        deck = self.game.deck
        d = self.current

        def over(what: str, size: int, limit: int) -> None:
            if size > limit:
                raise FormatError(f"{what}: {size} is over the limit of {limit}", "format.limit")

        def codes(value: Any, what: str) -> None:
            if not isinstance(value, list):
                raise ValueError(f"{what}: expected a list of card codes")
            over(f"cards in {what}", len(value), limits.MAX_CARDS)
            for c in value:
                if not isinstance(c, str):
                    raise ValueError(f"{what}: expected card codes")
                deck.parse(c)  # CardCodeError is a ValueError

        keys = set(entry)
        if not (keys <= {"deal", "hands", "stock"} and "deal" in keys) and not (
            len(keys) == 1 and keys <= {"action", "note", "stock", "hands", "reopen", "undo"}
        ):
            raise ValueError(_short(f"not a journal entry: {sorted(map(str, keys))}", 120))
        if "deal" in entry:
            if type(entry["deal"]) is not int:
                raise ValueError("the deal's seat is not a number")
            if not 0 <= entry["deal"] < len(self.header.players):
                raise ValueError(f"the deal's seat {entry['deal']} is not a seat")
            over("deals", len(self.deals) + 1, limits.MAX_DEALS)
            codes(entry.get("stock", []), "the stock")
        elif d is None:
            raise ValueError("an entry before the first deal")
        if entry.get("hands") is not None:
            if not isinstance(entry["hands"], list):
                raise ValueError("expected a list of hands")
            over("hands", len(entry["hands"]), limits.MAX_SEATS)
            for hand in entry["hands"]:
                codes(hand, "a hand")
        for key in ("action", "note"):
            if key in entry:
                text = entry[key]
                if not isinstance(text, str):
                    raise ValueError(f"the {key} is not text")
                over("characters in the line", len(text), MAX_LINE)
                try:
                    action = parse_action(self.game, text)
                except FormatError as e:
                    raise FormatError(
                        f"{_short(repr(text))}: {e.message.removeprefix('line 1, ')}", e.code
                    ) from None
                over("characters in the note", len(getattr(action, "note", None) or ""), limits.MAX_NOTE)
                over("cards in one play", len(_cards(self.game, action)), limits.MAX_CARDS)
        if d is not None and "deal" not in entry:
            if "action" in entry:
                over(
                    f"actions in {self.game.deal_word} {len(self.deals)}",
                    len(d.actions) + 1,
                    limits.MAX_ACTIONS,
                )
            if "note" in entry and not d.actions:
                raise ValueError("a note with no action before it")
            if "stock" in entry:
                if not isinstance(entry["stock"], str):
                    raise ValueError("the stock card is not a card code")
                deck.parse(entry["stock"])
                over("cards in the stock", len(d.stock) + 1, limits.MAX_CARDS)
            if "reopen" in entry and not (
                type(entry["reopen"]) is int and 0 <= entry["reopen"] <= len(d.actions)
            ):
                raise ValueError("reopen needs the number of an action of the deal")
            if "undo" in entry:
                what = entry["undo"]
                if what == 1 and type(what) is int:
                    return
                if what not in ("action", "stock", "note", "deal"):
                    raise ValueError(f"undo {_short(repr(what), 40)}: not action, stock, note or deal")
                if what != d.last_entered():
                    raise ValueError(f"undo {what}: the deal's last entry is its {d.last_entered()}")

    def _apply(self, entry: dict[str, Any]) -> None:
        self._version += 1
        if "deal" in entry:
            self.deals.append(_Deal(int(entry["deal"]), entry.get("hands"), list(entry.get("stock", []))))
            return
        d = self.current
        if d is None:
            raise GamerecError(f"{self.journal}: a journal entry before the first deal")
        if "action" in entry:
            d.actions.append(str(entry["action"]))
            d.entered.append(("action", ""))
        elif "stock" in entry:
            d.stock.append(str(entry["stock"]))
            d.entered.append(("stock", ""))
        elif "hands" in entry:
            d.hands = entry["hands"]
            d.rebuilt = True
        elif "reopen" in entry:
            d.hands = None
            d.rebuilt = False
            at = int(entry["reopen"])
            del d.actions[at:]
            kept: list[tuple[str, str]] = []
            actions = 0
            for kind, text in d.entered:  # forget the actions cut, and the notes on them
                actions += kind == "action"
                if kind == "stock" or actions <= at:
                    kept.append((kind, text))
            d.entered = kept
        elif "note" in entry:
            d.entered.append(("note", d.actions[-1]))
            d.actions[-1] = str(entry["note"])
        elif "undo" in entry:
            self._undo(d, entry["undo"])
        else:
            raise GamerecError(f"{self.journal}: unknown journal entry {sorted(entry)}")

    def _undo(self, d: _Deal, what: Any) -> None:
        """Take back ``what``, the deal's last entry as :meth:`undo` names it. A journal of
        gamerec 0.1 says ``1``: the last action with its note (stock cards entered after it
        stay), else the whole deal."""
        if what == 1:
            if not d.actions:
                self.deals.pop()
                return
            last = max(i for i, (kind, _) in enumerate(d.entered) if kind == "action")
            d.entered = d.entered[:last] + [e for e in d.entered[last:] if e[0] == "stock"]
            what = "action"
        else:
            if what != d.last_entered():
                raise ValueError(f"undo {what}: the deal's last entry is its {d.last_entered()}")
            if what == "deal":
                self.deals.pop()
                return
            _, before = d.entered.pop()
            if what == "note":
                d.actions[-1] = before
                return
        if what == "stock":
            d.stock.pop()
            return
        d.actions.pop()
        if d.rebuilt:  # the hands came from the plays: unknown again
            d.hands = None
            d.rebuilt = False

    def _events_of_last(self) -> list[str]:
        """The events of the last action (none yet while the rules wait for a stock card:
        they come with the card)."""
        if isinstance(self._known().error, StockMissing):
            return []
        record = self.record(known_only=True)
        if not record.deals:
            return []
        steps = self._events_of_deal(record)
        return steps[-1] if steps else []


def _no_rebuild(game: Game[Any]) -> str:
    return (
        f"{game.id} needs the hands: not every dealt card is played, so the plays cannot "
        "rebuild them (type them, or deal them from a seed)"
    )


def _cards(game: Game[Any], action: Action) -> list[int]:
    """The cards an action plays."""
    out: list[int] = []
    for name in action.card_fields:
        value = getattr(action, name)
        out.extend(value if isinstance(value, list) else [value])
    return out


def _entry(obj: dict[str, Any]) -> str:
    return msgspec.json.encode(obj).decode() + "\n"


#: a run of digits longer than any number an action holds (Python reads at most 4300)
_LONG_NUMBER = re.compile(r"[0-9]{19,}")


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _owner_file(journal: Path) -> Path:
    """Where the process holding ``journal`` writes its id."""
    return journal.with_name(journal.name + ".pid")


def _owner(journal: Path) -> str:
    try:
        with open(_owner_file(journal), "rb") as f:
            text = f.read(32).strip()
    except OSError:
        text = b""
    return f"process {int(text)}" if text.isdigit() and len(text) < 16 else "another process"


def _open_locked(path: Path, *, create: bool) -> int:
    """``path`` open for appending (made if ``create``), a regular file, and locked for
    this recorder: GamerecError, naming the holder, when another one holds it."""
    flags = os.O_RDWR | os.O_APPEND | getattr(os, "O_CLOEXEC", 0) | (os.O_CREAT if create else 0)
    try:
        fd = os.open(path, flags, 0o666)
    except OSError as e:
        verb = "write" if create else "read"
        raise GamerecError(f"{path}: cannot {verb} the journal: {e.strerror or e}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise GamerecError(f"{path}: not a journal: not a regular file")
        if sys.platform != "win32":
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as e:  # (a file system without locks: recorded unlocked)
                if e.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    raise GamerecError(
                        f"{path}: the journal is in use by {_owner(path)} (another gamerec record); "
                        "let that one end first, then --resume it"
                    ) from None
        try:  # the path still names the file locked: not removed (its game written) meanwhile
            same = os.path.samestat(os.fstat(fd), os.stat(path))
        except OSError:
            same = False
        if not same:
            raise GamerecError(f"{path}: the journal was removed or replaced while it was opened")
    except BaseException:
        os.close(fd)
        raise
    try:
        with open(_owner_file(path), "w", encoding="ascii") as f:
            f.write(f"{os.getpid()}\n")
    except OSError:
        pass  # only for the message another recorder gives
    return fd


def _release(path: Path, fd: int) -> None:
    """Remove the process id beside ``path`` and let go of the journal (in this order, so
    that the next holder's id is never removed)."""
    with contextlib.suppress(OSError):
        _owner_file(path).unlink(missing_ok=True)
    os.close(fd)


def _read_all(fd: int) -> bytes:
    chunks = []
    offset = 0
    while chunk := os.pread(fd, 1 << 20, offset):
        chunks.append(chunk)
        offset += len(chunk)
    return b"".join(chunks)


def _write(fd: int, text: str) -> None:
    """Append ``text`` whole and sync it to disk."""
    data = memoryview(text.encode())
    while data:
        data = data[os.write(fd, data) :]
    os.fsync(fd)


def _backup(journal: Path, data: bytes) -> Path:
    """A copy of the journal's ``data`` beside it, under a new name (an earlier copy is
    kept): JOURNAL.damaged, JOURNAL.damaged.2, ..."""
    for n in range(1, 1000):
        path = journal.with_name(journal.name + (".damaged" if n == 1 else f".damaged.{n}"))
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666)
        except FileExistsError:
            continue
        except OSError as e:
            raise GamerecError(
                f"{path}: cannot keep a copy of the damaged journal: {e.strerror or e}"
            ) from None
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        except OSError as e:
            os.close(fd)
            path.unlink(missing_ok=True)
            raise GamerecError(
                f"{path}: cannot keep a copy of the damaged journal: {e.strerror or e}"
            ) from None
        os.close(fd)
        return path
    raise GamerecError(f"{journal}: cannot keep a copy of the damaged journal: 999 copies are there already")
