"""The engine's working copy is derived from the state's fields, not a list of them."""

from __future__ import annotations

import dataclasses

from gamekit.almamater.moves import Work
from gamekit.almamater.state import GameState
from tests.almamater.helpers import setup_done


def test_work_carries_every_field_of_the_state() -> None:
    spec, state = setup_done(3, seed=4)
    w = Work(spec, state)
    assert set(w.g) == {f.name for f in dataclasses.fields(GameState)}
    frozen = w.freeze()
    for f in dataclasses.fields(GameState):
        assert getattr(frozen, f.name) == getattr(state, f.name), f.name
    assert frozen.spec is spec and frozen == state
    w.set(1, ducats=99)
    w.g["round"] = 5
    changed = w.freeze()
    assert changed.players[1].ducats == 99 and changed.round == 5
    assert state.players[1].ducats != 99 and state.round == 1  # the old state is untouched
