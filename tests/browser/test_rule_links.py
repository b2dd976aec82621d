"""A lesson's "rule N" link opens the rule book at that rule, and the book shows money as
money, in JupyterLab's Markdown preview (what a click on the link opens).

The preview scrolls to a fragment only when an element has that id, so each heading of
the books has an anchor line above it (``tests/test_rulebooks.py`` checks the source);
and it reads a pair of ``\\$`` in one paragraph as maths, so the books write ``\\\\$200``.
Here the browser shows both: a real link from each game's lessons is clicked, and the
rule's heading must be in view; then every maths element of both books is counted after
typesetting (none allowed). A canary page with money escaped once proves the count works.

A lesson's glossary link (``glossary_alfredopoly.ipynb#cell-id=w-step``) lands on its word
the FIRST time the glossary opens, in a fresh page, in JupyterLab and in Voila. Without the
kit's help both land at the top: JupyterLab scrolls before the glossary's Markdown is drawn
(the kit's lab extension ``campus-gamekit-links`` scrolls again once it is), and Voila
hides its cells while the kernel runs, so the browser's own jump finds nothing (the kit's
Voila template jumps when the cells show). The link used is the lesson's link to the word
furthest down the glossary, so "at the top" and "at the word" cannot be the same place.
The Voila half runs in ``test_notebooks_in_voila.py``, whose render of the glossary opens
it at that link's address (one render, no second kernel).
"""

from __future__ import annotations

import re
import shutil
import uuid

import nbformat

from tests.browser.conftest import ROOT, WAIT_MS, shutdown_kernel

LINK = re.compile(r"\]\((\.\./docs/rules/(alfredopoly|almamater)\.md#rule-[a-z0-9-]+)\)")
GLOSSARY_LINK = re.compile(r"\]\((glossary_alfredopoly\.ipynb#cell-id=([a-z0-9-]+))\)")
ANCHOR = '<a id="{}"></a>\n'

OPEN_JS = """async ([path, factory]) => {
  const app = window.jupyterapp;
  await app.started; await app.restored;
  const w = await app.commands.execute('docmanager:open', {path, factory});
  await w.context.ready;
  return true;
}"""

# The Markdown preview of ``label`` is the current tab, drawn (its heading in the DOM).
SHOWN_JS = """(label) => {
  const w = window.jupyterapp.shell.currentWidget;
  return !!w && w.title.label === label && !!w.node.querySelector('.jp-RenderedMarkdown h2');
}"""

# The heading is inside the visible part of the tab (the preview scrolled to it).
IN_VIEW_JS = """(heading) => {
  const w = window.jupyterapp.shell.currentWidget;
  const h = Array.from(w.node.querySelectorAll('h2, h3'))
      .find(e => e.textContent.replace('\u00b6', '').trim() === heading);  // minus the pilcrow
  if (!h) { return false; }
  const box = h.getBoundingClientRect(), view = w.node.getBoundingClientRect();
  return box.top >= view.top && box.bottom <= view.bottom;
}"""

# Typeset the current preview once more, wait for it, count what was drawn as maths.
MATHS_JS = """async () => {
  const w = window.jupyterapp.shell.currentWidget;
  await w.content.ready;
  const r = w.content.renderer;
  if (!r.latexTypesetter) { return -1; }
  await r.latexTypesetter.typeset(r.node);
  return r.node.querySelectorAll('mjx-container').length;
}"""


# The glossary is the current tab, every Markdown cell down to the word's is drawn, and the
# word's cell starts inside the visible part of the notebook (not above it, not below).
LAB_AT_WORD_JS = """(cellId) => {
  const w = window.jupyterapp.shell.currentWidget;
  if (!w || !w.content || !w.content.widgets) { return false; }
  for (const cell of w.content.widgets) {
    const md = cell.node.querySelector('.jp-RenderedMarkdown');
    if (cell.model.type === 'markdown' && !(md && md.childElementCount)) { return false; }
    if (cell.model.id === cellId) {
      const box = cell.node.getBoundingClientRect();
      const view = w.content.node.getBoundingClientRect();
      return box.top >= view.top - 2 && box.top < view.top + view.height / 2;
    }
  }
  return false;
}"""

