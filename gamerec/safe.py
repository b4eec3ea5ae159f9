"""Text from records made safe to show: terminal control sequences removed, spreadsheet
formulas neutralised."""

from __future__ import annotations

import re

__all__ = ["csv_text", "strip_controls"]

_CONTROL = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"  # CSI sequences (colours, cursor moves)
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"  # OSC sequences (window titles, links)
    r"|\x1b[@-_]?"  # other escapes
    r"|[\x00-\x08\x0b-\x1f\x7f-\x9f]"  # C0 and C1 controls but tab and newline
)


def strip_controls(text: str) -> str:
    """``text`` without terminal control sequences or control characters (tabs and
    newlines stay).

    >>> strip_controls("\\x1b]0;pwned\\x07Eve \\x1b[31mRed")
    'Eve Red'
    """
    return _CONTROL.sub("", text)


#: what makes a spreadsheet read a cell as a formula (OWASP's list for CSV injection)
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_text(text: str) -> str:
    """``text`` for a CSV cell: a leading ``'`` when a spreadsheet would read it as a
    formula, so that it shows as the text it is.

    >>> print(csv_text('=HYPERLINK("http://x")'), csv_text("Ann"))
    '=HYPERLINK("http://x") Ann
    """
    return "'" + text if text.startswith(_FORMULA_START) else text
