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

// Syllables, for the boards' line breaks (both boards break names the same way).
const VOWELS = "aeiouyäöüàáâèéêìíîòóôùúû";
// Clusters that may start a syllable (the rest of a cluster ends the one before it).
const ONSETS = new Set(["bl", "br", "ch", "cl", "cr", "dr", "fl", "fr", "gl", "gr", "kl", "kr", "ph", "pl", "pr", "qu", "th", "tr", "chr", "sch", "schl", "schr", "schw"]);
const ONSETS_EN = new Set([...ONSETS, "sh", "wh", "wr", "thr"]);

// A word's syllables by the usual rules of thumb: one consonant between two vowels
// starts the next syllable ("Fa-sa-no"); of a cluster, the longest part that can start
// a syllable does ("Bab-cock", "Stein-heim", "For-schungs-schrit-te"). In English a final
// "e" or "es" after a consonant is silent ("Scholes" is one), "w" after a vowel belongs
// to it ("Powell"), "ck" ends a syllable ("Ken-tucky") and "-ing" is one ("Park-ing");
// German "ck" starts one ("Zu-cker"); a capital inside a word starts a part ("Mc-Lane").
// Acronyms ("SWE") and pieces under two letters are not split. When unsure it keeps a
// word whole: a missed break only costs a narrower line.
//   syllables("Moskowitz") -> ["Mos", "kowitz"]; syllables("Forschungsschritte", "de")
//   -> ["For", "schungs", "schrit", "te"]
function syllables(word, lang = "en") {
  const en = lang === "en";
  if (word.length < 4 || word === word.toUpperCase()) return [word];
  // a capital inside a word starts a part of its own ("Mc-Lane")
  const inner = word.search(/(?<=\p{Ll})\p{Lu}/u);
  if (inner >= 2) return [...syllables(word.slice(0, inner), lang), ...syllables(word.slice(inner), lang)];
  // English "-ell" after a vowel and "w" is a syllable of its own ("Pow-ell", "How-ell")
  if (en && /[aeiou]well$/i.test(word)) return [...syllables(word.slice(0, -3), lang), word.slice(-3)];
  const low = word.toLowerCase();
  const isVowel = (k) => VOWELS.includes(low[k]) && !(low[k] === "u" && low[k - 1] === "q") && !(low[k] === "y" && (k === 0 || VOWELS.includes(low[k - 1])));
  const vowel = (k) => isVowel(k) || (en && low[k] === "w" && k > 0 && isVowel(k - 1) && isVowel(k + 1));
  const nuclei = []; // [start, end) of each run of vowels
  for (let k = 0; k < low.length; k++) {
    if (!vowel(k)) continue;
    const last = nuclei[nuclei.length - 1];
    if (last && last[1] === k) last[1] = k + 1;
    else nuclei.push([k, k + 1]);
  }
  const end = nuclei[nuclei.length - 1];
  if (en && nuclei.length > 1 && low[end[0]] === "e" && end[1] - end[0] === 1 && /^(s|d)?$/.test(low.slice(end[1])) && !vowel(end[0] - 1)) {
    nuclei.pop(); // silent e: "Scholes", "Senate"
  }
  const cuts = [];
  for (let j = 0; j + 1 < nuclei.length; j++) {
    const cluster = low.slice(nuclei[j][1], nuclei[j + 1][0]);
    let onset = cluster.length ? 1 : 0;
    for (let n = cluster.length; n >= 2; n--) if ((en ? ONSETS_EN : ONSETS).has(cluster.slice(-n))) { onset = n; break; }
    if (cluster.endsWith("ck")) onset = en ? 0 : Math.max(onset, 2);
    let at = nuclei[j + 1][0] - onset;
    if (en && j + 2 === nuclei.length && /[^aeiou]ing$/.test(low)) at = low.length - 3;
    if (at >= 2 && word.length - at >= 2 && at > (cuts[cuts.length - 1] || 0) + 1) cuts.push(at);
  }
  const pieces = [];
  let from = 0;
  for (const at of [...cuts, word.length]) { pieces.push(word.slice(from, at)); from = at; }
  return pieces;
}

// Words break only between words: a box whose longest word does not fit gets soft hyphens
// at that word's syllables ("Forschungs-" / "schritte", with a hyphen); only a box that
// still does not fit may break a word anywhere (class gk-am-squeezed).
function gkFitWords(body, lang) {
  for (const el of body.querySelectorAll("*")) {
    if (!el.clientWidth || el.scrollWidth <= el.clientWidth + 1) continue;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent;
      const split = text.replace(/[\p{L}]{6,}/gu, (w) => syllables(w, lang).join("\u00ad"));
      if (split !== text) node.textContent = split;
    }
    if (el.scrollWidth > el.clientWidth + 1) el.classList.add("gk-am-squeezed");
  }
}

// The page's width settles after the first draw (and changes with the window): run `fit`
// again whenever `root` gets another width. Returns the clean-up.
function gkRefitOnResize(root, fit) {
  let width = 0;
  const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => {
    if (root.clientWidth && root.clientWidth !== width) {
      width = root.clientWidth;
      fit();
    }
  });
  if (observer) observer.observe(root);
  return () => { if (observer) observer.disconnect(); };
}

// ipywidgets' FileUpload labels its button with its description and the count of files it
// holds, "Load a game (0)"; the kit's tables read the file in the page (the count is always
// 0), so the button keeps its words alone. Call again when the button is redrawn.
function gkDropUploadCount(button) {
  for (const node of button.childNodes) {
    if (node.nodeType !== Node.TEXT_NODE) continue;
    const plain = node.nodeValue.replace(/\s\(\d+\)$/, "");
    if (plain !== node.nodeValue) node.nodeValue = plain;
  }
}

// Give the stock ipywidgets sliders inside `container` an accessible name (axe:
// aria-input-field-name): noUiSlider's handle is the focusable role="slider" element, and
// it has no name of its own; it takes its slider's description ("History", "Rolls").
// Call again after a redraw (a handle drawn later is named then).
function gkNameSliders(container) {
  if (!container) return;
  for (const slider of container.querySelectorAll(".widget-slider, .jupyter-widget-slider")) {
    const label = slider.querySelector(".widget-label, .widget-label-basic");
    const name = (label && label.textContent.trim()) || "value";
    for (const handle of slider.querySelectorAll(".noUi-handle, [role='slider']")) {
      if (handle.getAttribute("aria-label") !== name) handle.setAttribute("aria-label", name);
    }
  }
}
