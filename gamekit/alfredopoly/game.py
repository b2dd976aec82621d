"""Alfredopoly behind the :class:`~gamekit.core.game.Game` protocol.

Options are :class:`~gamekit.alfredopoly.spec.AlfredopolySpec`'s (``board``, ``auction``,
``max_rounds``, ...); a state's struct writes them all beside the state, so
:meth:`AlfredopolyGame.state_from_struct` rebuilds the spec (a board read from a file is
written as its path; a board built in code cannot be written). ``new_game(..., spec=spec)``
takes a ready spec instead of options.

>>> game = AlfredopolyGame()
>>> s = game.new_game(["Ann", "Bo", "Cy"], seed=1, board="classic", auction=True)
>>> s.spec.board.name, game.current_player(s), game.describe(s, game.legal_actions(s)[0])
('classic', 0, 'Roll the dice')
>>> data = game.state_to_struct(s)
>>> data["options"]["board"], data["options"]["auction"], game.state_from_struct(data) == s
('classic', True, True)
>>> sorted(game.bots())
['builder', 'buy_all', 'random', 'reserve']

Whole games for :func:`gamekit.core.simulate.simulate` use the fast loop
(:func:`gamekit.alfredopoly.simulate.play_game`, one working table per game):

>>> import numpy as np
>>> final, extra = game.play_game(2, ["builder", "buy_all"], np.random.SeedSequence(4),
...                               max_rounds=20)
>>> final.phase, [r["strategy"] for r in game.result_rows(final, ["builder", "buy_all"], extra)]
('over', ['builder', 'buy_all'])
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly import rules as R
from gamekit.alfredopoly.board import board_names, load_board
from gamekit.alfredopoly.bots import STRATEGIES, make_bot
from gamekit.alfredopoly.bots import Bot as AlfredopolyBot
from gamekit.alfredopoly.constants import STATUE
from gamekit.alfredopoly.narration import phrasebook
from gamekit.alfredopoly.simulate import play_game as fast_play
from gamekit.alfredopoly.spec import AlfredopolySpec
from gamekit.alfredopoly.state import GameState, state_from_struct, state_to_struct
from gamekit.alfredopoly.words import describe
from gamekit.core.actions import Action, Outcome, PhaseTable, Step
from gamekit.core.dice import Dice, DiceRoll
from gamekit.core.errors import DataError
from gamekit.core.events import Words
from gamekit.core.game import (
    Bot,
    BotFactory,
    Players,
    check_state_struct,
    player_names,
    state_first,
)
from gamekit.core.simulate import rotate_seats
from gamekit.core.structs import from_struct, to_struct

_DICE_OPTION = "dice"

#: The settings a sweep may vary: the spec's options, the board and the dice ("2d6").
SWEEP_SETTINGS = (
    "auction", "free_parking_jackpot", "starting_cash", "salary", "jail_fine",
    "jail_tries", "sculptures", "statues", "interest_percent", "max_rounds", "board",
    "dice",
)  # fmt: skip

#: The columns of :meth:`AlfredopolyGame.result_rows` (a simulation adds ``game`` first).
RESULT_COLUMNS = (
    "seat", "player", "strategy", "final_cash", "net_worth", "properties", "sculptures",
    "statues", "rank", "won", "rounds", "ended", "actions",
)  # fmt: skip


def spec_options(spec: AlfredopolySpec) -> dict[str, Any]:
    """The options that make ``spec``, as strict JSON (``ValueError`` for a board that
    is neither built in nor read from a file).

    >>> spec_options(AlfredopolySpec(max_rounds=5))["max_rounds"]
    5
    """
    board = spec.board
    if board.name in board_names() and load_board(board.name) == board:
        where: str = board.name
    elif Path(board.source).is_file() and load_board(board.source) == board:
        where = str(board.source)
    else:
        raise ValueError(
            f"the board {board.name!r} is neither built in nor read from a file: "
            "it cannot be written as options"
        )
    options: dict[str, Any] = {"board": where}
    for name in AlfredopolySpec.__dataclass_fields__:
        if name != "board":
            options[name] = to_struct(getattr(spec, name))
    return options


@lru_cache(maxsize=32)
def _spec(options_json: str) -> AlfredopolySpec:
    return spec_from_options(json.loads(options_json))


def spec_from_options(options: Mapping[str, Any]) -> AlfredopolySpec:
    """An :class:`AlfredopolySpec` from options (``dice`` may be a ``Dice`` or its struct).

    >>> spec_from_options({"board": "classic", "dice": {"count": 2, "sides": 6}}).board.name
    'classic'
    """
    kwargs = dict(options)
    dice = kwargs.get(_DICE_OPTION)
    if dice is not None and not isinstance(dice, Dice):
        kwargs[_DICE_OPTION] = from_struct(Dice, dice)
    try:
        return AlfredopolySpec(**kwargs)
    except TypeError as exc:
        raise ValueError(f"options: {exc}") from None


class AlfredopolyGame:
    """Alfredopoly's rules behind the Game protocol (the kit's defaults unless options)."""

    name = "alfredopoly"
    summary = "the Monopoly-style property game at Alfred University"

    @property
    def phases(self) -> PhaseTable:
        return R.PHASES

    def new_game(self, players: Players = 2, seed: Any = None, **options: Any) -> GameState:
        spec = options.pop("spec", None)
        if spec is None:
            spec = spec_from_options(options)
        elif options:
            raise ValueError("give either a spec or options, not both")
        count, names = player_names(players)
        return R.new_game(spec, players=count, seed=seed, names=names)

    def spec(self, state: GameState) -> AlfredopolySpec:
        """The state's spec (``ValueError`` for a state made without one)."""
        if state.spec is None:
            raise ValueError("this state has no spec (make states with new_game)")
        return state.spec

    def current_player(self, state: GameState) -> int | None:
        return R.current_player(state)

    def legal_actions(self, state: GameState, player: int | None = None) -> list[Action]:
        """The current player's actions; for another seat, the property it may manage now
        (build, sell, mortgage, lift: any solvent player may while the game waits)."""
        if player is None or player == R.current_player(state):
            return R.legal_actions(self.spec(state), state)
        if isinstance(player, bool) or not 0 <= player < len(state.players):
            raise ValueError(f"no seat {player!r} in a game of {len(state.players)}")
        return R.management_actions(self.spec(state), state, player)

    def step(self, state: GameState, action: Action) -> Step[GameState]:
        return R.step(self.spec(state), state, action)

    def is_chance(self, state: GameState) -> bool:
        return R.is_chance(state)

    def chance_outcomes(self, state: GameState) -> list[tuple[Any, Fraction]]:
        return list(R.chance_outcomes(self.spec(state), state))

    def chance_step(self, state: GameState, outcome: Any) -> Step[GameState]:
        return R.chance_step(self.spec(state), state, outcome)

    def is_over(self, state: GameState) -> bool:
        return state.phase == "over"

    def outcome(self, state: GameState) -> Outcome | None:
        return R.outcome(self.spec(state), state)

    def describe(self, state: GameState, action: Action, lang: str = "en") -> str:
        state, action = state_first(state, action)  # describe(action, state): deprecated
        return describe(self.spec(state), state, action, lang)

    def state_to_struct(self, state: GameState) -> dict[str, Any]:
        return {
            "game": self.name,
            "options": spec_options(self.spec(state)),
            "state": state_to_struct(state),
        }

    def state_from_struct(self, data: Any) -> GameState:
        """A saved game's state, played by its options (``ValueError`` naming the field:
        ``options.<name>`` or ``state.<field>``).

        >>> data = GAME.state_to_struct(GAME.new_game(2, seed=0))
        >>> data["options"]["sculptures"] = -1
        >>> GAME.state_from_struct(data)
        Traceback (most recent call last):
        ...
        ValueError: options.sculptures: must be a whole number >= 0, got -1
        """
        options, body = check_state_struct(self.name, data)
        try:
            spec = _spec(json.dumps(options, sort_keys=True))
        except TypeError as exc:
            raise ValueError(f"options: {exc}") from None
        except DataError:
            raise
        except ValueError as exc:
            raise ValueError(_option_error(str(exc))) from None
        return state_from_struct(body, spec)

    def action_to_struct(self, action: Action) -> dict[str, Any]:
        return action.to_struct()

    def action_from_struct(self, data: Any) -> Action:
        try:
            return A.action_from_struct(data)
        except (TypeError, KeyError) as exc:
            raise ValueError(f"not an Alfredopoly action: {data!r} ({exc})") from None

    def outcome_to_struct(self, outcome: Any) -> Any:
        if not isinstance(outcome, DiceRoll):
            raise ValueError(f"an Alfredopoly chance outcome is a DiceRoll, not {outcome!r}")
        return to_struct(outcome)

    def outcome_from_struct(self, data: Any) -> DiceRoll:
        return from_struct(DiceRoll, data)

    def bots(self) -> dict[str, BotFactory]:
        return {name: _factory(cls) for name, cls in STRATEGIES.items()}

    # -- whole games, fast -------------------------------------------------------------

    @property
    def sweep_settings(self) -> tuple[str, ...]:
        return SWEEP_SETTINGS

    def options_from_setting(self, setting: Mapping[str, Any], **defaults: Any) -> dict[str, Any]:
        """Spec options for a sweep setting: ``board`` defaults to ``"alfred"``, ``dice``
        may be text (``"3d4"``), ``max_rounds`` comes from ``defaults`` unless set.

        >>> AlfredopolyGame().options_from_setting({"dice": "3d4"}, max_rounds=50)
        {'board': 'alfred', 'dice': Dice(count=3, sides=4), 'max_rounds': 50}
        """
        unknown = sorted(set(setting) - set(SWEEP_SETTINGS))
        if unknown:
            raise ValueError(f"alfredopoly cannot sweep {unknown}; it can sweep: {SWEEP_SETTINGS}")
        options = dict(setting)
        board = options.pop("board", "alfred")
        if _DICE_OPTION in options:
            options[_DICE_OPTION] = Dice.parse(str(options[_DICE_OPTION]))
        if "max_rounds" in defaults:
            options.setdefault("max_rounds", defaults["max_rounds"])
        return {"board": board, **options}

    def make_spec(self, players: int, **options: Any) -> AlfredopolySpec:
        """The spec for ``options`` (or ``spec=`` a ready one); the board seats anyone."""
        spec = options.pop("spec", None)
        if spec is None:
            return spec_from_options(options)
        if options:
            raise ValueError("give either a spec or options, not both")
        if not isinstance(spec, AlfredopolySpec):
            raise ValueError(f"spec: expected an AlfredopolySpec, got {type(spec).__name__}")
        return spec

    def seat_strategies(
        self, strategies: Sequence[Any], players: int, game: int, rotate: bool
    ) -> list[Any]:
        """The strategies repeated over the seats; ``rotate`` turns the seats by one each
        game (see :func:`gamekit.core.simulate.rotate_seats`)."""
        return rotate_seats(strategies, players, game, rotate)

    def play_game(
        self, players: int, strategies: Sequence[Any], seed: Any, **options: Any
    ) -> tuple[GameState, dict[str, Any]]:
        """A whole game with one working table (:func:`gamekit.alfredopoly.simulate.play_game`).

        ``seed`` (an int or ``SeedSequence``; a ``Generator`` gives one draw for it) spawns
        ``players + 1`` children: the first rolls the dice and shuffles the decks, child
        ``1 + s`` is seat ``s``'s bot. ``extra`` is ``{"actions": decisions taken}``.
        """
        spec = self.make_spec(players, **options)
        if len(strategies) != players:
            raise ValueError(f"give one strategy per seat: {players} seats, {len(strategies)}")
        game_seq, *bot_seqs = _seed_sequence(seed).spawn(players + 1)
        bots = [
            make_bot(_strategy(n), np.random.default_rng(s))
            for n, s in zip(strategies, bot_seqs, strict=True)
        ]
        table, actions = fast_play(spec, bots, np.random.default_rng(game_seq))
        return table.freeze(), {"actions": actions}

    def result_columns(self) -> tuple[str, ...]:
        return RESULT_COLUMNS

    def result_rows(
        self, state: GameState, strategies: Sequence[str], extra: Mapping[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        """One row per seat: cash, net worth (the round-limit ranking rule), properties,
        sculptures, statues, rank (1 = best), won, rounds, how it ended and ``actions``
        (from ``extra``; ``None`` without it)."""
        spec = self.spec(state)
        out = R.outcome(spec, state)
        if out is None:
            raise ValueError("the game is not over yet")
        rank = {seat: r + 1 for r, seat in enumerate(out.ranking)}
        rounds = min(state.round, spec.max_rounds or state.round)
        actions = None if extra is None else extra.get("actions")
        rows = []
        for seat, p in enumerate(state.players):
            props = sum(1 for o in state.owner if o == seat)
            levels = [lv for o, lv in zip(state.owner, state.level, strict=True) if o == seat]
            statues = sum(1 for lv in levels if lv == STATUE)
            sculpt = sum(lv for lv in levels if lv < STATUE)
            rows.append(
                {"seat": seat, "player": p.name, "strategy": strategies[seat],
                 "final_cash": p.cash, "net_worth": out.scores[seat], "properties": props,
                 "sculptures": sculpt, "statues": statues, "rank": rank[seat],
                 "won": seat in out.winners, "rounds": rounds, "ended": state.ended,
                 "actions": actions}
            )  # fmt: skip
        return rows


def _option_error(text: str) -> str:
    """A spec's complaint about one option, with the option's path (``options.<name>``)
    in front: the spec names the option first (``"sculptures must be ..."``) and the
    dice struct its type (``"Dice: expected an object"``).

    >>> _option_error("Dice.count: expected a whole number, got 'x'")
    "options.dice.count: expected a whole number, got 'x'"
    >>> _option_error("Alfredopoly needs at least two dice (doubles matter)")
    'options.dice: Alfredopoly needs at least two dice (doubles matter)'
    """
    if text.startswith("options"):
        return text
    if text.startswith("Dice"):
        return f"options.dice{text[len('Dice') :]}"
    name, _, rest = text.partition(" ")
    if name in AlfredopolySpec.__dataclass_fields__:
        return f"options.{name}: {rest}"
    if "dice" in text:
        return f"options.dice: {text}"
    return f"options: {text}"


def _seed_sequence(seed: Any) -> np.random.SeedSequence:
    """A fresh copy of ``seed`` as a SeedSequence (so play_game spawns the same children
    however often it is called with it)."""
    if isinstance(seed, np.random.SeedSequence):
        return np.random.SeedSequence(seed.entropy, spawn_key=seed.spawn_key)
    if isinstance(seed, np.random.Generator):
        return np.random.SeedSequence(int(seed.integers(2**63)))
    return np.random.SeedSequence(seed)


def _strategy(name: Any) -> str:
    if not isinstance(name, str):
        raise ValueError(
            f"an Alfredopoly strategy is a name ({', '.join(STRATEGIES)}), not {name!r}"
        )
    return name


def _factory(cls: type[AlfredopolyBot]) -> BotFactory:
    def make() -> Bot:
        return wrap_bot(cls())

    make.__name__ = cls.name
    return make


def wrap_bot(bot: AlfredopolyBot) -> Bot:
    """An Alfredopoly :class:`~gamekit.alfredopoly.bots.Bot` as a protocol bot
    ``bot(state, rng)``: every choice draws from the generator passed in.

    >>> from gamekit.alfredopoly.bots import Builder
    >>> from gamekit.core.rng import make_rng
    >>> game = AlfredopolyGame()
    >>> wrap_bot(Builder())(game.new_game(2, seed=0), make_rng(0))
    RollDice()
    """

    def play(state: GameState, rng: np.random.Generator) -> Action:
        if state.spec is None:
            words = Words("no.spec")
            raise phrasebook().refused(words)
        bot.rng = rng
        return bot.choose(state.spec, state)

    play.__name__ = bot.name
    return play


#: The game, as :func:`gamekit.games` finds it.
GAME = AlfredopolyGame()

__all__ = ["GAME", "AlfredopolyGame", "spec_from_options", "spec_options", "wrap_bot"]
