"""The German Alfredopoly table (issue 25): ``AlfredopolyTable(..., lang="de")`` says its
status, log, "what just happened", buttons, refusals, player cards, questions, forms and
the money chart in German; only data names (spaces, decks, card texts, groups, players)
stay as the data files write them. English stays the default, word for word."""

from __future__ import annotations

import json
import re

import numpy as np

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.narration import phrasebook
from gamekit.core.events import Phrasebook
from tests.alfredopoly.test_german_words import english_words
from widgets.charts import money_chart
from widgets.play_alfredopoly import AlfredopolyTable

_seq = iter(range(1, 10**6))
FORGED = [A.EndTurn(), A.BuySpace(0), A.Bid(1), A.PayDebt(), A.Mortgage(1),
          A.ProposeTrade(1, give_cash=10**6), A.BuildSculpture(39), A.PayJailFine(),
          A.SellAllSculptures("nope"), A.KeepMortgage(3), A.Mortgage(1, 2)]  # fmt: skip
"""Clicks a forged page may send, legal or not: refused with a reason in German."""


def click(table: AlfredopolyTable, action: dict) -> None:  # type: ignore[type-arg]
    table.panel.set_state({"intent": {"kind": "act", "action": action, "seq": next(_seq)}})


def data_names(table: AlfredopolyTable) -> tuple[str, ...]:
    """What the data files and the players name: kept as written on a German table."""
    board = table.spec.board
    names = [s.name for s in board.spaces] + [s.group for s in board.spaces if s.group]
    names += [s.group.replace("_", " ") for s in board.spaces if s.group]
    for card in board.cards.values():
        names += [card.id, card.text, card.deck, card.deck.replace("_", " ")]
    names += [p.name for p in table.state.players] + ["Academic Probation", "Alfred"]
    from gamekit.alfredopoly.board import DECK_TITLES

    names += list(DECK_TITLES.values())
    return tuple(n for n in names if n)


def play(table: AlfredopolyTable, clicks: int, seed: int) -> list[str]:
    """Seeded clicks on the buttons (a question is answered), with a forged click every
    fifth time; every text a person sees on the way."""
    rng = np.random.default_rng(seed)
    seen: list[str] = []
    for n in range(clicks):
        p = table.panel
        seen += [p.status, p.message, p.confirm, p.confirm_yes, p.confirm_no, *p.latest]
        seen += [a["label"] for a in p.actions] + [a["section"] for a in p.actions]
        seen += [line for card in p.players for line in (card["headline"], *card["lines"])]
        if table.state.phase == "over":
            break
        if p.confirm:
            table.panel.set_state(
                {"intent": {"kind": "confirm", "yes": bool(rng.integers(2)), "seq": next(_seq)}}
            )
            continue
        if n % 5 == 4:
            click(table, FORGED[int(rng.integers(len(FORGED)))].to_struct())
            continue
        if not p.actions:
            break
        main = [a for a in p.actions if a["group"] == "main"] or p.actions
        click(table, main[int(rng.integers(len(main)))]["action"])
    return seen + list(table.panel.log)


def test_a_german_game_shows_no_english_template_word() -> None:
    table = AlfredopolyTable(
        ["Ann", "Bo", "Cy"], bots={"Cy": "builder"}, seed=11, lang="de", starting_cash=400
    )
    seen = play(table, 220, seed=11)
    assert any(text.startswith("Bot Cy: ") for text in seen)  # what the bot did, in German
    assert any("Bot-Platz" in text for text in seen)  # a click for the bot's seat, refused
    table.trades.selected_index = 0
    form = table.trade
    seen += [form.head.value, form.partner.description, form.give.description,
             form.give_cash.description, form.propose.description, form.several.value,
             form.blocked.value, *[label for label, _ in form.give.options]]  # fmt: skip
    setup = table.setup
    seen += [setup.count.description, setup.start.description, setup.round_limit.description,
             *[c.description for c in setup.rules.values()],
             *[t for t, _ in setup.roles[0].options], *[n.value for n in setup.names[3:]],
             table.end_button.description, table.end_button.tooltip, table.history.description,
             table.save_button.description, table.upload.description]  # fmt: skip
    chart = money_chart(table.money_frame(), x="turn", lang="de")  # the table's chart, unshown
    axis = chart.to_dict()["encoding"]["x"]["title"]
    seen += [table.trades.titles[0], table.setups.titles[0], chart.title, axis]
    assert "Bot: Bauherr" in [label for label, _ in setup.roles[0].options]
    stale = {"kind": "act", "action": {"type": "RollDice"}, "view": table.panel.view - 1}
    table.panel.set_state({"intent": {**stale, "seq": next(_seq)}})  # a click on old buttons
    seen.append(table.panel.message)
    assert table.panel.message.startswith("Dieser Klick")
    names = data_names(table)
    kinds = {line.words.kind for e in table.session.history for line in e.records}
    assert {"roll", "move", "buy"} <= kinds and kinds & {"debt.to", "debt.fee.to", "debt.tax"}
    assert any("Zug" in text or "Runde" in text for text in seen)
    assert sum(bool(text) for text in seen) > 1000
    for text in seen:
        assert not english_words(text, names), (text, english_words(text, names))
    # the check finds an entry left in English: the same log with "move" said in English
    entries = {kind: dict(phrasebook()[kind]) for kind in phrasebook()}
    del entries["move"]["de"]
    book = Phrasebook(entries)
    moves = [r.words for e in table.session.history for r in e.records if r.words.kind == "move"]
    assert moves and all(english_words(book.text(w, "de"), names) == {"moved", "to"} for w in moves)


