"""Every command of the CLI on forest records (simulated here, and the shipped tournament),
through typer's CliRunner."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import msgspec
import pytest
from conftest import FIXTURES
from helpers import cli, json_lines

from gamerec.bots import simulate
from gamerec.format.read import read_file
from gamerec.format.write import write_records
from gamerec.games import get_game
from gamerec.games.forest.rules import ForestState, round_score, trick_colours
from gamerec.record import Play, Record

GAME = "forest"
TOURNAMENT = FIXTURES / GAME / "tournament.grec"


@pytest.fixture(scope="module")
def games() -> list[Record]:
    return list(simulate(GAME, 3, 3, seed=2, names=["Ann", "Bob", "Cy"]))


@pytest.fixture
def path(tmp_path: Path, games: list[Record]) -> Path:
    p = tmp_path / "f.grec"
    write_records(games, p)
    return p


def test_validate_the_shipped_tournament() -> None:
    r = cli("validate", TOURNAMENT)
    assert r.exit_code == 0, r.stderr
    assert r.stdout.strip() == "100 records: 100 valid"


def test_simulate_fills_the_automatic_hand_size(tmp_path: Path) -> None:
    out = tmp_path / "f.grec"
    r = cli("simulate", "-g", GAME, "-p", "5", "-n", "1", "--seed", "3", "--rule", "max_number=10", "-o", out)
    assert r.exit_code == 0, r.stderr
    (entry,) = list(read_file(out))
    assert entry.record is not None
    rules = entry.record.rules
    assert rules["max_number"] == 10 and rules["hand_size"] == 50 // 6
    assert len(entry.record.deals) == 5  # as many rounds as players
    assert cli("validate", out).exit_code == 0


def test_a_hand_size_too_large_is_refused(tmp_path: Path) -> None:
    r = cli("simulate", "-g", GAME, "-p", "4", "-o", tmp_path / "x.grec", "--rule", "hand_size=17")
    assert r.exit_code == 2
    assert "hand_size" in r.stderr and r.stderr.count("\n") == 1


def test_score_rounds_follow_the_score_table(path: Path, games: list[Record]) -> None:
    rule = get_game(GAME).parse_rules(games[0].rules, 3)
    data, _ = json_lines(cli("score", path, "--json").stdout)
    rows = list(csv.DictReader(io.StringIO(cli("export", path, "--to", "csv").stdout)))
    for number, (item, record) in enumerate(zip(data, games, strict=True), 1):
        sheet = item["scores"]
        assert len(sheet["deals"]) == 3
        for d, scores in enumerate(sheet["deals"], 1):
            # tricks per seat from the CSV's trick winners
            winners = {
                (r["trick"], r["trick_winner"])
                for r in rows
                if r["record"] == str(number) and r["deal"] == str(d)
            }
            tricks = [sum(1 for _, w in winners if w == str(s)) for s in range(3)]
            assert sum(tricks) == rule.hand_size or sum(tricks) == record.rules["hand_size"]
            assert scores == [round_score(t, rule) for t in tricks]


def test_text_gives_the_per_round_table(path: Path) -> None:
    r = cli("export", path, "--to", "text", "--record", "1")
    assert r.exit_code == 0, r.stderr
    assert "forest card" in r.stdout and "Score sheet" in r.stdout and "->" in r.stdout
    assert r.stdout.rstrip().endswith(f"{path}: record 1: valid")


def test_replay_shows_the_forest_card_and_colours(path: Path) -> None:
    r = cli("replay", "--format", "panels", path, "-r", "1", "--all", "--deal", "1", "--step", "3")
    assert r.exit_code == 0, r.stderr
    assert "Forest" in r.stdout and "Colours" in r.stdout


def test_convert_round_trip_is_byte_identical(path: Path, tmp_path: Path) -> None:
    j, back = tmp_path / "f.json", tmp_path / "back.grec"
    assert cli("convert", path, "-o", j).exit_code == 0
    doc = json.loads(j.read_text())
    assert doc[0]["rules"]["targets"] == {"4": 50, "8": 100, "12": 169}
    assert "first" in doc[0]["deals"][0]
    assert cli("convert", j, "-o", back).exit_code == 0
    assert back.read_bytes() == path.read_bytes()


def test_a_black_card_that_must_follow_is_reported(tmp_path: Path, games: list[Record]) -> None:
    """A black card counts as the forest colour: holding one when that colour is led, a
    player who plays another colour revokes."""
    for record in games:
        state = get_game(GAME).new_state(record.rules, record.players)
        assert isinstance(state, ForestState)
        for d, deal in enumerate(record.deals):
            state.begin_deal(deal)
            for i, action in enumerate(deal.actions):
                assert isinstance(action, Play)
                if state.trick and state.forest is not None and state.forest // 99 != 4:
                    led = trick_colours(state.trick, state.forest)[0]
                    hand = state.hands[action.seat]
                    blacks = [c for c in hand if c // 99 == 4]
                    others = [c for c in hand if c // 99 not in (4, led)]
                    if led == state.forest // 99 and blacks and others:
                        actions = list(deal.actions)
                        actions[i] = Play(action.seat, others[0])
                        deals = list(record.deals)
                        deals[d] = msgspec.structs.replace(deal, actions=actions)
                        p = tmp_path / "bad.grec"
                        write_records([msgspec.structs.replace(record, deals=deals)], p)
                        r = cli("validate", p)
                        assert r.exit_code == 1
                        line = r.stderr.strip()
                        assert line.endswith("[follow-colour]") and "must follow" in line
                        assert f"deal {d + 1}, action {i + 1}" in line
                        return
                state.apply(action)
    pytest.skip("no trick where a black card had to follow")


def test_games_lists_the_options() -> None:
    data = json.loads(cli("games", "--json").stdout)
    (game,) = [g for g in data if g["id"] == GAME]
    names = [o["name"] for o in game["options"]]
    assert names == ["max_number", "hand_size", "targets", "under_penalty", "over_penalty"]
    assert (game["min_players"], game["max_players"]) == (2, 6)
