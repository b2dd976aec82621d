"""An Alma Mater final-score calculator: sliders for an end position, the nine lines (each
with how it is worked out) and the total beside them, always computed by the engine's
``score_sheet``.

>>> calc = ScoreCalculator(players=3)
>>> calc.sliders["row_a"].value, calc.sliders["row_b"].value = 3, 2
>>> calc.score.lines[7].points  # students in row A x students in row B
6
>>> calc
ScoreCalculator(players=3, total=...)
"""

from __future__ import annotations

from typing import Any

import ipywidgets as ipw
import pandas as pd

from gamekit.almamater.components import Components, load_components
from gamekit.almamater.scoring import Score
from gamekit.almamater.sheet import score_sheet

# slider name: (label, lowest, highest or None for the component limit, start value)
FIELDS: dict[str, tuple[str, int, int | None, int]] = {
    "prestige": ("prestige during play", 0, 80, 20),
    "ducats": ("ducats", 0, 40, 11),
    "textbooks": ("textbooks (any colour)", 0, 12, 5),
    "dictionaries": ("dictionaries", 0, 8, 2),
    "reputation_rank": ("reputation rank (1 = best)", 1, None, 2),
    "milestones": ("milestones reached", 0, 5, 3),
    "n_professors": ("professors", 0, 8, 2),
    "professor_prestige": ("printed prestige per professor", 0, 5, 3),
    "math_prestige": ("Mathematics students' prestige", 0, 12, 3),
    "row_a": ("students in row A", 0, None, 3),
    "row_b": ("students in row B", 0, None, 2),
    "busts": ("busts", 0, 3, 1),
}


class ScoreCalculator(ipw.HBox):  # type: ignore[misc]
    """Sliders for one player's end position; the score lines as a table beside them.

    ``sliders`` maps each input to its ``IntSlider``; ``score`` is the engine's
    :class:`~gamekit.almamater.scoring.Score` for the current values, and ``lines`` the
    same as a tidy frame. Every professor is given the same printed prestige, so one
    slider can add a professor.
    """

    def __init__(self, players: int = 3, components: Components | None = None) -> None:
        self.players = players
        self.components = components or load_components()
        limits = {
            "reputation_rank": players,
            "row_a": self.components.board.row_a,
            "row_b": self.components.board.row_b,
        }
        style = {"description_width": "220px"}
        self.sliders = {
            name: ipw.IntSlider(
                value=min(start, limits.get(name, high or start)),
                min=low,
                max=high if high is not None else limits[name],
                description=label,
                style=style,
                layout=ipw.Layout(width="440px"),
            )
            for name, (label, low, high, start) in FIELDS.items()
        }
        # the sliders keep their width (their values at the right end stay in sight) and
        # the table goes beside them when there is room, else below them: in a narrow
        # notebook (a 1300 px window with JupyterLab's sidebar open) the shrunk sliders'
        # column let the table cover their values
        self.table = ipw.HTML(layout=ipw.Layout(margin="0 0 0 16px", flex="1 1 360px"))
        for slider in self.sliders.values():
            slider.observe(self._update, names="value")
        controls = ipw.VBox(list(self.sliders.values()), layout=ipw.Layout(flex="0 0 auto"))
        super().__init__(
            [controls, self.table],
            layout=ipw.Layout(flex_flow="row wrap", align_items="flex-start"),
        )
        self.score: Score
        self.lines: pd.DataFrame
        self._update()

    def sheet(self) -> dict[str, Any]:
        """The score sheet (the ``gamekit almamater score`` format) for the sliders."""
        v = {name: slider.value for name, slider in self.sliders.items()}
        return {
            "players": self.players,
            "prestige": v["prestige"],
            "textbooks": v["textbooks"],
            "ducats": v["ducats"],
            "dictionaries": v["dictionaries"],
            "reputation_rank": v["reputation_rank"],
            "milestones": v["milestones"],
            "professors": [v["professor_prestige"]] * v["n_professors"],
            "math_prestige": v["math_prestige"],
            "row_a": v["row_a"],
            "row_b": v["row_b"],
            "busts": v["busts"],
        }

    def _update(self, _change: object = None) -> None:
        self.score = score_sheet(self.sheet(), "calculator", self.components)
        # each line with how it comes about: line 1 scores no prestige itself, its working
        # shows the ducats it adds to line 2 ("5 textbooks -> +5 ducats")
        self.lines = pd.DataFrame(self.score.rows(), columns=["line", "worked out", "prestige"])
        # rows() ends with the total, so it is listed once; to_html escapes text, so
        # rule names from a data file are shown as text.
        self.table.value = self.lines.to_html(index=False, escape=True)

    def __repr__(self) -> str:
        return f"ScoreCalculator(players={self.players}, total={self.score.total})"
