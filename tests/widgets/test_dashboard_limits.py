"""The classroom dashboards start with a round limit that fits a 45-minute lesson (issue
24, "A game that fits a class"): Alfredopoly 10 rounds, the winner by net worth; Alma
Mater its whole game of 6 rounds (a shorter limit ends it with the score so far). The
limit is in the "New game" form, where a lecturer sees and changes it, and "End the game
now" ends the dashboard's game at once.

The dashboards' own code cells are run here (no kernel, no browser); the game is played
as a class would: the people's decisions clicked (buy, pay, roll, end the turn), the bots
playing their own.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import nbformat
import pytest

from gamekit.alfredopoly import rules as R

ROOT = Path(__file__).resolve().parents[2]
_seq = itertools.count(1)
PREFER = ("Buy", "Pay $", "Roll", "Pay", "End the turn")


def dashboard(game: str) -> dict[str, Any]:
    """The names the dashboard's code cells define (its ``table`` first of all)."""
    nb = nbformat.read(ROOT / "notebooks" / f"dashboard_{game}.ipynb", as_version=4)
    names: dict[str, Any] = {}
    for cell in nb.cells:
        if cell.cell_type == "code":
            exec(compile(cell.source, f"dashboard_{game}", "exec"), names)
    return names


def click(table: Any, action: dict[str, Any]) -> None:
    """What a click on an action button sends."""
    table.panel.set_state({"intent": {"kind": "act", "action": action, "seq": next(_seq)}})


def play_as_a_class(table: Any, most: int = 400) -> int:
    """Click the people's decisions (Alfredopoly: buy, pay, roll, end the turn; Alma Mater:
    a space, else the first button) until no decision is offered; the number clicked."""
    for clicks in range(most):
        actions = table.panel.actions
        if not actions:
            return clicks
        labels = [a["label"] for a in actions]
        pick = next(
            (i for pref in PREFER for i, x in enumerate(labels) if x.startswith(pref)), None
        )
        if pick is None:
            spaces = [
                i for i, a in enumerate(actions) if a.get("group") == "manage" and a.get("space")
            ]
            pick = (spaces or [0])[0]
        click(table, actions[pick]["action"])
    raise AssertionError(f"still playing after {most} decisions")


def test_alfredopoly_dashboard_ends_after_round_10_by_net_worth() -> None:
    names = dashboard("alfredopoly")
    table = names["table"]
    assert names["ROUNDS"] == 10 and table.spec.max_rounds == 10
    assert table.setup.round_limit.value == 10  # shown, and changeable, in "New game"
    clicks = play_as_a_class(table)
    outcome = table.session.outcome
    assert outcome is not None and outcome.termination == "round limit", outcome
    state = table.state
    # the ranking: each player's net worth (mortgaged property at half its price), as the
    # engine's rules count it, the highest winning
    worth = [R.net_worth(table.spec, state, i, ranking=True) for i in range(3)]
    assert tuple(outcome.scores) == tuple(worth), (outcome.scores, worth)
    assert outcome.winners == tuple(i for i, w in enumerate(worth) if w == max(worth))
    assert table.panel.status.startswith("Game over (round limit)"), table.panel.status
    # no turn of round 11 was played
    assert max(e.state.round for e in table.session.history) <= 11
    print(f"Alfredopoly dashboard: {clicks} decisions of the class to the round limit")
    assert 10 <= clicks <= 120, clicks


def test_alfredopoly_dashboard_end_the_game_now() -> None:
    table = dashboard("alfredopoly")["table"]
    table.end_button.click()
    assert table.panel.confirm.startswith("End the game now?")
    table.panel.set_state({"intent": {"kind": "confirm", "yes": True, "seq": next(_seq)}})
    out = table.early_outcome()
    assert out is not None and out.termination == "ended by the teacher"
    assert table.panel.actions == [] and "Winner by net worth" in table.panel.status


@pytest.mark.parametrize("limit", [None, 3])
def test_almamater_dashboard_plays_its_whole_game_or_the_form_s_limit(limit: int | None) -> None:
    names = dashboard("almamater")
    table = names["table"]
    rounds = table.state.rounds
    assert names["ROUNDS"] == rounds == 6  # the whole game: about 25 minutes of a class
    assert table.setup.round_limit.value == 6 and table.setup.round_limit.max == 6
    if limit is not None:  # the lecturer shortens it in "New game" (same players and bots)
        table.setup.round_limit.value = limit
        table.setup.start.click()
    clicks = play_as_a_class(table)
    if limit is None:
        assert table.session.outcome is not None  # the game's own end, after round 6
        assert table.session.outcome.termination != "round limit"
    else:
        out = table.early_outcome()
        assert out is not None and table.state.round == limit + 1, (out, table.state.round)
        assert "Game over" in table.panel.status, table.panel.status
    print(f"Alma Mater dashboard, limit {limit}: {clicks} decisions of the class")