# Voila shows its cells, and the word's cell starts in the upper half of the window.
VOILA_AT_WORD_JS = """(id) => {
  const cells = document.getElementById('rendered_cells');
  const e = document.getElementById(id);
  if (!cells || getComputedStyle(cells).display === 'none' || !e) { return false; }
  const top = e.getBoundingClientRect().top;
  return top >= -2 && top < window.innerHeight / 2;
}"""


def deepest_glossary_link(
    notebook: str,
    glossary_name: str = "glossary_alfredopoly",
    pattern: re.Pattern[str] = GLOSSARY_LINK,
) -> tuple[str, str]:
    """The lesson's glossary link whose word lies furthest down the glossary: (href, cell
    id); ``pattern`` finds a link (group 1) and its cell id (group 2)."""
    nb = nbformat.read(ROOT / "notebooks" / notebook, as_version=4)
    links = {m.group(2): m.group(1) for cell in nb.cells if cell.cell_type == "markdown"
             for m in pattern.finditer(cell.source)}  # fmt: skip
    glossary = nbformat.read(ROOT / "notebooks" / f"{glossary_name}.ipynb", as_version=4)
    order = [c.id for c in glossary.cells]
    assert links, f"{notebook}: no link to a word of the glossary"
    cell_id = max(links, key=order.index)
    assert order.index(cell_id) > 10, "the deepest word is near the glossary's top"
    return links[cell_id], cell_id


def first_rule_link(notebook: str) -> str:
    nb = nbformat.read(ROOT / "notebooks" / notebook, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "markdown" and (m := LINK.search(cell.source)):
            return m.group(1)
    raise AssertionError(f"{notebook}: no link to a rule")


def heading_of(book: str, anchor: str) -> str:
    text = (ROOT / "docs" / "rules" / book).read_text(encoding="utf-8")
    start = text.index(ANCHOR.format(anchor)) + len(ANCHOR.format(anchor))
    return text[start:].split("\n", 1)[0].lstrip("#").strip()


def test_rule_and_glossary_links_land_on_their_place_in_lab(lab, lab_page):
    shutil.copytree(ROOT / "docs" / "rules", lab.root / "docs" / "rules", dirs_exist_ok=True)
    links = [first_rule_link("alfredopoly_1_board_and_turn.ipynb"),
             first_rule_link("almamater_2_a_round.ipynb")]  # fmt: skip
    word_link, word_cell = deepest_glossary_link("alfredopoly_1_board_and_turn.ipynb")
    relpath = lab.write_notebook(
        f"notebooks/links-{uuid.uuid4().hex[:8]}.ipynb",
        [f"#md [link {k}]({link})" for k, link in enumerate([*links, word_link])],
    )
    canary = lab.root / "scratch" / "canary.md"
    canary.parent.mkdir(exist_ok=True)
    canary.write_text("# Canary\n\n## Money\n\nPays \\$45 (before 2008), not \\$50.\n")

    page = lab_page
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{lab.url}/lab/workspaces/rl{uuid.uuid4().hex[:8]}?token={lab.token}")
    page.wait_for_function("() => window.jupyterapp !== undefined", timeout=WAIT_MS)
    # the glossary's first open in this page: the click lands on the word
    page.evaluate(OPEN_JS, [relpath, "Notebook"])
    page.locator(".jp-RenderedMarkdown a", has_text=f"link {len(links)}").click()
    page.wait_for_function(LAB_AT_WORD_JS, arg=word_cell, timeout=WAIT_MS)
    for k, link in enumerate(links):
        book, anchor = link.rsplit("/", 1)[1].split("#")
        page.evaluate(OPEN_JS, [relpath, "Notebook"])
        page.locator(".jp-RenderedMarkdown a", has_text=f"link {k}").click()
        page.wait_for_function(SHOWN_JS, arg=book, timeout=WAIT_MS)
        heading = heading_of(book, anchor)
        page.wait_for_function(IN_VIEW_JS, arg=heading, timeout=WAIT_MS)
        assert page.evaluate(MATHS_JS) == 0, f"{book}: money or text drawn as maths"
    page.evaluate(OPEN_JS, ["scratch/canary.md", "Markdown Preview"])
    page.wait_for_function(SHOWN_JS, arg="canary.md", timeout=WAIT_MS)
    assert page.evaluate(MATHS_JS) > 0, "the canary (money escaped once) drew no maths"
    page.evaluate(OPEN_JS, [relpath, "Notebook"])
    shutdown_kernel(page)
