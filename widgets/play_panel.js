// The side panel of a play table: players, the legal actions as buttons, the event log.
// Buttons come from Python (the engine's legal_actions); a click sends the action's
// struct back as an intent, and Python decides. Text is always set as text.
//
// Click safety: for `guard_ms` after Python redraws the decisions (a new `view`), their
// buttons are disabled and a mouse click anywhere in the panel is ignored (the step toggle
// and "Manage property" too: see `settling`), so a fast second click cannot land on a
// control that appeared under the pointer; every intent carries the `view` its buttons were
// drawn for, and Python ignores one made for an older view. New decisions get a yellow
// ring so they are visibly new; then focus moves to the next decision (keyboard play).
// A new decision never appears under the pointer of the click that led to it: when one
// would, a "Just done: ..." line takes that spot and the new buttons move below it, for as
// long as that view is shown (no button jumps under a pointer that moves on); the first new
// choice stays in sight (see keepClear).

function render({ model, el }) {
  // the panel's own words in the table's language (`words` from Python), else English
  const w = (key, english) => (model.get("words") || {})[key] || english;
  const root = gkEl("div", "gk-root gk-play", null, el);
  gkOwnKeys(root); // keys pressed in here are the table's, not JupyterLab's
  // ... and so are keys on the table's stock ipywidgets (history slider, trade form, Save /
  // Load): the table around the panel (class gk-table) keeps them too, once it is on the page
  let tableTries = 0;
  // End on the history slider goes to the latest move. ipywidgets' slider (noUiSlider) takes
  // End's target from the range it was first drawn with (max 0: move 0), though the table
  // raises `max` after every move; its options' range is the current one.
  const sliderEnd = (event) => {
    if (event.key !== "End" || !event.target.closest) return;
    const api = event.target.closest(".noUi-target")?.noUiSlider;
    const max = api?.options?.range?.max;
    if (typeof max !== "number") return;
    event.preventDefault();
    event.stopPropagation();
    api.set(max); // its "update" event sets the model's value (continuous_update)
  };
  const ownTable = () => {
    const table = el.closest(".gk-table");
    if (table) {
      if (!table.hasAttribute("data-gk-own-keys")) {
        table.setAttribute("data-gk-own-keys", "true");
        gkOwnKeys(table);
        table.addEventListener("keydown", sliderEnd, true);
      }
      // The panel stays in the window while the page scrolls a tall board (CSS sticky, in
      // the gk-table-row of play_panel.css): the boxes between it and the element that
      // scrolls the page must not clip (ipywidgets' boxes and the output area do, with
      // nothing to scroll); the first box that does scroll is left alone.
      const box = el.closest(".gk-panel-box");
      if (box) {
        for (let e = box.parentElement; e && e !== document.body; e = e.parentElement) {
          const s = getComputedStyle(e);
          if (e.scrollHeight > e.clientHeight + 1 && /(auto|scroll)/.test(s.overflowY)) break;
          if (e.classList.contains("jp-WindowedPanel-outer") || e.classList.contains("lm-BoxPanel-child")) break;
          if (s.overflowX !== "visible" || s.overflowY !== "visible") e.style.overflow = "visible";
        }
      }
      // a dashboard's tabs around the table: their labels at panel size (play_panel.css)
      const tabs = table.closest(".widget-tab, .jupyter-widget-Tab");
      if (tabs) tabs.classList.add("gk-table-tabs");
      gkNameSliders(table);
    } else if (++tableTries < 600) setTimeout(ownTable, 100);
  };
  ownTable();
  const head = gkEl("div", "gk-play-head", null, root);
  const title = gkEl("div", "gk-play-title", null, head);
  const status = gkEl("div", "gk-play-status", null, head);
  const dice = gkEl("div", "gk-play-dice", null, head);
  const note = gkEl("div", "gk-play-note", null, head);
  // The panel's order puts what a class must see in the first screen: the status, what just
  // happened (`latest`: the bots' moves in words), the question or the decisions and the bot
  // controls, the message; then the players and the whole log.
  const latest = gkEl("div", "gk-latest", null, root);
  latest.setAttribute("aria-live", "polite");
  const confirm = gkEl("div", "gk-confirm", null, root);
  confirm.setAttribute("role", "alertdialog");
  const actions = gkEl("div", "gk-actions", null, root);
  const bots = gkEl("div", "gk-bot-controls", null, root);
  // "Undo my last decision" and "Undo the branch": below the decisions, never in their place
  const undo = gkEl("div", "gk-play-undo", null, root);
  const cleanMessage = gkMessage(model, root);
  // a click the kernel has not answered for `answer_wait_ms`: said in words, near the
  // decisions (see noAnswer)
  const waitNote = gkEl("div", "gk-no-answer", null);
  waitNote.setAttribute("role", "alert");
  const players = gkEl("div", "gk-players", null, root);
  const stepBox = gkEl("label", "gk-step-toggle", null, root);
  const step = gkEl("input", "", null, stepBox);
  step.type = "checkbox";
  const stepText = gkEl("span", "", null, stepBox);
  step.addEventListener("change", () => {
    model.set("step_bots", step.checked);
    model.save_changes();
  });
  const logHead = gkEl("div", "gk-log-head", null, root);
  const logBox = gkEl("div", "gk-log", null, root);
  // a scrollable region a keyboard reaches (axe: scrollable-region-focusable), named
  logBox.setAttribute("role", "log");
  logBox.setAttribute("tabindex", "0");
  let busy = false;
  let lastSent = -1e9; // performance.now() of the last intent sent from this panel
  let drawnAt = -1e9; // when the decisions were last redrawn
  let drawnView = null; // the view the buttons were drawn for (null: never drawn)
  let armTimer = null;
  let lastLabels = "";
  let wantFocus = false;
  let lastClick = null; // {label, view, at, below}: the last mouse click that sent an intent
  let pointer = null; // where the pointer is (viewport coordinates)
  let clearSpots = null; // {view, spots: [{inActions, index, height}]}: the just-done lines
  const onPointer = (event) => { pointer = { x: event.clientX, y: event.clientY }; };
  document.addEventListener("pointermove", onPointer, { passive: true });
  document.addEventListener("pointerdown", onPointer, { passive: true });

  const guardMs = () => model.get("guard_ms") ?? 450;
  const guarded = () => performance.now() - drawnAt < guardMs();

  // the decisions were redrawn: ignore clicks for a moment (visible as dimmed buttons)
  const decisionButtons = () => root.querySelectorAll(
    ".gk-actions button.gk-button, .gk-bot-controls button, .gk-confirm button, .gk-play-undo button");
  const enable = () => {
    const can = Boolean(model.get("can_act"));
    decisionButtons().forEach((b) => {
      b.disabled = busy || (b.dataset.kind === "act" && !can);
    });
  };
  const focusNext = () => {
    // the next decision, in this order of preference (never the page body)
    for (const sel of [".gk-confirm button", ".gk-options button", ".gk-chip-on", ".gk-chip",
      ".gk-actions-main button", ".gk-bot-next", ".gk-actions button", ".gk-play-undo button"]) {
      const next = root.querySelector(sel);
      if (next && !next.disabled) { next.focus({ preventScroll: true }); return; }
    }
  };
  const armed = () => {
    // a decision that came under the pointer after the redraw (a later update moved it
    // there, as "Bot: next action" after "End the turn") waits HOLD_MS too
    const since = performance.now() - drawnAt;
    if (lastClick && pointer && since < HOLD_MS) {
      const hit = document.elementFromPoint(pointer.x, pointer.y);
      const under = hit && hit.closest(clickable);
      if (under && root.contains(under) && under.textContent !== lastClick.label) {
        holdView = drawnView;
        root.setAttribute("data-guard-ms", String(HOLD_MS));
        armTimer = setTimeout(armed, HOLD_MS - since);
        return;
      }
    }
    armTimer = null;
    root.classList.remove("gk-guard");
    root.querySelectorAll(".gk-fresh").forEach((b) => b.classList.remove("gk-fresh"));
    enable();
    root.setAttribute("data-armed", String(drawnView));
    if (wantFocus) focusNext();
    wantFocus = false;
  };
  const arm = () => {
    drawnAt = performance.now();
    drawnView = model.get("view");
    root.classList.add("gk-guard");
    root.removeAttribute("data-armed");
    clearTimeout(armTimer);
    const wait = holdView === drawnView ? Math.max(HOLD_MS, guardMs()) : guardMs();
    root.setAttribute("data-guard-ms", String(wait)); // how long this view's decisions wait
    armTimer = setTimeout(armed, wait);
  };

  const send = (intent, event = null, target = null) => {
    if (busy || guarded()) return; // a click too soon after a redraw does nothing
    busy = true;
    lastSent = performance.now();
    // a mouse click (not a key: detail 0) whose spot the next decisions keep clear
    lastClick = null;
    if (event && event.detail > 0 && target) {
      pointer = { x: event.clientX, y: event.clientY };
      const box = target.getBoundingClientRect();
      lastClick = { label: target.textContent, view: model.get("view"), at: lastSent, below: box.bottom - event.clientY };
    }
    root.classList.add("gk-busy");
    root.querySelectorAll("button.gk-button").forEach((b) => (b.disabled = true));
    waitForAnswer();
    gkSendIntent(model, { ...intent, view: drawnView ?? model.get("view") });
  };
  // A click the kernel never answers (busy with a long cell, stopped, the connection
  // lost) would leave the table dimmed with no word. After `answer_wait_ms` the panel says
  // what happened and what to do, counting the seconds; when the answer comes after all,
  // the table is usable again and the note says how long it took (until the next click).
  let waitTimer = null;
  const waitSeconds = () => Math.round((performance.now() - lastSent) / 1000);
  const showWait = (text, late) => {
    waitNote.textContent = text;
    waitNote.classList.toggle("gk-no-answer-late", late);
    if (!waitNote.isConnected) root.insertBefore(waitNote, actions);
  };
  const noAnswer = () => {
    if (!busy) return;
    showWait(w("no_answer", "No answer from the kernel for {s} s: it may be busy or stopped. "
      + "Wait, or reload the page.").replace("{s}", waitSeconds()), false);
    waitTimer = setTimeout(noAnswer, 10000); // the count again every 10 s (a screen reader's alert)
  };
  const waitForAnswer = () => {
    clearTimeout(waitTimer);
    waitNote.remove();
    waitTimer = setTimeout(noAnswer, Math.max(1000, model.get("answer_wait_ms") ?? 20000));
  };
  const answered = () => {
    clearTimeout(waitTimer);
    waitTimer = null;
    if (waitNote.isConnected && !waitNote.classList.contains("gk-no-answer-late")) {
      showWait(w("answer_late", "The kernel answered after {s} s: the table is ready again.")
        .replace("{s}", waitSeconds()), true);
    }
  };
  const idle = () => {
    if (busy) answered();
    busy = false;
    root.classList.remove("gk-busy");
  };
  // Panel-wide: while an intent is on its way and for the guard time after the new state is
  // drawn, a mouse click anywhere in the panel does nothing, so a quick second click cannot
  // tick "Step the bots" or open "Manage property" that moved under the pointer (capture
  // phase: it is stopped before any control sees it; its default, a checkbox's tick or a
  // <details> opening, is prevented). Keys (Enter, Space: a click with detail 0) still act.
  const settling = () => busy || guarded();
  root.addEventListener("click", (event) => {
    if (event.detail === 0 || !settling()) return;
    event.preventDefault();
    event.stopPropagation();
  }, true);

  const button = (parent, item, cls) => {
    const b = gkEl("button", "gk-button " + cls, item.label, parent);
    b.type = "button";
    if (item.hint) b.title = item.hint;
    b.dataset.kind = "act";
    b.disabled = !model.get("can_act");
    b.addEventListener("click", (event) => send({ kind: "act", action: item.action }, event, b));
    return b;
  };
  const plain = (parent, text, cls, onClick) => {
    const b = gkEl("button", "gk-button " + cls, text, parent);
    b.type = "button";
    b.addEventListener("click", (event) => onClick(event, b));
    return b;
  };

  const drawHead = () => {
    title.textContent = model.get("title") || "";
    status.textContent = model.get("status") || "";
    dice.textContent = model.get("dice_note") || "";
    dice.style.display = dice.textContent ? "" : "none";
    note.textContent = model.get("history_note") || "";
    note.style.display = note.textContent ? "" : "none";
    gkClear(undo);
    const last = model.get("undo_last_label") || "";
    if (last) plain(undo, last, "gk-undo-last", (e, b) => send({ kind: "undo_last" }, e, b));
    const label = model.get("undo_label") || "";
    if (label) plain(undo, label, "gk-undo", (e, b) => send({ kind: "undo" }, e, b));
    logBox.setAttribute("aria-label", w("log_label", "Game log"));
    step.checked = Boolean(model.get("step_bots"));
    stepText.textContent = w("step", "Step the bots (each bot decision waits for a click)");
    stepBox.style.display = model.get("show_step_toggle") ? "" : "none";
  };

  const drawPlayers = () => {
    gkClear(players);
    for (const p of model.get("players") || []) {
      const card = gkEl("div", "gk-player" + (p.current ? " gk-current" : "") + (p.out ? " gk-out" : ""), null, players);
      card.style.setProperty("--gk-player", p.colour || "#555");
      const top = gkEl("div", "gk-player-top", null, card);
      gkEl("span", "gk-player-dot", null, top);
      gkEl("span", "gk-player-name", p.name, top);
      if (p.bot) gkEl("span", "gk-player-bot", `${w("bot_badge", "bot")}: ${p.bot}`, top);
      if (p.headline) gkEl("div", "gk-player-headline", p.headline, card);
      for (const line of p.lines || []) gkEl("div", "gk-player-line", line, card);
    }
  };

  const drawConfirm = () => {
    gkClear(confirm);
    const question = model.get("confirm") || "";
    confirm.style.display = question ? "" : "none";
    if (!question) return;
    gkEl("div", "gk-confirm-text", question, confirm);
    const row = gkEl("div", "gk-confirm-buttons", null, confirm);
    // the answers: the table's (confirm_yes / confirm_no, "Yes, pass ..."), else a new branch's
    const yes = model.get("confirm_yes") || w("branch_yes", "Start the new branch");
    const no = model.get("confirm_no") || w("branch_no", "Keep the recorded moves");
    plain(row, yes, "gk-main", (e, b) => send({ kind: "confirm", yes: true }, e, b));
    plain(row, no, "gk-manage", (e, b) => send({ kind: "confirm", yes: false }, e, b));
  };

  // Alma Mater's action phase: one compact button per space, then that space's options
  const drawPicker = (manage, focus) => {
    const groups = new Map();
    for (const a of manage) {
      const key = a.pick ?? a.space ?? a.section ?? "";
      if (!groups.has(key)) groups.set(key, { name: a.section || key, list: [] });
      groups.get(key).list.push(a);
    }
    gkEl("div", "gk-actions-label", w("pick", "Pick a space (here or on the board), then one of its options:"), actions);
    // a space picked: the spaces shrink to their names, side by side, so that its options
    // come on screen under them (one space a row put them below a 720 px window with 10 or
    // more spaces); each keeps its count in its tooltip and its accessible name
    const compact = groups.has(focus);
    const chips = gkEl("div", "gk-chips" + (compact ? " gk-chips-compact" : ""), null, actions);
    for (const [key, g] of groups) {
      // the count is how many options the space offers, said in words ("2 options")
      const n = g.list.length;
      const count = (n === 1 ? w("one_option", "1 option") : w("options", "{n} options")).replace("{n}", n);
      const words = `${g.name} · ${count}`;
      const chip = gkEl("button", "gk-chip" + (key === focus ? " gk-chip-on" : ""), compact ? g.name : words, chips);
      if (compact) {
        chip.title = words;
        chip.setAttribute("aria-label", words);
      }
      chip.type = "button";
      chip.setAttribute("aria-pressed", key === focus ? "true" : "false");
      chip.addEventListener("click", () => {
        pickedAt = performance.now(); // its options come in view (keepInView)
        // a space picked is a click of its own: the "Just done" line of the decision before
        // has done its work (no double-click lands on a new choice now) and goes, so the
        // options, Pass and Undo are not pushed below a 720 px window (it said "Just done:
        // Bot: next action" above the spaces, 66 px tall, after the chip was clicked)
        clearSpots = { view: model.get("view"), label: "", spots: [] };
        root.querySelectorAll(".gk-just-done").forEach((e) => e.remove());
        model.set("focus", key);
        model.set("focus_label", `${g.name}:`);
        model.save_changes();
      });
    }
    const chosen = groups.get(focus);
    if (chosen) {
      gkEl("div", "gk-actions-label gk-pick-title", `${chosen.name}: ${w("choose", "choose one")}`, actions);
      const row = gkEl("div", "gk-actions-focus gk-options", null, actions);
      chosen.list.forEach((a) => button(row, a, "gk-manage"));
      const cap = optionsCap;
      if (cap && cap.view === model.get("view") && cap.focus === focus) row.style.maxHeight = `${cap.px}px`;
    }
  };

  const drawManage = (manage, focus) => {
    const here = manage.filter((a) => focus !== null && focus !== undefined && a.space === focus);
    if (here.length) {
      gkEl("div", "gk-actions-label", model.get("focus_label") || w("selected", "Selected"), actions);
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
  };

  let actionsDrawnFor = null; // the view the decisions on the page were drawn for
  const drawActions = () => {
    actionsDrawnFor = model.get("view");
    gkClear(actions);
    const items = model.get("actions") || [];
    const focus = model.get("focus");
    const main = items.filter((a) => a.group !== "manage" && a.group !== "later");
    const manage = items.filter((a) => a.group === "manage");
    // "later": a secondary choice that ends something (Alma Mater's pass), drawn small and
    // last, after the real choices (the table asks before it takes it)
    const later = items.filter((a) => a.group === "later");
    if (model.get("confirm")) return; // answer the question first
    if (!items.length) {
      const why = model.get("can_act") ? "" : model.get("waiting") || "";
      if (why) gkEl("div", "gk-actions-empty", why, actions);
    }
    if (main.length) {
      const row = gkEl("div", "gk-actions-main", null, actions);
      main.forEach((a) => button(row, a, "gk-main"));
    }
    if (manage.length) {
      if (model.get("pick_first")) drawPicker(manage, focus);
      else drawManage(manage, focus);
    }
    if (later.length) {
      const row = gkEl("div", "gk-actions-later", null, actions);
      later.forEach((a) => button(row, a, "gk-manage gk-later"));
    }
  };

  const drawBots = () => {
    gkClear(bots);
    if (!model.get("bot_turn") || model.get("confirm")) return;
    const stepping = Boolean(model.get("step_bots"));
    plain(bots, w("bot_next", "Bot: next action"), stepping ? "gk-bot gk-bot-primary gk-bot-next" : "gk-bot gk-bot-next",
      (e, b) => send({ kind: "bot", until: "step" }, e, b));
    plain(bots, w("bot_turn", "Bot: finish the turn"), "gk-bot", (e, b) => send({ kind: "bot", until: "turn" }, e, b));
    const all = plain(bots, w("bots_on", "Bots: play on"), "gk-bot", (e, b) => send({ kind: "bot", until: "person" }, e, b));
    all.title = w("bots_on_tip", "bots act until a person is to act (or the game ends)");
  };

  // Keep the spot of the last click clear of a different new decision: when a button other
  // than the one clicked would be under the pointer, a "Just done: ..." line is put before
  // its row (or before the bot controls), as tall as needed to move it below the clicked
  // button's spot, but never taller than SPACER_MAX and never pushing the first new choice
  // out of sight. When it would (a click near the bottom of the window), or the first new
  // choice is below the fold anyway, the line goes right after the first new choice
  // instead, and the page scrolls (at once) so that this choice ends just above the pointer
  // and the line lies under it. Worked out once per view, then redrawn the same for that
  // view (no scrolling then).
  const clickable = ".gk-actions button, .gk-bot-controls button, .gk-confirm button, .gk-play-undo button";
  const SPACER_MAX = 160;
  const HOLD_MS = 1200; // how long a decision that appeared under the pointer waits
  let holdView = null; // the view whose decisions wait HOLD_MS (not the guard time)
  const firstChoice = () => root.querySelector(".gk-confirm button, .gk-actions button, .gk-bot-controls button");
  const pageScroller = () => document.scrollingElement || document.documentElement;
  const scroller = () => {
    // the nearest ancestor of the panel that scrolls (JupyterLab's notebook), else the page
    for (let e = root.parentElement; e && e !== document.body; e = e.parentElement) {
      const y = getComputedStyle(e).overflowY;
      if ((y === "auto" || y === "scroll") && e.scrollHeight > e.clientHeight + 1) return e;
    }
    return pageScroller();
  };
  const shown = (sc) => {
    // the part of the window where `sc` shows its content: [top, bottom]
    if (sc === pageScroller()) return [0, window.innerHeight];
    const r = sc.getBoundingClientRect();
    return [Math.max(0, r.top), Math.min(window.innerHeight, r.bottom)];
  };
  const justDone = (spot, label) => {
    const line = gkEl("div", "gk-just-done", `${w("just_done", "Just done:")} ${label}`);
    line.setAttribute("aria-hidden", "true");
    line.style.minHeight = `${spot.height}px`;
    if (spot.after) {
      const first = firstChoice();
      if (!first) return null;
      line.classList.add("gk-just-done-after"); // a whole line of its own in a row of buttons
      first.parentElement.insertBefore(line, first.nextSibling);
      return line;
    }
    const parent = spot.inActions ? actions : root;
    const anchor = parent.children[spot.index];
    if (!anchor) return null;
    parent.insertBefore(line, anchor);
    return line;
  };
  const underPointer = (click) => {
    const hit = document.elementFromPoint(pointer.x, pointer.y);
    const b = hit && hit.closest(clickable);
    return b && root.contains(b) && b.textContent !== click.label ? b : null;
  };
  const clearAfterFirst = (click) => {
    // the first choice just above the pointer, a "Just done" line under the pointer
    const first = firstChoice();
    if (!first) return [];
    const sc = scroller();
    const [top] = shown(sc);
    const box = first.getBoundingClientRect();
    const gap = 10;
    if (pointer.y - gap - box.height < top) return []; // no room above the pointer
    const spot = { after: true, height: Math.ceil(click.below + 2 * gap + 8) };
    const line = justDone(spot, click.label);
    const delta = first.getBoundingClientRect().bottom - (pointer.y - gap);
    if (delta > 0) sc.scrollBy({ top: delta, behavior: "instant" });
    // the line reaches from below the first choice to below the clicked button's spot
    const reach = Math.ceil(pointer.y + click.below + 4 - line.getBoundingClientRect().top);
    spot.height = Math.max(spot.height, reach);
    line.style.minHeight = `${spot.height}px`;
    return [spot];
  };
  const keepClear = () => {
    root.querySelectorAll(".gk-just-done").forEach((e) => e.remove());
    const view = model.get("view");
    if (clearSpots && clearSpots.view === view) {
      clearSpots.spots.forEach((spot) => justDone(spot, clearSpots.label));
      return;
    }
    clearSpots = null;
    const click = lastClick;
    if (!click || !pointer || click.view === view || performance.now() - click.at > 15000) return;
    const before = (cap) => {
      // lines before the rows under the pointer; null when one would be taller than `cap`
      const placed = [];
      for (let n = 0; n < 3; n++) {
        const b = underPointer(click);
        if (!b) break;
        // the row of `b` among the actions, or its part of the panel (bots, confirm, head)
        let anchor = b;
        while (anchor.parentElement !== actions && anchor.parentElement !== root) anchor = anchor.parentElement;
        const parent = anchor.parentElement;
        const height = Math.ceil(pointer.y + click.below - anchor.getBoundingClientRect().top + 4);
        if (height > cap) return null;
        const spot = { inActions: parent === actions, index: Array.prototype.indexOf.call(parent.children, anchor), height };
        placed.push(spot);
        justDone(spot, click.label);
      }
      return placed;
    };
    const removeLines = () => root.querySelectorAll(".gk-just-done").forEach((e) => e.remove());
    const sc0 = scroller();
    const scrolledFrom = sc0.scrollTop; // clearAfterFirst may scroll: undone with its line
    let spots = before(SPACER_MAX);
    const first = firstChoice();
    const [, bottom] = shown(scroller());
    if (spots === null || (first && first.getBoundingClientRect().bottom > bottom - 4)) {
      // a line before the row would be too tall, or the first choice is out of sight (pushed
      // by a line, or below the fold where the click was): the first choice goes just above
      // the pointer, with a line after it
      removeLines();
      spots = clearAfterFirst(click);
      if (!spots.length) {
        removeLines(); // no room above the pointer (a click near the top): lines before rows
        spots = underPointer(click) ? before(Infinity) : [];
      }
    }
    // a line must not push a decision out of the window (the next Build button after a
    // build): then no line, and the decisions wait HOLD_MS instead (see holdView)
    const [, low] = shown(scroller());
    const outside = () => Array.from(decisionButtons()).some((b) => b.getBoundingClientRect().bottom > low - 2);
    if (spots.length && outside()) {
      removeLines();
      spots = [];
      if (sc0.scrollTop !== scrolledFrom) sc0.scrollTop = scrolledFrom;
    }
    clearSpots = { view, label: click.label, spots };
    // a decision under the pointer of the click that led here (the same "Roll the dice"
    // after a double, a next Build button): it waits HOLD_MS, so a double-click does not
    // take it before the class has seen what the first click did
    const hit = document.elementFromPoint(pointer.x, pointer.y);
    const under = hit && hit.closest(clickable);
    if (under && root.contains(under)) holdView = view;
  };

  // A new view whose decisions end below the window while the status is in it (a zoomed
  // JupyterLab, 359 CSS px of notebook at 150 %: three two-line founding-card buttons under
  // "what just happened"): the panel's scroller moves them up, never the status out of
  // the window. The just-done lines and the hold (keepClear) then see the buttons' places.
  // Only after a click in this panel (a click elsewhere, the trade form's Propose, keeps
  // its own place); when even that leaves a decision below, "what just happened" shows its
  // newest line only (the others stay in the log).
  let inViewFor = null;
  let latestDrawn = ""; // the lines "what just happened" shows now
  let optionsCap = null; // {view, focus, px}: the options' list made shorter (keepInView)
  let pickedAt = -1e9; // performance.now() of the last space picked (Alma Mater's chips)
  const keepInView = () => {
    // once per view drawn, space picked and "what just happened" (each is drawn at its own
    // change event: the new lines may be drawn while the last view's buttons are there)
    const key = `${actionsDrawnFor}|${model.get("focus")}|${latestDrawn}`;
    if (key === inViewFor) return;
    inViewFor = key;
    latest.classList.remove("gk-latest-short");
    // not a click in this panel (a decision, or a space picked to show its options)
    if (!(performance.now() - Math.max(lastSent, pickedAt) < 15000)) return;
    const status = head.querySelector(".gk-play-status");
    const buttons = Array.from(decisionButtons()).filter((b) => b.getClientRects().length);
    if (!status || !buttons.length) return;
    const sc = scroller();
    const [top, bottom] = shown(sc);
    // the status above the window after a click in the panel (the page scrolled down to
    // reach "Step the bots" or the New game form): back down to it, as far as the lowest
    // decision stays in the window
    const above = top - status.getBoundingClientRect().top;
    if (above > 2) {
      const low = Math.max(...buttons.map((b) => b.getBoundingClientRect().bottom));
      const back = Math.min(above + 4, bottom - low - 2, sc.scrollTop);
      if (back > 0) sc.scrollBy({ top: -back, behavior: "instant" });
    }
    const lift = () => {
      const from = status.getBoundingClientRect().top;
      // the reader is not looking at the panel (a status lifted to the top before may sit a
      // fraction of a pixel above it)
      if (from < top - 2 || from > bottom) return false;
      const low = Math.max(...buttons.map((b) => b.getBoundingClientRect().bottom));
      if (low <= bottom) return false;
      const delta = Math.min(low - bottom + 4, Math.max(0, from - top));
      if (delta > 0) sc.scrollBy({ top: delta, behavior: "instant" });
      return low - delta > bottom;
    };
    if (lift() && latest.children.length > 1) {
      latest.classList.add("gk-latest-short");
      if (!lift()) return;
    } else if (!lift()) return;
    // still below (a picked space's options under the spaces to pick from, in a short
    // window): the options' list, which scrolls in its own box, gets shorter (to 2 rows)
    const list = actions.querySelector(".gk-options");
    if (!list) return;
    const low = Math.max(...buttons.map((b) => b.getBoundingClientRect().bottom));
    const px = Math.max(72, Math.floor(list.clientHeight - (low - bottom + 4)));
    optionsCap = { view: model.get("view"), focus: model.get("focus"), px };
    list.style.maxHeight = `${px}px`;
  };

  // Redraw the decisions. When Python drew a new view, they are disabled for the guard
  // time, the changed ones get a ring, and focus then moves to the next decision.
  const decisions = () => {
    const hadFocus = root.contains(document.activeElement);
    const active = document.activeElement;
    const recent = performance.now() - lastSent < 15000;
    drawHead();
    drawConfirm();
    drawActions();
    drawBots();
    keepInView();
    keepClear();
    const fresh = model.get("view") !== drawnView;
    if (fresh) arm();
    const labels = Array.from(decisionButtons()).map((b) => b.textContent).join("|");
    if (fresh && labels !== lastLabels) {
      root.querySelectorAll(".gk-actions-main button, .gk-options button, .gk-bot-controls button, .gk-confirm button")
        .forEach((b) => b.classList.add("gk-fresh"));
    }
    lastLabels = labels;
    const focusWanted = hadFocus || (recent && (!active || active === document.body));
    if (armTimer !== null) {
      decisionButtons().forEach((b) => (b.disabled = true));
      wantFocus = wantFocus || focusWanted;
    } else {
      enable();
      if (focusWanted) focusNext();
    }
  };

  // what just happened, at the top beside the decisions: the newest lines (newest last)
  const drawLatest = () => {
    gkClear(latest);
    const lines = model.get("latest") || [];
    latest.style.display = lines.length ? "" : "none";
    lines.forEach((line, n) => gkEl("div", "gk-latest-line" + (n === lines.length - 1 ? " gk-latest-newest" : ""), line, latest));
    latestDrawn = lines.join("\n");
    keepInView(); // new lines of the view shown: the decisions still in the window
  };

  const drawLog = () => {
    drawLatest();
    gkClear(logBox);
    const lines = model.get("log") || [];
    const heads = new Map((model.get("log_turns") || []).map(([n, text]) => [n, text]));
    const fresh = Math.min(model.get("fresh") || 0, lines.length);
    logHead.textContent = fresh
      ? w("log_fresh", "Log (highlighted: what happened since the last person's decision)")
      : w("log", "Log");
    lines.forEach((line, n) => {
      // a turn's heading before its first line ("Round 2 · Bo"): turns are told apart
      if (heads.has(n)) gkEl("div", "gk-log-turn", heads.get(n), logBox);
      const isNew = n >= lines.length - fresh;
      const row = gkEl("div", "gk-log-line" + (isNew ? " gk-log-new" : ""), line, logBox);
      row.setAttribute("data-n", n);
    });
    logBox.scrollTop = logBox.scrollHeight;
  };

  // A question asked for a click made elsewhere in the table (the trade form's Propose):
  // the panel changes size, and what was clicked keeps its place on screen, so the form's
  // own copy of the question beside it stays in view.
  let outsideDown = null; // {target, top, at}: the last pointerdown in the table, not here
  const onOutsideDown = (event) => {
    const table = el.closest(".gk-table");
    const t = event.target;
    if (table && t instanceof Element && table.contains(t) && !root.contains(t)) {
      outsideDown = { target: t, top: t.getBoundingClientRect().top, at: performance.now() };
    }
  };
  document.addEventListener("pointerdown", onOutsideDown, { passive: true });
  const keepOutsideInPlace = () => {
    const d = outsideDown;
    if (!model.get("confirm") || !d || !d.target.isConnected || performance.now() - d.at > 15000) return;
    outsideDown = null;
    const shift = d.target.getBoundingClientRect().top - d.top;
    if (Math.abs(shift) > 1) scroller().scrollBy({ top: shift, behavior: "instant" });
    // the form's answers, drawn under the button clicked (at the page's end the window
    // cannot scroll them into view before they are there): scrolled up into the window,
    // the button clicked kept in it
    const form = d.target.closest(".gk-trade-form");
    if (!form) return;
    let tries = 0;
    const reveal = () => {
      let sc = pageScroller();
      for (let e = form.parentElement; e && e !== document.body; e = e.parentElement) {
        const y = getComputedStyle(e).overflowY;
        if ((y === "auto" || y === "scroll") && e.scrollHeight > e.clientHeight + 1) { sc = e; break; }
      }
      const [top, bottom] = shown(sc);
      const buttons = Array.from(form.querySelectorAll("button")).filter((b) => b.offsetWidth);
      const low = Math.max(0, ...buttons.map((b) => b.getBoundingClientRect().bottom));
      const room = d.target.getBoundingClientRect().top - top;
      if (low > bottom && room > 0) sc.scrollBy({ top: Math.min(low - bottom + 4, room), behavior: "instant" });
      else if (++tries < 10) setTimeout(reveal, 100);
    };
    setTimeout(reveal, 50);
  };

  // "Save the game": the file downloads at once (one click), named by Python
  let savedN = (model.get("download") || {}).n || 0;
  const saveFile = () => {
    const d = model.get("download") || {};
    if (!d.data || !d.name || d.n === savedN) return;
    savedN = d.n;
    const a = gkEl("a", "gk-save-link", null, root);
    a.download = d.name;
    a.href = `data:application/json;base64,${d.data}`;
    a.style.display = "none";
    a.click();
    a.remove();
  };

  // "Load a game": the page picks and reads the file (see `max_upload` in play_panel.py)
  const onLoadClick = (event) => {
    const table = el.closest(".gk-table");
    const t = event.target;
    const button = t instanceof Element ? t.closest(".gk-files .widget-upload") : null;
    const limit = model.get("max_upload") || 0;
    if (!table || !button || !table.contains(button) || limit <= 0) return;
    event.stopImmediatePropagation(); // the stock button's own picker stays closed
    event.preventDefault();
    const input = document.createElement("input");
    input.type = "file";
    input.accept = ".json,application/json";
    input.addEventListener("change", async () => {
      const f = input.files && input.files[0];
      if (!f) return;
      if (f.size > limit) {
        gkSendIntent(model, { kind: "load_file", name: f.name, size: f.size });
      } else {
        gkSendIntent(model, { kind: "load_file", name: f.name, size: f.size, text: await f.text() });
      }
    });
    input.click();
  };
  document.addEventListener("click", onLoadClick, true);

  // the Load button without ipywidgets' file count, also after it is redrawn (a new
  // language, a reset); the button may be drawn after the panel: look again a little later
  let uploadWatch = null;
  let uploadTimer = 0;
  let uploadTries = 0;
  const plainUpload = () => {
    if (uploadWatch) return;
    const table = el.closest(".gk-table");
    const button = table && table.querySelector(".gk-files .widget-upload");
    if (!button) {
      if (!uploadTimer && uploadTries++ < 150) {
        uploadTimer = setTimeout(() => { uploadTimer = 0; plainUpload(); }, 200);
      }
      return;
    }
    gkDropUploadCount(button);
    uploadWatch = new MutationObserver(() => gkDropUploadCount(button));
    uploadWatch.observe(button, { childList: true, subtree: true, characterData: true });
  };

  const all = () => {
    gkNameSliders(el.closest(".gk-table")); // the history slider's handle, named
    plainUpload();
    idle();
    drawPlayers();
    decisions();
    drawLog(); // (its "what just happened" checks the decisions are in the window again)
  };
  const listeners = {
    "change:title": drawHead,
    "change:status": drawHead,
    "change:dice_note": drawHead,
    "change:history_note": drawHead,
    "change:undo_label": drawHead,
    "change:step_bots": decisions,
    "change:show_step_toggle": drawHead,
    "change:words": () => { drawHead(); decisions(); drawLog(); },
    "change:players": drawPlayers,
    "change:actions": all,
    "change:focus": decisions,
    "change:can_act": all,
    "change:bot_turn": all,
    "change:confirm": all,
    "change:view": all,
    "change:log": drawLog,
    "change:fresh": drawLog,
    "change:latest": drawLatest,
    "change:undo_last_label": drawHead,
    "change:download": () => saveFile(),
    "change:answered": () => { idle(); decisions(); },
  };
  for (const [event, fn] of Object.entries(listeners)) model.on(event, fn);
  model.on("change:confirm", keepOutsideInPlace);
  all();
  return () => {
    for (const [event, fn] of Object.entries(listeners)) model.off(event, fn);
    clearTimeout(armTimer);
    clearTimeout(waitTimer);
    document.removeEventListener("pointermove", onPointer);
    document.removeEventListener("pointerdown", onPointer);
    document.removeEventListener("pointerdown", onOutsideDown);
    document.removeEventListener("click", onLoadClick, true);
    clearTimeout(uploadTimer);
    if (uploadWatch) uploadWatch.disconnect();
    model.off("change:confirm", keepOutsideInPlace);
    cleanMessage();
  };
}

export default { render };
