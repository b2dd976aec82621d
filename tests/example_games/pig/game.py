"""Pig: on your turn roll a die as often as you like; a 1 ends the turn and loses what
the turn had won; "hold" banks the turn's points. The first to ``target`` points wins.

The rules are the whole of this file: everything else (checked steps, JSON saves, bots,
simulation, sweeps, the command line, the play table) comes from ``BaseGame``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar

from gamekit.core.actions import Action, Event, Outcome, Step
from gamekit.core.base_game import BaseGame
from gamekit.core.game import player_names


@dataclass(frozen=True)
class Roll(Action):
    """Roll the die (chance decides the number)."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True)
class Hold(Action):
    """Bank the turn's points and pass the die."""

    def __str__(self) -> str:
        return "hold"


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]  # the names, one per seat
    scores: tuple[int, ...]
    current: int = 0
    turn_points: int = 0
    rolling: bool = False  # the die is in the air: chance moves next
    target: int = 100


class Pig(BaseGame):
    name = "pig"
    summary = "roll or hold; a 1 loses the turn's points; first to the target wins"
    state_type = State
    action_types = (Roll, Hold)
    options: ClassVar[dict[str, int]] = {"target": 100}
    option_limits: ClassVar[dict[str, tuple[int, int]]] = {"target": (1, 10_000)}
    min_players, max_players = 2, 6

    def new_game(self, players: Any = 2, seed: Any = None, target: int = 100) -> State:
        n, names = player_names(players)
        self.make_spec(n, target=target)
        return State(tuple(names or [f"Player {i + 1}" for i in range(n)]), (0,) * n, target=target)

    def current_player(self, s: State) -> int | None:
        return None if s.rolling or self.is_over(s) else s.current

    def legal_actions(self, s: State, player: int | None = None) -> list[Action]:
        if self.current_player(s) is None or player not in (None, s.current):
            return []
        return [Roll(), Hold()] if s.turn_points else [Roll()]

    def apply(self, s: State, action: Action) -> Step[State]:
        who = s.players[s.current]
        if isinstance(action, Roll):
            return Step(replace(s, rolling=True))
        scores = list(s.scores)
        scores[s.current] += s.turn_points
        held = Event("hold", f"{who} banks {s.turn_points}", player=s.current, amount=s.turn_points)
        return Step(replace(s, scores=tuple(scores), turn_points=0, current=self._next(s)), (held,))

    def chance_outcomes(self, s: State) -> list[tuple[Any, Fraction]]:
        return [(face, Fraction(1, 6)) for face in range(1, 7)] if s.rolling else []

    def apply_chance(self, s: State, face: int) -> Step[State]:
        who = s.players[s.current]
        rolled = Event("roll", f"{who} rolled {face}", player=s.current, amount=face)
        if face == 1:
            return Step(replace(s, rolling=False, turn_points=0, current=self._next(s)), (rolled,))
        return Step(replace(s, rolling=False, turn_points=s.turn_points + face), (rolled,))

    def is_over(self, s: State) -> bool:
        return max(s.scores) >= s.target

    def outcome(self, s: State) -> Outcome | None:
        if not self.is_over(s):
            return None
        ranking = tuple(sorted(range(len(s.scores)), key=lambda seat: -s.scores[seat]))
        return Outcome("reached the target", (ranking[0],), ranking, s.scores)

    def describe(self, s: State, action: Action, lang: str = "en") -> str:
        if isinstance(action, Hold):
            return f"Hold (bank {s.turn_points})" if lang == "en" else f"Halten ({s.turn_points})"
        return "Roll the die" if lang == "en" else "Würfeln"

    def bots(self) -> dict[str, Any]:
        return {**super().bots(), "hold_at_20": lambda: hold_at_20}

    def _next(self, s: State) -> int:
        return (s.current + 1) % len(s.scores)


def hold_at_20(s: State, rng: Any) -> Action:
    """The classic simple strategy: roll until the turn has won 20 (or the game)."""
    enough = s.turn_points >= 20 or s.scores[s.current] + s.turn_points >= s.target
    return Hold() if enough and s.turn_points else Roll()


GAME = Pig()
