
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
  if (data.source !== "-") {
    const source = el("span", "", data.source);
    source.id = "source";
    meta.appendChild(source);
    if (metaParts.length) metaParts.unshift("");
  }
  if (metaParts.length) meta.appendChild(document.createTextNode(metaParts.join(" · ")));
  $("keys-deal").textContent = data.deal_word;
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
  // a trick ends at a step whose events end one; a deal starts at a step without an action
  const starts = (j) => steps[j].index === -1;
  const ends = (j) => steps[j].trick_end;
  const after = (test) => {
    for (let j = cur + 1; j < N; j++) if (test(j)) return j;
    return N - 1;
  };
  const before = (test) => {
    for (let j = cur - 1; j >= 0; j--) if (test(j)) return j;
    return 0;
  };
  const KEYS = { ArrowRight: () => go(cur + 1), ArrowLeft: () => go(cur - 1),
                 Home: () => go(0), End: () => go(N - 1), " ": toggle,
                 t: () => go(after(ends)), T: () => go(before(ends)),
                 d: () => go(after(starts)), D: () => go(before(starts)) };
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
