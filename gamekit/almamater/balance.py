"""The balance report: who wins, by how much, and which action spaces get used.

:func:`balance` plays seeded games with :func:`~gamekit.almamater.simulate.simulate` (seats
rotated, so each strategy sits in every seat equally often) for each player count and
returns a :class:`Balance` of tidy frames:

- ``wins``: each strategy's win share with a 95% Wilson interval and its ratio to the fair
  share (1 / players); a shared win counts as a win, as in ``simulate``;
- ``scores``: each strategy's final score min / median / mean / max;
- ``visits``: placements per game on each action space, by all players together;
- ``lines``: the nine score lines' means per strategy (plus prestige during play).

>>> report = balance(players=(2,), games=2, seed=1, strategies=("scholar", "dean"))
>>> report.wins[["players", "strategy", "plays"]].values.tolist()
[[2, 'dean', 2], [2, 'scholar', 2]]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from gamekit.almamater.bots import BOTS, Bot
from gamekit.almamater.components import Components, load_components
from gamekit.almamater.rules import action_space
from gamekit.almamater.scoring import DURING_PLAY, RULES
from gamekit.almamater.simulate import simulate
from gamekit.almamater.spec import AlmaMaterSpec, make_spec
from gamekit.almamater.state import GameState
from gamekit.core.actions import Action
from gamekit.core.rng import Seed
from gamekit.core.stats import wilson

STRATEGIC = ("scholar", "dean")
"""The shipped strategic bots: the default line-up of a balance report."""

__all__ = ["STRATEGIC", "Balance", "balance", "report_text", "wilson", "win_shares"]


@dataclass(frozen=True)
class Balance:
    """The report's tidy frames (see the module docstring), each with a ``players`` column."""

    wins: pd.DataFrame
    scores: pd.DataFrame
    visits: pd.DataFrame
    lines: pd.DataFrame
    strategy_visits: pd.DataFrame
    """Placements per game on each action space by each strategy's seats together."""
    games: pd.DataFrame
    """The raw ``simulate`` frames of every player count, one row per player and game."""

    def long(self) -> pd.DataFrame:
        """All figures in one long frame: ``players, section, strategy, item, value``
        (``strategy`` is ``all`` for visits). The CSV and JSON output of the command.

        >>> r = balance(players=(2,), games=1, seed=1, strategies=("dean", "scholar"))
        >>> sorted(r.long()["section"].unique())
        ['lines', 'scores', 'visits', 'wins']
        """
        parts = []
        for section, frame, items in (
            ("wins", self.wins, ["plays", "wins", "win share", "low", "high", "vs fair share"]),
            ("scores", self.scores, ["min", "median", "mean", "max"]),
            ("lines", self.lines, [*RULES, DURING_PLAY]),
        ):
            melted = frame.melt(id_vars=["players", "strategy"], value_vars=items, var_name="item")
            melted.insert(1, "section", section)
            parts.append(melted)
        visits = self.visits.rename(columns={"space": "item", "visits per game": "value"})
        visits = visits.assign(section="visits", strategy="all")
        parts.append(visits[["players", "section", "strategy", "item", "value"]])
        out = pd.concat(parts, ignore_index=True)
        return out[["players", "section", "strategy", "item", "value"]]


def balance(
    players: Iterable[int] = (2, 3, 4),
    games: int = 100,
    seed: Seed = None,
    strategies: Sequence[str | Bot] = STRATEGIC,
    data: str | Path | Components | None = None,
    progress: bool = False,
) -> Balance:
    """Play ``games`` games at each player count and measure the balance (module docstring).

    The same seed gives the same games as ``simulate(n, games, seed, strategies, data)``.

    >>> r = balance(players=(3,), games=1, seed=2, strategies=("random",))
    >>> int(r.wins["plays"].sum()), r.visits["players"].unique().tolist()
    (3, [3])
    """
    counts = sorted({int(n) for n in players})
    if not counts:
        raise ValueError("give at least one player count (2, 3 or 4)")
    for n in counts:
        if not 2 <= n <= 4:
            raise ValueError(f"Alma Mater is for 2 to 4 players, got {n}")
    if games < 1:
        raise ValueError(f"games must be >= 1, got {games}")
    components = data if isinstance(data, Components) else load_components(data)
    frames, visits, by_strategy = [], [], []
    for n in counts:
        spec = make_spec(n, components)
        seen: Counter[tuple[str, str]] = Counter()
        counting = [_counting(s, seen) for s in strategies]
        frame = simulate(n, games, seed, strategies=counting, data=components, progress=progress)
        frame.insert(0, "players", n)
        frames.append(frame)
        visits.append(_visits(spec, seen, games, n))
        by_strategy.append(_strategy_visits(spec, seen, games, n))
    every = pd.concat(frames, ignore_index=True)
    return Balance(
        wins=win_shares(every),
        scores=_scores(every),
        visits=pd.concat(visits, ignore_index=True),
        lines=_lines(every),
        strategy_visits=pd.concat(by_strategy, ignore_index=True),
        games=every,
    )


