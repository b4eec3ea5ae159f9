"""A deal played with its hands hidden (gamerec.recording.hidden_hands): a scenario per check. The rules
check what does not depend on unseen cards, with their own rule ids; the cards seen prove a
card seen twice and a breach an earlier action made (EarlierBreach, naming it)."""

from __future__ import annotations

from typing import Any

import pytest

from gamerec.errors import GamerecError, Illegal, StockMissing
from gamerec.format.notation import format_action, parse_action
from gamerec.games import GAMES
from gamerec.recording.hidden_hands import EarlierBreach, HiddenDeal


def deal(
    game_id: str, players: int, rules: dict[str, Any] | None = None, dealer: int = 0, stock: str = ""
) -> HiddenDeal:
    game = GAMES[game_id]
    state = game.new_state(rules or {}, [f"P{i}" for i in range(players)])
    return HiddenDeal(state, dealer, [game.deck.parse(c) for c in stock.split()])


def enter(hidden: HiddenDeal, *lines: str) -> None:
    for line in lines:
        hidden.enter(parse_action(hidden.game, line))


def refused(hidden: HiddenDeal, line: str, rule: str, *words: str) -> Illegal:
    before = (len(hidden.actions), hidden.state.snapshot())
    with pytest.raises(Illegal) as info:
        hidden.enter(parse_action(hidden.game, line))
    assert info.value.rule == rule, info.value
    for w in words:
        assert w in info.value.reason, info.value.reason
    assert (len(hidden.actions), hidden.state.snapshot()) == before  # nothing changed
    return info.value


# -- what the rules check without the hands -------------------------------------------------------
def test_blackball_turns_phases_bids_and_the_hook() -> None:
    hidden = deal("blackball", 3, {"hook": True}, dealer=0, stock="JC")  # round 1: one card each
    refused(hidden, "0 bid 0", "out-of-turn", "seat 1 (P1) is to bid")
    refused(hidden, "1 bid 2", "bid-range", "outside 0..1")
    refused(hidden, "1 play 2H", "wrong-action")
    enter(hidden, "1 bid 1", "2 bid 0")
    refused(hidden, "0 bid 0", "hook", "1 + 0 = 1")  # the dealer last
    enter(hidden, "0 bid 1")
    refused(hidden, "2 play 2H", "out-of-turn", "seat 1 (P1) is to play")


def test_black_swan_2012_turns_combinations_and_the_table() -> None:
    hidden = deal("black-swan-2012", 2)
    refused(hidden, "1 play 2C", "out-of-turn")
    refused(hidden, "0 play 2C 3H", "combination")
    enter(hidden, "0 play 2C 3C 4C 5C 6C")
    refused(hidden, "1 play 2H 3H 4H", "too-many", "at most 2")
    enter(hidden, "1 play 7C 8C")  # the table is full: P1 captures and plays again
    assert hidden.state.to_move == 1


# -- a card seen twice ---------------------------------------------------------------------------
def test_a_card_played_or_turned_up_is_seen() -> None:
    hidden = deal("blackball", 2, dealer=1, stock="JC")
    enter(hidden, "0 bid 0", "1 bid 1", "0 play KC")
    refused(hidden, "1 play KC", "not-held", "KC is seen already in this round (action 3)")
    refused(hidden, "1 play JC", "not-held", "JC is seen already in this round (the up-card)")


def test_a_card_not_in_the_game() -> None:
    hidden = deal("forest", 2, {"max_number": 5, "hand_size": 2}, stock="R5")
    refused(hidden, "0 play R9", "not-held", "R9 is not in this game's deck")
    short = deal("black-swan-2012", 2, {"swan_in_short_game": False})
    refused(short, "0 play BS", "not-held", "BS is not in this game's deck")


def test_three_jokers_and_no_fourth() -> None:
    hidden = deal("black-swan-2012", 3)
    enter(hidden, "0 play JK JK", "1 play JK")
    refused(
        hidden,
        "2 play JK",
        "not-held",
        "JK is seen 3 times already in this deal",
        "(action 1 (twice), action 2)",
    )


