// The Alfredopoly board: 40 spaces as the classic square ring, drawn in SVG.
// It only draws what Python sends (spaces, players, property states, heat) and reports
// clicks; it decides no rules. All names are set as SVG text nodes (textContent).

const V = 1000; // viewBox size
const CORNER = 130; // corner square and ring depth
const CELL = (V - 2 * CORNER) / 9; // width of a side space
const BAND = 26; // colour band depth
const GROUP_BANDS = {
  railroad: "#3b3b3b",
  utility: "#8c8c8c",
};

// Where space i sits: its box and how its local frame (width w, depth h, band on the
// inner edge at local top) is turned into the ring.
function placement(i) {
  if (i % 10 === 0) {
    const corners = { 0: [V - CORNER, V - CORNER], 10: [0, V - CORNER], 20: [0, 0], 30: [V - CORNER, 0] };
    const [x, y] = corners[i];
    return { corner: true, x, y, w: CORNER, h: CORNER, transform: `translate(${x},${y})` };
  }
  const k = (i % 10) - 1; // 0..8 along the side, clockwise
  if (i < 10) {
    const x = V - CORNER - (k + 1) * CELL;
    return { x, y: V - CORNER, w: CELL, h: CORNER, transform: `translate(${x},${V - CORNER})` };
  }
  if (i < 20) {
    const y = V - CORNER - (k + 1) * CELL;
    // local top (band) faces right, toward the centre
    return { x: 0, y, w: CORNER, h: CELL, transform: `translate(${CORNER},${y}) rotate(90)` };
  }
  if (i < 30) {
    const x = CORNER + k * CELL;
    // top row: drawn upright, band at the bottom (toward the centre)
    return { x, y: 0, w: CELL, h: CORNER, flip: true, transform: `translate(${x},0)` };
  }
  const y = CORNER + k * CELL;
  return { x: V - CORNER, y, w: CORNER, h: CELL, transform: `translate(${V - CORNER},${y + CELL}) rotate(-90)` };
}

