"""An Alma Mater lesson's glossary link lands on its word, in JupyterLab.

The words boxes of the Alma Mater lessons link each word to its own cell of the glossary
(``glossary_almamater.ipynb#cell-id=w-bishop``), as the Alfredopoly lessons do (a reader
found every Alma Mater link landing on the heading of a 44-row table). The link used is
the one to the word furthest down the glossary, clicked the first time the glossary opens
in a fresh page, so "at the top" and "at the word" cannot be the same place. The
mechanism (the kit's lab extension) and the checks are ``test_rule_links.py``'s.
"""

from __future__ import annotations

import re
import uuid

import nbformat

from tests.browser.conftest import ROOT, WAIT_MS, shutdown_kernel
from tests.browser.test_rule_links import LAB_AT_WORD_JS, OPEN_JS

WORD_LINK = re.compile(r"\]\((glossary_almamater\.ipynb#cell-id=(w-[a-z0-9-]+))\)")


def deepest_word_link(notebook: str) -> tuple[str, str]:
    """The lesson's link to the word furthest down the glossary: (href, cell id)."""
    nb = nbformat.read(ROOT / "notebooks" / notebook, as_version=4)
    links = {m.group(2): m.group(1) for cell in nb.cells if cell.cell_type == "markdown"
             for m in WORD_LINK.finditer(cell.source)}  # fmt: skip
    glossary = nbformat.read(ROOT / "notebooks" / "glossary_almamater.ipynb", as_version=4)
    order = [c.id for c in glossary.cells]
    assert links, f"{notebook}: no link to a word of the glossary"
    cell_id = max(links, key=order.index)
    assert order.index(cell_id) > 10, "the deepest word is near the glossary's top"
    return links[cell_id], cell_id


def test_an_alma_mater_words_box_link_lands_on_its_word_in_lab(lab, lab_page):
    link, cell = deepest_word_link("almamater_1_setup.ipynb")
    relpath = lab.write_notebook(
        f"notebooks/am-links-{uuid.uuid4().hex[:8]}.ipynb", [f"#md [the word]({link})"]
    )
    page = lab_page
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{lab.url}/lab/workspaces/am{uuid.uuid4().hex[:8]}?token={lab.token}")
    page.wait_for_function("() => window.jupyterapp !== undefined", timeout=WAIT_MS)
    page.evaluate(OPEN_JS, [relpath, "Notebook"])
    page.locator(".jp-RenderedMarkdown a", has_text="the word").click()
    page.wait_for_function(LAB_AT_WORD_JS, arg=cell, timeout=WAIT_MS)
    page.evaluate(OPEN_JS, [relpath, "Notebook"])
    shutdown_kernel(page)
