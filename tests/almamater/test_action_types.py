"""An action whose numbers are typed wrong is refused, however equal it looks.

``True == 1 == 1.0`` in Python, so ``Bishop(True)`` equals the legal ``Bishop(1)``. The
checked ``step`` must refuse it with a reason (before, it was played and the state stored
``True`` as a count, and that saved game could not be loaded again), and it must not
crash with a ``TypeError`` or ``KeyError`` either (``Research(1, 1.0)``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from gamekit.almamater.rules import legal_actions, step
from gamekit.almamater.state import state_from_struct, state_to_struct
from gamekit.core.actions import Action
from gamekit.core.errors import IllegalAction

from .helpers import setup_done


def mistyped(action: Action) -> Iterator[Action]:
    """Copies of ``action`` with one field typed wrong but equal in value: a count as a
    float (and as a bool when it is 0 or 1), a flag as an int."""
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if isinstance(value, bool):
            yield dataclasses.replace(action, **{f.name: int(value)})
        elif isinstance(value, int):
            yield dataclasses.replace(action, **{f.name: float(value)})
            if value in (0, 1):
                yield dataclasses.replace(action, **{f.name: bool(value)})


@pytest.mark.parametrize("players", [2, 4])
def test_every_legal_action_typed_wrong_is_refused(players: int) -> None:
    spec, state = setup_done(players, seed=11)
    before = state_to_struct(state)
    checked = 0
    for action in legal_actions(spec, state):
        for bad in mistyped(action):
            assert bad == action  # equal in value: the membership test alone lets it in
            with pytest.raises(IllegalAction, match="expected"):
                step(spec, state, bad)
            checked += 1
    assert checked > 50  # counts, flags and pereira switches of every placement
    assert state_to_struct(state) == before


def test_the_right_types_still_play_and_the_game_saves() -> None:
    spec, state = setup_done(2, seed=11)
    bishop = next(a for a in legal_actions(spec, state) if type(a).__name__ == "Bishop")
    after = step(spec, state, bishop).state
    assert state_from_struct(state_to_struct(after), spec) == after


@pytest.mark.parametrize("field", ["masters", "paid_steps"])
def test_a_float_that_is_not_even_legal_is_a_reason_not_a_crash(field: str) -> None:
    spec, state = setup_done(2, seed=11)
    research = next(a for a in legal_actions(spec, state) if type(a).__name__ == "Research")
    bad = dataclasses.replace(research, **{field: 7.5})
    with pytest.raises(IllegalAction, match=f"Research.{field}: expected a whole number"):
        step(spec, state, bad)
