"""Phases as data: the engine follows gamekit.almamater.phases.PHASES.

The table walk: every phase is reachable from the start and the game can always end;
each phase says what happens in it. Then seeded games record every phase change the
engine makes (through ``PHASES.move``): each is one the table allows, the changes of a
step lead from the phase before it to the phase after it (so no change bypasses the
table), every action is of a type its phase allows, and together the games use every
transition of the table.
"""

from __future__ import annotations

from typing import Any

import pytest

from gamekit.almamater import moves
from gamekit.almamater.bots import BOTS
from gamekit.almamater.phases import PHASES
from gamekit.almamater.rules import legal_actions, new_game, step
from gamekit.almamater.spec import make_spec
from gamekit.core.actions import PhaseTable
from gamekit.core.errors import IllegalTransition
from gamekit.core.rng import make_rng


def test_the_table_walk() -> None:
    assert PHASES.start == "draft"
    assert PHASES.reachable() == set(PHASES.names)
    assert PHASES.names == (
        "draft",
        "discard",
        "chancellor",
        "action",
        "administration",
        "income",
        "over",
    )
    for phase in PHASES.phases:
        assert phase.description.strip(), phase.name
        # the game can end from every phase
        seen, todo = {phase.name}, [phase.name]
        while todo:
            for nxt in PHASES.successors(todo.pop()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        assert "over" in seen, phase.name
    assert PHASES.successors("over") == () and PHASES["over"].actions == ()
    assert PHASES.successors("income") == ("action", "over")
    with pytest.raises(IllegalTransition, match="draft -> action"):
        PHASES.move("draft", "action")


class Recorder:
    """PHASES with every move recorded."""

    def __init__(self, table: PhaseTable) -> None:
        self.table = table
        self.moves: list[tuple[str, str]] = []

    def move(self, old: str, new: str) -> str:
        self.moves.append((old, new))
        return self.table.move(old, new)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.table, name)


def test_seeded_games_change_phase_only_as_the_table_allows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    recorder = Recorder(PHASES)
    monkeypatch.setattr(moves, "PHASES", recorder)
    used: set[tuple[str, str]] = set()
    for players, seed, bot in ((2, 1, "random"), (3, 2, "dean"), (4, 3, "scholar")):
        spec = make_spec(players)
        rng = make_rng(seed)
        state = new_game(spec, seed=seed)
        assert state.phase == PHASES.start
        while state.phase != "over":
            legal = legal_actions(spec, state)
            assert legal and all(PHASES.allows(state.phase, a) for a in legal)
            action = BOTS[bot](spec, state, legal, rng)
            recorder.moves.clear()
            after = step(spec, state, action).state
            here = state.phase
            for old, new in recorder.moves:
                assert old == here and new in PHASES.successors(old), (old, new)
                here = new
            assert here == after.phase  # no phase change outside the table
            used.update(recorder.moves)
            state = after
    table = {(p.name, nxt) for p in PHASES.phases for nxt in p.successors}
    assert used == table


def test_the_action_status_asks_for_textbooks_only_while_some_wait() -> None:
    """The play table's status line reads the phase table. In the action phase it says
    "place masters or lecture", and "own textbooks" only while a shelving decision waits
    (newcomer audit 7, finding 9: "place new own textbooks" showed with none to place)."""
    from widgets.play_almamater import AlmaMaterTable

    assert PHASES["action"].description == "place masters or lecture"
    table = AlmaMaterTable(["Ann", "Bo"], seed=3)
    seen = {"action": 0, "shelve": 0}
    for _ in range(400):
        state = table.state
        if state.phase == "action" and table.panel.actions:
            waits = bool(state.pending) and state.pending[0][0] == "shelve"
            assert ("own textbooks" in table.panel.status) == waits, table.panel.status
            seen["shelve" if waits else "action"] += 1
        if not table.panel.actions or all(seen.values()):
            break
        action = table.panel.actions[0]["action"]
        table.panel.set_state({"intent": {"kind": "act", "action": action, "seq": _ + 1}})
    assert all(seen.values()), seen
