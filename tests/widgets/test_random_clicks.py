"""Random clicks on whatever buttons a table shows: every one is legal, nothing raises,
and every game reaches its end (the buttons are exactly the engine's legal actions)."""

from __future__ import annotations

import numpy as np
import pytest

from widgets.play_alfredopoly import AlfredopolyTable
from widgets.play_almamater import AlmaMaterTable


def click_randomly(table, seed: int, limit: int = 4000) -> int:  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(seed)
    clicks = 0
    while (table.panel.actions or table.panel.confirm) and clicks < limit:
        if table.panel.confirm:  # a decision that asks first (Don't buy, bankruptcy, pass)
            yes = bool(rng.integers(2))
            intent = {"kind": "confirm", "yes": yes, "seq": clicks + 1, "view": table.panel.view}
        else:
            actions = table.panel.actions
            choice = actions[int(rng.integers(len(actions)))]["action"]
            intent = {"kind": "act", "action": choice, "seq": clicks + 1}
        table.panel.set_state({"intent": intent})
        assert not table.panel.error, table.panel.message
        clicks += 1
    return clicks


@pytest.mark.parametrize("seed", [0, 1])
def test_alfredopoly_random_clicks_play_to_the_end(seed: int) -> None:
    table = AlfredopolyTable(3, bots={2: "random"}, seed=seed, auction=seed == 0, max_rounds=25)
    click_randomly(table, seed)
    assert table.panel.status.startswith("Game over")


@pytest.mark.parametrize("seed", [0, 1])
def test_almamater_random_clicks_play_to_the_end(seed: int) -> None:
    table = AlmaMaterTable(3, bots={2: "random"}, seed=seed)
    click_randomly(table, seed)
    assert table.panel.status.startswith("Game over")
