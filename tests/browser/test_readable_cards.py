"""The players' cards as the back row reads them (issue 24, beyond axe):

- a bankrupt player's card (Alfredopoly) is readable: every text in it is drawn at full
  opacity (it was a 45 % opacity wash) with a contrast of at least 4.5:1 against the card's
  own background, as the other players' cards are; it is marked in other ways (a dashed
  border, its headline struck through, the word "bankrupt");
- Alma Mater's end card says what the number is and where it comes from: "Final score: N
  prestige" and "X on the prestige track + Y from the final scoring" with X + Y = N, and
  the status line's scores are those N (the finding was "22 prestige ... final score
  (prestige track: 9)").

Both at 1280x720 and 1920x1080, in JupyterLab. The contrast is computed from the colours
the browser uses (WCAG 2 relative luminance), the opacity from every element up to the
panel.
"""

from __future__ import annotations

import re

from tests.browser.conftest import run_notebook, screenshot, shutdown_kernel

CELLS = [
    # three bots on $100 each play until one goes bankrupt (seed 2: Ann, in round 6)
    "from widgets.play_alfredopoly import AlfredopolyTable\n"
    "alf = AlfredopolyTable(['Ann', 'Bo', 'Cy'], bots={'Ann': 'builder', 'Bo': 'builder',\n"
    "                       'Cy': 'builder'}, seed=2, starting_cash=100)\n"
    "for _ in range(400):\n"
    "    if any(p.bankrupt for p in alf.state.players):\n"
    "        break\n"
    "    alf.panel.handle_intent({'kind': 'bot', 'until': 'turn'})\n"
    "assert any(p.bankrupt for p in alf.state.players)\n"
    "alf.add_class('gk-test-alf')\n"
    "alf",
    # an Alma Mater game of bots, ended by the lecturer in round 2
    "from widgets.play_almamater import AlmaMaterTable\n"
    "am = AlmaMaterTable(['Ann', 'Bo', 'Cy'], bots={'Ann': 'scholar', 'Bo': 'scholar',\n"
    "                    'Cy': 'dean'}, seed=5)\n"
    "for _ in range(60):\n"
    "    if am.state.round >= 2:\n"
    "        break\n"
    "    am.panel.handle_intent({'kind': 'bot', 'until': 'turn'})\n"
    "am.end_now()\n"
    "am.refresh()\n"
    "am.add_class('gk-test-am')\n"
    "am",
]

# an end card's line saying what its final score is made of
MADE_OF = re.compile(r"(\d+) on the prestige track \+ (\d+) from the final scoring")

# Every text of the players' cards under `root`: its words, the contrast of its colour
# against the nearest background drawn behind it, and the opacity it is drawn with (the
# product of its own and every ancestor's up to the panel)
CARDS_JS = """(root) => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
                            return (x + 0.05) / (y + 0.05); };
  const background = (e) => {
    for (let n = e; n; n = n.parentElement) {
      const c = rgb(getComputedStyle(n).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] === 1)) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const play = document.querySelector(`${root} .gk-play`);
  const out = [];
  for (const card of play.querySelectorAll('.gk-player')) {
    for (const e of card.querySelectorAll('*')) {
      const own = Array.from(e.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim());
      if (!own || !e.getClientRects().length) continue;
      let opacity = 1;
      for (let n = e; n && n !== play.parentElement; n = n.parentElement) {
        opacity *= parseFloat(getComputedStyle(n).opacity);
      }
      const style = getComputedStyle(e);
      out.push({text: e.textContent, out: card.classList.contains('gk-out'),
                cls: e.className, contrast: ratio(rgb(style.color).slice(0, 3), background(e)),
                opacity, line: style.textDecorationLine,
                border: getComputedStyle(card).borderTopStyle});
    }
  }
  return out;
}"""


def test_bankrupt_card_and_end_card_read_clearly(lab, lab_page):  # type: ignore[no-untyped-def]
    page = lab_page
    relpath = lab.write_notebook("readable_cards.ipynb", CELLS)
    page.set_viewport_size({"width": 1280, "height": 720})
    run = run_notebook(lab, page, relpath)
    assert not run.errors, run.errors
    for width, height in ((1280, 720), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        page.locator(".gk-test-alf .gk-player.gk-out").wait_for()
        texts = page.evaluate(CARDS_JS, ".gk-test-alf")
        out = [t for t in texts if t["out"]]
        # Ann's card: her name, "bankrupt" (in words, not struck through), her lines
        assert any(t["text"] == "Ann" for t in out), out
        assert any(t["text"] == "bankrupt" and t["line"] == "none" for t in out), out
        assert all(t["border"] == "dashed" for t in out), out
        for t in texts:  # every card, the bankrupt one too: full opacity, 4.5:1
            assert t["opacity"] == 1 and t["contrast"] >= 4.5, (width, t)
        print(
            f"{width}x{height}: bankrupt card's least contrast",
            round(min(t["contrast"] for t in out), 2),
        )
        page.locator(".gk-test-alf .gk-player.gk-out").scroll_into_view_if_needed()
        screenshot(page, f"bankrupt-card-{width}x{height}")
        # Alma Mater's end: each card's final score and what it is made of
        page.locator(".gk-test-am .gk-player").first.wait_for()
        cards = page.evaluate(
            "() => Array.from(document.querySelectorAll('.gk-test-am .gk-player')).map((c) =>"
            " ({name: c.querySelector('.gk-player-name').textContent,"
            "   headline: c.querySelector('.gk-player-headline').textContent,"
            "   lines: Array.from(c.querySelectorAll('.gk-player-line'))"
            "     .map((l) => l.textContent)}))"
        )
        status = page.locator(".gk-test-am .gk-play-status").text_content()
        assert status.startswith("Game over"), status
        assert len(cards) == 3, cards
        for card in cards:
            final = re.fullmatch(r"Final score: (\d+) prestige", card["headline"])
            assert final, card
            made = [m for line in card["lines"] if (m := MADE_OF.fullmatch(line))]
            assert len(made) == 1, card
            assert int(made[0][1]) + int(made[0][2]) == int(final[1]), card
            assert f"{card['name']} {final[1]}" in status, (card, status)
            assert "prestige track:" not in " ".join(card["lines"]), card  # the old wording
        for t in page.evaluate(CARDS_JS, ".gk-test-am"):
            assert t["opacity"] == 1 and t["contrast"] >= 4.5, (width, t)
        page.locator(".gk-test-am .gk-players").scroll_into_view_if_needed()
        screenshot(page, f"almamater-end-cards-{width}x{height}")
    shutdown_kernel(page)
    assert not page.guard.page_errors, page.guard.page_errors
