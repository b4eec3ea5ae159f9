"""Rules apart from their presentation (issue 13, item 3): the rules interface (`Game`,
`GameState`) keeps what a rules engine needs; views, descriptions and score sheets are each
game's presenter's (gamerec/games/<game>/presenter.py, found by `presenter(game_id)`), and nothing
below the replay for people imports one, so verification never pays for them."""

from __future__ import annotations

import pytest
from helpers import import_graph

from gamerec.bots import simulate
from gamerec.engine import Game, GameState
from gamerec.errors import FormatError
from gamerec.games import GAMES
from gamerec.games.presenters import presenter
from gamerec.games.presenting import Presenter

PRESENTATION = ("view", "seat", "describe", "describe_action", "action_detail", "history_text")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_rules_classes_have_no_presentation_members(game_id: str) -> None:
    game = GAMES[game_id]
    for cls in (Game, GameState, type(game), game.state_class):
        assert [m for m in PRESENTATION if hasattr(cls, m)] == [], cls


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_has_a_presenter_that_shows_its_replay(game_id: str) -> None:
    shown = presenter(game_id)
    assert isinstance(shown, Presenter) and shown.game is GAMES[game_id]
    record = next(simulate(game_id, players=GAMES[game_id].min_players, games=1, seed=3))
    state = GAMES[game_id].new_state(record.rules, record.players)
    assert shown.view(state).seats[0].name == record.players[0]
    assert shown.seat(state, 0) == f"seat 0 ({record.players[0]})"


def test_the_registry_holds_every_game_and_refuses_an_unknown_one() -> None:
    assert all(presenter(g).game is GAMES[g] for g in GAMES)
    with pytest.raises(FormatError) as e:
        presenter("chess")
    assert e.value.code == "format.game"


def below(graph: dict[str, set[str]], module: str) -> set[str]:
    """Every module ``module`` imports, directly or not."""
    seen: set[str] = set()
    todo = [module]
    while todo:
        for m in graph[todo.pop()]:
            if m not in seen:
                seen.add(m)
                todo.append(m)
    return seen


def test_nothing_of_the_rules_or_of_verification_imports_a_presenter() -> None:
    graph = import_graph()
    presenters = {
        m
        for m in graph
        if m.startswith("gamerec.games.") and m.endswith((".presenter", ".presenters", ".presenting"))
    }
    assert len(presenters) == 6
    # a game's spec names its presenter, which it imports when first asked for it (the
    # registry's and the specs' edges to presenters are those lazy ones: validate loads none,
    # tests/cli/test_startup.py)
    specs = ["gamerec.games", "gamerec.games.spec", *(f"gamerec.games.{g.replace('-', '_')}" for g in GAMES)]
    for spec in specs:
        graph[spec] -= presenters
    rules = ["gamerec.engine", "gamerec.stepper", "gamerec.checking.verdicts", *specs]
    rules += [f"gamerec.games.{g.replace('-', '_')}.rules" for g in GAMES]
    for module in rules:
        assert below(graph, module).isdisjoint(presenters), module
    assert "gamerec.games.presenters" in graph["gamerec.present"]
