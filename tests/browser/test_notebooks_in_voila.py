"""Every notebook renders in Voila (the classroom dashboard view) without an error, with
its charts drawn, and with no request leaving 127.0.0.1."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.conftest import ROOT, render_in_voila, screenshot

NOTEBOOKS = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("relpath", NOTEBOOKS)
def test_notebook_renders_in_voila(voila, lab_page, relpath):
    state = render_in_voila(voila, lab_page, relpath)
    assert not state["errors"], f"{relpath}: {state['errors']}"
    assert state["failed"] == 0, f"{relpath}: a widget failed to display"
    assert state["undrawn"] == 0, f"{relpath}: a chart has no marks"
    assert not lab_page.guard.page_errors, lab_page.guard.page_errors
    screenshot(lab_page, "voila-" + Path(relpath).stem)


def test_voila_start_here_draws_the_chart(voila, lab_page):
    state = render_in_voila(voila, lab_page, "notebooks/00_start_here.ipynb")
    assert state["widget_views"] >= 1, "the chart's widget output was not found in the page"
    assert state["embeds"] >= 1 and state["undrawn"] == 0
    # A broken cell must be caught: the check is not blind.
    bad = voila.root / "notebooks" / "_broken.ipynb"
    voila.write_notebook("notebooks/_broken.ipynb", ["1 / 0"])
    try:
        state = render_in_voila(voila, lab_page, "notebooks/_broken.ipynb")
        assert state["errors"], "a ZeroDivisionError went unnoticed"
    finally:
        bad.unlink()
