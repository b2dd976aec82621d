"""A self-check loads its own game's exercises first (gamekit.core.exercises._load_games).

Every ``check(...)`` imported the exercises module of every game before it looked its
exercise up, so one game's module that failed to import (a game being edited, a game
dropped in with a mistake) stopped the self-checks of every other game's lessons:
Alfredopoly 5's ``check("alfredopoly_5.three_dice_doubles", ...)`` raised the Alma Mater
module's ``KeyError``.
"""

from __future__ import annotations

import importlib
import sys
from fractions import Fraction

import pytest

from gamekit.core import exercises


@pytest.fixture
def broken_other_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Alma Mater's exercises fail to import; Alfredopoly's are imported afresh. Both the
    module and the registry are put back afterwards: the real module is imported first, so
    that the fresh copy (registered into this test's empty registry) does not stay behind
    in ``sys.modules`` and leave the real registry without Alfredopoly's exercises."""
    importlib.import_module("gamekit.alfredopoly.exercises")
    real = importlib.import_module

    def import_module(name: str, package: str | None = None):  # type: ignore[no-untyped-def]
        if name == "gamekit.almamater.exercises":
            raise KeyError("a broken exercises module")
        return real(name, package)

    monkeypatch.setattr(importlib, "import_module", import_module)
    monkeypatch.setattr(
        exercises, "_game_modules",
        lambda: ["gamekit.almamater.exercises", "gamekit.alfredopoly.exercises"],
    )  # fmt: skip
    monkeypatch.setattr(exercises, "_REGISTRY", {})
    monkeypatch.delitem(sys.modules, "gamekit.alfredopoly.exercises", raising=False)


@pytest.mark.usefixtures("broken_other_game")
def test_a_broken_game_does_not_stop_another_games_self_checks(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert exercises.check("alfredopoly_1.three_doubles", Fraction(1, 216))
    assert "alfredopoly_1.three_doubles" in exercises._REGISTRY
    capsys.readouterr()


@pytest.mark.usefixtures("broken_other_game")
def test_the_broken_game_still_fails_loudly_when_all_are_loaded() -> None:
    with pytest.raises(KeyError, match="broken"):
        exercises.exercise_ids()
