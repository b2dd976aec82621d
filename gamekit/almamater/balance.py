"""The balance report: who wins, by how much, and which action spaces get used.

:func:`balance` plays seeded games with :func:`~gamekit.almamater.simulate.simulate` (seats
rotated, so each strategy sits in every seat equally often) for each player count and
returns a :class:`Balance` of tidy frames:

- ``wins``: each strategy's win share with a 95% Wilson interval and its ratio to the fair
  share (1 / players); a shared win counts as a win, as in ``simulate``;
- ``scores``: each strategy's final score min / median / mean / max;
- ``visits``: placements per game on each action space, by all players together;
- ``lines``: the nine score lines' means per strategy (plus prestige during play);
- ``lineups``: the win shares of each line-up (which strategies sat at the table) apart, per
  seat: at 3 players two strategies give dean+scholar+scholar in one game and
  dean+dean+scholar in the next, and the average over both can hide a lone strategy that wins
  far more than its share (:func:`lineup_shares`);
- ``chancellors``: the win share of each chancellor's holder, over every seat
  (:func:`chancellor_shares`): a chancellor whose holder wins far more than its fair share
  is a kit default (or a bot's choice) to look at;
- ``positions``: the win share of each place in round 1's turn order (1 = first, who also
  chooses a chancellor first; :func:`position_shares`): the seats rotate, the turn order does
  not, since it comes from the founding cards kept;
- :func:`targets` judges the kit's balance targets on the worst line-up, not the average,
  and on the best-placed chancellor and turn-order position.

>>> report = balance(players=(2,), games=2, seed=1, strategies=("scholar", "dean"))
>>> report.wins[["players", "strategy", "plays"]].values.tolist()
[[2, 'dean', 2], [2, 'scholar', 2]]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from gamekit.almamater.bots import BOTS, Bot
from gamekit.almamater.components import Components, load_components
from gamekit.almamater.game import AlmaMaterGame
from gamekit.almamater.rules import action_space
from gamekit.almamater.scoring import DURING_PLAY, RULES
from gamekit.almamater.spec import AlmaMaterSpec, make_spec
from gamekit.almamater.state import GameState
from gamekit.core.actions import Action
from gamekit.core.rng import Seed
from gamekit.core.simulate import simulate as run_simulation
from gamekit.core.stats import counted_shares, wilson

STRATEGIC = ("scholar", "dean")
"""The shipped strategic bots: the default line-up of a balance report."""

TWO_PLAYER_RANGE = (0.35, 0.65)
"""Target: in a 2-player game of two different strategies each wins 35-65% of the games."""
MAX_VS_FAIR = 1.5
"""Target: at 3-4 players no strategy's seat wins more than 1.5 times its fair share; at
every player count no chancellor's holder and no turn-order position either."""

__all__ = [
    "MAX_VS_FAIR",
    "STRATEGIC",
    "TWO_PLAYER_RANGE",
    "Balance",
    "balance",
    "chancellor_shares",
    "lineup_shares",
    "position_shares",
    "report_text",
    "targets",
    "wilson",
    "win_shares",
]


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
    """The raw ``simulate`` frames of every player count, one row per player and game, with
    one more column: ``chancellor``, the chancellor that seat held."""
    lineups: pd.DataFrame
    """Win shares per line-up and strategy, per seat (:func:`lineup_shares`)."""
    chancellors: pd.DataFrame
    """Win shares per chancellor held, over every seat (:func:`chancellor_shares`)."""
    positions: pd.DataFrame
    """Win shares per place in round 1's turn order (:func:`position_shares`)."""

    def long(self) -> pd.DataFrame:
        """All figures in one long frame: ``players, section, line-up, strategy, group,
        item, value`` (``strategy`` is ``all`` for visits, chancellors and positions;
        ``line-up`` is ``all`` except in the ``line-ups`` section; ``group`` is the
        chancellor held in the ``chancellors`` section, the turn-order position in the
        ``positions`` section and ``all`` elsewhere). The CSV and JSON output of the command.

        >>> r = balance(players=(2,), games=1, seed=1, strategies=("dean", "scholar"))
        >>> sorted(r.long()["section"].unique())
        ['chancellors', 'line-ups', 'lines', 'positions', 'scores', 'visits', 'wins']
        """
        parts = []
        for section, frame, items in (
            ("wins", self.wins, ["plays", "wins", "win share", "low", "high", "vs fair share"]),
            ("scores", self.scores, ["min", "median", "mean", "max"]),
            ("lines", self.lines, [*RULES, DURING_PLAY]),
        ):
            melted = frame.melt(id_vars=["players", "strategy"], value_vars=items, var_name="item")
            melted.insert(1, "section", section)
            parts.append(melted.assign(**{"line-up": "all"}))
        visits = self.visits.rename(columns={"space": "item", "visits per game": "value"})
        parts.append(visits.assign(section="visits", strategy="all", **{"line-up": "all"}))
        items = ["seats", "games", "plays", "wins", "win share", "low", "high", "vs fair share"]
        lineups = self.lineups.melt(
            id_vars=["players", "line-up", "strategy"], value_vars=items, var_name="item"
        )
        parts.append(lineups.assign(section="line-ups"))
        items = ["plays", "wins", "win share", "low", "high", "vs fair share"]
        for section, frame, column in (
            ("chancellors", self.chancellors, "chancellor"),
            ("positions", self.positions, "position"),
        ):
            melted = frame.melt(id_vars=["players", column], value_vars=items, var_name="item")
            melted = melted.rename(columns={column: "group"}).astype({"group": str})
            parts.append(melted.assign(section=section, strategy="all", **{"line-up": "all"}))
        out = pd.concat(parts, ignore_index=True)
        out["group"] = out["group"].fillna("all")
        return out[["players", "section", "line-up", "strategy", "group", "item", "value"]]


