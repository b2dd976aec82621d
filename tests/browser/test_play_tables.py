"""The play tables in Voila, used the way a lecturer would (1280x720, one page plus one
reload): keyboard-only play of a whole Alfredopoly turn, a rapid second click after a redraw
does nothing, a double-clicked trade is proposed once, a bot step waits for a click in step
mode, Alma Mater's pick-a-space, and a saved game survives a page reload (Save, download,
reload, upload). A probe text area mirrors the kernel's game, so the checks read the truth
from the kernel, not only from the page. Screenshots go to ``test-artifacts/``."""

from __future__ import annotations

import json
from typing import Any

from tests.browser.conftest import render_in_voila, screenshot

TIMEOUT = 60_000  # ms, for a busy 2-core machine

NOTEBOOK = [
    """import json
import ipywidgets as ipw
from widgets.play_alfredopoly import AlfredopolyTable
from widgets.play_almamater import AlmaMaterTable""",
    """table = AlfredopolyTable(["Ann", "Bo"], bots={"Bo": "builder"}, seed=5)
probe = ipw.Textarea(layout=ipw.Layout(width="900px", height="40px"))
probe.add_class("gk-probe")
clicks = [0]

def update(change=None):
    s = table.session
    probe.value = json.dumps({
        "moves": len(s.history) - 1, "position": s.position, "turn": s.state.turn,
        "actor": s.state.actor, "phase": s.state.phase, "view": table.panel.view,
        "bot_moves": sum(e.bot for e in s.history), "proposed": table.trade.proposed,
        "clicks": clicks[0], "ignored": table.panel.ignored, "log": len(table.panel.log),
        "step": table.panel.step_bots,
    })

def counted(button):
    clicks[0] += 1
    update()

table.trade.propose.on_click(counted)
table.panel.observe(update, names=["view", "answered"])
update()
ipw.VBox([table, probe])""",
    """am = AlmaMaterTable(["Ann", "Bo"], bots={"Bo": "greedy"}, seed=3)
while am.state.phase != "action":
    am.act(am.panel.actions[0]["action"])
am_probe = ipw.Textarea(layout=ipw.Layout(width="900px", height="40px"))
am_probe.add_class("gk-am-probe")

def am_update(change=None):
    am_probe.value = json.dumps({
        "moves": len(am.session.history) - 1, "focus": am.panel.focus,
        "selected": am.board.selected, "current": am.state.current,
    })

am.panel.observe(am_update, names=["view", "focus"])
am_update()
ipw.VBox([am, am_probe])""",
]

PROBE_JS = "(cls) => JSON.parse(document.querySelector(cls + ' textarea').value)"
FOCUS_READY_JS = """() => { const a = document.activeElement;
  return !!a && a.matches('.gk-play button.gk-button') && !a.disabled; }"""


def probe(page, cls: str = ".gk-probe") -> dict[str, Any]:  # type: ignore[no-untyped-def]
    return page.evaluate(PROBE_JS, cls)  # type: ignore[no-any-return]


def wait_probe(page, test: str, cls: str = ".gk-probe") -> dict[str, Any]:  # type: ignore[no-untyped-def]
    """Wait until ``test`` (a JS expression of ``p``, the probe's JSON) holds."""
    page.wait_for_function(
        f"(cls) => {{ const t = document.querySelector(cls + ' textarea');"
        f" if (!t || !t.value) return false; const p = JSON.parse(t.value); return {test}; }}",
        arg=cls,
        timeout=TIMEOUT,
    )
    return probe(page, cls)


def wait_armed(page, view: int) -> None:  # type: ignore[no-untyped-def]
    """Wait until the first table's panel drew ``view`` and its guard time is over."""
    page.wait_for_function(
        "(v) => Number(document.querySelector('.gk-play').getAttribute('data-armed')) >= v",
        arg=view,
        timeout=TIMEOUT,
    )


