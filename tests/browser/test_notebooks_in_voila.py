"""Every lesson renders in Voila (the classroom dashboard view) without an error, with its
charts drawn, and with no request leaving 127.0.0.1. The two dashboards are rendered and
clicked by ``test_voila.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser import conftest
from tests.browser.conftest import ROOT, render_in_voila, screenshot
from tests.browser.test_rule_links import VOILA_AT_WORD_JS, deepest_glossary_link

LESSONS = sorted(
    p.relative_to(ROOT).as_posix()
    for p in (ROOT / "notebooks").glob("*.ipynb")
    if not p.name.startswith("dashboard_")
)


@pytest.mark.parametrize("relpath", LESSONS)
def test_lesson_renders_in_voila(voila, lab_page, relpath, monkeypatch):
    word = None
    if relpath.endswith("glossary_alfredopoly.ipynb"):
        # opened as a lesson's glossary link opens it (test_rule_links: the word furthest
        # down), so the one render also shows that the link lands on its word
        href, word = deepest_glossary_link("alfredopoly_1_board_and_turn.ipynb")
        fragment = "#" + href.split("#", 1)[1]
        to_page = conftest.voila_url
        monkeypatch.setattr(conftest, "voila_url", lambda s, r: to_page(s, r) + fragment)
    state = render_in_voila(voila, lab_page, relpath)
    if word:
        lab_page.wait_for_function(VOILA_AT_WORD_JS, arg=f"cell-id={word}")
    assert not state["errors"], f"{relpath}: {state['errors']}"
    assert state["failed"] == 0, f"{relpath}: a widget failed to display"
    assert state["undrawn"] == 0, f"{relpath}: a chart has no marks"
    assert not lab_page.guard.page_errors, lab_page.guard.page_errors
    # the board widgets' still pictures are for exports: Voila draws the live widgets
    stills = lab_page.evaluate("() => document.querySelectorAll('g.space').length")
    assert stills == 0, f"{relpath}: {stills} spaces of a still picture in place of a live board"
    if relpath.endswith("00_start_here.ipynb"):
        assert state["widget_views"] >= 1, "the chart's widget output was not found in the page"
        assert state["charts"] >= 1, "the chart's output was not found in the page"
        assert state["embeds"] >= 1, "the first lesson's chart was not drawn"
    screenshot(lab_page, "voila-" + Path(relpath).stem)


def test_voila_check_catches_a_failing_cell(voila, lab_page):
    # The check is not blind: a notebook whose cell raises is reported.
    voila.write_notebook("notebooks/_broken.ipynb", ["1 / 0"])
    try:
        state = render_in_voila(voila, lab_page, "notebooks/_broken.ipynb")
        assert state["errors"], "a ZeroDivisionError went unnoticed"
    finally:
        (voila.root / "notebooks" / "_broken.ipynb").unlink()