def test_a_stock_card_seen_already_or_not_in_the_game() -> None:
    hidden = deal("forest", 2, {"max_number": 5, "hand_size": 2})
    assert isinstance(hidden.waiting, StockMissing) and hidden.waiting.index == 0
    with pytest.raises(StockMissing):
        hidden.enter(parse_action(hidden.game, "0 play R1"))
    assert [type(e).__name__ for e in hidden.reveal(hidden.game.deck.parse("R5"))] == ["ForestTurned"]
    enter(hidden, "0 play R1", "1 play R2")  # the trick's last card waits for the next forest card
    assert hidden.waiting is not None and hidden.waiting.index == 1 and hidden.stepped == 1
    for card, rule in (
        ("R1", "deal-duplicate"),
        ("R2", "deal-duplicate"),
        ("R5", "deal-duplicate"),
        ("R9", "deal-card"),
    ):
        with pytest.raises(Illegal) as info:
            hidden.reveal(hidden.game.deck.parse(card))
        assert info.value.rule == rule
    assert hidden.stepped == 1 and hidden.stock == [hidden.game.deck.parse("R5")]
    events = hidden.reveal(hidden.game.deck.parse("B5"))
    assert [type(e).__name__ for e in events] == ["TrickWon", "ForestTurned"] and hidden.stepped == 2


# -- a breach an earlier action made, proved by a card shown later ----------------------------------
def test_a_revoke_is_proved_when_the_suit_is_played() -> None:
    hidden = deal("blackball", 2, dealer=0, stock="7S")
    hidden = deal_round_2(hidden)
    enter(hidden, "0 bid 0", "1 bid 0", "0 play AH", "1 play 2C", "0 play 4D")
    err = refused(hidden, "1 play 3H", "follow-suit", "must follow hearts: holds 3H")
    assert isinstance(err, EarlierBreach) and err.action == 3  # 1 play 2C
    enter(hidden, "1 play 3D")  # it followed diamonds: nothing proved


def deal_round_2(round_1: HiddenDeal) -> HiddenDeal:
    """Round 2 (two cards each) of the game ``round_1`` began, its round 1 played out."""
    enter(round_1, "1 bid 0", "0 bid 0", "1 play KC", "0 play 7D")
    assert round_1.over
    return HiddenDeal(round_1.state, 1, [round_1.game.deck.parse("9S")])


def test_must_trump_is_proved_when_a_trump_is_played() -> None:
    hidden = deal("blackball", 2, {"must_trump": True}, dealer=0, stock="7S")
    hidden = deal_round_2(hidden)
    enter(hidden, "0 bid 0", "1 bid 0", "0 play AH", "1 play 2C", "0 play 4D")
    err = refused(hidden, "1 play 3S", "must-trump")
    assert isinstance(err, EarlierBreach) and err.action == 3


def test_forest_follow_colour_counts_black_under_a_forest_card_of_the_led_colour() -> None:
    hidden = deal("forest", 2, {"max_number": 5, "hand_size": 2}, stock="R5")
    enter(hidden, "0 play R1", "1 play G2")  # the forest card is red: 1 holds no red and no black
    assert hidden.waiting is not None  # the trick's last card turns the next forest card
    hidden.reveal(hidden.game.deck.parse("B5"))
    assert hidden.state.to_move == 1  # G2 took the trick
    err = refused(hidden, "1 play K3", "follow-colour", "must follow red: holds K3")
    assert isinstance(err, EarlierBreach) and err.action == 1
    enter(hidden, "1 play Y3", "0 play Y1")
    assert hidden.over


def test_a_declared_swan_played_by_another_seat_proves_the_declaration_wrong() -> None:
    rules = {"swan_declaration": True}
    hidden = deal("black-swan-2012", 4, rules)
    enter(hidden, "2 declare", "0 play 2C")
    err = refused(hidden, "1 play BS", "declare", "seat 2 (P2) was not dealt the Black Swan")
    assert isinstance(err, EarlierBreach) and err.action == 0
    # the declarer itself plays the Swan it showed
    hidden = deal("black-swan-2012", 4, rules)
    enter(hidden, "0 declare", "0 play BS")


# -- the deal's end, and what may be legal ---------------------------------------------------------
def test_the_hands_are_the_plays_at_the_deal_end() -> None:
    hidden = deal("blackball", 2, dealer=1, stock="JC")
    enter(hidden, "0 bid 0", "1 bid 1", "0 play KC")
    assert not hidden.over
    enter(hidden, "1 play 7D")
    assert hidden.over and hidden.hands() == [[hidden.game.deck.parse("KC")], [hidden.game.deck.parse("7D")]]


