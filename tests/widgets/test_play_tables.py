"""Classroom safety of the play tables, without a browser: stale clicks, double-clicked
trades, visible bots (highlight, whose dice, step mode), save and load, replay with the
recorded dice, explicit branches with undo, Alma Mater's pick-a-space and names in the log,
and the Voila culling settings."""

from __future__ import annotations

import datetime
import itertools
import json
import re
from pathlib import Path

import pytest
from jupyter_server.services.kernels.kernelmanager import MappingKernelManager

from gamekit.alfredopoly import actions as A
from widgets.play_alfredopoly import AlfredopolyTable
from widgets.play_almamater import AlmaMaterTable
from widgets.table import since_last_person

ROOT = Path(__file__).resolve().parents[2]
_seq = itertools.count(1)


def click(table, action: dict, **extra) -> None:  # type: ignore[no-untyped-def]
    """What a click on an action button sends (``view=`` as the page sends it)."""
    table.panel.set_state({"intent": {"kind": "act", "action": action, "seq": next(_seq), **extra}})


def intent(table, kind: str, **extra) -> None:  # type: ignore[no-untyped-def]
    table.panel.set_state({"intent": {"kind": kind, "seq": next(_seq), **extra}})


# --- 1. click safety ------------------------------------------------------------------------
def test_a_second_click_made_on_the_old_buttons_is_ignored() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], seed=5)
    view = table.panel.view
    click(table, {"type": "RollDice"}, view=view)  # the first click: Ann rolls 5+5
    assert len(table.session.history) == 2 and table.panel.view == view + 1
    before = table.state
    click(table, {"type": "RollDice"}, view=view)  # a fast second click, same old view
    assert table.state is before and len(table.session.history) == 2
    assert table.panel.ignored == 1 and "ignored" in table.panel.message
    assert table.panel.answered > 0  # answered, so the page stops waiting
    click(table, {"type": "RollDice"}, view=table.panel.view)  # a deliberate click works
    assert len(table.session.history) == 3


def test_ten_fast_clicks_on_one_view_make_one_action() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], seed=5)
    view = table.panel.view
    for _ in range(10):
        click(table, table.panel.actions[0]["action"], view=view)
    assert len(table.session.history) == 2 and table.panel.ignored == 9


def test_stale_bot_and_confirm_intents_are_ignored_too() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], bots={1: "builder"}, seed=3)
    table.step_bots = True
    click(table, {"type": "RollDice"})
    while table.people_to_act():
        click(table, table.panel.actions[0]["action"])
    assert table.panel.bot_turn
    n = len(table.session.history)
    intent(table, "bot", until="step", view=table.panel.view - 1)
    assert len(table.session.history) == n and table.panel.ignored == 1


def test_a_double_clicked_trade_is_proposed_once() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], seed=1)
    table.trade.give_cash.value = 50
    table.trade.propose.click()
    table.trade.propose.click()  # the second click of a double click
    assert table.trade.proposed == 1 and len(table.session.history) == 2
    assert table.state.phase == "trade" and table.state.offer.give_cash == 50
    assert table.trade.give_cash.value == 0  # the form is reset
    assert table.trade.propose.disabled and table.trades.layout.display == "none"
    click(table, {"type": "RejectTrade"})  # answered: the form is back, empty and enabled
    assert table.state.phase == "turn" and not table.trade.propose.disabled
    assert table.trades.layout.display == ""


def test_a_double_clicked_trade_with_a_bot_partner_is_proposed_once() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], bots={1: "reserve"}, seed=1)
    table.trade.give_cash.value = 50
    table.trade.propose.click()
    table.trade.propose.click()
    # one proposal and the bot's one answer: two moves, $50 changed hands at most once
    assert table.trade.proposed == 1 and len(table.session.history) == 3
    assert sum(p.cash for p in table.state.players) == 3000
    assert table.state.players[0].cash in (1500, 1450)


def test_a_refused_trade_keeps_the_form_for_a_correction() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], seed=1)
    table.trade.give_cash.value = 5000
    table.trade.propose.click()
    assert table.panel.error and table.trade.proposed == 0
    assert table.trade.give_cash.value == 5000 and not table.trade.propose.disabled


