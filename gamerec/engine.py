"""The small interface every game implements, and the derived events it reports.

A :class:`Game` describes one game: its id, deck, rule options and action kinds (its bots
are in its spec: :class:`gamerec.games.spec.Seats`).
:meth:`Game.new_state` gives a :class:`GameState` for one record, which is driven deal by
deal: :meth:`GameState.begin_deal` checks and starts a deal, then each action goes through
:meth:`GameState.verify` (raises :class:`~gamerec.errors.Illegal` saying why),
:meth:`GameState.can` (the same as a bool) or :meth:`GameState.apply` (verifies, then plays
it and returns the derived events it caused). Everything a record does not store (trick
winners, scores, the next dealer) is derived here.

A step is atomic: :meth:`GameState.apply` either plays the action completely or raises
(:class:`~gamerec.errors.Illegal`, or :class:`~gamerec.errors.StockMissing` when the action
needs a stock card the record does not give) before it changes anything, so a caller may
catch the error and go on from the same state (after revealing the card, say).
:meth:`GameState.copy` gives an independent state to try things on or to go back to.

A deal may also be played with its hands hidden (:attr:`GameState.hidden`): it begins with
every hand empty and :meth:`GameState.hold` puts each card in its seat's hand as an action
shows it (:meth:`Game.shows`), so the same rules check what does not depend on unseen cards
(:mod:`gamerec.recording.hidden_hands`).

Why one module of over 500 lines: it is the one interface every game implements, the two
classes a game subclasses and the checks every game's deal makes through them
(``check_deal_start``, ``check_cards``), compiled as one unit on the hot path of every
deal; a game reads it whole. The words its messages share (``plural``, ``seat_name``) are
a few lines that every game imports with it.
"""

from __future__ import annotations

import collections
import copy as _copy
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, TypeVar

import msgspec
from mypy_extensions import mypyc_attr

from .cards import PLEDGES, Deck
from .errors import GamerecError, Illegal, StockMissing
from .events import DealScored, Event, MatchEnded, TrickWon
from .options import option_values
from .record import MAX_NAME, Action, Deal

if TYPE_CHECKING:  # a random generator is only ever given (the deals')
    import random

__all__ = [
    "DealScored",
    "Event",
    "Game",
    "GameState",
    "MatchEnded",
    "TrickWon",
    "check_cards",
    "played_cards",
    "seat_name",
]


