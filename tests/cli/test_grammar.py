"""Issue 15, "one grammar": each reproduction of the issue, and the grammar README.md's
command table states (the game with -g everywhere, -p a count or names, -o - stdout or an
error, a flag that does not apply an error, an output form from --to or a known suffix,
--json JSON Lines with a summary last, record numbers from 1, one record for one-record
outputs)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import ROOT
from helpers import cli, error_line, json_lines

from gamerec.bots import simulate
from gamerec.format.read import read_file
from gamerec.format.write import write_records


@pytest.fixture(scope="module")
def three(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("grammar") / "three.grec"
    write_records(list(simulate("blackball", 3, 3, seed=5)), path)
    return path


def usage_error(r: object, *words: str) -> str:
    """Exit 2, one line naming the command and every word."""
    line = error_line(r)  # type: ignore[arg-type]
    assert r.exit_code == 2, line  # type: ignore[attr-defined]
    assert re.match(r"gamerec \w+: ", line), line
    for w in words:
        assert w in line, (w, line)
    return line


# -- the game and the players ---------------------------------------------------------------
def test_simulate_takes_the_game_with_g_as_record_does(tmp_path: Path) -> None:
    out = tmp_path / "g.grec"
    r = cli("simulate", "-g", "forest", "-p", "3", "-o", out)
    assert r.exit_code == 0, r.stderr
    (entry,) = read_file(out)
    assert entry.record is not None and entry.record.game == "forest"
    # the old positional form is gone (0.x): a usage error naming -g
    usage_error(cli("simulate", "forest", "-o", tmp_path / "x.grec"), "--game")
    assert not (tmp_path / "x.grec").exists()


def test_players_is_a_count_or_names_in_simulate(tmp_path: Path) -> None:
    counted, named, people = tmp_path / "c.grec", tmp_path / "n.grec", tmp_path / "p.grec"
    assert cli("simulate", "-g", "blackball", "-p", "3", "-o", counted).exit_code == 0
    assert cli("simulate", "-g", "blackball", "-p", "Ann, Bob,Cy", "-o", named).exit_code == 0
    assert cli("simulate", "-g", "blackball", "-p", "4", "--names", "-o", people).exit_code == 0
    assert next(iter(read_file(counted))).record.players == ["Bot 1", "Bot 2", "Bot 3"]  # type: ignore[union-attr]
    assert next(iter(read_file(named))).record.players == ["Ann", "Bob", "Cy"]  # type: ignore[union-attr]
    assert next(iter(read_file(people))).record.players == ["Ann", "Bob", "Cy", "Di"]  # type: ignore[union-attr]
    usage_error(cli("simulate", "-g", "blackball", "-p", "Ann,Bob", "--names", "-o", "-"), "--names")
    # an empty name was dropped: 'Ann,,Bob' simulated a 2-player game of Ann and Bob
    for players in ("Ann,,Bob,Cy", "Ann,Bob,Cy,", " ,Ann,Bob"):
        usage_error(cli("simulate", "-g", "blackball", "-p", players, "-o", tmp_path / "e.grec"), "--players")
    assert not (tmp_path / "e.grec").exists()


# -- -o - -----------------------------------------------------------------------------------
def test_salvage_to_stdout_writes_the_records_not_a_file_named_dash(
    three: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    r = cli("salvage", three, "-o", "-")
    assert r.exit_code == 0, r.stderr
    assert not (tmp_path / "-").exists()
    assert r.stdout_bytes == three.read_bytes()
    assert "kept 3 records on standard output" in r.stderr


def test_record_to_stdout_is_an_error_not_a_file_named_dash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    r = cli("record", "-g", "blackball", "-p", "Ann,Bob", "-o", "-", input="quit\n")
    usage_error(r, "--output", "standard output")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "args",
    [["schema", "-o", "-"], ["export", "{f}", "--to", "parquet", "-o", "-"]],
)
def test_folder_outputs_refuse_stdout(
    three: Path, args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`schema -o -` wrote a folder named `-`."""
    monkeypatch.chdir(tmp_path)
    usage_error(cli(*[a.replace("{f}", str(three)) for a in args]), "--output")
    assert list(tmp_path.iterdir()) == []


# -- flags that do not apply ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("args", "flag"),
    [
        (["score", "--csv", "{f}"], "--csv"),  # --csv without --standings was ignored
        (["score", "--standings", "--json", "--csv", "{f}"], "--csv"),  # --json --csv: JSON won
        (["score", "--sort", "mean", "{f}"], "--sort"),
        (["score", "--totals", "--json", "{f}"], "--totals"),
        (["export", "{f}", "--to", "csv", "--seat", "1"], "--seat"),  # --seat was ignored by csv
        (["export", "{f}", "--to", "json", "--seat", "0"], "--seat"),
        (["export", "{f}", "--to", "parquet", "-r", "1", "-o", "{tmp}/pq"], "--record"),
        (["validate", "--json", "-v", "{f}"], "--verbose"),
        (["record", "-g", "blackball", "-p", "A,B", "--seed", "3", "-o", "{tmp}/r.grec"], "--seed"),
    ],
)
def test_a_flag_that_does_not_apply_is_an_error(
    three: Path, tmp_path: Path, args: list[str], flag: str
) -> None:
    args = [a.replace("{f}", str(three)).replace("{tmp}", str(tmp_path)) for a in args]
    r = cli(*args, input="")
    usage_error(r, flag)
    assert r.stdout == ""
    assert list(tmp_path.iterdir()) == []


