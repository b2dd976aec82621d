"""Both German tables in Voila at 1280x720 (issues 24 and 25): after seeded games, every
text the page can show (text nodes, hidden ones included: a closed form, a deed; labels a
screen reader hears, with the roles and descriptions it names: a chart's title and Vega's
names of its parts; tooltips; SVG titles; the board's prices and its deed card; the money
chart's tooltip; the saved file's name) has no English word outside data names (spaces,
cards, decks, players), and money and numbers are written the German way ("1.500 $").
The same German tables exported as a lesson is (nbconvert, the kit's settings: the stills
of the tables and charts) are opened in Chromium and read the same way. Screenshots go
to test-artifacts/ (german-alfredopoly.png, german-almamater.png, german-export.png)
for a person to look at."""

from __future__ import annotations

import re

import pytest

from gamekit.alfredopoly.board import DECK_TITLES, load_board
from gamekit.alfredopoly.picture import ring_label
from tests.alfredopoly.test_german_words import english_words as alfredopoly_english
from tests.almamater.test_words import english_words as almamater_english
from tests.browser.conftest import WAIT_MS, render_in_voila, screenshot
from tests.widgets.test_german_everywhere import VEGA_ROLES

pytestmark = pytest.mark.browser

# a German Alfredopoly table after 60 seeded clicks (a mortgage taken, a deed shown), with
# its money chart, as the classroom dashboard shows it (projector=True)
ALFREDOPOLY = [
    """import ipywidgets as ipw
import numpy as np
from widgets.play_alfredopoly import AlfredopolyTable

table = AlfredopolyTable(["Ann", "Bo", "Cy"], bots={"Cy": "builder"}, seed=11, lang="de",
                         projector=True)
rng = np.random.default_rng(11)
for _ in range(60):  # seeded clicks on the buttons a person sees (the bot acts at once)
    p = table.panel
    if p.confirm:
        table.answer(True)
        continue
    main = [a for a in p.actions if a["group"] == "main"] or p.actions
    if not main:
        break
    table.act(main[int(rng.integers(len(main)))]["action"])
for action in table.session.legal():  # a mortgage where one may be taken now
    if type(action).__name__ == "Mortgage":
        table.act(action)
        break
mortgaged = [i for i, s in enumerate(table.board.property_states) if s and s["mortgaged"]]
assert mortgaged, "no mortgage in the seeded game: the check would miss the board's mark"
table.board.selected = mortgaged[0]  # its deed card in the centre
ipw.VBox([table, table.money_chart()])""",
]

# a German Alma Mater table after 30 clicks (two bots), with its score chart
ALMAMATER = [
    """import ipywidgets as ipw
from widgets.play_almamater import AlmaMaterTable

table = AlmaMaterTable(["Ann", "Bo", "Cy"], bots={"Bo": "scholar", "Cy": "dean"}, seed=2026,
                       lang="de", projector=True)
for _ in range(30):  # the first button each time (placements first)
    actions = table.panel.actions
    if not actions:
        break
    placements = [a for a in actions if a["group"] == "manage" and a["space"]]
    table.act((placements or actions)[0]["action"])
ipw.VBox([table, table.score_chart()])""",
]

# Every text the page holds: each text node (hidden ones too: a closed section's form),
# what a screen reader or a tooltip says, SVG titles, a download link's name. Scripts and
# styles are not text a person sees.
TEXTS_JS = """() => {
  const root = document.querySelector('#rendered_cells') || document.body;
  const out = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const parent = n.parentElement;
    if (parent && parent.closest('script, style')) continue;
    // a board's name broken over lines (a data name): checked whole, as data-label has it
    if (parent && parent.closest('text[data-label]')) continue;
    if (n.textContent.trim()) out.push(n.textContent);
  }
  for (const t of root.querySelectorAll('text[data-label]')) out.push(t.getAttribute('data-label'));
  const said = ['aria-label', 'aria-roledescription', 'aria-description', 'aria-valuetext',
                'aria-placeholder', 'title', 'placeholder', 'alt'];
  for (const el of [root, ...root.querySelectorAll('*')]) {
    for (const a of said) {
      const v = el.getAttribute(a);
      if (v && v.trim()) out.push(v);
    }
  }
  for (const a of root.querySelectorAll('a[download]')) out.push(a.getAttribute('download'));
  return out;
}"""

