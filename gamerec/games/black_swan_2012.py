"""Black Swan (2012): the shedding game (rules-sources/black-swan-2012.txt, RULINGS.md section 2).

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

Why one module of over 500 lines: one module per game (the house's rule), so that the
rules of black-swan-2012 (combinations with jokers, captures, teams, declarations, targets)
stand together, stated in this docstring and checked in this code, with the enumeration of
every legal play of a hand (``playable``), which the bots and ``legal_actions`` use.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations, compress
from typing import Any, ClassVar, Final

from ..cards import FRENCH_JOKERS_SWAN, JOKER, SWAN
from ..engine import (
    DealScored,
    Event,
    Game,
    GameState,
    MatchEnded,
    check_cards,
    plural,
    seat_name,
)
from ..errors import Illegal
from ..events import Captured, Declared, WentOut
from ..format.record import Action, Cards, Deal, Declare
from ..options import BlackSwan2012Rules

__all__ = ["BlackSwan2012", "BlackSwan2012Rules", "BlackSwan2012State", "card_points", "combination"]

DECK: Final = FRENCH_JOKERS_SWAN
HAND_SIZE: Final = 14
TABLE: Final = 7
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


def combination(cards: Sequence[int], min_run: int = 2, joker_triple: bool = False) -> str | None:
    """The kind of combination ``cards`` form (``single``, ``group`` or ``sequence``), or
    None when they form none. Jokers stand in for any card; a play that is both a group
    and a sequence (a natural card and a joker) is called a group.

    >>> from gamerec.cards import FRENCH_JOKERS_SWAN as D
    >>> [combination([D.parse(c) for c in play.split()]) for play in ("AS 2S 3S", "QS KS AS", "KS AS 2S")]
    ['sequence', 'sequence', None]
    """
    n = len(cards)
    if n == 1:
        return "single"
    if n == 0 or n > TABLE:
        return None
    # one pass over the cards, on small ints: the jokers, and whether the natural cards
    # share one rank or one suit; then the ranks' spans, ace high and ace low
    first = -1
    same_rank = same_suit = True
    for c in cards:
        if c == SWAN:
            return None  # the Black Swan is only ever played alone
        if c == JOKER:
            continue
        if first < 0:
            first = c
        else:
            if c % 13 != first % 13:
                same_rank = False
            if c // 13 != first // 13:
                same_suit = False
    if first < 0:  # jokers alone
        return "group" if n == 2 or (n == 3 and joker_triple) else None
    if same_rank:
        return "group"
    if n < min_run or not same_suit:
        return None
    # ace high: positions 0 (two) .. 12 (ace); ace low: 0 (ace), 1 (two) .. 12 (king)
    seen = 0
    high_lo, high_hi, low_lo, low_hi = 13, -1, 13, -1
    for c in cards:
        if c == JOKER:
            continue
        r = c % 13
        if seen >> r & 1:
            return None  # a rank twice
        seen |= 1 << r
        high_lo, high_hi = min(high_lo, r), max(high_hi, r)
        low = 0 if r == 12 else r + 1
        low_lo, low_hi = min(low_lo, low), max(low_hi, low)
    if high_hi - high_lo < n or low_hi - low_lo < n:
        return "sequence"
    return None


_NO_EVENTS: Final[tuple[Event, ...]] = ()


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
            who = action.seat  # type: ignore[attr-defined]
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
        events: list[Event] = [] if went_out is None else [went_out]
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
            scores[self.side_of[s]] += sum(_POINTS[c] for c in pile)
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
        declarations: list[Action] = []
        if self._can_declare() and not self.played and self.declared is None:
            declarations = [Declare(s) for s in range(self.n) if self.counts[s][SWAN]]
        room = TABLE - len(self.table)
        return declarations, playable(self.counts[self.turn], room, self.min_run, self.joker_triple)


def _sorted_hand(counts: Sequence[int]) -> list[int]:
    """The cards of a hand given as counts, in display order: the suits in order, each
    from its lowest rank, then the jokers and the Swan. That is the order of the card
    numbers themselves (suit * 13 + rank, the specials after 52), so no sort is needed."""
    hand: list[int] = []
    for card, count in enumerate(counts):
        if count:
            hand.extend([card] * count)
    return hand


def playable(
    counts: Sequence[int], room: int, min_run: int = 2, joker_triple: bool = False
) -> list[tuple[int, ...]]:
    """Every distinct play (sorted card tuple) a hand given as card counts can make with
    ``room`` places left on the table."""
    jokers = counts[JOKER]
    held = list(compress(range(52), counts))
    found: set[tuple[int, ...]] = set(map(_ALONE.__getitem__, held))
    if counts[SWAN]:
        found.add(_ALONE[SWAN])
    if jokers:
        found.update(_JOKERS[1 : min(jokers, 3 if joker_triple else 2, room) + 1])
    # groups: natural cards of one rank, jokers standing in (in card order as they come:
    # the cards of a rank ascending, the jokers numbered after them)
    # (a table of them by the rank's cards, the jokers and the room, as for the sequences)
    naturals = bytes(counts[:52])
    ranks = [c % 13 for c in held]
    distinct = set(ranks)
    if jokers or len(distinct) < len(ranks):
        for rank in distinct:
            of_rank = (naturals[rank::13], rank, jokers, room)  # the rank's card in each suit
            groups = _GROUPS.get(of_rank)
            if groups is None:
                groups = _groups(of_rank[0], rank, jokers, room)
                if len(_GROUPS) >= _RUNS_KEPT:
                    _GROUPS.clear()
                _GROUPS[of_rank] = groups
            found.update(groups)
    # sequences: from each suit's cards, the jokers and the room (a table of them, since a
    # hand's suits change one play at a time)
    longest = min(room, TABLE)
    shortest = max(min_run, 2)
    for first in (0, 13, 26, 39):
        suit = naturals[first : first + 13]
        if suit == _NO_CARDS:
            continue
        key = (suit, first, jokers, longest, shortest)
        runs = _RUNS.get(key)
        if runs is None:
            runs = _runs(counts, first, jokers, longest, shortest)
            if len(_RUNS) >= _RUNS_KEPT:
                _RUNS.clear()
            _RUNS[key] = runs
        found.update(runs)
    plays = sorted(found)
    plays.sort(key=len)  # stable: by length, then card by card
    return plays


#: Each card alone as a play, and 0 to 3 jokers.
_ALONE: Final = tuple((c,) for c in range(SWAN + 1))
_JOKERS: Final = tuple((JOKER,) * k for k in range(4))
#: A suit of which no card is held (13 zero counts).
_NO_CARDS: Final = bytes(13)

#: The sequences of one suit's cards (:func:`_runs`) by the suit's cards, the jokers and
#: the room: most plays of a game find theirs here. Emptied when it reaches its size.
_RUNS: dict[tuple[bytes, int, int, int, int], tuple[tuple[int, ...], ...]] = {}
_RUNS_KEPT: Final = 100_000


#: The groups of one rank's cards (:func:`_groups`) by those cards, the jokers and the room.
_GROUPS: dict[tuple[bytes, int, int, int], tuple[tuple[int, ...], ...]] = {}


def _groups(held: bytes, rank: int, jokers: int, room: int) -> tuple[tuple[int, ...], ...]:
    """The groups (sorted card tuples, jokers last) of the cards of ``rank`` held in each
    suit (``held``, by suit), with ``jokers`` to stand in and ``room`` places on the table:
    one card or more of the rank and jokers, two cards at least."""
    cards = [rank + 13 * suit for suit in range(4) if held[suit]]
    if not jokers and len(cards) < 2:
        return ()
    found: set[tuple[int, ...]] = set()
    for size in range(1, len(cards) + 1):
        most = min(jokers, room - size)
        for subset in combinations(cards, size):
            for j in range(2 - size if size < 2 else 0, most + 1):
                found.add(subset + _JOKERS[j])
    return tuple(found)


def _runs(
    counts: Sequence[int], first: int, jokers: int, longest: int, shortest: int
) -> tuple[tuple[int, ...], ...]:
    """The sequences (sorted card tuples, jokers last) of the suit whose cards are numbered
    from ``first``, with ``jokers`` to stand in, ``shortest`` to ``longest`` cards long.
    Some cards of the suit, whose positions (the ace high, or low when it is held) span no
    more places than the cards and the jokers with them fill: every such choice of a lowest
    card, a highest card within reach and any cards between them."""
    found: set[tuple[int, ...]] = set()
    suit_cards = [c for c in range(first, first + 13) if counts[c]]
    if suit_cards:
        for ace_low in (False, True) if counts[first + 12] else (False,):
            if ace_low:  # the ace first, at position 0; the others one place up
                placed = sorted((0 if c == first + 12 else c - first + 1, c) for c in suit_cards)
            else:
                placed = [(c - first, c) for c in suit_cards]
            m = len(placed)
            if not jokers:  # runs of cards at consecutive places, and every window of them
                if m < shortest:
                    continue
                run = [placed[0][1]]
                last = placed[0][0]
                for place, c in [*placed[1:], (99, -1)]:
                    if place == last + 1:
                        run.append(c)
                    else:
                        for length in range(shortest, min(len(run), longest) + 1):
                            for start in range(len(run) - length + 1):
                                found.add(_in_card_order(run[start : start + length], ace_low))
                        run = [c]
                    last = place
                continue
            for i in range(m):
                low, c_low = placed[i]
                for k in range(i, m):
                    high, c_high = placed[k]
                    span = high - low + 1
                    if span > longest:
                        break
                    between = [c for _, c in placed[i + 1 : k]]
                    top = () if k == i else (c_high,)
                    # the places the jokers must fill: fewer cards between than this need more
                    fewest = span - 1 - len(top) - jokers
                    for inner in range(max(0, fewest), len(between) + 1):
                        for middle in combinations(between, inner):
                            naturals = _in_card_order([c_low, *middle, *top], ace_low)
                            size = len(naturals)
                            fewest_jokers = max(0, span - size, shortest - size)
                            for j in range(fewest_jokers, min(jokers, longest - size) + 1):
                                found.add(naturals + (JOKER,) * j)
    return tuple(found)


def _in_card_order(cards: list[int], ace_low: bool) -> tuple[int, ...]:
    """Cards of one suit given in the order of their places as a tuple in card order: the
    same order, but a low ace (at place 0) goes last, as the suit's highest card number.
    Jokers, numbered after every natural card, follow them as they are."""
    if ace_low and cards[0] % 13 == 12:
        return (*cards[1:], cards[0])
    return tuple(cards)


def random_bot(state: GameState, rng: random.Random) -> Action:
    """Any legal action, uniformly (as ``rng.choice(state.legal_actions())`` chooses, making
    only the chosen action)."""
    assert isinstance(state, BlackSwan2012State)
    declarations, plays = state.choices()
    i = rng.choice(range(len(declarations) + len(plays)))
    if i < len(declarations):
        return declarations[i]
    return Cards(state.turn, list(plays[i - len(declarations)]))


def smart_bot(state: GameState, rng: random.Random) -> Action:
    """Sheds long combinations; captures tables worth points to its side, avoids capturing
    negative ones and leaving an easy capture worth points to the next player when that
    player is an opponent."""
    assert isinstance(state, BlackSwan2012State)
    seat = state.turn
    plays = state.choices()[1]
    on_table = sum(_POINTS[c] for c in state.table)
    nxt = state._next_holder(seat)
    opponent_next = state.side_of[nxt] != state.side_of[seat]

    def value(cards: tuple[int, ...]) -> float:
        size = len(cards)
        pts = on_table + sum(_POINTS[c] for c in cards)
        total = len(state.table) + size
        v = size * 3.0
        if total == TABLE:
            v += pts
        elif opponent_next:
            v -= max(pts, 0) * 0.5
        else:
            v += min(pts, 0) * 0.2
        if SWAN in cards and total < TABLE and opponent_next:
            v += 60
        return v + rng.random() * 0.01

    best = max(plays, key=value)
    return Cards(seat, list(best))


class BlackSwan2012(Game[BlackSwan2012Rules]):
    id = "black-swan-2012"
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
    bots: ClassVar[dict[str, Any]] = {"random": random_bot, "smart": smart_bot}

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
