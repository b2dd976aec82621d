"""Every notebook opens in JupyterLab in a real browser, runs top to bottom without an
error, and really draws its charts and widgets, with no request leaving 127.0.0.1."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.conftest import ROOT, run_notebook, screenshot, shutdown_kernel

NOTEBOOKS = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "notebooks").glob("*.ipynb"))

# A widget view that drew nothing is the offline failure mode: JupyterChart without offline
# mode, or an ES module that failed to load, leave an empty or error box.
DRAWN_JS = """(widgetCells) => {
  const cells = Array.from(document.querySelectorAll('.jp-Notebook .jp-Notebook-cell'));
  const failed = Array.from(document.querySelectorAll('.jp-OutputArea-output'))
      .filter(el => (el.textContent || '').includes('Error displaying widget')).length;
  const empty = widgetCells.filter(i => {
      const area = cells[i] && cells[i].querySelector('.jp-OutputArea');
      if (!area) { return true; }
      const r = area.getBoundingClientRect();
      return r.width < 5 || r.height < 20; });
  const embeds = Array.from(document.querySelectorAll('.vega-embed'));
  const undrawn = embeds.filter(e => !e.querySelector('canvas.marks, svg.marks')).length;
  return {failed, empty, embeds: embeds.length, undrawn};
}"""

# Buttons shown in an output (widgets' own and ipywidgets') whose text needs more room than
# they have: the browser cuts it or draws an ellipsis.
CUT_JS = """() => Array.from(document.querySelectorAll('.jp-OutputArea button'))
  .filter(e => e.offsetParent && e.clientWidth && e.scrollWidth > e.clientWidth + 1)
  .map(e => [e.textContent.trim(), e.clientWidth, e.scrollWidth])"""


@pytest.mark.parametrize("relpath", NOTEBOOKS)
def test_notebook_runs_and_draws_in_jupyterlab(lab, lab_page, relpath):
    run = run_notebook(lab, lab_page, relpath)
    assert not run.errors, f"{relpath}: error outputs {run.errors}"
    lab_page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.vega-embed'))"
        ".every(e => e.querySelector('canvas.marks, svg.marks'))",
    )
    drawn = lab_page.evaluate(DRAWN_JS, run.widget_cells)
    assert drawn["failed"] == 0, f"{relpath}: a widget failed to display: {drawn}"
    assert drawn["undrawn"] == 0, f"{relpath}: a chart has no marks: {drawn}"
    assert not drawn["empty"], f"{relpath}: widget outputs drawn empty in cells {drawn['empty']}"
    # A board's still picture (its export fallback, gamekit.*.picture) is for exports only:
    # a live session draws the widget (.gk-space), never the picture (g.space)
    stills = lab_page.evaluate("() => document.querySelectorAll('.jp-OutputArea g.space').length")
    assert stills == 0, f"{relpath}: {stills} spaces of a still picture in place of a live board"
    assert not lab_page.guard.page_errors, lab_page.guard.page_errors
    # A button whose words do not fit is cut ("Load a ga..." on Alfredopoly 1's table, issue 23)
    cut = lab_page.evaluate(CUT_JS)
    assert not cut, f"{relpath}: buttons whose text is cut (text, width, needed): {cut}"
    if relpath.endswith("00_start_here.ipynb"):
        # The kit's Lab settings: no "Would you like to get notified about official Jupyter
        # news?" toast over the lesson (newcomer audit finding 8)
        assert lab_page.get_by_text("official Jupyter news").count() == 0
        # The first lesson's chart is an offline JupyterChart: it must really be there.
        assert run.widget_outputs >= 1 and drawn["embeds"] >= 1, drawn
        chart = lab_page.locator(".vega-embed").first
        chart.scroll_into_view_if_needed()
        box = chart.bounding_box()
        assert box and box["width"] > 200 and box["height"] > 150, box
        screenshot(lab_page, "chart-00_start_here", ".vega-embed")
    screenshot(lab_page, "lab-" + Path(relpath).stem)
    shutdown_kernel(lab_page)
