"""Whole games between bots, fast: the lessons compare strategies over thousands of games.

:func:`play_game` keeps one working :class:`~gamekit.alfredopoly.engine.Table` for a
whole game (the same rule code as the checked API, without freezing a state after
every action) and draws the dice in blocks from one seeded generator. Tests replay its
choices through the checked ``apply`` and get identical states.

>>> df = simulate(players=4, games=2, seed=7, max_rounds=50)
>>> list(df.columns)[:6]
['game', 'seat', 'player', 'strategy', 'final_cash', 'net_worth']
>>> len(df), sorted(df.groupby("game")["rank"].min())
(8, [1, 1])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

import gamekit
from gamekit.alfredopoly.board import Board
from gamekit.alfredopoly.bots import Bot, make_bot
from gamekit.alfredopoly.constants import MAX_PLAYERS, MIN_PLAYERS
from gamekit.alfredopoly.engine import HANDLERS, Table
from gamekit.alfredopoly.rules import new_game
from gamekit.alfredopoly.spec import AlfredopolySpec
from gamekit.alfredopoly.state import GameState
from gamekit.core.actions import Action
from gamekit.core.game import Game
from gamekit.core.parallel import pop_run_options
from gamekit.core.rng import Seed, make_rng
from gamekit.core.simulate import simulate as run_simulation
from gamekit.core.simulate import simulate_to_csv as run_simulation_to_csv

DEFAULT_STRATEGIES = ("buy_all", "reserve", "builder")
_DICE_BLOCK = 512
ACTION_LIMIT = 200_000
_CHANCE = frozenset({"dice", "card_dice"})


@dataclass
class GameRecord:
    """What :func:`play_game` did: the chance outcomes and actions in order."""

    start: GameState
    steps: list[tuple[str, Any]] = field(default_factory=list)


def play_game(
    spec: AlfredopolySpec,
    bots: Sequence[Bot],
    seed: Seed = None,
    *,
    record: GameRecord | None = None,
    on_step: Callable[[Table], None] | None = None,
    log: bool = False,
) -> tuple[Table, int]:
    """Play one game to its end; the final table and the number of decisions taken.

    ``seed`` shuffles the decks and rolls the dice. ``record`` (a :class:`GameRecord`)
    collects every roll and action for replay; ``on_step`` sees the table after each.

    >>> spec = AlfredopolySpec(max_rounds=20)
    >>> table, n = play_game(spec, [make_bot("buy_all", 1), make_bot("builder", 2)], seed=5)
    >>> table.phase, table.round <= 21
    ('over', True)
    """
    rng = make_rng(seed)
    state = new_game(spec, len(bots), seed=rng)
    if record is not None:
        record.start = state
    t = Table(spec, state, log=log)
    sides, count = spec.dice.sides, spec.dice.count
    rows: list[list[int]] = []  # a block of rolls
    k = 0
    actions = 0
    steps = record.steps if record is not None else None
    roll = t.roll
    handlers = HANDLERS  # Table.do's own dispatch, used here without the call to do
    decide = [bot.decide for bot in bots]
    while t.phase != "over":
        if t.phase in _CHANCE:
            if k == len(rows):
                # one draw of a whole block (the stream the seeded games were made with);
                # a roll becomes a tuple only when it is rolled
                rows = rng.integers(1, sides + 1, size=(_DICE_BLOCK, count)).tolist()
                k = 0
            values = tuple(rows[k])
            k += 1
            roll(values)
            if steps is not None:
                steps.append(("roll", values))
        else:
            action: Action = decide[t.actor](t)
            handlers[type(action)](t, action)  # t.do(action)
            actions += 1
            if steps is not None:
                steps.append(("act", action))
            if actions > ACTION_LIMIT:
                raise RuntimeError(
                    f"a game took more than {ACTION_LIMIT:,} decisions: a bot may be looping, "
                    "or nobody can win (give a round limit)"
                )
        if on_step is not None:
            on_step(t)
    return t, actions


def _strategies(strategies: str | Sequence[str], players: int) -> list[str]:
    names = strategies.split(",") if isinstance(strategies, str) else list(strategies)
    names = [n.strip() for n in names if n.strip()]
    if not names:
        raise ValueError("give at least one strategy")
    return [names[i % len(names)] for i in range(players)]


def simulate(
    players: int = 4,
    games: int = 100,
    seed: Seed = 0,
    max_rounds: int | None = 200,
    strategies: str | Sequence[str] = DEFAULT_STRATEGIES,
    board: str | Path | Board = "alfred",
    *,
    spec: AlfredopolySpec | None = None,
    progress: bool = False,
    rotate: bool = False,
    workers: int | None = None,
    executor: Executor | None = None,
    chunk: int | None = None,
) -> pd.DataFrame:
    """Play ``games`` bot games; one row per game and seat (a tidy frame).

    Seats get ``strategies`` in turn (``"buy_all,reserve"`` or a list). Columns: game,
    seat, player, strategy, final_cash, net_worth (round-limit ranking rule), properties,
    sculptures, statues, rank (1 = best), won, rounds, ended ("round limit" or "last player
    standing"), actions. Same seed, same frame. ``progress=True`` shows a tqdm bar.

    ``rotate=True`` shifts the seats by one each game, as Alma Mater's ``simulate`` does:
    game ``g`` gives seat ``i`` the strategy the first game gives seat ``(i + g) % players``,
    so over a multiple of ``players`` games every strategy sits in every seat equally
    often (seat 0 moves first). Off by default, so seeded results stay as they were.

    Game ``g`` is played from its own seed (child ``g`` of the run's seed sequence), so
    the games can run in parallel: ``workers`` processes (default: every core once the
    run is large enough, see :func:`gamekit.core.parallel.choose_workers`) or any
    ``executor`` (a process pool, a Dask client's ``get_executor()``), in chunks of
    ``chunk`` games. The frame is the same for any of these. Ctrl-C raises
    :class:`gamekit.core.parallel.Interrupted` with the finished games' rows.

    >>> df = simulate(players=2, games=2, seed=1, max_rounds=5, strategies="buy_all,reserve",
    ...               rotate=True)
    >>> df.pivot(index="game", columns="seat", values="strategy").values.tolist()
    [['buy_all', 'reserve'], ['reserve', 'buy_all']]
    """
    options = _options(
        players=players, games=games, seed=seed, max_rounds=max_rounds, strategies=strategies,
        board=board, spec=spec, rotate=rotate,
    )  # fmt: skip
    return run_simulation(
        game(), **options, workers=workers, executor=executor, chunk=chunk, progress=progress
    )


def simulate_to_csv(path: str | Path, games: int = 100, **options: Any) -> int:
    """Like :func:`simulate`, but each chunk's rows are appended to the CSV file ``path``
    as soon as it and the chunks before it have finished, so a run of a million games
    needs memory for a few chunks only. Returns the number of games written; reading the
    file back gives :func:`simulate`'s frame.

    >>> import tempfile, pathlib
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "games.csv"
    >>> simulate_to_csv(out, games=3, players=2, seed=4, max_rounds=10)
    3
    >>> len(out.read_text().splitlines())  # a header and two seats per game
    7
    """
    run = pop_run_options(options)
    return run_simulation_to_csv(path, game(), **_options(games=games, **options), **run)


def game() -> Game:
    """Alfredopoly behind the Game protocol (what :func:`simulate` plays through)."""
    return gamekit.games()["alfredopoly"]


def _options(
    *,
    players: int = 4,
    games: int = 100,
    seed: Seed = 0,
    max_rounds: int | None = 200,
    strategies: str | Sequence[str] = DEFAULT_STRATEGIES,
    board: str | Path | Board = "alfred",
    spec: AlfredopolySpec | None = None,
    rotate: bool = False,
) -> dict[str, Any]:
    """The arguments of :func:`gamekit.core.simulate.simulate`, after checking ours."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a whole number >= 0, got {games!r}")
    small = isinstance(players, int) and not isinstance(players, bool) and players <= 100
    if small and not MIN_PLAYERS <= players <= MAX_PLAYERS:  # beyond: the run's own check
        raise ValueError(f"Alfredopoly seats {MIN_PLAYERS} to {MAX_PLAYERS} players, got {players}")
    if spec is None:
        spec = AlfredopolySpec(board, max_rounds=max_rounds)
    if spec.max_rounds is None:  # two careful bots can circle the board for ever
        raise ValueError("a simulation needs a round limit (max_rounds), or a game may never end")
    names = _strategies(strategies, players)
    for n in set(names):
        make_bot(n)
    # a Generator seed gives one draw of entropy, so the games can still run anywhere
    return dict(
        players=players, games=games, seed=_entropy(seed), strategies=names, rotate=rotate,
        spec=spec,
    )  # fmt: skip


COLUMNS = (
    "game", "seat", "player", "strategy", "final_cash", "net_worth", "properties",
    "sculptures", "statues", "rank", "won", "rounds", "ended", "actions",
)  # fmt: skip


def _entropy(seed: Seed) -> Any:
    if isinstance(seed, np.random.Generator):
        return int(seed.integers(2**63))
    return seed
