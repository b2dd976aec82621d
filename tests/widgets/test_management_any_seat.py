"""The play table lets any seat manage its property at any time (rule 12, Decision "at any
time"): a second seat mortgages during another player's auction, by the panel's traits."""

from __future__ import annotations

from typing import Any

from gamekit.alfredopoly import actions as A
from widgets.play_alfredopoly import AlfredopolyTable

_seq = iter(range(1, 10**6))


def click(table: AlfredopolyTable, action: dict[str, Any]) -> None:
    """What a click on an action button sends."""
    table.panel.set_state({"intent": {"kind": "act", "action": action, "seq": next(_seq)}})
    if table.panel.confirm:  # Don't buy and bankruptcy ask first: yes
        table.answer(True)


def to_auction() -> AlfredopolyTable:
    """Ann buys Babcock Hall (3), Bo buys Moskowitz Hall (9); Ann declines space 11."""
    table = AlfredopolyTable(["Ann", "Bo"], seed=3, auction=True)
    table.roll(1, 2)
    click(table, {"type": "BuySpace", "space": 3})
    click(table, {"type": "EndTurn"})
    table.roll(4, 5)
    click(table, {"type": "BuySpace", "space": 9})
    click(table, {"type": "EndTurn"})
    table.roll(3, 5)
    click(table, {"type": "DeclineBuy", "space": 11})
    return table


def test_a_second_seat_mortgages_during_anothers_auction() -> None:
    table = to_auction()
    s = table.state
    assert (s.phase, s.actor, s.owner[3], s.owner[9]) == ("auction", 0, 0, 1)
    bo = [a for a in table.panel.actions if a["section"].startswith("Bo: ")]
    assert [a["action"] for a in bo] == [A.Mortgage(9, player=1).to_struct()]
    assert bo[0]["group"] == "manage" and bo[0]["section"] == "Bo: Mortgage"
    assert bo[0]["label"] == "Mortgage Moskowitz Hall (+$60)"
    # Ann's own buttons are still the engine's legal actions for her, first
    assert {"type": "PassBid"} in [a["action"] for a in table.panel.actions]
    cash = table.state.players[1].cash
    click(table, bo[0]["action"])
    s = table.state
    assert not table.panel.error
    assert s.mortgaged[9] and s.players[1].cash == cash + 60
    assert (s.phase, s.actor) == ("auction", 0)  # the auction goes on, Ann still to bid
    assert "Bo mortgaged Moskowitz Hall for $60" in table.panel.log


def test_bot_seats_get_no_management_buttons() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], bots={1: "buy_all"}, seed=3)
    for _ in range(300):  # Ann plays her first button until the bot owns property
        if 1 in table.state.owner and table.panel.actions:
            break
        click(table, table.panel.actions[0]["action"])
    assert 1 in table.state.owner and table.panel.actions
    assert not [a for a in table.panel.actions if a["section"].startswith("Bo: ")]
