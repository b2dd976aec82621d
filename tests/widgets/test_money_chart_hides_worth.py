"""Rule 7 in the play table's money frame and chart: while a player chooses at Alumni Hall
($200 or 10% of net worth, chosen before counting), no net worth is shown there either, as
on the player cards (lecturer trial 7, finding 2)."""

from __future__ import annotations

import pandas as pd

from tests.widgets.positions import alumni_hall_choice
from widgets.play_alfredopoly import AlfredopolyTable
from widgets.session import Entry


def tax_choice() -> AlfredopolyTable:
    """A table at Ann's choice at Alumni Hall (net worth $1,520, see
    :func:`tests.widgets.positions.alumni_hall_choice`). Its history: Ann on space 1
    before her roll (net worth shown), then the roll of 1+2 to Alumni Hall."""
    _, before, state = alumni_hall_choice()
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
