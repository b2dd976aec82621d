"""Alma Mater's ``simulate`` takes bot callables as strategies, next to the bot names."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
import pytest

from gamekit.almamater.bots import BOTS
from gamekit.almamater.simulate import simulate
from gamekit.almamater.spec import AlmaMaterSpec
from gamekit.almamater.state import GameState
from gamekit.core.actions import Action

CALLS: list[int] = []


def last_choice(
    spec: AlmaMaterSpec, state: GameState, legal: Sequence[Action], rng: np.random.Generator
) -> Action:
    """A tiny bot: always the last legal action (and counts its calls)."""
    CALLS.append(1)
    return legal[-1]


def test_a_bot_callable_plays_and_is_named_by_its_name() -> None:
    CALLS.clear()
    frame = simulate(players=2, games=2, seed=5, strategies=(last_choice, "random"))
    assert CALLS, "the bot was never asked"
    # seats rotate as for names: game 0 seats it first, game 1 second
    assert frame.strategy.tolist() == ["last_choice", "random", "random", "last_choice"]
    assert frame.groupby("game")["rank"].min().tolist() == [1, 1]


def test_a_builtin_bot_callable_equals_its_name() -> None:
    by_name = simulate(players=2, games=2, seed=3, strategies=("random", "dean"))
    by_callable = simulate(players=2, games=2, seed=3, strategies=(BOTS["random"], "dean"))
    assert by_callable.strategy.iloc[0] == BOTS["random"].__name__
    by_callable["strategy"] = by_callable["strategy"].replace(BOTS["random"].__name__, "random")
    pd.testing.assert_frame_equal(by_name, by_callable)


def test_the_same_seed_gives_the_same_frame_with_a_callable() -> None:
    a = simulate(players=3, games=2, seed=9, strategies=(last_choice, "scholar"))
    b = simulate(players=3, games=2, seed=9, strategies=(last_choice, "scholar"))
    pd.testing.assert_frame_equal(a, b)


def test_not_a_name_nor_a_callable() -> None:
    with pytest.raises(ValueError, match="bot name .* or a bot callable, got 3"):
        simulate(players=2, games=1, strategies=(3,))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown strategy 'chess'"):
        simulate(players=2, games=1, strategies=(last_choice, "chess"))
