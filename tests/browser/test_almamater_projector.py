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
import time

import pytest

from gamekit.almamater.spec import make_spec
from gamekit.almamater.words import gain_words
from tests.browser.conftest import render_in_voila, run_notebook, screenshot, shutdown_kernel
from tests.browser.test_board_layout import PANEL_OUT_JS, check_labels, zoomed
from tests.browser.test_projector import MIN_PANEL_PX, wait_boards_still

WIDTH, HEIGHT = 1280, 720
DECISIONS = 3  # a scripted game's decisions in each JupyterLab table (about 1 s each)
# Alma Mater's setup for Ann with two bots: 3 founding cards kept, 1 discarded, a
# chancellor, where new textbooks go (the last one leads to round 1)
SETUP_DECISIONS = 6

# the buttons of the decision asked now (the confirm question's, the main row's, the spaces
# to pick from and the picked space's options, passing), where they are on screen
DECISION_JS = """() => {
  const root = document.querySelector('.gk-table .gk-play');
  const buttons = root.querySelectorAll('.gk-confirm button, .gk-actions button');
  // the newest event: the last line of the panel's "what just happened" area, else the log's
  const latest = root.querySelectorAll('.gk-latest-line, .gk-latest > *');
  const log = root.querySelectorAll('.gk-log-line');
  const newest = latest.length ? latest[latest.length - 1] : log[log.length - 1];
  const box = (e) => { if (!e) return null; const r = e.getBoundingClientRect();
                       return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  return {
    armed: root.getAttribute('data-armed'),
    status: root.querySelector('.gk-play-status').textContent,
    statusBox: box(root.querySelector('.gk-play-status')),
    newest: newest ? {text: newest.textContent, ...box(newest)} : null,
    scrollY: window.scrollY,
    // a picked space's options are a list that scrolls in its own box (Antiquarian: 12):
    // the box must be in the window, with the options not scrolled into view ("inList")
    // left to the list
    options: box(root.querySelector('.gk-options')),
    buttons: Array.from(buttons).map((b) => {
      const r = b.getBoundingClientRect();
      const list = b.closest('.gk-options');
      const clip = list && list.getBoundingClientRect();
      const inList = Boolean(clip) && (r.top >= clip.bottom - 1 || r.bottom <= clip.top + 1);
      return {label: b.textContent, title: b.title, top: r.top, bottom: r.bottom, inList,
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


def off_screen(decision: dict, width: int = WIDTH, height: int = HEIGHT) -> list[dict]:
    """The buttons of ``decision`` not wholly inside the window (1280x720), and its status
    line and newest event (when there is one) if they are not."""
    boxes = [b for b in decision["buttons"] if not b["inList"]]
    boxes.append({"status": decision["status"], **decision["statusBox"]})
    for part in ("newest", "options"):
        if decision[part]:
            boxes.append({"part": part, **decision[part]})
    return [
        b
        for b in boxes
        if b["top"] < 0 or b["left"] < 0 or b["bottom"] > height or b["right"] > width
    ]


# Every text of the board and the universities: its size, whether it is cut (wider than its
# box and hidden), a research step's words squeezed to break anywhere ("pa/y/2/d/u/..."),
# a name in the reputation list on more than one line ("An" / "n").
BOARD_TEXT_JS = """() => {
  const sel = '.gk-table .gk-am-board *, .gk-table .gk-tableau *';
  const own = (e) => Array.from(e.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim());
  const text = Array.from(document.querySelectorAll(sel))
    .filter((e) => own(e) && e.getBoundingClientRect().width > 0);
  const px = text.map((e) => parseFloat(getComputedStyle(e).fontSize));
  const lines = (e) => e.getBoundingClientRect().height
    / parseFloat(getComputedStyle(e).lineHeight);
  const board = document.querySelector('.gk-table .gk-am-board').getBoundingClientRect();
  const hidden = (e) => getComputedStyle(e).overflowX === 'hidden';
  return {
    count: text.length, min: Math.min(...px),
    small: text.filter((e, k) => px[k] < 17.95)
      .map((e) => e.className + ': ' + e.textContent).slice(0, 5),
    cut: text.filter((e) => hidden(e) && e.scrollWidth > e.clientWidth + 1)
      .map((e) => e.textContent).slice(0, 5),
    squeezedSteps: Array.from(document.querySelectorAll('.gk-table .gk-am-step-cost'))
      .filter((e) => e.closest('.gk-am-squeezed') || lines(e) > 3.2).map((e) => e.textContent),
    stepsWithMarkers: document.querySelectorAll('.gk-table .gk-am-step .gk-am-marker').length,
    repNames: Array.from(document.querySelectorAll('.gk-table .gk-am-rep-name'))
      .map((e) => ({name: e.textContent, lines: Math.round(lines(e))})),
    boardWidth: board.width, boardHeight: board.height,
  };
}"""


def check_board_text(page) -> dict:  # type: ignore[no-untyped-def]
    """The projector's text floor (18 px) on the board and universities, nothing cut, no
    research step squeezed, every reputation name on one line; returns what was measured."""
    text = page.evaluate(BOARD_TEXT_JS)
    assert text["count"] > 200 and text["min"] >= 17.95, text["small"]
    assert not text["cut"] and not text["squeezedSteps"], text
    assert text["repNames"] and all(r["lines"] == 1 for r in text["repNames"]), text["repNames"]
    return text


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
    # one order on the board and on the buttons (it was F20, F13, F21, F10 and F10, F13, ...)
    order = [re.match(r"Keep (F\d\d)", b["label"])[1] for b in first["buttons"]]  # type: ignore[index]
    assert [c["id"] for c in page.evaluate(CARDS_JS)] == order, order
    check_board_text(page)  # the draft's cards too: 18 px, nothing cut
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
        check_board_text(page)  # the board's text at 18 px, nothing cut or squeezed
        # the same decision at 1920x1080 (the page resized, and back for the next click)
        page.set_viewport_size({"width": 1920, "height": 1080})
        wide = page.evaluate(DECISION_JS)
        assert not off_screen(wide, 1920, 1080), (wide["status"], off_screen(wide, 1920, 1080))
        check_board_text(page)
        page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
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
    assert not off_screen(decision), off_screen(decision)
    lecturer_controls_in_view(page)
    picked = text_checked = False
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
            # a space picked: the last decision's "Just done" line goes (it stayed, 66-75 px
            # above the spaces, and with step-by-step bots put Pass below 720), and the
            # options, Pass and the status are in the window
            assert table.locator(".gk-just-done").count() == 0
            assert not off_screen(page.evaluate(DECISION_JS))
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
        # after every decision: status, newest event and every button in the window, the
        # board's text at the projector's floor and nothing cut or squeezed
        assert not off_screen(decision), (decision["status"], off_screen(decision))
        measured = check_board_text(page)
        if decision["status"].startswith("Round 1 · Ann"):
            # round 1: the research markers moved by the founding cards
            assert measured["stepsWithMarkers"] > 0, measured
            text_checked = True
    assert picked and text_checked, decision["status"]
    assert "storage is over its limit" in decision["status"], decision["status"]
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


# The lecturer's controls: "End the game now", Save, Load and the "New game" form's title;
# opened, every control of the form (players, bots, limits, its Start button)
TOOLS_JS = """(open) => {
  const t = document.querySelector('.gk-table');
  const sel = open ? '.gk-setup input, .gk-setup select, .gk-setup button'
                   : '.gk-files button, .gk-am-tools .jupyter-widget-Collapse-header,'
                     + ' .gk-table-tools .jupyter-widget-Collapse-header';
  return Array.from(t.querySelectorAll(sel)).filter((e) => e.getClientRects().length)
    .map((e) => { const r = e.getBoundingClientRect();
      return {text: e.textContent.trim() || e.value || e.tagName, top: r.top, bottom: r.bottom,
              left: r.left, right: r.right}; });
}"""


def lecturer_controls_in_view(page) -> None:  # type: ignore[no-untyped-def]
    """At the page's top in a 1280x720 window: "End the game now" (and Save, Load, the "New
    game" form's title) in the window, and the form's controls too once it is opened (they
    were under the board and the universities, about 2,000 px down). The form is closed
    again."""

    def out(boxes: list[dict]) -> list[dict]:
        return [b for b in boxes if b["top"] < 0 or b["left"] < 0 or b["bottom"] > HEIGHT
                or b["right"] > WIDTH]  # fmt: skip

    tools = page.evaluate(TOOLS_JS, False)
    texts = [b["text"] for b in tools]
    assert "End the game now" in texts and any(t.startswith("New game") for t in texts), texts
    assert not out(tools), out(tools)
    # (Alma Mater's tools above its board; Alfredopoly's above its board and panel)
    header = ".jupyter-widget-Collapse-header"
    title = page.locator(f".gk-am-tools {header}, .gk-table-tools {header}").first
    title.click()
    page.locator(".gk-setup button", has_text="Start the new game").wait_for()
    form = page.evaluate(TOOLS_JS, True)
    assert len(form) >= 8 and not out(form), (len(form), out(form))
    game = "almamater" if page.locator(".gk-am-tools").count() else "alfredopoly"
    screenshot(page, f"{game}-lecturer-controls-1280x720")
    title.click()
    page.locator(".gk-setup button", has_text="Start the new game").wait_for(state="hidden")


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


# The play panel of the table under `root` in JupyterLab (or a page): its status line, its
# newest event and every decision button (a picked space's options: the list's box) that
# are not wholly inside the notebook's window (its scrolling panel; else the window)
IN_WINDOW_JS = """(root) => {
  const play = document.querySelector(`${root} .gk-play`);
  const outer = play.closest('.jp-WindowedPanel-outer');
  const w = outer ? outer.getBoundingClientRect()
                  : {top: 0, left: 0, bottom: innerHeight, right: innerWidth};
  const latest = play.querySelectorAll('.gk-latest-line, .gk-latest > *');
  const clipped = (b) => { const list = b.closest('.gk-options'); if (!list) return false;
    const r = b.getBoundingClientRect(), c = list.getBoundingClientRect();
    return r.top >= c.bottom - 1 || r.bottom <= c.top + 1; };
  const buttons = Array.from(play.querySelectorAll('.gk-confirm button, .gk-actions button,'
      + ' .gk-bot-controls button')).filter((b) => b.getClientRects().length && !clipped(b));
  const parts = [play.querySelector('.gk-play-status'), latest[latest.length - 1],
                 play.querySelector('.gk-options'), ...buttons];
  return parts.filter((e) => e && e.getClientRects().length).map((e) => {
    const r = e.getBoundingClientRect();
    return {text: e.textContent.slice(0, 40), top: Math.round(r.top), bottom: Math.round(r.bottom),
            left: Math.round(r.left), right: Math.round(r.right)}; })
    .filter((b) => b.top < w.top - 1 || b.left < w.left - 1 || b.bottom > w.bottom + 1
                   || b.right > w.right + 1);
}"""

# Which decision a scripted game takes: the first button whose words start with one of
# these (a person buys, pays and rolls; Alma Mater: its first button), else the first
PREFER = ("Yes", "Buy", "Pay $", "Roll", "Pay", "End the turn", "Ja", "Kaufen", "Würfeln")


def decisions_stay_in_view(page, root: str, count: int, each=None) -> list[str]:  # type: ignore[no-untyped-def]
    """Play ``count`` decisions of the table under ``root`` (scrolled to its panel first, as
    a lecturer does once): after each, the status, the newest event and every decision
    button are inside the window without scrolling, and ``each(page)`` (when given: the
    board's text, say) is called. Alma Mater's action phase: the first space to pick from,
    then its first option. Returns the statuses seen."""
    page.evaluate(f"() => document.querySelector('{root} .gk-play').scrollIntoView()")
    play = page.locator(f"{root} .gk-play").first
    seen = []
    began = time.monotonic()
    for _ in range(count):
        page.locator(f"{root} .gk-play[data-armed]").first.wait_for(state="attached")
        armed = play.get_attribute("data-armed")
        buttons = play.locator(".gk-confirm button.gk-main, .gk-actions-main button,"
                               " .gk-actions button")  # fmt: skip
        labels = buttons.all_text_contents()
        if not labels:
            break  # a bot's turn with no button, or the game's end
        pick = next((i for pref in PREFER for i, x in enumerate(labels) if x.startswith(pref)), 0)
        if play.locator(".gk-chip").count():
            # a space first (its options come in the same view), then its first option
            play.locator(".gk-chip").first.click()
            play.locator(".gk-options button").first.wait_for()
            buttons, pick = play.locator(".gk-options button"), 0
            labels = buttons.all_text_contents()
            out = page.evaluate(IN_WINDOW_JS, root)
            assert not out, (root, "picked a space", out)
        buttons.nth(pick).click()
        page.wait_for_function(
            "([root, v]) => { const a = document.querySelector(`${root} .gk-play`)"
            ".getAttribute('data-armed'); return a !== null && a !== v; }",
            arg=[root, armed],
        )
        out = page.evaluate(IN_WINDOW_JS, root)
        status = page.locator(f"{root} .gk-play-status").first.text_content()
        seen.append(status)
        assert not out, (root, labels[pick], status, out)
        if each is not None:
            each(page)
    print(f"{root}: {len(seen)} decisions in view, {time.monotonic() - began:.1f} s")
    return seen


ZOOM_TABLE = [
    "from widgets.play_almamater import AlmaMaterTable\n"
    "AlmaMaterTable(['Ann', 'Bo', 'Cy'], bots={'Bo': 'scholar', 'Cy': 'dean'}, seed=2026,\n"
    "               projector=True)",
    # an Alfredopoly table too, looked at with the sidebar closed
    "from widgets.play_alfredopoly import AlfredopolyTable\n"
    "alf = AlfredopolyTable(['Ann', 'Bo', 'Cy'], bots={'Cy': 'builder'}, seed=2026,\n"
    "                       projector=True)\n"
    "alf.add_class('gk-test-alf')\n"
    "alf",
]

ZOOM_JS = """() => {
  const box = (e) => { const r = e.getBoundingClientRect();
                       return {top: r.top, bottom: r.bottom, width: r.width, height: r.height}; };
  const t = document.querySelector('.gk-table');
  const students = Array.from(t.querySelectorAll('.gk-am-student'))
                       .map((e) => e.getBoundingClientRect().width);
  const buttons = Array.from(t.querySelectorAll('.gk-play .gk-actions button')).map(box);
  return {table: box(t), board: box(t.querySelector('.gk-am-board')),
          panel: box(t.querySelector('.gk-play')), status: box(t.querySelector('.gk-play-status')),
          buttons, narrowest: Math.min(...students), dpr: window.devicePixelRatio,
          inner: window.innerHeight};
}"""


# An Alfredopoly board that scrolls sideways in its own box: its box, the notebook's
# window and the token of the player to act ([left, top, right, bottom] on screen), the
# board's width and the box's
SIDEWAYS_JS = """(root) => {
  const box = (e) => { const r = e.getBoundingClientRect();
                       return [r.left, r.top, r.right, r.bottom]; };
  const b = document.querySelector(`${root} .gk-alfredopoly`);
  return {scrolls: b.classList.contains('gk-board-scrolls'), scroll: b.scrollWidth,
          client: b.clientWidth, box: box(b),
          notebook: box(b.closest('.jp-WindowedPanel-outer')),
          token: box(b.querySelector('.gk-token-current circle'))};
}"""


def alfredopoly_labels(page) -> None:  # type: ignore[no-untyped-def]
    """The zoomed JupyterLab page's Alfredopoly board: every label at least 18 CSS px,
    none condensed below 0.85, neighbours apart."""
    check_labels(page, ".gk-test-alf", 18, css=True)


def test_jupyterlab_projector_at_browser_zoom_150_with_the_sidebar_open(lab, browser):  # type: ignore[no-untyped-def]
    """JupyterLab, projector=True, browser zoom 150 % (853x480 CSS pixels), file browser
    open: the table is about 420 CSS px wide. The board squeezed itself beside the panel
    (113 px columns, 19,930 px tall: lecturer trial); now the panel comes first, its status
    and decision buttons in the window, and the board under it at the table's width, in two
    columns, with its text at the projector's floor (18 CSS px, 27 px on screen). The
    Alfredopoly table beside it, sidebar open and closed: its panel first, its board (no
    readable ring is as narrow as the notebook: 725 CSS px at least) scrolling sideways in
    its own box with every label at least 18 CSS px and none condensed below 0.85, checked
    after each decision of a scripted game (issue 24, Done when)."""
    with zoomed(browser, 1280, 720, 1.5) as page:
        relpath = lab.write_notebook("almamater_zoom.ipynb", ZOOM_TABLE)
        run = run_notebook(lab, page, relpath)
        assert not run.errors, run.errors
        page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
        page.wait_for_function("() => document.querySelector('#filebrowser').offsetWidth > 100")
        page.locator(".gk-table .gk-play[data-armed]").first.wait_for()
        wait_boards_still(page)
        page.evaluate("() => document.querySelector('.gk-table').scrollIntoView()")
        m = page.evaluate(ZOOM_JS)
        screenshot(page, "almamater-lab-zoom150-projector")
        assert m["dpr"] == 1.5 and m["table"]["width"] < 560, m  # the room the lecturer had
        assert m["panel"]["bottom"] <= m["board"]["top"], m  # the panel first
        assert m["board"]["width"] >= m["table"]["width"] - 2, m  # the board as wide as the table
        inside = [m["status"], *m["buttons"]]
        assert m["buttons"] and all(b["top"] >= 0 and b["bottom"] <= m["inner"] for b in inside), m
        assert m["narrowest"] >= 150, m  # two students a row (they were 113 px)
        text = check_board_text(page)
        assert text["boardHeight"] < 8000, text["boardHeight"]  # was 19,930
        # a scripted game with the file browser open, to round 1's spaces (issue 24): after
        # each decision the status, the newest event and every decision button in the
        # notebook's window (359 CSS px): the four two-line Discard buttons of "keep 3
        # founding cards" ended 40 px below it (the panel's spacing is tighter in a short
        # window, and "what just happened" shows its newest line only when they would not
        # fit); the board's text at the floor after each
        seen = decisions_stay_in_view(page, ".gk-am-table", SETUP_DECISIONS, check_board_text)
        assert len(seen) == SETUP_DECISIONS and seen[-1].startswith("Round 1 · Ann"), seen
        assert any("keep 3 founding cards" in s for s in seen), seen
        screenshot(page, "almamater-lab-zoom150-filebrowser-decisions")
        # Alfredopoly with the file browser open (a row of about 420 CSS px): its panel
        # first, the board scrolling sideways in its own box with every label at least
        # 18 CSS px (27 on screen) and none condensed below 0.85, after each decision
        seen = decisions_stay_in_view(page, ".gk-test-alf", DECISIONS, alfredopoly_labels)
        assert len(seen) == DECISIONS, seen
        page.locator(".gk-test-alf .gk-ring").scroll_into_view_if_needed()
        # the board's box no wider than the notebook, the board scrolled in it to the
        # player to act (their token inside the box)
        box = page.evaluate(SIDEWAYS_JS, ".gk-test-alf")
        assert box["scrolls"] and box["scroll"] > box["client"] + 100, box
        assert box["box"][2] <= box["notebook"][2] + 1, box
        assert box["box"][0] <= box["token"][0] and box["token"][2] <= box["box"][2], box
        screenshot(page, "alfredopoly-lab-zoom150-filebrowser-board")
        # Alfredopoly, the sidebar closed (853 CSS px less the side bar): its panel first
        # (status and decisions in the window at the table's top), then the board with
        # every label at least 18 px on screen and none condensed below 0.85 (the
        # lecturer's: condensed to 0.23)
        page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')")
        page.wait_for_function("() => !document.querySelector('#filebrowser').offsetWidth")
        page.locator(".gk-test-alf .gk-play[data-armed]").wait_for()
        wait_boards_still(page)
        page.evaluate("() => document.querySelector('.gk-test-alf').scrollIntoView()")
        assert not page.evaluate(PANEL_OUT_JS, ".gk-test-alf")
        page.locator(".gk-test-alf .gk-ring").scroll_into_view_if_needed()
        alfredopoly_labels(page)
        box = page.evaluate(SIDEWAYS_JS, ".gk-test-alf")  # (the board's box in the notebook)
        print("150 %, sidebar closed: board", box["scroll"], "px in a box of", box["client"])
        assert box["box"][2] <= box["notebook"][2] + 1, box
        screenshot(page, "alfredopoly-lab-zoom150-projector")
        # a scripted game in each table, the sidebar closed (issue 24, Done when): after
        # each decision the status, the newest event and every decision button in the
        # notebook's window (Alma Mater: round 1, a space and its option each time), and
        # the board's text checked again
        seen = decisions_stay_in_view(page, ".gk-test-alf", DECISIONS, alfredopoly_labels)
        assert len(seen) == DECISIONS, seen
        seen = decisions_stay_in_view(page, ".gk-am-table", DECISIONS, check_board_text)
        assert len(seen) == DECISIONS, seen
        screenshot(page, "almamater-lab-zoom150-projector-decisions")
        shutdown_kernel(page)
