"""A click the kernel does not answer (issue 24): the table says so in words, and recovers.

The kernel is kept busy with a cell that sleeps (a comm message waits behind a running
cell, as it does behind a lecturer's long simulation, or forever behind a stopped kernel).
Both tables, English and German, get a click during that time: after the table's wait
(``answer_wait_ms``, shortened here to 1.5 s; 20 s by default) each panel says, in its own
language and inside the window, that the kernel has not answered and what to do; when the
cell ends the answers arrive, the decisions are drawn, the note says how long it took, and
the next click is answered at once (no note). Before this, the panel only dimmed its
buttons, with no word, for as long as the kernel was silent.
"""

from __future__ import annotations

from tests.browser.conftest import run_notebook, screenshot, shutdown_kernel

CELLS = [
    "from widgets.play_alfredopoly import AlfredopolyTable\n"
    "from widgets.play_almamater import AlmaMaterTable",
    "alf = AlfredopolyTable(['Ann', 'Bo'], seed=7)\n"
    "alf.panel.answer_wait_ms = 1500\n"
    "alf.add_class('gk-test-en')\n"
    "alf",
    "am = AlmaMaterTable(['Ann', 'Bo'], seed=7, lang='de')\n"
    "am.panel.answer_wait_ms = 1500\n"
    "am.add_class('gk-test-de')\n"
    "am",
]

SLEEP_S = 9  # the busy cell; long enough for both clicks and both notes

# run code in the notebook's kernel without waiting for it (the cell that keeps it busy)
BUSY_JS = """(code) => {
  const panel = window.jupyterapp.shell.currentWidget;
  panel.sessionContext.session.kernel.requestExecute({code});
  return true;
}"""

# run code in the kernel and wait until it has run
WAIT_JS = """async (code) => {
  const panel = window.jupyterapp.shell.currentWidget;
  await panel.sessionContext.session.kernel.requestExecute({code}).done;
  return true;
}"""

NOTE_JS = """(root) => {
  const note = document.querySelector(`${root} .gk-play .gk-no-answer`);
  if (!note) return null;
  const r = note.getBoundingClientRect();
  const outer = note.closest('.jp-WindowedPanel-outer').getBoundingClientRect();
  return {text: note.textContent, role: note.getAttribute('role'),
          late: note.classList.contains('gk-no-answer-late'),
          inside: r.top >= outer.top - 1 && r.bottom <= outer.bottom + 1 && r.height > 0,
          px: parseFloat(getComputedStyle(note).fontSize)};
}"""


def click_first(page, root: str) -> str:  # type: ignore[no-untyped-def]
    """Scroll the panel of ``root`` into view and click its first decision (armed)."""
    page.locator(f"{root} .gk-play[data-armed]").wait_for()
    page.evaluate(f"() => document.querySelector('{root} .gk-play').scrollIntoView()")
    armed = page.locator(f"{root} .gk-play").get_attribute("data-armed")
    page.locator(f"{root} .gk-actions button").first.click()
    return str(armed)


def test_an_unanswered_click_is_said_and_recovers(lab, lab_page):  # type: ignore[no-untyped-def]
    page = lab_page
    page.set_viewport_size({"width": 1280, "height": 720})
    relpath = lab.write_notebook("no_answer.ipynb", CELLS)
    run = run_notebook(lab, page, relpath)
    assert not run.errors, run.errors
    for root in (".gk-test-en", ".gk-test-de"):
        page.locator(f"{root} .gk-play[data-armed]").wait_for()
    page.evaluate(BUSY_JS, f"import time; time.sleep({SLEEP_S})")
    en_armed = click_first(page, ".gk-test-en")
    page.wait_for_function(
        "() => (document.querySelector('.gk-test-en .gk-no-answer') || {}).isConnected"
    )
    en = page.evaluate(NOTE_JS, ".gk-test-en")
    screenshot(page, "no-answer-en-1280x720")
    de_armed = click_first(page, ".gk-test-de")
    page.wait_for_function(
        "() => (document.querySelector('.gk-test-de .gk-no-answer') || {}).isConnected"
    )
    de = page.evaluate(NOTE_JS, ".gk-test-de")
    # said in words, in the table's language, in the window, at panel size, as an alert
    assert en["text"].startswith("No answer from the kernel for "), en
    assert en["text"].endswith("it may be busy or stopped. Wait, or reload the page."), en
    assert de["text"].startswith("Seit ") and "keine Antwort vom Kernel" in de["text"], de
    assert de["text"].endswith("Warten oder die Seite neu laden."), de
    for note in (en, de):
        assert note["role"] == "alert" and note["inside"] and note["px"] >= 16, note
        assert not note["late"], note
    # the answers come when the cell ends: new decisions, and the note says it took long
    for root, armed in ((".gk-test-en", en_armed), (".gk-test-de", de_armed)):
        page.wait_for_function(
            "([root, v]) => { const p = document.querySelector(`${root} .gk-play`);"
            " const a = p.getAttribute('data-armed'); return a !== null && a !== v; }",
            arg=[root, armed],
        )
        late = page.evaluate(NOTE_JS, root)
        assert late and late["late"], late
    assert "The kernel answered after" in page.evaluate(NOTE_JS, ".gk-test-en")["text"]
    assert "Der Kernel hat nach" in page.evaluate(NOTE_JS, ".gk-test-de")["text"]
    screenshot(page, "no-answer-recovered-1280x720")
    # usable again: the next click is answered, and the old note is gone (the wait made
    # long first, so a slow answer on a busy machine does not bring a new note)
    page.evaluate(WAIT_JS, "alf.panel.answer_wait_ms = 600_000")
    armed = click_first(page, ".gk-test-en")
    page.wait_for_function(
        "(v) => { const a = document.querySelector('.gk-test-en .gk-play')"
        ".getAttribute('data-armed'); return a !== null && a !== v; }",
        arg=armed,
    )
    assert page.evaluate(NOTE_JS, ".gk-test-en") is None
    shutdown_kernel(page)
    assert not page.guard.page_errors, page.guard.page_errors
