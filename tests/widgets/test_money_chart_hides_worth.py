"""Rule 7 in the play table's money frame and chart: while a player chooses at Alumni Hall
($200 or 10% of net worth, chosen before counting), no net worth is shown there either, as
on the player cards (lecturer trial 7, finding 2)."""

from __future__ import annotations

from dataclasses import replace

import pandas as pd

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly import rules as R
from gamekit.alfredopoly.spec import make_spec
from gamekit.core.dice import DiceRoll
from widgets.play_alfredopoly import AlfredopolyTable
from widgets.session import Entry


def tax_choice() -> AlfredopolyTable:
    """A table at Ann's choice at Alumni Hall: cash $900, the light blue group with two
    sculptures each, so net worth 900 + 320 + 300 = $1,520 (by hand: prices 100 + 100 +
    120, six sculptures at $50), which is rule 7's count exactly. Its history: Ann on
    space 1 before her roll (net worth shown), then the roll of 1+2 to Alumni Hall."""
    spec = make_spec()
    state = R.new_game(spec, ["Ann", "Bo"], seed=1)
    owner, level = list(state.owner), list(state.level)
    for space in (6, 8, 9):
        owner[space], level[space] = 0, 2
    ann = replace(state.players[0], cash=900, position=1)
    state = replace(
        state, owner=tuple(owner), level=tuple(level), players=(ann, state.players[1]),
        sculptures_left=state.sculptures_left - 6,
    )  # fmt: skip
    before = state
    state = R.chance_step(spec, R.apply(spec, state, A.RollDice()), DiceRoll((1, 2))).state
    assert state.phase == "tax" and R.net_worth(spec, state, 0) == 1520
    assert state.turn == before.turn  # one point per player and turn in the chart
    table = AlfredopolyTable(["Ann", "Bo"], seed=1)
    table.session.history[:] = [Entry(before), Entry(state, label="roll")]
    table.session.position = 1
    table.refresh()
    return table


def chart_rows(table: AlfredopolyTable) -> list[dict]:
    """The rows the net-worth chart draws (its one inline data set)."""
    spec = table.money_chart("net_worth").chart.to_dict()
    (rows,) = spec["datasets"].values()
    return rows


def test_the_money_frame_and_chart_hide_net_worth_during_the_alumni_hall_choice() -> None:
    table = tax_choice()
    frame = table.money_frame()
    assert frame["player"].tolist() == ["Ann", "Bo"] * 2
    assert frame["money"].tolist() == [900, 1500] * 2  # cash stays on show, as on the cards
    # before the roll Ann's worth is shown (as on her card at that position), not at the choice
    assert frame["net_worth"].tolist()[:2] == [1520, 1500]
    assert frame["net_worth"][2:].isna().all(), frame
    # the chart's one point per turn is the position shown, not the last worth it knew
    rows = chart_rows(table)
    assert [r["player"] for r in rows] == ["Ann", "Bo"]
    assert all(r["net_worth"] is None for r in rows), rows
    assert "1520" not in str(rows)  # Ann's count is nowhere in the chart

    # once she has chosen ($200), the count is shown again: 1520 - 200 and Bo's $1,500
    table.panel.set_state(
        {"intent": {"kind": "act", "action": {"type": "PayTax", "choice": "flat"}, "seq": 1}}
    )
    assert table.state.phase != "tax" and not table.panel.error, table.panel.message
    frame = table.money_frame()
    assert frame["net_worth"].tolist()[-2:] == [1320, 1500]
    rows = chart_rows(table)
    assert [(r["player"], r["net_worth"]) for r in rows] == [("Ann", 1320), ("Bo", 1500)]
    assert frame["net_worth"].dtype == pd.Int64Dtype()