def test_no_trade_panel_in_the_buy_phase() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], seed=5)
    table.trades.selected_index = 0  # a teacher opened it
    table.roll(5, 6)  # Ann lands on Scholes Library: buy or not
    assert table.state.phase == "buy"
    assert table.trades.layout.display == "none" and table.trades.selected_index is None


# --- 2. visible bots ------------------------------------------------------------------------
def test_everything_since_the_last_person_is_highlighted_and_the_dice_are_named() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], bots={1: "builder"}, seed=3)
    click(table, {"type": "RollDice"})
    while not table.session.history[-1].bot:  # until Ann's click let the bot play
        click(table, table.panel.actions[0]["action"])
    entries = table.session.history
    last_person = max(i for i, e in enumerate(entries) if e.action is not None and not e.bot)
    expected = sum(len(e.events) for e in entries[last_person:])
    assert entries[-1].bot and table.panel.fresh == expected > len(entries[last_person].events)
    rolls = [line for line in table.panel.log if " rolled " in line]
    who, faces = re.match(r"(\w+) rolled (\d\+\d)", rolls[-1]).groups()  # type: ignore[union-attr]
    assert table.panel.dice_note == f"Dice shown: {who} rolled {faces}"
    assert list(table.state.last_roll) == [int(f) for f in faces.split("+")]


def test_since_last_person_counts_lines() -> None:
    from widgets.session import Entry

    e = [Entry(None), Entry(None, ("a",), seat=0, action=A.RollDice())]
    e.append(Entry(None, ("b", "c"), seat=1, action=A.EndTurn(), bot=True))
    assert since_last_person(e) == 3 and since_last_person(e[:2]) == 1


def test_step_mode_makes_each_bot_decision_wait_for_a_click() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], bots={1: "builder"}, seed=3)
    assert table.panel.show_step_toggle and not table.step_bots
    table.panel.set_state({"step_bots": True})  # the toggle on the page
    assert table.step_bots
    click(table, {"type": "RollDice"})
    while table.people_to_act():
        click(table, table.panel.actions[0]["action"])
    n = len(table.session.history)
    assert table.state.actor == 1 and table.panel.bot_turn and not table.panel.actions
    assert "Bo (bot) is to act" in table.panel.waiting and "click" in table.panel.waiting
    assert not table.session.history[-1].bot  # the bot has not moved yet
    intent(table, "bot", until="step")
    assert len(table.session.history) == n + 1 and table.session.history[-1].bot
    table.panel.set_state({"step_bots": False})  # stepping off: the bot plays on at once
    assert table.state.actor == 0 and table.people_to_act()


# --- 3. sessions: save and load, replay, branches ---------------------------------------
def play(table, clicks: int) -> None:  # type: ignore[no-untyped-def]
    for _ in range(clicks):
        if not table.panel.actions:
            break
        click(table, table.panel.actions[0]["action"])


def test_save_then_load_restores_an_identical_alfredopoly_game() -> None:
    a = AlfredopolyTable(["Ann", "Bo", "Cy"], bots={2: "random"}, seed=11)
    play(a, 40)
    a.history.value = 7  # a teacher looked back
    text = a.save_json()
    b = AlfredopolyTable(["Ann", "Bo", "Cy"], bots={2: "random"}, seed=99)
    b.load_json(text)
    assert [e.state for e in b.session.history] == [e.state for e in a.session.history]
    assert [e.events for e in b.session.history] == [e.events for e in a.session.history]
    assert b.session.position == 7 and b.history.value == 7 and b.panel.log == a.panel.log
    # the same future too: the dice generators and the random bot continue alike
    for t in (a, b):
        t.history.value = t.history.max
        play(t, 25)
    assert b.panel.log == a.panel.log and b.state == a.state


def test_save_then_load_restores_an_identical_almamater_game() -> None:
    a = AlmaMaterTable(["Ann", "Bo"], bots={1: "greedy"}, seed=5)
    play(a, 30)
    b = AlmaMaterTable(["Ann", "Bo"], bots={1: "greedy"}, seed=6)
    b.load_json(a.save_json())
    assert [e.state for e in b.session.history] == [e.state for e in a.session.history]
    assert b.panel.log == a.panel.log and b.panel.actions == a.panel.actions


