"""Recording a game as it happens (``gamerec record``).

A :class:`Recorder` holds a game being recorded: its header, its deals so far and their
actions, in the words of the text notation (:mod:`gamerec.format.notation`). Every action is
checked by the rules the moment it is entered; a rejected one says the rule, the reason
and the legal choices. Nothing is lost: every accepted step is appended to a journal
(JSON Lines, flushed and synced to disk before :meth:`Recorder.enter` returns), and
:meth:`Recorder.resume` rebuilds the game from it, up to the last whole line.

The journal is the recording's one store: :mod:`gamerec.entries` (the base class
:class:`~gamerec.entries.EntryLog`) says what each of its entries holds, checks it against
the format's limits before it is written and replays a journal on :meth:`Recorder.resume`,
repairing a damaged one; :mod:`gamerec.journal` is the file itself (locking, appending,
backup). This module is the recorder proper: starting a recording, the live rules state,
entering lines (actions, deals, stock cards, notes) and undo.

Hands may be typed up front, dealt from a seed, or left unknown as at a real table. In a
deal with unknown hands each action is only read and checked against the cards already
played; when the deal's last card is played, each seat's hand is rebuilt from the cards
it played and the whole deal is checked by the rules (a mistake is reported then, and the
deal goes back to the action at fault). The stock is filled in as it is revealed: when
the rules need a stock card the record does not give yet, :attr:`Recorder.needs_stock`
says so and :meth:`Recorder.reveal` adds it.
"""

from __future__ import annotations

import operator
import os
import random
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from .cards import CardCodeError
from .engine import Game, GameState
from .entries import EntryLog, RecordedDeal, Rejected, action_cards, short
from .errors import FormatError, GamerecError, Illegal, StockMissing
from .format.notation import format_action, format_record, parse_action
from .format.notation_read import parse_record
from .format.record import Action, Deal, Meta, Record
from .format.write import same_file, write_records
from .games import get_game
from .games.views import presenter
from .journal import append, encode_entry, open_locked, release
from .stepper import Outcome, run, walk
from .verdicts import Verdict, verdict_of

__all__ = ["Recorder", "Rejected"]


class Recorder(EntryLog):
    """A game being recorded, journaled to ``journal``."""

    def __init__(self, journal: str | Path, header: Record, hands: str = "typed", seed: int = 0) -> None:
        super().__init__(journal, header, hands, seed)
        self._outcome: tuple[int, Outcome] | None = None
        # the state after every deal but the last (with the deals read once, by EntryLog),
        # so that a step's cost stays flat in the game's length
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
        fd = open_locked(path, create=True)
        try:  # locked: now empty it, then append from here on
            os.ftruncate(fd, 0)
            append(fd, encode_entry({"header": format_record(header), "hands": hands, "seed": seed}))
        except OSError as e:
            release(path, fd)
            raise GamerecError(f"{path}: cannot write the journal: {e.strerror or e}") from None
        except BaseException:
            release(path, fd)
            raise
        rec._fd = fd
        return rec

    # -- the live state ---------------------------------------------------------------------
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

    # -- deals ------------------------------------------------------------------------------
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

    # -- actions ----------------------------------------------------------------------------
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
            raise Rejected(short(str(e), 200), "format.text") from None

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

    def _enter_unknown(self, d: RecordedDeal, action: Action, line: str) -> list[str]:
        deck = self.game.deck
        played = [c for a in d.actions for c in action_cards(self.game, parse_action(self.game, a))]
        for c in action_cards(self.game, action):
            if deck.distinct and c in played:
                raise Rejected(f"{deck.code(c)} was played already in this deal", "not-held")
        self._commit({"action": line})
        size, _ = self._shape_of_current()
        cards = played + action_cards(self.game, action)
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
            hands[act.seat].extend(self.game.deck.code(c) for c in action_cards(self.game, act))  # type: ignore[attr-defined]
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

    # -- internals --------------------------------------------------------------------------
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


#: a run of digits longer than any number an action holds (Python reads at most 4300)
_LONG_NUMBER = re.compile(r"[0-9]{19,}")
