"""Every command of the CLI over every broken input of ``fixtures/broken/`` (README.md there
says what is wrong with each file and how it was made).

For each (command, input) pair: the exit code is 1 or 2 (never 0 for a broken input, never
3, an internal error), stderr says why in lines that are each one whole message (no
traceback, none over 400 characters, each starting with the input's path or with
``gamerec``), the input is byte-for-byte unchanged, and a command that writes (``-o``)
leaves neither its output nor a temporary file behind when it fails.

Some inputs are broken for some commands only, and gamerec's documentation says so: a
record the rules refuse still reads, so the commands that do not verify (``ls``,
``export``, ``convert``, ``salvage``) handle it as the record it is (the CSV and text
exports write it as far as it goes and exit 1); ``ls`` reads binary
headers alone; ``replay`` and ``export --to html`` read record 1 alone; ``salvage`` keeps
the records that read and ``export --to parquet`` leaves out those that do not. Those pairs
may succeed, and keep every other check.

A pair that fails because gamerec misbehaves is marked ``xfail(strict=True)`` with the bug
in its reason: fix the bug, then drop it from ``KNOWN_BUGS``.

The commands run in-process through typer's CliRunner, without GAMEREC_DEBUG (unlike
``helpers.cli``): an internal error must show as a user sees it, exit 3 and one line.
"""

from __future__ import annotations

import re
import shutil
import signal
from pathlib import Path

import msgspec
import pytest
import typer
from conftest import FIXTURES
from typer.testing import CliRunner, Result

from gamerec.cli import app

CORPUS = FIXTURES / "broken"
RUNNER = CliRunner(env={"NO_COLOR": "1", "COLUMNS": "140", "GAMEREC_DEBUG": None})
MAX_LINE = 400
HANG = 10  # seconds; each command here takes some 20 ms

#: inputs made here, as they cannot be under the corpus' 4 KB a file
GENERATED = {"json-nested-10000-deep.json": b"[" * 10000 + b"]" * 10000}
MISSING = "does-not-exist.grec"
#: its own test below: a journal cut by a crash is to be resumed, not refused
RESUMABLE = "journal-cut-mid-line.journal"
#: journals with a damaged line after their header resume up to it, keeping a copy (issue 12,
#: items 4 and 20): tests/record/test_journal_safety.py
RESUMED_UP_TO_DAMAGE = {
    "journal-damaged-middle-line.journal",
    "journal-deal-not-int.journal",
    "journal-entry-a-number.journal",
    "journal-note-before-action.journal",
    "journal-illegal-action.journal",
}
INPUTS = [
    *sorted(p.name for p in CORPUS.iterdir() if p.name != "README.md"),
    *GENERATED,
    MISSING,
]

#: each command with an input; {input} is the input's path, {out} an empty folder for outputs
COMMANDS: dict[str, tuple[str, ...]] = {
    "validate": ("validate", "-j", "1", "{input}"),
    "ls": ("ls", "{input}"),
    "score": ("score", "-j", "1", "{input}"),
    "score-standings": ("score", "-j", "1", "--standings", "{input}"),
    "score-json": ("score", "-j", "1", "--json", "{input}"),
    "ratings": ("ratings", "-j", "1", "{input}"),
    "replay-all": ("replay", "--all", "{input}"),
    "stats": ("stats", "{input}"),
    "stats-json": ("stats", "--json", "{input}"),
    "report": ("report", "{input}", "-o", "{out}/report.html"),
    "export-json": ("export", "{input}", "--to", "json", "-o", "{out}/export.json"),
    "export-csv": ("export", "{input}", "--to", "csv", "-o", "{out}/export.csv"),
    "export-text": ("export", "{input}", "--to", "text", "-o", "{out}/export.txt"),
    "export-html": ("export", "{input}", "--to", "html", "-o", "{out}/export.html"),
    "export-parquet": ("export", "{input}", "--to", "parquet", "-o", "{out}/tables"),
    "convert-grec": ("convert", "{input}", "-o", "{out}/converted.grec"),
    "convert-gtxt": ("convert", "{input}", "-o", "{out}/converted.gtxt"),
    "salvage": ("salvage", "{input}", "-o", "{out}/salvaged.grec"),
    "filter": ("filter", "{input}", "-o", "{out}/filtered.gtxt", "--deals", "0.."),
    "filter-binary": ("filter", "{input}", "-o", "{out}/filtered.grec", "--dedupe"),
    "split": ("split", "{input}", "--by", "event", "-o", "{out}/parts"),
    "record-resume": ("record", "-o", "{out}/recorded.grec", "--resume", "{input}"),
}
#: the commands that take no input file
NO_INPUT = {"games", "schema", "simulate", "arena"}

