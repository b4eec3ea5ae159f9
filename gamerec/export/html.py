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
  table, the lines, the step and event texts, "step i of N · deal d"), with buttons
  (First, Back, Play/Pause, Next, Last), keys (arrows, Home, End, space), a slider over
  all steps and an SVG chart of the running scores of each scoring side;
- the verdict's message at the end.

Text from the record reaches the page only through ``textContent`` (never as markup),
and what Python writes into the HTML itself (the title and heading) is escaped, so a
player called ``<script>alert(1)</script>`` is shown as such. Terminal control characters
are removed as the terminal replay removes them. The same record gives the same bytes.

>>> from gamerec.simulate import simulate
>>> page = html_replay(next(simulate("blackball", players=3, games=1, seed=1)))
>>> page.startswith("<!DOCTYPE html>"), 'id="gamerec-data"' in page, "https://" in page
(True, True, False)

Why one module of over 500 lines: about 390 of them are the page's CSS and JavaScript, in
strings; issue 14 moves them to package data files that a browser developer can lint.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re

import msgspec

from ..engine import View
from ..errors import FormatError
from ..escape import json_inert, strip_controls
from ..format.record import Record
from ..games import get_game
from ..present import Replay

__all__ = ["html_replay"]


class _Step(msgspec.Struct):
    deal: int
    index: int
    text: str
    event_texts: list[str]
    view: View


class _Side(msgspec.Struct):
    name: str
    seats: list[int]


class _Page(msgspec.Struct):
    game: str
    players: list[str]
    #: how cards are drawn: "french", "taroc", "forest" or "" (codes as they are)
    deck: str
    deal_word: str
    source: str
    #: the seat the game is shown as (other hands hidden), or None
    seat: int | None
    meta: list[tuple[str, str]]
    sides: list[_Side]
    steps: list[_Step]
    verdict_status: str
    verdict: str


_DECKS = {
    "French": "french",
    "French with jokers and Black Swan": "french",
    "Dridge Taroc": "taroc",
    "forest": "forest",
}


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


def _page_data(record: Record, source: str, index: int, seat: int | None) -> _Page:
    replay = Replay(record, seat=seat, source=source, index=index)
    steps = [_Step(s.deal, s.index, s.text, s.event_texts, s.view) for s in replay]
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
        deck, deal_word = _DECKS.get(game.deck.name, ""), game.deal_word
    except FormatError:
        deck, deal_word = "", "deal"
    m = record.meta
    meta = [
        (k, v) for k, v in (("event", m.event), ("site", m.site), ("date", m.date), ("round", m.round)) if v
    ]
    return _Page(
        game=str(record.game),
        players=players,
        deck=deck,
        deal_word=deal_word,
        source=source,
        seat=seat,
        meta=meta,
        sides=sides,
        steps=steps,
        verdict_status=verdict.status,
        verdict=verdict.message(),
    )


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def html_replay(record: Record, source: str = "-", index: int = 0, seat: int | None = None) -> str:
    """One self-contained HTML page that replays ``record`` step by step (see the module's
    docstring). ``source`` and ``index`` name the record in the verdict's message;
    ``seat`` shows the game as that player saw it, the other hands hidden."""
    page = _page_data(record, source, index, seat)
    heading = f"{page.game} · {', '.join(page.players)}"
    title = html.escape(strip_controls(f"{heading} · gamerec replay"))
    csp = (
        f"default-src 'none'; script-src {_sha256(_SCRIPT)}; style-src {_sha256(_STYLE)}; "
        "base-uri 'none'; form-action 'none'"
    )
    parts = {
        "CSP": csp,
        "TITLE": title,
        "HEADING": html.escape(strip_controls(heading)),
        "STYLE": _STYLE,
        "SCRIPT": _SCRIPT,
        "DATA": _script_json(page),
    }
    # one pass: what is put in is never searched for placeholders again
    return _PLACEHOLDER.sub(lambda m: parts[m[1]], _TEMPLATE)


_PLACEHOLDER = re.compile(r"\{\{([A-Z]+)\}\}")

_TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{{CSP}}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="gamerec">
<title>{{TITLE}}</title>
<style>{{STYLE}}</style>
</head>
<body>
<header>
<h1 id="heading">{{HEADING}}</h1>
<p id="meta"></p>
</header>
<main id="app" data-step="0">
<section id="board">
<h2 id="view-title"></h2>
<div id="seats"></div>
<div id="table-box"><span class="label">Table</span><div id="table"></div></div>
<table id="lines"></table>
<div id="step-box">
<p id="step-text"></p>
<ul id="events"></ul>
</div>
</section>
<nav id="controls" aria-label="replay controls">
<button type="button" id="first" title="First step (Home)">« First</button>
<button type="button" id="back" title="Previous step (←)">‹ Back</button>
<button type="button" id="play" title="Play or pause (space)" aria-pressed="false">▶ Play</button>
<button type="button" id="next" title="Next step (→)">Next ›</button>
<button type="button" id="last" title="Last step (End)">Last »</button>
<span id="position"><span id="step-pos"></span> · <span id="deal-pos"></span></span>
<input type="range" id="slider" min="0" max="0" value="0" step="1" aria-label="step">
</nav>
<section id="chart-box">
<h2>Scores</h2>
<svg id="chart" viewBox="0 0 720 220" role="img" aria-label="running scores"></svg>
<ul id="legend"></ul>
</section>
<footer>
<p id="verdict"></p>
</footer>
</main>
<script type="application/json" id="gamerec-data">{{DATA}}</script>
<script>{{SCRIPT}}</script>
</body>
</html>
"""

_STYLE = """
:root { --felt: #1f5f3f; --ink: #1b1b1b; --muted: #666; --card: #fffdf7; }
* { box-sizing: border-box; }
body { margin: 0; font-family: "DejaVu Sans", system-ui, sans-serif; color: var(--ink); background: #eef1ee; }
header { padding: 0.6em 1em; background: #173d2a; color: #fff; }
header h1 { margin: 0; font-size: 1.25em; overflow-wrap: anywhere; }
#meta { margin: 0.2em 0 0; color: #cfe3d6; font-size: 0.9em; }
#meta:empty { display: none; }
main { padding: 0.8em 1em; max-width: 1100px; }
h2 { font-size: 1.05em; margin: 0 0 0.5em; }
#board { background: #fff; border: 1px solid #cdd5cf; border-radius: 8px; padding: 0.8em; }
#seats { display: grid; gap: 0.3em; }
.seat { display: grid; grid-template-columns: 1.4em minmax(6em, 11em) 1fr minmax(6em, 14em) 4em;
  align-items: center; gap: 0.5em; padding: 0.3em 0.4em; border-radius: 6px; }
.seat.to-move { background: #fff4cc; }
.marker { color: #c07000; font-weight: bold; }
.seat-no { color: var(--muted); font-size: 0.8em; margin-right: 0.3em; }
.seat-name { font-weight: bold; overflow-wrap: anywhere; }
.seat-info { color: #444; font-size: 0.88em; overflow-wrap: anywhere; }
.seat-score { text-align: right; font-weight: bold; font-variant-numeric: tabular-nums; }
.hand { display: flex; flex-wrap: wrap; gap: 3px; min-height: 2.4em; align-items: center; }
.hidden-hand { color: var(--muted); font-style: italic; }
.empty { color: #aaa; }
.card { display: inline-flex; align-items: center; justify-content: center; min-width: 2.3em;
  height: 2.3em; padding: 0 0.25em; border: 1px solid #8a8a8a; border-radius: 5px; background: var(--card);
  font-weight: bold; font-size: 0.95em; box-shadow: 0 1px 1px rgba(0, 0, 0, 0.15); white-space: nowrap; }
.card.red { color: #c8102e; }
.card.black { color: #111; }
.card.joker { color: #6a1b9a; background: #f3e5f5; }
.card.swan { color: #fff; background: #111; border-color: #000; }
.card.t-B { color: #2e7d32; } .card.t-H { color: #c8102e; } .card.t-C { color: #a67c00; }
.card.t-G { color: #1565c0; } .card.t-P { color: #6a1b9a; } .card.t-O { color: #5d4037; }
.card.major { background: #fff3d6; border-color: #b08a2e; }
.card.m-VO { color: #8d5a00; } .card.m-CR { color: #2e7d32; } .card.m-ST { color: #455a64; }
.card.m-MY { color: #6a1b9a; } .card.m-EL { color: #c62828; } .card.m-AS { color: #1565c0; }
.card.f-R { color: #fff; background: #c62828; } .card.f-B { color: #fff; background: #1565c0; }
.card.f-G { color: #fff; background: #2e7d32; } .card.f-Y { color: #222; background: #fdd835; }
.card.f-K { color: #fff; background: #222; }
#table-box { margin-top: 0.6em; padding: 0.5em; background: var(--felt); border-radius: 8px; color: #fff;
  display: flex; gap: 0.8em; align-items: center; min-height: 3.6em; }
#table-box .label { font-weight: bold; }
#table { display: flex; flex-wrap: wrap; gap: 0.8em; align-items: center; }
.play { display: flex; align-items: center; gap: 4px; }
.play-name { font-size: 0.85em; color: #e6f2ea; overflow-wrap: anywhere; }
#lines { margin-top: 0.6em; border-collapse: collapse; font-size: 0.92em; }
#lines th { text-align: left; padding: 0.1em 1em 0.1em 0; color: #333; }
#lines td { overflow-wrap: anywhere; }
#step-box { margin-top: 0.6em; border-top: 1px solid #e0e4e1; padding-top: 0.5em; }
#step-text { margin: 0; font-weight: bold; font-size: 1.05em; overflow-wrap: anywhere; }
#events { margin: 0.3em 0 0; padding: 0; list-style: none; color: #00607a; }
#events li::before { content: "→ "; }
#controls { display: flex; flex-wrap: wrap; gap: 0.4em; align-items: center; margin: 0.8em 0; }
#controls button { font: inherit; padding: 0.3em 0.7em; border-radius: 5px; border: 1px solid #8aa396;
  background: #fff; cursor: pointer; }
#controls button:disabled { opacity: 0.45; cursor: default; }
#controls button[aria-pressed="true"] { background: #ffe9a8; }
#position { margin: 0 0.6em; font-variant-numeric: tabular-nums; }
#slider { flex: 1 1 16em; min-width: 10em; }
#chart-box { background: #fff; border: 1px solid #cdd5cf; border-radius: 8px; padding: 0.8em; }
#chart { width: 100%; max-width: 720px; height: auto; display: block; cursor: crosshair; }
#chart .axis { stroke: #bbb; stroke-width: 1; }
#chart .zero { stroke: #888; stroke-dasharray: 4 3; }
#chart .tick { font-size: 11px; fill: #555; }
#chart .series { fill: none; stroke-width: 2; }
#chart #chart-marker { stroke: #c07000; stroke-width: 1.5; }
#legend { list-style: none; padding: 0; margin: 0.4em 0 0; display: flex; flex-wrap: wrap; gap: 1em; }
.swatch { display: inline-block; width: 1.2em; height: 0.35em; margin-right: 0.35em; vertical-align: middle; }
#verdict { margin: 0.8em 0 0; padding: 0.4em 0.6em; border-radius: 6px; background: #e8f5e9;
  overflow-wrap: anywhere; }
#verdict[data-status="illegal"], #verdict[data-status="unreadable"] { background: #ffebee; }
#verdict[data-status="incomplete"], #verdict[data-status="mismatch"] { background: #fff8e1; }
#verdict.current { font-weight: bold; outline: 2px solid #c07000; }
"""

_SCRIPT = r"""
"use strict";
(() => {
  const data = JSON.parse(document.getElementById("gamerec-data").textContent);
  const steps = data.steps;
  const N = steps.length;
  const $ = (id) => document.getElementById(id);
  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const COLOURS = ["#1565c0", "#c62828", "#2e7d32", "#ef6c00", "#6a1b9a", "#00838f", "#5d4037", "#ad1457"];
  const FRENCH = { C: ["\u2663", "black", "clubs"], D: ["\u2666", "red", "diamonds"],
                   H: ["\u2665", "red", "hearts"], S: ["\u2660", "black", "spades"] };
  const TAROC_SUITS = { B: "Buds", H: "Hearts", C: "Coins", G: "Goblets", P: "Pentacles", O: "Bones" };
  const TAROC_MAJORS = { VO: "Vocations", CR: "Creatures", ST: "Structures", MY: "Mysteries",
                         EL: "Elements", AS: "Astro" };
  const FOREST = { R: "red", B: "blue", G: "green", Y: "yellow", K: "black" };

  // label, classes and tooltip of a card code
  function face(code) {
    if (code === "BS") return [code, "swan", "Black Swan"];
    if (data.deck === "french") {
      if (code === "JK") return [code, "joker", "joker"];
      const suit = FRENCH[code.slice(-1)];
      if (suit) {
        const rank = code.slice(0, -1);
        return [(rank === "T" ? "10" : rank) + suit[0], suit[1], code + " (" + suit[2] + ")"];
      }
    } else if (data.deck === "taroc") {
      const major = TAROC_MAJORS[code.slice(0, 2)];
      if (major && /^\d+$/.test(code.slice(2))) return [code, "major m-" + code.slice(0, 2), major];
      const suit = TAROC_SUITS[code.slice(-1)];
      if (suit) return [code, "t-" + code.slice(-1), suit];
    } else if (data.deck === "forest") {
      const colour = FOREST[code.charAt(0)];
      if (colour) return [code, "f-" + code.charAt(0), colour];
    }
    return [code, "", code];
  }

  function card(code) {
    const [label, cls, tip] = face(code);
    const e = el("span", "card" + (cls ? " " + cls : ""), label);
    e.dataset.code = code;
    e.title = tip;
    return e;
  }

  // -- static parts ------------------------------------------------------------------------
  const meta = $("meta");
  const metaParts = data.meta.map((kv) => kv[1]);
  if (data.seat !== null) {
    const who = data.players[data.seat];
    metaParts.push("as seen by seat " + data.seat + (who === undefined ? "" : " (" + who + ")"));
  }
  meta.textContent = metaParts.join(" · ");
  const verdict = $("verdict");
  verdict.textContent = data.verdict;
  verdict.dataset.status = data.verdict_status;

  const slider = $("slider");
  slider.max = String(Math.max(N - 1, 0));

  // -- the chart ---------------------------------------------------------------------------
  const chart = $("chart");
  const SVG = chart.namespaceURI;
  const W = 720, H = 220, L = 48, R = 10, T = 10, B = 24;
  const svg = (tag, attrs, text) => {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const sideScore = (step, side) => {
    const sv = step.view.seats[side.seats[0]];
    return sv === undefined ? 0 : sv.score;
  };
  let lo = 0, hi = 0;
  for (const s of steps) for (const side of data.sides) {
    const v = sideScore(s, side);
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  if (hi === lo) hi = lo + 1;
  const xOf = (i) => L + (N > 1 ? (i * (W - L - R)) / (N - 1) : 0);
  const yOf = (v) => T + ((hi - v) * (H - T - B)) / (hi - lo);
  chart.appendChild(svg("line", { class: "axis", x1: L, y1: T, x2: L, y2: H - B }));
  chart.appendChild(svg("line", { class: "axis", x1: L, y1: H - B, x2: W - R, y2: H - B }));
  chart.appendChild(svg("line", { class: "zero", x1: L, y1: yOf(0), x2: W - R, y2: yOf(0) }));
  for (const v of new Set([hi, 0, lo])) {
    const attrs = { class: "tick", x: L - 6, y: yOf(v) + 4, "text-anchor": "end" };
    chart.appendChild(svg("text", attrs, String(v)));
  }
  chart.appendChild(svg("text", { class: "tick", x: L, y: H - 6 }, "step 1"));
  chart.appendChild(svg("text", { class: "tick", x: W - R, y: H - 6, "text-anchor": "end" }, "step " + N));
  const legend = $("legend");
  data.sides.forEach((side, k) => {
    const colour = COLOURS[k % COLOURS.length];
    // a score holds until the step that changes it
    const points = [];
    steps.forEach((s, i) => {
      const y = yOf(sideScore(s, side)).toFixed(1);
      if (i > 0) points.push(xOf(i).toFixed(1) + "," + yOf(sideScore(steps[i - 1], side)).toFixed(1));
      points.push(xOf(i).toFixed(1) + "," + y);
    });
    const line = svg("polyline", { class: "series", points: points.join(" "), stroke: colour });
    line.dataset.side = String(k);
    line.appendChild(svg("title", {}, side.name));
    chart.appendChild(line);
    const item = el("li", "legend-item");
    item.dataset.side = String(k);
    const sw = el("span", "swatch");
    sw.style.background = colour;
    item.appendChild(sw);
    item.appendChild(el("span", "legend-name", side.name));
    legend.appendChild(item);
  });
  const marker = svg("line", { id: "chart-marker", x1: xOf(0), y1: T, x2: xOf(0), y2: H - B });
  chart.appendChild(marker);
  chart.addEventListener("click", (ev) => {
    const box = chart.getBoundingClientRect();
    if (N < 2 || box.width === 0) return;
    const x = ((ev.clientX - box.left) * W) / box.width;
    go(Math.round(((x - L) * (N - 1)) / (W - L - R)));
  });

  // -- one step ----------------------------------------------------------------------------
  let cur = 0;
  let timer = null;

  function render(i) {
    const step = steps[i];
    const view = step.view;
    $("view-title").textContent = view.title;
    const seats = $("seats");
    seats.replaceChildren();
    const names = {};
    for (const sv of view.seats) {
      names[sv.seat] = sv.name;
      const row = el("div", "seat" + (view.to_move === sv.seat ? " to-move" : ""));
      row.dataset.seat = String(sv.seat);
      row.appendChild(el("span", "marker", view.to_move === sv.seat ? "\u25b6" : ""));
      const who = el("span", "seat-who");
      who.appendChild(el("span", "seat-no", String(sv.seat)));
      who.appendChild(el("span", "seat-name", sv.name));
      row.appendChild(who);
      const hand = el("div", "hand");
      if (sv.hand === null) hand.appendChild(el("span", "hidden-hand", "hidden"));
      else if (sv.hand.length === 0) hand.appendChild(el("span", "empty", "\u2014"));
      else for (const c of sv.hand) hand.appendChild(card(c));
      row.appendChild(hand);
      row.appendChild(el("span", "seat-info", sv.info));
      row.appendChild(el("span", "seat-score", String(sv.score)));
      seats.appendChild(row);
    }
    const table = $("table");
    table.replaceChildren();
    let play = null, last = null;
    for (const [s, c] of view.table) {
      if (play === null || last !== s) {
        play = el("div", "play");
        play.dataset.seat = String(s);
        play.appendChild(el("span", "play-name", names[s] === undefined ? "seat " + s : names[s]));
        table.appendChild(play);
        last = s;
      }
      play.appendChild(card(c));
    }
    if (view.table.length === 0) table.appendChild(el("span", "empty", "\u2014"));
    const lines = $("lines");
    lines.replaceChildren();
    for (const [label, value] of view.lines) {
      const tr = el("tr", "line");
      tr.appendChild(el("th", "", label));
      tr.appendChild(el("td", "", value));
      lines.appendChild(tr);
    }
    $("step-text").textContent = step.text;
    const events = $("events");
    events.replaceChildren();
    for (const t of step.event_texts) events.appendChild(el("li", "event", t));
    $("step-pos").textContent = "step " + (i + 1) + " of " + N;
    $("deal-pos").textContent = "deal " + (step.deal + 1);
  }

  function go(i) {
    if (N === 0) return;
    cur = Math.min(Math.max(Number.isFinite(i) ? Math.trunc(i) : 0, 0), N - 1);
    render(cur);
    slider.value = String(cur);
    marker.setAttribute("x1", String(xOf(cur)));
    marker.setAttribute("x2", String(xOf(cur)));
    marker.dataset.step = String(cur);
    $("app").dataset.step = String(cur);
    $("first").disabled = $("back").disabled = cur === 0;
    $("next").disabled = $("last").disabled = cur === N - 1;
    verdict.classList.toggle("current", cur === N - 1);
    if (cur === N - 1) stop();
  }

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    const b = $("play");
    b.textContent = "\u25b6 Play";
    b.setAttribute("aria-pressed", "false");
  }

  function toggle() {
    if (timer !== null) { stop(); return; }
    if (N < 2) return;
    if (cur === N - 1) go(0);
    timer = setInterval(() => (cur >= N - 1 ? stop() : go(cur + 1)), 1000);
    const b = $("play");
    b.textContent = "\u275a\u275a Pause";
    b.setAttribute("aria-pressed", "true");
  }

  $("first").addEventListener("click", () => go(0));
  $("back").addEventListener("click", () => go(cur - 1));
  $("next").addEventListener("click", () => go(cur + 1));
  $("last").addEventListener("click", () => go(N - 1));
  $("play").addEventListener("click", toggle);
  slider.addEventListener("input", () => go(Number(slider.value)));
  const KEYS = { ArrowRight: () => go(cur + 1), ArrowLeft: () => go(cur - 1),
                 Home: () => go(0), End: () => go(N - 1), " ": toggle };
  document.addEventListener("keydown", (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const act = KEYS[ev.key];
    if (act === undefined) return;
    ev.preventDefault();
    if (!ev.repeat || ev.key !== " ") act();
  });
  // a focused button would take the space bar as a click as well
  document.addEventListener("keyup", (ev) => { if (ev.key === " ") ev.preventDefault(); });

  if (N === 0) {
    $("view-title").textContent = "no steps";
    $("step-pos").textContent = "step 0 of 0";
    $("deal-pos").textContent = "no deal";
    for (const id of ["first", "back", "play", "next", "last"]) $(id).disabled = true;
    slider.disabled = true;
    verdict.classList.add("current");
  } else {
    go(0);
  }
})();
"""
