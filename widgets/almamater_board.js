// The Alma Mater board: action spaces (masters placed, what the next placement needs),
// the campus grid, the academy, the research and reputation tracks and the hall of fame.
// Everything is drawn from the `view` struct Python sends; clicks only select a space.

function chips(parent, items) {
  const box = gkEl("span", "gk-am-chips", null, parent);
  for (const c of items || []) {
    const chip = gkEl("span", "gk-am-chip", `${c.count}`, box);
    chip.style.background = c.hex;
    chip.title = `${c.count} ${c.colour}`;
  }
  if (!items || !items.length) gkEl("span", "gk-am-free", "free", box);
  return box;
}

function pawns(parent, placed) {
  const box = gkEl("span", "gk-am-pawns", null, parent);
  for (const p of placed || []) {
    for (let n = 0; n < p.masters; n++) {
      const pawn = gkEl("span", "gk-am-pawn", null, box);
      pawn.style.background = p.hex;
    }
    gkEl("span", "gk-am-pawn-gap", null, box);
  }
  return box;
}

function spaceBox(parent, space, selected, cls = "") {
  const box = gkEl("div", "gk-am-space " + cls + (space.id === selected ? " gk-selected" : ""), null, parent);
  box.setAttribute("data-space", space.id);
  box.setAttribute("role", "button");
  box.tabIndex = 0;
  gkEl("div", "gk-am-space-name", space.name, box);
  if (space.placed && space.placed.length) {
    pawns(box, space.placed);
  } else if (space.last) {
    // who placed them is not part of a position; show the count in grey
    pawns(box, [{ masters: space.last, hex: "#9a9a9a" }]);
  } else {
    pawns(box, []);
  }
  const next = space.open ? "any number of masters" : `next: ${space.next} master${space.next === 1 ? "" : "s"}`;
  gkEl("div", "gk-am-space-next", next, box);
  for (const line of space.details || []) gkEl("div", "gk-am-space-detail", line, box);
  return box;
}

function section(parent, title, cls) {
  const s = gkEl("section", "gk-am-section " + cls, null, parent);
  gkEl("h4", "gk-am-title", title, s);
  return s;
}