def balance(
    players: Iterable[int] = (2, 3, 4),
    games: int = 100,
    seed: Seed = None,
    strategies: Sequence[str | Bot] = STRATEGIC,
    data: str | Path | Components | None = None,
    progress: bool = False,
) -> Balance:
    """Play ``games`` games at each player count and measure the balance (module docstring).

    The same seed gives the same games as ``simulate(n, games, seed, strategies, data)``;
    the report's ``games`` frame is that frame with one more column, ``chancellor`` (the
    chancellor each seat held).

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
        frame = run_simulation(
            _REPORT_GAME, n, games, seed, counting, rotate=True, spec=spec, progress=progress
        )
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
        lineups=lineup_shares(every),
        chancellors=chancellor_shares(every),
        positions=position_shares(every),
    )


class _ReportGame(AlmaMaterGame):
    """Alma Mater as ``simulate`` plays it, whose rows also name the chancellor each seat
    held (``simulate``'s own frame stays as the lessons know it)."""

    def result_columns(self) -> tuple[str, ...]:
        return (*super().result_columns(), "chancellor")

    def result_rows(
        self, state: GameState, strategies: Sequence[str], extra: Mapping[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        rows = super().result_rows(state, strategies, extra)
        for row, player in zip(rows, state.players, strict=True):
            row["chancellor"] = player.chancellor
        return rows


_REPORT_GAME = _ReportGame()


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


def lineup_shares(frame: pd.DataFrame) -> pd.DataFrame:
    """Win shares per player count, line-up and strategy, per seat, from ``simulate`` frames
    (with a ``players`` column).

    A game's line-up names the strategies at its table, sorted, joined by ``+``
    (``dean+scholar+scholar``). For each strategy in it: ``seats`` (its seats in that line-up),
    ``games``, ``plays`` (seats x games), ``wins`` (its winning seats; a shared win counts,
    as in :func:`win_shares`), ``win share`` per seat (wins / plays), a 95% Wilson interval
    ``low``-``high`` over the plays (when a strategy has two seats, they rarely both win,
    which makes this interval a little wider than it needs to be, never narrower) and ``vs
    fair share`` (win share x players: 1.0 is a fair share, 1.6 is 60% more).

    >>> f = pd.DataFrame({"players": 3, "game": [0, 0, 0, 1, 1, 1],
    ...                   "strategy": ["d", "s", "s", "s", "d", "d"],
    ...                   "won": [True, False, False, True, False, False]})
    >>> table = lineup_shares(f)[["line-up", "strategy", "seats", "wins", "win share"]]
    >>> for row in table.values.tolist():
    ...     print(row)
    ['d+d+s', 'd', 2, 0, 0.0]
    ['d+d+s', 's', 1, 1, 1.0]
    ['d+s+s', 'd', 1, 1, 1.0]
    ['d+s+s', 's', 2, 0, 0.0]
    """
    keys = ["players", "game"]
    names = frame.groupby(keys, sort=False)["strategy"].agg(
        lambda s: "+".join(sorted(str(x) for x in s))
    )
    tagged = frame.join(names.rename("line-up"), on=keys)
    out = counted_shares(tagged, ["players", "line-up", "strategy"], "won", count="plays")
    games = tagged.groupby(["players", "line-up"])["game"].nunique().rename("games")
    out = out.merge(games.reset_index(), on=["players", "line-up"])
    out["seats"] = out["plays"] // out["games"]
    out["vs fair share"] = out["win share"] * out["players"]
    columns = ["players", "line-up", "strategy", "seats", "games", "plays", "wins"]
    return out[[*columns, "win share", "low", "high", "vs fair share"]]


def _shares_by(frame: pd.DataFrame, column: str) -> pd.DataFrame:
    """Win shares per player count and value of ``column``, over every seat: ``plays``
    (seats x games with that value), ``wins`` (a shared win counts), ``win share``, a 95%
    Wilson interval ``low``-``high`` and ``vs fair share`` (win share x players)."""
    out = counted_shares(frame, ["players", column], "won", count="plays")
    out["vs fair share"] = out["win share"] * out["players"]
    return out[["players", column, "plays", "wins", "win share", "low", "high", "vs fair share"]]


def chancellor_shares(frame: pd.DataFrame) -> pd.DataFrame:
    """Win share of each chancellor's holder per player count, over every seat and strategy,
    from frames with ``players``, ``chancellor`` and ``won`` (the report's ``games``).

    Columns: ``players, chancellor, plays`` (the seats that held it), ``wins`` (a shared
    win counts), ``win share``, the 95% Wilson interval ``low``-``high`` and ``vs fair
    share`` (win share x players; the target is at most :data:`MAX_VS_FAIR`). A chancellor
    never held has no row. The strategies choose their chancellors, so a holder's share
    also carries the strategy that likes it.

    >>> f = pd.DataFrame({"players": 2, "chancellor": ["Alberti", "Erasmus"] * 2,
    ...                   "won": [True, False, True, False]})
    >>> chancellor_shares(f)[["chancellor", "wins", "vs fair share"]].values.tolist()
    [['Alberti', 2, 2.0], ['Erasmus', 0, 0.0]]
    """
    return _shares_by(frame, "chancellor")


def position_shares(frame: pd.DataFrame) -> pd.DataFrame:
    """Win share of each place in round 1's turn order per player count (1 = first, the
    lowest white sum, who also chooses a chancellor first), over every seat, from frames with
    ``players``, ``position`` and ``won``. Columns as in :func:`chancellor_shares`.

    Seats rotate over the strategies, positions do not: in a mirror (one strategy in every
    seat) a position's share is what going first, second ... is worth to that strategy.

    >>> f = pd.DataFrame({"players": 3, "position": [1, 2, 3, 2, 1, 3],
    ...                   "won": [True, False, False, False, True, False]})
    >>> table = position_shares(f)
    >>> table["wins"].tolist(), table["vs fair share"].tolist()
    ([2, 0, 0], [3.0, 0.0, 0.0])
    """
    return _shares_by(frame, "position")


def targets(report: Balance) -> pd.DataFrame:
    """The kit's balance targets judged on the worst line-up of each player count.

    2 players (line-ups of two different strategies): each wins 35-65%
    (:data:`TWO_PLAYER_RANGE`); the worst row is the share furthest from 50% (the higher
    on a tie). 3-4 players:
    no strategy's seat wins more than 1.5 x its fair share (:data:`MAX_VS_FAIR`) in any
    line-up; the worst row is the highest ``vs fair share``. Columns: ``players, target,
    line-up, strategy, value, low, high`` (the 95% interval, in the value's unit), ``met``
    (the value meets the target) and ``sure`` (the whole interval lies on the same side
    of the limit: the verdict is not luck).

    Then at every player count: no chancellor's holder and no place in round 1's turn
    order wins more than 1.5 x its fair share (``line-up`` and ``strategy`` are ``all``;
    the worst row's chancellor or position is in ``group``, which is ``all`` for the
    line-up targets).

    >>> r = balance(players=(3,), games=4, seed=1)
    >>> for row in targets(r)[["players", "target"]].values.tolist():
    ...     print(row)
    [3, 'at most 1.5 x fair share per seat in every line-up']
    [3, 'at most 1.5 x fair share per chancellor held']
    [3, 'at most 1.5 x fair share per turn-order position']
    """
    rows = []
    lo_limit, hi_limit = TWO_PLAYER_RANGE
    for players in sorted(report.lineups["players"].unique()):
        n = int(players)
        group = report.lineups[report.lineups["players"] == n]
        if n == 2:
            pairs = group[group["seats"] == 1]
            if pairs.empty:
                continue
            distance = (pairs["win share"] - 0.5).abs().round(12)  # ties: the higher share
            worst = pairs.assign(d=distance).sort_values(["d", "win share"]).iloc[-1]
            value, low, high = (float(worst[c]) for c in ("win share", "low", "high"))
            met = lo_limit <= value <= hi_limit
            inside = lo_limit <= low and high <= hi_limit
            outside = high < lo_limit or low > hi_limit
            target = f"{lo_limit:.0%}-{hi_limit:.0%} win share in every line-up"
        else:
            worst = group.sort_values("vs fair share", kind="stable").iloc[-1]
            value = float(worst["vs fair share"])
            low, high = float(worst["low"]) * n, float(worst["high"]) * n
            met = value <= MAX_VS_FAIR
            inside, outside = high <= MAX_VS_FAIR, low > MAX_VS_FAIR
            target = f"at most {MAX_VS_FAIR} x fair share per seat in every line-up"
        rows.append(
            {
                "players": n,
                "target": target,
                "line-up": worst["line-up"],
                "strategy": worst["strategy"],
                "value": value,
                "low": low,
                "high": high,
                "met": bool(met),
                "sure": bool(inside if met else outside),
            }
        )
    for frame, column, what in (
        (report.chancellors, "chancellor", "chancellor held"),
        (report.positions, "position", "turn-order position"),
    ):
        for players in sorted(frame["players"].unique()):
            n = int(players)
            ranked = frame[frame["players"] == n].sort_values("vs fair share", kind="stable")
            row, group = ranked.iloc[-1], ranked[column].iloc[-1]
            value = float(row["vs fair share"])
            low, high = float(row["low"]) * n, float(row["high"]) * n
            met = value <= MAX_VS_FAIR
            rows.append(
                {
                    "players": n,
                    "target": f"at most {MAX_VS_FAIR} x fair share per {what}",
                    "line-up": "all",
                    "strategy": "all",
                    "group": str(group),
                    "value": value,
                    "low": low,
                    "high": high,
                    "met": bool(met),
                    "sure": bool(high <= MAX_VS_FAIR if met else low > MAX_VS_FAIR),
                }
            )
    columns = ["players", "target", "line-up", "strategy", "group", "value", "low", "high"]
    out = pd.DataFrame(rows, columns=[*columns, "met", "sure"])
    out["group"] = out["group"].fillna("all")
    return out.sort_values("players", kind="stable").reset_index(drop=True)


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
        lineups = report.lineups[report.lineups["players"] == n].drop(columns="players")
        chancellors = report.chancellors[report.chancellors["players"] == n]
        positions = report.positions[report.positions["players"] == n]
        per_lineup: tuple[str, ...] = ()
        if (lineups["seats"] > 1).any():
            per_lineup = (
                "win share per seat in each line-up (seats repeat a strategy; the average"
                " above mixes them)",
                render_frame(lineups.round(3), "table"),
            )
        blocks.append(
            "\n".join(
                (
                    f"== {n} players, {games} game{'s' if games != 1 else ''} ==",
                    "win share (95% interval low-high; 1.0 = fair share in 'vs fair share')",
                    render_frame(wins.round(3), "table"),
                    *per_lineup,
                    "win share per chancellor held (every seat; 1.0 = fair share)",
                    render_frame(chancellors.drop(columns="players").round(3), "table"),
                    "win share per place in round 1's turn order (1 = first; every seat)",
                    render_frame(positions.drop(columns="players").round(3), "table"),
                    "final score",
                    render_frame(scores.round(2), "table"),
                    "action-space visits per game (all players)",
                    render_frame(visits.round(2), "table"),
                    "mean score lines",
                    render_frame(lines.round(2), "table"),
                )
            )
        )
    judged = targets(report)
    if not judged.empty:
        judged = judged.assign(
            met=judged["met"].map({True: "yes", False: "NO"}),
            sure=judged["sure"].map({True: "yes", False: "no"}),
        )
        blocks.append(
            "== targets, judged on the worst line-up, chancellor and position"
            " (sure: the 95% interval agrees) ==\n" + render_frame(judged.round(3), "table")
        )
    return "\n".join(blocks)
