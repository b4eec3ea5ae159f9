"""The recording's banner and help give each game's own actions and the players' own names
(they gave blackball's ``bid`` and ``play QS`` and a made-up ``Bo`` for every game), and the
end of piped input before the game's end exits 1 (no record written) where ``quit`` exits 0
(the last session's known leftovers)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import cli

from gamerec.cli.record import record_help
from gamerec.format.notation import parse_action
from gamerec.games import GAMES, get_game

PLAYERS = {
    "blackball": "Ann,Cy",
    "forest": "Ann,Cy",
    "black-swan-2012": "Ann,Cy",
    "black-swan-taroc": "Ann,Cy,Di,Ed",
}


def test_every_game_has_examples_that_its_notation_reads() -> None:
    for game_id, game in GAMES.items():  # (each game's own: Game.examples)
        assert game.examples and game.examples != ("play CARD",), game_id
        for action in game.examples:
            parse_action(get_game(game_id), f"0 {action}")  # FormatError if not its syntax


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_the_banner_shows_the_games_own_actions_and_names(
    game_id: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    r = cli(
        "record", "-o", "g.grec", "-g", game_id, "-p", PLAYERS[game_id], "--hands", "seed", input="quit\n"
    )
    assert r.exit_code == 0, r.output
    banner = r.stdout.splitlines()[0]
    actions, stock = GAMES[game_id].examples, GAMES[game_id].stock_in_play
    assert f"(1 {actions[0]}, Cy {actions[0]}," in banner, banner
    assert "Bo " not in banner
    assert ("bid" in banner) == (game_id == "blackball")
    assert ("stock CARD" in banner) == stock
    assert banner.endswith(record_help(game_id, PLAYERS[game_id].split(",")))


def test_help_at_the_prompt_is_the_games_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    r = cli("record", "-o", "g.grec", "-g", "forest", "-p", "Ann,Cy", "--hands", "seed", input="help\nquit\n")
    assert r.exit_code == 0, r.output
    assert r.stdout.count("(1 play R3, Cy play R3, play G1 ; a note)") == 2  # banner and help
    assert "legal: " in r.stdout


def test_a_name_with_a_space_is_not_given_as_an_example() -> None:
    assert "Cy Lee play" not in record_help("forest", ["Ann", "Cy Lee"])
    assert record_help("forest", ["Ann", "Cy Lee"]).count("play R3") == 1


def test_the_end_of_piped_input_before_the_games_end_exits_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    r = cli("record", "-o", "g.grec", "-g", "forest", "-p", "Ann,Cy", "--hands", "seed", input="")
    assert r.exit_code == 1, r.output
    assert "the input ended before the game did, no record written" in r.stdout
    assert "--resume g.grec.journal" in r.stdout
    assert not (tmp_path / "g.grec").exists() and (tmp_path / "g.grec.journal").exists()
    again = cli("record", "-o", "g.grec", "--resume", "g.grec.journal", input="quit\n")
    assert again.exit_code == 0, again.output  # quit is a stop the user chose
    assert "nothing is lost" in again.stdout
