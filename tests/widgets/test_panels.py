"""LandingPanel: a control change recomputes the frame, the heat map and the chart together."""

from __future__ import annotations

import altair as alt
import pytest

from gamekit.alfredopoly.landing import landing_probabilities
from widgets.panels import LandingPanel


def test_exact_panel_matches_the_engine() -> None:
    panel = LandingPanel("classic", jail="long", per="turn")
    expected = landing_probabilities("classic", jail="long", per="turn")
    assert panel.board.heat[40] == pytest.approx(expected.probability[40])
    assert isinstance(panel.chart, alt.JupyterChart)
    assert len(next(iter(panel.chart.spec["datasets"].values()))) == 41


def test_every_control_updates_board_and_chart_together() -> None:
    panel = LandingPanel()
    before_heat, before_spec = list(panel.board.heat), panel.chart.spec
    panel.jail.value = "long"
    assert panel.board.heat != before_heat and panel.chart.spec != before_spec
    assert "jail=long" in panel.board.heat_label
    panel.per.value = "turn"
    assert "per=turn" in panel.board.heat_label
    panel.dice.value = "2d4"
    assert "dice=2d4" in panel.board.heat_label
    panel.board_choice.value = "classic"
    assert panel.board.spaces[39]["name"] == "Boardwalk"


def test_simulation_is_seeded_and_both_shows_error_bars() -> None:
    panel = LandingPanel(method="simulation", rolls=10_000, seed=5)
    first = panel.frame.probability.tolist()
    panel.seed.value = 6
    panel.seed.value = 5
    assert panel.frame.probability.tolist() == first
    panel.method.value = "both"
    assert {"exact", "simulated", "stderr"} <= set(panel.frame.columns)
    assert len(panel.chart.spec["layer"]) == 3


def test_bad_dice_is_a_message_and_keeps_the_last_result() -> None:
    panel = LandingPanel()
    heat = list(panel.board.heat)
    panel.dice.value = "two dice"
    assert "2d6" in panel.status.value and panel.board.heat == heat


def test_rolls_and_seed_only_matter_for_simulation() -> None:
    panel = LandingPanel()
    assert panel.rolls.disabled and panel.seed.disabled
    panel.method.value = "simulation"
    assert not panel.rolls.disabled


def test_everything_the_panel_syncs_is_strict_json() -> None:
    import json

    panel = LandingPanel(method="both", rolls=10_000, seed=2)
    for widget in (panel.chart, panel.board):
        for value in widget.get_state().values():
            json.dumps(value, allow_nan=False)
