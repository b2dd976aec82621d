"""The kit's Jupyter layer: boards (anywidget), play tables, control panels, charts.

Import ipywidgets as ``ipw`` in notebooks, so that ``widgets`` always means this package.

>>> from widgets import AlfredopolyBoard, AlfredopolyTable, AlmaMaterTable, LandingPanel, play
>>> AlfredopolyBoard("classic")
AlfredopolyBoard(board='classic', selected=None, heat=None)
"""

from __future__ import annotations

import widgets._fast_start  # noqa: F401  (first: a faster kernel start)
from widgets import charts
from widgets.alfredopoly_board import AlfredopolyBoard
from widgets.almamater_board import AlmaMaterBoard, UniversityTableau
from widgets.panels import LandingPanel
from widgets.play_alfredopoly import AlfredopolyTable
from widgets.play_almamater import AlmaMaterTable
from widgets.play_any import AnyGameTable, play
from widgets.play_panel import PlayPanel
from widgets.score_calculator import ScoreCalculator

__all__ = [
    "AlfredopolyBoard",
    "AlfredopolyTable",
    "AlmaMaterBoard",
    "AlmaMaterTable",
    "AnyGameTable",
    "LandingPanel",
    "PlayPanel",
    "ScoreCalculator",
    "UniversityTableau",
    "charts",
    "play",
]
