"""Control panels (stock ipywidgets) for the probability lessons.

:class:`LandingPanel` puts the board's heat map and an Altair chart side by side and
recomputes both whenever a control changes: board, jail strategy, per roll or per turn,
dice, method (exact chain, simulation, or both), rolls and seed.

>>> panel = LandingPanel("classic")
>>> panel.jail.value = "long"          # what a click on the toggle does
>>> panel.board.heat_label
'landing probability (jail=long per=roll dice=2d6)'
>>> round(sum(panel.frame.probability), 9)
1.0
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import altair as alt
import ipywidgets as ipw
import pandas as pd

from gamekit.alfredopoly.board import Board, board_names, load_board
from gamekit.alfredopoly.landing import landing_probabilities
from gamekit.alfredopoly.montecarlo import simulate_landing
from gamekit.core.dice import Dice
from widgets import charts
from widgets.alfredopoly_board import AlfredopolyBoard
from widgets.base import with_still
from widgets.charts import exact_vs_simulated_chart, landing_chart

DICE_CHOICES = ("2d6", "1d6", "3d6", "2d4", "2d8", "2d10", "3d4")
ROLL_CHOICES = (1_000, 10_000, 100_000, 1_000_000, 4_000_000)
METHODS = ("exact", "simulation", "both")


def with_groups(frame: pd.DataFrame, board: Board) -> pd.DataFrame:
    """Add each space's ``group`` and ``colour`` (index 40, "in jail", gets neither).

    >>> f = with_groups(pd.DataFrame({"index": [1, 40]}), load_board())
    >>> f.group.tolist()
    ['brown', None]
    """
    out = frame.copy()
    spaces = board.spaces
    indices = [int(i) for i in out["index"]]
    for column in ("group", "colour"):
        values = [getattr(spaces[i], column) if i < len(spaces) else None for i in indices]
        out[column] = pd.Series(values, index=out.index, dtype=object)
    return out


class LandingPanel(ipw.VBox):
    """Board heat map + chart of landing probabilities, driven by controls.

    ``panel.board`` is the :class:`AlfredopolyBoard`, ``panel.chart`` the offline
    ``alt.JupyterChart``, ``panel.frame`` the current tidy frame; the controls are
    ``panel.board_choice``, ``jail``, ``per``, ``dice``, ``method``, ``rolls``, ``seed``.

    >>> p = LandingPanel(method="both", rolls=10_000, seed=3)
    >>> sorted(p.frame.columns)[:3]
    ['colour', 'exact', 'group']
    """

    def __init__(
        self,
        board: str | Path = "alfred",
        *,
        jail: str = "short",
        per: str = "roll",
        dice: str = "2d6",
        method: str = "exact",
        rolls: int = 100_000,
        seed: int = 1,
        size: int = 900,
        projector: bool = False,
    ) -> None:
        boards = [*board_names()]
        if str(board) not in boards:
            boards.append(str(board))
        style = {"description_width": "70px"}  # lines up with the row labels
        self.board_choice = ipw.Dropdown(
            options=boards, value=str(board), description="Board", style=style
        )
        self.jail = ipw.ToggleButtons(options=["short", "long"], value=jail)
        self.per = ipw.ToggleButtons(options=["roll", "turn"], value=per)
        self.dice = ipw.Combobox(
            options=list(DICE_CHOICES),
            value=dice,
            description="Dice",
            ensure_option=False,
            style=style,
        )
        self.method = ipw.ToggleButtons(options=list(METHODS), value=method)
        rolls_options = sorted({*ROLL_CHOICES, rolls})
        self.rolls = ipw.SelectionSlider(
            options=[(f"{r:,}", r) for r in rolls_options],
            value=rolls,
            description="Rolls",
            style=style,
        )
        self.seed = ipw.BoundedIntText(
            value=seed, min=0, max=2**31 - 1, description="Seed", style=style
        )
        for w in (self.jail, self.per, self.method):
            w.style.button_width = "auto"  # "simulation" whole, at projector sizes too
        self.status = ipw.Label(value="")
        self.status.add_class("gk-panel-status")
        self.board = AlfredopolyBoard(board, size=size, projector=projector)
        if projector:
            charts.projector(True)
        self.frame = pd.DataFrame()
        self._chart = alt.Chart(pd.DataFrame({"x": []})).mark_point()
        charts.offline()
        self.chart = alt.JupyterChart(self._chart, embed_options=charts.EMBED)

        def row(label: str, widget: ipw.Widget) -> ipw.HBox:
            # a label beside toggle buttons (their own description wraps above them)
            return ipw.HBox([ipw.Label(label, layout=ipw.Layout(width="74px")), widget])

        controls = ipw.VBox(
            [
                self.board_choice,
                row("Jail", self.jail),
                row("Per", self.per),
                self.dice,
                row("Method", self.method),
                self.rolls,
                self.seed,
                self.status,
            ],
            layout=ipw.Layout(min_width="380px", flex="0 0 auto"),
        )
        super().__init__(
            [
                ipw.HBox(
                    [controls, self.board],
                    layout=ipw.Layout(align_items="flex-start", flex_flow="row wrap"),
                ),
                self.chart,
            ]
        )
        self.add_class("gk-landing-panel")
        for w in (self.board_choice, self.jail, self.per, self.method, self.rolls, self.seed):
            w.observe(self._changed, names="value")
        self.dice.observe(self._changed, names="value")
        self.update()

    def _changed(self, change: dict[str, Any]) -> None:
        self.update()

    def _visible(self) -> None:
        simulated = self.method.value != "exact"
        self.rolls.disabled = not simulated
        self.seed.disabled = not simulated

    def update(self) -> None:
        """Recompute the frame, then redraw the heat map and the chart together."""
        self._visible()
        try:
            dice = Dice.parse(self.dice.value)
            board = load_board(self.board_choice.value)
        except ValueError as exc:
            self.status.value = f"⚠ {exc}"
            return
        options = {"jail": self.jail.value, "per": self.per.value, "dice": dice}
        label = f"jail={self.jail.value} per={self.per.value} dice={dice}"
        method = self.method.value
        if method == "exact":
            frame = landing_probabilities(board, **options)
        else:
            sim = simulate_landing(board, rolls=self.rolls.value, seed=self.seed.value, **options)
            if method == "simulation":
                frame = sim
            else:
                exact = landing_probabilities(board, **options)
                frame = exact.rename(columns={"probability": "exact"})
                frame["simulated"] = sim["probability"].to_numpy()
                frame["stderr"] = sim["stderr"].to_numpy()
                frame["probability"] = frame["exact"]
        frame = with_groups(frame, board)
        if method == "both":
            chart = exact_vs_simulated_chart(frame)
        else:
            chart = landing_chart(frame, title=f"Landing probability, {method} ({label})")
        if board is not self.board.board:
            self.board.use_board(board)
        self.frame = frame
        self.board.show_heat(frame, label=f"landing probability ({label})")
        self._chart = chart
        self.chart.chart = chart
        where = (
            "exact Markov chain"
            if method == "exact"
            else f"{self.rolls.value:,} rolls, seed {self.seed.value}"
        )
        self.status.value = f"{board.title}: {where}"

    def export_picture(self) -> str:
        """A still of the panel for a notebook exported without widget state: its status,
        the heat board and the chart as SVG, in place of the panel's Python description.

        >>> still = LandingPanel(rolls=10_000, seed=3).export_picture()
        >>> still.startswith('<div class="gk-panel-still">'), still.count("<svg") >= 2
        (True, True)
        """
        from html import escape

        status = f"<p>{escape(self.status.value)}</p>" if self.status.value else ""
        chart = charts.to_svg(self.chart.chart)
        return f'<div class="gk-panel-still">{status}{self.board.export_picture()}{chart}</div>'

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return with_still(super()._repr_mimebundle_(**kwargs), self.export_picture)

    def __repr__(self) -> str:
        return (
            f"LandingPanel(board={self.board_choice.value!r}, jail={self.jail.value!r}, "
            f"per={self.per.value!r}, dice={self.dice.value!r}, method={self.method.value!r})"
        )
