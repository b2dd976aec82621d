"""``AlfredopolyTable.roll``: a teacher's chosen roll goes through the normal history."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gamekit.core.errors import IllegalAction
from widgets.play_alfredopoly import AlfredopolyTable
from widgets.session import Entry

_seq = iter(range(1, 10**6))
SEED = 5  # the top cards: PCC Mail (space 2) a Get out card, E-Mail (space 7) collect


def click(table: AlfredopolyTable, action: dict) -> None:
    table.panel.set_state({"intent": {"kind": "act", "action": action, "seq": next(_seq)}})
    if table.panel.confirm:  # Don't buy and bankruptcy ask first: yes
        table.answer(True)


def test_a_staged_double_moves_two_and_grants_another_roll() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], seed=SEED)
    table.roll(1, 1)
    ann = table.state.players[0]
    assert ann.position == 2 and table.state.last_roll == (1, 1)
    assert table.board.players[0]["position"] == 2 and table.board.dice == [1, 1]
    assert table.panel.log[0].startswith("Ann rolled") and "1+1" in table.panel.log[0]
    assert table.history.max == 1 and table.history.value == 1
    # the space may be for sale: decide it, then the double gives Ann another roll
    for _ in range(3):
        if table.state.phase == "turn":
            break
        click(table, table.panel.actions[-1]["action"])
    assert table.state.actor == 0 and table.state.may_roll
    assert "Roll again (a double)" in [a["label"] for a in table.panel.actions]


def test_the_history_slider_steps_back_over_a_staged_roll() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], seed=SEED)
    table.roll(3, 4)
    assert table.state.players[0].position == 7
    table.history.value = 0
    assert table.session.position == 0 and table.state.players[0].position == 0
    assert table.board.players[0]["position"] == 0 and "move 0 of 1" in table.panel.history_note
    table.history.value = 1
    assert table.board.players[0]["position"] == 7
    table.history.value = 0
    table.roll(2, 3)  # from an earlier position: a new branch
    assert table.history.max == 1 and table.state.players[0].position == 5


@pytest.mark.parametrize("values", [(3,), (1, 2, 3), (), (7, 1), (0, 2), (True, 2), (2.0, 2)])
def test_values_must_fit_the_dice(values: tuple) -> None:
    table = AlfredopolyTable(["Ann", "Bo"], seed=SEED)
    before = table.state
    with pytest.raises(ValueError, match="2 values from 1 to 6"):
        table.roll(*values)
    assert table.state is before and len(table.session.history) == 1


def test_no_roll_due_is_illegal_and_changes_nothing() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], seed=SEED)
    table.roll(2, 3)  # not a double: Ann's roll is spent
    while table.state.phase != "turn":
        click(table, table.panel.actions[-1]["action"])
    before, n = table.state, len(table.session.history)
    with pytest.raises(IllegalAction, match="no roll is due"):
        table.roll(1, 2)
    assert table.state is before and len(table.session.history) == n


def test_a_waiting_chance_step_takes_the_staged_roll() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], seed=SEED)
    start = table.state
    table.session.history[0] = Entry(replace(start, phase="dice"))  # dice are due
    table.refresh()
    table.roll(6, 5)
    assert table.state.players[0].position == 11 and len(table.session.history) == 2