# Hover over a chart's plot until Vega shows its tooltip; returns its text ('' if none).
TOOLTIP_JS = """() => {
  const t = document.querySelector('#vg-tooltip-element');
  return t && t.classList.contains('visible') ? t.innerText : '';
}"""

ENGLISH_MONEY = re.compile(r"\$\s?\d")  # "$1,500": German writes "1.500 $"
ENGLISH_GROUPING = re.compile(r"\d,\d{3}(?!\d)")  # "1,500": German groups with a point


def data_names() -> tuple[str, ...]:
    """What the data files and the players name (kept as written on a German table)."""
    board = load_board("alfred")
    names = [s.name for s in board.spaces] + [ring_label(s.name) for s in board.spaces]
    names += [s.group for s in board.spaces if s.group]
    names += [s.group.replace("_", " ") for s in board.spaces if s.group]
    for card in board.cards.values():
        names += [card.id, card.text, card.deck, card.deck.replace("_", " ")]
    names += ["Ann", "Bo", "Cy", "Academic Probation", "Alfred", "Alfredopoly"]
    names += [*DECK_TITLES.values(), board.title]
    return tuple(sorted({n for n in names if n}, key=len, reverse=True))


def english_in(texts: list[str]) -> dict[str, set[str]]:
    """The texts with English words of either game's phrasebook (outside data names), with
    Vega's English names of a chart's parts ("Title text '...'", "point", "group mark
    container"), or with money or numbers written the English way."""
    names = data_names()
    found = {}
    for text in (t.replace("\u00ad", "") for t in texts):  # soft hyphens: the board's breaks
        words = alfredopoly_english(text, names) | almamater_english(_without(text, names))
        if text in VEGA_ROLES or text.startswith("Title text"):
            words.add(f"Vega: {text}")
        words -= {"was"}  # an English template word that is German too ("what")
        if ENGLISH_MONEY.search(_without(text, names)):
            words.add("$n")
        if ENGLISH_GROUPING.search(_without(text, names)):
            words.add("n,nnn")
        if words:
            found[text[:160]] = words
    return found


def _without(text: str, names: tuple[str, ...]) -> str:
    for name in names:
        text = text.replace(name, " ")
    return text


def hover_tooltip(page, chart) -> str:  # type: ignore[no-untyped-def]
    """Move the mouse over ``chart``'s plot until Vega shows a tooltip; its text."""
    chart.scroll_into_view_if_needed()
    box = chart.bounding_box()
    assert box is not None
    for fy in (0.2, 0.3, 0.4, 0.5, 0.6, 0.7):
        for fx in (0.15, 0.25, 0.35, 0.45, 0.55, 0.65):
            page.mouse.move(box["x"] + fx * box["width"], box["y"] + fy * box["height"])
            text = page.evaluate(TOOLTIP_JS)
            if text:
                return str(text)
    return ""


def test_the_german_alfredopoly_table_shows_no_english(voila, lab_page):  # type: ignore[no-untyped-def]
    page = lab_page
    page.set_viewport_size({"width": 1280, "height": 720})
    relpath = voila.write_notebook("scratch/german_alfredopoly.ipynb", ALFREDOPOLY)
    state = render_in_voila(voila, page, relpath)
    assert not state["errors"] and state["failed"] == 0, state
    page.locator(".gk-deed").wait_for()  # the deed card of the mortgaged space
    board = page.locator(".gk-alfredopoly")
    assert board.locator(".gk-mortgage-mark").first.text_content() in ("HYPOTH.", "HYP")
    prices = board.locator(".gk-price").all_text_contents()
    assert prices and all(re.fullmatch(r"\d{1,3}(\.\d{3})*\u00a0\$", p) for p in prices), prices
    screenshot(page, "german-alfredopoly")
    # Save: the file the page downloads at once, and the link beside the button
    with page.expect_download(timeout=WAIT_MS) as saved:
        page.locator(".gk-files button", has_text="Spiel speichern").click()
    name = saved.value.suggested_filename
    assert re.fullmatch(r"alfredopoly-spiel-\d+-zuege\.json", name), name
    page.locator("a.gk-download").wait_for()
    tooltip = hover_tooltip(page, page.locator(".vega-embed").first)
    assert tooltip, "no tooltip on the money chart"
    assert re.search(r"\d\u00a0\$", tooltip), tooltip  # "1.234 $"
    texts = [*page.evaluate(TEXTS_JS), name, tooltip]
    assert sum(len(t) for t in texts) > 3000, "too little text: the page did not draw"
    found = english_in(texts)
    print("\n".join(f"{k!r}: {v}" for k, v in found.items()))
    assert not found, found
    assert not page.guard.page_errors, page.guard.page_errors


