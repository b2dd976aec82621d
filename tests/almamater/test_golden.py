"""Golden playthrough: a seeded 3-player game as readable text, diffed against the file.

Regenerate after an intended rule or data change with ``GAMEKIT_REGEN_GOLDEN=1``.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

from gamekit.almamater.transcript import transcript

GOLDEN = Path(__file__).parent / "golden" / "three_players_seed_7.txt"


def test_golden_playthrough_of_a_seeded_3_player_game() -> None:
    text = transcript(players=3, seed=7, strategies=("scholar", "dean", "greedy"))
    if os.environ.get("GAMEKIT_REGEN_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8")
    if text != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(True), text.splitlines(True), "golden", "now", n=1
            )
        )
        raise AssertionError("the playthrough changed:\n" + diff[:4000])