def plural(n: int, word: str) -> str:
    """``1 card``, ``2 cards``, ``3 entries``."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word[:-1]}ies" if word.endswith("y") else f"{n} {word}s"


def check_names(players: Sequence[object], why: str) -> None:
    """:class:`GamerecError` unless each player has a name of their own: text, not blank,
    at most :data:`~gamerec.record.MAX_NAME` characters (what a record holds), and
    unlike the others also ignoring case (``why``: what makes them matter, e.g. "the
    names are the seats at the prompt")."""
    if isinstance(players, (str, bytes)):  # (a string is a sequence of one-letter names)
        raise GamerecError(f"players {players!r}: a list of names, not one string")
    seen: dict[str, str] = {}
    for seat, name in enumerate(players):
        if not isinstance(name, str):
            raise GamerecError(f"players: seat {seat}: a name is text, not {type(name).__name__}")
        if not name.strip():
            raise GamerecError(f"players: seat {seat} has an empty name: each player needs a name")
        if not _utf8(name):
            raise GamerecError(f"players: seat {seat}: {name!r} is no UTF-8 text, which a record holds")
        if len(name) > MAX_NAME:
            raise GamerecError(
                f"players: seat {seat}: a name is at most {MAX_NAME} characters, not {len(name)} "
                "(the record format's limit)"
            )
        other = seen.get(name.casefold())
        if other is not None:
            twice = repr(name) if other == name else f"{other!r} and {name!r} (case aside)"
            own = f"so each player needs a name of their own (e.g. {name}2)"
            raise GamerecError(f"players: {twice} named twice: {why}, {own}")
        seen[name.casefold()] = name


def _utf8(text: str) -> bool:
    """Whether ``text`` encodes as UTF-8 (no lone surrogate: a file name's bytes that are not
    UTF-8, as Python holds them)."""
    try:
        text.encode()
    except UnicodeEncodeError:
        return False
    return True


def _shown_value(value: Any) -> str:
    """An option's value as a message shows it: its JSON, else its ``repr``, cut short; a
    value nested deeper than Python goes (or holding itself) said as such."""
    try:
        text = msgspec.json.encode(value).decode()
        if text == "null" and value is not None:  # (NaN and ±Infinity: JSON has no word for them)
            text = repr(value)
    except (TypeError, ValueError):
        try:
            text = repr(value)
        except RecursionError:
            return "a value nested too deep to show"
    except RecursionError:
        return "a value nested too deep to show"
    return text if len(text) <= 80 else text[:79] + "…"


def seat_name(players: Sequence[str], seat: int) -> str:
    """``seat 2 (Cy)``: how messages name a seat."""
    if 0 <= seat < len(players):
        return f"seat {seat} ({players[seat]})"
    return f"seat {seat}"


def check_cards(
    deck: Deck,
    hands: Sequence[Sequence[int]],
    players: Sequence[str],
    extra: Sequence[tuple[str, Sequence[int]]] = (),
    pool: Mapping[int, int] | AbstractSet[int] | None = None,
) -> None:
    """Check that every card of the ``hands`` and of the ``extra`` named groups (the
    stock) is a card of ``deck`` and that no card is dealt more often than the deck holds
    it (or than ``pool``, the cards in this game: a set when each is there once, else the
    counts of each card)."""
    if pool is None:
        holds: Mapping[int, int] | None = deck.counts
        card_set: AbstractSet[int] | None = deck.card_set if deck.distinct else None
    elif isinstance(pool, Mapping):
        holds, card_set = pool, None
    else:
        holds, card_set = None, pool  # (the counts are made only to explain an error)
    # fast paths: every card dealt in one list, checked by the set or the counts at once
    # (true ints checked on the groups as given: compiled, the list's int-typed items
    # would read a bool as the int it equals)
    dealt: list[Any] = []
    ints = True
    for h in hands:
        dealt += h
        ints = ints and _all_ints(h)
    for _, cards in extra:
        dealt += cards
        ints = ints and _all_ints(cards)
    if not ints:
        pass
    elif card_set is not None:
        # every card distinct, all of the deck
        seen = set(dealt)
        if len(seen) == len(dealt) and seen <= card_set:
            return
    elif holds is not None:
        # a multiset: the whole pool dealt (the counts equal), or each card at most as often
        # as the deck holds it
        dealt_counts: dict[Any, int] = {}
        _count_elements(dealt_counts, dealt)  # (Counter's own C counter, without its set-up)
        if dealt_counts == holds or all(k <= holds.get(c, 0) for c, k in dealt_counts.items()):
            return
    if holds is None:
        holds = dict.fromkeys(pool or (), 1)
    # something is wrong: find the first card at fault, and say where it is
    groups = [(f"the hand of {seat_name(players, s)}", h) for s, h in enumerate(hands)]
    used: Counter[int] = Counter()
    for name, group in [*groups, *extra]:
        given: Sequence[Any] = group  # (Any: compiled, an int-typed card would read a bool as an int)
        for c in given:
            if type(c) is not int or not deck.is_card(c):
                raise Illegal("deal-card", f"{name} holds {deck.code(c)}, which is no card of the deck")
            used[c] += 1
            available = holds.get(c, 0)
            if not available:
                raise Illegal("deal-card", f"{name} holds {deck.code(c)}, which is not in this game's deck")
            if used[c] > available:
                times = "once" if available == 1 else f"{available} times"
                where = "" if available else " in this game"
                raise Illegal(
                    "deal-duplicate",
                    f"{deck.code(c)} is dealt more often than the deck holds it ({times}{where})"
                    f"; seen again in {name}",
                )


#: Counter's counting loop in C (what Counter(cards) runs, without Counter's own set-up)
_count_elements: Final[Callable[[dict[Any, int], Iterable[Any]], None]] = collections._count_elements  # type: ignore[attr-defined]


def _all_ints(cards: Iterable[object]) -> bool:
    """Whether every card is a true int (not a bool, a float or a string)."""
    for c in cards:  # noqa: SIM110 - a loop, not all() over a generator: quicker in both builds
        if type(c) is not int:
            return False
    return True


_CONTAINERS: Final = (list, set, dict)


def _attributes(state: GameState) -> dict[str, Any]:
    """Every attribute of ``state``, by name (compiled and plain classes alike)."""
    attrs: dict[str, Any] = state.__getstate__()  # type: ignore[assignment]
    return attrs


def _fresh(value: Any) -> Any:
    """A copy of a container that shares no container with ``value``: lists, sets and dicts
    are copied, and so are the containers in them (the states' lists hold containers or
    immutable values, not both, so the first item tells)."""
    if isinstance(value, list):
        if value and isinstance(value[0], _CONTAINERS):
            return [_fresh(v) if isinstance(v, _CONTAINERS) else v for v in value]
        return value.copy()
    if isinstance(value, dict):
        d = value.copy()  # (a Counter stays a Counter)
        for k, v in d.items():
            if isinstance(v, _CONTAINERS):
                d[k] = _fresh(v)
        return d
    return value.copy()


@mypyc_attr(allow_interpreted_subclasses=True)
class GameState(ABC):
    """The state of one record being replayed."""

    game: ClassVar[Game[Any]]

    def __init__(self, rules: Any, players: Sequence[str]) -> None:
        self.rules = rules
        self.players = list(players)
        self.n = len(players)
        self.deal_index = -1  #: index of the current deal, -1 before the first
        self.deal_scores: list[tuple[int, ...]] = []
        self.totals: list[int] = [0] * len(self.sides)
        #: whether apply builds the events of tricks and turns; verification without
        #: steps turns it off (the rules run the same, only the reports are skipped)
        self.emit = True
        #: whether the current deal's hands are hidden (``gamerec record --hands unknown``):
        #: it begins with every hand empty, and :meth:`hold` puts a seat's cards in its hand as
        #: its actions show them, so the rules check everything that does not depend on the
        #: cards nobody has seen (:mod:`gamerec.recording.hidden_hands`)
        self.hidden = False

    # -- deals ----------------------------------------------------------------------------
    @abstractmethod
    def begin_deal(self, deal: Deal[Any]) -> list[Event]:
        """Check ``deal`` (hands, stock, dealer) and start it; raise Illegal if faulty."""

    @abstractmethod
    def expected_dealer(self) -> int | None:
        """The dealer (or first player) the next deal must have; None when free."""

    def seat_mismatch(self, number: int, got: int, expected: int) -> str:
        """Why deal ``number`` (from 1) may not have ``got`` as its stored seat."""
        what = "dealt" if self.game.seat_field == "dealer" else "started"
        players = self.players
        return (
            f"{self.game.deal_word} {number} is {what} by {seat_name(players, got)}, "
            f"not {seat_name(players, expected)}"
        )

    def check_deal_start(self, deal: Deal[Any], size: int) -> int:
        """The checks every game makes of a new deal: it may begin now; its stored seat
        (dealer or first player) is a seat, and the derived one after the first deal; it
        deals ``size`` cards to each player. Returns the stored seat."""
        # (the words of the messages are looked up only when there is something to say)
        n = self.n
        game = self.game
        if self.finished and not game.open_ended:
            word, number = game.deal_word, self.deal_index + 2
            raise Illegal(
                "deal-after-end", f"the game is over after {word} {number - 1}: no {word} may follow"
            )
        if not self.deal_over:
            word, number = game.deal_word, self.deal_index + 2
            raise Illegal(
                "deal-unfinished", f"{word} {number - 1} is not over: {word} {number} may not begin"
            )
        seat = deal.dealer
        if type(seat) is not int or not 0 <= seat < n:
            what = "dealer" if game.seat_field == "dealer" else "first player"
            raise Illegal(f"deal-{game.seat_field}", f"{what} {seat} is not a seat (0..{n - 1})")
        expected = self.expected_dealer()
        if expected is not None and seat != expected:
            raise Illegal(f"deal-{game.seat_field}", self.seat_mismatch(self.deal_index + 2, seat, expected))
        if not game.has_draw and getattr(deal, "draw", None) is not None:
            word, number = game.deal_word, self.deal_index + 2
            raise Illegal("deal-draw", f"{game.id} records no dealer draw, but {word} {number} has one")
        hands = deal.hands
        if len(hands) != n:
            word, number = game.deal_word, self.deal_index + 2
            raise Illegal("deal-hands", f"{word} {number} deals {plural(len(hands), 'hand')} to {n} players")
        if self.hidden:  # the hands are not known: they begin empty, whatever their size
            if any(hands):
                raise ValueError("a deal with hidden hands begins with every hand empty")
            return seat
        for s, hand in enumerate(hands):
            if len(hand) != size:
                word, number = game.deal_word, self.deal_index + 2
                raise Illegal(
                    "deal-size",
                    f"{word} {number} deals {plural(size, 'card')} each but "
                    f"{seat_name(self.players, s)} has {len(hand)}",
                )
        return seat

    @property
    @abstractmethod
    def deal_over(self) -> bool:
        """True when the current deal has reached its end (True before the first deal)."""

    @property
    @abstractmethod
    def finished(self) -> bool:
        """True when the whole record's game is over."""

    def hold(self, seat: int, cards: Sequence[int]) -> None:
        """Put ``cards`` in ``seat``'s hand, in a deal begun with its hands :attr:`hidden`
        (an action shows them: the seat plays them, or declares one). Only games whose hands
        the plays rebuild (:attr:`Game.hands_from_plays`) are played with hidden hands; the
        others keep this refusal."""
        raise GamerecError(
            f"{self.game.id} is not played with hidden hands: its plays do not show every card"
        )

    def release(self, seat: int, cards: Sequence[int]) -> None:
        """Take ``cards`` out of ``seat``'s hand again, after :meth:`hold` put them there (a
        state asked what a card in the hand would have changed, then put back as it was)."""
        raise GamerecError(
            f"{self.game.id} is not played with hidden hands: its plays do not show every card"
        )

    def reveal_stock(self, cards: Sequence[int]) -> None:
        """Add ``cards``, revealed now, to the current deal's stock (a deal with its hands
        :attr:`hidden`, whose stock cards are given as the rules turn them); Illegal, nothing
        changed, when the rules turn no more, or none during a deal."""
        raise Illegal("deal-stock", f"{self.game.id} turns no stock card during a deal")

    def cards_in_game(self) -> Mapping[int, int]:
        """Each card of this game's deck, with how often the deck holds it (the rules may
        take cards out: forest's ``max_number``, black-swan-2012's short game)."""
        return self.game.deck.counts

    # -- actions --------------------------------------------------------------------------
    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat whose turn it is, or None outside a deal in progress."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action now, in a stable order."""

    @abstractmethod
    def verify(self, action: Action) -> None:
        """Raise Illegal, saying why, unless ``action`` is legal now."""

    def can(self, action: Action) -> bool:
        try:
            self.verify(action)
        except Illegal:
            return False
        return True

    @abstractmethod
    def apply(self, action: Action) -> Sequence[Event]:
        """Verify ``action``, play it and return the events it caused. Atomic: Illegal or
        StockMissing is raised before anything changes."""

    def apply_run(self, actions: Sequence[Action]) -> tuple[int, Illegal | StockMissing] | None:
        """Apply ``actions`` in order (the walk without steps: :func:`gamerec.fastwalk.apply_all`
        turns ``emit`` off around it and drops the events). None when every action applied,
        else the index of the first one that did not and why, the state as it was before
        that action. A game may run its common actions inline here, on the same rules as
        :meth:`apply` (which it calls for every other action, and for each error)."""
        i = 0
        try:
            for action in actions:
                self.apply(action)
                i += 1
        except (Illegal, StockMissing) as e:
            return i, e
        return None

    # -- copies ---------------------------------------------------------------------------
    def copy(self) -> GameState:
        """An independent copy of this state: what is applied to one leaves the other as it
        was. Cheap (no deep copy): the values are shared, the containers copied."""
        new = type(self)(self.rules, self.players)  # (compiled classes are made by __init__)
        for name, value in _attributes(self).items():
            setattr(new, name, _fresh(value) if isinstance(value, _CONTAINERS) else value)
        return new

    def snapshot(self) -> dict[str, Any]:
        """Every attribute of the state, by name, deep-copied: two states are the same when
        their snapshots are equal."""
        snap: dict[str, Any] = _copy.deepcopy(_attributes(self))
        return snap

    # -- results --------------------------------------------------------------------------
    @property
    def sides(self) -> list[str]:
        """Names of the scoring sides (the players, unless the game has teams)."""
        return self.players

    def close_deal(self, scores: tuple[int, ...]) -> list[Event]:
        """Record the scores of the deal just over (the state already says it is over):
        the running totals, a DealScored event and, when the record's game is over with
        it, MatchEnded."""
        self.deal_scores.append(scores)
        self.totals = [t + s for t, s in zip(self.totals, scores, strict=True)]
        events: list[Event] = [DealScored(self.deal_index, scores, tuple(self.totals))]
        if self.finished:
            events.append(MatchEnded(self.winners()))
        return events

    def members(self) -> list[tuple[int, ...]]:
        """The seats of each scoring side."""
        return [(s,) for s in range(self.n)]

    def game_results(self) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """What standings count: each game's scores per side and its winning sides. A
        record is one game, unless the game says otherwise."""
        return [(tuple(self.totals), self.winners())]

    def winners(self) -> tuple[int, ...]:
        """The sides with the highest total (several on a shared win)."""
        best = max(self.totals)
        return tuple(i for i, t in enumerate(self.totals) if t == best)


R = TypeVar("R", bound=msgspec.Struct)


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC, Generic[R]):
    """One game: everything gamerec needs to know to read, check and play its records."""

    id: ClassVar[str]
    title: ClassVar[str]
    deck: ClassVar[Deck]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: the Struct of the rule options (typed fields with defaults): a class variable, so
    #: that a game's class that is not compiled (a club's own game) is read as it says
    Rules: ClassVar[type[Any]]
    #: the action kinds this game records
    actions: ClassVar[tuple[type[Action], ...]]
    #: the word the JSON form uses for a deal's stored seat: "dealer" or "first"
    seat_field: ClassVar[str] = "dealer"
    #: what the game calls a deal in messages: "round", "deal" or "game"
    deal_word: ClassVar[str] = "deal"
    #: what the game calls a whole record in messages: "game", "match" or "record"
    record_word: ClassVar[str] = "game"
    #: whether a deal may record the dealer draw (``Deal.draw``)
    has_draw: ClassVar[bool] = False
    #: whether a record may hold any number of deals, each a game of its own (so a deal may
    #: follow a finished one)
    open_ended: ClassVar[bool] = False
    #: whether every dealt card is played, so that a deal's hands can be rebuilt from its
    #: plays (``gamerec record --hands unknown``)
    hands_from_plays: ClassVar[bool] = True
    #: whether the stock shows its cards as the deal is made (blackball's up-card), rather
    #: than during play
    stock_with_deal: ClassVar[bool] = False
    #: whether the rules ask for stock cards as play turns them (forest's forest cards,
    #: black-swan-taroc's draws): ``stock CARD`` at the prompt of ``gamerec record``
    stock_in_play: ClassVar[bool] = False
    #: whether the rules turn a stock card face up at each trick (forest's forest card, an
    #: event whose ``turns_card`` is true): exports list them per deal
    turns_cards: ClassVar[bool] = False
    #: the game's own actions in the text notation, as examples (the first a seat's), for
    #: the prompt's help (docs/notation.md, "Actions")
    examples: ClassVar[tuple[str, ...]] = ("play CARD",)
    state_class: ClassVar[type[GameState]]
    #: the rule ids this game's own rules give, with what each means (the rules every game
    #: shares are :data:`gamerec.errors.RULES`): docs/errors.md lists them all
    rule_ids: ClassVar[Mapping[str, str]] = {}

    def parse_rules(self, raw: Mapping[str, Any], players: int) -> R:
        """The typed rules of a record's rules block; Illegal for an unknown option or a
        value out of range."""
        if not isinstance(raw, Mapping):
            raise Illegal("options", "the rules block is not a map of options")
        try:
            rules: R = msgspec.convert(dict(raw), self.Rules, strict=True)
            return rules
        except msgspec.ValidationError as e:
            raise Illegal("options", self._options_error(str(e), raw)) from None
        except RecursionError:  # (a value nested deeper than Python goes, or one that holds itself)
            raise Illegal("options", "the rules block is nested deeper than any option's value") from None

    def _options_error(self, message: str, raw: Mapping[str, Any]) -> str:
        """msgspec's message about a rules block, in the words of options."""
        known = list(self.Rules.__struct_fields__)
        if message.startswith("Object contains unknown field"):
            name = message.split("`")[1] if "`" in message else "?"
            return f"unknown option {name!r} (options of {self.id}: {', '.join(known)})"
        text, _, where = message.partition(" - at `$.")
        name = where.rstrip("`").split(".")[0].split("[")[0]
        if name in known:
            allowed = option_values(self.Rules, name)
            return f"option {name}: {_shown_value(raw.get(name))} is not allowed (expected {allowed})"
        return f"rules: {text[:1].lower()}{text[1:]}"

    def filled_rules(self, raw: Mapping[str, Any], players: int) -> dict[str, Any]:
        """The rules block with every default filled in, as gamerec writes it."""
        rules: dict[str, Any] = msgspec.to_builtins(self.parse_rules(raw, players))
        return rules

    def new_state(self, rules: Mapping[str, Any] | R, players: Sequence[str]) -> GameState:
        """A state ready for the first deal; Illegal if the players or rules do not fit."""
        n = len(players)
        if not self.min_players <= n <= self.max_players:
            raise Illegal(
                "players",
                f"{self.id} is for {self.min_players} to {self.max_players} players, not {n}",
            )
        raw = msgspec.to_builtins(rules) if isinstance(rules, msgspec.Struct) else rules
        typed = self.parse_rules(raw, n)
        return self.state_class(typed, players)

    @abstractmethod
    def deal(self, state: GameState, rng: random.Random) -> Deal[Any]:
        """Shuffle and deal the next deal of ``state`` with ``rng`` (for simulate)."""

    def stock_card(self, index: int) -> str:
        """What the game calls card ``index`` (from 0) of a deal's stock, in words: the
        prompt that asks for it says so ("forest card for trick 3", "up-card")."""
        return f"stock card {index + 1}"

    def shows(self, action: Action) -> list[int]:
        """The cards ``action`` shows its seat holds: those it plays, by default (a game
        whose actions show other cards says so: black-swan-2012's declaration shows the
        Black Swan)."""
        return played_cards(action)


def played_cards(action: Action) -> list[int]:
    """The cards ``action`` plays (or passes): its card fields, in order."""
    out: list[int] = []
    for name in action.card_fields:
        value = getattr(action, name)
        if isinstance(value, list):
            out.extend(value)
        else:
            out.append(value)
    return out


def action_text(action: Action, deck: Deck) -> str:
    """An action in the text notation's words, without the seat: ``bid 2``, ``play QS``."""
    parts = [action.kind]
    for name in action.__struct_fields__:
        if name in ("seat", "note"):
            continue
        value = getattr(action, name)
        if name in action.card_fields:
            if isinstance(value, list):
                parts.append(deck.codes_of(value) if value else "(no cards)")
            else:
                parts.append(deck.code(value))
        elif name in action.pledge_fields:
            parts.append(PLEDGES[value] if 0 <= value < len(PLEDGES) else f"#{value}")
        else:
            parts.append(str(value))
    return " ".join(parts)
