"""A lesson's "rule N" link opens the rule book at that rule, and the book shows money as
money, in JupyterLab's Markdown preview (what a click on the link opens).

The preview scrolls to a fragment only when an element has that id, so each heading of
the books has an anchor line above it (``tests/test_rulebooks.py`` checks the source);
and it reads a pair of ``\\$`` in one paragraph as maths, so the books write ``\\\\$200``.
Here the browser shows both: a real link from each game's lessons is clicked, and the
rule's heading must be in view; then every maths element of both books is counted after
typesetting (none allowed). A canary page with money escaped once proves the count works.
"""

from __future__ import annotations

import re
import shutil
import uuid

import nbformat

from tests.browser.conftest import ROOT, WAIT_MS, shutdown_kernel

LINK = re.compile(r"\]\((\.\./docs/rules/(alfredopoly|almamater)\.md#rule-[a-z0-9-]+)\)")
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


def test_a_rule_link_opens_the_book_at_the_rule_without_maths(lab, lab_page):
    shutil.copytree(ROOT / "docs" / "rules", lab.root / "docs" / "rules", dirs_exist_ok=True)
    links = [first_rule_link("alfredopoly_1_board_and_turn.ipynb"),
             first_rule_link("almamater_2_a_round.ipynb")]  # fmt: skip
    relpath = lab.write_notebook(
        f"notebooks/links-{uuid.uuid4().hex[:8]}.ipynb",
        [f"#md [link {k}]({link})" for k, link in enumerate(links)],
    )
    canary = lab.root / "scratch" / "canary.md"
    canary.parent.mkdir(exist_ok=True)
    canary.write_text("# Canary\n\n## Money\n\nPays \\$45 (before 2008), not \\$50.\n")

    page = lab_page
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{lab.url}/lab/workspaces/rl{uuid.uuid4().hex[:8]}?token={lab.token}")
    page.wait_for_function("() => window.jupyterapp !== undefined", timeout=WAIT_MS)
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
