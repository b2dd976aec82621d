"""The Alma Mater dashboard on a 1280x720 projector in Voila: every button of the decision
asked is on screen without scrolling, at panel size, and says what it chooses.

Lecturer trial 2026-12-01 (Alma Mater, finding 1): at the founding draft the fourth
founding-card button began at y=689 and the three-line buttons ran below the bottom of the
screen (the players' cards and a long label each: "Keep founding card F10 (white number 5:
4 ducats, 2 own textbooks, 1 research step) and pass the rest"). The buttons now carry short
words (the tooltip says it in full) and the panel of an Alma Mater table puts the decision
right under its status line, the players' cards after it. Checked in standalone Voila and
in Voila inside JupyterLab.

A game beyond round 1 (lecturer trial, finding 2): round 1's spaces to pick from ran below
the screen too (Bishop, Colloquium and Pass at y 719-798), and at administration the seat
of the player returning books was struck out as passed. The round test plays to that
decision. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import re

import pytest

from gamekit.almamater.spec import make_spec
from gamekit.almamater.words import gain_words
from tests.browser.conftest import render_in_voila, screenshot
from tests.browser.test_projector import MIN_PANEL_PX, wait_boards_still

WIDTH, HEIGHT = 1280, 720

# the buttons of the decision asked now (the confirm question's, the main row's, the spaces
# to pick from and the picked space's options, passing), where they are on screen
DECISION_JS = """() => {
  const root = document.querySelector('.gk-table .gk-play');
  const buttons = root.querySelectorAll('.gk-confirm button, .gk-actions button');
  return {
    armed: root.getAttribute('data-armed'),
    status: root.querySelector('.gk-play-status').textContent,
    scrollY: window.scrollY,
    buttons: Array.from(buttons).map((b) => {
      const r = b.getBoundingClientRect();
      return {label: b.textContent, title: b.title, top: r.top, bottom: r.bottom,
              left: r.left, right: r.right, px: parseFloat(getComputedStyle(b).fontSize)};
    }),
  };
}"""

# the founding cards the board shows: id, white number and what the card gives
CARDS_JS = """() => Array.from(document.querySelectorAll(
    '.gk-table .gk-am-draft > .gk-am-cards:not(.gk-am-kept) .gk-am-card-founding')).map(
  (c) => ({id: c.querySelector('.gk-am-card-id').textContent,
           white: c.querySelector('.gk-am-card-white').textContent,
           gives: c.querySelector('.gk-am-card-gives').textContent}))"""


def off_screen(decision: dict) -> list[dict]:
    """The buttons of ``decision`` not wholly inside the 1280x720 window."""
    return [
        b
        for b in decision["buttons"]
        if b["top"] < 0 or b["left"] < 0 or b["bottom"] > HEIGHT or b["right"] > WIDTH
    ]


# Standalone Voila; Voila inside JupyterLab (/voila/render, the Binder link) serves the same
# page from the same template, and test_voila renders both dashboards through that route.
@pytest.mark.parametrize("server", ["voila"])
def test_setup_decisions_fit_a_1280x720_projector_in_voila(server, lab_page, request):  # type: ignore[no-untyped-def]
    """The setup decisions in standalone Voila."""
    page = lab_page
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    voila = request.getfixturevalue(server)
    state = render_in_voila(voila, page, "notebooks/dashboard_almamater.ipynb")
    assert not state["errors"] and state["failed"] == 0 and state["undrawn"] == 0, state
    page.wait_for_selector(".gk-table .gk-play[data-armed]")
    wait_boards_still(page)
    first = page.evaluate(DECISION_JS)
    screenshot(page, f"almamater-projector-draft-1280x720-{server}")
    # the founding draft: Ann keeps one of her 4 cards (3 players, kit defaults)
    assert first["status"].startswith("Setup · Ann: keep one founding card"), first["status"]
    assert first["scrollY"] == 0 and len(first["buttons"]) == 4, first
    assert not off_screen(first), off_screen(first)
    assert min(b["px"] for b in first["buttons"]) >= MIN_PANEL_PX, first["buttons"]
    # each button names a card the board shows and its white number, and what the card
    # gives (the component data's, in the engine's words); the tooltip says it in full
    cards = {c["id"]: c for c in page.evaluate(CARDS_JS)}
    founding = make_spec(3).founding
    named = set()
    for b in first["buttons"]:
        found = re.fullmatch(r"Keep (F\d\d) \(white (\d+)\): (.+)", b["label"])
        assert found, b["label"]
        assert found[2] == cards[found[1]]["white"] == str(founding[found[1]].white), b
        assert found[3] == gain_words(founding[found[1]].gain), b
        assert b["title"].startswith(f"Keep founding card {found[1]} (white number {found[2]}:")
        assert b["title"].endswith(") and pass the rest"), b["title"]
        named.add(found[1])
    assert named == set(cards), (named, cards)
    # the rest of setup (the draft, the discard, the chancellor, where the founding cards'
    # own textbooks go), each decision clicked as a lecturer would: all on screen too
    seen = [first["status"]]
    decision = first
    while not decision["status"].startswith("Round 1"):
        page.locator(".gk-table .gk-actions button").first.click()
        page.wait_for_function(
            "(v) => { const a = document.querySelector('.gk-table .gk-play')"
            ".getAttribute('data-armed'); return a !== null && a !== v; }",
            arg=decision["armed"],
        )
        decision = page.evaluate(DECISION_JS)
        seen.append(decision["status"])
        assert decision["buttons"], decision
        assert not off_screen(decision), (decision["status"], off_screen(decision))
        assert min(b["px"] for b in decision["buttons"]) >= MIN_PANEL_PX, decision["buttons"]
        if "library or in storage" in decision["status"]:
            screenshot(page, f"almamater-projector-shelve-1280x720-{server}")
    asked = " | ".join(seen)
    for words in ("keep 3 founding cards", "choose a chancellor", "library or in storage"):
        assert words in asked, asked
    assert not page.guard.page_errors, page.guard.page_errors


# Ann's play in the round test: the last option of the first of these spaces she may use
# (books pile up in storage), new own textbooks kept in storage, the first choice otherwise
ANN_SPACES = ("Antiquarian", "Starting student", "Colloquium", "Bishop", "Park")


def test_round_one_to_the_storage_decision_on_a_1280x720_projector(voila, lab_page):  # type: ignore[no-untyped-def]
    """Round 1 as a lecturer plays it: the spaces to pick from are all on screen, and at
    administration, where Ann's storage is over its limit, the books to return are on
    screen and Ann, who chooses, is not shown struck out as passed (everyone passed in the
    action phase; the seat chip and her university said "passed" while she was asked)."""
    page = lab_page
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    state = render_in_voila(voila, page, "notebooks/dashboard_almamater.ipynb")
    assert not state["errors"] and state["failed"] == 0 and state["undrawn"] == 0, state
    page.wait_for_selector(".gk-table .gk-play[data-armed]")
    table = page.locator(".gk-table").first
    decision = page.evaluate(DECISION_JS)
    picked = False
    for _ in range(40):
        if "storage is over its limit" in decision["status"]:
            break
        chips = table.locator(".gk-chip")
        if chips.count() and not picked:
            # the first view of the action phase: every space to pick from is on screen
            assert decision["status"].startswith("Round 1 · Ann: place masters"), decision
            assert not off_screen(decision), off_screen(decision)
            screenshot(page, "almamater-projector-round1-1280x720")
        if chips.count():
            names = [c.split(" · ")[0] for c in chips.all_text_contents()]
            first = [i for p in ANN_SPACES for i, n in enumerate(names) if n.startswith(p)]
            chips.nth((first or [0])[0]).click()
            table.locator(".gk-options button").first.wait_for()
            picked = True
            target = table.locator(".gk-options button").last
        elif table.locator(".gk-actions-main button", has_text="Keep the new").count():
            target = table.locator(".gk-actions-main button", has_text="Keep the new").first
        else:
            target = table.locator(".gk-actions button").first
        target.click()
        page.wait_for_function(
            "(v) => { const a = document.querySelector('.gk-table .gk-play')"
            ".getAttribute('data-armed'); return a !== null && a !== v; }",
            arg=decision["armed"],
        )
        decision = page.evaluate(DECISION_JS)
    assert picked and "storage is over its limit" in decision["status"], decision["status"]
    # the page may have scrolled to keep the click's spot clear: bring the panel's top back
    page.evaluate("() => document.querySelector('.gk-table .gk-play').scrollIntoView()")
    decision = page.evaluate(DECISION_JS)
    labels = [b["label"] for b in decision["buttons"]]
    assert labels and all(re.fullmatch(r"Return 1 .+ to the supply", x) for x in labels), labels
    assert not off_screen(decision), off_screen(decision)
    seats = page.evaluate(
        "() => Array.from(document.querySelectorAll('.gk-table .gk-am-seat')).map("
        "(s) => ({name: s.textContent, current: s.classList.contains('gk-current'),"
        " passed: s.classList.contains('gk-passed'),"
        " line: getComputedStyle(s).textDecorationLine}))"
    )
    ann = [s for s in seats if s["current"]]
    assert len(ann) == 1 and "Ann" in ann[0]["name"], seats
    assert not ann[0]["passed"] and ann[0]["line"] == "none", seats
    assert table.locator(".gk-tableau .gk-ut-passed").count() == 0
    # the universities break words as the board does: between words, or at a soft hyphen
    # ("Mathe-matics"), not anywhere ("Mathemati" / "cs" with no hyphen)
    boxes = page.evaluate(TABLEAU_WORDS_JS)
    assert boxes["slots"] > 0, boxes
    assert not boxes["anywhere"] and not boxes["over"], boxes
    screenshot(page, "almamater-projector-storage-1280x720")
    assert not page.guard.page_errors, page.guard.page_errors


# The universities' text boxes that may break a word anywhere without being squeezed (a
# box gkFitWords could not fit with soft hyphens), and those whose text is wider than they
# are; the number of lecture-hall slots looked at.
TABLEAU_WORDS_JS = """() => {
  const all = Array.from(document.querySelectorAll('.gk-table .gk-tableau *'));
  const text = all.filter((e) => Array.from(e.childNodes).some((n) => n.nodeType === 3
                                                              && n.textContent.trim()));
  const loose = (e) => getComputedStyle(e).overflowWrap !== 'normal'
                       && !e.closest('.gk-am-squeezed');
  return {slots: document.querySelectorAll('.gk-table .gk-ut-slot').length,
          anywhere: text.filter(loose).map((e) => e.className + ': ' + e.textContent),
          over: text.filter((e) => e.clientWidth && e.scrollWidth > e.clientWidth + 1)
                    .map((e) => e.className + ': ' + e.textContent)};
}"""
