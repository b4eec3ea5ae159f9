"""Issue 12, item 7: every command's output over the hostile corpus (tests/output/hostile.py)
used as player names, notes, event/site/date/round/table metadata, tags and file names.

- Output for people (terminal text, the text export, prompts, messages on stderr): no escape
  sequence, no control character but the program's own newlines and tabs, no C1, no
  bidirectional control, no line or paragraph separator; a line break or tab from a record
  shows as a stand-in (``⏎``, ``�``).
- CSV: the same, and no line (split at CR, LF or both) starts a formula.
- JSON and the text notation: lossless (they read back to the exact strings) but with none of
  those characters raw: ``\\uXXXX`` escapes.

The hostile strings also name the file read, so every message naming it is tested too.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import cli, json_lines
from hostile import (
    BIDI,
    HOSTILE,
    active,
    assert_csv_inert,
    assert_json_inert,
    assert_terminal_inert,
    hostile_records,
    illegal,
    incomplete,
)

from gamerec.format.read import read_bytes, read_file
from gamerec.format.write import write_records
from gamerec.record import Record

#: a file name that tries its luck too (a title, an override, a line break)
FILE_NAME = "corpus\x1b]0;PWNED\x07\u202e\nBRK.grec"


@pytest.fixture(scope="module")
def records() -> list[Record]:
    valid = hostile_records()
    return [*valid, illegal(valid[0]), incomplete(valid[1])]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory, records: list[Record]) -> Path:
    path = tmp_path_factory.mktemp("hostile") / FILE_NAME
    write_records(records, path)
    return path


def _inert(r: object, what: str) -> None:
    stdout, stderr = r.stdout, r.stderr  # type: ignore[attr-defined]
    assert "Traceback" not in stdout + stderr, what
    assert_terminal_inert(stdout, f"{what} stdout")
    assert_terminal_inert(stderr, f"{what} stderr")


# -- output for people -------------------------------------------------------------------------
TERMINAL: dict[str, tuple[list[str], int]] = {
    "validate": (["validate", "-j", "1", "{f}"], 1),
    "validate -v": (["validate", "-v", "-j", "1", "{f}"], 1),
    "validate --allow-incomplete": (["validate", "--allow-incomplete", "-j", "1", "{f}"], 1),
    "score": (["score", "-j", "1", "{f}"], 1),
    "score --standings": (["score", "--standings", "-j", "1", "{f}"], 1),
    "ls": (["ls", "{f}"], 0),
    "export --to text": (["export", "{f}", "--to", "text"], 1),
    "replay --all (valid)": (["replay", "--all", "-r", "1", "{f}"], 0),
    "replay --all (illegal)": (["replay", "--all", "-r", "14", "{f}"], 1),
    "replay --all (incomplete)": (["replay", "--all", "-r", "15", "--seat", "2", "{f}"], 1),
    "games": (["games"], 0),
    "usage error quoting an argument": (["score", "--sort", HOSTILE["osc-title-bel"] + BIDI, "{f}"], 2),
}


@pytest.mark.parametrize("name", list(TERMINAL))
def test_output_for_people_is_inert(name: str, corpus: Path) -> None:
    args, code = TERMINAL[name]
    r = cli(*[a.format(f=corpus) for a in args])
    assert r.exit_code == code, r.stdout[-500:] + r.stderr
    _inert(r, name)
    if name.startswith(("validate", "score", "export")):
        # the problem lines name the record, the place and the player, each on one line
        problems = [line for line in r.stderr.splitlines() if "illegal" in line or "incomplete" in line]
        assert len(problems) == (1 if "allow" in name else 2), r.stderr
        assert all(line.startswith(f"{corpus.parent}/corpus") for line in problems)
        assert "record 14, deal 2, action 3 (seat 0, c0" in r.stderr


def test_score_caption_of_an_incomplete_record_is_inert(corpus: Path) -> None:
    """The reproduction: the caption under an incomplete record's table said "seat 2
    (\\x1b]0;PWNED\\x07\\x1b[2J\\x1b[31mEve) is to act" raw."""
    r = cli("score", "-j", "1", corpus)
    caption = [line for line in r.stdout.splitlines() if line.startswith("incomplete:")]
    assert caption and "is to act" in caption[0]
    assert "\x1b" not in r.stdout and "\ufffd" in caption[0]


def test_export_text_keeps_its_own_layout(corpus: Path, records: list[Record]) -> None:
    r = cli("export", corpus, "--to", "text", "--record", "1")
    assert r.exit_code == 0
    _inert(r, "export --to text -r 1")
    lines = r.stdout.splitlines()
    # the header line names every player; a name's line break shows as ⏎ on that one line
    shown = lines[0]
    assert shown.startswith("Blackball") and shown.count(", ") == 2
    assert "Score sheet" in lines


# -- CSV ---------------------------------------------------------------------------------------
def test_export_csv_is_inert(corpus: Path, records: list[Record]) -> None:
    r = cli("export", corpus, "--to", "csv")
    assert r.exit_code == 1
    _inert(r, "export --to csv")
    rows = assert_csv_inert(r.stdout, "export --to csv")
    assert {row["record"] for row in rows} == {str(i) for i in range(1, len(records) + 1)}
    illegal_rows = [row for row in rows if row["illegal"]]
    assert len(illegal_rows) == 1 and illegal_rows[0]["illegal"].startswith("out-of-turn: ")


def test_standings_csv_is_inert(corpus: Path) -> None:
    r = cli("score", "--standings", "--csv", "-j", "1", corpus)
    assert r.exit_code == 1
    assert_terminal_inert(r.stderr, "score --standings --csv stderr")
    rows = assert_csv_inert(r.stdout, "score --standings --csv")
    assert len(rows) == len(HOSTILE)  # every hostile string plays in some valid record


# -- JSON and the text notation: lossless, inert -----------------------------------------------
def test_json_outputs_are_inert_and_lossless(corpus: Path, records: list[Record]) -> None:
    players = [r.players for r in records]

    r = cli("validate", "--json", "-j", "1", corpus)
    assert r.exit_code == 1
    assert_json_inert(r.stdout_bytes, "validate --json")
    assert_terminal_inert(r.stderr, "validate --json stderr")
    verdicts, _ = json_lines(r.stdout)
    assert [v["players"] for v in verdicts] == players
    assert verdicts[0]["source"] == str(corpus)

    r = cli("score", "--json", "-j", "1", corpus)
    assert_json_inert(r.stdout_bytes, "score --json")
    assert [v["scores"]["sides"] for v in json_lines(r.stdout)[0]] == players

    r = cli("score", "--standings", "--json", "-j", "1", corpus)
    assert_json_inert(r.stdout_bytes, "score --standings --json")
    standings = json.loads(r.stdout)
    assert {p["player"] for rows in standings["games"].values() for p in rows} == set(HOSTILE.values())

    r = cli("ls", "--json", corpus)
    assert r.exit_code == 0
    assert_json_inert(r.stdout_bytes, "ls --json")
    listed, summary = json_lines(r.stdout)
    assert summary == {"records": len(records), "listed": len(records), "unreadable": 0}
    assert [item["record"] for item in listed] == list(range(1, len(records) + 1))
    assert [item["players"] for item in listed] == players
    assert [item["event"] for item in listed] == [r.meta.event for r in records]

    r = cli("games", "--json")
    assert_json_inert(r.stdout_bytes, "games --json")


ENCODINGS = {
    "export --to json": ["export", "{f}", "--to", "json"],
    **{f"convert --to {to}": ["convert", "{f}", "-o", "-", "--to", to] for to in ("json", "jsonl", "text")},
}


@pytest.mark.parametrize("name", list(ENCODINGS))
def test_record_encodings_are_inert_and_lossless(name: str, corpus: Path, records: list[Record]) -> None:
    args = ENCODINGS[name]
    r = cli(*[a.format(f=corpus) for a in args])
    assert r.exit_code == 0, r.stderr
    assert_json_inert(r.stdout_bytes, name)
    back = [e.record for e in read_bytes(r.stdout_bytes)]
    assert back == records


def test_html_export_is_inert(corpus: Path) -> None:
    for number in ("1", "14", "15"):
        r = cli("export", corpus, "--to", "html", "--record", number)
        assert r.exit_code in (0, 1), r.stderr  # 1: an illegal record, said on stderr
        assert not active(r.stderr), r.stderr
        found = active(r.stdout)
        assert not found, f"export --to html -r {number}: {found[:5]}"
        assert "\t" not in r.stdout or "\t" not in r.stdout.split("<script")[-1]


# -- messages and prompts ----------------------------------------------------------------------
def test_salvage_messages_are_inert(tmp_path: Path, records: list[Record]) -> None:
    source = tmp_path / FILE_NAME
    write_records(records[:3], source)
    data = bytearray(source.read_bytes())
    data[len(data) // 2] ^= 0xFF  # damage the second record
    source.write_bytes(bytes(data))
    out = tmp_path / ("kept\x1b[2J\u2028BRK.grec")
    r = cli("salvage", source, "-o", out)
    assert r.exit_code == 1, r.stderr
    _inert(r, "salvage")
    assert "dropped" in r.stderr and "kept 2 records" in r.stdout


def test_record_prompts_are_inert(tmp_path: Path) -> None:
    names = [HOSTILE["osc-title-bel"], HOSTILE["bidi-override"], HOSTILE["cr"]]
    note = HOSTILE["osc8-link-st"] + HOSTILE["c1"] + HOSTILE["line-separator"] + "\r\x1b[2J"
    typed = ["help", "legal", "bid \x1b]0;PWNED\x07", "play \x9b2J", "bid 0", f"note {note}", "undo", "quit"]
    out = tmp_path / "rec.grec"
    r = cli("record", "-o", out, "-g", "blackball", "-p", ",".join(names), "--hands", "seed",
            input="\n".join(typed).encode() + b"\n")  # fmt: skip
    assert r.exit_code == 0, r.stdout + r.stderr
    _inert(r, "record")
    assert "to move>" in r.stdout and "noted:" in r.stdout
    # the journal keeps the names and the note exactly; resuming it shows them inert again
    journal = Path(f"{out}.journal")
    r = cli("record", "-o", out, "--resume", journal, input=b"legal\nquit\n")
    assert r.exit_code == 0, r.stdout + r.stderr
    _inert(r, "record --resume")
    assert "resuming blackball" in r.stdout


def test_the_record_keeps_every_string_exactly(corpus: Path, records: list[Record]) -> None:
    assert [e.record for e in read_file(corpus)] == records
    assert {p for r in records for p in r.players} == set(HOSTILE.values())
