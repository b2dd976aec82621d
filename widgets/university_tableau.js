// One player's university: lecture halls (rows A and B), library and sale shelf, storage,
// professors (ready or exhausted), chancellors and founding cards (as cards, with what
// they hold and do) and busts. Drawn from Python's `view`, in the table's language.

function tFmt(template, values) {
  return String(template || "").replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
}

function drawTableau(root, v) {
  gkClear(root);
  if (!v || v.seat === undefined) return;
  const w = v.words || {};
  root.style.setProperty("--gk-seat", v.hex);
  root.style.setProperty("--gk-seat-ink", v.ink || "#fff");
  root.classList.toggle("gk-current", Boolean(v.current));
  root.setAttribute("role", "region");
  root.setAttribute("aria-label", `${v.name}`);
  const head = gkEl("div", "gk-ut-head", null, root);
  gkEl("span", "gk-ut-initial", (v.name || "?").slice(0, 1).toUpperCase(), head);
  gkEl("span", "gk-ut-name", v.name, head);
  gkEl("span", "gk-ut-colour", w[`colour_${v.colour}`] || v.colour, head);
  if (v.passed) gkEl("span", "gk-ut-passed", w.passed, head);
  const stats = gkEl("div", "gk-ut-stats", null, root);
  const stat = (label, value) => {
    const s = gkEl("span", "gk-ut-stat", null, stats);
    gkEl("b", "", value, s);
    gkEl("span", "", ` ${label}`, s);
  };
  stat(w.prestige, `${v.prestige}`);
  stat(w.ducats, `${v.ducats}`);
  stat(w.masters_free, `${v.free_masters}/${v.masters}`);
  stat(w.research, `${v.research}`);

  const halls = gkEl("div", "gk-ut-halls", null, root);
  for (const [label, row] of [[w.hall_a, v.row_a], [w.hall_b, v.row_b]]) {
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

  gkEl("div", "gk-ut-label", w.library, root);
  const lib = gkEl("div", "gk-ut-library", null, root);
  v.shelves.forEach((shelf, k) => {
    const sale = k === v.shelves.length - 1;
    const s = gkEl("div", "gk-ut-shelf" + (sale ? " gk-sale" : ""), null, lib);
    shelf.forEach((full, n) => {
      const slot = gkEl("span", "gk-ut-book" + (full ? " gk-full" : ""), null, s);
      if (sale) {
        slot.textContent = `${v.sale_prices[n] ?? ""}`;
        slot.title = `${v.sale_prices[n]} ${w.ducats}, ${v.sale_prestige[n]} ${w.prestige}`;
      }
    });
    if (sale) gkEl("span", "gk-ut-sale-label", w.for_sale, s);
  });

  const store = gkEl("div", "gk-ut-storage", null, root);
  gkEl("span", "gk-ut-label", tFmt(w.storage, { used: v.storage_used, limit: v.storage_limit }), store);
  if (v.storage_used > v.storage_limit) gkEl("span", "gk-ut-over", w.storage_over, store);
  if (!v.storage.length) gkEl("span", "gk-ut-none", w.empty, store);
  for (const c of v.storage) {
    const word = c.colour === "dictionary" ? (c.count === 1 ? w.dictionary_one : w.dictionary_many) : (w[`colour_${c.colour}`] || c.colour);
    const chip = gkEl("span", "gk-am-chip", `${c.count} ${word}`, store);
    chip.style.background = c.hex;
    chip.style.color = c.ink || "#fff";
    chip.title = c.tip || `${c.count} ${c.colour}`; // "1 red book" in the table's language
  }

  gkEl("div", "gk-ut-label", w.professors, root);
  const profs = gkEl("div", "gk-ut-profs", null, root);
  if (!v.professors.length) gkEl("span", "gk-ut-none", w.none_yet, profs);
  for (const p of v.professors) {
    const card = gkEl("div", "gk-ut-prof" + (p.ready ? "" : " gk-exhausted"), null, profs);
    card.style.setProperty("--gk-faculty", p.faculty_hex);
    gkEl("div", "gk-ut-prof-name", p.name, card);
    gkEl("div", "gk-ut-prof-state", p.ready ? w.ready : w.exhausted, card);
    card.title = `${p.lecture}; ${p.prestige} ${w.prestige}`;
  }

  if (v.chancellors.length || (v.kept_cards || []).length) {
    const cards = gkEl("div", "gk-ut-cards", null, root);
    for (const c of v.chancellors) {
      const box = gkEl("div", "gk-am-card gk-am-card-chancellor" + (c.own ? "" : " gk-am-card-bust"), null, cards);
      box.setAttribute("data-card", c.name);
      gkEl("div", "gk-am-card-kind", c.own ? w.chancellor : w.bust_ability, box);
      gkEl("div", "gk-am-card-name", c.name, box);
      gkEl("div", "gk-am-card-gist", c.gist, box);
      gkEl("div", "gk-am-card-text", c.text, box);
    }
    if (!v.chancellors.length) {
      for (const f of v.kept_cards || []) {
        const box = gkEl("div", "gk-am-card gk-am-card-founding", null, cards);
        box.setAttribute("data-card", f.id);
        const top = gkEl("div", "gk-am-card-top", null, box);
        gkEl("span", "gk-am-card-id", f.id, top);
        gkEl("span", "gk-am-card-white", `${f.white}`, top);
        gkEl("div", "gk-am-card-label", `${w.white}: ${f.white}`, box);
        gkEl("div", "gk-am-card-gives", f.gives, box);
      }
    }
  }
  if (v.busts.length) {
    const honours = gkEl("div", "gk-ut-honours", null, root);
    gkEl("span", "gk-ut-busts", tFmt(w.busts, { x: v.busts.join(", ") }), honours);
  }
}

function render({ model, el }) {
  const root = gkEl("div", "gk-root gk-am gk-tableau", null, el);
  gkOwnKeys(root); // keys pressed in here are the tableau's, not JupyterLab's
  const body = gkEl("div", "gk-ut-body", null, root);
  const draw = () => {
    root.classList.toggle("gk-projector", Boolean(model.get("projector")));
    root.lang = (model.get("view") || {}).lang || "en";
    drawTableau(body, model.get("view"));
    if (body.isConnected) gkFitWords(body, root.lang);
  };
  model.on("change:view", draw);
  model.on("change:projector", draw);
  draw();
  const cleanFit = gkRefitOnResize(root, () => gkFitWords(body, root.lang));
  return () => {
    cleanFit();
    model.off("change:view", draw);
    model.off("change:projector", draw);
  };
}

export default { render };
