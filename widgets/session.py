"""A game being played at a table: its history, its seeded dice and its bots.

The rules stay in the engine. A :class:`Session` only calls a game's public functions
(through a small :class:`Rules` adapter), resolves chance steps with its own seeded
generator, lets bot seats choose, and keeps every position so a history slider can step
back and forth. Acting from an earlier position drops the later ones (a new branch).

>>> from widgets.play_alfredopoly import alfredopoly_rules
>>> from gamekit.alfredopoly.actions import RollDice
>>> s = Session(alfredopoly_rules("alfred", ["Ann", "Bo"], seed=1), seed=1)
>>> s.act(RollDice())[0].startswith("Ann rolled")
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamekit.core.actions import Action, Outcome, Step, sample_outcome
from gamekit.core.errors import IllegalAction
from gamekit.core.rng import Seed, make_rng

MAX_BOT_STEPS = 5000  # a safety cap per click; a bot game that long is stopped and reported


@dataclass
class Rules:
    """One game's engine functions, bound to its spec (the only place a table meets rules)."""

    spec: Any
    start: Any
    legal_actions: Callable[[Any, Any], list[Action]]
    step: Callable[[Any, Any, Action], Step[Any]]
    outcome: Callable[[Any, Any], Outcome | None]
    actor: Callable[[Any], int | None]
    action_from_struct: Callable[[Mapping[str, Any]], Action]
    is_chance: Callable[[Any], bool] = lambda state: False
    chance_outcomes: Callable[[Any, Any], list[tuple[Any, Any]]] | None = None
    chance_step: Callable[[Any, Any, Any], Step[Any]] | None = None


@dataclass
class Entry:
    """One position in the history and how the game got there."""

    state: Any
    events: tuple[str, ...] = ()
    label: str = "start"
    seat: int | None = None
    action: Action | None = None