def test_the_english_table_keeps_the_engines_words() -> None:
    table = AlfredopolyTable(["Ann", "Bo", "Cy"], seed=11, starting_cash=400)
    seen = play(table, 60, seed=11)
    records = [r for e in table.session.history for r in e.records]
    shown = table.panel.log
    assert len(records) > 40 and seen
    # the log is the engine's English, word for word (notes added only to these two kinds)
    for record, line in zip(records[-len(shown) :], shown, strict=True):
        assert line == str(record) or line.startswith(str(record).removesuffix(")"))
    assert table.panel.status.startswith("Round ")


def test_a_saved_debt_with_an_old_english_reason_loads() -> None:
    """A game saved by an older kit wrote a debt's reason as English text in the final
    position; it loads, and the debt is said in the table's language."""
    table = AlfredopolyTable(["Ann", "Bo"], bots={0: "buy_all", 1: "buy_all"}, seed=0,
                             starting_cash=150, lang="de")  # fmt: skip
    for _ in range(100):  # bots play until someone owes more than they have (a tax)
        if table.state.phase in ("debt", "over"):
            break
        table.session.bot_step()
    assert table.state.phase == "debt", table.state.phase
    table.refresh()
    data = json.loads(table.save_json())
    reason = data["history"]["final"]["state"]["debts"][0]["reason"]
    assert isinstance(reason, dict) and reason["kind"].startswith("why.")
    old = str(table.state.debts[0].reason)  # the English an older kit saved
    assert re.search(r"[a-z]", old)
    data["history"]["final"]["state"]["debts"][0]["reason"] = old
    fresh = AlfredopolyTable(["Ann", "Bo"], bots={0: "buy_all", 1: "buy_all"}, seed=9,
                             starting_cash=150, lang="de")  # fmt: skip
    fresh.load_json(json.dumps(data))
    assert fresh.state == table.state and fresh.state.debts[0].reason == table.state.debts[0].reason
    assert fresh.panel.status.startswith("Runde") and " zahlen (" in fresh.panel.status
    assert not english_words(fresh.panel.status, data_names(fresh))
    # Save / Load say what became of a file in German too
    notes = []
    for name, text, size in (("a.json", "{oops", 5), ("b.json", None, 5_000_000),
                             ("c.json", json.dumps({**data, "game": "almamater"}), 9)):  # fmt: skip
        assert not fresh._load_file(name, text, size)
        notes.append(fresh.file_note.value)
    assert all(note.startswith("Nicht geladen: ") for note in notes), notes
    for note in notes:
        assert not english_words(note, ("almamater", "alfredopoly")), note


def test_the_end_of_a_german_game_is_said_in_german() -> None:
    """The end: by the round limit (the engine's words for it), and ended early by the
    teacher (the winner by net worth), with the question that asks first."""
    table = AlfredopolyTable(["Ann", "Bo"], bots={0: "builder", 1: "buy_all"}, seed=4,
                             lang="de", max_rounds=2)  # fmt: skip
    while table.state.phase != "over":
        table.session.bot_step()
    table.refresh()
    assert table.panel.status.startswith("Spielende (Rundenlimit). Gewinner: ")
    early = AlfredopolyTable(["Ann", "Bo"], seed=4, lang="de")
    early.roll(3, 4)
    early.end_button.click()
    asked = [early.panel.confirm, early.panel.confirm_yes, early.panel.confirm_no]
    assert asked[0] == "Das Spiel jetzt beenden? Es gewinnt, wer das höchste Nettovermögen hat."
    early.answer(True)
    status = early.panel.status
    assert status.startswith("Spielende (von der Lehrkraft beendet). Gewinner nach Nettovermögen:")
    for text in [table.panel.status, *table.panel.log[-2:], *asked, status]:
        assert not english_words(text, data_names(table)), text
