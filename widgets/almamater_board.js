// The Alma Mater board: action spaces (masters placed, what the next placement needs),
// the campus grid, the academy, the research and reputation tracks and the hall of fame;
// in the founding phase the cards to choose from. Everything is drawn from the `view`
// struct Python sends (words included, in the table's language); clicks only select a
// space. Data text is always set as text (textContent).

function fmt(template, values) {
  return String(template || "").replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
}

function chips(parent, items, w) {
  const box = gkEl("span", "gk-am-chips", null, parent);
  for (const c of items || []) {
    // the count and the owner's initial: colour is never the only cue
    const chip = gkEl("span", "gk-am-chip", `${c.count} ${c.initial || ""}`.trim(), box);
    chip.style.background = c.hex;
    chip.style.color = c.ink || "#fff";
    chip.title = c.tip || `${c.count} ${c.colour}`; // "1 red book" in the table's language
  }
  if (!items || !items.length) gkEl("span", "gk-am-free", w.free, box);
  return box;
}

function pawns(parent, placed) {
  const box = gkEl("span", "gk-am-pawns", null, parent);
  for (const p of placed || []) {
    for (let n = 0; n < p.masters; n++) {
      const pawn = gkEl("span", "gk-am-pawn", (p.name || "").slice(0, 1).toUpperCase(), box);
      pawn.style.background = p.hex;
      pawn.style.color = p.ink || "#fff";
    }
    gkEl("span", "gk-am-pawn-gap", null, box);
  }
  return box;
}

function spaceBox(parent, space, selected, w, cls = "") {
  const box = gkEl("div", "gk-am-space " + cls + (space.id === selected ? " gk-selected" : ""), null, parent);
  box.setAttribute("data-space", space.id);
  box.setAttribute("role", "button");
  box.tabIndex = 0;
  gkEl("div", "gk-am-space-name", space.name, box);
  let who = "";
  if (space.placed && space.placed.length) {
    pawns(box, space.placed);
    who = space.placed.map((p) => `${p.name || ""} ${p.masters}`).join(", ");
  } else if (space.last) {
    // who placed them is not part of a position; show the count in grey
    pawns(box, [{ masters: space.last, hex: "#9a9a9a", ink: "#000", name: "" }]);
    who = `${space.last}`;
  } else {
    pawns(box, []);
  }
  const next = space.open ? w.any_masters : fmt(w.next_masters, { n: space.next, masters: space.next === 1 ? w.master_one || "master" : w.master_many || "masters" });
  gkEl("div", "gk-am-space-next", next, box);
  for (const line of space.details || []) gkEl("div", "gk-am-space-detail", line, box);
  box.setAttribute("aria-label", `${space.name}. ${who ? who + ". " : ""}${next}`);
  box.setAttribute("aria-pressed", space.id === selected ? "true" : "false");
  return box;
}

function section(parent, title, cls) {
  const s = gkEl("section", "gk-am-section " + cls, null, parent);
  gkEl("h4", "gk-am-title", title, s);
  return s;
}

// A founding card or a chancellor drawn as a card with its contents.
function cardBox(parent, card, kind, w) {
  const box = gkEl("div", `gk-am-card gk-am-card-${kind}`, null, parent);
  if (kind === "founding") {
    box.setAttribute("data-card", card.id);
    const top = gkEl("div", "gk-am-card-top", null, box);
    gkEl("span", "gk-am-card-id", card.id, top);
    const white = gkEl("span", "gk-am-card-white", `${card.white}`, top);
    white.title = w.white;
    gkEl("div", "gk-am-card-label", `${w.white}: ${card.white}`, box);
    gkEl("div", "gk-am-card-gives", card.gives, box);
    box.setAttribute("aria-label", `${w.founding_card} ${card.id}: ${w.white} ${card.white}; ${card.gives}`);
  } else {
    box.setAttribute("data-card", card.name);
    gkEl("div", "gk-am-card-name", card.name, box);
    gkEl("div", "gk-am-card-gist", card.gist, box);
    gkEl("div", "gk-am-card-text", card.text, box);
    box.setAttribute("aria-label", `${w.chancellor} ${card.name}: ${card.text}`);
  }
  box.setAttribute("role", "group");
  return box;
}

function drawDraft(grid, draft, w) {
  const s = section(grid, draft.title, "gk-am-draft");
  gkEl("div", "gk-am-draft-hint", draft.hint, s);
  const row = gkEl("div", "gk-am-cards", null, s);
  for (const card of draft.cards || []) cardBox(row, card, draft.kind, w);
  if (draft.kept && draft.kept.length) {
    gkEl("div", "gk-am-draft-hint", w.kept + ":", s);
    const kept = gkEl("div", "gk-am-cards gk-am-kept", null, s);
    for (const card of draft.kept) cardBox(kept, card, "founding", w);
  }
}

