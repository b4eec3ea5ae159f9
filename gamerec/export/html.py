"""A record as one self-contained HTML page that replays it in a browser.

The page holds everything it needs inline and loads nothing (no scripts, fonts, images
or style sheets from elsewhere; a Content-Security-Policy forbids any fetch):

- the steps of :class:`gamerec.present.Replay` as JSON in
  ``<script type="application/json" id="gamerec-data">``: per step its deal, index, text,
  event texts and view (title, seats with name, hand, info and running score, the table,
  the lines and the seat to move), plus the game, players, deck, scoring sides and the
  verdict; ``<``, ``>`` and ``&`` are written as ``\\u003c``, ``\\u003e`` and ``\\u0026``
  so no text of the record can end the script;
- a small script that shows one step at a time (cards drawn as cards, the seats, the
  table, the lines, the step and event texts, "step i of N · round d" in the game's word), with buttons
  (First, Back, Play/Pause, Next, Last), keys (arrows, Home, End, space, ``t``/``T`` next
  and previous trick, ``d``/``D`` next and previous deal, as :func:`gamerec.present.move`
  moves; listed on the page), a slider over all steps and an SVG chart of the running
  totals of each scoring side (the stepper's totals after each scored deal, in ``totals``):
  the deals by number along x, the score up y, a line per side in its own colour
  (:func:`page_line_style`: Okabe-Ito colours, each with its own dash pattern and point shape,
  the first lines drawn wider so that lines on top of each other still show), a grey marker
  at the current step, a legend with each side's total at that step, and as wide as the
  page (drawn again when it resizes);
- the verdict's message at the top, then the controls, which sit above everything that
  changes from step to step so that they never move; the source is named by its file name
  only.

Text from the record reaches the page only through ``textContent`` (never as markup),
and what Python writes into the HTML itself (the title and heading) is escaped, so a
player called ``<script>alert(1)</script>`` is shown as such. Terminal control characters
are removed as the terminal replay removes them. The same record gives the same bytes.

>>> from gamerec.bots import simulate
>>> page = html_replay(next(simulate("blackball", players=3, games=1, seed=1)))
>>> page.startswith("<!DOCTYPE html>"), 'id="gamerec-data"' in page, "https://" in page
(True, True, False)

The page's markup, style sheet and script are package data files beside this module
(``page/replay.html``, ``page/replay.css``, ``page/replay.js``), which a browser developer can
open and lint; they are inlined when a page is written, and the Content-Security-Policy
allows exactly their hashes.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from collections.abc import Iterable
from functools import cache
from importlib.resources import files

import msgspec

from ..cards import Deck
from ..errors import FormatError
from ..escape import json_inert, strip_controls
from ..events import DealScored
from ..games import get_game
from ..present import Replay, check_seat
from ..record import Record
from ..view import View

__all__ = ["html_replay"]


class _Step(msgspec.Struct):
    deal: int
    index: int
    text: str
    event_texts: list[str]
    view: View
    #: whether the step's events end a trick (or a table of cards): the `t`/`T` keys' stops
    trick_end: bool


class _Side(msgspec.Struct):
    name: str
    seats: list[int]
    #: the side's line in the chart: its colour and SVG dash pattern ("" solid)
    colour: str = ""
    dash: str = ""


class _Total(msgspec.Struct):
    """The running totals (one per side) once deal ``deal`` (from 0) was scored at ``step``."""

    deal: int
    step: int
    totals: list[int]


class _Page(msgspec.Struct):
    game: str
    players: list[str]
    #: how the record's cards are drawn, by code: label, style classes and name (its deck's
    #: looks, :class:`gamerec.cards.CardLook`); a code not here is drawn as it is
    faces: dict[str, tuple[str, str, str]]
    deal_word: str
    source: str
    #: the seat the game is shown as (other hands hidden), or None
    seat: int | None
    meta: list[tuple[str, str]]
    sides: list[_Side]
    steps: list[_Step]
    #: the chart's points: the stepper's running totals after each scored deal
    totals: list[_Total]
    verdict_status: str
    verdict: str


def _faces(deck: Deck, cards: Iterable[int]) -> dict[str, tuple[str, str, str]]:
    """How each of ``cards`` is drawn (its look's label, family and name), by code, in the
    deck's order. ``cards`` are every card of the game (what its rules deal from), never the
    record's own: a page shown as one seat would otherwise give away the cards the others
    held and never played (and a forest stock's cards never turned)."""
    faces = {}
    for card in sorted(c for c in cards if type(c) is int and deck.is_card(c)):
        code = deck.codes[card]
        label, family, name, _ = deck.look(code)
        faces[code] = (label, family, name)
    return faces


def _clean(value: object) -> object:
    """``value`` (builtins) with control characters removed from every string."""
    if isinstance(value, str):
        return strip_controls(value)
    if isinstance(value, list | tuple):
        return [_clean(v) for v in value]
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    return value


def _script_json(page: _Page) -> str:
    """The page's data as JSON that is safe inside a <script> element."""
    text = json_inert(msgspec.json.encode(_clean(msgspec.to_builtins(page))).decode())
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


def _unmarked(view: View) -> View:
    """``view`` without its trumps: the page does not mark them (yet), so its data does not
    carry them."""
    return msgspec.structs.replace(view, trumps=None) if view.trumps is not None else view


def _page_data(record: Record, source: str, index: int, seat: int | None, read: bool) -> _Page:
    replay = Replay(record, seat=seat, source=source, index=index, read=read)
    replay_steps = list(replay)
    steps = [
        _Step(s.deal, s.index, s.text, s.event_texts, _unmarked(s.view), any(e.ends_trick for e in s.events))
        for s in replay_steps
    ]
    verdict = replay.verdict
    assert verdict is not None
    state = replay.state
    players = list(record.players)
    if state is not None:
        sides = [
            _Side(name, list(members)) for name, members in zip(state.sides, state.members(), strict=True)
        ]
    else:
        sides = [_Side(name, [i]) for i, name in enumerate(players)]
    try:
        game = get_game(record.game)
        in_game = state.cards_in_game() if state is not None else game.deck.card_set
        faces, deal_word = _faces(game.deck, in_game), game.deal_word
    except FormatError:
        faces, deal_word = {}, "deal"
    for k, side in enumerate(sides):
        side.colour, side.dash = page_line_style(k)
    totals = [
        _Total(e.deal, i, list(e.totals))
        for i, s in enumerate(replay_steps)
        for e in s.events
        if isinstance(e, DealScored) and len(e.totals) == len(sides)
    ]
    m = record.meta
    meta = [
        (k, v) for k, v in (("event", m.event), ("site", m.site), ("date", m.date), ("round", m.round)) if v
    ]
    return _Page(
        game=str(record.game),
        players=players,
        faces=faces,
        deal_word=deal_word,
        source=source,
        seat=seat,
        meta=meta,
        sides=sides,
        steps=steps,
        totals=totals,
        verdict_status=verdict.status,
        verdict=verdict.message(),
    )


#: Okabe and Ito's colours for colour-blind readers (their yellow left out: too pale on white)
PALETTE = ("#0072b2", "#e69f00", "#009e73", "#d55e00", "#cc79a7", "#56b4e9", "#000000")
#: each colour again with another dash pattern, so that lines on top of each other still show
DASHES = ("", "8 4", "2 3", "10 3 2 3")


def page_line_style(k: int) -> tuple[str, str]:
    """The colour and dash pattern of the chart's ``k``-th line (from 0): Okabe-Ito colours,
    each with its own dash pattern (the first solid); past seven lines, hues a golden angle
    apart. No line is grey, the marker's colour.

    >>> page_line_style(0), page_line_style(1), page_line_style(9)
    (('#0072b2', ''), ('#e69f00', '8 4'), ('hsl(158 70% 38%)', '8 4'))
    """
    dash = DASHES[k % len(DASHES)]
    if k < len(PALETTE):
        return PALETTE[k], dash
    return f"hsl({round(k * 137.508) % 360} 70% 38%)", dash


def file_name(source: str) -> str:
    """``source`` without its directory, whichever separator it was typed with.

    >>> file_name("/home/ann/games/x.json"), file_name("..\\\\games\\\\y.grec"), file_name("-")
    ('x.json', 'y.grec', '-')
    """
    return re.split(r"[\\/]", source.rstrip("\\/"))[-1] or source


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def html_replay(
    record: Record, source: str = "-", index: int = 0, seat: int | None = None, *, read: bool = False
) -> str:
    """One self-contained HTML page that replays ``record`` step by step (see the module's
    docstring). ``source`` and ``index`` name the record in the verdict's message;
    ``seat`` shows the game as that player saw it, the other hands hidden; ``read``: the
    record came from gamerec's reader (see :class:`gamerec.present.Replay`). Only the file name
    of ``source`` reaches the page, never its directory (as typed, it may say where the
    person keeps their files)."""
    template, style, script = _assets()
    check_seat(seat, len(record.players))
    page = _page_data(record, file_name(source), index, seat, read)
    heading = f"{page.game} · {', '.join(page.players)}"
    title = html.escape(strip_controls(f"{heading} · gamerec replay"))
    csp = (
        f"default-src 'none'; script-src {_sha256(script)}; style-src {_sha256(style)}; "
        "base-uri 'none'; form-action 'none'"
    )
    parts = {
        "CSP": csp,
        "TITLE": title,
        "HEADING": html.escape(strip_controls(heading)),
        "STYLE": style,
        "SCRIPT": script,
        "DATA": _script_json(page),
    }
    # one pass: what is put in is never searched for placeholders again
    return _PLACEHOLDER.sub(lambda m: parts[m[1]], template)


_PLACEHOLDER = re.compile(r"\{\{([A-Z]+)\}\}")


@cache
def _assets() -> tuple[str, str, str]:
    """The page's markup (with ``{{NAME}}`` placeholders), style sheet and script, read once
    from the package's data files."""
    page = files(__package__).joinpath("page")

    def read(kind: str) -> str:
        return page.joinpath(f"replay.{kind}").read_text(encoding="utf-8")

    return read("html"), read("css"), read("js")