// Greedy word wrap to lines of at most `max` characters (long words stay whole).
function wrap(text, max) {
  const lines = [];
  let line = "";
  // a hyphenated word may break after its hyphen ("Binns-" / "Merrill")
  const words = String(text).split(/\s+/).flatMap((w) => (w.length > max ? w.split(/(?<=-)/) : [w]));
  for (const word of words.filter(Boolean)) {
    const sep = line.endsWith("-") ? "" : " ";
    if (line && (line + sep + word).length > max) {
      lines.push(line);
      line = word;
    } else {
      line = line ? line + sep + word : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function multiline(parent, x, y, lines, size, attrs = {}) {
  const text = gkSvg("text", { x, y, "font-size": size, "text-anchor": "middle", ...attrs }, parent);
  lines.forEach((line, n) => {
    const span = gkSvg("tspan", { x, dy: n === 0 ? 0 : size * 1.12 }, text);
    span.textContent = line;
  });
  return text;
}

function heatColour(t) {
  // white -> amber -> deep red, readable on a projector
  const stops = [[255, 252, 235], [255, 226, 140], [250, 163, 84], [236, 98, 68]];
  const u = Math.max(0, Math.min(1, t)) * (stops.length - 1);
  const a = stops[Math.floor(u)], b = stops[Math.min(stops.length - 1, Math.floor(u) + 1)];
  const f = u - Math.floor(u);
  const c = a.map((v, n) => Math.round(v + (b[n] - v) * f));
  return `rgb(${c[0]},${c[1]},${c[2]})`;
}

function formatValue(value, fmt) {
  if (value === null || value === undefined || Number.isNaN(value)) return "";
  if (fmt === "percent") return (100 * value).toFixed(value < 0.1 ? 2 : 1) + "%";
  if (fmt === "money") return "$" + value.toFixed(value < 10 ? 2 : 0);
  return Math.abs(value) < 10 ? value.toFixed(2) : value.toFixed(0);
}

function kindLine(space) {
  if (space.kind === "tax") return `pay ${gkMoney(space.tax)}`;
  if (space.kind === "street" || space.kind === "railroad" || space.kind === "utility") {
    return gkMoney(space.price);
  }
  return "";
}

function drawSculptures(g, w, y, count) {
  if (count >= 5) {
    const s = gkSvg("g", { class: "gk-statue" }, g);
    gkSvg("rect", { x: w / 2 - 16, y: y + 4, width: 32, height: BAND - 8, rx: 3 }, s);
    gkText(s, w / 2, y + BAND - 8, "★", { "font-size": 14, "text-anchor": "middle", class: "gk-statue-star" });
    return;
  }
  const step = w / 4.6;
  for (let n = 0; n < count; n++) {
    const x = w / 2 - ((count - 1) * step) / 2 + n * step;
    gkSvg("path", {
      class: "gk-sculpture",
      d: `M${x - 7},${y + BAND - 5} L${x - 7},${y + 11} L${x},${y + 5} L${x + 7},${y + 11} L${x + 7},${y + BAND - 5} Z`,
    }, g);
  }
}

function drawSpace(layer, space, pl, view) {
  const g = gkSvg("g", { class: "gk-space", transform: pl.transform, "data-index": space.index, tabindex: 0 }, layer);
  g.setAttribute("role", "button");
  g.setAttribute("aria-label", `${space.index}: ${space.name}`);
  const title = gkSvg("title", {}, g);
  title.textContent = `${space.index}  ${space.name}`;
  const w = pl.corner ? CORNER : CELL;
  const h = CORNER;
  const heat = view.heat[space.index];
  const bg = view.hasHeat && heat !== null && heat !== undefined ? heatColour(view.scale(heat)) : null;
  gkSvg("rect", { class: "gk-space-bg", x: 0, y: 0, width: w, height: h, ...(bg ? { style: `fill:${bg}` } : {}) }, g);
  const state = view.spaces[space.index] || {};
  const bandY = pl.flip ? h - BAND : 0;
  if (space.kind === "street" && space.colour) {
    gkSvg("rect", { class: "gk-band", x: 0, y: bandY, width: w, height: BAND, style: `fill:${space.colour}` }, g);
    drawSculptures(g, w, bandY, state.sculptures || 0);
  } else if (GROUP_BANDS[space.kind]) {
    gkSvg("rect", { class: "gk-band gk-band-org", x: 0, y: bandY + (pl.flip ? BAND - 7 : 0), width: w, height: 7, style: `fill:${GROUP_BANDS[space.kind]}` }, g);
  }
  if (pl.corner) {
    const lines = wrap(space.name, 12);
    const nameY = space.kind === "jail" ? h * 0.58 + 22 : h / 2 - ((lines.length - 1) * 15) / 2 + 4;
    multiline(g, w / 2, nameY, lines, 14, { class: "gk-name gk-corner-name" });
    if (space.kind === "jail") {
      // the cell for players *in* Academic Probation, apart from "just visiting"
      const hj = view.heat[40];
      const fill = view.hasHeat && hj !== null && hj !== undefined ? heatColour(view.scale(hj)) : null;
      gkSvg("rect", { class: "gk-jail-cell", x: w * 0.42, y: 0, width: w * 0.58, height: h * 0.58, ...(fill ? { style: `fill:${fill}` } : {}) }, g);
      gkText(g, w * 0.71, 14, "in jail", { "font-size": 11, "text-anchor": "middle", class: "gk-small" });
      if (view.hasHeat && hj !== null && hj !== undefined) {
        gkText(g, w * 0.71, h * 0.58 - 8, formatValue(hj, view.heatFormat), { "font-size": 12, "text-anchor": "middle", class: "gk-heat-value" });
      }
    }
  } else {
    const nameY = pl.flip ? 27 : BAND + 17;
    const lines = wrap(space.name, 10).slice(0, 4);
    const longest = Math.max(...lines.map((l) => l.length));
    const size = Math.min(13, (w - 6) / (longest * 0.68));
    multiline(g, w / 2, nameY, lines, size, { class: "gk-name" });
    const priceY = pl.flip ? h - BAND - 8 : h - 14;
    const price = kindLine(space);
    if (price) gkText(g, w / 2, priceY, price, { "font-size": 13, "text-anchor": "middle", class: "gk-price" });
  }
  if (view.hasHeat && heat !== null && heat !== undefined && space.kind !== "jail") {
    const y = pl.corner ? h - 14 : pl.flip ? h - BAND - 26 : h - 28;
    gkText(g, w / 2, y, formatValue(heat, view.heatFormat), { "font-size": 12, "text-anchor": "middle", class: "gk-heat-value" });
  }
  if (state.owner !== null && state.owner !== undefined) {
    const player = view.players[state.owner] || {};
    const oy = pl.flip ? 0 : h - 11;
    gkSvg("rect", { class: "gk-owner", x: 0, y: oy, width: w, height: 11, style: `fill:${player.colour || "#444"}` }, g);
  }
  if (state.mortgaged) {
    gkSvg("rect", { class: "gk-mortgaged", x: 0, y: 0, width: w, height: h }, g);
    gkText(g, w / 2, h / 2 + 26, "MORTGAGED", { "font-size": 10, "text-anchor": "middle", class: "gk-mortgage-mark" });
  }
  gkSvg("rect", { class: "gk-outline", x: 0, y: 0, width: w, height: h }, g);
  return g;
}

// Token centre for player n at a space; tokens in Probation go in the cell.
function tokenSpot(index, inJail, n, count) {
  const pl = placement(index);
  const cx = pl.x + pl.w / 2, cy = pl.y + pl.h / 2;
  if (index === 10 && inJail) {
    return [pl.x + CORNER * 0.71 + ((n % 2) - 0.5) * 28, pl.y + 34 + Math.floor(n / 2) * 28];
  }
  if (index === 10) {
    // just visiting: along the outer edges
    return [pl.x + 20, pl.y + 18 + (n % 3) * 26];
  }
  if (pl.corner) {
    // corners: a row of tokens under the name
    return [pl.x + pl.w / 2 + (n - (count - 1) / 2) * 26, pl.y + pl.h - 22];
  }
  const angle = (2 * Math.PI * n) / Math.max(count, 1);
  const r = count > 1 ? 17 : 0;
  return [cx + r * Math.cos(angle), cy + r * Math.sin(angle) + 8];
}

function drawTokens(layer, view) {
  const at = new Map();
  view.players.forEach((p, n) => {
    if (p.bankrupt || p.position === null || p.position === undefined) return;
    const key = `${p.position}:${p.in_jail ? 1 : 0}`;
    if (!at.has(key)) at.set(key, []);
    at.get(key).push(n);
  });
  for (const [key, seats] of at) {
    const [pos, jail] = key.split(":").map(Number);
    seats.forEach((seat, k) => {
      const p = view.players[seat];
      const [x, y] = tokenSpot(pos, jail === 1, k, seats.length);
      const t = gkSvg("g", { class: "gk-token" + (seat === view.current ? " gk-token-current" : ""), "data-player": seat }, layer);
      gkSvg("circle", { cx: x, cy: y, r: 13, style: `fill:${p.colour || "#444"}` }, t);
      gkText(t, x, y + 5, (p.name || "?").slice(0, 1).toUpperCase(), { "font-size": 14, "text-anchor": "middle", class: "gk-token-letter" });
      const title = gkSvg("title", {}, t);
      title.textContent = p.name || "";
    });
  }
}

function drawDie(parent, x, y, size, value) {
  const g = gkSvg("g", { class: "gk-die" }, parent);
  gkSvg("rect", { x, y, width: size, height: size, rx: size * 0.16 }, g);
  const pips = {
    1: [[0.5, 0.5]], 2: [[0.27, 0.27], [0.73, 0.73]], 3: [[0.27, 0.27], [0.5, 0.5], [0.73, 0.73]],
    4: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]],
    5: [[0.27, 0.27], [0.73, 0.27], [0.5, 0.5], [0.27, 0.73], [0.73, 0.73]],
    6: [[0.27, 0.25], [0.73, 0.25], [0.27, 0.5], [0.73, 0.5], [0.27, 0.75], [0.73, 0.75]],
  };
  if (pips[value]) {
    for (const [px, py] of pips[value]) gkSvg("circle", { cx: x + px * size, cy: y + py * size, r: size * 0.09, class: "gk-pip" }, g);
  } else {
    gkText(g, x + size / 2, y + size * 0.68, value, { "font-size": size * 0.5, "text-anchor": "middle", class: "gk-die-number" });
  }
}

function deedLines(space, view) {
  const r = space.rents || [];
  const lines = [];
  if (space.kind === "street") {
    const labels = ["Fee", "with 1 sculpture", "with 2 sculptures", "with 3 sculptures", "with 4 sculptures", "with the statue"];
    r.forEach((v, n) => lines.push([labels[n] || `level ${n}`, gkMoney(v)]));
    lines.push(["Sculpture costs", gkMoney(space.building_cost)]);
  } else if (space.kind === "railroad") {
    r.forEach((v, n) => lines.push([`${n + 1} organization${n ? "s" : ""} owned`, gkMoney(v)]));
  } else if (space.kind === "utility") {
    r.forEach((v, n) => lines.push([`${n + 1} owned`, `${v} × dice`]));
  } else if (space.kind === "tax") {
    lines.push(["Pay", gkMoney(space.tax) + (space.tax_percent ? ` or ${space.tax_percent}% of net worth` : "")]);
  } else if (space.kind === "card") {
    lines.push(["Draw a card", space.deck === "email" ? "E-Mail" : "PCC Mail"]);
  }
  if (space.price) {
    lines.unshift(["Price", gkMoney(space.price)]);
    lines.push(["Mortgage value", gkMoney(space.mortgage)]);
  }
  const state = view.spaces[space.index] || {};
  if (state.owner !== null && state.owner !== undefined) {
    const who = (view.players[state.owner] || {}).name || `player ${state.owner}`;
    const extra = state.mortgaged ? " (mortgaged)" : "";
    lines.push(["Owner", who + extra]);
  } else if (space.price) {
    lines.push(["Owner", "the trustees"]);
  }
  const heat = view.heat[space.index];
  if (view.hasHeat && heat !== null && heat !== undefined) {
    lines.push([view.heatLabel || "value", formatValue(heat, view.heatFormat)]);
  }
  return lines;
}

function drawCentre(layer, view, selected) {
  const mid = V / 2;
  const inner = V - 2 * CORNER;
  gkSvg("rect", { class: "gk-centre", x: CORNER, y: CORNER, width: inner, height: inner }, layer);
  const titleLines = wrap(view.title || "Alfredopoly", 28).slice(0, 2);
  multiline(layer, mid, CORNER + 50, titleLines, 32, { class: "gk-title" });
  const diceY = CORNER + 50 + titleLines.length * 36;
  if (view.dice.length) {
    const size = 54, gap = 14;
    const total = view.dice.length * size + (view.dice.length - 1) * gap;
    const g = gkSvg("g", { class: "gk-dice" }, layer);
    view.dice.forEach((d, n) => drawDie(g, mid - total / 2 + n * (size + gap), diceY - 10, size, d));
  }
  if (view.hasHeat) {
    const x0 = mid - 150, y0 = V - CORNER - 62;
    const legend = gkSvg("g", { class: "gk-legend" }, layer);
    gkText(legend, mid, y0 - 10, view.heatLabel || "value", { "font-size": 16, "text-anchor": "middle", class: "gk-legend-title" });
    for (let n = 0; n < 30; n++) {
      gkSvg("rect", { x: x0 + n * 10, y: y0, width: 10.5, height: 16, style: `fill:${heatColour(n / 29)}` }, legend);
    }
    gkSvg("rect", { x: x0, y: y0, width: 300, height: 16, class: "gk-legend-frame" }, legend);
    gkText(legend, x0, y0 + 34, formatValue(view.heatMin, view.heatFormat), { "font-size": 14, "text-anchor": "start" });
    gkText(legend, x0 + 300, y0 + 34, formatValue(view.heatMax, view.heatFormat), { "font-size": 14, "text-anchor": "end" });
  }
  if (selected === null || selected === undefined || !view.board[selected]) {
    if (!view.dice.length) {
      gkText(layer, mid, mid + 6, "Click a space to see its deed", { "font-size": 20, "text-anchor": "middle", class: "gk-hint" });
    }
    return;
  }
  const space = view.board[selected];
  const lines = deedLines(space, view);
  const dw = 330, dh = 96 + lines.length * 27;
  const dx = mid - dw / 2, dy = Math.max(diceY + (view.dice.length ? 60 : 0), mid - dh / 2 + 10);
  const deed = gkSvg("g", { class: "gk-deed", "data-index": space.index }, layer);
  gkSvg("rect", { x: dx, y: dy, width: dw, height: dh, rx: 6, class: "gk-deed-card" }, deed);
  const band = space.colour || GROUP_BANDS[space.kind] || "#e9e2cf";
  gkSvg("rect", { x: dx + 8, y: dy + 8, width: dw - 16, height: 64, style: `fill:${band}`, class: "gk-deed-band" }, deed);
  const dark = space.colour ? isDark(space.colour) : Boolean(GROUP_BANDS[space.kind]);
  gkText(deed, mid, dy + 30, `space ${space.index}`, { "font-size": 13, "text-anchor": "middle", class: dark ? "gk-on-dark" : "gk-on-light" });
  const nameLines = wrap(space.name, 26).slice(0, 2);
  multiline(deed, mid, dy + 52 - (nameLines.length - 1) * 9, nameLines, 19, { class: "gk-deed-name " + (dark ? "gk-on-dark" : "gk-on-light") });
  lines.forEach(([label, value], n) => {
    const y = dy + 100 + n * 27;
    gkText(deed, dx + 20, y, label, { "font-size": 16, class: "gk-deed-label" });
    gkText(deed, dx + dw - 20, y, value, { "font-size": 16, "text-anchor": "end", class: "gk-deed-value" });
  });
}

function isDark(hex) {
  const n = parseInt(hex.slice(1), 16);
  const r = (n >> 16) & 255, g = (n >> 8) & 255, b = n & 255;
  return 0.299 * r + 0.587 * g + 0.114 * b < 140;
}

function render({ model, el }) {
  const root = gkEl("div", "gk-root gk-alfredopoly", null, el);
  const svg = gkSvg("svg", { viewBox: `0 0 ${V} ${V}`, class: "gk-ring", role: "img" }, root);
  const cleanMessage = gkMessage(model, root);
  let selected = model.get("selected");

  const draw = () => {
    const board = model.get("spaces") || [];
    const heat = model.get("heat") || [];
    // the colour scale spans the 40 spaces; "in jail" (index 40) is clamped to it
    const finite = heat.slice(0, 40).filter((v) => typeof v === "number" && Number.isFinite(v));
    const positive = finite.filter((v) => v > 0);
    const heatMax = finite.length ? Math.max(...finite) : 1;
    const heatMin = positive.length ? Math.min(...positive) : 0;
    const span = heatMax - heatMin || 1;
    const view = {
      board,
      title: model.get("title"),
      spaces: model.get("property_states") || [],
      players: model.get("players") || [],
      current: model.get("current"),
      dice: model.get("dice") || [],
      heat,
      hasHeat: finite.length > 0,
      heatMax,
      heatMin,
      scale: (v) => (v <= 0 ? 0 : 0.08 + (0.92 * (v - heatMin)) / span),
      heatLabel: model.get("heat_label"),
      heatFormat: model.get("heat_format"),
    };
    const size = model.get("size");
    svg.setAttribute("width", size);
    svg.setAttribute("height", size);
    svg.setAttribute("aria-label", view.title || "board");
    gkClear(svg);
    const spacesLayer = gkSvg("g", { class: "gk-spaces" }, svg);
    board.forEach((space) => {
      const g = drawSpace(spacesLayer, space, placement(space.index), view);
      if (space.index === selected) g.classList.add("gk-selected");
    });
    drawCentre(svg, view, selected);
    gkSvg("rect", { class: "gk-frame", x: 1, y: 1, width: V - 2, height: V - 2 }, svg);
    drawTokens(gkSvg("g", { class: "gk-tokens" }, svg), view);
    // the selected outline last, so it sits above its neighbours
    if (selected !== null && selected !== undefined && board[selected]) {
      const pl = placement(selected);
      gkSvg("rect", { class: "gk-selection", x: pl.x + 2, y: pl.y + 2, width: pl.w - 4, height: pl.h - 4 }, svg);
    }
  };

  const select = (index) => {
    // answer the click at once, then tell Python
    selected = index;
    draw();
    model.set("selected", index);
    model.save_changes();
  };
  const onClick = (event) => {
    const g = event.target.closest(".gk-space");
    if (g) select(Number(g.getAttribute("data-index")));
  };
  const onKey = (event) => {
    const g = event.target.closest(".gk-space");
    if (!g) return;
    const index = Number(g.getAttribute("data-index"));
    const n = (model.get("spaces") || []).length || 40;
    let next = null;
    if (event.key === "Enter" || event.key === " ") next = index;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") next = (index + 1) % n;
    if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = (index + n - 1) % n;
    if (next === null) return;
    event.preventDefault();
    select(next);
    const focus = svg.querySelector(`.gk-space[data-index="${next}"]`);
    if (focus) focus.focus();
  };
  svg.addEventListener("click", onClick);
  svg.addEventListener("keydown", onKey);
  const onSelected = () => {
    selected = model.get("selected");
    draw();
  };
  const traits = ["spaces", "title", "property_states", "players", "current", "dice", "heat", "heat_label", "heat_format", "size"];
  traits.forEach((t) => model.on(`change:${t}`, draw));
  model.on("change:selected", onSelected);
  draw();
  return () => {
    svg.removeEventListener("click", onClick);
    svg.removeEventListener("keydown", onKey);
    traits.forEach((t) => model.off(`change:${t}`, draw));
    model.off("change:selected", onSelected);
    cleanMessage();
  };
}

export default { render };
