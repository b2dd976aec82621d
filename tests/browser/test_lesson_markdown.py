"""Every Markdown cell of every notebook, rendered by JupyterLab in a real browser: no
maths element may hold ordinary words.

An unescaped money sign ("pay $200 or 10% of your net worth ... $50") makes JupyterLab
typeset everything up to the next ``$`` as mathematics: italic letters run together and
run off the page. The source check in ``tests/test_lessons.py`` looks for ``$`` before a
digit; this test looks at what the browser really drew.

Lean by design: the Markdown cells of all notebooks go into ONE scratch notebook (one page,
one kernel that runs nothing), cell by cell, so each cell is rendered exactly as in its own
notebook. Two canary cells with money read as maths prove the check can fail.
"""

from __future__ import annotations

import uuid

import nbformat

from tests.browser.conftest import ROOT, WAIT_MS, screenshot, shutdown_kernel

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
CANARIES = [
    "Canary: pay $200 or 10% of your net worth, then at most $50.",
    # Escaped once, two prices in one paragraph still pair up: Markdown turns "\\$" into
    # "$" before MathJax reads the text.
    "Canary: pay \\$200 or 10% of your net worth, then at most \\$50.",
]
# Must pass: the kit's money notation (gamekit.core.prose.money) beside real maths reads
# "$200 ... $50" with the maths, and only the maths, typeset.
MUST_PASS = (
    "Canary: pay <span>&dollar;</span>200 or 10% of your net worth, then at most "
    "<span>&dollar;</span>50; the chain settles where $\\pi P = \\pi$."
)
MUST_PASS_JS = """() => {
  const cells = window.jupyterapp.shell.currentWidget.content.widgets
      .filter(w => w.model.type === 'markdown');
  const node = cells[cells.length - 1].node.querySelector('.jp-RenderedMarkdown');
  return {text: node.innerText, maths: node.querySelectorAll('mjx-container').length};
}"""

OPEN_JS = """async (relpath) => {
  const app = window.jupyterapp;
  await app.started; await app.restored;
  const panel = await app.commands.execute('docmanager:open', {path: relpath, factory: 'Notebook'});
  await panel.context.ready;
  return true;
}"""

# Every Markdown cell drawn as rendered Markdown (not the editor), with its text in place.
RENDERED_JS = """(n) => {
  const panel = window.jupyterapp.shell.currentWidget;
  if (!panel || !panel.content) { return false; }
  const cells = panel.content.widgets.filter(w => w.model.type === 'markdown');
  return cells.length === n && cells.every(w => w.rendered
      && w.node.querySelector('.jp-RenderedMarkdown')
      && w.node.querySelector('.jp-RenderedMarkdown').childElementCount > 0);
}"""

# Typeset each rendered cell once more and wait for it: after this, all maths is drawn.
# Then report the maths elements that spell words: two or more single-letter identifiers
# side by side outside sub- and superscripts (money read as maths, "$200 or 10% ... $50",
# becomes 200 o r 10; a subscript "ij" is fine). MathJax's assistive MathML
# (``mjx-assistive-mml``) holds each element's maths as text.
CHECK_JS = """async () => {
  const panel = window.jupyterapp.shell.currentWidget;
  const typesetter = panel.content.rendermime.latexTypesetter;
  const cells = panel.content.widgets.filter(w => w.model.type === 'markdown');
  const SCRIPTS = new Set(['msub', 'msup', 'msubsup', 'munder', 'mover', 'munderover']);
  const letter = (el) => el.tagName.toLowerCase() === 'mi'
      && /^[A-Za-z]$/.test(el.textContent.trim());
  const words = (el) => {
    const tag = el.tagName.toLowerCase();
    let run = '', longest = '';
    for (const child of (SCRIPTS.has(tag) ? [] : el.children)) {   // x_t is no word
      run = letter(child) ? run + child.textContent.trim() : '';
      if (run.length > longest.length) { longest = run; }
    }
    Array.from(el.children).forEach((child, k) => {
      if (SCRIPTS.has(tag) && k > 0) { return; }       // a script: indices, not words
      const inner = words(child);
      if (inner.length > longest.length) { longest = inner; }
    });
    return longest;
  };
  const found = [];
  let maths = 0;
  for (let i = 0; i < cells.length; i++) {
    const node = cells[i].node.querySelector('.jp-RenderedMarkdown');
    if (typesetter) { await typesetter.typeset(node); }
    for (const el of node.querySelectorAll('mjx-container')) {
      maths += 1;
      const mml = el.querySelector('mjx-assistive-mml math');
      const spelled = mml ? words(mml) : '';
      if (!mml || spelled.length >= 2) {
        found.push({cell: i, letters: spelled,
                    text: mml ? mml.textContent.slice(0, 80) : '(no MathML to read)'});
      }
    }
  }
  return {found, maths, typesetter: !!typesetter};
}"""


def test_no_maths_element_holds_ordinary_words(lab, lab_page):
    origin: list[str] = []
    sources: list[str] = []
    for path in NOTEBOOKS:
        nb = nbformat.read(path, as_version=4)
        for i, cell in enumerate(nb.cells):
            if cell.cell_type == "markdown" and cell.source.strip():
                origin.append(f"{path.name} cell {i}")
                sources.append("#md " + cell.source)
    for k, canary in enumerate(CANARIES):
        origin.append(f"canary {k}")
        sources.append("#md " + canary)
    origin.append("must-pass canary")
    sources.append("#md " + MUST_PASS)
    relpath = lab.write_notebook(f"scratch/markdown-{uuid.uuid4().hex[:8]}.ipynb", sources)

    page = lab_page
    page.goto(f"{lab.url}/lab/workspaces/md{uuid.uuid4().hex[:8]}?token={lab.token}")
    page.wait_for_function("() => window.jupyterapp !== undefined", timeout=WAIT_MS)
    page.evaluate(OPEN_JS, relpath)
    page.wait_for_function(RENDERED_JS, arg=len(sources), timeout=WAIT_MS)
    result = page.evaluate(CHECK_JS)
    assert result["typesetter"], "JupyterLab has no maths typesetter: nothing was checked"

    flagged = {origin[f["cell"]]: f for f in result["found"]}
    for k in range(len(CANARIES)):
        assert flagged.pop(f"canary {k}", None), f"the check missed canary {k}: {result}"
    assert result["maths"] > 10, f"only {result['maths']} maths elements drawn: {result}"
    notation = page.evaluate(MUST_PASS_JS)
    assert "pay $200 or 10%" in notation["text"] and "most $50;" in notation["text"], notation
    assert notation["maths"] == 1, f"the money notation drew maths: {notation}"
    if flagged:
        screenshot(page, "lesson-markdown-maths-with-words")
    assert not flagged, "maths with words (write money <span>&dollar;</span>200): " + "; ".join(
        f"{where}: {f['letters']!r} in {f['text']!r}" for where, f in flagged.items()
    )
    shutdown_kernel(page)
