"""Black Swan (2012): the shedding game (docs/rules/black-swan-2012.md: the rules, their source
and how each gap in it is settled).

Rules as gamerec plays them:

- 2 to 4 players. 56 cards: the 52 French cards, three identical jokers (owls, ``JK``) and
  the Black Swan (``BS``). Each player is dealt 14 cards; with 2 or 3 players the rest is
  not used, and option ``swan_in_short_game`` (default true) set to false takes the Black
  Swan out of the deck first.
- Option ``teams`` (default: true with 4 players): seats 0+2 play against 1+3. With 2 or 3
  players (or ``teams=false``) everyone plays alone.
- A record is a match. The first deal's first player is recorded; each later deal is
  started by the last player who still held cards in the deal before (who made its final
  play).
- Turns go clockwise, skipping players who are out. A turn plays 1 .. 7-t cards with t
  cards on the table, as one combination:
  single (any one card), group (2..7 cards of one rank, jokers standing in), or sequence
  (``min_run``..7 consecutive ranks of one suit, jokers filling gaps or extending either
  end; the ace low as in A-2-3 or high as in Q-K-A, never both, never wrapping K-A-2).
  Jokers alone are legal as one or two (three with option ``joker_triple``). The Black
  Swan is only ever a single.
- The player who brings the table to exactly 7 cards captures them and starts the next
  table round; if that player is out, the next player clockwise who holds cards starts.
  A player alone with cards takes every turn.
- A player who plays their last card is out. The deal ends when everyone is out; its last
  play always completes a table, and that final capture goes to the first player out,
  except the Black Swan, which its taker keeps.
- Card points: A 20; 10, J, Q, K 10; 5 5; joker -20; Black Swan -100; others 0. A side's
  deal score is the points it captured (teams add their members'). With option
  ``swan_declaration`` (team game only), the player dealt the Black Swan may declare it
  before the deal's first play (a ``declare`` action, whoever's turn it is): the
  declarer's team's deal score is doubled.
- After each deal, if some side has reached ``target`` (default 500 in the team game,
  300 otherwise) and one side alone has the highest total, it wins and the match ends.

What cards played together form (``combination``) and every play a hand can make
(``playable``, which ``legal_actions`` and the bots use) are
:mod:`gamerec.games.black_swan_2012.combinations` and :mod:`gamerec.games.black_swan_2012.plays`.

Why one module of over 500 lines: what could move out already has (the combinations, every
play a hand can make and the tables they are counted from); what is left is the one state
machine of the rules above (deals, plays, captures, the deal's end and score, declarations)
and its walk without steps (``apply_run``), which plays the common plays inline on the same
attributes as ``apply`` and must be read beside it (docs/performance.md, "Fourth round").
The bots and the messages' texts, about 80 lines, are all that could go, and they read the
state's own attributes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

from ...cards import FRENCH_JOKERS_SWAN, JOKER, SWAN
from ...engine import (
    DealScored,
    Event,
    Game,
    GameState,
    MatchEnded,
    check_cards,
    plural,
    seat_name,
)
from ...errors import Illegal, StockMissing
from ...events import Captured, Declared, WentOut
from ...record import Action, Cards, Deal, Declare
from .combinations import TABLE, combination
from .options import BlackSwan2012Rules
from .plays import playable

if TYPE_CHECKING:  # the deals' generator, for types only (random is imported where one is made)
    import random

__all__ = ["BlackSwan2012", "BlackSwan2012Rules", "BlackSwan2012State", "card_points", "combination"]

DECK: Final = FRENCH_JOKERS_SWAN
HAND_SIZE: Final = 14
_DECK_SIZE: Final = len(DECK.codes)

_POINTS: Final = [0] * 54
for _c in range(52):
    _r = _c % 13  # 0 = two .. 12 = ace
    _POINTS[_c] = 20 if _r == 12 else 10 if _r >= 8 else 5 if _r == 3 else 0
_POINTS[JOKER] = -20
_POINTS[SWAN] = -100


def card_points(card: int) -> int:
    """The points a captured card is worth."""
    return _POINTS[card]


_NO_EVENTS: Final[tuple[Event, ...]] = ()
_NO_ACTIONS: Final[list[Action]] = []


class BlackSwan2012State(GameState):
    """A black-swan-2012 match being replayed."""

    game: ClassVar[Game[Any]]

    def __init__(self, rules: BlackSwan2012Rules, players: Sequence[str]) -> None:
        n = len(players)
        self.team_game = n == 4 and (rules.teams is None or rules.teams)
        self.side_of = [s % 2 for s in range(n)] if self.team_game else list(range(n))
        self.target = rules.target or (500 if self.team_game else 300)
        self.min_run = rules.min_run
        self.joker_triple = rules.joker_triple
        self.swan_declaration = rules.swan_declaration
        super().__init__(rules, players)
        self.pool = list(DECK.cards)
        if n < 4 and not rules.swan_in_short_game:
            self.pool.remove(SWAN)
        self.pool_counts = Counter(self.pool)
        self.playing = False
        self.over = False
        self.first = -1
        self.counts: list[list[int]] = []
        self.held: list[int] = []
        self.table: list[int] = []  # the cards on the table, in play order
        self.table_seats: list[int] = []  # who played each of them
        self.turn = 0
        self.last_player = -1
        self.out_order: list[int] = []
        self.piles: list[list[int]] = []
        self.declared: int | None = None
        self.played = False
        self.tables_done = 0

    def members(self) -> list[tuple[int, ...]]:
        if self.team_game:
            return [(0, 2), (1, 3)]
        return super().members()

    @property
    def sides(self) -> list[str]:
        if self.team_game:
            p = self.players
            return [f"{p[0]} & {p[2]}", f"{p[1]} & {p[3]}"]
        return self.players

    # -- deals ----------------------------------------------------------------------------
    def expected_dealer(self) -> int | None:
        return None if self.deal_index < 0 else self.last_player

    @property
    def deal_over(self) -> bool:
        return not self.playing

    @property
    def finished(self) -> bool:
        return self.over

    def seat_mismatch(self, number: int, got: int, expected: int) -> str:
        return (
            f"deal {number} is started by {seat_name(self.players, got)} but the last player holding cards "
            "in "
            f"deal {number - 1} was {seat_name(self.players, expected)}"
        )

    def begin_deal(self, deal: Deal[Any]) -> list[Event]:
        n = self.n
        number = self.deal_index + 2
        first = self.check_deal_start(deal, HAND_SIZE)
        if deal.stock:
            raise Illegal(
                "deal-stock",
                f"black-swan-2012 records no stock, but deal {number} has {plural(len(deal.stock), 'card')}",
            )
        check_cards(DECK, deal.hands, self.players, pool=self.pool_counts)
        self.deal_index += 1
        self.first = first
        counts = []
        for hand in deal.hands:
            c = [0] * 54
            for card in hand:
                c[card] += 1
            counts.append(c)
        self.counts = counts
        self.held = [HAND_SIZE] * n
        self.table = []
        self.table_seats = []
        self.turn = first
        self.out_order = []
        self.piles = [[] for _ in range(n)]
        self.declared = None
        self.played = False
        self.tables_done = 0
        self.playing = True
        return []

    def hold(self, seat: int, cards: Sequence[int]) -> None:
        held = self.counts[seat]
        for c in cards:
            held[c] += 1

    def release(self, seat: int, cards: Sequence[int]) -> None:
        held = self.counts[seat]
        for c in cards:
            held[c] -= 1

    def cards_in_game(self) -> Mapping[int, int]:
        return self.pool_counts

    # -- actions --------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return self.turn if self.playing else None

    def _can_declare(self) -> bool:
        return self.swan_declaration and self.team_game

    def verify(self, action: Action) -> None:
        if not self.playing:
            if self.over:
                raise Illegal(
                    "after-end", f"the match is over after deal {self.deal_index + 1}: no action may follow"
                )
            raise Illegal(
                "after-end", f"deal {self.deal_index + 1} is over: the next action needs a new deal"
            )
        kind = type(action)
        if kind is Cards:
            self._check_play(action.seat, action.cards)  # type: ignore[attr-defined]
        elif kind is Declare:
            self._check_declare(action)  # type: ignore[arg-type]
        else:
            raise Illegal(
                "wrong-action",
                f"a {type(action).__name__} action is not one of black-swan-2012's "
                "(a play lists its cards: play with cards; declare)",
            )

    def _check_declare(self, action: Declare) -> None:
        seat = action.seat
        if not self._can_declare():
            why = "option swan_declaration is off" if self.team_game else "it is not a team game"
            raise Illegal("declare", f"no declaration is allowed: {why}")
        if self.played:
            raise Illegal("declare", "the Black Swan may be declared only before the deal's first play")
        if type(seat) is not int or not 0 <= seat < self.n:
            raise Illegal("declare", f"seat {seat} is not at the table")
        if not self.counts[seat][SWAN]:
            raise Illegal("declare", f"{seat_name(self.players, seat)} was not dealt the Black Swan")
        if self.declared is not None:
            raise Illegal("declare", "the Black Swan is already declared")

    def _check_play(self, seat: Any, cards: Any) -> None:
        """A play's seat and cards (read once from the action: apply uses them too)."""
        if seat != self.turn:
            raise Illegal("out-of-turn", f"out of turn: {seat_name(self.players, self.turn)} is to play")
        room = TABLE - len(self.table)
        if not cards:
            raise Illegal("play-empty", "a turn must play at least one card")
        if len(cards) > room:
            raise Illegal(
                "too-many",
                f"{len(cards)} cards on a table of {len(self.table)}: at most {room} may be played",
            )
        held = self.counts[seat]
        if len(cards) == 1:
            c = cards[0]
            if type(c) is not int or not 0 <= c < _DECK_SIZE or not held[c]:
                raise Illegal("not-held", f"not in the hand (holds {self._hand_text(seat)})")
            return
        # count the cards off the hand, then put them back
        missing = None
        taken = 0
        for c in cards:
            if type(c) is not int or not 0 <= c < _DECK_SIZE or not held[c]:
                missing = c
                break
            held[c] -= 1
            taken += 1
        for c in cards[:taken]:
            held[c] += 1
        if missing is not None:
            k = cards.count(missing)
            have = held[missing] if type(missing) is int and 0 <= missing < _DECK_SIZE else 0
            code = DECK.code(missing)
            what = (
                f"{code} is not in the hand"
                if not have
                else f"{code} played {k} times but held {'once' if have == 1 else f'{have} times'}"
            )
            raise Illegal("not-held", f"{what} (holds {self._hand_text(seat)})")
        left = self.held[seat]
        if len(cards) > left:  # (with the hands hidden: each card is held as it is played)
            raise Illegal(
                "not-held",
                f"{plural(len(cards), 'card')} played, but {seat_name(self.players, seat)} holds "
                f"{plural(left, 'card')}",
            )
        if combination(cards, self.min_run, self.joker_triple) is None:
            raise Illegal("combination", self._why_not(cards))

    def _why_not(self, cards: Sequence[int]) -> str:
        if SWAN in cards:
            return "is no combination: the Black Swan is only ever played alone"
        if all(c == JOKER for c in cards):
            return "is no combination: jokers alone make only a single or a pair" + (
                " or a triple" if self.joker_triple else ""
            )
        naturals = [c for c in cards if c != JOKER]
        if len({c // 13 for c in naturals}) > 1:
            return "is no combination: neither one rank nor one suit"
        if len(cards) < self.min_run:
            return f"is no combination: a sequence needs at least {self.min_run} cards"
        if any(c % 13 == 12 for c in naturals):
            return "is no combination: the ranks are not consecutive (an ace is low or high, never both)"
        return "is no combination: the ranks are not consecutive"

    def _hand_text(self, seat: int) -> str:
        return DECK.codes_of(_sorted_hand(self.counts[seat]))

    def apply(self, action: Action) -> Sequence[Event]:
        if type(action) is Cards and self.playing:
            who = action.seat
            plays = action.cards
            self._check_play(who, plays)
        else:
            self.verify(action)
            if type(action) is Declare:
                self.declared = action.seat
                return (Declared(action.seat),)
            who = action.seat
            plays = action.cards  # type: ignore[attr-defined]
        seat: int = who  # (typed once checked)
        cards: list[int] = plays
        self.played = True
        held = self.counts[seat]
        for c in cards:
            held[c] -= 1
        sizes = self.held
        left = sizes[seat] - len(cards)
        sizes[seat] = left
        table = self.table
        table.extend(cards)
        self.table_seats.extend([seat] * len(cards))
        went_out = None
        if not left:
            self.out_order.append(seat)
            went_out = WentOut(seat, len(self.out_order))
        if len(table) < TABLE:
            nxt = seat + 1 if seat + 1 < self.n else 0
            self.turn = nxt if sizes[nxt] else self._next_holder(seat)
            return _NO_EVENTS if went_out is None else (went_out,)
        return self._table_full(seat, [] if went_out is None else [went_out])

    def apply_run(self, actions: Sequence[Action]) -> tuple[int, Illegal | StockMissing] | None:
        """The walk without steps (events dropped): a play that is plainly legal (by the
        seat to play, of cards held, one combination) is played here as :meth:`apply` plays
        it, its cards taken off the hand once while they are checked; every other action,
        and every one that is not legal, goes to :meth:`apply` (which says why)."""
        counts = self.counts  # (this deal's: apply_run runs within one deal)
        sizes = self.held
        n = self.n
        min_run = self.min_run
        joker_triple = self.joker_triple
        i = 0
        try:
            for action in actions:
                if type(action) is Cards and self.playing:
                    seat = action.seat
                    cards = action.cards
                    k = len(cards)
                    table = self.table
                    on = len(table)
                    played = False
                    if seat == self.turn:
                        held = counts[seat]
                        if k == 1:  # (the table holds fewer than TABLE cards between plays)
                            c = cards[0]
                            if type(c) is int and 0 <= c < _DECK_SIZE and held[c]:
                                held[c] -= 1
                                table.append(c)
                                self.table_seats.append(seat)
                                played = True
                        elif 1 < k <= TABLE - on:
                            taken = 0
                            for c in cards:
                                if type(c) is not int or not 0 <= c < _DECK_SIZE or not held[c]:
                                    break
                                held[c] -= 1
                                taken += 1
                            if taken == k and combination(cards, min_run, joker_triple) is not None:
                                table.extend(cards)
                                self.table_seats.extend([seat] * k)
                                played = True
                            else:
                                for c in cards[:taken]:
                                    held[c] += 1
                        if played:  # the rest of apply, without events
                            self.played = True
                            left = sizes[seat] - k
                            sizes[seat] = left
                            if not left:
                                self.out_order.append(seat)
                            if on + k < TABLE:
                                nxt = seat + 1 if seat + 1 < n else 0
                                self.turn = nxt if sizes[nxt] else self._next_holder(seat)
                            else:
                                self._table_full(seat, [])
                            i += 1
                            continue
                self.apply(action)
                i += 1
        except (Illegal, StockMissing) as e:
            return i, e
        return None

    def _table_full(self, seat: int, events: list[Event]) -> list[Event]:
        """``seat``'s play filled the table: the capture (and the deal's end with the last
        one), its events after ``events``."""
        table = self.table
        captured = tuple(table)
        self.table = []
        self.table_seats = []
        self.tables_done += 1
        if any(self.held):
            self.piles[seat].extend(captured)
            if self.emit:
                events.append(Captured(seat, captured))
            self.turn = seat if self.held[seat] else self._next_holder(seat)
            return events
        # the deal's last table: to the first player out, less the Black Swan
        self.last_player = seat
        winner = self.out_order[0]
        kept = tuple(c for c in captured if c == SWAN)
        given = tuple(c for c in captured if c != SWAN)
        self.piles[winner].extend(given)
        self.piles[seat].extend(kept)
        events.append(Captured(winner, given, True, seat, kept))
        events.extend(self._score_deal())
        return events

    def _next_holder(self, seat: int) -> int:
        """The next seat clockwise after ``seat`` holding cards (``seat`` itself when it
        alone still holds cards)."""
        n = self.n
        for k in range(1, n + 1):
            s = (seat + k) % n
            if self.held[s]:
                return s
        return seat

    def _score_deal(self) -> list[Event]:
        k = len(self.sides)
        scores = [0] * k
        for s, pile in enumerate(self.piles):
            points = 0
            for c in pile:
                points += _POINTS[c]
            scores[self.side_of[s]] += points
        if self.declared is not None:
            scores[self.side_of[self.declared]] *= 2
        result = tuple(scores)
        self.deal_scores.append(result)
        self.totals = [t + s for t, s in zip(self.totals, result, strict=True)]
        self.playing = False
        events: list[Event] = [DealScored(self.deal_index, result, tuple(self.totals))]
        best = max(self.totals)
        if best >= self.target and self.totals.count(best) == 1:
            self.over = True
            events.append(MatchEnded(self.winners()))
        return events

    # -- legal actions --------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        declarations, plays = self.choices()
        seat = self.turn
        return [*declarations, *(Cards(seat, list(p)) for p in plays)]

    def choices(self) -> tuple[list[Action], list[tuple[int, ...]]]:
        """The legal actions in their order, the plays as card tuples (the bots make the
        action of the one they choose): the declarations of the Swan, then the plays."""
        if not self.playing:
            return [], []
        room = TABLE - len(self.table)
        return self.declarations(), playable(self.counts[self.turn], room, self.min_run, self.joker_triple)

    def declarations(self) -> list[Action]:
        """The declarations of the Swan that may be made now (the first legal actions)."""
        if self._can_declare() and not self.played and self.declared is None:
            return [Declare(s) for s in range(self.n) if self.counts[s][SWAN]]
        return []


def _sorted_hand(counts: Sequence[int]) -> list[int]:
    """The cards of a hand given as counts, in display order: the suits in order, each
    from its lowest rank, then the jokers and the Swan. That is the order of the card
    numbers themselves (suit * 13 + rank, the specials after 52), so no sort is needed."""
    hand: list[int] = []
    for card, count in enumerate(counts):
        if count:
            hand.extend([card] * count)
    return hand


class BlackSwan2012(Game[BlackSwan2012Rules]):
    rule_ids: ClassVar[dict[str, str]] = {
        "play-empty": "black-swan-2012: a turn that plays no card",
        "too-many": "black-swan-2012: more cards than the table of seven has room for",
        "combination": "black-swan-2012: cards that are no single, group or sequence",
        "declare": "black-swan-2012: a declaration of the Black Swan that is not allowed",
    }
    id = "black-swan-2012"
    examples = ("play 7H 8H 9H", "play QS", "declare")
    title = "Black Swan (2012), the shedding game"
    deck = DECK
    min_players = 2
    max_players = 4
    Rules = BlackSwan2012Rules
    actions = (Cards, Declare)
    seat_field = "first"
    deal_word = "deal"
    record_word = "match"
    state_class = BlackSwan2012State

    def filled_rules(self, raw: Any, players: int) -> dict[str, Any]:
        rules = self.parse_rules(raw, players)
        team_game = players == 4 and (rules.teams is None or rules.teams)
        return {
            "teams": team_game if rules.teams is None else rules.teams,
            "min_run": rules.min_run,
            "joker_triple": rules.joker_triple,
            "swan_in_short_game": rules.swan_in_short_game,
            "swan_declaration": rules.swan_declaration,
            "target": rules.target or (500 if team_game else 300),
        }

    def shows(self, action: Action) -> list[int]:
        """A declaration shows the Black Swan; a play, its cards."""
        return [SWAN] if type(action) is Declare else super().shows(action)

    def deal(self, state: GameState, rng: random.Random) -> Deal[Any]:
        assert isinstance(state, BlackSwan2012State)
        first = state.expected_dealer()
        if first is None:
            first = rng.randrange(state.n)
        cards = list(state.pool)
        rng.shuffle(cards)
        hands = [sorted(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(state.n)]
        return Deal(first, hands, [], [])


BlackSwan2012State.game = BlackSwan2012()
