"""The two classroom dashboards in Voila: they render, a click on an action button reaches
the kernel and comes back drawn, their charts have marks, and no request leaves
127.0.0.1 (the ``lab_page`` guard). Screenshots go to ``test-artifacts/``."""

from __future__ import annotations

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
    assert label.startswith("Keep founding card")
    table.locator(".gk-button.gk-main").first.click()
    # the engine narrates the kept card (and the bots' answers) back into the log
    page.wait_for_function(
        "(n) => document.querySelectorAll('.gk-table .gk-log-line').length > n",
        arg=before,
    )
    assert "keeps a founding card" in table.locator(".gk-log").text_content()
    shoot(page, "voila-dashboard-almamater", ".gk-table")
    assert not page.guard.page_errors, page.guard.page_errors
