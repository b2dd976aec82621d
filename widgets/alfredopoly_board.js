// The Alfredopoly board: 40 spaces as the classic square ring, drawn in SVG.
// It only draws what Python sends (spaces, players, property states, heat) and reports
// clicks; it decides no rules. All names are set as SVG text nodes (textContent).

// The board's geometry, in viewBox units (the board is VH = 1000 units tall): a square
// ring (VW = VH, CX = CY = 130) or, where a square cannot hold readable names in the
// window's height (a projector's 18 px at 1280x720), a wider ring whose top and bottom
// rows are less deep (CY) and wider (CELLX) and whose side columns are deeper (CX, names on
// more lines) than a square's: `wideGeometry`. `useGeometry` sets them for one drawing or
// one check (every board on a page sets its own before it draws).
const V = 1000; // the viewBox's height (and a square's width)
const CORNER = 130; // a square ring's depth
let VW = V; // the viewBox's width
let CX = CORNER; // the left and right columns' depth (and the corners' width)
let CY = CORNER; // the top and bottom rows' depth (and the corners' height)
let CELLX = (VW - 2 * CX) / 9; // the width of a space of the top and bottom rows
let CELLY = (V - 2 * CY) / 9; // the height of a space of the left and right columns
const SQUARE = { vw: V, cx: CORNER, cy: CORNER };
function useGeometry(g) {
  VW = g.vw; CX = g.cx; CY = g.cy;
  CELLX = (VW - 2 * CX) / 9;
  CELLY = (V - 2 * CY) / 9;
}
const BAND = 22; // colour band depth
const LEADING = 1.04; // line spacing, in font sizes
const CHAR = 0.6; // a character's average width, in font sizes (DejaVu Sans, semibold)
// The least a line of a name is condensed to (of its natural width): below it the letters
// of a 14 px label blur into each other from the back of a lecture room (lecturer trial 7)
const LEAST = 0.85;
const PAD = 2; // the room between a corner's text and its sides
// A side space's price keeps GAP of its font size clear of each side, and its name lines
// NAME_GAP, so neighbouring labels stand apart: at least 0.32 of a font size between two
// prices (5.8 px at 18 px: "$200 $180", not "$200$180": lecturer trial 7) and 0.22 between
// two names (4 px). More room for names costs the wide ring its depth: at 1280x720 a 585 px
// tall ring needs 820 px with 0.11 and 1,299 px with 0.12 (its columns then hold names on
// one line only), measured in Chromium.
const GAP = 0.16;
const NAME_GAP = 0.11;
function textRoom(cell, f, gap = GAP) {
  return cell - 2 * Math.max(PAD, gap * f);
}
const GROUP_BANDS = {
  railroad: "#3b3b3b",
  utility: "#8c8c8c",
};

// Where space i sits: its box (x, y, w, h) and how its local frame (width lw along the
// side, depth lh into the board, band on the inner edge at local top) is turned into the
// ring.
function placement(i) {
  if (i % 10 === 0) {
    const corners = { 0: [VW - CX, V - CY], 10: [0, V - CY], 20: [0, 0], 30: [VW - CX, 0] };
    const [x, y] = corners[i];
    return { corner: true, x, y, w: CX, h: CY, lw: CX, lh: CY, transform: `translate(${x},${y})` };
  }
  const k = (i % 10) - 1; // 0..8 along the side, clockwise
  if (i < 10) {
    const x = VW - CX - (k + 1) * CELLX;
    return { x, y: V - CY, w: CELLX, h: CY, lw: CELLX, lh: CY, transform: `translate(${x},${V - CY})` };
  }
  if (i < 20) {
    const y = V - CY - (k + 1) * CELLY;
    // local top (band) faces right, toward the centre
    return { x: 0, y, w: CX, h: CELLY, lw: CELLY, lh: CX, transform: `translate(${CX},${y}) rotate(90)` };
  }
  if (i < 30) {
    const x = CX + k * CELLX;
    // top row: drawn upright, band at the bottom (toward the centre)
    return { x, y: 0, w: CELLX, h: CY, lw: CELLX, lh: CY, flip: true, transform: `translate(${x},0)` };
  }
  const y = CY + k * CELLY;
  return { x: VW - CX, y, w: CX, h: CELLY, lw: CELLY, lh: CX, transform: `translate(${VW - CX},${y + CELLY}) rotate(-90)` };
}

// The width along its side of side space `index` (CELLX on the top and bottom rows).
function cellOf(index) {
  return Math.floor(index / 10) % 2 === 0 ? CELLX : CELLY;
}

