// The side panel of a play table: players, the legal actions as buttons, the event log.
// Buttons come from Python (the engine's legal_actions); a click sends the action's
// struct back as an intent, and Python decides. Text is always set as text.

function render({ model, el }) {
  const root = gkEl("div", "gk-root gk-play", null, el);
  const head = gkEl("div", "gk-play-head", null, root);
  const title = gkEl("div", "gk-play-title", null, head);
  const status = gkEl("div", "gk-play-status", null, head);
  const note = gkEl("div", "gk-play-note", null, head);
  const players = gkEl("div", "gk-players", null, root);
  const actions = gkEl("div", "gk-actions", null, root);
  const bots = gkEl("div", "gk-bot-controls", null, root);
  const cleanMessage = gkMessage(model, root);
  const logBox = gkEl("div", "gk-log", null, root);
  logBox.setAttribute("aria-live", "polite");
  let busy = false;

  const send = (intent) => {
    if (busy) return;
    busy = true;
    root.classList.add("gk-busy");
    actions.querySelectorAll("button").forEach((b) => (b.disabled = true));
    bots.querySelectorAll("button").forEach((b) => (b.disabled = true));
    gkSendIntent(model, intent);
  };
  const idle = () => {
    busy = false;
    root.classList.remove("gk-busy");
  };

  const button = (parent, item, cls) => {
    const b = gkEl("button", "gk-button " + cls, item.label, parent);
    b.type = "button";
    if (item.hint) b.title = item.hint;
    b.disabled = !model.get("can_act");
    b.addEventListener("click", () => send({ kind: "act", action: item.action }));
    return b;
  };

  const drawHead = () => {
    title.textContent = model.get("title") || "";
    status.textContent = model.get("status") || "";
    note.textContent = model.get("history_note") || "";
    note.style.display = note.textContent ? "" : "none";
  };

  const drawPlayers = () => {
    gkClear(players);
    for (const p of model.get("players") || []) {
      const card = gkEl("div", "gk-player" + (p.current ? " gk-current" : "") + (p.out ? " gk-out" : ""), null, players);
      card.style.setProperty("--gk-player", p.colour || "#555");
      const top = gkEl("div", "gk-player-top", null, card);
      gkEl("span", "gk-player-dot", null, top);
      gkEl("span", "gk-player-name", p.name, top);
      if (p.bot) gkEl("span", "gk-player-bot", `bot: ${p.bot}`, top);
      if (p.headline) gkEl("div", "gk-player-headline", p.headline, card);
      for (const line of p.lines || []) gkEl("div", "gk-player-line", line, card);
    }
  };

  const drawActions = () => {
    gkClear(actions);
    const items = model.get("actions") || [];
    const focus = model.get("focus");
    const main = items.filter((a) => a.group !== "manage");
    const manage = items.filter((a) => a.group === "manage");
    if (!items.length) {
      const why = model.get("can_act") ? "" : model.get("waiting") || "";
      if (why) gkEl("div", "gk-actions-empty", why, actions);
    }
    if (main.length) {
      const row = gkEl("div", "gk-actions-main", null, actions);
      main.forEach((a) => button(row, a, "gk-main"));
    }
    if (manage.length) {
      const here = manage.filter((a) => focus !== null && focus !== undefined && a.space === focus);
      if (here.length) {
        gkEl("div", "gk-actions-label", model.get("focus_label") || "Selected", actions);
        const row = gkEl("div", "gk-actions-focus", null, actions);
        here.forEach((a) => button(row, a, "gk-manage"));
      }
      const details = gkEl("details", "gk-actions-more", null, actions);
      if (model.get("manage_open")) details.open = true;
      details.addEventListener("toggle", () => {
        model.set("manage_open", details.open);
        model.save_changes();
      });
      gkEl("summary", "", `${model.get("manage_label") || "More actions"} (${manage.length})`, details);
      const grid = gkEl("div", "gk-actions-grid", null, details);
      // actions grouped under their section (an action space, say), in the engine's order
      const sections = new Map();
      for (const a of manage) {
        const key = a.section || "";
        if (!sections.has(key)) sections.set(key, []);
        sections.get(key).push(a);
      }
      for (const [name, list] of sections) {
        const box = gkEl("div", "gk-actions-section", null, grid);
        if (name) gkEl("div", "gk-actions-section-name", name, box);
        const row = gkEl("div", "gk-actions-section-buttons", null, box);
        list.forEach((a) => button(row, a, "gk-manage"));
      }
    }
  };

  const drawBots = () => {
    gkClear(bots);
    if (!model.get("bot_turn")) return;
    const one = gkEl("button", "gk-button gk-bot", "Bot: next action", bots);
    one.type = "button";
    one.addEventListener("click", () => send({ kind: "bot", until: "step" }));
    const turn = gkEl("button", "gk-button gk-bot", "Bot: finish the turn", bots);
    turn.type = "button";
    turn.addEventListener("click", () => send({ kind: "bot", until: "turn" }));
    const all = gkEl("button", "gk-button gk-bot", "Bots: play on", bots);
    all.type = "button";
    all.title = "bots act until a person is to act (or the game ends)";
    all.addEventListener("click", () => send({ kind: "bot", until: "person" }));
  };

  const drawLog = () => {
    gkClear(logBox);
    const lines = model.get("log") || [];
    const fresh = model.get("fresh") || 0;
    lines.forEach((line, n) => {
      const row = gkEl("div", "gk-log-line" + (n >= lines.length - fresh ? " gk-log-new" : ""), line, logBox);
      row.setAttribute("data-n", n);
    });
    logBox.scrollTop = logBox.scrollHeight;
  };

  const all = () => {
    idle();
    drawHead();
    drawPlayers();
    drawActions();
    drawBots();
    drawLog();
  };
  const listeners = {
    "change:title": drawHead,
    "change:status": drawHead,
    "change:history_note": drawHead,
    "change:players": drawPlayers,
    "change:actions": all,
    "change:focus": drawActions,
    "change:can_act": all,
    "change:bot_turn": all,
    "change:log": drawLog,
    "change:answered": () => { idle(); drawActions(); drawBots(); },
  };
  for (const [event, fn] of Object.entries(listeners)) model.on(event, fn);
  all();
  return () => {
    for (const [event, fn] of Object.entries(listeners)) model.off(event, fn);
    cleanMessage();
  };
}

export default { render };