def win_shares(frame: pd.DataFrame) -> pd.DataFrame:
    """Win share per player count and strategy from ``simulate`` frames (with ``players``).

    >>> f = pd.DataFrame({"players": 2, "strategy": ["a", "b", "a", "b"],
    ...                   "won": [True, False, True, False]})
    >>> win_shares(f)[["strategy", "wins", "win share"]].values.tolist()
    [['a', 2, 1.0], ['b', 0, 0.0]]
    """
    from gamekit.experiments import win_shares as shares_by

    out = shares_by(frame, "players").rename(columns={"games": "plays"})
    out["vs fair share"] = out["win share"] * out["players"]
    return out.drop(columns="fair share").reset_index(drop=True)


def _scores(frame: pd.DataFrame) -> pd.DataFrame:
    grouped = frame.groupby(["players", "strategy"], sort=True)["total"]
    out = grouped.agg(["min", "median", "mean", "max"]).reset_index()
    return out


def _lines(frame: pd.DataFrame) -> pd.DataFrame:
    numeric = [*RULES, DURING_PLAY]
    return frame.groupby(["players", "strategy"], sort=True)[numeric].mean().reset_index()


def _spaces(spec: AlmaMaterSpec, seen: Counter[tuple[str, str]]) -> list[str]:
    spaces = [*spec.spaces, "starting_student"]
    return spaces + sorted({s for _, s in seen if s not in spaces})


def _visits(
    spec: AlmaMaterSpec, seen: Counter[tuple[str, str]], games: int, n: int
) -> pd.DataFrame:
    total: Counter[str] = Counter()
    for (_, space), k in seen.items():
        total[space] += k
    spaces = _spaces(spec, seen)
    return pd.DataFrame(
        {"players": n, "space": spaces, "visits per game": [total[s] / games for s in spaces]}
    )


def _strategy_visits(
    spec: AlmaMaterSpec, seen: Counter[tuple[str, str]], games: int, n: int
) -> pd.DataFrame:
    rows = [
        {
            "players": n,
            "strategy": name,
            "space": space,
            "visits per game": seen[name, space] / games,
        }
        for name in sorted({name for name, _ in seen})
        for space in _spaces(spec, seen)
    ]
    return pd.DataFrame(rows, columns=["players", "strategy", "space", "visits per game"])


def _counting(strategy: str | Bot, seen: Counter[tuple[str, str]]) -> Bot:
    """The bot of ``strategy``, counting the action space of every placement it makes."""
    if isinstance(strategy, str):
        if strategy not in BOTS:
            raise ValueError(f"unknown strategy {strategy!r}; known: {', '.join(BOTS)}")
        name, bot = strategy, BOTS[strategy]
    elif callable(strategy):
        name, bot = str(getattr(strategy, "__name__", type(strategy).__name__)), strategy
    else:
        raise ValueError(f"a strategy is a bot name ({', '.join(BOTS)}) or a bot callable")

    def counted(
        spec: AlmaMaterSpec, state: GameState, legal: Sequence[Action], rng: np.random.Generator
    ) -> Action:
        action = bot(spec, state, legal, rng)
        space = action_space(spec, action) if state.phase == "action" else None
        if space is not None:
            seen[name, space] += 1
        return action

    counted.__name__ = name
    return counted


def report_text(report: Balance) -> str:
    """The report as plain text tables, one block per player count (the command's table).

    >>> print(report_text(balance(players=(2,), games=1, seed=1)).splitlines()[0])
    == 2 players, 1 game ==
    """
    from gamekit.core.output import render_frame

    blocks = []
    for n in sorted(report.wins["players"].unique()):
        games = int(report.games.loc[report.games["players"] == n, "game"].nunique())
        wins = report.wins[report.wins["players"] == n].drop(columns="players")
        scores = report.scores[report.scores["players"] == n].drop(columns="players")
        visits = report.visits[report.visits["players"] == n].drop(columns="players")
        lines = report.lines[report.lines["players"] == n].drop(columns="players")
        lines = lines.set_index("strategy").T.rename_axis("score line").reset_index()
        blocks.append(
            "\n".join(
                (
                    f"== {n} players, {games} game{'s' if games != 1 else ''} ==",
                    "win share (95% interval low-high; 1.0 = fair share in 'vs fair share')",
                    render_frame(wins.round(3), "table"),
                    "final score",
                    render_frame(scores.round(2), "table"),
                    "action-space visits per game (all players)",
                    render_frame(visits.round(2), "table"),
                    "mean score lines",
                    render_frame(lines.round(2), "table"),
                )
            )
        )
    return "\n".join(blocks)
