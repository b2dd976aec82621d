"""axe-core on both dashboards in Voila, at the start and mid-game (issue 24): no serious or
critical violation, and the page has its main landmark, a title and a language.

axe-core comes inside axe-playwright-python (axe.min.js, injected into the page: nothing is
fetched). One page load per dashboard serves both checks."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.browser.conftest import render_in_voila

BUTTON = ".gk-table .gk-button.gk-main"
DECISIONS = 4

STATE_JS = """() => {
  const b = document.querySelector('.gk-table .gk-button.gk-main');
  return [document.querySelectorAll('.gk-table .gk-log-line').length,
          b ? b.textContent : ''].join('|');
}"""


def serious(results) -> list[str]:  # type: ignore[no-untyped-def]
    """'rule (impact): target, ...' for each serious or critical violation."""
    found = []
    for v in results.response["violations"]:
        if v.get("impact") in ("serious", "critical"):
            targets = [" ".join(map(str, n.get("target", []))) for n in v["nodes"][:4]]
            found.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])}): {targets}")
    return found


def decide(page, times: int) -> None:  # type: ignore[no-untyped-def]
    """Click the table's first decision button ``times`` times, each time waiting until the
    table has answered (a new log line or another first button)."""
    for _ in range(times):
        # the panel ignores clicks during its guard time after a redraw (data-armed unset)
        page.locator(".gk-table .gk-play[data-armed]").first.wait_for(state="attached")
        before = page.evaluate(STATE_JS)
        page.locator(BUTTON).first.click()
        page.wait_for_function(f"(old) => ({STATE_JS})() !== old", arg=before)
        page.locator(BUTTON).first.wait_for()


@pytest.mark.parametrize("game", ["alfredopoly", "almamater"])
def test_dashboard_has_no_serious_accessibility_violation(voila, lab_page, game):  # type: ignore[no-untyped-def]
    page = lab_page
    page.set_viewport_size({"width": 1280, "height": 720})
    state = render_in_voila(voila, page, f"notebooks/dashboard_{game}.ipynb")
    assert not state["errors"], state
    page.locator(BUTTON).first.wait_for()
    axe = Axe()
    start = axe.run(page)
    ids = {v["id"] for v in start.response["violations"]}
    # what the kit's template gives every page
    assert page.locator("[role=main] .gk-table, main .gk-table").count() >= 1
    assert not ids & {"landmark-one-main", "html-has-lang", "document-title"}, ids
    decide(page, DECISIONS)
    mid = axe.run(page)
    problems = {"start": serious(start), "mid-game": serious(mid)}
    assert problems == {"start": [], "mid-game": []}, problems
    assert not page.guard.page_errors, page.guard.page_errors
