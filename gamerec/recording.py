"""Recording a game as it happens (``gamerec record``).

A :class:`Recorder` holds a game being recorded: its header, its deals so far and their
actions, in the words of the text notation (:mod:`gamerec.notation`). Every action is
checked by the rules the moment it is entered; a rejected one says the rule, the reason
and the legal choices. Nothing is lost: every accepted step is appended to a journal
(JSON Lines, flushed and synced to disk before :meth:`Recorder.enter` returns), and
:meth:`Recorder.resume` rebuilds the game from it, up to the last whole line.

Hands may be typed up front, dealt from a seed, or left unknown as at a real table. In a
deal with unknown hands each action is only read and checked against the cards already
played; when the deal's last card is played, each seat's hand is rebuilt from the cards
it played and the whole deal is checked by the rules (a mistake is reported then, and the
deal goes back to the action at fault). The stock is filled in as it is revealed: when
the rules need a stock card the record does not give yet, :attr:`Recorder.needs_stock`
says so and :meth:`Recorder.reveal` adds it.
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from .cards import CardCodeError
from .engine import Game, GameState
from .errors import FormatError, GamerecError, Illegal, StockMissing
from .files import write_records
from .games import get_game
from .notation import format_action, format_record, parse_action, parse_record
from .record import Action, Meta, Record
from .replay import Replay
from .verify import Outcome, Verdict, run, verdict_of

__all__ = ["Recorder", "Rejected"]


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

    def copy(self) -> _Deal:
        hands = None if self.hands is None else [list(h) for h in self.hands]
        return _Deal(self.dealer, hands, list(self.stock), list(self.actions), self.rebuilt)


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
        self._file: Any = None
        self._version = 0  #: counts the changes, for the cached replay
        self._outcome: tuple[int, Outcome] | None = None

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
        path = Path(journal)
        if path.exists() and not force:
            raise GamerecError(f"{path}: a journal is there already: --resume it, or --force to start over")
        if hands == "unknown" and not g.hands_from_plays:
            raise GamerecError(_no_rebuild(g))
        rec = cls(path, header, hands, seed)
        with open(path, "w", encoding="utf-8") as f:  # truncate, then append from here on
            f.write(_entry({"header": format_record(header), "hands": hands, "seed": seed}))
            f.flush()
            os.fsync(f.fileno())
        return rec

    @classmethod
    def resume(cls, journal: str | Path) -> Recorder:
        """The recording kept in ``journal``, up to its last whole line."""
        path = Path(journal)
        try:
            data = path.read_bytes()
        except OSError as e:
            raise GamerecError(f"{path}: cannot read the journal: {e.strerror or e}") from None
        lines = data.split(b"\n")
        torn = bool(data) and not data.endswith(b"\n")
        if torn:  # the process was killed while writing the last line: never accepted
            lines = lines[:-1]
        entries: list[tuple[int, Any]] = []
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                entries.append((number, msgspec.json.decode(line)))
            except (msgspec.DecodeError, RecursionError):
                raise GamerecError(f"{path}: line {number} of the journal is damaged") from None
        first = entries[0][1] if entries else None
        if not isinstance(first, dict) or not isinstance(first.get("header"), str):
            raise GamerecError(f"{path}: not a gamerec journal (no header)")
        try:
            header = parse_record(first["header"].split("\n"))
            rec = cls(path, header, str(first.get("hands", "typed")), int(first.get("seed", 0)))
        except (FormatError, GamerecError, ValueError, TypeError) as e:
            why = e.message if isinstance(e, GamerecError) else str(e)
            raise GamerecError(f"{path}: the journal's header: {why}") from None
        for number, entry in entries[1:]:
            try:
                if not isinstance(entry, dict):
                    raise TypeError("not an entry")
                rec._validate(entry)
                rec._apply(entry)
            except (FormatError, GamerecError, ValueError, TypeError, KeyError, IndexError) as e:
                why = e.message if isinstance(e, GamerecError) else str(e)
                raise GamerecError(f"{path}: line {number} of the journal is damaged: {why}") from None
        outcome = run(rec.record(known_only=True))
        if isinstance(outcome.error, Illegal):  # every step was checked when it was taken
            where = "" if outcome.deal is None else f"deal {outcome.deal + 1}: "
            if outcome.action is not None and outcome.deal is not None:
                where += f"{rec.deals[outcome.deal].actions[outcome.action]}: "
            raise GamerecError(
                f"{path}: the journal holds a step the rules refuse: {where}{outcome.error.reason} "
                f"[{outcome.error.rule}]"
            )
        if torn:  # a sound journal: cut off its torn line, so that new steps start clean
            try:
                with open(path, "r+b") as f:
                    f.truncate(len(data) - len(data.rsplit(b"\n", 1)[-1]))
            except OSError as e:
                raise GamerecError(f"{path}: cannot cut the journal's torn last line: {e}") from None
        return rec

    # -- the state ---------------------------------------------------------------------------
    def record(self, *, known_only: bool = False) -> Record:
        """The record so far (with ``known_only``, without a deal whose hands are unknown)."""
        lines = format_record(self.header).rstrip("\n").split("\n")
        field = self.game.seat_field
        for number, d in enumerate(self.deals, 1):
            if d.hands is None and known_only:
                break
            lines.append(f"deal {number}: {field} {d.dealer}")
            for seat, hand in enumerate(d.hands or []):
                lines.append(f"hand {seat}: " + (" ".join(hand) or "-"))
            if d.stock:
                lines.append("stock: " + " ".join(d.stock))
            lines.extend(d.actions)
        return parse_record(lines)

    def _known(self) -> Outcome:
        """How the record of the known deals replays; kept until the recording changes
        (the prompt asks for the status, the seat to move and the stock in turn)."""
        if self._outcome is None or self._outcome[0] != self._version:
            self._outcome = (self._version, run(self.record(known_only=True)))
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
        self._check({"action": line})
        self._commit({"action": line})
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
        outcome = run(self.record())
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
        steps = [s for s in Replay(self.record()) if s.deal == len(self.deals) - 1]
        return [t for s in steps for t in s.event_texts]

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
        self._commit({"stock": code})
        d = self.current
        if d is not None and d.rebuilt:
            return self._check_rebuilt()
        return self._events_of_last()

    def undo(self) -> str:
        """Take back the last action (or the last deal when it has none); what was undone."""
        d = self.current
        if d is None:
            raise Rejected("nothing to undo", "undo")
        what = d.actions[-1] if d.actions else f"deal {len(self.deals)}"
        self._commit({"undo": 1})
        return what

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
        record = self.record()
        write_records([record], output, force=force)
        self.close()
        self.journal.unlink(missing_ok=True)
        return verdict_of(run(record), record, str(output), 0)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    # -- internals ---------------------------------------------------------------------------
    def _check(self, entry: dict[str, Any]) -> None:
        """Rejected unless the record with ``entry`` added replays legally (as far as its
        stock goes); the recording is unchanged either way."""
        backup = [d.copy() for d in self.deals]
        try:
            self._apply(entry)
            try:
                record = self.record()
            except FormatError as e:
                raise Rejected(e.message, e.code) from None
            outcome = run(record)
        finally:
            self.deals = backup
            self._version += 1
        err = outcome.error
        if err is None or isinstance(err, StockMissing):
            return
        raise Rejected(err.reason, err.rule, self.legal() if "action" in entry else [])

    def _commit(self, entry: dict[str, Any]) -> None:
        """Apply ``entry`` and append it to the journal, synced to disk."""
        self._apply(entry)
        if self._file is None:
            self._file = open(self.journal, "a", encoding="utf-8")  # noqa: SIM115 - kept open
        self._file.write(_entry(entry))
        self._file.flush()
        os.fsync(self._file.fileno())

    def _validate(self, entry: dict[str, Any]) -> None:
        """Raise (ValueError, FormatError) unless a journal entry holds what it should."""
        deck = self.game.deck

        def codes(value: Any) -> None:
            if not isinstance(value, list):
                raise ValueError("expected a list of card codes")
            for c in value:
                deck.parse(c)  # CardCodeError is a ValueError

        if "deal" in entry:
            if type(entry["deal"]) is not int:
                raise ValueError("the deal's seat is not a number")
            codes(entry.get("stock", []))
        if entry.get("hands") is not None:
            if not isinstance(entry["hands"], list):
                raise ValueError("expected a list of hands")
            for hand in entry["hands"]:
                codes(hand)
        for key in ("action", "note"):
            if key in entry:
                parse_action(self.game, str(entry[key]))
        if "stock" in entry and "deal" not in entry:
            deck.parse(str(entry["stock"]))
        if "reopen" in entry and type(entry["reopen"]) is not int:
            raise ValueError("reopen needs an action number")

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
        elif "stock" in entry:
            d.stock.append(str(entry["stock"]))
        elif "hands" in entry:
            d.hands = entry["hands"]
            d.rebuilt = True
        elif "reopen" in entry:
            d.hands = None
            d.rebuilt = False
            del d.actions[int(entry["reopen"]) :]
        elif "note" in entry:
            d.actions[-1] = str(entry["note"])
        elif "undo" in entry:
            if d.actions:
                d.actions.pop()
                if d.rebuilt:  # the hands came from the plays: unknown again
                    d.hands = None
                    d.rebuilt = False
            else:
                self.deals.pop()
        else:
            raise GamerecError(f"{self.journal}: unknown journal entry {sorted(entry)}")

    def _events_of_last(self) -> list[str]:
        """The events of the last action (none yet while the rules wait for a stock card:
        they come with the card)."""
        if isinstance(self._known().error, StockMissing):
            return []
        steps = list(Replay(self.record(known_only=True)))
        return steps[-1].event_texts if steps else []


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