@dataclass
class Session:
    """The history of one game at a table. ``bots`` maps seats to bot callables
    ``(state, rng) -> Action``."""

    rules: Rules
    seed: Seed = None
    bots: dict[int, Callable[[Any, Any], Action]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.rng = make_rng(self.seed)
        self.history: list[Entry] = [Entry(self.rules.start)]
        self.position = 0

    @property
    def state(self) -> Any:
        """The position being shown (the last one unless the slider went back)."""
        return self.history[self.position].state

    @property
    def at_end(self) -> bool:
        return self.position == len(self.history) - 1

    @property
    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.rules.spec, self.state)

    def actor(self) -> int | None:
        return None if self.outcome is not None else self.rules.actor(self.state)

    def legal(self) -> list[Action]:
        """The legal actions at the position shown (none once the game is over)."""
        if self.outcome is not None:
            return []
        return list(self.rules.legal_actions(self.rules.spec, self.state))

    def seek(self, position: int) -> None:
        """Show position ``position`` of the history (0 is the start)."""
        if not 0 <= position < len(self.history):
            raise ValueError(f"the history has positions 0-{len(self.history) - 1}, not {position}")
        self.position = position

    def act(self, action: Action, *, outcome: Any = None) -> tuple[str, ...]:
        """Check and apply ``action`` for the player to act, then resolve any dice.

        ``outcome`` stages the first chance outcome after the action (a teacher's chosen
        roll, checked by the engine's ``chance_step``); later ones come from the generator.
        Raises ``IllegalAction`` (nothing changes). From an earlier position, the later
        history is dropped first. Returns the events in words.
        """
        if self.outcome is not None:
            raise IllegalAction("the game is over", action)
        seat = self.actor()
        done = self.rules.step(self.rules.spec, self.state, action)  # the engine checks
        if outcome is not None and not self.rules.is_chance(done.state):
            raise IllegalAction(f"no dice are due after {action}", action)
        events = [str(e) for e in done.events]
        state, more = self._resolve_chance(done.state, outcome)
        events.extend(more)
        self._append(Entry(state, tuple(events), str(action), seat, action))
        return tuple(events)

    def resolve(self, outcome: Any) -> tuple[str, ...]:
        """Resolve the chance step at the position shown with ``outcome`` (then any further
        dice from the generator). Raises ``IllegalAction`` when no chance step is due."""
        if self.outcome is not None:
            raise IllegalAction("the game is over")
        if not self.rules.is_chance(self.state) or self.rules.chance_step is None:
            raise IllegalAction("no dice are due at this position")
        seat = self.actor()
        state, events = self._resolve_chance(self.state, outcome)
        self._append(Entry(state, tuple(events), f"dice {outcome}", seat))
        return tuple(events)

    def _append(self, entry: Entry) -> None:
        del self.history[self.position + 1 :]
        self.history.append(entry)
        self.position = len(self.history) - 1

    def act_struct(self, struct: Mapping[str, Any]) -> tuple[str, ...]:
        """Like :meth:`act`, from an action struct sent by a front end."""
        try:
            action = self.rules.action_from_struct(struct)
        except (TypeError, KeyError) as exc:
            raise ValueError(f"not an action of this game: {struct!r} ({exc})") from None
        return self.act(action)

    def _resolve_chance(self, state: Any, first: Any = None) -> tuple[Any, list[str]]:
        events: list[str] = []
        rules = self.rules
        while rules.is_chance(state) and rules.chance_outcomes and rules.chance_step:
            if first is not None:
                drawn, first = first, None  # a staged outcome; the engine checks it
            else:
                drawn = sample_outcome(rules.chance_outcomes(rules.spec, state), self.rng)
            done = rules.chance_step(rules.spec, state, drawn)
            events.extend(str(e) for e in done.events)
            state = done.state
        return state, events

    def bot_to_act(self) -> bool:
        seat = self.actor()
        return seat is not None and seat in self.bots

    def bot_step(self) -> tuple[str, ...]:
        """Let the bot whose turn it is take one action."""
        seat = self.actor()
        if seat is None or seat not in self.bots:
            raise IllegalAction("no bot is to act now")
        return self.act(self.bots[seat](self.state, self.rng))

    def run_bots(self, *, until: str = "person", limit: int = MAX_BOT_STEPS) -> int:
        """Let bots act: ``until="person"`` (a person is to act or the game ends) or
        ``until="turn"`` (the seat to act changes). Returns the number of bot actions."""
        start = self.actor()
        steps = 0
        while self.bot_to_act() and steps < limit:
            self.bot_step()
            steps += 1
            if until == "turn" and self.actor() != start:
                break
        return steps


def seat_names(players: int | Sequence[str], default: Sequence[str]) -> list[str]:
    """Player names from a count or a list.

    >>> seat_names(2, ["Ann", "Bo", "Cy"])
    ['Ann', 'Bo']
    """
    if isinstance(players, int) and not isinstance(players, bool):
        return list(default[:players])
    names = [str(p) for p in players]
    if not names:
        raise ValueError("a game needs players")
    return names


def bot_seats(bots: Any, names: Sequence[str]) -> dict[int, str]:
    """Bot strategies by seat, from a mapping (seats or names) or a list with ``None``s.

    >>> bot_seats({"Bo": "greedy"}, ["Ann", "Bo"]), bot_seats([None, "dean"], ["Ann", "Bo"])
    ({1: 'greedy'}, {1: 'dean'})
    """
    if bots is None:
        return {}
    if isinstance(bots, Mapping):
        items = bots.items()
    else:
        items = ((seat, b) for seat, b in enumerate(bots) if b)
    seats: dict[int, str] = {}
    for key, strategy in items:
        seat = names.index(key) if isinstance(key, str) and key in names else key
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(names):
            raise ValueError(
                f"bots: no seat {key!r}; seats are 0-{len(names) - 1} or a player's name"
            )
        seats[seat] = str(strategy)
    return seats
