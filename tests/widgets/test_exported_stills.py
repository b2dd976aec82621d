"""Play tables and the landing panel in a notebook exported as HTML (the kit's nbconvert
settings: no widget state), as a teacher posts a lesson: each shows a still (its status and
the position's picture, the panel's board and chart as SVG) where it showed its Python
description ("AlfredopolyTable(players=['Ann', 'Bo'], ...)", found by a fresh reader in
Alfredopoly 1, Alma Mater 2 and 4 and the landing panel)."""

from __future__ import annotations

import re

import nbformat
from nbconvert.preprocessors import ExecutePreprocessor

from tests.test_lesson_explore import export, exported_text

CELLS = {
    "AlfredopolyTable": "from widgets.play_alfredopoly import AlfredopolyTable\n"
    "AlfredopolyTable(['Ann', 'Bo'], bots={'Bo': 'builder'}, seed=5)",
    "AlmaMaterTable": "from widgets.play_almamater import AlmaMaterTable\n"
    "AlmaMaterTable(['Ann', 'Bo'], bots={'Bo': 'scholar'}, seed=5)",
    "AnyGameTable": "from widgets.play_any import play\nplay('almamater', 2, seed=2)",
    "LandingPanel": "from widgets.panels import LandingPanel\nLandingPanel(rolls=10_000, seed=3)",
}


def test_play_tables_and_the_landing_panel_export_as_pictures() -> None:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in CELLS.values()])
    ExecutePreprocessor(timeout=600, kernel_name="python3").preprocess(nb, {})
    body = export(nb)
    text = exported_text(body)
    for name in CELLS:
        assert f"{name}(" not in text, f"{name} exported as its Python description"
    stills = re.findall(r'<div class="gk-(?:table|panel)-still">(.*?)</svg>', body, flags=re.S)
    assert len(stills) == len(CELLS), len(stills)
    assert "Round 1" in text and "Setup" in text  # each table's status, as on screen
    assert "Academic Alley" in body  # the Alfredopoly board's own names
