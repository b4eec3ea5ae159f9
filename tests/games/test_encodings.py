"""Each game's encoding for learning agents (:mod:`gamerec.games.encoding`; plain Python,
tested without the ``env`` extra): every action a seat is offered has a number, the number
gives the action back, the legal numbers are those of the offered actions, and an
observation stays inside its blocks' bounds."""

from __future__ import annotations

import random
from itertools import pairwise
from typing import Any

import pytest
from conftest import ROOT

from gamerec.games import GAMES, get_spec
from gamerec.games.black_swan_2012.encoding import PLAYS
from gamerec.games.black_swan_2012.plays import playable
from gamerec.games.black_swan_2012.rules import DECK
from gamerec.games.encoding import Encoding
from gamerec.record import Cards

#: a table of each game, with rules that keep its games short
TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("blackball", 3, {}),
    ("blackball", 7, {"schedule": "7-1-7", "hook": True, "must_trump": True}),
    ("forest", 2, {"max_number": 7}),
    ("forest", 5, {}),
    ("black-swan-taroc", 2, {"trumps": "all"}),
    ("black-swan-taroc", 6, {}),
    ("black-swan-2012", 2, {"target": 1, "min_run": 3, "joker_triple": True}),
    ("black-swan-2012", 4, {"target": 1, "swan_declaration": True}),
]


def test_every_game_with_seats_has_an_encoding() -> None:
    assert {g for g in GAMES if get_spec(g).seats() is not None} == {
        g for g in GAMES if get_spec(g).encoding() is not None
    }


def _encoding(game_id: str, players: int, rules: dict[str, Any]) -> Encoding:
    spec = get_spec(game_id)
    cls = spec.encoding()
    assert cls is not None
    return cls(spec.game.parse_rules(spec.game.filled_rules(rules, players), players), players)


@pytest.mark.parametrize(("game_id", "players", "rules"), TABLES)
def test_numbers_and_observations_in_random_games(game_id: str, players: int, rules: dict[str, Any]) -> None:
    spec = get_spec(game_id)
    seats = spec.seats()
    assert seats is not None
    enc = _encoding(game_id, players, rules)
    for i in range(enc.actions):  # each number gives an action that gives the number back
        assert enc.index(enc.action(i % players, i)) == i
    with pytest.raises(ValueError, match="no action's number"):
        enc.action(0, enc.actions)
    blocks = enc.blocks
    assert blocks[0].offset == 0
    assert all(a.offset + a.size == b.offset for a, b in pairwise(blocks))
    assert len({b.name for b in blocks}) == len(blocks)
    rng = random.Random(7)
    game = spec.game
    steps = 0
    for _ in range(3):
        state = game.new_state(game.filled_rules(rules, players), [f"p{s}" for s in range(players)])
        while not state.finished and state.deal_index < 2:
            deal = game.deal(state, rng)
            state.begin_deal(deal)
            while not state.deal_over:
                seat = state.to_move
                assert seat is not None
                offered = seats.offered(state)
                legal = list(enc.legal(state, offered))
                assert legal == [enc.index(a) for a in offered]
                assert len(set(legal)) == len(legal)
                for s in range(players):
                    out = [0.0] * enc.size
                    enc.observe(seats.seen(state, s, deal.actions), out)
                    for b in blocks:
                        part = out[b.offset : b.offset + b.size]
                        assert b.low <= min(part) and max(part) <= b.high, (b.name, part)
                    seat_block = enc.block("seat")
                    assert out[seat_block.offset + s] == 1
                action = enc.action(seat, rng.choice(legal))
                state.apply(action)
                deal.actions.append(action)
                steps += 1
    assert steps > 20


def test_the_plays_are_every_play_of_any_hand_under_any_rules() -> None:
    """black-swan-2012's plays are numbered once: the plays of a hand holding the whole
    pool, with the whole table's room, under the rules that allow the most (a shortest
    sequence of two, three jokers alone); no other rules allow a play they do not."""
    pool = [DECK.cards.count(c) for c in range(len(DECK.codes))]
    every = set()
    for min_run in range(2, 8):
        for triple in (False, True):
            every |= set(playable(pool, 7, min_run, triple))
    assert set(PLAYS) == every
    assert len(PLAYS) == len(set(PLAYS)) == 4384
    enc = _encoding("black-swan-2012", 4, {})
    assert enc.actions == 4385
    with pytest.raises(ValueError, match="numbers no action"):
        enc.index(Cards(0, [0, 0]))  # (two 2C: no play)


def _shown(v: float) -> str:
    return "inf" if v == float("inf") else "-inf" if v == -float("inf") else f"{v:g}"


def test_docs_env_md_shows_each_layout() -> None:
    """docs/env.md's table of each game's blocks (4 players, the default rules) is the
    encoding's, row by row."""
    text = (ROOT / "docs" / "env.md").read_text(encoding="utf-8")
    for game_id in GAMES:
        if get_spec(game_id).encoding() is None:
            continue
        enc = _encoding(game_id, 4, {})
        section = text.split(f"### {game_id}\n", 1)[1].split("\n### ", 1)[0]
        assert f"{enc.actions} actions, an observation of {enc.size} numbers" in section
        rows = [line for line in section.splitlines() if line.startswith("| `")]
        assert rows == [
            f"| `{b.name}` | {b.offset} | {b.size} | {_shown(b.low)} .. {_shown(b.high)} | {b.meaning} |"
            for b in enc.blocks
        ]
