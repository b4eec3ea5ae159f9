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
backup). This module is the recorder proper: starting a recording, entering lines
(actions, deals, stock cards, notes) and undo.

The live rules state is one :class:`~gamerec.stepper.Stepper` (:attr:`Recorder.live`, kept
by the base): each accepted deal is a ``begin``, each accepted action a ``push``, taken
before the entry is journaled (a refused step changes nothing); undo steps back (``pop``,
or ``drop`` for a deal), and a deal whose stock or hands change is dropped and stepped again
from its start. There is no other copy of the game's state.

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
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from .cards import CardCodeError
from .engine import Event, Game, GameState, check_names
from .entries import EntryLog, RecordedDeal, Rejected, action_cards, short
from .errors import FormatError, GamerecError, Illegal, StockMissing
from .format.notation import format_action, format_record, parse_action
from .format.notation_read import parse_record
from .format.record import Action, Meta, Record
from .format.write import same_file, write_records
from .games import get_game
from .games.views import presenter
from .journal import append, encode_entry, open_locked, release
from .stepper import Stepper, run
from .verdicts import Verdict, verdict_of

__all__ = ["Recorder", "Rejected", "seat_at"]


class Recorder(EntryLog):
    """A game being recorded, journaled to ``journal``."""

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
        check_names(players, "the names are the seats at the prompt")
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
    def state(self) -> GameState:
        """The live game state: the known deals as far as the rules go (before a stock
        card they wait for; before a deal whose hands are unknown)."""
        return self.live.state

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
        if self.unknown_hands:
            return None
        return self.live.state.to_move

    def legal(self) -> list[str]:
        """The legal actions now, in the notation's words (empty with unknown hands, and
        while a stock card is due: :attr:`needs_stock`)."""
        if self.unknown_hands or self._stop is not None:
            return []
        return [format_action(self.game, a) for a in self.live.state.legal_actions()]

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

    @property
    def needs_stock(self) -> bool:
        """Whether the rules stopped for a stock card the record does not give yet."""
        return self._stop is not None

    def _waiting(self) -> None:
        """Rejected while the rules wait for a stock card: it comes before anything else."""
        if self._stop is not None:
            raise Rejected(f"a stock card is due first (stock CARD): {self._stop.message}", "stock-missing")

    def _relive(self) -> None:
        """Step :attr:`live` afresh through the known deals (after a failed journal write,
        when the live game may be ahead of the recording)."""
        self.live = Stepper(self.header)
        self._follow()

    def _known_begun(self) -> bool:
        """Whether the current deal is in the live game (begun there)."""
        return bool(self.deals) and self.live.begun == len(self.deals)

    def _described(self, events: Sequence[Event]) -> list[str]:
        describe = presenter(self.game.id).describe
        return [describe(e, self.header.players) for e in events]

    # -- deals ------------------------------------------------------------------------------
    def begin_deal(
        self, dealer: int, hands: Sequence[Sequence[int]] | None, stock: Sequence[int] = ()
    ) -> list[str]:
        """Start the next deal: ``hands`` as dealt (None: unknown, rebuilt from the plays),
        ``stock`` as revealed so far. Rejected if the rules refuse it. The events of its
        beginning, in words (forest's first forest card turned)."""
        if self.unknown_hands:
            raise Rejected("the current deal is not over", "deal-unfinished")
        self._waiting()
        if hands is None and not self.game.hands_from_plays:
            raise Rejected(_no_rebuild(self.game), "hands-unknown")
        n = len(self.header.players)
        if not 0 <= dealer < n:  # (as the rules say it; unknown hands are not checked before the end)
            what = "dealer" if self.game.seat_field == "dealer" else "first player"
            raise Rejected(f"{what} {dealer} is not a seat (0..{n - 1})", f"deal-{self.game.seat_field}")
        deck = self.game.deck
        typed = None if hands is None else [[deck.code(c) for c in h] for h in hands]
        shown = [deck.code(c) for c in stock]
        entry = {"deal": dealer, "hands": typed, "stock": shown}
        self._admit(entry)
        events: Sequence[Event] = []
        if typed is not None:  # the deal begins in the live game, checked by the rules
            try:
                events = self.live.begin(self._parsed(len(self.deals), RecordedDeal(dealer, typed, shown)))
            except FormatError as e:
                raise Rejected(e.message, e.code) from None
            except Illegal as e:
                raise Rejected(e.reason, e.rule) from None
            except StockMissing as e:  # (forest's first forest card): the deal waits for it
                self._stop = e
        try:
            self._commit(entry, admitted=True)
        except BaseException:
            self._relive()
            raise
        return self._described(events)

    def deal_from_seed(self, rng: random.Random | None = None) -> list[str]:
        """Deal the next deal as the game's dealer does, with ``rng`` or, by default, a
        generator of its own for each deal from the recording's seed (so a resumed
        recording deals the same cards); the events of its beginning, in words."""
        deal = self.game.deal(self.live.state, rng or random.Random(f"{self.seed}/{len(self.deals) + 1}"))
        return self.begin_deal(deal.dealer, deal.hands, deal.stock)

    # -- actions ----------------------------------------------------------------------------
    def parse(self, text: str) -> Action:
        """An action line; the seat by number, by a player's name (``Bo bid 0``) or left out
        (``play QS``: the seat to move). A message's column is one of ``text`` as typed."""
        words = text.split()
        if _LONG_NUMBER.search(text.split(";", 1)[0]):
            raise Rejected("a number of more digits than any seat, bid or count has", "format.text")
        line, typed, given = text, 0, 0  # the seat's width as typed and as given to the reader
        named = seat_at(self.header.players, text)
        if named is not None and not (words and words[0].lstrip("+-").isdigit()):
            seat, typed = named
            line = f"{seat}{text[typed:]}"
            given = len(str(seat))
        elif words and not words[0].lstrip("+-").isdigit():
            to_move = self.to_move()
            if to_move is None:
                why = "it is not known who is to move"
                raise Rejected(f"say the seat first (e.g. 2 play QS or Ann play QS): {why}", "format.text")
            line = f"{to_move} {text}"
            given = len(line) - len(text)
        players = self.header.players
        try:
            action = parse_action(self.game, line)
        except FormatError as e:
            kinds = {a.kind for a in self.game.actions}
            first = words[0] if words else ""
            unknown = named is None and len(words) > 1 and not first.lstrip("+-").isdigit()
            unknown = unknown and first.lower() not in kinds
            if unknown and words[1].lower() in kinds:
                # a name that is no player's before an action's word: say so, not "expected an action"
                raise Rejected(
                    f"{short(words[0], 40)!r} is no player here ({', '.join(players)}) and no seat number",
                    "format.text",
                ) from None
            message = e.message.removeprefix("line 1, ")
            if given:
                message = _COLUMN.sub(lambda m: f"column {max(int(m[1]) - given + typed, 1)}", message, 1)
            raise Rejected(message, e.code) from None
        except ValueError as e:  # (a number Python will not read)
            raise Rejected(short(str(e), 200), "format.text") from None
        seat = action.seat  # type: ignore[attr-defined]
        if not 0 <= seat < len(players):
            seats = ", ".join(f"{s} {name}" for s, name in enumerate(players))
            raise Rejected(f"no seat {seat} at this table (seats {seats})", "out-of-turn", self.legal())
        return action

    def enter(self, text: str) -> list[str]:
        """Check and record one action; the derived events it caused, in words (at the end
        of a deal with unknown hands, the whole deal's). Rejected, saying why, if the rules
        refuse it; the record is unchanged then."""
        if self.status() != "play":
            why = "no action is due: a new deal must begin" if self.deals else "no deal yet"
            raise Rejected(why, "after-end")
        self._waiting()
        action = self.parse(text)
        line = format_action(self.game, action)
        d = self.current
        assert d is not None
        if d.hands is None:
            return self._enter_unknown(d, action, line)
        entry = {"action": line}
        self._admit(entry)
        events: Sequence[Event] = []
        try:  # one step of the live game (atomic: a refusal changes nothing)
            events = self.live.push(action)
        except Illegal as e:
            raise Rejected(e.reason, e.rule, self.legal()) from None
        except StockMissing as e:  # the rules wait for a stock card: the step comes with it
            self._stop = e
        try:
            self._commit(entry, admitted=True)
        except BaseException:
            self._relive()  # the live game is ahead of the journal
            raise
        return self._described(events)

    def _enter_unknown(self, d: RecordedDeal, action: Action, line: str) -> list[str]:
        deck = self.game.deck
        played = [c for a in d.actions for c in action_cards(self.game, parse_action(self.game, a))]
        for c in action_cards(self.game, action):
            if deck.distinct and c in played:
                raise Rejected(f"{deck.code(c)} was played already in this deal", "not-held")
        self._commit({"action": line})
        size, _ = self.deal_shape()
        cards = played + action_cards(self.game, action)
        if len(cards) < size * len(self.header.players):
            return []
        return self._close_unknown()

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
        """Check a deal whose hands were rebuilt, stepping it through the live game from
        its start; at a breach, reopen it at the action at fault (its hands unknown again,
        it leaves the live game). The deal's events when it is legal (none while a stock
        card is missing)."""
        d = self.current
        assert d is not None
        if self._known_begun():
            self.live.drop()
        steps, refused = self._follow()
        if refused is not None and refused[0] == len(self.deals) - 1:
            _, action, err = refused
            at = action if action is not None else 0
            wrong = d.actions[at] if at < len(d.actions) else "the deal"
            if self._known_begun():
                self.live.drop()
            try:
                self._commit({"reopen": at})
            except BaseException:
                self._relive()
                raise
            raise Rejected(
                f"the deal, checked with the hands rebuilt from the plays: action {at + 1} ({wrong}) "
                f"is illegal: {err.reason}; the deal goes back to before it",
                err.rule,
            )
        if self._stop is not None:
            return []
        return [t for events in steps for t in self._described(events)]

    def reveal(self, card: str) -> list[str]:
        """Add a card to the current deal's stock, as revealed (an up-card, a forest card,
        a card drawn); the events of the deal's last step, when the card lets it be taken."""
        if self.current is None:
            raise Rejected("no deal yet", "format.text")
        try:
            code = self.game.deck.code(self.game.deck.parse(card))
        except CardCodeError as e:
            raise Rejected(str(e), "format.card") from None
        d = self.current
        entry = {"stock": code}
        if d.hands is None:  # unknown hands: the stock is checked with them, at the deal's end
            self._commit(entry)
            return []
        if d.rebuilt:
            self._commit(entry)
            return self._check_rebuilt()
        # typed or dealt hands: checked against the table before it is accepted, as plays are;
        # the deal is stepped again from its start with the card
        self._admit(entry)
        saved = d.copy()
        self._apply(entry)
        try:
            if self._known_begun():
                self.live.drop()
            steps, refused = self._follow()
            if refused is not None:
                raise Rejected(refused[2].reason, refused[2].rule)
            self._write(entry, admitted=True)
        except BaseException as e:
            self.deals[-1] = saved
            if isinstance(e, (Rejected, FormatError)):  # the live game, as it was
                if self._known_begun():
                    self.live.drop()
                self._follow()
            else:
                self._relive()
            if isinstance(e, FormatError):
                raise Rejected(e.message, e.code) from None
            raise
        return [] if self._stop is not None else self._described(steps[-1] if steps else [])

    def undo(self) -> str:
        """Take back the last entry of the current deal: an action, a stock card, a note,
        or, when nothing was entered in it yet, the deal itself (its hands with it: see
        :attr:`undo_drops_deal`). What was undone, in words. The live game steps back: one
        action (:meth:`Stepper.pop <gamerec.stepper.Stepper.pop>`), or the deal, stepped
        again from its start when its stock or hands change."""
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
        begun = self._known_begun()
        last_pushed = begun and self.live.pushed == len(d.actions)  # (not waiting for a stock card)
        rebuilt = d.rebuilt
        self._commit({"undo": kind})
        if begun and (kind in ("deal", "stock") or (kind == "action" and rebuilt)):
            self.live.drop()  # the deal goes, or is stepped again from its start
        elif last_pushed and kind in ("action", "note"):
            self.live.pop()  # (a note: the action is pushed again, without it)
        self._follow()
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
        last_pushed = self._known_begun() and self.live.pushed == len(d.actions)
        self._commit({"note": line})
        if last_pushed:  # the live game's action takes the note
            self.live.pop()
            self._follow()
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


