"""The toy game of examples/toygame (docs/games.md), installed for these tests alone the way
pip installs a package: its folder on sys.path and a ``toygame-0.1.dist-info`` (METADATA and
entry_points.txt) in a temporary site folder, so that importlib.metadata finds its entry
point in the group ``gamerec.games``. No Python registration: gamerec finds it as it finds
any installed game. Every command is run on its records through the command line, and each
result is checked against the records themselves (the scores worked out here afresh from
the plays, by the rules in the package's docstring).

The registry's cache of installed games is reset for these tests and restored afterwards,
so no other test sees the toy game (``gamerec games``' golden output lists the shipped
games alone). The fixtures live here rather than in a conftest.py: tests/conftest.py is the
one module ``conftest`` the other tests import their paths from."""

from __future__ import annotations

import csv
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT
from helpers import cli, error_line, json_lines

from gamerec.cards import FRENCH
from gamerec.errors import FormatError
from gamerec.format.read import read_file
from gamerec.format.write import encode_records
from gamerec.games import GAMES, get_spec
from gamerec.record import Play, Record

TOY = ROOT / "examples" / "toygame"
PYTHON = [sys.executable, "-c", "from gamerec.cli import main; main()"]


def dist_info(site: Path, name: str, entry_points: str) -> None:
    """What pip leaves in site-packages for a package: its dist-info folder."""
    info = site / f"{name}-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[gamerec.games]\n{entry_points}\n")


def _installed(*paths: Path) -> Iterator[None]:
    """``paths`` on sys.path, and the registry looking afresh for installed games; all as
    it was afterwards (the toy's modules forgotten)."""
    saved = (GAMES._installed_found, dict(GAMES._where), dict(GAMES._specs), dict(GAMES._conflicts))
    before = set(sys.modules)
    sys.path[:0] = [str(p) for p in paths]
    GAMES._installed_found = False
    try:
        yield
    finally:
        for p in paths:
            sys.path.remove(str(p))
        GAMES._installed_found, GAMES._where, GAMES._specs, GAMES._conflicts = saved
        for module in [
            m for m in sys.modules if (m == "toygame" or m.startswith("toygame.")) and m not in before
        ]:
            del sys.modules[module]  # (those loaded here: an outer install's stay, its spec uses them)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A site folder holding the toy game's dist-info, as pip would have made it."""
    site = tmp_path_factory.mktemp("site")
    dist_info(site, "toygame", "toy-trick = toygame:SPEC")
    return site


@pytest.fixture(scope="module")
def toy(site: Path) -> Iterator[None]:
    """The toy game installed for this module's tests."""
    yield from _installed(TOY, site)


@pytest.fixture(scope="module")
def env(site: Path) -> dict[str, str]:
    """A subprocess's environment with the toy game installed (gamerec as this process has it:
    the checkout's not put first, so that the compiled run of CI starts the compiled build)."""
    path = os.pathsep.join([str(TOY), str(site), os.environ.get("PYTHONPATH", "")])
    return {**os.environ, "PYTHONPATH": path, "NO_COLOR": "1", "COLUMNS": "200"}