function drawBoard(root, view, selected) {
  gkClear(root);
  if (!view || !view.spaces) return;
  const spaces = Object.fromEntries(view.spaces.map((s) => [s.id, s]));
  const head = gkEl("div", "gk-am-head", null, root);
  gkEl("span", "gk-am-round", view.round ? `Round ${view.round} of ${view.rounds}` : "Setup", head);
  gkEl("span", "gk-am-phase", view.phase_words, head);
  const order = gkEl("span", "gk-am-order", null, head);
  gkEl("span", "gk-am-order-label", "turn order:", order);
  for (const o of view.order) {
    const chip = gkEl("span", "gk-am-seat" + (o.current ? " gk-current" : "") + (o.passed ? " gk-passed" : ""), o.name, order);
    chip.style.setProperty("--gk-seat", o.hex);
    if (o.passed) chip.title = "passed";
  }

  const grid = gkEl("div", "gk-am-grid", null, root);
  // campus
  const campus = section(grid, "Campus: hire students", "gk-am-campus");
  const table = gkEl("div", "gk-am-campus-grid", null, campus);
  table.style.gridTemplateColumns = `minmax(0, 0.8fr) repeat(${view.columns.length}, minmax(0, 1fr))`;
  gkEl("div", "gk-am-corner", "price: books of each colour (gold: dictionaries), by reputation", table);
  for (const col of view.columns) {
    const h = gkEl("div", "gk-am-colhead", null, table);
    gkEl("div", "gk-am-colnum", `column ${col.column}`, h);
    chips(h, col.price);
  }
  view.campus.forEach((row, r) => {
    spaceBox(table, spaces[`campus_${r + 1}`], selected, "gk-am-rowhead");
    for (const cell of row) {
      const c = gkEl("div", "gk-am-student" + (cell.left ? "" : " gk-empty"), null, table);
      c.style.setProperty("--gk-faculty", cell.faculty_hex);
      gkEl("div", "gk-am-student-name", cell.student, c);
      gkEl("div", "gk-am-student-effect", cell.effect, c);
      gkEl("div", "gk-am-left", `${cell.left} left`, c);
    }
  });
  // academy
  const academy = section(grid, "Academy: hire professors", "gk-am-academy");
  const faculties = [...new Set(view.academy.map((p) => p.faculty))];
  const fac = gkEl("div", "gk-am-faculties", null, academy);
  for (const f of faculties) {
    const col = gkEl("div", "gk-am-faculty", null, fac);
    spaceBox(col, spaces[`academy_${f}`], selected, "gk-am-facultyhead");
    for (const p of view.academy.filter((x) => x.faculty === f)) {
      const card = gkEl("div", "gk-am-prof" + (p.left ? "" : " gk-empty"), null, col);
      card.style.setProperty("--gk-faculty", p.faculty_hex);
      gkEl("div", "gk-am-prof-name", p.name, card);
      gkEl("div", "gk-am-prof-line", p.cost, card);
      gkEl("div", "gk-am-prof-line", `lecture: ${p.lecture}`, card);
      gkEl("div", "gk-am-prof-line", `${p.prestige} prestige · ${p.left} left`, card);
    }
  }
  // other spaces
  const others = section(grid, "Action spaces", "gk-am-others");
  const row = gkEl("div", "gk-am-space-row", null, others);
  for (const id of ["antiquarian", "laboratory", "park", "hall_of_fame", "bishop", "colloquium"]) {
    if (spaces[id]) spaceBox(row, spaces[id], selected);
  }
  // research track
  const research = section(grid, "Research track", "gk-am-research");
  const track = gkEl("div", "gk-am-track", null, research);
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
      for (const m of view.markers.filter((m) => m.position === position)) {
        const dot = gkEl("span", "gk-am-marker", null, here);
        dot.style.background = m.hex;
        dot.title = m.name;
      }
    });
    gkEl("div", "gk-am-milestone", `milestone: ${card.milestone}`, cardBox);
  });
  const start = view.markers.filter((m) => m.position === 0);
  if (start.length) {
    const s = gkEl("div", "gk-am-track-start", "at the start: ", research);
    for (const m of start) {
      const dot = gkEl("span", "gk-am-marker", null, s);
      dot.style.background = m.hex;
      dot.title = m.name;
    }
  }
  // reputation
  const rep = section(grid, "Book reputation", "gk-am-reputation");
  for (const r of view.reputation) {
    const line = gkEl("div", "gk-am-rep", null, rep);
    line.style.setProperty("--gk-seat", r.hex);
    gkEl("span", "gk-am-rep-rank", `${r.rank}.`, line);
    gkEl("span", "gk-am-rep-name", r.name, line);
    gkEl("span", "gk-am-rep-note", `income ${r.income} · end ${r.final} prestige`, line);
  }
  // hall of fame
  const hall = section(grid, "Hall of fame", "gk-am-hall");
  for (const t of view.hall) {
    const tile = gkEl("div", "gk-am-glory", null, hall);
    gkEl("div", "gk-am-glory-name", `glory tile ${t.tile} (level ${t.level})`, tile);
    gkEl("div", "gk-am-glory-req", t.requires, tile);
    const bust = t.gist ? `bust: ${t.chancellor}, ${t.gist} (${t.busts_left} left)` : `bust: ${t.chancellor}`;
    gkEl("div", "gk-am-glory-bust", bust, tile);
  }
}

function render({ model, el }) {
  const root = gkEl("div", "gk-root gk-am gk-am-board", null, el);
  const body = gkEl("div", "gk-am-body", null, root);
  const cleanMessage = gkMessage(model, root);
  let selected = model.get("selected");
  const draw = () => {
    // as wide as the page allows, up to `width`
    root.style.maxWidth = `${model.get("width")}px`;
    drawBoard(body, model.get("view"), selected);
  };
  const pick = (event) => {
    const box = event.target.closest(".gk-am-space");
    if (!box || (event.type === "keydown" && event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault();
    selected = box.getAttribute("data-space");
    draw();
    model.set("selected", selected);
    model.save_changes();
  };
  const onSelected = () => { selected = model.get("selected"); draw(); };
  body.addEventListener("click", pick);
  body.addEventListener("keydown", pick);
  model.on("change:view", draw);
  model.on("change:width", draw);
  model.on("change:selected", onSelected);
  draw();
  return () => {
    body.removeEventListener("click", pick);
    body.removeEventListener("keydown", pick);
    model.off("change:view", draw);
    model.off("change:width", draw);
    model.off("change:selected", onSelected);
    cleanMessage();
  };
}

export default { render };