def test_choices_offer_the_unseen_cards_and_the_suit_to_follow_first() -> None:
    hidden = deal_round_2(deal("blackball", 2, dealer=0, stock="7S"))
    choices = hidden.choices()
    assert [format_action(hidden.game, a) for a in choices.actions] == ["0 bid 0", "0 bid 1", "0 bid 2"]
    assert not choices.guessed and not choices.due
    enter(hidden, "0 bid 0", "1 bid 0", "0 play AH", "1 play 2C", "0 play 4D")
    choices = hidden.choices()
    lines = [format_action(hidden.game, a) for a in choices.actions]
    assert choices.guessed
    assert "1 play 3H" not in lines  # it showed out of hearts
    assert "1 play 4D" not in lines and "1 play 9S" not in lines  # seen
    assert [format_action(hidden.game, a) for a in choices.due][:2] == ["1 play 2D", "1 play 3D"]
    assert all(a.card // 13 == 1 for a in choices.due)  # type: ignore[attr-defined]


def test_choices_of_black_swan_2012_hold_combinations_and_declarations() -> None:
    hidden = deal("black-swan-2012", 4, {"swan_declaration": True})
    lines = {format_action(hidden.game, a) for a in hidden.choices().actions}
    assert {"0 play 2C", "0 play 2C 3C 4C", "0 play JK JK", "1 declare", "0 declare"} <= lines


def test_a_game_whose_plays_do_not_show_every_card_has_no_hidden_hands() -> None:
    game = GAMES["black-swan-taroc"]
    assert not game.hands_from_plays
    state = game.new_state({}, ["A", "B"])
    with pytest.raises(GamerecError, match="not played with hidden hands"):
        state.hold(0, [1])


# -- found by a review and a new user's try ---------------------------------------------------------
def test_a_seat_plays_no_more_cards_than_it_holds() -> None:
    """A black-swan-2012 seat with one card left played two jokers: its count went below 0,
    it never went out, and the deal could never end."""
    hidden = deal("black-swan-2012", 2, {"target": 5000})
    codes = iter(c for c in hidden.game.deck.codes if c not in ("JK", "BS"))
    state: Any = hidden.state
    while not (state.held[state.turn] == 1 and len(state.table) <= 5):
        enter(hidden, f"{state.turn} play {next(codes)}")
        state = hidden.state
    refused(hidden, f"{state.turn} play JK JK", "not-held", "2 cards played", "holds 1 card")
    assert all("JK JK" not in format_action(hidden.game, a) for a in hidden.choices().actions)


def test_a_card_repeated_in_one_play() -> None:
    """``play AS AS`` raised IndexError (the message read where the card was seen before)."""
    hidden = deal("black-swan-2012", 2)
    refused(hidden, "0 play AS AS", "not-held", "AS is played 2 times at once, but the deck holds it once")
    refused(
        hidden,
        "0 play JK JK JK JK",
        "not-held",
        "JK is played 4 times at once, but the deck holds it 3 times",
    )
    refused(hidden, "0 play BS BS", "not-held")  # (not a combination either: the cards first, as the rules)


def test_declarations_out_of_turn_are_not_a_suit_to_follow() -> None:
    """With declarations open to every seat, every play of the seat to move was said to be
    due ("if the seat holds one, one of 0 declare, 0 play 2C ...")."""
    hidden = deal("black-swan-2012", 4, {"swan_declaration": True})
    choices = hidden.choices()
    assert choices.due == [] and choices.guessed


def test_a_must_trump_proof_does_not_claim_a_void_it_cannot_know() -> None:
    hidden = deal_round_2(deal("blackball", 2, {"must_trump": True}, dealer=0, stock="7S"))
    enter(hidden, "0 bid 0", "1 bid 0", "0 play AH", "1 play 2C", "0 play 4D")
    err = refused(hidden, "1 play 3S", "must-trump", "holding no hearts it would have to follow")
    assert "void" not in err.reason


def test_a_stock_card_in_a_game_that_turns_none_during_a_deal() -> None:
    hidden = deal("black-swan-2012", 2)
    with pytest.raises(Illegal) as info:
        hidden.reveal(hidden.game.deck.parse("2C"))
    assert info.value.rule == "deal-stock" and hidden.stock == []
