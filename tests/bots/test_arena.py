"""The arena (gamerec.bots.arena): every seat order of every pairing plays the same deals,
from one seed, into a folder that resumes after an interrupt to the same bytes, whatever
the processes; another plan is refused; a bot's fault is named; the records validate; the
ratings tell smart from random."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import arena_bots
import pytest

from gamerec.bots import arena
from gamerec.bots.arena import (
    CHUNK,
    MAX_GAMES,
    PLAN_FILE,
    RECORDS_FILE,
    arena_plan,
    bot_generator,
    deal_generator,
    parse_entrants,
    run_arena,
)
from gamerec.checking.batch import verify_batch
from gamerec.errors import BotFault, InputError
from gamerec.format.read import read_file
from gamerec.tables.ratings import rate
from gamerec.tables.standings import standings


def files(folder: Path) -> tuple[bytes, bytes]:
    return (folder / PLAN_FILE).read_bytes(), (folder / RECORDS_FILE).read_bytes()


@pytest.fixture(autouse=True)
def _calm_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arena_bots, "STOP_AFTER", None)
    monkeypatch.setattr(arena_bots, "FAULT_BELOW", 0.0)
    monkeypatch.setattr(arena_bots, "MADE", {})


def test_seeded_arenas_are_byte_identical_with_one_process_or_two(tmp_path: Path) -> None:
    plan = arena_plan("blackball", ["smart", "random", "other=random"], players=2, games=5, seed=11)
    assert plan.total == 6 * 5 > 2 * CHUNK  # (workers play chunks: more than one)
    one = run_arena(plan, tmp_path / "one", jobs=1)
    two = run_arena(plan, tmp_path / "two", jobs=2)
    assert files(tmp_path / "one") == files(tmp_path / "two")
    assert one.played == two.played == 30 and one.resumed == 0
    again = arena_plan("blackball", ["smart", "random", "other=random"], players=2, games=5, seed=12)
    run_arena(again, tmp_path / "other-seed")
    assert files(tmp_path / "other-seed")[1] != files(tmp_path / "one")[1]


def test_the_records_validate_and_say_where_they_were_played(tmp_path: Path) -> None:
    plan = arena_plan("forest", ["smart", "random", "Plain=arena_bots:Plain"], players=3, games=2, seed=3)
    result = run_arena(plan, tmp_path)
    verdicts = list(verify_batch([str(tmp_path / RECORDS_FILE)]))
    assert [v.status for v in verdicts] == ["valid"] * 12
    records = [e.record for e in read_file(tmp_path / RECORDS_FILE)]
    assert [(r.meta.round, r.meta.table) for r in records if r and r.meta] == [
        (str(g), str(t)) for g in (1, 2) for t in range(1, 7)
    ]
    first = records[0]
    assert first is not None and first.provenance is not None
    assert first.players == ["smart", "random", "Plain"]
    assert first.provenance.seed == 3 and first.provenance.generator.endswith(" arena")
    assert first.provenance.settings["bot"] == "0=smart, 1=random, 2=arena_bots:Plain"
    assert result.ratings.counts["valid"] == 12
    assert result.standings == standings(verdicts)  # (added up as the ratings are made)
    assert result.ratings == rate(verdicts, history=False)
    assert sorted(p.games for p in result.standings.games["forest"]) == [12, 12, 12]


def test_every_seat_order_gets_the_same_deals(tmp_path: Path) -> None:
    plan = arena_plan("blackball", ["smart", "random", "r2=random"], players=2, games=3, seed=5)
    run_arena(plan, tmp_path)
    records = [e.record for e in read_file(tmp_path / RECORDS_FILE)]
    by_game: dict[str, list[list[list[list[int]]]]] = {}
    for r in records:
        assert r is not None and r.meta is not None and r.meta.round is not None
        by_game.setdefault(r.meta.round, []).append([list(map(list, d.hands)) for d in r.deals])
    assert sorted(by_game) == ["1", "2", "3"]
    for deals in by_game.values():
        assert len(deals) == 6  # one a table
        assert all(d == deals[0] for d in deals)  # every deal's hands, seat by seat
    assert by_game["1"] != by_game["2"]
    seats = {tuple(r.players) for r in records if r is not None}
    assert seats == set(itertools.permutations(["smart", "random", "r2"], 2))


def test_the_bots_generators_are_apart_from_the_deals() -> None:
    deals = [deal_generator(7, 0).random() for _ in range(3)]
    bots = {bot_generator(7, t, 0, s).random() for t in range(2) for s in range(2)}
    assert len(bots) == 4 and not bots & set(deals)
    assert deal_generator(7, 0).random() == deals[0] != deal_generator(7, 1).random()


def test_a_fresh_bot_for_each_seat_of_each_game(tmp_path: Path) -> None:
    plan = arena_plan("forest", ["a=arena_bots:Plain", "b=arena_bots:Plain"], games=4, seed=1)
    run_arena(plan, tmp_path, jobs=1)
    assert arena_bots.MADE["Plain"] == 2 * 2 * 4  # two tables, two seats, four games


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_interrupted_arena_goes_on_to_the_same_bytes(tmp_path: Path, jobs: int) -> None:
    bots = ["arena_bots:Interrupting", "random", "smart"]
    plan = arena_plan("blackball", bots, players=2, games=3, seed=9)
    run_arena(plan, tmp_path / "whole")
    arena_bots.MADE.clear()
    arena_bots.STOP_AFTER = 5  # (in this process: the first run plays here)
    with pytest.raises(KeyboardInterrupt):
        run_arena(plan, tmp_path / "cut", jobs=1)
    cut = (tmp_path / "cut" / RECORDS_FILE).read_bytes()
    assert 0 < cut.count(b"\n") < plan.total and cut.endswith(b"\n")
    arena_bots.STOP_AFTER = None
    result = run_arena(plan, tmp_path / "cut", jobs=jobs)
    assert result.resumed == cut.count(b"\n") and result.resumed + result.played == plan.total
    assert files(tmp_path / "cut") == files(tmp_path / "whole")
    done = run_arena(plan, tmp_path / "cut", jobs=jobs)  # finished: nothing to play
    assert (done.resumed, done.played) == (plan.total, 0)
    assert files(tmp_path / "cut") == files(tmp_path / "whole")


@pytest.mark.parametrize("block", [1 << 20, 7, 1])
def test_a_torn_last_line_is_dropped_and_played_again(
    tmp_path: Path, block: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """(Read in blocks of ``block`` bytes: a line may end in any block.)"""
    monkeypatch.setattr(arena, "_BLOCK", block)
    plan = arena_plan("forest", ["smart", "random"], games=4, seed=2)
    run_arena(plan, tmp_path / "whole")
    whole = files(tmp_path / "whole")
    records = tmp_path / "cut" / RECORDS_FILE
    run_arena(plan, tmp_path / "cut")
    lines = whole[1].splitlines(keepends=True)
    records.write_bytes(b"".join(lines[:3]) + lines[3][:40])  # a crash in the middle of a line
    result = run_arena(plan, tmp_path / "cut")
    assert (result.resumed, result.played) == (3, 5)
    assert files(tmp_path / "cut") == whole


def test_another_plan_in_the_folder_is_refused_until_forced(tmp_path: Path) -> None:
    plan = arena_plan("forest", ["smart", "random"], games=2, seed=2)
    run_arena(plan, tmp_path)
    before = files(tmp_path)
    other = arena_plan("forest", ["smart", "dumb=random"], games=3, seed=4, rules={"max_number": 10})
    with pytest.raises(InputError) as e:
        run_arena(other, tmp_path)
    message = e.value.message
    assert "holds another arena" in message and "--force starts over" in message
    assert "games 2 there, 3 here" in message and "seed 2 there, 4 here" in message
    assert "entrants smart, random there, smart, dumb=random here" in message
    assert "rule max_number 13 there, 10 here" in message
    assert files(tmp_path) == before
    result = run_arena(other, tmp_path, force=True)
    assert (result.resumed, result.played) == (0, 6)
    assert json.loads((tmp_path / PLAN_FILE).read_bytes())["seed"] == 4


@pytest.mark.parametrize("block", [1 << 20, 5])
def test_records_that_are_not_the_plans_are_refused(
    tmp_path: Path, block: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(arena, "_BLOCK", block)
    plan = arena_plan("forest", ["smart", "random"], games=2, seed=2)
    run_arena(plan, tmp_path)
    path = tmp_path / RECORDS_FILE
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(lines[0] + lines[2])  # line 2 is game 2 of table 1, not game 1 of table 2
    with pytest.raises(InputError, match="line 2 is not the arena's game 1 of table 2"):
        run_arena(plan, tmp_path)
    path.write_bytes(b"".join(lines * 2))
    with pytest.raises(InputError, match="holds 8 lines, more than the 4 games"):
        run_arena(plan, tmp_path)
    (tmp_path / PLAN_FILE).unlink()
    with pytest.raises(InputError, match=r"without arena\.json"):
        run_arena(plan, tmp_path)
    (tmp_path / PLAN_FILE).write_text("{}")
    with pytest.raises(InputError, match="not an arena's plan"):
        run_arena(plan, tmp_path)
    (tmp_path / "file").write_text("")
    with pytest.raises(InputError, match="not a folder"):
        run_arena(plan, tmp_path / "file")


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_faulty_bot_is_named_and_the_games_before_it_stay(tmp_path: Path, jobs: int) -> None:
    plan = arena_plan("forest", ["smart", "bug=arena_bots:Faulty"], games=12, seed=3)
    run_arena(plan, tmp_path / "whole")
    arena_bots.FAULT_BELOW = 0.1
    with pytest.raises(BotFault) as e:
        run_arena(plan, tmp_path / "cut", jobs=jobs)
    fault = e.value
    assert fault.code == "bot.raised"
    assert fault.where.startswith("table ") and ", game " in fault.where
    assert ", round 1, seat " in fault.where and "(bug, arena_bots:Faulty)" in fault.where
    assert "raised ValueError: a bug in the bot" in fault.reason
    written = (tmp_path / "cut" / RECORDS_FILE).read_bytes()
    count = written.count(b"\n")
    assert f"the {count} games before it are in" in fault.reason
    table, game = (int(w.split()[-1]) for w in fault.where.split(", ")[:2])
    assert count == (game - 1) * 2 + table - 1  # every game before it
    assert (tmp_path / "whole" / RECORDS_FILE).read_bytes().startswith(written)
    arena_bots.FAULT_BELOW = 0.0  # the bot fixed
    run_arena(plan, tmp_path / "cut", jobs=jobs)
    assert files(tmp_path / "cut") == files(tmp_path / "whole")


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_bot_that_exits_is_a_fault_not_a_finished_arena(tmp_path: Path, jobs: int) -> None:
    """sys.exit() in a bot is its fault, named, with one process or several (it was a
    silent exit 0 with nothing written, or a worker said to have died of memory)."""
    plan = arena_plan("forest", ["smart", "quitter=arena_bots:Exiting"], games=6, seed=3)
    with pytest.raises(BotFault) as e:
        run_arena(plan, tmp_path, jobs=jobs)
    assert e.value.code == "bot.raised" and e.value.reason.startswith("raised SystemExit: 0 (the 0 games")
    assert e.value.where == "table 1, game 1, round 1, seat 1 (quitter, arena_bots:Exiting)"


def test_the_ratings_rank_smart_above_random(tmp_path: Path) -> None:
    plan = arena_plan("black-swan-2012", ["random", "smart"], games=40, seed=7)
    result = run_arena(plan, tmp_path, jobs=2)
    ratings = result.ratings.table("black-swan-2012")
    assert [r.player for r in ratings] == ["smart", "random"]
    assert ratings[0].ordinal > ratings[1].mu  # far apart, not by a hair
    assert all(r.sigma < 8.0 and r.games == 80 for r in ratings)
    table = result.standings.games["black-swan-2012"]
    assert table[0].player == "smart" and table[0].wins > 60


@pytest.mark.parametrize(
    ("kwargs", "why"),
    [
        ({"bots": ["smart", "smart"]}, "'smart' named twice"),
        ({"bots": ["smart", "SMART=random"]}, "named twice"),
        ({"bots": ["smart"]}, "2 entrants or more"),
        ({"bots": ["smart", "random"], "players": 3}, "3 players at a table need 3 entrants or more, not 2"),
        ({"bots": ["smart", "random", "r=random"], "players": 7}, "black-swan-2012 is for 2 to 4 players"),
        ({"bots": ["smart", "nosuch"]}, "unknown bot 'nosuch'"),
        ({"bots": ["smart", "nosuchmodule:Bot"]}, "cannot import nosuchmodule"),
        ({"bots": ["smart", "=random"]}, "give BOT or NAME=BOT"),
        ({"bots": ["smart", "random"], "games": 0}, "1 or more"),
        ({"bots": ["smart", "random"], "games": MAX_GAMES}, "at most 100000000"),
        ({"bots": ["smart", "random"], "seed": -1}, "0 to 2^64-1"),
        ({"bots": ["smart", "random"], "rules": {"nosuch": 1}}, "rules:"),
        ({"bots": ["smart", "random"], "rules": {"target": 10**6}}, "at most 10000 points"),
        ({"bots": "smart"}, "a list of bots"),
    ],
)
def test_a_plan_that_makes_no_sense_is_refused(kwargs: dict[str, object], why: str) -> None:
    with pytest.raises(InputError) as e:
        arena_plan("black-swan-2012", **kwargs)  # type: ignore[arg-type]
    assert why in e.value.message


def test_entrants_are_named_by_their_bot_or_by_name() -> None:
    assert [(e.name, e.bot) for e in parse_entrants([" smart ", "b = random"])] == [
        ("smart", "smart"),
        ("b", "random"),
    ]


def test_run_arena_checks_its_own_arguments(tmp_path: Path) -> None:
    plan = arena_plan("forest", ["smart", "random"])
    with pytest.raises(InputError, match="move time"):
        run_arena(plan, tmp_path, move_time=0)
    with pytest.raises(InputError, match="jobs 0"):
        run_arena(plan, tmp_path, jobs=0)