function drawBoard(root, view, selected) {
  gkClear(root);
  if (!view || !view.spaces) return;
  const w = view.words || {};
  const spaces = Object.fromEntries(view.spaces.map((s) => [s.id, s]));
  const head = gkEl("div", "gk-am-head", null, root);
  gkEl("span", "gk-am-round", view.round ? fmt(w.round, { round: view.round, rounds: view.rounds }) : w.setup, head);
  gkEl("span", "gk-am-phase", view.phase_words, head);
  const order = gkEl("span", "gk-am-order", null, head);
  gkEl("span", "gk-am-order-label", w.turn_order, order);
  for (const o of view.order) {
    const chip = gkEl("span", "gk-am-seat" + (o.current ? " gk-current" : "") + (o.passed ? " gk-passed" : ""), o.name, order);
    chip.style.setProperty("--gk-seat", o.hex);
    chip.style.setProperty("--gk-seat-ink", o.ink || "#fff");
    if (o.passed) chip.title = w.passed;
  }

  const grid = gkEl("div", "gk-am-grid", null, root);
  if (view.draft) drawDraft(grid, view.draft, w);
  // campus
  const campus = section(grid, w.campus_title, "gk-am-campus");
  const table = gkEl("div", "gk-am-campus-grid", null, campus);
  table.style.gridTemplateColumns = `minmax(calc(var(--gk-u) * 7.5), 0.8fr) repeat(${view.columns.length}, minmax(0, 1fr))`;
  gkEl("div", "gk-am-corner", w.price_corner, table);
  for (const col of view.columns) {
    const h = gkEl("div", "gk-am-colhead", null, table);
    gkEl("div", "gk-am-colnum", fmt(w.column, { n: col.column }), h);
    chips(h, col.price, w);
  }
  view.campus.forEach((row, r) => {
    spaceBox(table, spaces[`campus_${r + 1}`], selected, w, "gk-am-rowhead");
    row.forEach((cell, k) => {
      const c = gkEl("div", "gk-am-student" + (cell.left ? "" : " gk-empty"), null, table);
      c.style.setProperty("--gk-faculty", cell.faculty_hex);
      gkEl("div", "gk-am-student-name", cell.student, c);
      gkEl("div", "gk-am-student-effect", cell.effect, c);
      gkEl("div", "gk-am-left", fmt(w.left, { n: cell.left }), c);
      // its column's price, shown here when a narrow board hides the column heads (CSS)
      const price = gkEl("div", "gk-am-student-price", null, c);
      gkEl("span", "", `${fmt(w.column, { n: k + 1 })}:`, price);
      if (view.columns[k]) chips(price, view.columns[k].price, w);
    });
  });
  // academy
  const academy = section(grid, w.academy_title, "gk-am-academy");
  const faculties = [...new Set(view.academy.map((p) => p.faculty))];
  const fac = gkEl("div", "gk-am-faculties", null, academy);
  for (const f of faculties) {
    const col = gkEl("div", "gk-am-faculty", null, fac);
    spaceBox(col, spaces[`academy_${f}`], selected, w, "gk-am-facultyhead");
    for (const p of view.academy.filter((x) => x.faculty === f)) {
      const card = gkEl("div", "gk-am-prof" + (p.left ? "" : " gk-empty"), null, col);
      card.style.setProperty("--gk-faculty", p.faculty_hex);
      gkEl("div", "gk-am-prof-name", p.name, card);
      gkEl("div", "gk-am-prof-line", p.cost, card);
      gkEl("div", "gk-am-prof-line", fmt(w.lecture, { x: p.lecture }), card);
      gkEl("div", "gk-am-prof-line", fmt(w.prestige_left, { p: p.prestige, n: p.left }), card);
    }
  }
  // other spaces
  const others = section(grid, w.spaces_title, "gk-am-others");
  const row = gkEl("div", "gk-am-space-row", null, others);
  for (const id of ["antiquarian", "laboratory", "park", "hall_of_fame", "bishop", "colloquium"]) {
    if (spaces[id]) spaceBox(row, spaces[id], selected, w);
  }
  // research track
  const research = section(grid, w.research_title, "gk-am-research");
  const track = gkEl("div", "gk-am-track", null, research);
  const marker = (parent, m) => {
    const dot = gkEl("span", "gk-am-marker", (m.name || "").slice(0, 1).toUpperCase(), parent);
    dot.style.background = m.hex;
    dot.style.color = m.ink || "#fff";
    dot.title = m.name;
    dot.setAttribute("aria-label", m.name);
  };
  view.research.forEach((card, k) => {
    const cardBox = gkEl("div", "gk-am-rcard", null, track);
    gkEl("div", "gk-am-rletter", `${card.letter}`, cardBox);
    card.steps.forEach((step, n) => {
      const position = 3 * k + n + 1;
      const cell = gkEl("div", "gk-am-step", null, cardBox);
      cell.setAttribute("data-step", position);
      gkEl("span", "gk-am-step-num", `${position}`, cell);
      gkEl("span", "gk-am-step-cost", step, cell);
      const here = gkEl("span", "gk-am-markers", null, cell);
      for (const m of view.markers.filter((m) => m.position === position)) marker(here, m);
    });
    gkEl("div", "gk-am-milestone", fmt(w.milestone, { x: card.milestone }), cardBox);
  });
  const start = view.markers.filter((m) => m.position === 0);
  if (start.length) {
    const s = gkEl("div", "gk-am-track-start", w.at_start, research);
    for (const m of start) marker(s, m);
  }
  // reputation
  const rep = section(grid, w.reputation_title, "gk-am-reputation");
  for (const r of view.reputation) {
    const line = gkEl("div", "gk-am-rep", null, rep);
    line.style.setProperty("--gk-seat", r.hex);
    gkEl("span", "gk-am-rep-rank", `${r.rank}.`, line);
    gkEl("span", "gk-am-rep-name", r.name, line);
    gkEl("span", "gk-am-rep-note", fmt(w.rep_note, { i: r.income, f: r.final }), line);
  }
  // hall of fame
  const hall = section(grid, w.hall_title, "gk-am-hall");
  for (const t of view.hall) {
    const tile = gkEl("div", "gk-am-glory", null, hall);
    gkEl("div", "gk-am-glory-name", fmt(w.glory, { t: t.tile, l: t.level }), tile);
    gkEl("div", "gk-am-glory-req", t.requires, tile);
    const bust = t.gist ? fmt(w.bust_left, { c: t.chancellor, g: t.gist, n: t.busts_left }) : fmt(w.bust, { c: t.chancellor });
    gkEl("div", "gk-am-glory-bust", bust, tile);
  }
}

