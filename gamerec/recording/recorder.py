"""Recording a game as it happens (``gamerec record``).

A :class:`Recorder` holds a game being recorded: its header, its deals so far and their
actions, as typed data (cards as ints, actions as :class:`~gamerec.record.Action`
structs: a line typed at the prompt is read once, by :meth:`Recorder.parse`; the text
notation, :mod:`gamerec.format.notation`, is written only to show people and for the
journal's lines). Every action is
checked by the rules the moment it is entered; a rejected one says the rule, the reason
and the legal choices. Nothing is lost: every accepted step is appended to a journal
(JSON Lines, flushed and synced to disk before :meth:`Recorder.enter` returns), and
:meth:`Recorder.resume` rebuilds the game from it, up to the last whole line.

The journal is the recording's one store: :mod:`gamerec.recording.log` (the base class
:class:`~gamerec.recording.log.EntryLog`) says what each of its entries holds, checks it against
the format's limits before it is written and replays a journal on :meth:`Recorder.resume`,
repairing a damaged one; :mod:`gamerec.recording.journal` is the file itself (locking, appending,
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
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from ..cards import CardCodeError
from ..checking.verdicts import Verdict, verdict_of
from ..engine import Event, Game, check_names, plural
from ..errors import FormatError, GamerecError, Illegal, OutputExists, StockMissing
from ..format.notation import format_record
from ..format.notation_read import parse_record
from ..format.write import same_file, write_records
from ..games import get_game
from ..games.presenters import presenter
from ..record import Action, Meta, Record
from ..stepper import Stepper, run
from .hidden_hands import EarlierBreach, HiddenDeal
from .journal import append, backup, encode_entry, open_locked, read_all, release
from .journal_entries import (
    ActionEntry,
    BeginDeal,
    HandsEntry,
    JournalHeader,
    NoteEntry,
    Reopen,
    StockEntry,
    Undo,
)
from .line import read_action, seat_at
from .log import EntryLog, RecordedDeal, Rejected

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
        text = format_record(header)  # the journal's header line
        try:  # the header as resume reads it from the journal (the format's limits on names, tags...)
            header = parse_record(text.split("\n"))
        except FormatError as e:
            raise FormatError(e.message.removeprefix("record from line 1: "), e.code) from None
        path = Path(journal)
        if os.path.lexists(path) and not force:
            raise GamerecError(f"{path}: a journal is there already: --resume it, or --force to start over")
        if hands == "unknown" and not g.hands_from_plays:
            raise GamerecError(_no_rebuild(g))
        rec = cls(path, header, hands, seed)
        fd = open_locked(path, create=True)
        try:  # locked: a journal there (--force) kept aside, then emptied; appended from here on
            old = read_all(fd)
            if old:
                kept = backup(path, old, "replaced")
                rec.repair = f"{path}: the journal there was started over; it is kept in {kept}"
            os.ftruncate(fd, 0)
            append(fd, encode_entry(JournalHeader(text, hands, seed)))
        except OSError as e:
            release(path, fd)
            raise GamerecError(f"{path}: cannot write the journal: {e.strerror or e}") from None
        except BaseException:
            release(path, fd)
            raise
        rec._fd = fd
        return rec

    # -- the live state ---------------------------------------------------------------------
    def _waiting(self) -> None:
        """Rejected while the rules wait for a stock card: it comes before anything else."""
        if self._stop is not None:
            raise Rejected(f"a stock card is due first (stock CARD): {self._stop.message}", "stock-missing")

    def _relive(self) -> None:
        """Step :attr:`live` afresh through the known deals (after a failed journal write,
        when the live game may be ahead of the recording)."""
        self.live = Stepper(self.header)
        self._follow()

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
        if not 0 <= dealer < n:  # (as the rules say it)
            what = "dealer" if self.game.seat_field == "dealer" else "first player"
            raise Rejected(f"{what} {dealer} is not a seat (0..{n - 1})", f"deal-{self.game.seat_field}")
        typed = None if hands is None else [list(h) for h in hands]
        shown = list(stock)
        entry = BeginDeal(dealer, typed, shown)
        self._admit(entry)
        events: Sequence[Event] = []
        hidden = None
        try:  # the deal begins in the live game, checked by the rules (on what is known)
            if typed is None:
                hidden = HiddenDeal(self.live.state, dealer, shown)
                self._stop = hidden.waiting
                events = hidden.events
            else:
                events = self.live.begin(self._deal(RecordedDeal(dealer, typed, shown)))
        except Illegal as e:
            raise Rejected(e.reason, e.rule) from None
        except StockMissing as e:  # (forest's first forest card): the deal waits for it
            self._stop = e
        try:
            self._commit(entry, admitted=True)
        except BaseException:
            self._relive()
            raise
        self.hidden = hidden
        return [] if self._stop is not None else self._described(events)

    def deal_from_seed(self, rng: random.Random | None = None) -> list[str]:
        """Deal the next deal as the game's dealer does, with ``rng`` or, by default, a
        generator of its own for each deal from the recording's seed (so a resumed
        recording deals the same cards); the events of its beginning, in words."""
        deal = self.game.deal(self.live.state, rng or random.Random(f"{self.seed}/{len(self.deals) + 1}"))
        return self.begin_deal(deal.dealer, deal.hands, deal.stock)

    # -- actions ----------------------------------------------------------------------------
    def parse(self, text: str) -> Action:
        """An action line; the seat by number, by a player's name (``Bo bid 0``) or left out
        (``play QS``: the seat to move). A message's column is one of ``text`` as typed
        (:func:`gamerec.recording.line.read_action`)."""
        return read_action(self.game, self.header.players, text, self.to_move(), self.legal)

    def enter(self, text: str) -> list[str]:
        """Check and record one action; the derived events it caused, in words (at the end
        of a deal with unknown hands, the whole deal's). Rejected, saying why, if the rules
        refuse it; the record is unchanged then."""
        if self.status() != "play":
            why = "no action is due: a new deal must begin" if self.deals else "no deal yet"
            raise Rejected(why, "after-end")
        self._waiting()
        action = self.parse(text)
        if self.hidden is not None:
            return self._enter_hidden(self.hidden, action)
        entry = ActionEntry(action)
        self._admit(entry)
        events: Sequence[Event] = []
        try:  # one step of the live game (atomic: a refusal changes nothing)
            events = self.live.push(action)
        except Illegal as e:
            raise Rejected(e.reason, e.rule, self.legal(), self.live.pushed) from None
        except StockMissing as e:  # the rules wait for a stock card: the step comes with it
            self._stop = e
        try:
            self._commit(entry, admitted=True)
        except BaseException:
            self._relive()  # the live game is ahead of the journal
            raise
        return self._described(events)

    def _enter_hidden(self, hidden: HiddenDeal, action: Action) -> list[str]:
        """:meth:`enter` in a deal whose hands are unknown: checked on what is known; at its
        last card, the deal is checked by the rules with the hands its plays rebuild."""
        entry = ActionEntry(action)
        self._admit(entry)
        try:
            events = hidden.enter(action)
        except EarlierBreach as e:
            line, earlier = self.action_line(action), self.action_line(hidden.actions[e.action])
            raise Rejected(
                f"{line} shows that action {e.action + 1} of the {self.game.deal_word} ({earlier}) was "
                f"illegal: {e.reason}; undo back to it to correct it",
                e.rule,
                self.legal(),
                e.action,
            ) from None
        except Illegal as e:
            raise Rejected(e.reason, e.rule, self.legal(), len(hidden.actions)) from None
        self._stop = hidden.waiting
        try:
            self._commit(entry, admitted=True)
        except BaseException:
            self._relive()  # the hidden deal is ahead of the journal
            raise
        said = self._described(events)
        if hidden.over:
            self._close_hidden(hidden)
        return said

    def _close_hidden(self, hidden: HiddenDeal) -> None:
        """Every card of the deal whose hands were unknown is played: its hands, rebuilt
        from the plays, are recorded, and the deal is checked by the rules with them
        (Rejected, the deal back at the action at fault, if they refuse it)."""
        self._commit(HandsEntry(hidden.hands()))
        self._check_rebuilt()

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
            word = self.game.deal_word
            if action is None:  # the deal itself, with its rebuilt hands: back before its last card
                at = max(len(d.actions) - 1, 0)
                what = f"its hands as the plays rebuild them are illegal: {err.reason}"
            else:
                at = action
                what = f"action {at + 1} ({self.action_line(d.actions[at])}) is illegal: {err.reason}"
            if self._known_begun():
                self.live.drop()
            try:
                self._commit(Reopen(at))
            except BaseException:
                self._relive()
                raise
            self._follow()  # the deal, its hands unknown again, up to the action at fault
            raise Rejected(
                f"the {word}, checked with the hands rebuilt from the plays: {what}; the {word} goes back "
                f"to before action {at + 1} (its {plural(at, 'action')} before it are kept)",
                err.rule,
                action=at,
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
            turned = self.game.deck.parse(card)
        except CardCodeError as e:
            raise Rejected(str(e), "format.card") from None
        d = self.current
        if self.status() != "play":  # (the deal is over: what it turned is in the record)
            word = self.game.deal_word
            raise Rejected(f"{word} {len(self.deals)} is over: no stock card is due", "after-end")
        entry = StockEntry(turned)
        hidden = self.hidden
        if hidden is not None:  # unknown hands: checked against the cards seen, and by the rules
            self._admit(entry)
            try:
                events = hidden.reveal(turned)
            except Illegal as e:
                raise Rejected(e.reason, e.rule) from None
            self._stop = hidden.waiting
            try:
                self._commit(entry, admitted=True)
            except BaseException:
                self._relive()
                raise
            said = self._described(events)
            if hidden.over:
                self._close_hidden(hidden)
            return said
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
            what = self.action_line(d.actions[-1])
        elif kind == "stock":
            what = f"stock card {self.game.deck.code(d.stock[-1])}"
        elif kind == "note":
            before = d.entered[-1][1]
            assert before is not None  # (a note's entry keeps the action before it)
            what = f"the note on {self.action_line(before)}"
        else:
            what = f"{self.game.deal_word} {len(self.deals)}" + (" and its hands" if d.hands else "")
        begun = self._known_begun()
        last_pushed = begun and self.live.pushed == len(d.actions)  # (not waiting for a stock card)
        rebuilt = d.rebuilt
        self._commit(Undo(kind))  # (a deal of unknown hands is stepped again by _follow)
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
        """Attach a note to the last action; the action with its note, in the notation's words."""
        d = self.current
        if d is None or not d.actions:
            raise Rejected("no action to attach a note to", "note")
        noted = msgspec.structs.replace(d.actions[-1], note=text)
        last_pushed = self._known_begun() and self.live.pushed == len(d.actions)
        self._commit(NoteEntry(noted))
        if last_pushed:  # the live game's action takes the note
            self.live.pop()
            self._follow()
        elif self.hidden is not None:
            self.hidden.renote(noted)
        return self.action_line(noted)

    @classmethod
    def resume(cls, journal: str | Path) -> Recorder:
        """:meth:`EntryLog.resume <gamerec.recording.log.EntryLog.resume>`, and the step a stop cut
        in two finished: a deal of unknown hands whose last card is in the journal but not its
        hands (rebuilt from the plays and checked now, as the last card would have)."""
        rec = super().resume(journal)
        hidden = rec.hidden
        if hidden is not None and hidden.over:
            try:
                rec._close_hidden(hidden)
            except Rejected as e:
                rec.repair = f"{rec.journal}: the last {rec.game.deal_word}'s hands: {e.message} [{e.rule}]"
            except BaseException:
                rec.close()
                raise
        return rec

    def finish(self, output: str | Path, *, force: bool = False) -> Verdict:
        """Write the record atomically to ``output``, remove the journal, and return its
        verdict, whose ``source`` is the file written. A file at ``output`` is replaced only
        with ``force``; else the record goes beside it, under the first name free
        (``night-2.grec``, ``night-3.grec``...): a record is never written over one that
        appeared while the game was recorded (another table's)."""
        if same_file(output, self.journal):
            raise GamerecError(f"{output}: is the journal: writing the record there would lose the journal")
        record = self.record()
        written = Path(output)
        for n in range(2, 1002):
            try:
                write_records([record], written, force=force)
                break
            except OutputExists:
                written = Path(output).with_name(f"{Path(output).stem}-{n}{Path(output).suffix}")
        else:
            raise GamerecError(f"{output}: taken, and so are the 1000 names beside it: give another -o")
        self.journal.unlink(missing_ok=True)  # still held: no other recorder takes it up meanwhile
        self.close()
        return verdict_of(run(record), record, str(written), 0)


def _no_rebuild(game: Game[Any]) -> str:
    return (
        f"{game.id} needs the hands: not every dealt card is played, so the plays cannot "
        "rebuild them (type them, or deal them from a seed)"
    )
