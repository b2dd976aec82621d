"""The two classroom dashboards in Voila: they render, a click on an action button reaches
the kernel and comes back drawn, their charts have marks, and no request leaves
127.0.0.1 (the ``lab_page`` guard). Screenshots go to ``test-artifacts/``.

Both dashboards and a formula also through JupyterLab's Voila route (``/voila/render``, the
README's Binder link and "Render with Voila"): nothing is fetched from outside there either,
and the formula is drawn by the bundled MathJax."""

from __future__ import annotations

import pytest

from tests.browser.conftest import render_in_voila
from tests.browser.test_widgets_lab import shoot


def test_alfredopoly_dashboard_plays_in_voila(voila, lab_page):  # type: ignore[no-untyped-def]
    page = lab_page
    state = render_in_voila(voila, page, "notebooks/dashboard_alfredopoly.ipynb")
    assert not state["errors"] and state["failed"] == 0 and state["undrawn"] == 0, state
    table = page.locator(".gk-table").first
    assert table.locator(".gk-alfredopoly .gk-space").count() == 40
    assert page.locator(".vega-embed svg.marks, .vega-embed canvas.marks").count() >= 1
    roll = table.locator(".gk-button.gk-main", has_text="Roll the dice")
    roll.click()
    # the engine ran in the kernel: its narration and its dice come back to the page
    page.wait_for_function("() => document.querySelectorAll('.gk-table .gk-log-line').length > 0")
    assert "rolled" in table.locator(".gk-log-line").first.text_content()
    assert table.locator(".gk-die").count() == 2
    table.locator('.gk-space[data-index="39"]').click()
    table.locator('.gk-deed[data-index="39"]').wait_for()
    shoot(page, "voila-dashboard-alfredopoly", ".gk-table")
    assert not page.guard.page_errors, page.guard.page_errors


def test_almamater_dashboard_plays_in_voila(voila, lab_page):  # type: ignore[no-untyped-def]
    page = lab_page
    state = render_in_voila(voila, page, "notebooks/dashboard_almamater.ipynb")
    assert not state["errors"] and state["failed"] == 0 and state["undrawn"] == 0, state
    assert state["embeds"] >= 1
    table = page.locator(".gk-table").first
    assert table.locator(".gk-am-board .gk-am-space").count() >= 10
    assert table.locator(".gk-tableau").count() == 3
    before = table.locator(".gk-log-line").count()
    label = table.locator(".gk-button.gk-main").first.text_content()
    assert label.startswith("Keep F")  # the short words; the tooltip says it in full
    table.locator(".gk-button.gk-main").first.click()
    # the engine narrates the kept card (and the bots' answers) back into the log
    page.wait_for_function(
        "(n) => document.querySelectorAll('.gk-table .gk-log-line').length > n",
        arg=before,
    )
    assert "keeps a founding card" in table.locator(".gk-log").text_content()
    shoot(page, "voila-dashboard-almamater", ".gk-table")
    assert not page.guard.page_errors, page.guard.page_errors


@pytest.mark.parametrize(
    "relpath", ["notebooks/dashboard_alfredopoly.ipynb", "notebooks/dashboard_almamater.ipynb"]
)
def test_dashboard_offline_through_jupyterlab_voila_route(lab, lab_page, relpath):  # type: ignore[no-untyped-def]
    """(lecturer trial 2026-12-01, finding 2) JupyterLab's server extension asked a CDN for
    MathJax; standalone Voila does not. The page config names no outside MathJax, and the
    ``lab_page`` guard sees no request leave 127.0.0.1."""
    page = lab_page
    state = render_in_voila(lab, page, relpath)
    assert not state["errors"] and state["failed"] == 0 and state["undrawn"] == 0, state
    config = page.evaluate(
        "() => JSON.parse(document.getElementById('jupyter-config-data').textContent)"
    )
    assert config.get("fullMathjaxUrl") is None and config.get("mathjaxConfig") is None, config
    assert page.locator(".gk-table").first.is_visible()
    assert not page.guard.outside, page.guard.outside
    assert not page.guard.page_errors, page.guard.page_errors


def test_formula_offline_through_jupyterlab_voila_route(lab, lab_page):  # type: ignore[no-untyped-def]
    """A lesson's formula in Voila inside JupyterLab is typeset without the internet."""
    page = lab_page
    relpath = lab.write_notebook("scratch/formula.ipynb", ["#md Rent: $r = 4 \\cdot d$", "1 + 1"])
    state = render_in_voila(lab, page, relpath)
    assert not state["errors"] and state["failed"] == 0, state
    page.locator("mjx-container").first.wait_for()
    assert not page.guard.outside, page.guard.outside
