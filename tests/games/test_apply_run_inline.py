"""The walk without steps runs a deal's actions through ``GameState.apply_run``, where a game
may play its common actions inline instead of calling ``apply`` for each (every game does).
Inline or not, it is the same rules: after every action the state
must equal that of ``apply`` called action by action, and an action refused must be refused
at the same place, with the same rule and message, the state left as it was before it."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from gamerec.bots import simulate
from gamerec.errors import Illegal, StockMissing
from gamerec.fastwalk import apply_all
from gamerec.games import GAMES, get_game
from gamerec.record import Action, Bid, Cards, Play, Record

#: each game under its rules and players (blackball also with both options on, forest also
#: with no forest stock: the inline checks read them)
CASES: dict[str, tuple[str, int, dict[str, Any] | None]] = {
    "blackball": ("blackball", 3, None),
    "blackball-hook-must-trump": ("blackball", 3, {"hook": True, "must_trump": True}),
    "black-swan-2012": ("black-swan-2012", 4, {"target": 60}),
    "black-swan-taroc": ("black-swan-taroc", 3, None),
    "forest": ("forest", 4, None),
    "forest-no-stock": ("forest", 5, {"hand_size": 13}),  # 65 cards dealt: no forest card
}
#: the refusals the mutants must reach, at least (each a test of the inline checks)
REFUSED = {
    "blackball": {"bid-range", "follow-suit", "not-held", "out-of-turn"},
    "blackball-hook-must-trump": {
        "bid-range",
        "follow-suit",
        "hook",
        "must-trump",
        "not-held",
        "out-of-turn",
    },
    "black-swan-2012": {"combination", "not-held", "out-of-turn", "play-empty", "too-many"},
    "black-swan-taroc": {"follow-suit", "not-held", "out-of-turn"},
    "forest": {"follow-colour", "not-held", "out-of-turn"},
    "forest-no-stock": {"follow-colour", "not-held", "out-of-turn"},
}


def _stepwise(state: Any, actions: list[Action]) -> tuple[int, Illegal | StockMissing] | None:
    for i, action in enumerate(actions):
        try:
            state.apply(action)
        except (Illegal, StockMissing) as e:
            return i, e
    return None


def _mutant(action: Action, deck: int, n: int, rng: random.Random) -> Action:
    """``action`` with one field off: another seat, another card, a card list changed."""
    what = rng.randrange(4)
    if what == 0:
        return msgspec.structs.replace(action, seat=rng.choice([-1, *range(n + 1)]))  # type: ignore[type-var]
    if isinstance(action, Cards):
        cards = list(action.cards)
        if what == 1:
            cards[rng.randrange(len(cards))] = rng.choice([rng.randrange(deck), -1, deck])
        elif what == 2:
            cards.append(rng.choice([cards[0], rng.randrange(deck)]))
        else:
            cards = [] if rng.random() < 0.3 else [rng.randrange(deck) for _ in range(rng.randint(1, 4))]
        return Cards(action.seat, cards)
    for name in action.__struct_fields__:
        if name not in ("seat", "note"):
            value = getattr(action, name)
            new = rng.choice([value - 1, value + 1, rng.randrange(deck), -1, deck])
            return msgspec.structs.replace(action, **{name: new})  # type: ignore[type-var]
    return action


def _hand_mutant(action: Action, hand: list[int], rng: random.Random) -> Action:
    """A play of another card of the seat's dealt ``hand`` (held or played, of the led suit
    or not), a bid of another number in range or of a bool (not an int: refused)."""
    if isinstance(action, Play) and hand:
        return msgspec.structs.replace(action, card=rng.choice(hand))
    if isinstance(action, Bid):
        tricks = rng.choice([rng.randrange(len(hand) + 1), rng.choice([False, True])])
        return msgspec.structs.replace(action, tricks=tricks)
    return action


def _agree(record: Record) -> list[str]:
    """Walk ``record`` both ways, deal by deal; the rules that refused, if any."""
    game = get_game(record.game)
    inline = game.new_state(record.rules, record.players)
    step = game.new_state(record.rules, record.players)
    refused = []
    for deal in record.deals:
        inline.begin_deal(deal)
        step.begin_deal(deal)
        got = apply_all(inline, deal.actions)
        want = _stepwise(step, deal.actions)
        assert inline.snapshot() == step.snapshot()
        if want is None:
            assert got is None
            continue
        assert got is not None
        assert (got[0], type(got[1]), str(got[1])) == (want[0], type(want[1]), str(want[1]))
        assert getattr(got[1], "rule", None) == getattr(want[1], "rule", None)
        refused.append(str(getattr(want[1], "rule", "stock")))
        break
    return refused


def test_every_game_has_a_case() -> None:
    assert {game for game, _, _ in CASES.values()} == set(GAMES)


@pytest.mark.parametrize("case", sorted(CASES))
def test_apply_run_plays_legal_records_as_apply_does(case: str) -> None:
    game, players, rules = CASES[case]
    for record in simulate(game, players, 4, seed=21, rules=rules, bot="random"):
        assert _agree(record) == []


@pytest.mark.parametrize("case", sorted(CASES))
def test_apply_run_refuses_what_apply_refuses_and_leaves_the_state(case: str) -> None:
    game, players, rules_given = CASES[case]
    rng = random.Random(f"apply_run {case}")
    deck = len(get_game(game).deck.codes)
    records = list(simulate(game, players, 3, seed=22, rules=rules_given, bot="random"))
    rules: set[str] = set()
    for mutants, hand_mutants in ((40, 0), (0, 60)):
        for record in records:
            for k in range(mutants + hand_mutants):
                d = rng.randrange(len(record.deals))
                deal = record.deals[d]
                actions = list(deal.actions)
                if not actions:
                    continue
                i = rng.randrange(len(actions))
                if k < mutants:
                    actions[i] = _mutant(actions[i], deck, len(record.players), rng)
                else:
                    hand = list(deal.hands[actions[i].seat])
                    actions[i] = _hand_mutant(actions[i], hand, rng)
                deals = list(record.deals)
                deals[d] = msgspec.structs.replace(deal, actions=actions)
                rules.update(_agree(msgspec.structs.replace(record, deals=deals)))
    assert len(rules) >= 2, rules  # the mutants were refused for several reasons
    assert REFUSED[case] <= rules