def seat_at(players: Sequence[str], text: str) -> tuple[int, int] | None:
    """The seat a line begins with, named by a player's name (exactly, or else the one name
    equal to it but for case; the longest name first, for names with spaces), followed by
    a space or the line's end; and where the seat's word ends. None when the line begins
    with no player's name (a seat number is left to the notation's reader)."""
    folded = text.casefold()
    for exact in (True, False):
        found: list[tuple[int, int]] = []
        for seat, name in enumerate(players):
            head = text[: len(name)] if exact else folded[: len(name)]
            fits = head == (name if exact else name.casefold())
            if name and fits and text[len(name) : len(name) + 1] in ("", " "):
                found.append((seat, len(name)))
        if found:
            longest = max(end for _, end in found)
            best = [f for f in found if f[1] == longest]
            if len(best) == 1 or exact:
                return best[0]
    return None


def _no_rebuild(game: Game[Any]) -> str:
    return (
        f"{game.id} needs the hands: not every dealt card is played, so the plays cannot "
        "rebuild them (type them, or deal them from a seed)"
    )


#: a run of digits longer than any number an action holds (Python reads at most 4300)
_LONG_NUMBER = re.compile(r"[0-9]{19,}")
#: the column a reader's message names
_COLUMN = re.compile(r"^column ([0-9]{1,6})")