# -- output forms ---------------------------------------------------------------------------
def test_convert_to_an_unknown_suffix_is_an_error_not_binary(three: Path, tmp_path: Path) -> None:
    r = cli("convert", three, "-o", tmp_path / "x.txt")
    usage_error(r, "x.txt", ".txt", "--to", ".gtxt")
    assert not (tmp_path / "x.txt").exists()
    # with --to the name is the user's to choose
    assert cli("convert", three, "-o", tmp_path / "x.txt", "--to", "text").exit_code == 0
    assert (tmp_path / "x.txt").read_text().startswith("gamerec")


def test_simulate_to_an_unknown_suffix_is_an_error(tmp_path: Path) -> None:
    usage_error(cli("simulate", "-g", "blackball", "-o", tmp_path / "x.txt"), ".txt")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("suffix", "start"), [(".json", "{"), (".csv", "record,deal,"), (".html", "<!")])
def test_export_form_from_a_known_suffix(three: Path, tmp_path: Path, suffix: str, start: str) -> None:
    out = tmp_path / f"x{suffix}"
    r = cli("export", three, "-r", "2", "-o", out)
    assert r.exit_code == 0, r.stderr
    assert out.read_text().lstrip().lower().startswith(start)


def test_export_without_a_form_is_an_error(three: Path, tmp_path: Path) -> None:
    usage_error(cli("export", three), "--to")
    usage_error(cli("export", three, "-o", tmp_path / "x.foo"), ".foo", "--to")
    assert list(tmp_path.iterdir()) == []


# -- one record for one-record outputs ------------------------------------------------------
def test_html_export_of_many_records_names_record(three: Path, tmp_path: Path) -> None:
    """`export --to html` of a 200-record file silently exported record 1."""
    r = cli("export", three, "--to", "html", "-o", tmp_path / "x.html")
    usage_error(r, "--record", "3 records")
    assert list(tmp_path.iterdir()) == []
    assert cli("export", three, "--to", "html", "-r", "3", "-o", tmp_path / "x.html").exit_code == 0


def test_replay_of_many_records_names_record(three: Path) -> None:
    usage_error(cli("replay", three, "--all"), "--record", "3 records")
    r = cli("replay", three, "--all", "-r", "2")
    assert r.exit_code == 0 and "record 2: valid" in r.stdout


# -- --json ---------------------------------------------------------------------------------
@pytest.mark.parametrize("command", ["validate", "score", "ls"])
def test_json_is_json_lines_then_a_summary(three: Path, command: str) -> None:
    r = cli(command, "--json", three)
    assert r.exit_code == 0, r.stderr
    records, summary = json_lines(r.stdout)
    assert [x["record"] for x in records] == [1, 2, 3]  # ls --json counted from 0
    assert summary["records"] == 3


def test_aggregates_are_one_json_document(three: Path) -> None:
    doc = json.loads(cli("score", "--standings", "--json", three).stdout)
    assert set(doc["games"]) == {"blackball"}
    assert isinstance(json.loads(cli("games", "--json").stdout), list)


def test_ls_text_counts_records_from_1_as_json_does(three: Path) -> None:
    rows = cli("ls", three).stdout.splitlines()[1:]
    assert [re.split(r"\s{2,}", row)[1] for row in rows] == ["1", "2", "3"]


def test_the_readme_table_shows_the_grammar() -> None:

    readme = (ROOT / "README.md").read_text()
    for phrase in ("-g GAME", r"-p N\|NAMES", "-o -", "--json", "KEY=VALUE", "--record N"):
        assert phrase in readme, phrase


# -- every usage error in one shape (a new user's try, 2026-12-02) ---------------------------
TWO_FORMS = "Invalid value for '--csv': cannot go with --json: they are two forms of the {}"
ONE_FILE = "Invalid value for '--to': csv exports one file"


@pytest.mark.parametrize(
    ("args", "says"),
    [
        # was `gamerec: --to csv exports one file; --to parquet takes a batch`
        (["export", "{a}", "{b}", "--to", "csv", "-o", "x.csv"],
         ONE_FILE + " (2 given); --to parquet takes a batch"),
        # was `gamerec: DIR: is a directory`
        (["export", "{dir}", "--to", "csv", "-o", "x.csv"],
         ONE_FILE + ", not a folder ({dir}); --to parquet takes a batch"),
        # the form told by the output's name: the files are what is wrong, not a --to never given
        (["export", "{dir}", "-o", "x.html"],
         "Invalid value for 'FILE...': x.html: html exports one file, not a folder ({dir});"
         " --to parquet takes a batch"),
        # was `Invalid value for '--csv': and --json are two forms of the standings: choose one`
        (["score", "--standings", "--json", "--csv", "{a}"], TWO_FORMS.format("standings (choose one)")),
        (["ratings", "--json", "--csv", "{a}"], TWO_FORMS.format("ratings (choose one)")),
        (["stats", "--json", "--csv", "{a}"], TWO_FORMS.format("statistics (choose one)")),
        # was `gamerec: --seat 7: the record has seats 0..3`
        (["replay", "{a}", "--seat", "7", "--all"],
         "Invalid value for '--seat': 7: the record has seats 0..3"),
    ],
)  # fmt: skip
def test_usage_errors_have_one_shape(
    args: list[str], says: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    games = ROOT / "fixtures" / "forest"
    names = {"a": str(games / "games" / "four-players.json"), "dir": str(games)}
    names["b"] = str(games / "games" / "three-players.json")
    r = cli(*[a.format(**names) for a in args])
    line = usage_error(r)
    assert line == f"gamerec {args[0]}: {says.format(**names)} (see 'gamerec {args[0]} --help')"
    assert list(tmp_path.iterdir()) == []