@pytest.mark.parametrize(
    ("text", "expect"),
    [
        ("{", "not JSON"),
        ('{"format": "x"}', "not a saved Campus Gamekit game"),
    ],
)
def test_a_bad_file_is_a_clear_error_and_the_game_is_kept(text: str, expect: str) -> None:
    table = AlfredopolyTable(["Ann", "Bo"], seed=2)
    play(table, 5)
    before = (table.state, len(table.session.history))
    with pytest.raises(ValueError, match=expect) as err:
        table.load_json(text, name="game.json")
    assert str(err.value).startswith("game.json: ")
    assert (table.state, len(table.session.history)) == before


def test_an_edited_file_is_refused_naming_the_move() -> None:
    a = AlfredopolyTable(["Ann", "Bo"], seed=2)
    play(a, 6)
    data = json.loads(a.save_json())
    moves = data["history"]["moves"]
    first_roll = next(i for i, m in enumerate(moves) if m["outcomes"])
    moves[first_roll]["outcomes"][0]["values"] = [9, 9]  # no such die
    b = AlfredopolyTable(["Ann", "Bo"], seed=2)
    with pytest.raises(ValueError, match=rf"move {first_roll + 1}: .*9"):
        b.load_json(json.dumps(data))
    moves[first_roll]["outcomes"][0]["values"] = [1, 2]  # a legal roll, another game
    with pytest.raises(ValueError, match=r"move \d+:|final position"):
        b.load_json(json.dumps(data))
    data = json.loads(a.save_json())
    data["history"]["final"]["state"]["players"][0]["cash"] += 100  # an edited final position
    with pytest.raises(ValueError, match="final position"):
        b.load_json(json.dumps(data))
    assert len(b.session.history) == 1


def test_a_bad_bot_generator_in_the_file_keeps_the_current_game() -> None:
    a = AlfredopolyTable(["Ann", "Bo"], bots={1: "random"}, seed=2)
    play(a, 6)
    data = json.loads(a.save_json())
    data["history"]["bot_rngs"][1] = {"bit_generator": "nonsense"}
    b = AlfredopolyTable(["Ann", "Bo"], bots={1: "random"}, seed=2)
    before = (b.state, len(b.session.history))
    with pytest.raises(ValueError, match=r"bot_rngs\[1\]"):
        b.load_json(json.dumps(data))
    assert (b.state, len(b.session.history)) == before


def test_a_game_for_other_players_or_another_game_is_refused() -> None:
    a = AlfredopolyTable(["Ann", "Bo"], seed=2)
    with pytest.raises(ValueError, match="players"):
        AlfredopolyTable(["Ann", "Cy"], seed=2).load_json(a.save_json())
    with pytest.raises(ValueError, match="alfredopoly"):
        AlmaMaterTable(["Ann", "Bo"], seed=2).load_json(a.save_json())


def test_the_load_button_loads_and_reports_a_bad_file() -> None:
    a = AlfredopolyTable(["Ann", "Bo"], seed=4)
    play(a, 8)
    a.save_button.click()
    assert 'download="alfredopoly-game-' in a.download.value and "base64," in a.download.value
    b = AlfredopolyTable(["Ann", "Bo"], seed=4)
    when = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
    upload = {"name": "x.json", "type": "application/json", "size": 1, "last_modified": when}
    b.upload.value = ({**upload, "content": memoryview(a.save_json().encode())},)
    assert b.state == a.state and "Loaded x.json" in b.panel.message and b.upload.value == ()
    before = b.state
    b.upload.value = ({**upload, "content": memoryview(b"not json")},)
    assert b.panel.error and "x.json: not JSON" in b.panel.message and b.state is before


def test_replay_reproduces_the_recorded_dice_and_bot_moves() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], bots={1: "builder"}, seed=8)
    play(table, 12)
    recorded = [e.state for e in table.session.history]
    table.history.value = 0
    play(table, 12)  # the same clicks again, from the start
    assert [e.state for e in table.session.history] == recorded  # nothing was re-rolled
    assert table.session.position == len(recorded) - 1
    # every roll on the way matched the recorded dice
    assert all(a.state is b for a, b in zip(table.session.history, recorded, strict=True))


