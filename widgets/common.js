// Helpers shared by the kit's widgets. This file is prepended to each widget's module,
// so it declares plain functions and exports nothing. Data text is always set with
// textContent (or SVG text nodes), never parsed as HTML.
const GK_SVG = "http://www.w3.org/2000/svg";

function gkSvg(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(GK_SVG, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== null && v !== undefined) node.setAttribute(k, String(v));
  }
  if (parent) parent.appendChild(node);
  return node;
}

// Keys pressed inside a kit widget are the widget's. JupyterLab's notebook shortcuts ("d d"
// deletes the cell holding the table, "a"/"b" insert cells, "x" cuts, "m" makes Markdown)
// fire on a focused button, which itself matches their command-mode selector, so the
// data-lm-suppress-shortcuts attribute on an ancestor is not enough; JupyterLab reads keys
// as they bubble up to the document, so they stop at the widget's root. (Tab still moves
// the focus: that is the browser's default, not a listener's.)
function gkOwnKeys(root) {
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  root.addEventListener("keydown", (event) => event.stopPropagation());
}

function gkEl(tag, cls = "", text = null, parent = null) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== null && text !== undefined) node.textContent = String(text);
  if (parent) parent.appendChild(node);
  return node;
}

function gkText(parent, x, y, text, attrs = {}) {
  const node = gkSvg("text", { x, y, ...attrs }, parent);
  node.textContent = String(text);
  return node;
}

function gkClear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

// Send one intent to Python through the synced `intent` trait.
function gkSendIntent(model, intent) {
  const seq = (model.get("intent")?.seq ?? 0) + 1;
  model.set("intent", { ...intent, seq });
  model.save_changes();
}

function gkMessage(model, parent) {
  const box = gkEl("div", "gk-message", null, parent);
  box.setAttribute("role", "status");
  const update = () => {
    box.textContent = model.get("message") || "";
    box.classList.toggle("gk-error", Boolean(model.get("error")));
  };
  update();
  model.on("change:message", update);
  model.on("change:error", update);
  return () => {
    model.off("change:message", update);
    model.off("change:error", update);
  };
}

function gkMoney(n) {
  return (n < 0 ? "-$" : "$") + Math.abs(n).toLocaleString("en-US");
}
