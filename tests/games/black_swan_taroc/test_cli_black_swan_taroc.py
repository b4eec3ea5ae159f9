"""Every command of the CLI on black-swan-taroc records (simulated here, and the shipped
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
from gamerec.format.read import read_file
from gamerec.format.write import write_records
from gamerec.games import get_game
from gamerec.games.black_swan_taroc.rules import PLEDGE_VALUES, SUIT, BlackSwanTarocState
from gamerec.record import DrawDeal, Pass, Play, Pledge, Record

GAME = "black-swan-taroc"
TOURNAMENT = FIXTURES / GAME / "tournament.grec"


@pytest.fixture(scope="module")
def games() -> list[Record]:
    return list(
        simulate(GAME, 4, 3, seed=11, rules={"trumps": "affiliated"}, names=["Ann", "Bob", "Cy", "Di"])
    )


@pytest.fixture
def path(tmp_path: Path, games: list[Record]) -> Path:
    p = tmp_path / "t.grec"
    write_records(games, p)
    return p


def test_validate_the_shipped_tournament() -> None:
    r = cli("validate", TOURNAMENT)
    assert r.exit_code == 0, r.stderr
    assert r.stdout.strip() == "100 records: 100 valid"


def test_simulate_records_the_dealer_draw_and_is_reproducible(tmp_path: Path) -> None:
    a, b = tmp_path / "a.grec", tmp_path / "b.grec"
    for target in (a, b):
        r = cli(
            "simulate", "-g", GAME, "-p", "6", "-n", "2", "--seed", "4", "--rule", "trumps=all", "-o", target
        )
        assert r.exit_code == 0, r.stderr
    assert a.read_bytes() == b.read_bytes()
    records = [e.record for e in read_file(a)]
    for record in records:
        assert record is not None and record.rules == {"trumps": "all"}
        (deal,) = record.deals
        assert isinstance(deal, DrawDeal) and deal.draw
        # the last draw round has one highest card: the dealer's
        last = deal.draw[-1]
        assert last[deal.dealer] is not None
        assert len(deal.stock) == 121 - 10 * 6


def test_a_bad_trumps_value_is_refused(tmp_path: Path) -> None:
    r = cli("simulate", "-g", GAME, "-o", tmp_path / "x.grec", "--rule", "trumps=some")
    assert r.exit_code == 2
    assert "trumps" in r.stderr and "affiliated | all | none" in r.stderr


def test_score_gives_the_finals_per_game(path: Path, games: list[Record]) -> None:
    data, _ = json_lines(cli("score", path, "--json").stdout)
    for item, record in zip(data, games, strict=True):
        sheet = item["scores"]
        assert sheet["sides"] == record.players
        (finals,) = sheet["deals"]
        assert sheet["totals"] == finals
        assert all(f >= 0 for f in finals)
        assert sheet["winners"]
    r = cli("score", path)
    assert r.exit_code == 0 and "Game" in r.stdout


def test_csv_rows_name_passes_plays_and_pledges(path: Path, games: list[Record]) -> None:
    rows = list(csv.DictReader(io.StringIO(cli("export", path, "--to", "csv", "--record", "1").stdout)))
    actions = games[0].deals[0].actions
    assert len(rows) == len(actions)
    kinds = {type(a): a.kind for a in actions}
    assert set(kinds.values()) <= {"pass", "play", "pledge"}
    for row, action in zip(rows, actions, strict=True):
        assert row["type"] == action.kind
        if isinstance(action, Pledge):
            assert row["value"] in ("feather", "stone", "pearl")
        if isinstance(action, Pass):
            assert row["trick"] == ""
    # every row of a trick names its winner once the trick is over
    assert all(r["trick_winner"] != "" for r in rows if r["type"] != "pass" and r is not rows[-1])


def test_text_lists_turns_draws_handouts_and_the_finals(path: Path) -> None:
    r = cli("export", path, "--to", "text", "--record", "1")
    assert r.exit_code == 0, r.stderr
    out = r.stdout
    assert "draws:" in out and "from the bank" in out and "game over" in out
    assert "Score sheet" in out
    assert out.rstrip().endswith(f"{path}: record 1: valid")


def test_replay_shows_pledges_bank_and_pile(path: Path) -> None:
    r = cli("replay", "--format", "panels", path, "-r", "1", "--all", "--deal", "1", "--step", "1")
    assert r.exit_code == 0, r.stderr
    assert "Draw pile" in r.stdout and "Bank" in r.stdout and "feather" in r.stdout
    assert "(hidden)" in cli("replay", "--format", "panels", path, "-r", "1", "--all", "--seat", "0").stdout


def test_convert_keeps_the_draw_and_pledges(path: Path, tmp_path: Path) -> None:
    j, back = tmp_path / "t.json", tmp_path / "back.grec"
    assert cli("convert", path, "-o", j).exit_code == 0
    doc = json.loads(j.read_text())
    assert "draw" in doc[0]["deals"][0]
    kinds = {a["type"] for g in doc for d in g["deals"] for a in d["actions"]}
    assert "pledge" in kinds
    assert cli("convert", j, "-o", back).exit_code == 0
    assert back.read_bytes() == path.read_bytes()


def test_a_revoke_is_reported_with_the_held_cards(tmp_path: Path, games: list[Record]) -> None:
    record = games[0]
    deal = record.deals[0]
    state = get_game(GAME).new_state(record.rules, record.players)
    assert isinstance(state, BlackSwanTarocState)
    state.begin_deal(deal)
    # the first follower who follows suit while holding another card: play that one instead
    for i, action in enumerate(deal.actions):  # noqa: B007 - i is used after the loop
        if isinstance(action, Play) and state.trick and state.led_suit < 12:
            hand = [c for c in range(121) if state.hands[action.seat][c]]
            others = [c for c in hand if c != action.card and c != 120]
            if SUIT[action.card] == state.led_suit and any(SUIT[c] != state.led_suit for c in others):
                wrong = next(c for c in others if SUIT[c] != state.led_suit)
                break
        state.apply(action)
    else:
        pytest.fail("no follower to spoil")
    actions = list(deal.actions)
    actions[i] = Play(action.seat, wrong)
    changed = msgspec.structs.replace(record, deals=[msgspec.structs.replace(deal, actions=actions)])
    p = tmp_path / "bad.json"
    write_records([changed], p)
    r = cli("validate", p)
    assert r.exit_code == 1
    line = r.stderr.strip()
    assert line.endswith("[follow-suit]") and "must follow" in line and "holds" in line
    assert f"deal 1, action {i + 1} (seat {action.seat}, {record.players[action.seat]})" in line


def test_pledge_values_are_those_of_the_rule_text() -> None:
    assert PLEDGE_VALUES == (1, 2, 3)


def test_games_lists_the_trumps_option() -> None:
    data = json.loads(cli("games", "--json").stdout)
    (game,) = [g for g in data if g["id"] == GAME]
    (option,) = game["options"]
    assert option["name"] == "trumps" and option["default"] == "none"
    assert game["actions"] == ["pass", "play", "pledge"]
    assert (game["min_players"], game["max_players"]) == (2, 6)