def test_a_branch_from_the_past_asks_first_and_can_be_undone() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], seed=5)
    play(table, 6)  # roll (doubles), roll, buy Scholes Library, end, Bo rolls, Bo buys
    recorded = list(table.session.history)
    table.history.value = 2  # Ann may buy Scholes Library; the record says she did
    click(table, {"type": "DeclineBuy", "space": 21})
    assert table.panel.confirm.startswith("Don't buy Scholes Library?")  # asked first
    intent(table, "confirm", yes=True)
    assert "new branch" in table.panel.confirm and table.session.history == recorded
    intent(table, "confirm", yes=False)  # keep the recorded moves
    assert table.panel.confirm == "" and table.session.history == recorded
    click(table, {"type": "DeclineBuy", "space": 21})
    intent(table, "confirm", yes=True)  # yes, don't buy
    intent(table, "confirm", yes=True)  # yes, a new branch
    assert table.history.max == 3 and table.state.owner[21] == -1
    assert table.panel.undo_label.startswith("Undo the branch (bring back 4 move")
    intent(table, "undo")
    assert table.session.history == recorded and table.session.position == 2
    assert table.panel.undo_label == ""


def test_act_from_python_branches_only_when_asked() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], seed=5)
    play(table, 6)
    table.history.value = 2
    assert not table.act(A.DeclineBuy(space=21)) and table.history.max == 6
    assert table.act(A.DeclineBuy(space=21), branch=True) and table.history.max == 3


# --- 4. Alma Mater: pick a space, then an option; names in the log --------------------------
def test_almamater_log_names_players_and_actions_are_picked_by_space() -> None:
    table = AlmaMaterTable(["Ann", "Bo"], bots={1: "greedy"}, seed=3)
    while table.state.phase != "action":
        click(table, table.panel.actions[0]["action"])
    text = "\n".join(table.panel.log)
    assert not re.search(r"\b(Red|Blue)\b", text)
    assert re.search(r"^(Ann|Bo) chooses \w+", text, re.M)
    assert table.panel.status.count("(") == 0 and "Ann" in table.panel.status
    assert table.panel.pick_first
    manage = [a for a in table.panel.actions if a["group"] == "manage"]
    spaces = {a["pick"] for a in manage}
    assert len(spaces) < len(manage) and all(spaces)  # fewer choices first
    table.panel.set_state({"focus": "bishop"})  # a space picked in the panel's list
    assert table.board.selected == "bishop"
    table.board.set_state({"selected": "park"})  # or on the board
    assert table.panel.focus == "park"


# --- sessions: Voila culls idle kernels -----------------------------------------------------
def test_voila_settings_cull_idle_kernels_after_a_few_minutes() -> None:
    config = json.loads((ROOT / "jupyter" / "voila.json").read_text(encoding="utf-8"))
    cull = config["MappingKernelManager"]
    traits = MappingKernelManager.class_traits(config=True)
    assert set(cull) <= set(traits)  # real settings, not typos
    assert 60 <= cull["cull_idle_timeout"] <= 600 and cull["cull_interval"] <= 120
    assert cull["cull_connected"] is False  # a page still open keeps its game


def test_the_new_branch_question_speaks_the_tables_language() -> None:
    """A German table asks about a new branch in German, naming the move as its button
    does (it asked in English, with the engine's English words for the move)."""
    table = AlmaMaterTable(["Ann", "Bo"], seed=3, lang="de")
    for _ in range(3):
        click(table, table.panel.actions[0]["action"])
    recorded = list(table.session.history)
    table.history.value = 1  # back to the second decision; the record took the first action
    other = table.panel.actions[-1]
    click(table, other["action"])
    question = table.panel.confirm
    assert question.startswith("„") and "weicht vom aufgezeichneten Zug ab" in question, question
    assert other["label"] in question and "2 späteren Züge" in question, question
    intent(table, "confirm", yes=False)
    assert table.panel.message == "Kein neuer Zweig: die aufgezeichneten Züge bleiben."
    assert table.session.history == recorded
