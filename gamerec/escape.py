"""Text from records made safe to show. Each way out has one function, and record text
reaches that way out through it alone:

- a terminal (and the text export): :func:`terminal_text`: no control character, escape
  sequence, bidirectional control or line separator gets through; each shows as a visible
  stand-in (``�``, or ``⏎`` for a line break);
- a CSV cell: :func:`csv_cell` (and :func:`csv_table`, which writes every cell through it): the
  terminal's stand-ins, then a leading ``'`` where a spreadsheet would read a formula;
- JSON: :func:`json_inert`: lossless, but the characters a terminal would act on are written
  as ``\\u`` escapes (``\\u202e``), so JSON printed to a terminal is inert too;
- a command line to paste into a shell: :func:`shell_word`: one word the shell reads back as
  the same bytes, whatever they are.

The record itself always keeps the text exactly as written; only what is shown changes.
"""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Iterable, Sequence

__all__ = [
    "LINE_BREAK",
    "STAND_IN",
    "CsvFields",
    "csv_cell",
    "csv_field",
    "csv_line",
    "csv_table",
    "json_inert",
    "shell_word",
    "strip_controls",
    "terminal_text",
]

#: what shows in place of an escape sequence, a control or an invisible direction mark
STAND_IN = "\ufffd"
#: what shows in place of a line break (CR, LF, CR LF, NEL, U+2028, U+2029, VT, FF...)
LINE_BREAK = "⏎"

# the characters a terminal (or a reader of the text) acts on rather than shows: C0 and C1
# controls and DEL, the Unicode bidirectional controls (embeddings, overrides, isolates, marks),
# the line and paragraph separators, and lone surrogates (which cannot even be encoded)
_BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
_ACTIVE = f"\\x00-\\x1f\\x7f-\\x9f{_BIDI}\\u2028\\u2029\\ud800-\\udfff"