// Greedy word wrap to lines of at most `max` characters (the board's title).
function wrap(text, max) {
  const lines = [];
  let line = "";
  for (const word of String(text).split(/\s+/).filter(Boolean)) {
    if (line && (line + " " + word).length > max) {
      lines.push(line);
      line = word;
    } else {
      line = line ? line + " " + word : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

// A name's pieces and how each joins the next: "space" (a line may break there), "hard"
// (after a hyphen of the name: may break, nothing added) or "soft" (a syllable break: a
// hyphen is added if the line breaks there).
function namePieces(text) {
  const pieces = [];
  String(text).split(/\s+/).filter(Boolean).forEach((word, w) => {
    word.split(/(?<=-)/).forEach((part, p) => {
      syllables(part).forEach((syl, k) => {
        const join = k > 0 ? "soft" : p > 0 ? "hard" : w > 0 ? "space" : null;
        pieces.push({ text: syl, join });
      });
    });
  });
  return pieces;
}

// Lines for a name in `width` (viewBox units) and at most `room` lines: breaks between
// words first, after a name's own hyphen next, and inside a word only at a syllable with
// a hyphen, when that saves more squeezing than a hyphen costs ("Mos-" / "kowitz"), and
// always rather than condensing a line below LEAST ("Stu-" / "dent"). A line still too
// wide is condensed by `multiline`.
function nameLines(text, width, room, measure) {
  const pieces = namePieces(text);
  if (!pieces.length) return [];
  const lineText = (i, j) => {
    let out = pieces[i].text;
    for (let k = i + 1; k < j; k++) out += (pieces[k].join === "space" ? " " : "") + pieces[k].text;
    return j < pieces.length && pieces[j].join === "soft" ? out + "-" : out;
  };
  let best = null;
  const search = (i, lines, cost) => {
    if (i === pieces.length) {
      const ratios = lines.map((l) => measure(l) / width);
      // no line condensed below LEAST whenever any break allows it (a step, so no count of
      // syllable breaks outweighs it), then the least squeezing, the fewest lines, and
      // lines of even length
      const ragged = ratios.slice(0, -1).reduce((sum, q) => sum + (1 - Math.min(q, 1)) ** 2, 0);
      const squeeze = Math.max(...ratios, 1);
      const blurred = squeeze > 1 / LEAST ? 10 + (squeeze - 1 / LEAST) * 10 : 0;
      const score = squeeze + blurred + cost + lines.length * 0.001 + ragged * 0.0001;
      if (!best || score < best.score) best = { score, lines };
      return;
    }
    for (let j = i + 1; j <= pieces.length; j++) {
      if (j < pieces.length && lines.length + 1 >= room) continue; // the last line takes the rest
      // a syllable break must save more than condensing a line to 3/4 would
      const join = j < pieces.length ? pieces[j].join : null;
      const extra = join === "soft" ? 0.3 : join === "hard" ? 0.1 : 0;
      search(j, [...lines, lineText(i, j)], cost + extra);
    }
  };
  search(0, [], 0);
  return best.lines;
}

// How many lines of a name a side space holds at font size `f` below its inner edge
// (`edge` deep: the colour band or the MORTG. strip), above its price line.
function sideRoom(f, edge = BAND, depth = CORNER) {
  return Math.max(1, Math.floor((depth - edge - f * 1.05 - 4) / (f * LEADING)));
}

// The least depth of a side space that holds `lines` lines of a name (sideRoom's inverse).
function depthFor(f, lines) {
  return Math.ceil(BAND + f * 1.05 + 4 + lines * f * LEADING + 1);
}

// The label font size (viewBox units) on a board `px` pixels tall: never under 14 CSS px,
// on a projector never under 18 CSS px, whatever the board's size or the browser's zoom
// (a zoomed browser draws each CSS pixel larger still: at 150 % an 18 px label is 27
// pixels of the screen), and a 60th of a large board. Where no readable board fits its
// row (JupyterLab zoomed to 125 % or 150 %), the board keeps this size and scrolls
// sideways in its own box, the panel first (`fit`).
//   labelFont(560, false) -> 25 (14 px on screen)
//   labelFont(475, true) -> 37.9 (18 px)
function labelFont(px, projector) {
  const floor = projector ? 18 : 14;
  return Math.max((floor * V) / px, V / 60);
}

// Whether every side space's name and price fit its space at font size `f` with no line
// condensed below LEAST (corners are wider than any of their names' words).
// `sides` picks the spaces checked (by default every side space) and `cell` and `depth`
// their width along the side and depth (by default the square ring's).
function namesReadable(board, f, measure, sides = () => true, cell = (V - 2 * CORNER) / 9, depth = CORNER) {
  const width = textRoom(cell, f, NAME_GAP);
  const room = sideRoom(f, BAND, depth);
  return board.every((space) => {
    if (space.index % 10 === 0 || !sides(space.index)) return true;
    const lines = nameLines(space.short || space.name, width, room, measure);
    const price = kindLine(space);
    if (price && measure(price) > textRoom(cell, f) / LEAST) return false;
    return lines.every((line) => measure(line) <= width / LEAST);
  });
}

const ROWS = (i) => Math.floor(i / 10) % 2 === 0; // the top and bottom rows
const COLUMNS = (i) => !ROWS(i);

// A ring `px` pixels tall at font size `f` (viewBox units) whose names are readable, as
// narrow as it can be: the rows' depth (lines of their names) and the columns' depth are
// chosen so that the columns' spaces, in the height the rows leave, and the rows' spaces,
// as narrow as their names allow, hold every name without condensing it below LEAST; the
// corners are as wide as their longest word needs. Returns {vw, cx, cy} or null.
//   the dashboard at 1280x720 with projector=True: 640 px tall, about 820 px wide
function wideGeometry(board, f, measure, cornerMeasure) {
  const corners = board.filter((s) => s.index % 10 === 0);
  const words = corners.flatMap((s) => String(s.short || s.name).split(/\s+/));
  const cornerWidth = Math.max(0, ...words.map((w) => cornerMeasure(w))) * LEAST + 2 * PAD + 2;
  let best = null;
  for (let rowLines = 1; rowLines <= 4; rowLines++) {
    const cy = depthFor(f, rowLines);
    const cellY = (V - 2 * cy) / 9;
    if (cellY < 2 * f) break;
    // the columns: the fewest lines that hold their names in the height left
    let cx = null;
    for (let lines = 1; lines <= 5 && cx === null; lines++) {
      const depth = depthFor(f, lines);
      if (namesReadable(board, f, measure, COLUMNS, cellY, depth)) cx = depth;
    }
    if (cx === null) continue;
    cx = Math.max(cx, cornerWidth);
    // the rows: the narrowest spaces that hold their names in `rowLines` lines
    let cellX = null;
    for (let w = Math.ceil(2 * f); w <= 400 && cellX === null; w += 2) {
      if (namesReadable(board, f, measure, ROWS, w, cy)) cellX = w;
    }
    if (cellX === null) continue;
    const vw = 2 * cx + 9 * cellX;
    if (!best || vw < best.vw) best = { vw, cx, cy };
  }
  return best;
}

// Lines of text at `size` (viewBox units); a line wider than `width` is condensed to fit
// (SVG textLength), so the font size, and so its height on screen, never shrinks.
function multiline(parent, x, y, lines, size, attrs = {}, width = null) {
  const text = gkSvg("text", { x, y, "font-size": size, "text-anchor": "middle", ...attrs }, parent);
  lines.forEach((line, n) => {
    const span = gkSvg("tspan", { x, dy: n === 0 ? 0 : size * LEADING }, text);
    span.textContent = line;
    // measured when the board is on the page, else estimated
    const real = width && span.getComputedTextLength ? span.getComputedTextLength() : 0;
    if (width && (real > 0 ? real : line.length * size * CHAR) > width) {
      span.setAttribute("textLength", width);
      span.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  });
  return text;
}

function fitText(parent, x, y, value, size, attrs = {}, width = null) {
  return multiline(parent, x, y, [String(value)], size, attrs, width);
}

// The board's words in its language (`board_words` in Python: Alfredopoly's phrasebook,
// the kit's money and Babel's number symbols). Like the geometry, each board sets its own
// before it measures or draws (`useWords`). English: "$1,500"; German: "1.500 $".
// The board's English words (`board_words("en")`, which a test keeps equal): what the board
// says before its words arrive or when a page's state has none (a notebook saved by an
// older kit). Its words in any language come from Python (`useWords`).
const ENGLISH = {
  "board.skip": "Skip to the actions",
  "board.label": "{title}: {n} spaces; arrow keys move between them",
  "board.title": "board",
  "board.hint": "Click a space to see its deed",
  "board.jail_cell": "IN",
  "board.mortgage_mark": "MORTG.",
  "board.mortgage_short": "MTG",
  "board.space": "{name}, space {index}",
  "board.space_n": "space {index}",
  "board.owned_by": "owned by {owner}",
  "board.for_sale": "for sale, {price}",
  "board.statue": "a statue",
  "board.sculptures": ["1 sculpture", "2 sculptures", "3 sculptures", "4 sculptures"],
  "board.mortgaged": "mortgaged",
  "board.in_cell": "in {space}: {names}",
  "board.visiting_names": "just visiting: {names}",
  "board.tokens": "tokens: {names}",
  "board.value": "value",
  "board.player": "player {n}",
  "board.token": "{name}'s token, {where}",
  "board.in": "in {space}",
  "board.visiting": "just visiting {space}",
  "board.on": "on {space}",
  "board.and": "and",
  "board.dice": "dice: {faces}",
  "board.legend": "{label}: from {low} to {high}",
  "board.percent": "{n}%",
  "board.deed": "deed of {name}",
  "board.level": ["with 1 sculpture", "with 2 sculptures", "with 3 sculptures", "with 4 sculptures"],
  "board.fee": "Fee",
  "board.with_statue": "with the statue",
  "board.level_n": "level {n}",
  "board.sculpture_cost": "Sculpture costs",
  "board.organizations": ["1 organization owned", "2 organizations owned", "3 organizations owned", "4 organizations owned", "5 organizations owned", "6 organizations owned", "7 organizations owned", "8 organizations owned"],
  "board.utilities": "{n} owned",
  "board.times_dice": "{factor} × dice",
  "board.pay": "Pay",
  "board.tax_or": "{money} or {percent}%",
  "board.draw": "Draw a card",
  "board.price": "Price",
  "board.mortgage_value": "Mortgage value",
  "board.owner": "Owner",
  "board.owner_mortgaged": "{owner} (mortgaged)",
  "board.here": "Here",
  "board.visiting_note": "{name} (just visiting)",
  "board.in_probation": "in Probation",
  "board.needs_space": "a space number is needed, got {value}",
  "board.no_space": "there is no space {index}",
  "core.money": "${amount:n}",
  "trustees": "the trustees",
  "number": {"group": ",", "decimal": "."},
};
let WORDS = ENGLISH;
function useWords(words) {
  WORDS = words && typeof words === "object" ? { ...ENGLISH, ...words } : ENGLISH;
}
// A number with the language's digit grouping (unless `grouped` is false) and decimal sign.
//   num(1500) -> "1,500" (English), "1.500" (German); num(2.5, 2) -> "2.50" / "2,50"
function num(value, digits = 0, grouped = true) {
  const symbols = WORDS.number || {};
  const group = typeof symbols.group === "string" ? symbols.group : ",";
  const decimal = typeof symbols.decimal === "string" ? symbols.decimal : ".";
  const [whole, part] = Math.abs(Number(value)).toFixed(digits).split(".");
  const digitsOf = grouped ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, group) : whole;
  return (Number(value) < 0 ? "-" : "") + digitsOf + (part ? decimal + part : "");
}
// The template `key` filled: {name} with the field as text, {name:n} with a number in the
// language's format (a field given as text is put in as it is). A key no words have shows
// as itself.
function say(key, fields = {}) {
  const template = typeof WORDS[key] === "string" ? WORDS[key] : key;
  return template.replace(/\{(\w+)(:n)?\}/g, (_, name, n) => {
    const v = fields[name];
    if (v === undefined || v === null) return "";
    return n && typeof v === "number" ? num(v) : String(v);
  });
}
// A counted word for `n` (the phrasebook said it for each count: 1 first), else `other`.
function counted(key, n, other) {
  const list = WORDS[key];
  return Array.isArray(list) && typeof list[n - 1] === "string" ? list[n - 1] : other;
}
// Money as the kit writes it in the board's language ("$1,500", "1.500 $").
function money(n, digits = 0, grouped = true) {
  const text = say("core.money", { amount: num(Math.abs(n), digits, grouped) });
  return n < 0 ? "-" + text : text;
}

function heatColour(t) {
  // white -> blue: clear of the red, orange and yellow colour bands, ordered by lightness
  // (readable without hue) and light enough for dark text (colour-blind safe)
  const stops = [[247, 251, 255], [198, 219, 239], [140, 192, 224], [90, 162, 212]];
  const u = Math.max(0, Math.min(1, t)) * (stops.length - 1);
  const a = stops[Math.floor(u)], b = stops[Math.min(stops.length - 1, Math.floor(u) + 1)];
  const f = u - Math.floor(u);
  const c = a.map((v, n) => Math.round(v + (b[n] - v) * f));
  return `rgb(${c[0]},${c[1]},${c[2]})`;
}

// A heat value as text; `short`: one decimal fewer (a wide ring's narrow columns, where
// "2.70%" would be condensed below LEAST: "2.7%"; the deed keeps the full value)
function formatValue(value, fmt, short = false) {
  if (value === null || value === undefined || Number.isNaN(value)) return "";
  const less = short ? 1 : 0;
  if (fmt === "percent") return say("board.percent", { n: num(100 * value, (value < 0.1 ? 2 : 1) - less, false) });
  if (fmt === "money") return money(value, value < 10 ? 2 - less : 0, false);
  return num(value, Math.abs(value) < 10 ? 2 - less : 0, false);
}

function kindLine(space) {
  if (space.kind === "tax") return money(space.tax);
  if (space.kind === "street" || space.kind === "railroad" || space.kind === "utility") {
    return money(space.price);
  }
  return "";
}

function mix(hex, t) {
  // `t` of the colour on the board's paper (#fbf8ef)
  const n = parseInt(hex.slice(1), 16);
  const c = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  const paper = [251, 248, 239];
  const m = c.map((v, k) => Math.round(paper[k] + (v - paper[k]) * t));
  return "#" + m.map((v) => v.toString(16).padStart(2, "0")).join("");
}

function drawSculptures(g, w, y, count) {
  if (count >= 5) {
    const s = gkSvg("g", { class: "gk-statue" }, g);
    gkSvg("rect", { x: w / 2 - 16, y: y + 2, width: 32, height: BAND - 4, rx: 3 }, s);
    // a star drawn as a shape (an icon, not a label)
    const cx = w / 2, cy = y + BAND / 2, ro = BAND / 2 - 3, ri = ro * 0.45;
    const points = Array.from({ length: 10 }, (_, k) => {
      const r = k % 2 ? ri : ro, a = -Math.PI / 2 + (k * Math.PI) / 5;
      return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
    });
    gkSvg("polygon", { points: points.join(" "), class: "gk-statue-star" }, s);
    return;
  }
  // four side by side with half of one between them, so a back row can count them: up to
  // 16 units wide (8 px and more with projector=True at 1280x720; docs/teachers_guide.md)
  const s = Math.min(16, (w - 4) / 5.5);
  const step = 1.5 * s, half = s / 2;
  for (let n = 0; n < count; n++) {
    const x = w / 2 - ((count - 1) * step) / 2 + n * step;
    gkSvg("path", {
      class: "gk-sculpture",
      d: `M${x - half},${y + BAND - 3} L${x - half},${y + 9} L${x},${y + 3} L${x + half},${y + 9} L${x + half},${y + BAND - 3} Z`,
    }, g);
  }
}

function ownerOf(view, index) {
  const state = view.spaces[index] || {};
  if (state.owner === null || state.owner === undefined) return null;
  return view.players[state.owner] || { name: say("board.player", { n: state.owner + 1 }), colour: "#444", initial: "?" };
}

function tokensAt(view, index) {
  return view.players.filter((p) => !p.bankrupt && p.position === index);
}

// What a screen reader says for a space: its name and number, price, owner, buildings,
// mortgage and the tokens on it.
function spaceLabel(space, view) {
  const state = view.spaces[space.index] || {};
  const parts = [say("board.space", { name: space.name, index: space.index })];
  const owner = ownerOf(view, space.index);
  if (owner) parts.push(say("board.owned_by", { owner: owner.name }));
  else if (space.price) parts.push(say("board.for_sale", { price: money(space.price) }));
  const level = state.sculptures || 0;
  if (level >= 5) parts.push(say("board.statue"));
  else if (level) parts.push(counted("board.sculptures", level, String(level)));
  if (state.mortgaged) parts.push(say("board.mortgaged"));
  const here = tokensAt(view, space.index);
  if (space.kind === "jail") {
    const inside = here.filter((p) => p.in_jail).map((p) => p.name);
    const visiting = here.filter((p) => !p.in_jail).map((p) => p.name);
    if (inside.length) parts.push(say("board.in_cell", { space: space.name, names: inside.join(", ") }));
    if (visiting.length) parts.push(say("board.visiting_names", { names: visiting.join(", ") }));
  } else if (here.length) {
    parts.push(say("board.tokens", { names: here.map((p) => p.name).join(", ") }));
  }
  const heat = view.heat[space.index];
  if (view.hasHeat && heat !== null && heat !== undefined) parts.push(`${view.heatLabel || say("board.value")} ${formatValue(heat, view.heatFormat)}`);
  return parts.join("; ");
}

function drawSpace(layer, space, pl, view) {
  const g = gkSvg("g", { class: "gk-space", transform: pl.transform, "data-index": space.index, tabindex: 0 }, layer);
  g.setAttribute("role", "button");
  g.setAttribute("aria-label", spaceLabel(space, view));
  const title = gkSvg("title", {}, g);
  title.textContent = `${space.index}  ${space.name}`;
  const f = view.font;
  const w = pl.lw;
  const h = pl.lh;
  const heat = view.heat[space.index];
  const hasHeat = view.hasHeat && heat !== null && heat !== undefined;
  const owner = ownerOf(view, space.index);
  let bg = hasHeat ? heatColour(view.scale(heat)) : null;
  if (!bg && owner) bg = mix(owner.colour, 0.5); // a bold fill in the owner's colour
  gkSvg("rect", { class: "gk-space-bg" + (owner && !hasHeat ? " gk-owned" : ""), x: 0, y: 0, width: w, height: h, ...(bg ? { style: `fill:${bg}` } : {}) }, g);
  const state = view.spaces[space.index] || {};
  const bandY = pl.flip ? h - BAND : 0;
  if (space.kind === "street" && space.colour) {
    gkSvg("rect", { class: "gk-band", x: 0, y: bandY, width: w, height: BAND, style: `fill:${space.colour}` }, g);
    drawSculptures(g, w, bandY, state.sculptures || 0);
  } else if (GROUP_BANDS[space.kind]) {
    gkSvg("rect", { class: "gk-band gk-band-org", x: 0, y: bandY + (pl.flip ? BAND - 7 : 0), width: w, height: 7, style: `fill:${GROUP_BANDS[space.kind]}` }, g);
  }
  const inner = pl.corner ? w - 2 * PAD : textRoom(w, f);
  const lines = (text, width, room, cls) => nameLines(text, width, room, view.measure(cls));
  if (pl.corner) {
    if (space.kind === "jail") {
      // the cell for players *in* Academic Probation, apart from "just visiting"
      const hj = view.heat[40];
      const fill = view.hasHeat && hj !== null && hj !== undefined ? heatColour(view.scale(hj)) : null;
      // with a heat map the cell is narrower: the space's own value ("just visiting")
      // stands beside it, on the corner's colour
      const hv = hasHeat ? w * 0.5 : w * 0.6;
      const cw = hv, ch = h * 0.56;
      gkSvg("rect", { class: "gk-jail-cell", x: w - cw, y: 0, width: cw, height: ch, ...(fill ? { style: `fill:${fill}` } : {}) }, g);
      fitText(g, w - cw / 2, f * 0.95, say("board.jail_cell"), f, { class: "gk-small gk-jail-label" }, cw - 4);
      // two values side by side in half a corner each: a percentage with one decimal
      // ("3.9%"), so neither is condensed below 0.85 of its width
      const corner = (v) => (view.heatFormat === "percent" ? `${(100 * v).toFixed(1)}%` : formatValue(v, view.heatFormat));
      if (view.hasHeat && hj !== null && hj !== undefined) {
        fitText(g, w - cw / 2, ch - 6, corner(hj), f, { class: "gk-heat-value" }, cw - 4);
      }
      if (hasHeat) {
        fitText(g, (w - cw) / 2, ch - 6, corner(heat), f, { class: "gk-heat-value gk-visit-value" }, w - cw - 4);
      }
      const names = lines(space.short || space.name, inner, 2, "gk-corner-name");
      multiline(g, w / 2, h - 8 - (names.length - 1) * f * LEADING, names, f, { class: "gk-name gk-corner-name", "data-label": space.short || space.name }, inner);
    } else {
      // with tokens on the board the name stands at the top and the tokens below it
      const tokens = view.lane && !hasHeat;
      const below = hasHeat ? f * 1.3 : tokens ? 2 * view.r + 6 : 0;
      // lines from the top (first baseline 4 + 0.8 f, descent 0.22 f) above the tokens
      const room = tokens ? 1 + Math.floor((h - below - 4 - f * 1.02) / (f * LEADING)) : Math.max(1, Math.floor((h - below - 8) / (f * LEADING)));
      // the full name if it fits without much condensing, else the ring's short one
      let written = space.name;
      let names = lines(written, inner, room, "gk-corner-name");
      const widest = Math.max(...names.map((t) => view.measure("gk-corner-name")(t)));
      if (space.short && space.short !== space.name && widest > inner * 1.2) {
        written = space.short;
        names = lines(written, inner, room, "gk-corner-name");
      }
      const middle = (h - below) / 2 - ((names.length - 1) * f * LEADING) / 2 + f * 0.35;
      const top = tokens ? Math.min(middle, 4 + f * 0.8) : middle;
      multiline(g, w / 2, top, names, f, { class: "gk-name gk-corner-name", "data-label": written }, inner);
      if (hasHeat) fitText(g, w / 2, h - 8, formatValue(heat, view.heatFormat), f, { class: "gk-heat-value" }, inner);
    }
  } else {
    // name under the band; the bottom line is the heat value or the price (the owner's
    // mark and the tokens stand just inside the ring, beside the space: ownerMarks)
    const bottom = f * 1.05;
    // a mortgaged space's inner edge holds the MORTG. strip, deeper than the band
    const edge = state.mortgaged ? mortgageDepth(f) : BAND;
    const room = sideRoom(f, edge, h);
    const nameTop = pl.flip ? f * 0.92 + 2 : edge + f * 0.92 + 1;
    const written = space.short || space.name;
    const nameRoom = textRoom(w, f, NAME_GAP);
    multiline(g, w / 2, nameTop, lines(written, nameRoom, room, "gk-name"), f, { class: "gk-name", "data-label": written }, nameRoom);
    const lineY = pl.flip ? h - edge - 5 : h - 5;
    if (hasHeat) {
      fitText(g, w / 2, lineY, formatValue(heat, view.heatFormat, view.shortHeat), f, { class: "gk-heat-value" }, inner);
    } else {
      const price = kindLine(space);
      if (price) fitText(g, w / 2, lineY, price, f, { class: "gk-price" }, inner);
    }
  }
  if (state.mortgaged) {
    gkSvg("rect", { class: "gk-mortgaged", x: 0, y: 0, width: w, height: h }, g);
    // a strip on the inner edge (the group's colour stays as a thin line at the very
    // edge); tokens stand outside the space (tokenSpot), so they never cover the mark
    const depth = mortgageDepth(f) - MORTGAGE_EDGE;
    const y0 = pl.flip ? h - MORTGAGE_EDGE - depth : MORTGAGE_EDGE;
    const mark = gkSvg("g", { class: "gk-mortgage" }, g);
    gkSvg("rect", { class: "gk-mortgage-strip", x: 1, y: y0, width: w - 2, height: depth }, mark);
    fitText(mark, w / 2, y0 + depth / 2 + f * 0.36, view.mortgageWord || say("board.mortgage_mark"), f, { class: "gk-mortgage-mark" }, inner);
  }
  gkSvg("rect", { class: "gk-outline", x: 0, y: 0, width: w, height: h }, g);
  gkSvg("rect", { class: "gk-focus", x: 3, y: 3, width: w - 6, height: h - 6 }, g);
  return g;
}

// How deep (from a space's inner edge, in viewBox units) a mortgaged space's MORTG.
// strip reaches: the band's colour line plus one line of text.
const MORTGAGE_EDGE = 6;
function mortgageDepth(f) {
  return MORTGAGE_EDGE + Math.max(BAND, f * 1.2);
}

// A point in the lane just inside the ring beside side space `index`: `depth` into the
// centre from the space's inner edge, `along` the side from the space's middle.
function laneSpot(index, depth, along) {
  const pl = placement(index);
  const side = Math.floor(index / 10);
  const [ex, ey] = [[pl.x + pl.w / 2, V - CY], [CX, pl.y + pl.h / 2], [pl.x + pl.w / 2, CY], [VW - CX, pl.y + pl.h / 2]][side];
  const [ix, iy] = [[0, -1], [1, 0], [0, 1], [-1, 0]][side];
  return [ex + ix * depth + iy * iy * along, ey + iy * depth + ix * ix * along];
}

// The lane beside the side spaces: the owner's mark against the inner edge, then the
// tokens (two a row, further rows deeper in). Nothing of a space's own (name, price,
// band, sculptures, MORTG.) is covered by either.
function laneSizes(f) {
  const mark = Math.max(BAND, f * 1.15);
  const r = Math.max(13, f * 0.78);
  return { mark, r, depth: mark + 3 + 2 * r + 6 };
}

// Which way along its side is away from the nearest corner of the centre, for the first
// and last space of a side (the two sides' lanes meet at that corner); 0 for the others.
function awayFromCorner(index) {
  const k = index % 10;
  if (k !== 1 && k !== 9) return 0;
  return (k === 1) === (index < 20) ? -1 : 1;
}

// Token centre for player n of `count` at a space: side spaces in the lane beside them,
// corners in the corner under the name, Probation in its cell or, just visiting, down
// its outer edge above the name (`nameTop`).
function tokenSpot(index, inJail, n, count, view, nameTop = CY) {
  const pl = placement(index);
  const r = view.r;
  if (index === 10 && inJail) {
    return [pl.x + CX * 0.7 + ((n % 2) - 0.5) * 2 * r, pl.y + CY * 0.3 + Math.floor(n / 2) * r * 1.2];
  }
  if (index === 10) {
    const last = Math.max(r + 2, nameTop - r - 2);
    const step = count > 1 ? Math.min(1.3 * r, (last - r - 2) / (count - 1)) : 0;
    return [pl.x + r + 2, pl.y + r + 2 + n * step];
  }
  if (pl.corner) {
    const step = count > 1 ? Math.min(1.6 * r, (pl.w - 2 * r - 4) / (count - 1)) : 0;
    return [pl.x + pl.w / 2 + (n - (count - 1) / 2) * step, pl.y + pl.h - r - 4];
  }
  const row = Math.floor(n / 2), inRow = Math.min(2, count - row * 2);
  const along = inRow > 1 ? ((n % 2) - 0.5) * 1.7 * r : awayFromCorner(index) * (cellOf(index) / 2 - r - 1);
  return laneSpot(index, view.mark + 3 + r + row * 1.8 * r + (view.deeper || 0), along);
}

// tokenSpot, moved deeper into the centre (in line with its space) while it would cover an
// owner's mark or a token of another space: where the lanes of two sides meet, at the
// corners of the centre, there is not room for both spaces' marks and tokens.
function clearSpot(index, inJail, n, count, view, nameTop, placed) {
  const r = view.r;
  const covers = ([x, y]) =>
    placed.some(([px, py, at]) => at !== index && Math.hypot(px - x, py - y) < 2 * r) ||
    (view.markRects || []).some(([x0, y0, x1, y1]) => Math.hypot(Math.max(x0 - x, 0, x - x1), Math.max(y0 - y, 0, y - y1)) < r);
  let spot = tokenSpot(index, inJail, n, count, view, nameTop);
  if (index % 10 === 0) return spot;
  for (let step = 1; step <= 16 && covers(spot); step++) {
    spot = tokenSpot(index, inJail, n, count, { ...view, deeper: step * 0.5 * r }, nameTop);
  }
  return spot;
}

// The owner's mark of each owned side space: a square (tokens are round) in the owner's
// colour with the initial, in the lane against the space's inner edge.
function drawOwnerMarks(layer, view) {
  view.markRects = [];
  view.board.forEach((space) => {
    const owner = ownerOf(view, space.index);
    if (!owner || space.index % 10 === 0) return;
    const s = view.mark, f = view.font;
    // the first and last space of a side: away from the corner, clear of the other side's
    const [x, y] = laneSpot(space.index, 1 + s / 2, awayFromCorner(space.index) * (cellOf(space.index) / 2 - s / 2 - 1));
    view.markRects.push([x - s / 2, y - s / 2, x + s / 2, y + s / 2]);
    const badge = gkSvg("g", { class: "gk-owner", "data-index": space.index }, layer);
    gkSvg("rect", { x: x - s / 2, y: y - s / 2, width: s, height: s, rx: 3, style: `fill:${owner.colour}` }, badge);
    fitText(badge, x, y + f * 0.36, owner.initial, f, { class: "gk-owner-initial", style: `fill:${owner.ink}` });
  });
}

function drawTokens(layer, view) {
  const at = new Map();
  view.players.forEach((p, n) => {
    if (p.bankrupt || p.position === null || p.position === undefined) return;
    const key = `${p.position}:${p.in_jail ? 1 : 0}`;
    if (!at.has(key)) at.set(key, []);
    at.get(key).push(n);
  });
  const r = view.r;
  const placed = []; // token centres drawn so far, with their space
  // just visiting tokens stay above Probation's name
  const name = layer.ownerSVGElement && layer.ownerSVGElement.querySelector('.gk-space[data-index="10"] .gk-name');
  const nameTop = name ? Number(name.getAttribute("y")) - view.font * 0.8 : CY;
  for (const [key, seats] of at) {
    const [pos, jail] = key.split(":").map(Number);
    seats.forEach((seat, k) => {
      const p = view.players[seat];
      const [x, y] = clearSpot(pos, jail === 1, k, seats.length, view, nameTop, placed);
      placed.push([x, y, pos]);
      const t = gkSvg("g", { class: "gk-token" + (seat === view.current ? " gk-token-current" : ""), "data-player": seat, "data-index": pos }, layer);
      const where = (view.board[pos] || {}).name || say("board.space_n", { index: pos });
      const state = say(pos === 10 ? (jail === 1 ? "board.in" : "board.visiting") : "board.on", { space: where });
      t.setAttribute("role", "img");
      t.setAttribute("aria-label", say("board.token", { name: p.name, where: state }));
      gkSvg("circle", { cx: x, cy: y, r, style: `fill:${p.colour || "#444"}` }, t);
      gkText(t, x, y + view.font * 0.34, p.initial || (p.name || "?").slice(0, 1).toUpperCase(), { "font-size": view.font, "text-anchor": "middle", class: "gk-token-letter", style: `fill:${p.ink || "#fff"}` });
      const title = gkSvg("title", {}, t);
      title.textContent = `${p.name}: ${state}`;
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
    // the fee, with 1-4 sculptures (the phrasebook's counted words), with the statue
    const level = (n) => (n === 0 ? say("board.fee") : n === 5 ? say("board.with_statue") : counted("board.level", n, say("board.level_n", { n })));
    r.forEach((v, n) => lines.push([n <= 5 ? level(n) : say("board.level_n", { n }), money(v)]));
    lines.push([say("board.sculpture_cost"), money(space.building_cost)]);
  } else if (space.kind === "railroad") {
    r.forEach((v, n) => lines.push([counted("board.organizations", n + 1, String(n + 1)), money(v)]));
  } else if (space.kind === "utility") {
    r.forEach((v, n) => lines.push([say("board.utilities", { n: n + 1 }), say("board.times_dice", { factor: v })]));
  } else if (space.kind === "tax") {
    const flat = money(space.tax);
    lines.push([say("board.pay"), space.tax_percent ? say("board.tax_or", { money: flat, percent: space.tax_percent }) : flat]);
  } else if (space.kind === "card") {
    lines.push([say("board.draw"), space.deck === "email" ? "E-Mail" : "PCC Mail"]);
  }
  if (space.price) {
    lines.unshift([say("board.price"), money(space.price)]);
    lines.push([say("board.mortgage_value"), money(space.mortgage)]);
  }
  const state = view.spaces[space.index] || {};
  const owner = ownerOf(view, space.index);
  if (owner) {
    lines.push([say("board.owner"), state.mortgaged ? say("board.owner_mortgaged", { owner: owner.name }) : owner.name]);
  } else if (space.price) {
    lines.push([say("board.owner"), say("trustees")]);
  }
  const here = tokensAt(view, space.index);
  if (here.length) {
    const names = here.map((p) => (space.kind === "jail" && !p.in_jail ? say("board.visiting_note", { name: p.name }) : p.name));
    lines.push([say("board.here"), names.join(", ")]);
  }
  const heat = view.heat[space.index];
  if (view.hasHeat && heat !== null && heat !== undefined) {
    // the heat label without its details in brackets ("landing probability (jail=...)")
    const label = (view.heatLabel || say("board.value")).split(" (")[0];
    lines.push([label, formatValue(heat, view.heatFormat)]);
  }
  if (space.kind === "jail" && view.hasHeat && view.heat[40] !== null && view.heat[40] !== undefined) {
    lines.push([say("board.in_probation"), formatValue(view.heat[40], view.heatFormat)]);
  }
  return lines;
}

function drawCentre(layer, view, selected, deedLayer = layer) {
  const mid = VW / 2; // the centre's middle, across
  const midY = V / 2; // and down
  const inner = VW - 2 * CX;
  const f = view.font;
  gkSvg("rect", { class: "gk-centre", x: CX, y: CY, width: inner, height: V - 2 * CY }, layer);
  // what the centre shows stays inside the lane of owners' marks and tokens
  const lane = view.lane || 0;
  const room = inner - 2 * lane;
  const titleSize = Math.max(32, f * 1.35);
  // every line of the title (three on a small board with large labels), none dropped
  const titleLines = wrap(view.title || "Alfredopoly", Math.floor(room / (titleSize * 0.62)));
  multiline(layer, mid, CY + lane + titleSize * 1.2, titleLines, titleSize, { class: "gk-title" }, room - 30);
  const diceY = CY + lane + titleSize * 1.2 + titleLines.length * titleSize * 1.1;
  // a die 2.6 labels tall: its pips (0.18 of it) 8 px and more with projector=True,
  // 15 mm on a 2.5 m wide screen at 1280x720, what a back row at 10 m makes out
  const diceSize = Math.max(54, f * 2.6);
  // whose dice these are ("Cy rolled 3+4"), under the dice, a little larger than a label
  const diceLabel = view.dice.length ? view.diceLabel || "" : "";
  const labelSize = f * 1.15;
  let diceBottom = diceY;
  if (view.dice.length) {
    const size = diceSize, gap = 14;
    const total = view.dice.length * size + (view.dice.length - 1) * gap;
    const said = diceLabel || say("board.dice", { faces: view.dice.join(` ${say("board.and")} `) });
    const g = gkSvg("g", { class: "gk-dice", role: "img", "aria-label": said }, layer);
    view.dice.forEach((d, n) => drawDie(g, mid - total / 2 + n * (size + gap), diceY - 10, size, d));
    diceBottom = diceY - 10 + size;
    if (diceLabel) {
      fitText(g, mid, diceBottom + labelSize * 1.1, diceLabel, labelSize, { class: "gk-dice-label" }, room - 40);
      diceBottom += labelSize * 1.4;
    }
  }
  if (view.hasHeat) {
    const lw = 360, x0 = mid - lw / 2, y0 = V - CY - lane - f * 2.6;
    const legend = gkSvg("g", { class: "gk-legend", role: "img", "aria-label": say("board.legend", { label: view.heatLabel || say("board.value"), low: formatValue(view.heatMin, view.heatFormat), high: formatValue(view.heatMax, view.heatFormat) }) }, layer);
    fitText(legend, mid, y0 - f * 0.5, view.heatLabel || say("board.value"), f, { class: "gk-legend-title" }, inner - 20);
    for (let n = 0; n < 30; n++) {
      gkSvg("rect", { x: x0 + (n * lw) / 30, y: y0, width: lw / 30 + 0.5, height: f * 0.8, style: `fill:${heatColour(n / 29)}` }, legend);
    }
    gkSvg("rect", { x: x0, y: y0, width: lw, height: f * 0.8, class: "gk-legend-frame" }, legend);
    gkText(legend, x0, y0 + f * 1.9, formatValue(view.heatMin, view.heatFormat), { "font-size": f, "text-anchor": "start", class: "gk-legend-value" });
    gkText(legend, x0 + lw, y0 + f * 1.9, formatValue(view.heatMax, view.heatFormat), { "font-size": f, "text-anchor": "end", class: "gk-legend-value" });
  }
  if (selected === null || selected === undefined || !view.board[selected]) {
    if (!view.dice.length) {
      fitText(layer, mid, midY + 6, say("board.hint"), Math.max(20, f), { class: "gk-hint" }, room - 40);
    }
    return;
  }
  const space = view.board[selected];
  const ls = f * 1.2; // line spacing
  const dw = Math.min(room - 20, Math.max(330, f * 17));
  // a label too long to share its line with its value ("landing probability per roll
  // 2.27%") is broken between words, and the value goes on the label's last line
  const lines = [];
  for (const [label, value] of deedLines(space, view)) {
    const words = String(label).split(" ");
    if ((String(label).length + String(value).length + 2) * f * CHAR <= dw - 32 || words.length < 2) {
      lines.push([label, value]);
      continue;
    }
    let cut = 1;
    while (cut < words.length - 1 && words.slice(0, cut + 1).join(" ").length <= String(label).length / 2) cut++;
    lines.push([words.slice(0, cut).join(" "), ""], [words.slice(cut).join(" "), value]);
  }
  const head = f * 3.6;
  const dh = head + 20 + lines.length * ls;
  const dx = mid - dw / 2;
  // the deed is drawn over the lane (a card the reader opened) rather than over the dice
  const dy = Math.min(V - CY - dh - 8, Math.max(diceBottom + (view.dice.length ? 10 : 0), midY - dh / 2 + 10));
  const deed = gkSvg("g", { class: "gk-deed", "data-index": space.index, role: "group", "aria-label": say("board.deed", { name: space.name }) }, deedLayer);
  gkSvg("rect", { x: dx, y: dy, width: dw, height: dh, rx: 6, class: "gk-deed-card" }, deed);
  const band = space.colour || GROUP_BANDS[space.kind] || "#e9e2cf";
  gkSvg("rect", { x: dx + 8, y: dy + 8, width: dw - 16, height: head - 8, style: `fill:${band}`, class: "gk-deed-band" }, deed);
  const dark = space.colour ? isDark(space.colour) : Boolean(GROUP_BANDS[space.kind]);
  const ink = dark ? "gk-on-dark" : "gk-on-light";
  fitText(deed, mid, dy + 8 + f * 1.05, say("board.space_n", { index: space.index }), f, { class: ink }, dw - 30);
  fitText(deed, mid, dy + 8 + f * 2.45, space.name, f * 1.15, { class: "gk-deed-name " + ink }, dw - 30);
  lines.forEach(([label, value], n) => {
    const y = dy + head + 8 + (n + 0.85) * ls;
    gkText(deed, dx + 16, y, label, { "font-size": f, class: "gk-deed-label" });
    const v = gkText(deed, dx + dw - 16, y, value, { "font-size": f, "text-anchor": "end", class: "gk-deed-value" });
    const room = dw - 48 - label.length * f * CHAR;
    if (String(value).length * f * CHAR > room && room > 20) {
      v.setAttribute("textLength", room);
      v.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  });
}

function isDark(hex) {
  const n = parseInt(hex.slice(1), 16);
  const r = (n >> 16) & 255, g = (n >> 8) & 255, b = n & 255;
  return 0.299 * r + 0.587 * g + 0.114 * b < 140;
}

const SIDE_BY_SIDE = 520; // the least width for the board beside a panel, in pixels

// The element that scrolls the board's page: JupyterLab's notebook panel, Voila's
// #rendered_cells, or the document itself: the nearest box that does scroll up and down.
function scrollParent(node) {
  const lab = node.closest(".jp-WindowedPanel-outer");
  if (lab) return lab;
  for (let p = node.parentElement; p && p !== document.body; p = p.parentElement) {
    if (p.scrollHeight > p.clientHeight + 1 && /(auto|scroll)/.test(getComputedStyle(p).overflowY)) return p;
  }
  return document.scrollingElement || document.documentElement;
}

// Where `node` sits in its scroller's content and how tall the scroller's window is:
// both the same at every scroll position.
function placeInScroller(node) {
  const scroller = scrollParent(node);
  const top = node.getBoundingClientRect().top;
  if (scroller === document.scrollingElement || scroller === document.documentElement) {
    return { top: top + window.scrollY, visible: window.innerHeight };
  }
  const box = scroller.getBoundingClientRect();
  const visible = Math.min(scroller.clientHeight, window.innerHeight);
  return { top: top - box.top - scroller.clientTop + scroller.scrollTop, visible };
}

function render({ model, el }) {
  const root = gkEl("div", "gk-root gk-alfredopoly", null, el);
  gkOwnKeys(root); // keys pressed in here are the board's, not JupyterLab's
  useWords(model.get("words"));
  const skip = gkEl("a", "gk-skip", say("board.skip"), root);
  skip.href = "#";
  const svg = gkSvg("svg", { viewBox: `0 0 ${V} ${V}`, class: "gk-ring", role: "group" }, root);
  const cleanMessage = gkMessage(model, root);
  let selected = model.get("selected");
  let px = model.get("size"); // the board's height on screen
  let geo = SQUARE; // its geometry (a square, or a wider ring: wideGeometry)
  const widths = new Map(); // measured text widths at font size REFERENCE, by class and text
  const REFERENCE = 100; // a text's width grows in step with its font size

  // A text's width in viewBox units at font size `font`, measured in the SVG once it is
  // on the page (estimated before).
  const measurer = (font) => (cls) => (text) => {
    const key = `${cls}|${text}`;
    if (widths.has(key)) return (widths.get(key) * font) / REFERENCE;
    if (!svg.isConnected || !svg.getClientRects().length) return text.length * font * CHAR;
    let probe = svg.querySelector(".gk-measure");
    if (!probe) probe = gkSvg("text", { class: "gk-measure", x: 0, y: -100, visibility: "hidden", "aria-hidden": "true" }, svg);
    probe.setAttribute("font-size", REFERENCE);
    probe.setAttribute("class", `gk-measure ${cls}`);
    probe.textContent = text;
    const width = probe.getComputedTextLength();
    if (width > 0) widths.set(key, width);
    return width > 0 ? (width * font) / REFERENCE : text.length * font * CHAR;
  };

  // The board's size on screen: as large as `size`, the width of its container and the
  // height of the window below its top allow (so the bottom row is on screen); larger
  // when its names would otherwise be condensed below LEAST (`readable`).
  const fit = () => {
    watch();
    useWords(model.get("words")); // prices are measured in the board's language
    const max = model.get("size");
    // the room its row leaves: the row's width less what sits beside the board
    const row = el.parentElement;
    let width = el.clientWidth || max;
    let whole = width; // the width of the whole row, the others moved below
    if (row && row.children.length > 1 && getComputedStyle(row).display.includes("flex")) {
      const others = Array.from(row.children).filter((c) => c !== el);
      const gap = parseFloat(getComputedStyle(row).columnGap) || 0;
      whole = row.clientWidth - 4;
      // (a play panel counts at its least width, 320 px: it narrows beside a board that
      // needs the room, and moves above it only when even that is too wide)
      const wide = (c) => (c.classList.contains("gk-panel-box") ? Math.min(c.offsetWidth, 320) : c.offsetWidth);
      width = row.clientWidth - others.reduce((sum, c) => sum + wide(c), 0) - gap * others.length - 12;
      // too narrow beside the others: take the whole row (a wrapping row moves them below)
      if (width < SIDE_BY_SIDE) width = whole;
    }
    // the height: the board's place in the scrolled content (not on screen, which changes
    // with the scroll position): near the top, the room below it in the first screen (so
    // the bottom row is on screen at the top of the page); further down, a screen's height
    if (!root.getClientRects().length) return { px, geo }; // not shown (another tab): keep the size
    const { top, visible } = placeInScroller(root);
    const room = visible - top - 40;
    const tall = room >= 0.55 * visible ? room : visible - 40;
    const size = Math.max(240, Math.floor(Math.min(max, width, tall)));
    const best = readable(size, Math.floor(Math.min(width, visible - 8)), Math.floor(Math.max(width, whole)));
    const stack = (stacked) => {
      // a board that needs the whole row puts what sits beside it first (a play table's
      // panel: its status and decisions above the board, not a board's height below it)
      if (row && row.classList.contains("gk-table-row")) row.classList.toggle("gk-row-stacked", stacked);
    };
    // a square too tall for the room below its top in the first screen (a projector's
    // 18 px at 1280x720 needs 752 px): a wider ring as tall as that room, beside the panel
    const high = Math.floor(Math.min(visible - 12, room >= 0.55 * visible ? visible - top - 12 : visible - 12));
    // (no ring under about 585 px holds 18 px names at 1280x720: the least taller one that
    // fits beside the panel then, its bottom row a short scroll away, up to the window's
    // height; a board that takes the whole row puts the panel first)
    if (best > high + 1) {
      const limit = Math.max(high, Math.floor(visible - 12));
      for (let p = high; p < best && p <= limit; p += 8) {
        const wide = widen(p);
        if (wide && (wide.vw * p) / V <= width) {
          stack(width === whole);
          return { px: p, geo: wide };
        }
      }
    }
    if (best > width + 1 || width === whole) {
      // the board takes the whole row (the panel above it, a narrow or zoomed notebook): a
      // ring whose names are readable, as wide as the row at most, as tall as the window
      // (JupyterLab's notebook panel: the board whole in it once scrolled to), else the
      // least such ring taller than the window; a readable square no taller than that ring
      // otherwise, and a square that condenses names only when nothing else fits
      //   JupyterLab at 1280x720, the file browser open: 100 % a 588 px ring, 752 px wide
      //   (the 752 px square was taller than the 600 px panel); 125 % a ring 588 CSS px
      //   wide (the 588 px square condensed "Scholes" to 0.83)
      const tall = Math.floor(visible - 12);
      const square = best <= whole && squareReadable(best) ? best : null;
      let narrowest = null; // the readable ring least wide on screen, should none fit
      if (square === null || square > tall + 1) {
        for (let p = tall; p <= Math.max(tall, 2 * whole, tall + 320); p += 8) {
          if (square !== null && p >= square) break;
          const ring = widen(p);
          if (!ring) continue;
          const across = (ring.vw * p) / V;
          if (across <= whole) {
            stack(true);
            return sideways(false, { px: p, geo: ring });
          }
          if (!narrowest || across < narrowest.across - 1) narrowest = { across, px: p, geo: ring };
        }
      }
      if (square === null) {
        // no readable board is as narrow as the row (JupyterLab zoomed to 125 % or 150 %,
        // a projector's 18 px): the least wide readable ring or square, the panel first
        // and the board scrolling sideways in its own box (its labels never shrink)
        //   150 %, the file browser open: a row of about 420 CSS px
        const least = readable(Math.max(240, tall), 2400);
        const fits = squareReadable(least);
        if (narrowest && (!fits || narrowest.across <= least)) {
          stack(true);
          return sideways(true, { px: narrowest.px, geo: narrowest.geo });
        }
        if (fits) {
          stack(true);
          return sideways(least > whole + 1, { px: least, geo: SQUARE });
        }
      }
    }
    stack(best > width + 1 || width === whole);
    return sideways(false, { px: best, geo: SQUARE });
  };

  // A board wider than its row scrolls sideways in its own box at its own size (the SVG
  // is otherwise scaled down to the row's width, and its labels with it)
  const sideways = (on, fitted) => {
    root.classList.toggle("gk-board-scrolls", on);
    // (the widget's box takes the row's width, whatever the board's: alfredopoly_board.css)
    el.style.minWidth = on ? "0" : "";
    el.style.flex = on ? "1 1 100%" : "";
    if (on) {
      root.setAttribute("tabindex", "0"); // a scrolling region a keyboard reaches (axe)
      root.setAttribute("role", "region");
      root.setAttribute("aria-label", say("board.title"));
    } else {
      root.removeAttribute("tabindex");
      root.removeAttribute("role");
      root.removeAttribute("aria-label");
    }
    return fitted;
  };

  // The wider ring `high` pixels tall whose names are readable (wideGeometry), or null;
  // remembered by height for the board shown (a row that changes its height with every
  // redraw of the panel beside it refits each time: about 11 ms a search)
  const rings = new Map();
  const widen = (high) => {
    const board = model.get("spaces") || [];
    if (!board.length) return null;
    const f = labelFont(high, Boolean(model.get("projector")));
    const key = `${f}|${say("core.money")}|${board.map((s) => s.short || s.name).join("|")}`;
    if (!rings.has(key)) rings.set(key, wideGeometry(board, f, measurer(f)("gk-name"), measurer(f)("gk-corner-name")));
    return rings.get(key);
  };

  // The least size from `size` up to `most` pixels at which every name is readable (at
  // least 14 px, 18 px on a projector, and condensed to no less than LEAST): names that do
  // not fit the board's first screen matter more than its bottom row there, which a short
  // scroll brings up (the whole board still fits a screen). When no such size fits a
  // screen (a projector's 18 px in a narrow notebook, a browser zoomed to 150 %), the
  // least readable size up to `widest`, the row's whole width (the panel moves below and
  // the board is scrolled through); else `widest`, where names are condensed least.
  //   the Voila dashboard at 1280x720: 588 (14 px); with projector=True: 752 (18 px),
  //   taller than the window, found between `most` and `widest` (`fit` then draws a
  //   wider ring of the window's height instead: wideGeometry)
  const squareReadable = (p) => {
    const f = labelFont(p, Boolean(model.get("projector")));
    return namesReadable(model.get("spaces") || [], f, measurer(f)("gk-name"));
  };
  const readable = (size, most, widest = most) => {
    const board = model.get("spaces") || [];
    const ok = squareReadable;
    if (!board.length || ok(size)) return size;
    for (let p = size + 4; p <= Math.max(most, widest); p += 4) if (ok(p)) return p;
    return Math.max(size, widest);
  };

  const draw = () => {
    useWords(model.get("words"));
    const board = model.get("spaces") || [];
    const heat = model.get("heat") || [];
    // the colour scale spans every value shown, "in Probation" (index 40) included
    const finite = heat.filter((v) => typeof v === "number" && Number.isFinite(v));
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
      diceLabel: model.get("dice_label") || "",
      heat,
      hasHeat: finite.length > 0,
      heatMax,
      heatMin,
      scale: (v) => (v <= 0 ? 0 : 0.08 + (0.92 * (v - heatMin)) / span),
      heatLabel: model.get("heat_label"),
      heatFormat: model.get("heat_format"),
      font: labelFont(px, Boolean(model.get("projector"))),
    };
    view.measure = measurer(view.font);
    useGeometry(geo);
    // the mortgage mark's word: "MORTG." where the narrowest space holds it without
    // condensing it below LEAST (a wide ring's columns do not), else "MTG"; one word for
    // the whole board
    const narrowest = textRoom(Math.min(CELLX, CELLY), view.font);
    const mark = say("board.mortgage_mark");
    view.mortgageWord = view.measure("gk-mortgage-mark")(mark) * LEAST <= narrowest ? mark : say("board.mortgage_short");
    // the side spaces' heat values one decimal shorter where one would be condensed below
    // LEAST in the narrowest space (one format for the whole board)
    const heatWidth = Math.max(0, ...heat.slice(0, 40).map((v) => view.measure("gk-heat-value")(formatValue(v, view.heatFormat))));
    view.shortHeat = heatWidth * LEAST > narrowest;
    // the lane inside the ring for owners' marks and tokens, kept whenever a game is shown
    // (so the centre does not move when the first property is bought)
    const lane = laneSizes(view.font);
    view.mark = lane.mark;
    view.r = lane.r;
    view.lane = view.players.length || view.spaces.some((x) => x && x.owner !== null && x.owner !== undefined) ? lane.depth : 0;
    root.classList.toggle("gk-projector", Boolean(model.get("projector")));
    svg.setAttribute("viewBox", `0 0 ${VW} ${V}`);
    svg.setAttribute("width", Math.round((px * VW) / V));
    svg.setAttribute("height", px);
    svg.setAttribute("aria-label", say("board.label", { title: view.title || say("board.title"), n: board.length || 40 }));
    skip.textContent = say("board.skip");
    gkClear(svg);
    const spacesLayer = gkSvg("g", { class: "gk-spaces" }, svg);
    board.forEach((space) => {
      const g = drawSpace(spacesLayer, space, placement(space.index), view);
      if (space.index === selected) g.classList.add("gk-selected");
    });
    const deedLayer = gkSvg("g", { class: "gk-deed-layer" }, svg); // moved to the top below
    drawCentre(svg, view, selected, deedLayer);
    gkSvg("rect", { class: "gk-frame", x: 1, y: 1, width: VW - 2, height: V - 2 }, svg);
    drawOwnerMarks(gkSvg("g", { class: "gk-owners" }, svg), view);
    drawTokens(gkSvg("g", { class: "gk-tokens" }, svg), view);
    svg.appendChild(deedLayer);
    const probe = svg.querySelector(".gk-measure");
    if (probe) probe.remove();
    // the selected outline last, so it sits above its neighbours
    if (selected !== null && selected !== undefined && board[selected]) {
      const pl = placement(selected);
      gkSvg("rect", { class: "gk-selection", x: pl.x + 2, y: pl.y + 2, width: pl.w - 4, height: pl.h - 4 }, svg);
    }
    followToken();
  };

  // A board that scrolls sideways in its own box shows the space of the player to act
  // when that player or their space changes (a lecturer's own scrolling is kept otherwise)
  let followed = null;
  const followToken = () => {
    if (!root.classList.contains("gk-board-scrolls")) { followed = null; return; }
    const token = svg.querySelector(".gk-token-current");
    if (!token) return;
    const key = `${token.getAttribute("data-player")}:${token.getAttribute("data-index")}`;
    if (key === followed) return;
    const box = root.getBoundingClientRect();
    const t = token.getBoundingClientRect();
    if (!box.width || !t.width) return;
    followed = key;
    if (t.left >= box.left && t.right <= box.right) return; // in view already
    root.scrollLeft += (t.left + t.right) / 2 - (box.left + box.right) / 2;
  };

  // Refit when the row holding the board changes its width (JupyterLab's sidebar closed):
  // the row is watched once the board is in it (at the first drawing it may not be yet,
  // and the board's own box does not change with the row: a board stayed 588 px wide in a
  // row grown from 592 to 844 px until the window was resized)
  let watched = null;
  function watch() {
    const target = el.parentElement || el;
    if (!observer || target === watched) return;
    if (watched) observer.unobserve(watched);
    observer.observe(target);
    watched = target;
  }

  const resize = () => {
    const next = fit();
    if (Math.abs(next.px - px) >= 2 || next.geo.vw !== geo.vw) {
      px = next.px;
      geo = next.geo;
      const focused = document.activeElement && svg.contains(document.activeElement) ? document.activeElement.getAttribute("data-index") : null;
      draw();
      if (focused !== null) {
        const again = svg.querySelector(`.gk-space[data-index="${focused}"]`);
        if (again) again.focus();
      }
    }
  };
  const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => resize());
  watch();
  // a board drawn while hidden (JupyterLab leaves cells far from view undrawn, a tab not
  // shown) keeps its size then: it refits when it comes into view
  const shown = typeof IntersectionObserver === "undefined" ? null : new IntersectionObserver((seen) => {
    if (seen.some((e) => e.isIntersecting)) resize();
  });
  if (shown) shown.observe(root);
  window.addEventListener("resize", resize);

  const select = (index) => {
    // answer the click at once, then tell Python
    selected = index;
    draw();
    model.set("selected", index);
    model.save_changes();
  };
  const onClick = (event) => {
    // a click on a token opens the deed of the space it stands on
    const g = event.target.closest(".gk-space, .gk-token");
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
    if (event.key === "a" || event.key === "A") { jump(event); return; }
    if (next === null) return;
    event.preventDefault();
    select(next);
    const focus = svg.querySelector(`.gk-space[data-index="${next}"]`);
    if (focus) focus.focus();
  };
  // the skip link (or "a" on a space) moves focus to the table's actions
  const jump = (event) => {
    event.preventDefault();
    const table = root.closest(".gk-table") || document;
    const target = table.querySelector(".gk-play .gk-actions button:not(:disabled), .gk-play button:not(:disabled)");
    if (target) target.focus();
  };
  skip.addEventListener("click", jump);
  svg.addEventListener("click", onClick);
  svg.addEventListener("keydown", onKey);
  const onSelected = () => {
    selected = model.get("selected");
    draw();
  };
  const onSize = () => { ({ px, geo } = fit()); draw(); };
  const traits = ["spaces", "title", "property_states", "players", "current", "dice", "dice_label", "heat", "heat_label", "heat_format", "projector"];
  traits.forEach((t) => model.on(`change:${t}`, draw));
  model.on("change:size", onSize);
  model.on("change:words", onSize); // another language: prices of another width
  model.on("change:selected", onSelected);
  ({ px, geo } = fit());
  draw();
  // the landing panel's stock sliders ("Rolls") get an accessible name (common.js)
  let tries = 0;
  const named = setInterval(() => {
    const panel = root.closest(".gk-landing-panel");
    if (panel) gkNameSliders(panel);
    else if (++tries > 30) clearInterval(named); // not in a landing panel
  }, 1000);
  // the page may still be laying out: measure again once it has
  const later = setTimeout(() => {
    const before = px;
    resize();
    if (px === before) draw(); // measure the text now that the board is on the page
  }, 300);
  return () => {
    clearTimeout(later);
    clearInterval(named);
    if (observer) observer.disconnect();
    if (shown) shown.disconnect();
    window.removeEventListener("resize", resize);
    skip.removeEventListener("click", jump);
    svg.removeEventListener("click", onClick);
    svg.removeEventListener("keydown", onKey);
    traits.forEach((t) => model.off(`change:${t}`, draw));
    model.off("change:size", onSize);
    model.off("change:words", onSize);
    model.off("change:selected", onSelected);
    cleanMessage();
  };
}

export default { render };