def test_play_tables_in_voila(voila, lab_page, tmp_path):  # type: ignore[no-untyped-def]
    page = lab_page
    page.set_viewport_size({"width": 1280, "height": 720})
    relpath = voila.write_notebook("scratch/play_tables.ipynb", NOTEBOOK)
    state = render_in_voila(voila, page, relpath)
    assert not state["errors"] and state["failed"] == 0, state
    play = page.locator(".gk-play").first
    start = wait_probe(page, "p.moves === 0")
    wait_armed(page, start["view"])

    # 1. keyboard only: a whole turn of Ann's with Enter and Space, focus follows
    play.locator(".gk-actions-main button", has_text="Roll the dice").focus()
    page.keyboard.press("Tab")  # Tab leaves the button and Shift+Tab comes back
    assert page.evaluate("() => document.activeElement.textContent") != "Roll the dice"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("() => document.activeElement.textContent") == "Roll the dice"
    keys = 0
    p = start
    while p["turn"] < 3 and keys < 15:  # turn 1 Ann, turn 2 the bot Bo, turn 3 Ann again
        page.keyboard.press("Enter" if keys % 2 == 0 else " ")
        keys += 1
        p = wait_probe(page, f"p.view > {p['view']}")
        wait_armed(page, p["view"])
        page.wait_for_function(FOCUS_READY_JS, timeout=TIMEOUT)
    assert p["turn"] >= 3 and p["actor"] == 0 and p["bot_moves"] >= 1, p
    # the bot's moves are highlighted and the dice are named
    assert play.locator(".gk-log-new").count() >= 2
    assert play.locator(".gk-play-dice").text_content().startswith("Dice shown: ")
    screenshot(page, "play-tables-keyboard-turn", ".gk-table")

    # 2. step the bots: each bot decision waits for a click
    play.locator(".gk-step-toggle input").check()
    p = wait_probe(page, "p.step === true")
    while p["actor"] == 0:  # Ann plays on with clicks until the bot is to act
        button = play.locator(".gk-actions-main button").first
        wait_armed(page, p["view"])
        label = button.text_content()
        button.click()
        p = wait_probe(page, f"p.view > {p['view']}")
        if label == "End the turn":
            break
    assert p["actor"] == 1, p
    waiting = p
    next_bot = play.locator(".gk-bot-next")
    next_bot.wait_for(timeout=TIMEOUT)
    assert play.locator(".gk-actions-empty").text_content().startswith("Bo (bot) is to act")
    wait_armed(page, p["view"])
    screenshot(page, "play-tables-step-mode", ".gk-table")
    assert probe(page)["moves"] == waiting["moves"]  # nothing moved without the click
    next_bot.click()
    p = wait_probe(page, f"p.moves > {waiting['moves']}")
    assert p["moves"] == waiting["moves"] + 1 and p["bot_moves"] == waiting["bot_moves"] + 1

    # 3. a rapid second click at the same spot after a redraw does nothing
    while p["actor"] == 1:  # the bot finishes its turn, one click per step
        wait_armed(page, p["view"])
        next_bot.click()
        p = wait_probe(page, f"p.view > {p['view']}")
    checked = False
    for _attempt in range(4):  # a loaded machine may miss the guard time: try again
        wait_armed(page, p["view"])
        button = play.locator(".gk-actions-main button, .gk-bot-next").first
        box = button.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        before = p
        page.mouse.click(x, y)
        p = wait_probe(page, f"p.view > {before['view']}")  # the kernel answered
        seen = page.wait_for_function(  # the page redrew: in the guard time, or past it
            "(v) => { const r = document.querySelector('.gk-play');"
            " if (r.classList.contains('gk-guard')) return 'guard';"
            " return r.getAttribute('data-armed') === String(v) ? 'armed' : false; }",
            arg=p["view"],
            timeout=TIMEOUT,
            polling="raf",
        ).json_value()
        page.mouse.click(x, y)  # the fast second click lands on whatever is drawn there now
        if seen != "guard":  # too late to prove anything: let it settle, try again
            page.wait_for_function(
                "() => !document.querySelector('.gk-play').classList.contains('gk-busy')",
                timeout=TIMEOUT,
            )
            p = probe(page)
            continue
        wait_armed(page, p["view"])
        # a deliberate click now: exactly one more move (the fast one would make it two)
        play.locator(".gk-actions-main button, .gk-bot-next").first.click()
        after = wait_probe(page, f"p.view > {p['view']}")
        assert after["moves"] == before["moves"] + 2, (before, p, after)
        p, checked = after, True
        break
    assert checked, "the second click never came within the guard time"

    # 4. a double-clicked trade is proposed once (bots answer at once again)
    play.locator(".gk-step-toggle input").uncheck()
    p = wait_probe(page, "p.step === false && p.actor === 0")
    while True:  # Ann's turn: get to a decision where she may trade
        wait_armed(page, p["view"])
        if page.locator(".gk-trade-form").is_visible():
            break
        if not page.locator(".widget-accordion, .jupyter-widget-Accordion").first.is_visible():
            play.locator(".gk-actions-main button").first.click()
            p = wait_probe(page, f"p.view > {p['view']}")
            continue
        page.locator(
            ".jupyter-widget-Collapse-header, .p-Collapse-header, .lm-Collapse-header"
        ).first.click()
        page.locator(".gk-trade-form").wait_for(timeout=TIMEOUT)
    form = page.locator(".gk-trade-form")
    pay = form.locator(".widget-inline-hbox", has_text="I pay").locator("input")
    pay.fill("10")
    pay.press("Tab")
    page.wait_for_timeout(300)  # let the value sync (ipywidgets sends it on change)
    before = probe(page)
    form.locator("button", has_text="Propose the trade").dblclick()
    p = wait_probe(page, "p.clicks >= 2")  # both clicks reached the kernel
    assert p["proposed"] == before["proposed"] + 1, (before, p)
    assert p["moves"] == before["moves"] + 2, (before, p)  # the offer and Bo's one answer
    screenshot(page, "play-tables-after-trade", ".gk-table")

    # 5. Alma Mater: pick a space, then one of its options; the log names players
    am = page.locator(".gk-table").nth(1)
    am.scroll_into_view_if_needed()
    am_before = wait_probe(page, "p.moves >= 0", ".gk-am-probe")
    chip = am.locator(".gk-chip").first
    chip.click()
    wait_probe(page, "p.focus !== null", ".gk-am-probe")
    option = am.locator(".gk-options button").first
    option.wait_for(timeout=TIMEOUT)
    screenshot(page, "play-tables-almamater-pick", ".gk-table >> nth=1")
    option.click()
    am_after = wait_probe(page, f"p.moves > {am_before['moves']}", ".gk-am-probe")
    assert am_after["moves"] > am_before["moves"]
    log = am.locator(".gk-log").text_content()
    assert "Ann places" in log and "Red " not in log and "Blue " not in log

    # 6. the history slider: back to the start (keyboard), the same click replays the
    # recorded roll (no new dice, the later moves are kept)
    page.locator(".gk-table").first.scroll_into_view_if_needed()
    end = probe(page)
    first_line = play.locator(".gk-log-line").first.text_content()
    page.locator(".gk-table .noUi-handle").first.focus()
    page.keyboard.press("Home")
    p = wait_probe(page, "p.position === 0")
    wait_armed(page, p["view"])
    play.locator(".gk-actions-main button", has_text="Roll the dice").click()
    p = wait_probe(page, "p.position === 1")
    assert p["moves"] == end["moves"], (p, end)  # replayed: the later moves are kept
    assert play.locator(".gk-log-line").first.text_content() == first_line  # same dice
    faces = first_line.split(" rolled ")[1].split(" = ")[0]
    play.locator(".gk-play-dice", has_text=f"Ann rolled {faces}").wait_for(timeout=TIMEOUT)
    assert "Looking back at move 1" in play.locator(".gk-play-note").text_content()
    screenshot(page, "play-tables-replay", ".gk-table")

    # 7. Save (at move 1 of the history), download, reload the page, load the file: the
    # same game is back, at the same move
    saved = probe(page)
    lines = play.locator(".gk-log-line").all_text_contents()
    page.locator(".gk-files button", has_text="Save the game").first.click()
    link = page.locator("a.gk-download").first
    link.wait_for(timeout=TIMEOUT)
    with page.expect_download(timeout=TIMEOUT) as info:
        link.click()
    path = tmp_path / "saved.json"
    info.value.save_as(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["game"] == "alfredopoly" and len(data["history"]["moves"]) == saved["moves"]
    page.reload(timeout=180_000)
    page.wait_for_function(
        "() => document.querySelector('.gk-probe textarea')"
        " && JSON.parse(document.querySelector('.gk-probe textarea').value).moves === 0",
        timeout=180_000,
    )
    with page.expect_file_chooser(timeout=TIMEOUT) as chooser:
        page.locator(".gk-files .widget-upload").first.click()
    chooser.value.set_files(str(path))
    p = wait_probe(page, f"p.moves === {saved['moves']}")
    assert p["position"] == saved["position"] and p["turn"] == saved["turn"]
    page.wait_for_function(
        "(n) => document.querySelector('.gk-play').querySelectorAll('.gk-log-line').length === n",
        arg=len(lines),
        timeout=TIMEOUT,
    )
    assert page.locator(".gk-play").first.locator(".gk-log-line").all_text_contents() == lines
    screenshot(page, "play-tables-after-reload-and-load", ".gk-table")
    assert not page.guard.page_errors, page.guard.page_errors
