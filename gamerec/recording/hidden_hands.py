"""A deal played with its hands hidden (``gamerec record --hands unknown``), checked by the
rules on what is known.

At a real table nobody types the hands: a card is known when it is played. A
:class:`HiddenDeal` steps such a deal through the game's own rules: its state begins with
every hand empty (:attr:`GameState.hidden <gamerec.engine.GameState.hidden>`) and each action
first puts the cards it shows in its seat's hand (:meth:`GameState.hold
<gamerec.engine.GameState.hold>`), so the rules check, with their own rule ids and words,
everything that does not depend on the cards nobody has seen yet: whose turn it is, the
phase, bid ranges and the hook, a combination, the size of a play. Beside the rules, it
checks what the cards seen so far prove:

- **A card seen too often.** A card played, turned up or drawn, or shown, more often than
  the deck holds it, or a card the game does not use, is not in the hand: ``not-held``, as
  with known hands (for a stock card revealed, ``deal-duplicate`` or ``deal-card``, as the
  rebuilt deal would say).
- **A breach an earlier action made**, which a card the seat shows now proves. A card
  leaves a hand only by being played, so the seat held it at each of its earlier actions of
  the deal: each is checked again by the rules with the card in the hand then. A seat that
  showed out of a suit and now plays it revoked then: :class:`EarlierBreach` names that
  action, with the rule and words the rules give it.
- **A card shown by one seat and played by another** (black-swan-2012's declared Black
  Swan): the showing action is checked again without it.

These are exact: an action is refused only when no hands could make it legal, and every
breach that depends on the hidden cards alone is found when the seat's own cards prove it
(at the latest when the deal's last card is played and every hand is known: the
recorder then checks the whole deal by the rules, with the hands the plays rebuild).

Each entry costs about the same however long the deal and the game: one step of the rules,
and a check of the seat's own actions of the deal, each on the state kept before it (the
cards held there and taken out again: nothing is replayed or copied).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from ..engine import Event, Game, GameState, played_cards
from ..errors import Illegal, StockMissing
from ..record import Action, Deal

__all__ = ["Choices", "EarlierBreach", "HiddenDeal"]

#: the rule id of a card the player does not hold, in every game (gamerec.errors.RULES)
NOT_HELD = "not-held"


class EarlierBreach(Illegal):
    """An earlier action of the deal broke a rule, which a card shown now proves:
    ``action`` is its index in the deal (from 0); ``rule`` and ``reason`` are the rules'
    own, as a check with the hands known gives them."""

    def __init__(self, action: int, rule: str, reason: str) -> None:
        super().__init__(rule, reason)
        self.action = action

    def __reduce__(self) -> tuple[type[EarlierBreach], tuple[int, str, str]]:  # type: ignore[override]
        return (EarlierBreach, (self.action, self.rule, self.reason))


class Choices:
    """What the seat to move may still do in a deal of hidden hands: ``actions``, every
    action some hand could make legal now, in the rules' order; ``due``, those of them the
    rules ask for when the seat holds them (a suit it must follow), empty when nothing is
    asked (the seat's hand cannot be known to hold them); ``guessed``, whether some of them
    show a card nobody has seen (legal only if the seat holds it: not a bid)."""

    __slots__ = ("actions", "due", "guessed")

    def __init__(self, actions: list[Action], due: list[Action], guessed: bool = False) -> None:
        self.actions = actions
        self.due = due
        self.guessed = guessed


class HiddenDeal:
    """One deal with hidden hands, begun after the state ``before`` (which it never
    changes), with the stored seat ``dealer`` and the ``stock`` revealed so far; Illegal if
    the rules refuse its beginning (the dealer, the up-card...).

    :attr:`state` is the live state; :attr:`actions` the deal's actions, of which the first
    :attr:`stepped` are stepped: the next one waits for the stock card :attr:`waiting` says
    (None: nothing waits). :attr:`events` are the events of the deal's beginning."""

    def __init__(self, before: GameState, dealer: int, stock: Sequence[int] = ()) -> None:
        self.game: Game[Any] = before.game
        self.before = before
        self.dealer = dealer
        self.stock: list[int] = list(stock)
        self.actions: list[Action] = []
        self.stepped = 0
        self._pool: Mapping[int, int] = before.cards_in_game()
        self._begin()

    # -- stepping ---------------------------------------------------------------------------
    def _begin(self) -> None:
        """The deal begun afresh, no action stepped (StockMissing at its start: the state as
        far as the deal was made, for the table's view; nothing is stepped until the card
        comes)."""
        state = self.before.copy()
        state.hidden = True
        self.waiting: StockMissing | None = None
        self.events: list[Event] = []
        try:
            self.events = list(
                state.begin_deal(Deal(self.dealer, [[] for _ in range(state.n)], self.stock, []))
            )
        except StockMissing as e:
            self.waiting = e
        self._waits_at_start = self.waiting is not None
        self.state = state
        self.stepped = 0
        #: the state before each stepped action (its cards not yet held), and the cards held for it
        self._before: list[GameState] = []
        self._held: list[list[int]] = []
        #: where each card was seen: an action's index, or -1 - i for the stock's card i
        self._seen: dict[int, list[int]] = {}
        for i, c in enumerate(self.stock):
            self._seen.setdefault(c, []).append(-1 - i)
        #: the cards each seat showed and has not played (a declared Black Swan)
        self._shown: list[Counter[int]] = [Counter() for _ in range(state.n)]
        #: the index of each seat's stepped actions, in order
        self._mine: list[list[int]] = [[] for _ in range(state.n)]
        #: those of them a card not seen yet could make illegal (a suit the seat showed out of)
        self._open: list[list[int]] = [[] for _ in range(state.n)]
        #: the cards seen in the action that waits for a stock card (not stepped yet)
        self._pending: list[int] = []
        self._choices: Choices | None = None

    def _advance(self) -> list[Event]:
        """Step the actions not stepped yet, as far as the stock allows; the events of the
        last one stepped. Illegal (the state as before that action) if the rules refuse one."""
        events: list[Event] = []
        while self.waiting is None and self.stepped < len(self.actions):
            events = self._step(self.actions[self.stepped], False)
        self._choices = None
        return events

    def _step(self, action: Action, check: bool) -> list[Event]:
        """Step ``action``, the next one: its cards held, then applied by the rules (none:
        it waits for the stock card :attr:`waiting` says). With ``check``, first the rules'
        own check of it, in their order (the turn before the cards, as with the hands
        known), then what the cards seen prove (:meth:`_check_seen`, :meth:`_check_earlier`).
        Illegal, the state as it was, if refused."""
        seat = _seat(action)
        new = self._new_cards(seat, action)
        self._unsee_pending()
        before = self.state.copy()
        # a card seen as often as the deck holds it is not put in the hand: the rules find
        # it not held, in their own order (after the turn, before a combination)
        held = self._available(new) if check else new
        self.state.hold(seat, held)
        try:
            if check:
                try:
                    self.state.verify(action)
                except Illegal as e:
                    if e.rule == NOT_HELD and len(held) < len(new):
                        self._check_seen(seat, new)  # (says where it was seen; or an earlier breach)
                    raise
            self._check_seen(seat, new)
            if check:
                self._check_earlier(seat, new)
            events = list(self.state.apply(action))
        except StockMissing as e:  # the action waits for the card (nothing changed), its cards seen
            self.state = before
            self.waiting = e
            for c in new:
                self._seen.setdefault(c, []).append(self.stepped)
            self._pending = new
            return []
        except BaseException:
            self.state = before
            raise
        self._before.append(before)
        self._held.append(new)
        self._mine[seat].append(self.stepped)
        if self._could_prove(self.stepped, seat, held=new):
            self._open[seat].append(self.stepped)
        self._saw(self.stepped, seat, action, new)
        self.stepped += 1
        return events

    def _available(self, cards: list[int]) -> list[int]:
        """Those of ``cards`` the deck still has to give, each as often as it may still come
        (a card seen as often as the deck holds it, or not in the game, left out)."""
        left: dict[int, int] = {}
        out = []
        for c in cards:
            k = left.get(c)
            if k is None:
                k = self._pool.get(c, 0) - len(self._seen.get(c, []))
            if k > 0:
                out.append(c)
            left[c] = k - 1
        return out

    def _unsee_pending(self) -> None:
        """Forget the sightings of the action that waited for a stock card (it is stepped
        now, and seen as it is)."""
        for c in self._pending:
            self._seen[c].remove(self.stepped)
        self._pending = []

    def _new_cards(self, seat: int, action: Action) -> list[int]:
        """The cards ``action`` shows that ``seat`` is not known to hold already."""
        shown = self._shown[seat]
        if not shown:
            return self.game.shows(action)
        left = Counter(self.game.shows(action))
        left.subtract(shown)
        return list((+left).elements())

    def _saw(self, index: int, seat: int, action: Action, new: list[int]) -> None:
        shown = self._shown[seat]
        for c in new:
            self._seen.setdefault(c, []).append(index)
            shown[c] += 1
        for c in played_cards(action):
            if shown[c]:
                shown[c] -= 1

    def load(self, actions: Sequence[Action]) -> list[Event]:
        """Take ``actions`` as entered before (a journal resumed, an undo): stepped by the
        rules, and checked against the cards seen, but not for what they prove of earlier
        actions (the deal's end checks that, with the hands rebuilt)."""
        self.actions.extend(actions)
        return self._advance()

    def enter(self, action: Action) -> list[Event]:
        """Check ``action`` by the rules and by what the cards seen prove, then step it; the
        events it caused (none while it waits for a stock card: :attr:`waiting`).
        Illegal (EarlierBreach for a breach it proves an earlier action made) if refused:
        nothing changes then."""
        if self.waiting is not None:
            raise StockMissing(self.waiting.message, self.waiting.index)
        self.actions.append(action)
        try:
            events = self._step(action, True)
        except BaseException:
            self.actions.pop()
            raise
        self._choices = None
        return events

    def renote(self, action: Action) -> None:
        """The last action again, with another note (the rules do not read notes)."""
        last = self.actions[-1]
        if not last.same(action):
            raise ValueError("renote takes the last action, its note alone changed")
        self.actions[-1] = action

    def reveal(self, card: int) -> list[Event]:
        """Add ``card`` to the stock, as revealed; the deal is stepped again from its start
        with it. The events of the step it let be taken (the deal's beginning, or the
        action that waited for it); Illegal if the rules refuse it (nothing changes then)."""
        self._check_seen(-1, [card], duplicate="deal-duplicate", absent="deal-card")
        waited = self.waiting is not None
        if self._waits_at_start or self.game.stock_with_deal:
            # (the deal begins with the card, or its rules refuse it: begun again, nothing stepped yet)
            self.stock.append(card)
            try:
                events = self._restart()
            except BaseException:
                self.stock.pop()
                self._restart()
                raise
            return [*self.events, *events] if waited else []
        self.state.reveal_stock([card])  # (Illegal, nothing changed, if the rules turn no more)
        self.stock.append(card)
        self._seen.setdefault(card, []).append(-len(self.stock))
        self.waiting = None
        self._choices = None
        return self._advance() if waited else []

    def _restart(self) -> list[Event]:
        """The deal stepped again from its start (its stock changed); the events of the last
        action stepped."""
        actions = self.actions
        self.actions = []
        try:
            self._begin()
        finally:
            self.actions = actions
        self.actions = []
        return self.load(actions)

    # -- what the cards seen prove ----------------------------------------------------------
    def _check_seen(
        self, seat: int, new: Sequence[int], duplicate: str = NOT_HELD, absent: str = NOT_HELD
    ) -> None:
        """Illegal (rule ``absent``) if a card of ``new`` is not in this game, or (rule
        ``duplicate``) seen as often as the deck holds it; EarlierBreach if another seat
        showed it and its showing action needs it."""
        deck = self.game.deck
        for c, k in Counter(new).items():
            holds = self._pool.get(c, 0)
            if not holds:
                raise Illegal(absent, f"{deck.code(c)} is not in this game's deck")
            seen = self._seen.get(c, [])
            if len(seen) + k <= holds:
                continue
            for other, shown in enumerate(self._shown):
                if other != seat and shown[c]:
                    self._check_without(other, c)
            raise Illegal(duplicate, self._seen_text(c, k, holds))

    def _seen_text(self, card: int, k: int, holds: int) -> str:
        """Why ``card``, shown ``k`` times more now, is seen more often than the deck's
        ``holds``."""
        counted = Counter(self._place(i) for i in self._seen.get(card, []))
        places = [
            place if k == 1 else f"{place} ({'twice' if k == 2 else f'{k} times'})"
            for place, k in counted.items()
        ]
        code = self.game.deck.code(card)
        word = self.game.deal_word
        times = "once" if holds == 1 else f"{holds} times"
        if not places:  # (all of them in this one action)
            return f"{code} is played {k} times at once, but the deck holds it {times}"
        seen = counted.total()
        if seen == 1 and k == 1:
            return f"{code} is seen already in this {word} ({places[0]})"
        before = "once" if seen == 1 else f"{seen} times"
        now = "once" if k == 1 else f"{k} times"
        return (
            f"{code} is seen {before} already in this {word} ({', '.join(places)}) and {now} now, "
            f"but the deck holds it {times}"
        )

    def _place(self, where: int) -> str:
        if where < 0:
            return f"the {self.game.stock_card(-1 - where)}"
        return f"action {where + 1}"

    def _check_earlier(self, seat: int, new: Sequence[int]) -> None:
        """EarlierBreach if ``seat``, holding ``new`` at each of its earlier actions of the
        deal (as it did: a card leaves a hand only by being played), broke a rule at one of
        them: the first such action."""
        if not new:
            return
        for i in self._open[seat]:
            self._verify_holding(i, seat, [*self._held[i], *new])

    def _could_prove(self, index: int, seat: int, held: list[int]) -> bool:
        """Whether some card not seen yet, shown later by ``seat``, could prove action
        ``index`` (holding ``held``) illegal: whether the rules refuse it with every such card
        in the hand then. The rules ask more of a hand that holds more (a suit to follow, a
        trump to play), never less, so an action they accept then stays legal whatever the
        seat shows later, and is not checked again."""
        unseen = self.unseen()
        try:
            self._verify_holding(index, seat, [*held, *unseen])
        except EarlierBreach:
            return True
        return False

    def _check_without(self, seat: int, card: int) -> None:
        """EarlierBreach if ``seat``'s action that showed ``card`` is illegal without it."""
        for i in self._mine[seat]:
            if card not in self._held[i]:
                continue
            held = list(self._held[i])
            held.remove(card)
            self._verify_holding(i, seat, held)
            return

    def _verify_holding(self, index: int, seat: int, cards: list[int]) -> None:
        """EarlierBreach if action ``index`` is illegal with ``cards`` in ``seat``'s hand then
        (held in the state kept before it, and taken out again: nothing is copied)."""
        state = self._before[index]
        state.hold(seat, cards)
        try:
            state.verify(self.actions[index])
        except Illegal as e:
            raise EarlierBreach(index, e.rule, e.reason) from None
        finally:
            state.release(seat, cards)

    # -- the deal as known ------------------------------------------------------------------
    @property
    def over(self) -> bool:
        """Whether every action is stepped and the deal is over by the rules (every card
        played: each hand is known)."""
        return self.waiting is None and self.stepped == len(self.actions) and self.state.deal_over

    def hands(self) -> list[list[int]]:
        """Each seat's hand as its actions show it: the cards it played, in order."""
        hands: list[list[int]] = [[] for _ in range(self.state.n)]
        for action in self.actions:
            hands[_seat(action)].extend(played_cards(action))
        return hands

    def unseen(self) -> list[int]:
        """The cards of this game nobody has seen yet in the deal (played, shown or turned
        up), each as often as it may still come; in the deck's order."""
        return [c for c, k in sorted(self._pool.items()) for _ in range(k - len(self._seen.get(c, [])))]

    def choices(self) -> Choices:
        """What may still be legal now (:class:`Choices`), from what is known: for the seat
        to move, each action the rules allow with one card not yet seen in its hand (or
        none: a bid), and what they allow with every such card (a combination of several);
        for the others, what they may do out of turn (a declaration). An action that the
        cards seen refuse, or that would prove an earlier breach, is left out."""
        if self._choices is not None:
            return self._choices
        state = self.state
        seat = state.to_move
        if self.waiting is not None or seat is None or self.stepped < len(self.actions):
            self._choices = Choices([], [])
            return self._choices
        unseen = self.unseen()
        found: dict[bytes, Action] = {}
        for c in dict.fromkeys(unseen):
            probe = state.copy()
            probe.hold(seat, [c])
            for a in probe.legal_actions():
                found.setdefault(_key(a), a)
        everything = state.copy()
        everything.hold(seat, unseen)
        every = everything.legal_actions()
        for a in every:
            found.setdefault(_key(a), a)
        for other in range(state.n):  # (what the others may do now: a declaration)
            if other != seat:
                probe = state.copy()
                probe.hold(other, unseen)
                for a in probe.legal_actions():
                    if _seat(a) == other:
                        found.setdefault(_key(a), a)
        possible = {k: a for k, a in found.items() if self._possible(a)}
        mine = len([a for a in possible.values() if _seat(a) == seat])
        due = [a for a in every if _key(a) in possible and _seat(a) == seat]
        guessed = any(self._new_cards(_seat(a), a) for a in possible.values())
        self._choices = Choices(list(possible.values()), due if len(due) < mine else [], guessed)
        return self._choices

    def _possible(self, action: Action) -> bool:
        """Whether :meth:`enter` would take ``action`` now (its cards held for the rules'
        check, and taken out again)."""
        seat = _seat(action)
        new = self._new_cards(seat, action)
        state = self.state
        try:
            self._check_seen(seat, new)
            state.hold(seat, new)
            try:
                state.verify(action)
            finally:
                state.release(seat, new)
            self._check_earlier(seat, new)
        except Illegal:
            return False
        return True


#: an action's bytes, to tell equal actions apart from others (Actions with a list of cards
#: are not hashable)
_key = msgspec.msgpack.Encoder().encode


def _seat(action: Action) -> int:
    """The seat that takes ``action`` (every action has one)."""
    seat: int = action.seat
    return seat
