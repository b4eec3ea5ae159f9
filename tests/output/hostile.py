"""A corpus of hostile strings, records that carry them, and the checks that output made from
those records is inert, for the tests of what reaches a terminal, a spreadsheet or another
program (``from hostile import ...`` in tests/output/).

Each line break and tab in the corpus is followed by a marker word (``BRK`` after a line
break, ``TAB`` after a tab), and the markers appear nowhere else: wherever the program shows
the string, the marker must follow the visible stand-in (``⏎``, ``�``), never a real line
break or tab (nor the space or border a table would put after one).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator

import msgspec

from gamerec.bots import simulate
from gamerec.record import Meta, Record

C0 = "".join(chr(c) for c in range(0x20) if chr(c) not in "\t\n\r") + "\x7f"
C1 = "".join(chr(c) for c in range(0x80, 0xA0))
BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"

#: name -> a hostile string (none empty, none with a comma: they also serve as player names
#: typed at ``record -p``)
HOSTILE: dict[str, str] = {
    # C0 and C1 controls, one by one, and NUL
    "c0": f"c0{C0}",
    "c1": f"c1{C1}",
    "nul": "nul\x00x",
    "bel": "bel\x07\x07x",
    # ESC sequences: CSI, OSC (BEL and ST ends), OSC 8 hyperlinks, DCS, unterminated ones
    "csi": "\x1b[2J\x1b[H\x1b[31mEve\x1b[0m",
    "csi-c1": "\x9b2J\x9b31mEve",
    "osc-title-bel": "\x1b]0;PWNED\x07\x1b[2J\x1b[31mEve",
    "osc-title-st": "\x1b]2;PWNED\x1b\\Eve",
    "osc-c1": "\x9d0;PWNED\x9cEve",
    "osc8-link-st": "\x1b]8;;http://evil.example/\x1b\\click me\x1b]8;;\x1b\\",
    "osc8-link-bel": "\x1b]8;;file:///etc/passwd\x07open\x1b]8;;\x07",
    "dcs": "\x1bP1$r0m\x1b\\Eve",
    "dcs-c1": "\x90q#0;2;0;0;0\x9cEve",
    "apc-pm-sos": "\x1b_apc\x1b\\\x1b^pm\x1b\\\x1bXsos\x1b\\Eve",
    "osc-unterminated": "\x1b]0;PWNED-forever",
    "csi-unterminated": "Eve\x1b[31;",
    "esc-alone": "Eve\x1b",
    "esc-charset": "\x1b(0lqqk\x1b(B",
    # line breaks of every kind, and tabs: each must show as a stand-in
    "lf": "Eve\nBRK x.grec: record 1: valid",
    "cr": "Ann\r=cmd|' /C calc'!A0\rBRK",
    "crlf": "a\r\nBRK",
    "cr-formula": "\r=1+1\rBRK",
    "cr-plus": "a\r+1\rBRK",
    "cr-cr-formula": "\r\r=1\rBRK",
    "vt-ff": "v\x0bBRK\x0cBRK",
    "nel": "n\x85BRK",
    "line-separator": "line\u2028BRK",
    "paragraph-separator": "para\u2029BRK",
    "tab": "a\tTAB",
    "tab-formula": "\tTAB=1+1",
    # Unicode bidirectional controls: embeddings, overrides, isolates, marks
    "bidi-override": "\u202eexe.txt\u202c",
    "bidi-all": f"b{BIDI}",
    # spreadsheet formulas and rich markup, for good measure
    "formula-eq": '=HYPERLINK("http://evil","x")',
    "formula-at": "@SUM(A1)",
    "formula-minus": "-3+cmd",
    "formula-plus": "+1+2",
    "markup": "[bold red]x[/bold red] :smile:",
}

NAMES = list(HOSTILE)


def _texts() -> Iterator[str]:
    while True:
        yield from HOSTILE.values()


def hostile_records(count: int | None = None) -> list[Record]:
    """Complete blackball games (3 players) whose player names, notes,
    event, site, date, round, table and tags are the hostile strings: every string is a
    player name somewhere, a note, and a value of each metadata field."""
    strings = list(HOSTILE.values())
    n = count if count is not None else -(-len(strings) // 3)
    texts = _texts()
    out = []
    games = list(simulate("blackball", 3, n, seed=12))
    for i, r in enumerate(games):
        players = [strings[(3 * i + k) % len(strings)] for k in range(3)]
        deals = []
        for d in r.deals:
            actions = [msgspec.structs.replace(a, note=next(texts)) for a in d.actions]
            deals.append(msgspec.structs.replace(d, actions=actions))
        meta = Meta(
            event=next(texts),
            site=next(texts),
            date=next(texts),
            round=next(texts),
            table=next(texts),
            tags={next(texts): next(texts), "plain": next(texts)},
        )
        out.append(msgspec.structs.replace(r, players=players, deals=deals, meta=meta))
    return out


def incomplete(record: Record) -> Record:
    """``record`` stopped in the middle of its last deal."""
    last = record.deals[-1]
    return msgspec.structs.replace(
        record, deals=[*record.deals[:-1], msgspec.structs.replace(last, actions=last.actions[:2])]
    )


def illegal(record: Record) -> Record:
    """``record`` with its second deal's third action played by the wrong seat (the rules
    refuse it: out of turn)."""
    deal = record.deals[1]
    actions = list(deal.actions)
    a = actions[2]
    actions[2] = msgspec.structs.replace(a, seat=(a.seat + 1) % len(record.players))  # type: ignore[attr-defined]
    deals = [record.deals[0], msgspec.structs.replace(deal, actions=actions), *record.deals[2:]]
    return msgspec.structs.replace(record, deals=deals)


# -- the checks ---------------------------------------------------------------------------------
BREAKS = "\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
#: what no output for people may hold: C0 but newline and tab, DEL, C1, bidirectional
#: controls, line and paragraph separators, lone surrogates
_ACTIVE = re.compile(f"[\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f{BIDI}\\u2028\\u2029\\ud800-\\udfff]")
#: a marker right after neither a stand-in nor an escape (``\n``, ``\u2028``: text quoted as
#: JSON, as the recorder echoes a note in the notation): a line break or tab got through
_LEAK = re.compile(r"(?<![⏎\ufffd])(?<!\\[nrt])(?<!\\u[0-9a-f]{4})(?:BRK|TAB)")


def active(text: str) -> list[str]:
    """The characters of ``text`` a terminal would act on (with a little context)."""
    return [repr(text[max(0, m.start() - 10) : m.end() + 10]) for m in _ACTIVE.finditer(text)]


def assert_terminal_inert(text: str, what: str = "") -> None:
    """No control character but newline and tab, no C1, no bidirectional control, no
    separator; and every marker of the corpus right after a stand-in (so no line break or
    tab from a record reached the output, not even inside a table cell)."""
    found = active(text)
    assert not found, f"{what}: active characters reach the output: {found[:5]}"
    leaks = [repr(text[max(0, m.start() - 20) : m.end() + 5]) for m in _LEAK.finditer(text)]
    assert not leaks, f"{what}: a line break or tab from a record reached the output: {leaks[:5]}"


def assert_json_inert(raw: bytes, what: str = "") -> None:
    """JSON bytes that carry no control character (but the layout's newlines), DEL, C1,
    bidirectional control or separator raw: all of them as \\u escapes."""
    text = raw.decode()
    found = [repr(text[max(0, m.start() - 10) : m.end() + 10]) for m in _ACTIVE.finditer(text)]
    assert not found, f"{what}: raw active characters in JSON: {found[:5]}"
    assert "\t" not in text, f"{what}: a raw tab in JSON"


#: what makes a spreadsheet read a cell as a formula
FORMULA = ("=", "+", "-", "@", "\t", "\r")


def assert_csv_inert(text: str, what: str = "") -> list[dict[str, str]]:
    """CSV that is inert on a terminal, whose every line (split at CR, LF or both) starts
    with no formula, and whose every cell holding CR or LF is quoted; returns its rows."""
    assert_terminal_inert(text, what)
    for line in re.split(r"\r\n|\r|\n", text):
        assert not line.startswith(FORMULA), f"{what}: a line starts a formula: {line[:80]!r}"
    rows = list(csv.DictReader(io.StringIO(text, newline="")))
    for row in rows:
        for key, cell in row.items():
            assert isinstance(cell, str), f"{what}: a ragged row {row}"
            assert not cell.startswith(FORMULA), f"{what}: {key} cell {cell[:80]!r} starts a formula"
    # a cell with CR or LF inside is quoted (an unquoted LF would break a row: ragged above)
    inside = False
    for ch in text:
        if ch == '"':
            inside = not inside
        elif ch == "\r":
            assert inside, f"{what}: a CR outside a quoted cell"
    return rows