def test_the_german_almamater_table_shows_no_english(voila, lab_page):  # type: ignore[no-untyped-def]
    page = lab_page
    page.set_viewport_size({"width": 1280, "height": 720})
    relpath = voila.write_notebook("scratch/german_almamater.ipynb", ALMAMATER)
    state = render_in_voila(voila, page, relpath)
    assert not state["errors"] and state["failed"] == 0, state
    page.locator(".gk-am-board").wait_for()
    screenshot(page, "german-almamater")
    with page.expect_download(timeout=WAIT_MS) as saved:
        page.locator(".gk-files button", has_text="Spiel speichern").click()
    name = saved.value.suggested_filename
    assert re.fullmatch(r"almamater-spiel-\d+-zuege\.json", name), name
    tooltip = hover_tooltip(page, page.locator(".vega-embed").first)
    texts = [*page.evaluate(TEXTS_JS), name, tooltip]
    assert sum(len(t) for t in texts) > 3000, "too little text: the page did not draw"
    found = english_in(texts)
    print("\n".join(f"{k!r}: {v}" for k, v in found.items()))
    assert not found, found
    assert not page.guard.page_errors, page.guard.page_errors


# The same German tables and charts shown on their own, as a lesson shows them, for an
# export without widget state: each shows its still (the table's status and the game's
# picture of the position; the chart's SVG)
EXPORTED = [
    ALFREDOPOLY[0].replace("ipw.VBox([table, table.money_chart()])", "table"),
    "table.money_chart()",
    ALMAMATER[0].replace("ipw.VBox([table, table.score_chart()])", "table"),
    "table.score_chart()",
]


def test_a_lesson_with_german_tables_exports_german_stills(lab_page):  # type: ignore[no-untyped-def]
    """A notebook with both German tables and their charts, executed and exported as the
    kit exports a lesson (no widget state: the stills show), read in Chromium: four stills,
    the boards' and charts' words German, nothing English outside data names."""
    import nbformat
    from nbconvert.preprocessors import ExecutePreprocessor

    from tests.test_lesson_explore import export

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in EXPORTED])
    ExecutePreprocessor(timeout=WAIT_MS // 1000, kernel_name="python3").preprocess(nb, {})
    body = export(nb)
    # the page's own remote scripts (nbconvert's template: require.js, MathJax) are left out:
    # the stills are inline SVG, and the page may not leave this machine
    body = re.sub(r'<script[^>]*\bsrc="https?://[^"]*"[^>]*>\s*</script>', "", body)
    page = lab_page
    page.set_viewport_size({"width": 1280, "height": 720})
    page.set_content(body)
    stills = page.locator(".gk-table-still svg, .gk-chart-still svg")
    assert stills.count() == 4, stills.count()
    for k in range(4):
        box = stills.nth(k).bounding_box()
        assert box and box["width"] > 300 and box["height"] > 200, (k, box)  # drawn, not empty
    # the code cells are the lesson's, not the table's words
    page.evaluate(
        "() => document.querySelectorAll('.jp-InputArea, .input').forEach(e => e.remove())"
    )
    screenshot(page, "german-export")
    texts = page.evaluate(TEXTS_JS)
    assert "Geld im Spielverlauf" in texts and "Überschrift: Geld im Spielverlauf" in texts
    assert any(t.startswith("Alma Mater, Runde ") for t in texts), texts[:40]
    assert any(re.fullmatch(r"Runde \d+: \w+ ist am Zug \(\w+\)", t) for t in texts)
    assert sum(len(t) for t in texts) > 3000, "too little text: the stills did not draw"
    found = english_in(texts)
    print("\n".join(f"{k!r}: {v}" for k, v in found.items()))
    assert not found, found