# -- what each input is, beyond broken ----------------------------------------------------------
#: every record reads, but the rules refuse it
ILLEGAL = {
    "binary-action-seat-9.grec",
    "binary-card-int-200.grec",
    "binary-dealer-negative.grec",
    "json-first-seat-7.json",
    "json-newline-in-name-illegal.json",
}
#: a binary frame whose header reads though its body does not (ls reads headers alone)
HEADER_READS = {"binary-body-not-msgpack.grec", "binary-counts-wrong.grec", "binary-unknown-game.grec"}
#: a record that reads and may be valid (none now: an integer over 64 bits in the rules, which
#: the binary form cannot hold, makes its record unreadable in every command: issue 31)
MAY_BE_VALID: set[str] = set()
#: some records read, some do not
MIXED = {"jsonl-one-good-one-bad.jsonl", "jsonl-bad-line-then-good-line.jsonl"}
NOT_VERIFYING = {"ls", "export-json", "export-csv", "export-text", "export-html", "export-parquet",
                 "convert-grec", "convert-gtxt", "salvage", "filter", "filter-binary", "split"}  # fmt: skip
VERIFYING = {
    "validate",
    "score",
    "score-standings",
    "score-json",
    "ratings",
    "replay-all",
    "stats",
    "stats-json",
}


def may_succeed(command: str, name: str) -> bool:
    """Whether exit 0 is right for this pair (see the module's docstring)."""
    return (
        name in MAY_BE_VALID
        or (name in ILLEGAL and command in NOT_VERIFYING)
        # header selectors read headers alone, and binary frames are copied undecoded
        or (name in HEADER_READS and command in ("ls", "filter-binary", "split"))
        or (name == "jsonl-one-good-one-bad.jsonl" and command in ("replay-all", "export-html"))
    )


def may_keep_output(command: str, name: str) -> bool:
    """Whether a failing run may still write: salvage keeps what reads (exit 1), parquet
    and the report leave out what does not (exit 2), CSV and text exports write a record
    the rules refuse as far as it goes, and the HTML page shows it with its verdict (exit 1)."""
    return (command in ("salvage", "export-parquet", "report") and name in MIXED) or (
        command in ("export-csv", "export-text", "export-html") and name in ILLEGAL | MAY_BE_VALID
    )


# -- the bugs found ------------------------------------------------------------------------------
_ALL = set(COMMANDS)
UNREADABLE = set(INPUTS) - ILLEGAL - MAY_BE_VALID - MIXED - {MISSING, "dir-without-records"}
#: (inputs, commands, reason): the first that holds a pair marks it xfail(strict=True)
KNOWN_BUGS: list[tuple[set[str], set[str], str]] = [
    # none open. Fixed: an integer over 64 bits in a rules block (OverflowError in the
    # content hash), ls on JSON nested 1400 deep (RecursionError), messages quoting a
    # 3000-letter card code or game id whole (lines now cut at 400 characters), a newline
    # in a player name splitting a message (now shown as ⏎), parquet writing empty files
    # or leaving its folder when nothing reads, record --resume taking a journal step the
    # rules refuse.
]


def known_bug(command: str, name: str) -> str | None:
    for names, commands, reason in KNOWN_BUGS:
        if name in names and command in commands:
            return reason
    return None


def pairs() -> list[object]:
    out = []
    for name in INPUTS:
        for command in COMMANDS:
            if command == "record-resume" and (name == RESUMABLE or name in RESUMED_UP_TO_DAMAGE):
                continue
            reason = known_bug(command, name)
            marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
            out.append(pytest.param(command, name, marks=marks, id=f"{command}:{name}"))
    return out


# -- running a command ----------------------------------------------------------------------------
class Hang(BaseException):
    """A command still running after HANG seconds (not an Exception: the CLI lets it through)."""


def _hang(signum: int, frame: object) -> None:
    raise Hang(f"still running after {HANG} s")


def run(*args: str | Path) -> Result:
    """The command's result; a command that hangs fails the test (where SIGALRM exists)."""
    alarm = hasattr(signal, "SIGALRM")
    if alarm:
        previous = signal.signal(signal.SIGALRM, _hang)
        signal.alarm(HANG)
    try:
        result = RUNNER.invoke(app, [str(a) for a in args], prog_name="gamerec")
    finally:
        if alarm:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, previous)
    # the CLI turns every error into a line and an exit code: nothing may escape it
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def place(name: str, folder: Path) -> Path:
    """A copy of the input ``name`` in ``folder`` (commands may write next to it), or its
    path there when it is the missing one."""
    folder.mkdir()
    target = folder / name
    source = CORPUS / name
    if name in GENERATED:
        target.write_bytes(GENERATED[name])
    elif source.is_dir():
        shutil.copytree(source, target)
    elif name != MISSING:
        shutil.copyfile(source, target)
    return target


def snapshot(path: Path) -> dict[str, bytes] | None:
    """The bytes of a file, or of every file of a folder, by relative path; None if missing."""
    if path.is_dir():
        return {str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()}
    return {"": path.read_bytes()} if path.exists() else None


#: how a stderr line may start besides the input's path: gamerec's own errors ("gamerec: ...",
#: "gamerec export: ..." for a usage error)
GAMEREC_LINE = re.compile(r"gamerec(?: [a-z]+)?: \S")
#: the summary line of filter, split and ls
SELECT_SUMMARY = re.compile(
    r"\d+ of \d+ records matched|no record of \d+ matched|split \d+ records into|\d+ records? listed"
)