# the patterns are compiled when first needed (most text is printable and needs none; they
# took 2 ms of every command's start-up)
_SEQUENCE = (
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]"  # CSI (colours, cursor moves, clearing the screen)
    # OSC (window titles, OSC 8 hyperlinks), DCS, SOS, PM and APC strings, ended by BEL or ST
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)"
    r"|\x1b[ -/]*[0-~]"  # any other escape (and the start of an unterminated one)
)
_LINE_BREAKS = r"\r\n|[\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]"


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The escape sequences, the line breaks and the active characters, compiled."""
    return re.compile(_SEQUENCE), re.compile(_LINE_BREAKS), re.compile(f"[{_ACTIVE}]")


def terminal_text(text: str) -> str:
    """``text`` as it may reach a terminal: each escape sequence (CSI, OSC, DCS...; an
    unterminated one loses its introducer) becomes one ``�``, each line break ``⏎``, and
    every other control character, bidirectional control or lone surrogate ``�``. The
    result holds no control character at all, not even a tab or newline: the program
    alone lays out lines.

    >>> terminal_text("\\x1b]0;PWNED\\x07\\x1b[2J\\x1b[31mEve")
    '���Eve'
    >>> terminal_text("Ann\\r\\n=1\\u202eevil")
    'Ann⏎=1�evil'
    """
    if text.isprintable():  # no control, format or separator character (but the space)
        return text
    sequence, line_breaks, active = _patterns()
    text = sequence.sub(STAND_IN, text)
    text = line_breaks.sub(LINE_BREAK, text)
    return active.sub(STAND_IN, text)


def name_text(name: str) -> str:
    """A file name as text that every encoder takes (Arrow, JSON, MessagePack): the bytes
    of a name that are not UTF-8, which Python holds as lone surrogates (PEP 383), as
    ``\\xNN``; any other name as it is.

    >>> import os
    >>> name_text("games/ok.grec")
    'games/ok.grec'
    >>> name_text(os.fsdecode(b"bad\\xff.json"))
    'bad\\\\xff.json'
    """
    try:
        name.encode()
    except UnicodeEncodeError:
        try:
            return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        except UnicodeEncodeError:  # a surrogate no file name decodes to
            return name.encode("utf-8", "backslashreplace").decode()
    return name


def strip_controls(text: str) -> str:
    """``text`` without terminal control sequences, controls (tabs and newlines stay),
    bidirectional controls or separators: for the HTML page, whose text the browser shows.

    >>> strip_controls("\\x1b]0;pwned\\x07Eve \\x1b[31mRed\\u202e")
    'Eve Red'
    """
    if text.isprintable():
        return text
    sequence, _, active = _patterns()
    return active.sub(lambda m: m[0] if m[0] in "\t\n" else "", sequence.sub("", text))


#: what makes a spreadsheet read a cell as a formula (OWASP's list for CSV injection)
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """``value`` for a CSV cell: a number (int, float or Decimal, for a fixed number of
    decimals) stays the number it is; anything else is text, and goes through
    :func:`terminal_text` (so a cell never holds a line break, a CR or an escape sequence)
    and gets a leading ``'`` where a spreadsheet would read it as a formula, and so does
    each piece after a separator of any locale (``,``, ``;``, a tab).

    >>> csv_cell('=HYPERLINK("http://x")'), csv_cell("Ann\\r=1+1"), csv_cell(-3), csv_cell(None)
    ('\\'=HYPERLINK("http://x")', 'Ann⏎=1+1', -3, '')
    """
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    decimal = sys.modules.get("decimal")  # a Decimal exists only once decimal is imported
    if decimal is not None and isinstance(value, decimal.Decimal):
        return value
    text = terminal_text("" if value is None else str(value))
    if _SEPARATOR.search(text):  # each piece a locale's separator would cut, guarded too
        return "".join(_guarded(piece) for piece in _SEPARATOR.split(text))
    return _guarded(text)


def _guarded(piece: str) -> str:
    return "'" + piece if piece.startswith(_FORMULA_START) else piece


#: the separators of CSV in some locale (a comma, a semicolon, a tab), kept by the split
_SEPARATOR = re.compile("([,;\t])")


def csv_field(value: object) -> str:
    """``value`` as the text of one CSV field: :func:`csv_cell`, then in double quotes (a
    ``"`` doubled) where it holds ``"`` or the separator of any locale (``,``, ``;``, a tab),
    so that a spreadsheet reading ``;`` as the separator keeps it one cell. (:func:`csv_cell`
    leaves no line break or CR to quote.) Numbers are written as Python writes them.

    >>> csv_field('say "hi", Bo'), csv_field("=1+1"), csv_field(2.5), csv_field(None)
    ('"say ""hi"", Bo"', "'=1+1", '2.5', '')
    >>> print(csv_field("x;=1+1"))
    "x;'=1+1"
    """
    text = csv_cell(value)
    if type(text) is not str:
        return str(text)
    if '"' in text or _SEPARATOR.search(text):  # (a comma, or the separator of another locale)
        return '"' + text.replace('"', '""') + '"'
    return text


class CsvFields(dict[str, str]):
    """The CSV field of each text (:func:`csv_field`), made on first use and kept: a table
    repeats its texts (names, kinds, card codes, words), so ``fields[text]`` is mostly a
    lookup. It keeps up to a few thousand, then starts again.

    >>> fields = CsvFields()
    >>> fields["Ann, Bo"], fields["@SUM(A1)"], len(fields)
    ('"Ann, Bo"', "'@SUM(A1)", 2)
    """

    __slots__ = ()

    def __missing__(self, text: str) -> str:
        if len(self) >= _CELLS_KEPT:
            self.clear()
        got = self[text] = csv_field(text)
        return got


def csv_line(cells: Sequence[object], fields: CsvFields | None = None) -> str:
    """One CSV line (ended by ``\\n``) of ``cells``, each through :func:`csv_field`; a text
    through ``fields`` when given (made once for the table). A line of one empty cell is
    ``""``, so that it still reads as one cell.

    >>> print(csv_line(["Ann", "a,b", -3, None, "=x"]), end="")
    Ann,"a,b",-3,,'=x
    """
    if fields is None:
        fields = CsvFields()
    line = ",".join(
        [fields[v] if type(v) is str else str(v) if type(v) is int else csv_field(v) for v in cells]
    )
    return (line or ('""' if len(cells) == 1 else "")) + "\n"


def csv_table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A CSV table, lines ended by ``\\n``, every cell through :func:`csv_field`: the only way
    text reaches a CSV export. (A cell holding ``,`` or ``"`` is quoted, as CSV has it.)

    >>> print(csv_table(["player", "score"], [["Ann\\r=cmd|' /C calc'!A0", -3]]), end="")
    player,score
    Ann⏎=cmd|' /C calc'!A0,-3
    """
    fields = CsvFields()
    return csv_line(header, fields) + "".join([csv_line(row, fields) for row in rows])


#: How many texts a :class:`CsvFields` keeps made at once.
_CELLS_KEPT = 4096


# what JSON may carry as a \u escape but never raw: C1 controls and DEL (msgspec escapes C0
# already), the bidirectional controls and the line and paragraph separators
_JSON_ACTIVE = f"[\\x7f-\\x9f{_BIDI}\\u2028\\u2029]"


def json_inert(text: str) -> str:
    """JSON text (as msgspec writes it) with every C1 control, DEL, bidirectional control
    and line or paragraph separator written as a ``\\u`` escape (``\\u2028``): the same JSON value,
    inert on a terminal. Outside its strings JSON holds none of these, so escaping them
    wherever they are is safe.

    >>> json_inert('{"name": "\\u202eEve\\x9b"}')
    '{"name": "\\\\u202eEve\\\\u009b"}'
    """
    if text.isascii() and "\x7f" not in text:
        return text
    return re.sub(_JSON_ACTIVE, lambda m: f"\\u{ord(m[0]):04x}", text)


def shell_word(text: str) -> str:
    """``text`` (a file name, as Python holds one: bytes that are not UTF-8 as surrogate
    escapes) as one word that bash, zsh and ksh read back as the same bytes: ``shlex``'s
    quoting where it is printable UTF-8 text, else ANSI-C quoting (``$'n\\xffx.grec'``) with
    ``\\xNN`` for each byte that is not printable ASCII. Either way the word is inert on a
    terminal (ASCII where it holds anything a terminal could act on)."""
    import os
    import shlex

    data = os.fsencode(text)
    try:
        printable = data.decode("utf-8").isprintable()
    except UnicodeDecodeError:
        printable = False
    if printable and terminal_text(text) == text:
        return shlex.quote(text)
    out = []
    for byte in data:
        char = chr(byte)
        if char in "\\'":
            out.append("\\" + char)
        elif 0x20 <= byte < 0x7F:
            out.append(char)
        else:
            out.append(f"\\x{byte:02x}")
    return "$'" + "".join(out) + "'"