@pytest.fixture(scope="module")
def games(toy: None, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Four simulated 3-player games (``gamerec simulate``)."""
    path = tmp_path_factory.mktemp("toy") / "toy.grec"
    result = cli("simulate", "-g", "toy-trick", "-p", "3", "-n", "4", "--seed", "3", "-o", path)
    assert result.exit_code == 0, result.stderr
    assert "wrote 4 toy-trick games" in result.stderr
    return path


def records(path: Path) -> list[Record]:
    out = []
    for entry in read_file(path):
        assert entry.record is not None, entry
        out.append(entry.record)
    return out


def worked_out(record: Record) -> list[list[int]]:
    """Each deal's scores, worked out here from the plays alone: tricks of one card a
    player from the player after the dealer; the highest card of the led suit wins and
    leads next; a point a trick."""
    n = len(record.players)
    scores = []
    for deal in record.deals:
        won, leader = [0] * n, (deal.dealer + 1) % n
        cards = [a.card for a in deal.actions if isinstance(a, Play)]
        for t in range(0, len(cards), n):
            trick = cards[t : t + n]
            led = trick[0] // 13
            best = max(range(n), key=lambda i: trick[i] if trick[i] // 13 == led else -1)
            leader = (leader + best) % n
            won[leader] += 1
        scores.append(won)
    return scores


def totals(record: Record) -> list[int]:
    return [sum(column) for column in zip(*worked_out(record), strict=True)]


# -- finding the game -----------------------------------------------------------------------
def test_the_entry_point_alone_adds_the_game_in_a_fresh_process(env: dict[str, str]) -> None:
    """No Python registration at all: a new process with the toy on its path lists it."""
    out = subprocess.run(
        [*PYTHON, "games"], capture_output=True, text=True, env=env, timeout=120, check=True
    ).stdout
    line = next(x for x in out.splitlines() if x.startswith("toy-trick"))
    assert "Toy trick (a plain trick game) · 2-4 players · actions: play" in line
    assert re.search(r"hand_size\s+5\s+integer 1\.\.10\s+cards dealt to each player", out)


def test_the_toy_game_is_unknown_without_it() -> None:
    """Not installed, not known (these tests leave the registry as they found it)."""
    assert "toy-trick" not in GAMES
    assert "toy-trick" not in cli("games").stdout


def test_games_lists_the_toy_game_with_its_option_and_bot(toy: None) -> None:
    listed = json.loads(cli("games", "--json").stdout)
    toy_game = next(g for g in listed if g["id"] == "toy-trick")
    assert toy_game["min_players"] == 2 and toy_game["max_players"] == 4
    assert toy_game["bots"] == ["random"] and toy_game["actions"] == ["play"]
    assert toy_game["options"] == [
        {
            "name": "hand_size",
            "default": 5,
            "values": "integer 1..10",
            "description": "cards dealt to each player",
        }
    ]
    # the shipped games are all still there, the toy after them by id
    assert [g["id"] for g in listed] == sorted(g["id"] for g in listed)
    assert {"blackball", "forest"} <= {g["id"] for g in listed}


# -- making and checking records -----------------------------------------------------------
def test_simulate_plays_whole_games_by_the_rules(games: Path) -> None:
    recs = records(games)
    assert len(recs) == 4
    for r in recs:
        assert r.game == "toy-trick" and r.rules == {"hand_size": 5}
        assert r.provenance is not None and r.provenance.settings["bot"] == "random"  # its only bot
        assert len(r.deals) == 3  # as many deals as players
        first = r.deals[0].dealer
        assert [d.dealer for d in r.deals] == [(first + i) % 3 for i in range(3)]  # the deal passes left
        for d in r.deals:
            assert [len(h) for h in d.hands] == [5, 5, 5] and d.stock == []
            assert len(d.actions) == 15 and d.actions[0].seat == (d.dealer + 1) % 3
        assert all(sum(s) == 5 for s in worked_out(r))  # a point a trick


def test_validate_and_ls(games: Path) -> None:
    result = cli("validate", games, "--json")
    assert result.exit_code == 0
    verdicts, summary = json_lines(result.stdout)
    assert [v["status"] for v in verdicts] == ["valid"] * 4 and summary["valid"] == 4
    listed, _ = json_lines(cli("ls", games, "--json").stdout)
    assert [(x["game"], x["deals"], x["actions"]) for x in listed] == [("toy-trick", 3, 45)] * 4
    text = cli("ls", games).stdout.splitlines()
    assert len(text) == 5 and all(" toy-trick " in line for line in text[1:])


def test_score_gives_the_tricks_each_deal(games: Path) -> None:
    lines, _ = json_lines(cli("score", games, "--json").stdout)
    for line, r in zip(lines, records(games), strict=True):
        scores = line["scores"]
        assert scores["deals"] == worked_out(r) and scores["totals"] == totals(r)
        best = max(totals(r))
        assert scores["winners"] == [s for s, t in enumerate(totals(r)) if t == best]  # ties share


def test_score_standings(games: Path) -> None:
    result = cli("score", games, "--standings", "--csv")
    assert result.exit_code == 0
    rows = list(csv.DictReader(result.stdout.splitlines()))
    total: dict[str, int] = {}
    for r in records(games):
        for name, t in zip(r.players, totals(r), strict=True):
            total[name] = total.get(name, 0) + t
    assert {row["player"]: int(row["total"]) for row in rows} == total
    assert {row["game"] for row in rows} == {"toy-trick"} and {row["games"] for row in rows} == {"4"}
    shown = cli("score", games, "--standings").stdout
    assert "Standings · toy-trick" in shown


def test_stats_are_the_toy_games_own(games: Path) -> None:
    result = cli("stats", games, "--json")
    rows = json.loads(result.stdout)["games"]["toy-trick"]["players"]
    tricks: dict[str, int] = {}
    for r in records(games):
        for name, t in zip(r.players, totals(r), strict=True):
            tricks[name] = tricks.get(name, 0) + t
    assert {row["player"]: (row["deals"], row["tricks"]) for row in rows} == {
        p: (12, t) for p, t in tricks.items()
    }
    assert all(row["tricks_per_deal"] == round(row["tricks"] / 12, 3) for row in rows)
    table = cli("stats", games).stdout
    assert "Statistics · toy-trick" in table and "Tricks per deal" in table


def test_ratings(games: Path) -> None:
    rated = json.loads(cli("ratings", games, "--json").stdout)["games"]["toy-trick"]
    assert sorted(r["player"] for r in rated) == ["Bot 1", "Bot 2", "Bot 3"]
    assert all(r["games"] == 4 for r in rated) and [r["rank"] for r in rated] == [1, 2, 3]
    assert "Ratings · toy-trick" in cli("ratings", games).stdout


def test_report(games: Path, tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    result = cli("report", games, "-o", page)
    assert result.exit_code == 0 and "wrote the report of 1 game" in result.stderr
    html = page.read_text()
    assert html.startswith("<!DOCTYPE html>") and 'data-game="toy-trick"' in html


# -- showing records -----------------------------------------------------------------------
def test_replay_lines_and_panels(games: Path) -> None:
    r = records(games)[0]
    lines = cli("replay", games, "-r", "1", "--all")
    assert lines.exit_code == 0 and "record 1: valid" in lines.stdout + lines.stderr
    steps = [x for x in lines.stdout.splitlines() if x.startswith("step ")]
    assert len(steps) == 3 + 45  # a step each deal begins, one each card
    first = r.deals[0].actions[0]
    assert f"{r.players[first.seat]} play {FRENCH.code(first.card)}" in steps[1]  # type: ignore[attr-defined]
    assert sum("won by" in s for s in steps) == 15
    sheet = lines.stdout.split("Score sheet\n")[1].splitlines()[:5]  # a header, 3 deals, the totals
    assert sheet[-1].split() == ["Total", *map(str, totals(r))]
    assert [row.split()[1:] for row in sheet[1:-1]] == [list(map(str, d)) for d in worked_out(r)]
    panels = cli("replay", games, "-r", "1", "--all", "-f", "panels").stdout
    assert "Deal 3 of 3 · 5 cards" in panels and "Dealer" in panels


def test_replay_full_screen_on_a_terminal(games: Path, env: dict[str, str]) -> None:
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(
        PYTHON[0], [*PYTHON[1:], "replay", str(games), "-r", "1"], dimensions=(30, 100),
        env={**env, "TERM": "xterm-256color"}, timeout=60,
    )  # fmt: skip
    child.expect("step 1 of 48")
    child.send("n")
    child.expect("step 2 of 48")
    child.send("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "record 1: valid" in child.before.decode()


def test_export_csv_text_html(games: Path, tmp_path: Path) -> None:
    recs = records(games)
    cli("export", games, "--to", "csv", "-o", tmp_path / "a.csv")
    rows = list(csv.DictReader((tmp_path / "a.csv").open()))
    assert len(rows) == 4 * 45 and {r["type"] for r in rows} == {"play"}
    plays = [FRENCH.code(a.card) for r in recs for d in r.deals for a in d.actions]  # type: ignore[attr-defined]
    assert [r["value"] for r in rows] == plays
    cli("export", games, "-r", "2", "--to", "text", "-o", tmp_path / "a.txt")
    text = (tmp_path / "a.txt").read_text()
    assert (
        text.startswith("Toy trick (a plain trick game): Bot 1, Bot 2, Bot 3")
        and "rules: hand_size=5" in text
    )
    assert re.search(r"Total\s+" + r"\s+".join(map(str, totals(recs[1]))), text)
    cli("export", games, "-r", "1", "-o", tmp_path / "a.html")
    html = (tmp_path / "a.html").read_text()
    assert html.startswith("<!DOCTYPE html>") and "toy-trick" in html


def test_export_parquet(games: Path, tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    out = tmp_path / "pq"
    result = cli("export", games, "--to", "parquet", "-o", out)
    assert result.exit_code == 0, result.stderr
    recs = pq.read_table(out / "records.parquet").to_pylist()
    assert [(r["game"], r["verdict"], r["deals"], r["actions"]) for r in recs] == [
        ("toy-trick", "valid", 3, 45)
    ] * 4
    assert pq.read_table(out / "deals.parquet").num_rows == 4 * 3 * 3  # a row a deal and seat
    actions = pq.read_table(out / "actions.parquet").to_pylist()
    assert len(actions) == 180 and {a["type"] for a in actions} == {"play"}


def test_convert_binary_json_text_and_back(games: Path, tmp_path: Path) -> None:
    cli("convert", games, "-o", tmp_path / "a.json")
    cli("convert", tmp_path / "a.json", "-o", tmp_path / "a.gtxt")
    cli("convert", tmp_path / "a.gtxt", "-o", tmp_path / "b.grec")
    assert (tmp_path / "b.grec").read_bytes() == games.read_bytes()
    assert json.loads((tmp_path / "a.json").read_text())[0]["game"] == "toy-trick"
    notation = (tmp_path / "a.gtxt").read_text()
    assert "game: toy-trick" in notation and "rule hand_size: 5" in notation


def test_filter_and_split(games: Path, tmp_path: Path) -> None:
    won_by = [[r.players[s] for s, t in enumerate(totals(r)) if t == max(totals(r))] for r in records(games)]
    result = cli("filter", games, "--winner", "Bot 3", "-o", tmp_path / "w.grec")
    kept = records(tmp_path / "w.grec")
    assert len(kept) == sum("Bot 3" in w for w in won_by) > 0, result.stderr
    assert cli("filter", games, "-g", "toy-trick", "--count").stdout.strip() == "4"
    cli("split", games, "--by", "game", "-o", tmp_path / "split")
    assert [p.name for p in (tmp_path / "split").iterdir()] == ["toy-trick.grec"]
    assert (tmp_path / "split" / "toy-trick.grec").read_bytes() == games.read_bytes()


def test_schema(toy: None, tmp_path: Path) -> None:
    cli("schema", "-o", tmp_path)
    schema = json.loads((tmp_path / "toy-trick.schema.json").read_text())
    text = json.dumps(schema)
    assert '"toy-trick"' in text and "hand_size" in text
    assert "toy-trick" in (tmp_path / "record.schema.json").read_text()


# -- recording -------------------------------------------------------------------------------
def test_record_a_game_at_the_prompt(toy: None, env: dict[str, str], tmp_path: Path) -> None:
    """A whole game (2 players, 2 cards each: 2 deals) recorded through the prompt's plain
    lines, each line the first legal action a model recorder offers."""
    from gamerec.recording.recorder import Recorder

    args = ["-g", "toy-trick", "-p", "Ann,Bo", "--hands", "seed", "--seed", "4", "--rule", "hand_size=2"]
    model = Recorder.start(
        tmp_path / "model.journal", "toy-trick", ["Ann", "Bo"], {"hand_size": 2}, hands="seed", seed=4
    )
    lines = []
    while model.status() != "over":
        if model.status() == "deal":
            model.deal_from_seed()
        else:
            lines.append(model.legal()[0])
            model.enter(lines[-1])
    model.close()
    assert len(lines) == 2 * 2 * 2  # deals, tricks, players
    proc = subprocess.run(
        [*PYTHON, "record", "-o", "g.grec", *args], input="".join(f"{x}\n" for x in lines),
        capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "g.grec: record 1: valid" in proc.stdout + proc.stderr
    (r,) = records(tmp_path / "g.grec")
    assert r.game == "toy-trick" and r.rules == {"hand_size": 2} and len(r.deals) == 2
    assert [f"{a.seat} play {FRENCH.code(a.card)}" for d in r.deals for a in d.actions] == lines  # type: ignore[attr-defined]


# -- broken input --------------------------------------------------------------------------
ILLEGAL = """\
gamerec: 1
game: toy-trick
players: Ann, Bo
rule hand_size: 2
deal 1: dealer 0
hand 0: 2C 3H
hand 1: 5C 9D
1 play 5C
0 play 3H
"""


def test_a_card_not_following_suit_is_illegal(toy: None, tmp_path: Path) -> None:
    path = tmp_path / "bad.gtxt"
    path.write_text(ILLEGAL)
    result = cli("validate", path)
    assert result.exit_code == 1
    assert error_line(result) == (
        f"{path}: record 1, deal 1, action 2 (seat 0, Ann): illegal: play 3H: "
        "must follow clubs: holds 2C [follow-suit]"
    )
    (verdict,), _ = json_lines(cli("validate", path, "--json").stdout)
    assert (verdict["status"], verdict["rule"], verdict["reason"]) == (
        "illegal",
        "follow-suit",
        "must follow clubs: holds 2C",
    )


def test_a_broken_entry_point_is_one_line_never_a_traceback(tmp_path: Path, env: dict[str, str]) -> None:
    """An installed package whose entry point names a module that is not there: one line
    naming the game, where it points and why; exit 2."""
    dist_info(tmp_path, "broken", "broken-game = no_such_module_xyz:SPEC")
    broken = {**env, "PYTHONPATH": env["PYTHONPATH"] + os.pathsep + str(tmp_path)}
    proc = subprocess.run([*PYTHON, "games"], capture_output=True, text=True, env=broken, timeout=120)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr == (
        "gamerec: game 'broken-game' (no_such_module_xyz:SPEC) cannot be loaded: "
        "ModuleNotFoundError: No module named 'no_such_module_xyz'\n"
    )
    # in-process too, and the registry as it was afterwards
    for _ in _installed(tmp_path):
        result = cli("games")
        assert result.exit_code == 2
        assert error_line(result).endswith("No module named 'no_such_module_xyz'")
    assert "broken-game" not in GAMES


def test_a_game_that_does_not_load_leaves_the_others_alone(tmp_path: Path) -> None:
    """Review of issue 32: a broken installed game made ``games``, ``schema`` and ``filter
    --rule follow-suit`` fail outright, aborted a whole ``validate`` of JSON lines at its
    record, and its text records said "unknown game" while listing it as known. The others
    are shown and the broken one named after them (exit 2); its records are unreadable one
    by one, saying why; a rule every game shares needs no game loaded."""
    dist_info(tmp_path, "broken", "ghost = no_such_module_xyz:SPEC")
    why = "game 'ghost' (no_such_module_xyz:SPEC) cannot be loaded: ModuleNotFoundError"
    ok = next(read_file(FIXTURES / "forest" / "games" / "five-players.json")).record
    assert ok is not None
    (line,) = b"".join(encode_records([ok], "jsonl")).splitlines()
    ghost = line.replace(b'"game":"forest"', b'"game":"ghost"')
    assert ghost != line
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_bytes(b"\n".join([line, ghost, line]) + b"\n")
    text = tmp_path / "ghost.gtxt"
    text.write_text("gamerec: 1\ngame: ghost\nplayers: Ann, Bo\n")
    for _ in _installed(tmp_path):
        result = cli("games")
        assert result.exit_code == 2 and "forest" in result.stdout
        assert error_line(result).startswith(f"gamerec: {why}")
        result = cli("schema", "-o", str(tmp_path / "schemas"))
        assert result.exit_code == 2 and (tmp_path / "schemas" / "forest.schema.json").exists()
        good = tmp_path / "good.jsonl"
        good.write_bytes(line + b"\n")
        result = cli("filter", str(good), "--rule", "follow-suit", "--count")
        assert result.exit_code == 1 and result.stdout.strip() == "0", result.stderr  # (1: none matched)
        result = cli("validate", str(mixed), "--json")
        verdicts, _ = json_lines(result.stdout)
        assert [v["status"] for v in verdicts] == ["valid", "unreadable", "duplicate"]
        assert why in verdicts[1]["reason"]
        result = cli("validate", str(text))
        assert result.exit_code == 2 and why in error_line(result) and "unknown game" not in result.stderr


def test_two_packages_giving_one_game_are_named_not_chosen_between(tmp_path: Path) -> None:
    """Review of issue 32: two installed packages with the same game id: the first on the path
    won, silently. Neither is chosen: asking for the game names both."""
    dist_info(tmp_path / "a", "one", "twin = one_pkg:SPEC")
    dist_info(tmp_path / "b", "other", "twin = other_pkg:SPEC")
    for _ in _installed(tmp_path / "a", tmp_path / "b"):
        with pytest.raises(FormatError) as e:
            get_spec("twin")
        assert e.value.code == "format.game"
        assert e.value.message == (
            "game 'twin' is given by 2 installed packages (one_pkg:SPEC, other_pkg:SPEC): "
            "uninstall all but one"
        )


def test_installed_the_toy_game_is_known(toy: None) -> None:
    """The other side of test_the_toy_game_is_unknown_without_it (run before this module's
    fixture installs it)."""
    assert "toy-trick" in GAMES and GAMES["toy-trick"].id == "toy-trick"


def test_the_toy_packages_doctests(toy: None) -> None:
    """examples/ is outside pytest's paths: the examples in the toy's docstrings run here."""
    import doctest

    import toygame.rules

    result = doctest.testmod(toygame.rules)
    assert result.attempted > 0 and result.failed == 0