def check_stderr(stderr: str, command: str, input_path: Path) -> None:
    """Each line of stderr is one whole message: it starts with the input's path (a file in
    it, for a folder) or with ``gamerec``; ``export --to parquet`` and ``report`` add their
    ``wrote ...`` summary line. No blank lines, none over MAX_LINE characters."""
    starts = (f"{input_path}:", f"{input_path}/")
    lines = stderr.rstrip("\n").split("\n") if stderr.strip() else []
    for line in lines:
        assert len(line) <= MAX_LINE, f"a stderr line of {len(line)} characters: {line[:200]}..."
        ok = (
            line.startswith(starts)
            or GAMEREC_LINE.match(line) is not None
            or (command in ("export-parquet", "report") and line.startswith("wrote "))
            or (command.startswith(("filter", "split", "ls")) and SELECT_SUMMARY.match(line) is not None)
        )
        assert ok, f"not one message a line: {line!r} in\n{stderr}"


# -- the tests --------------------------------------------------------------------------------------
def test_every_command_with_an_input_is_run() -> None:
    """A new command with an input joins COMMANDS (or NO_INPUT)."""
    click_app = typer.main.get_command(app)
    assert isinstance(click_app, typer.core.TyperGroup)
    assert set(click_app.commands) == {args[0] for args in COMMANDS.values()} | NO_INPUT


def test_the_corpus_is_small_and_described() -> None:
    readme = (CORPUS / "README.md").read_text()
    described = set(re.findall(r"^- `([^`]+?)/?`: \S", readme, re.MULTILINE))
    files = {n for n in INPUTS if n not in GENERATED and n != MISSING}
    assert described == files
    assert len(files) >= 25
    assert all(p.stat().st_size < 4096 for p in CORPUS.rglob("*") if p.is_file() and p.name != "README.md")


@pytest.mark.parametrize(("command", "name"), pairs())
def test_a_broken_input_fails_cleanly(command: str, name: str, tmp_path: Path) -> None:
    input_path = place(name, tmp_path / "in")
    out = tmp_path / "out"
    out.mkdir()
    before = snapshot(input_path)
    args = [a.format(input=input_path, out=out) for a in COMMANDS[command]]

    r = run(*args)

    where = f"gamerec {' '.join(args)}\nexit {r.exit_code}\nstdout:\n{r.stdout[-2000:]}\nstderr:\n{r.stderr}"
    assert r.exit_code != 3, where
    assert r.exit_code in ((0, 1, 2) if may_succeed(command, name) else (1, 2)), where
    assert "Traceback" not in r.stdout + r.stderr, where
    if r.exit_code != 0:
        assert r.stderr.strip(), where
    check_stderr(r.stderr, command, input_path)
    # the input as it was, and nothing made next to it
    assert snapshot(input_path) == before, where
    assert sorted(p.name for p in input_path.parent.iterdir()) == ([] if before is None else [name]), where
    # no temporary file left anywhere, and no output of a failed run
    assert not [p for p in tmp_path.rglob(".*.tmp")], where
    written = sorted(p.name for p in out.iterdir())
    if r.exit_code != 0 and not may_keep_output(command, name):
        assert written == [], where
    if r.exit_code == 0 and "{out}" in " ".join(COMMANDS[command]):
        assert written, where


def journal_lines(path: Path) -> list[object]:
    return [msgspec.json.decode(line) for line in path.read_bytes().splitlines() if line.strip()]


def test_a_journal_cut_by_a_crash_resumes_and_stays_readable(tmp_path: Path) -> None:
    """A journal whose last line was cut (killed while writing) resumes from its last whole
    line (docs/notation.md); what the resumed recording appends must keep it readable."""
    journal = place(RESUMABLE, tmp_path / "in")
    out = tmp_path / "out"
    out.mkdir()
    first = run("record", "-o", out / "recorded.grec", "--resume", journal)
    assert first.exit_code == 1, first.stderr
    assert "nothing is lost" in first.stdout
    again = run("record", "-o", out / "recorded.grec", "--resume", journal)
    assert again.exit_code == 1, again.stderr
    assert len(journal_lines(journal)) == 7  # header, deal 1 and its 4 actions, deal 2


@pytest.mark.parametrize("name", ["gtxt-bad-card.gtxt", "gtxt-bad-line.gtxt", "gtxt-unknown-version.gtxt"])
def test_ls_tells_what_is_wrong_with_a_text_notation_file(name: str, tmp_path: Path) -> None:
    path = place(name, tmp_path / "in")
    listed = run("ls", path)
    validated = run("validate", "-j", "1", path)
    assert listed.exit_code == validated.exit_code == 2
    assert "JSON" not in listed.stderr
    # the same reason as validate gives (ls leaves out the [code])
    reason = validated.stderr.split(": unreadable: ", 1)[1].rsplit(" [", 1)[0]
    assert reason in listed.stderr