// A link that only shows when focused: jumps from the board to the table's actions.
function gkSkipLink(root, label) {
  const link = gkEl("a", "gk-skip", label, root);
  link.href = "#";
  const jump = (event) => {
    event.preventDefault();
    const table = root.closest(".gk-table") || document;
    const target = table.querySelector(".gk-play .gk-actions button:not(:disabled), .gk-play button:not(:disabled)");
    if (target) target.focus();
  };
  link.addEventListener("click", jump);
  return () => link.removeEventListener("click", jump);
}

function render({ model, el }) {
  const root = gkEl("div", "gk-root gk-am gk-am-board", null, el);
  gkOwnKeys(root); // keys pressed in here are the board's, not JupyterLab's
  const skip = gkEl("span", "", null, root);
  const body = gkEl("div", "gk-am-body", null, root);
  const cleanMessage = gkMessage(model, root);
  let cleanSkip = () => {};
  let selected = model.get("selected");
  const draw = () => {
    // as wide as the page allows, up to `width`
    root.style.maxWidth = `${model.get("width")}px`;
    root.classList.toggle("gk-projector", Boolean(model.get("projector")));
    const view = model.get("view") || {};
    root.lang = view.lang || "en";
    cleanSkip();
    gkClear(skip);
    cleanSkip = gkSkipLink(skip, (view.words || {}).skip || "Skip to the actions");
    drawBoard(body, view, selected);
    if (body.isConnected) gkFitWords(body, view.lang || "en");
  };
  const pick = (event) => {
    const box = event.target.closest(".gk-am-space");
    if (!box || (event.type === "keydown" && event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault();
    selected = box.getAttribute("data-space");
    draw();
    model.set("selected", selected);
    model.save_changes();
    const again = body.querySelector(`.gk-am-space[data-space="${selected}"]`);
    if (again && event.type === "keydown") again.focus();
  };
  const onSelected = () => { selected = model.get("selected"); draw(); };
  body.addEventListener("click", pick);
  body.addEventListener("keydown", pick);
  model.on("change:view", draw);
  model.on("change:width", draw);
  model.on("change:projector", draw);
  model.on("change:selected", onSelected);
  draw();
  const cleanFit = gkRefitOnResize(root, () => gkFitWords(body, ((model.get("view") || {}).lang) || "en"));
  return () => {
    cleanFit();
    body.removeEventListener("click", pick);
    body.removeEventListener("keydown", pick);
    model.off("change:view", draw);
    model.off("change:width", draw);
    model.off("change:projector", draw);
    model.off("change:selected", onSelected);
    cleanSkip();
    cleanMessage();
  };
}

export default { render };
