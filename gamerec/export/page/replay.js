
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
  // label, classes and tooltip of a card code: its deck's look (data.faces), else the code
  function face(code) {
    return Object.prototype.hasOwnProperty.call(data.faces, code) ? data.faces[code] : [code, "", code];
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
  // x runs over the deals (deal d, from 0, spans d..d+1; its label at its end), y is the
  // running total of each scoring side: 0 at the start, then the stepper's totals after each
  // scored deal
  const chart = $("chart");
  const SVG = chart.namespaceURI;
  const H = 240, L = 54, R = 14, T = 12, B = 46;
  const svg = (tag, attrs, text) => {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const DEALS = N > 0 ? steps[N - 1].deal + 1 : 1;
  // where each step is on the x axis: through its deal, the deal's last step at its end
  const stepX = (() => {
    const count = {}, seen = {};
    for (const s of steps) count[s.deal] = (count[s.deal] || 0) + 1;
    return steps.map((s) => {
      const j = seen[s.deal] || 0;
      seen[s.deal] = j + 1;
      const c = count[s.deal];
      return s.deal + (c > 1 ? j / (c - 1) : 1);
    });
  })();
  const totalsAt = (i) => {
    let found = null;
    for (const t of data.totals) if (t.step <= i) found = t.totals;
    return found === null ? data.sides.map(() => 0) : found;
  };
  let lo = 0, hi = 0;
  for (const t of data.totals) for (const v of t.totals) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
  // about five round values (1, 2 or 5 times a power of ten apart) covering lo..hi
  const yTicks = (() => {
    if (hi === lo) hi = lo + 1;
    const raw = (hi - lo) / 5, mag = Math.pow(10, Math.floor(Math.log10(raw)));
    const unit = [1, 2, 5, 10].map((m) => m * mag).find((u) => u >= raw);
    lo = Math.floor(lo / unit) * unit;
    hi = Math.ceil(hi / unit) * unit;
    const out = [];
    for (let v = lo; v <= hi + unit / 2; v += unit) out.push(Math.round(v * 1e6) / 1e6);
    return out;
  })();
  const SHAPES = ["circle", "square", "triangle", "diamond"];
  let W = 720;
  // x = 0 (the start) a little right of the y axis, so that the marker at step 1 shows
  const INSET = 10;
  const xOf = (x) => L + INSET + (x * (W - L - R - INSET)) / DEALS;
  const yOf = (v) => T + ((hi - v) * (H - T - B)) / (hi - lo);
  const dot = (shape, x, y, colour) => {
    const r = 3.5;
    if (shape === "circle") return svg("circle", { cx: x, cy: y, r: r, fill: colour });
    if (shape === "square") return svg("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, fill: colour });
    const pts = shape === "triangle"
      ? [[x, y - r - 1], [x + r + 1, y + r], [x - r - 1, y + r]]
      : [[x, y - r - 1], [x + r + 1, y], [x, y + r + 1], [x - r - 1, y]];
    return svg("polygon", { points: pts.map((p) => p.map((v) => v.toFixed(1)).join(",")).join(" "), fill: colour });
  };
  let marker = null;
  const n = data.sides.length;
  function drawChart() {
    W = Math.max(Math.round(chart.getBoundingClientRect().width) || 720, 240);
    chart.setAttribute("viewBox", "0 0 " + W + " " + H);
    chart.replaceChildren();
    for (const v of yTicks) {
      chart.appendChild(svg("line", { class: v === 0 ? "grid zero" : "grid", x1: L, y1: yOf(v), x2: W - R, y2: yOf(v) }));
      chart.appendChild(svg("text", { class: "tick y-tick", x: L - 6, y: yOf(v) + 4, "text-anchor": "end" }, String(v)));
    }
    // one label per deal, at its end: where its point (the total after it) is drawn
    // (every k-th when they would crowd)
    const every = Math.max(1, Math.ceil((DEALS * 28) / (W - L - R)));
    for (let d = 0; d < DEALS; d++) {
      chart.appendChild(svg("line", { class: "grid", x1: xOf(d + 1), y1: T, x2: xOf(d + 1), y2: H - B }));
      if ((d + 1) % every === 0 || every === 1 || d === 0) {
        chart.appendChild(svg("text", { class: "tick x-tick", x: xOf(d + 1), y: H - B + 16, "text-anchor": "middle" },
          String(d + 1)));
      }
    }
    chart.appendChild(svg("line", { class: "axis", x1: L, y1: T, x2: L, y2: H - B }));
    chart.appendChild(svg("line", { class: "axis", x1: L, y1: H - B, x2: W - R, y2: H - B }));
    chart.appendChild(svg("text", { class: "axis-title x-title", x: (L + W - R) / 2, y: H - 8, "text-anchor": "middle" },
      data.deal_word));
    chart.appendChild(svg("text", { class: "axis-title y-title", x: 0, y: 0, "text-anchor": "middle",
      transform: "translate(14 " + (T + (H - T - B) / 2) + ") rotate(-90)" }, "score"));
    // the first lines drawn wider, so that a line on top of another leaves it showing
    data.sides.forEach((side, k) => {
      const points = [[0, 0], ...data.totals.map((t) => [t.deal + 1, t.totals[k]])];
      const line = svg("polyline", {
        class: "series",
        points: points.map(([x, v]) => xOf(x).toFixed(1) + "," + yOf(v).toFixed(1)).join(" "),
        stroke: side.colour,
        "stroke-width": (2 + Math.min(n - 1 - k, 4) * 1.2).toFixed(1),
      });
      if (side.dash) line.setAttribute("stroke-dasharray", side.dash);
      line.dataset.side = String(k);
      line.appendChild(svg("title", {}, side.name));
      chart.appendChild(line);
      for (const [x, v] of points.slice(1)) {
        const d = dot(SHAPES[k % SHAPES.length], xOf(x), yOf(v), side.colour);
        d.setAttribute("class", "point");
        d.dataset.side = String(k);
        chart.appendChild(d);
      }
    });
    marker = svg("line", { id: "chart-marker", y1: T - 4, y2: H - B });
    chart.appendChild(marker);
    if (N > 0) placeMarker(cur);
  }
  function placeMarker(i) {
    const x = xOf(stepX[i]).toFixed(1);
    marker.setAttribute("x1", x);
    marker.setAttribute("x2", x);
    marker.dataset.step = String(i);
    const now = totalsAt(i);
    document.querySelectorAll("#legend .legend-total").forEach((e, k) => { e.textContent = String(now[k]); });
  }
  const legend = $("legend");
  data.sides.forEach((side, k) => {
    const item = el("li", "legend-item");
    item.dataset.side = String(k);
    const sw = svg("svg", { class: "swatch", viewBox: "0 0 36 12", width: 36, height: 12, "aria-hidden": "true" });
    const l = svg("line", { x1: 1, y1: 6, x2: 35, y2: 6, stroke: side.colour, "stroke-width": 2.5 });
    if (side.dash) l.setAttribute("stroke-dasharray", side.dash);
    sw.appendChild(l);
    sw.appendChild(dot(SHAPES[k % SHAPES.length], 18, 6, side.colour));
    item.appendChild(sw);
    item.appendChild(el("span", "legend-name", side.name));
    item.appendChild(el("span", "legend-total", "0"));
    legend.appendChild(item);
  });
  chart.addEventListener("click", (ev) => {
    const box = chart.getBoundingClientRect();
    if (N < 2 || box.width === 0) return;
    const x = (((ev.clientX - box.left) * W) / box.width - L) * DEALS / (W - L - R);
    let best = 0;
    stepX.forEach((sx, i) => { if (Math.abs(sx - x) < Math.abs(stepX[best] - x)) best = i; });
    go(best);
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
    $("deal-pos").textContent = data.deal_word + " " + (step.deal + 1);
  }

  function go(i) {
    if (N === 0) return;
    cur = Math.min(Math.max(Number.isFinite(i) ? Math.trunc(i) : 0, 0), N - 1);
    render(cur);
    slider.value = String(cur);
    placeMarker(cur);
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

  drawChart();
  // the chart is as wide as the page: drawn again (not stretched) when that changes
  let drawn = W;
  new ResizeObserver(() => {
    if (Math.round(chart.getBoundingClientRect().width) !== drawn) { drawChart(); drawn = W; }
  }).observe(chart);
  if (N === 0) {
    $("view-title").textContent = "no steps";
    $("step-pos").textContent = "step 0 of 0";
    $("deal-pos").textContent = "no " + data.deal_word;
    for (const id of ["first", "back", "play", "next", "last"]) $(id).disabled = true;
    slider.disabled = true;
    verdict.classList.add("current");
  } else {
    go(0);
  }
})();
