"""Every command of the CLI on black-swan-2012 records (simulated here, and the shipped
tournament), through typer's CliRunner."""

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
from gamerec.checking.verdicts import verify_record
from gamerec.format.read import read_file
from gamerec.format.write import write_records
from gamerec.games import get_game
from gamerec.games.black_swan_2012.combinations import combination
from gamerec.games.black_swan_2012.rules import BlackSwan2012State
from gamerec.record import Cards, Record

GAME = "black-swan-2012"
TOURNAMENT = FIXTURES / GAME / "tournament.grec"


@pytest.fixture(scope="module")
def matches() -> list[Record]:
    return list(simulate(GAME, 4, 3, seed=5, rules={"target": 150}, names=["Ann", "Bob", "Cy", "Di"]))


@pytest.fixture
def path(tmp_path: Path, matches: list[Record]) -> Path:
    p = tmp_path / "m.grec"
    write_records(matches, p)
    return p


def test_validate_the_shipped_tournament() -> None:
    r = cli("validate", TOURNAMENT)
    assert r.exit_code == 0, r.stderr
    assert r.stdout.strip() == "100 records: 100 valid"


def test_simulate_is_reproducible_and_valid(tmp_path: Path) -> None:
    a, b = tmp_path / "a.grec", tmp_path / "b.grec"
    for target in (a, b):
        r = cli(
            "simulate", "-g", GAME, "-p", "3", "-n", "2", "--seed", "9", "--rule", "target=100", "-o", target
        )
        assert r.exit_code == 0, r.stderr
    assert a.read_bytes() == b.read_bytes()
    (first, _) = [e.record for e in read_file(a)]
    assert first is not None and first.rules["target"] == 100 and first.rules["teams"] is False
    assert cli("validate", a).exit_code == 0


def test_simulate_rejects_a_bad_option_value(tmp_path: Path) -> None:
    r = cli("simulate", "-g", GAME, "-o", tmp_path / "x.grec", "--rule", "min_run=9")
    assert r.exit_code == 2
    assert "min_run" in r.stderr and r.stderr.count("\n") == 1
    assert not (tmp_path / "x.grec").exists()


def test_score_names_the_teams_and_sums_the_deals(path: Path, matches: list[Record]) -> None:
    r = cli("score", path)
    assert r.exit_code == 0, r.stderr
    assert "Ann & Cy" in r.stdout and "Bob & Di" in r.stdout
    data, _ = json_lines(cli("score", path, "--json").stdout)
    for item, record in zip(data, matches, strict=True):
        sheet = item["scores"]
        assert sheet["sides"] == ["Ann & Cy", "Bob & Di"]
        assert [sum(col) for col in zip(*sheet["deals"], strict=True)] == sheet["totals"]
        # the full deck and no declaration: each deal's team scores sum to 100
        assert all(sum(row) == 100 for row in sheet["deals"])
        assert max(sheet["totals"]) >= record.rules["target"]


def test_csv_has_one_row_per_play_with_its_combination(path: Path, matches: list[Record]) -> None:
    r = cli("export", path, "--to", "csv", "--record", "1")
    assert r.exit_code == 0, r.stderr
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    plays = [a for d in matches[0].deals for a in d.actions]
    assert len(rows) == len(plays)
    for row, action in zip(rows, plays, strict=True):
        assert isinstance(action, Cards)
        assert row["type"] == "play"
        assert row["detail"] == combination(action.cards)
        assert row["value"].split() == [c.upper() for c in row["value"].split()]
    # a table of 7 ends a "trick": its rows name who captured it
    assert all(row["trick_winner"] != "" for row in rows)


def test_text_export_has_the_per_deal_team_table(path: Path) -> None:
    r = cli("export", path, "--to", "text", "--record", "1")
    assert r.exit_code == 0, r.stderr
    assert "Score sheet" in r.stdout and "Ann & Cy" in r.stdout
    assert "captures" in r.stdout and "is out (1st)" in r.stdout
    assert r.stdout.rstrip().endswith(f"{path}: record 1: valid")


def test_replay_shows_hands_stack_and_piles(path: Path) -> None:
    r = cli("replay", "--format", "panels", path, "-r", "1", "--all", "--deal", "1", "--step", "1")
    assert r.exit_code == 0, r.stderr
    assert "Deal 1 · table 1" in r.stdout
    assert "Stack" in r.stdout and "pile" in r.stdout
    hidden = cli("replay", "--format", "panels", path, "-r", "1", "--all", "--seat", "2")
    assert "(hidden)" in hidden.stdout


def test_convert_round_trip_is_byte_identical(path: Path, tmp_path: Path) -> None:
    j, back = tmp_path / "m.json", tmp_path / "back.grec"
    assert cli("convert", path, "-o", j).exit_code == 0
    doc = json.loads(j.read_text())
    assert doc[0]["deals"][0]["first"] in range(4)
    assert doc[0]["deals"][0]["actions"][0]["type"] == "play"
    assert isinstance(doc[0]["deals"][0]["actions"][0]["cards"], list)
    assert cli("convert", j, "-o", back).exit_code == 0
    assert back.read_bytes() == path.read_bytes()


def test_an_illegal_play_is_reported_with_its_combination_reason(
    tmp_path: Path, matches: list[Record]
) -> None:
    record = matches[0]
    deal = record.deals[0]
    game = get_game(GAME)
    state = game.new_state(record.rules, record.players)
    state.begin_deal(deal)
    assert isinstance(state, BlackSwan2012State)
    # the first single of a natural card played with room for two: pair it with a card of
    # another suit and rank from the same hand
    for i, action in enumerate(deal.actions):  # noqa: B007 - i is used after the loop
        assert isinstance(action, Cards)
        card = action.cards[0]
        if len(action.cards) == 1 and card < 52 and len(state.table) <= 5:
            hand = [c for c in range(52) if state.counts[action.seat][c]]
            others = [c for c in hand if c // 13 != card // 13 and c % 13 != card % 13]
            if others:
                break
        state.apply(action)
    else:
        pytest.fail("no single to spoil")
    actions = list(deal.actions)
    actions[i] = Cards(action.seat, [card, others[0]])
    changed = msgspec.structs.replace(record, deals=[msgspec.structs.replace(deal, actions=actions)])
    p = tmp_path / "bad.grec"
    write_records([changed], p)
    r = cli("validate", p)
    assert r.exit_code == 1
    line = r.stderr.strip()
    assert line.endswith("[combination]"), line
    assert f"deal 1, action {i + 1} (seat {action.seat}, {record.players[action.seat]})" in line
    assert "neither one rank nor one suit" in line
    assert verify_record(changed).rule == "combination"


def test_games_lists_the_options_with_automatic_defaults() -> None:
    data = json.loads(cli("games", "--json").stdout)
    (game,) = [g for g in data if g["id"] == GAME]
    options = {o["name"]: o for o in game["options"]}
    assert set(options) == {
        "teams",
        "min_run",
        "joker_triple",
        "swan_in_short_game",
        "swan_declaration",
        "target",
    }
    assert options["teams"]["default"] is None and options["target"]["default"] is None
    assert game["actions"] == ["play", "declare"]
    assert (game["min_players"], game["max_players"]) == (2, 4)
