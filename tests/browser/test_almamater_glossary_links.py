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

from tests.browser.conftest import WAIT_MS, shutdown_kernel
from tests.browser.test_rule_links import LAB_AT_WORD_JS, OPEN_JS, deepest_glossary_link

WORD_LINK = re.compile(r"\]\((glossary_almamater\.ipynb#cell-id=(w-[a-z0-9-]+))\)")


def test_an_alma_mater_words_box_link_lands_on_its_word_in_lab(lab, lab_page):
    link, cell = deepest_glossary_link("almamater_1_setup.ipynb", "glossary_almamater", WORD_LINK)
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
