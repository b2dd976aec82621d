"""Golden playthrough: a seeded 4-player bot game as readable text, diffed line by line.

Regenerate after an intended rule change with
``GAMEKIT_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/alfredopoly/test_golden.py``
and read the diff before committing it.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from gamekit.alfredopoly.spec import AlfredopolySpec
from gamekit.alfredopoly.transcript import transcript

GOLDEN = Path(__file__).parent / "golden"
CASES = [
    ("game_seed7.txt", "alfred", ["buy_all", "reserve", "builder", "builder"], 7, 25),
    ("game_seed11_classic.txt", "classic", ["builder", "buy_all", "reserve", "builder"], 11, 40),
]


@pytest.mark.parametrize(("name", "board", "strategies", "seed", "rounds"), CASES)
def test_golden_playthrough(
    name: str, board: str, strategies: list[str], seed: int, rounds: int
) -> None:
    text = transcript(AlfredopolySpec(board, max_rounds=rounds), strategies, seed)
    path = GOLDEN / name
    if os.environ.get("GAMEKIT_REGEN_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), text.splitlines(), "golden", "now", lineterm="", n=2
        )
        pytest.fail("the playthrough changed:\n" + "\n".join(list(diff)[:60]))
