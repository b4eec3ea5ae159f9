"""Journals written by gamerec 0.2.0 still resume, to the same recording (issue 32: the
journal's entries became typed Structs, with the same keys on disk). Each journal in
``journals/`` holds every kind of entry (a deal with typed or unknown hands, actions,
notes, stock cards, hands rebuilt from the plays, reopen, each undo, and gamerec 0.1's
``{"undo": 1}``); ``<name>.expected.json`` is what it resumed to when it was written."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import msgspec
import pytest

from gamerec.format.jsonform import codec
from gamerec.recording.recorder import Recorder

JOURNALS = Path(__file__).with_name("journals")
NAMES = sorted(p.name for p in JOURNALS.glob("*.journal"))


def _resumed(name: str, tmp_path: Path) -> tuple[str, bytes]:
    path = tmp_path / name
    shutil.copy(JOURNALS / name, path)
    rec = Recorder.resume(path)
    try:
        record = rec.record()
        state = rec.status()
    finally:
        rec.close()
    assert path.read_bytes() == (JOURNALS / name).read_bytes()  # (resuming writes nothing)
    return state, msgspec.json.encode(codec(record.game).to_struct(record), order="sorted")


@pytest.mark.parametrize("name", NAMES)
def test_a_journal_of_0_2_0_resumes_as_it_did(name: str, tmp_path: Path) -> None:
    state, record = _resumed(name, tmp_path)
    expected = JOURNALS / f"{name}.expected.json"
    if os.environ.get("GAMEREC_GOLDEN") == "update":
        expected.write_bytes(
            msgspec.json.format(
                msgspec.json.encode({"status": state, "record": msgspec.json.decode(record)}, order="sorted")
            )
            + b"\n"
        )
    want = msgspec.json.decode(expected.read_bytes())
    assert want == {"status": state, "record": msgspec.json.decode(record)}


def test_there_are_journals_of_every_kind_of_entry() -> None:
    keys = set()
    for name in NAMES:
        for line in (JOURNALS / name).read_text().splitlines()[1:]:
            entry = msgspec.json.decode(line)
            keys |= {f"undo {entry['undo']}" if "undo" in entry else next(iter(entry))}
    assert keys >= {"deal", "action", "note", "stock", "hands", "reopen"} | {
        f"undo {w}" for w in ("action", "note", "stock", "deal", 1)
    }


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ({"deal": 0, "x": 1}, "not a journal entry: ['deal', 'x']"),
        ({"deal": 0, "action": "0 play R3"}, "not a journal entry: ['action', 'deal']"),
        ({"action": 1}, "the action: expected `str`, got `int`"),
        ({"deal": True}, "the deal's seat: expected `int`, got `bool`"),
        ({"undo": 1.0}, "what to undo: expected `int | str`, got `float`"),
        ([1], "not a journal entry"),
    ],
)
def test_a_line_that_is_no_entry_says_why(line: object, said: str) -> None:
    from gamerec.games import get_game
    from gamerec.recording.journal_entries import entry_of

    with pytest.raises(ValueError) as caught:
        entry_of(line, get_game("forest"))
    assert str(caught.value) == said
