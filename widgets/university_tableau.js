// One player's university: lecture halls (rows A and B), library and sale shelf, storage,
// professors (ready or exhausted), chancellors and busts. Drawn from Python's `view`.

function drawTableau(root, v) {
  gkClear(root);
  if (!v || v.seat === undefined) return;
  root.style.setProperty("--gk-seat", v.hex);
  root.classList.toggle("gk-current", Boolean(v.current));
  const head = gkEl("div", "gk-ut-head", null, root);
  gkEl("span", "gk-ut-name", v.name, head);
  gkEl("span", "gk-ut-colour", v.colour, head);
  if (v.passed) gkEl("span", "gk-ut-passed", "passed", head);
  const stats = gkEl("div", "gk-ut-stats", null, root);
  const stat = (label, value) => {
    const s = gkEl("span", "gk-ut-stat", null, stats);
    gkEl("b", "", value, s);
    gkEl("span", "", ` ${label}`, s);
  };
  stat("prestige", `${v.prestige}`);
  stat("ducats", `${v.ducats}`);
  stat("masters free", `${v.free_masters}/${v.masters}`);
  stat("research", `${v.research}`);

  const halls = gkEl("div", "gk-ut-halls", null, root);
  for (const [label, row] of [["Lecture hall A", v.row_a], ["Lecture hall B", v.row_b]]) {
    gkEl("div", "gk-ut-label", label, halls);
    const line = gkEl("div", "gk-ut-row", null, halls);
    for (const slot of row) {
      const s = gkEl("div", "gk-ut-slot" + (slot.student ? " gk-filled" : "") + (slot.marked ? " gk-marked" : ""), null, line);
      s.setAttribute("data-slot", slot.slot);
      if (slot.student) {
        s.style.setProperty("--gk-faculty", slot.faculty_hex);
        gkEl("span", "gk-ut-student", slot.student, s);
        s.title = `${slot.student}: ${slot.effect}`;
      } else {
        gkEl("span", "gk-ut-slot-id", slot.slot + (slot.marked ? " ★" : ""), s);
      }
    }
  }

  gkEl("div", "gk-ut-label", "Library (6 shelves) and sale shelf", root);
  const lib = gkEl("div", "gk-ut-library", null, root);
  v.shelves.forEach((shelf, k) => {
    const sale = k === v.shelves.length - 1;
    const s = gkEl("div", "gk-ut-shelf" + (sale ? " gk-sale" : ""), null, lib);
    shelf.forEach((full, n) => {
      const slot = gkEl("span", "gk-ut-book" + (full ? " gk-full" : ""), null, s);
      if (sale) {
        slot.textContent = `${v.sale_prices[n] ?? ""}`;
        slot.title = `${v.sale_prices[n]} ducats, ${v.sale_prestige[n]} prestige to the owner`;
      }
    });
    if (sale) gkEl("span", "gk-ut-sale-label", "for sale", s);
  });

  const store = gkEl("div", "gk-ut-storage", null, root);
  gkEl("span", "gk-ut-label", `Storage ${v.storage_used}/${v.storage_limit}: `, store);
  if (!v.storage.length) gkEl("span", "gk-ut-none", "empty", store);
  for (const c of v.storage) {
    const word = c.colour === "dictionary" ? (c.count === 1 ? "dictionary" : "dictionaries") : c.colour;
    const chip = gkEl("span", "gk-am-chip", `${c.count} ${word}`, store);
    chip.style.background = c.hex;
    chip.title = `${c.count} ${c.colour}`;
  }

  gkEl("div", "gk-ut-label", "Professors", root);
  const profs = gkEl("div", "gk-ut-profs", null, root);
  if (!v.professors.length) gkEl("span", "gk-ut-none", "none yet", profs);
  for (const p of v.professors) {
    const card = gkEl("div", "gk-ut-prof" + (p.ready ? "" : " gk-exhausted"), null, profs);
    card.style.setProperty("--gk-faculty", p.faculty_hex);
    gkEl("div", "gk-ut-prof-name", p.name, card);
    gkEl("div", "gk-ut-prof-state", p.ready ? "ready" : "exhausted", card);
    card.title = `lecture: ${p.lecture}; ${p.prestige} prestige at the end`;
  }

  const honours = gkEl("div", "gk-ut-honours", null, root);
  for (const c of v.chancellors) {
    gkEl("span", "gk-ut-chancellor", `${c.own ? "Chancellor" : "Bust ability"}: ${c.name} (${c.gist})`, honours);
  }
  if (v.busts.length) gkEl("span", "gk-ut-busts", `Busts: ${v.busts.join(", ")}`, honours);
  if (v.kept.length && !v.chancellors.length) gkEl("span", "gk-ut-kept", `Founding cards kept: ${v.kept.join(", ")}`, honours);
}

function render({ model, el }) {
  const root = gkEl("div", "gk-root gk-am gk-tableau", null, el);
  const body = gkEl("div", "gk-ut-body", null, root);
  const draw = () => drawTableau(body, model.get("view"));
  model.on("change:view", draw);
  draw();
  return () => model.off("change:view", draw);
}

export default { render };
