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
- ``line_shares``: each strategy's share of its points by score line
  (:func:`line_shares`), with a 95% interval: a strong player that takes most of its points
  from one line points at one generous kit default;
- :func:`targets` judges the kit's balance targets on the worst line-up, not the average,
  and on the best-placed chancellor and turn-order position.

**The judge's line-ups** (issue 27): ``balance(lineups=SUITE)`` (``gamekit almamater
balance --lineups suite``) plays each line-up of :data:`SUITE` apart, seats rotated, at its
own player count: the 2-player duels scholar vs dean, greedy vs random and the ``search``
bot (no strategy, rules and scoring only: the judge of "no dominant line") against scholar
and dean; every line-up of three or four different strategies of :data:`JUDGES` (scholar,
dean, search, greedy); and the line-ups a class seats (:data:`CLASS_LINEUPS`). Such a report
also has ``lineup_visits`` (visits per game per line-up and space, :func:`lineup_visits`) and
its targets are the issue's (:data:`GOALS`); :func:`worst_excess` sums them up in one
number, the largest normalised excess over a target, which ``gamekit almamater tune``
minimises.

>>> report = balance(players=(2,), games=2, seed=1, strategies=("scholar", "dean"))
>>> report.wins[["players", "strategy", "plays"]].values.tolist()
[[2, 'dean', 2], [2, 'scholar', 2]]
"""

from __future__ import annotations

import math
import zlib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from itertools import combinations, combinations_with_replacement
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from gamekit.almamater.bots import BOTS, Bot
from gamekit.almamater.components import Components, load_components
from gamekit.almamater.game import AlmaMaterGame
from gamekit.almamater.rules import action_space, legal_actions, step
from gamekit.almamater.scoring import DURING_PLAY, RULES
from gamekit.almamater.setup import new_game
from gamekit.almamater.spec import make_spec
from gamekit.almamater.state import GameState
from gamekit.core.rng import Seed, make_rng
from gamekit.core.simulate import simulate as run_simulation
from gamekit.core.stats import Z95, counted_shares, wilson

STRATEGIC = ("scholar", "dean")
"""The shipped strategic bots: the default line-up of a balance report."""

TWO_PLAYER_RANGE = (0.35, 0.65)
"""Target: in a 2-player game of two different strategies each wins 35-65% of the games."""
MAX_VS_FAIR = 1.5
"""Target: at 3-4 players no strategy's seat wins more than 1.5 times its fair share; at
every player count no chancellor's holder and no turn-order position either."""

JUDGES = ("scholar", "dean", "search", "greedy")
"""The strategies whose line-ups the judge plays at 3 and 4 players (issue 27): every line-up
of three or four different ones, seats rotated."""
CLASS_LINEUPS = (
    ("scholar", "dean", "greedy"),
    ("random", "scholar", "dean"),
    ("scholar", "scholar", "dean", "greedy"),
)
"""Line-ups a class seats: lesson 4's tournament, a random player at the table, and two
scholars with a dean and a greedy player."""
DUELS = (("scholar", "dean"), ("greedy", "random"), ("scholar", "search"), ("dean", "search"))
"""The judge's 2-player line-ups."""

DUEL_RANGE = (0.40, 0.60)
"""Issue 27 target: in 2-player scholar vs dean each wins 40-60% of the games."""
MAX_JUDGED_VS_FAIR = 1.6
"""Issue 27 target: no strategy's seat above 1.6 x its fair share in any line-up of
:data:`JUDGES` at 3 and 4 players."""
MAX_LINE_SHARE = 0.25
"""Issue 27 target: the search bot takes at most 25% of its points from one score line."""
MIN_VISITS = 1.0
"""Issue 27 target: every action space gets at least 1 visit a game in every line-up."""
GREEDY_OVER_RANDOM = 0.5
"""Issue 27 target: greedy wins at least half of its 2-player games against random."""


def suite(every: bool = False) -> tuple[tuple[str, ...], ...]:
    """The judge's line-ups: :data:`DUELS`, every line-up of 3 and of 4 different
    :data:`JUDGES`, then the :data:`CLASS_LINEUPS` not already there. ``every=True`` adds
    every line-up of 3 and 4 seats from :data:`JUDGES` with repeats (no mirrors).

    >>> [len(s) for s in suite()]
    [2, 2, 2, 2, 3, 3, 3, 3, 4, 3, 4]
    >>> len(suite(every=True))  # 4 duels, 16 + 31 line-ups with repeats, random+scholar+dean
    52
    """
    out: list[tuple[str, ...]] = [*DUELS]
    for n in (3, 4):
        pick = combinations_with_replacement(JUDGES, n) if every else combinations(JUDGES, n)
        out.extend(c for c in pick if len(set(c)) > 1)
    seen = {tuple(sorted(x)) for x in out}
    out.extend(c for c in CLASS_LINEUPS if tuple(sorted(c)) not in seen)
    return tuple(out)


SUITE = suite()
"""The judge's default line-ups (:func:`suite`): 11 line-ups, 4 of 2 players, 5 of 3 and 2
of 4."""

__all__ = [
    "CLASS_LINEUPS",
    "DUELS",
    "DUEL_RANGE",
    "GOALS",
    "GREEDY_OVER_RANDOM",
    "JUDGES",
    "MAX_JUDGED_VS_FAIR",
    "MAX_LINE_SHARE",
    "MAX_VS_FAIR",
    "MIN_VISITS",
    "STRATEGIC",
    "SUITE",
    "TWO_PLAYER_RANGE",
    "Balance",
    "balance",
    "chancellor_shares",
    "line_shares",
    "lineup_shares",
    "lineup_visits",
    "parse_lineups",
    "position_shares",
    "report_text",
    "suite",
    "targets",
    "wilson",
    "win_shares",
    "worst_excess",
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
    line_shares: pd.DataFrame = field(default_factory=pd.DataFrame)
    """Each strategy's share of its points by score line (:func:`line_shares`)."""
    lineup_visits: pd.DataFrame = field(default_factory=pd.DataFrame)
    """Visits per game per line-up and action space (:func:`lineup_visits`)."""
    judged: bool = False
    """Played the judge's line-ups (``lineups=``): :func:`targets` judges the issue 27
    targets (:data:`GOALS`)."""

    def long(self) -> pd.DataFrame:
        """All figures in one long frame: ``players, section, line-up, strategy, group,
        item, value`` (``strategy`` is ``all`` for visits, chancellors and positions;
        ``line-up`` is ``all`` except in the ``line-ups`` and ``line-up visits`` sections;
        ``line shares`` (and ``... low``, ``... high``: the 95% interval) hold each score line's
        share of the strategy's points, ``item`` naming the line; ``line-up visits`` the
        visits a game per line-up and space (a report of line-ups only); ``group`` is the
        chancellor held in the ``chancellors`` section, the turn-order position in the
        ``positions`` section and ``all`` elsewhere). The CSV and JSON output of the command.

        >>> r = balance(players=(2,), games=1, seed=1, strategies=("dean", "scholar"))
        >>> sorted(r.long()["section"].unique())[:4]
        ['chancellors', 'line shares', 'line shares high', 'line shares low']
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
        for measure, suffix in (("share", ""), ("low", " low"), ("high", " high")):
            if not self.line_shares.empty:
                shares = self.line_shares.rename(columns={"line": "item", measure: "value"})
                shares = shares[["players", "strategy", "item", "value"]]
                parts.append(shares.assign(section=f"line shares{suffix}", **{"line-up": "all"}))
            if not self.lineup_visits.empty:
                column = "visits per game" if measure == "share" else measure
                seen = self.lineup_visits.rename(columns={"space": "item", column: "value"})
                seen = seen[["players", "line-up", "item", "value"]]
                parts.append(seen.assign(section=f"line-up visits{suffix}", strategy="all"))
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
    *,
    lineups: Sequence[Sequence[str | Bot]] | None = None,
    workers: int | None = None,
    executor: Executor | None = None,
) -> Balance:
    """Play ``games`` games at each player count and measure the balance (module docstring).

    The same seed gives the same games as ``simulate(n, games, seed, strategies, data)``;
    the report's ``games`` frame is that frame with one more column, ``chancellor`` (the
    chancellor each seat held).

    With ``lineups`` (e.g. :data:`SUITE`) it plays ``games`` games of each line-up instead,
    at the line-up's own player count (only those in ``players``), seats rotated; each
    line-up's games come from its own seed (the seed and the line-up's name), so adding a
    line-up changes no other. The ``games`` frame numbers the games of a player count one
    after another. Chancellors and turn-order positions are then measured over the line-ups
    without a ``random`` seat. ``workers`` processes or an ``executor`` (a Dask client's)
    play the games, as in ``simulate``; the report is the same.

    >>> r = balance(players=(3,), games=1, seed=2, strategies=("random",))
    >>> int(r.wins["plays"].sum()), r.visits["players"].unique().tolist()
    (3, [3])
    >>> r = balance(games=1, seed=2, lineups=[("greedy", "random")])
    >>> r.lineups["line-up"].tolist(), r.judged
    (['greedy+random', 'greedy+random'], True)
    """
    counts = sorted({int(n) for n in players})
    if not counts:
        raise ValueError("give at least one player count (2, 3 or 4)")
    for n in counts:
        if not 2 <= n <= 4:
            raise ValueError(f"Alma Mater is for 2 to 4 players, got {n}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be >= 1, got {games}")
    components = data if isinstance(data, Components) else load_components(data)
    plan: list[tuple[int, tuple[str | Bot, ...], Seed | np.random.SeedSequence]] = []
    if lineups is None:
        plan = [(n, tuple(strategies), seed) for n in counts]
    else:
        base = _base_seed(seed)
        for lineup in lineups:
            seats = tuple(lineup)
            if len(seats) in counts:
                plan.append((len(seats), seats, _lineup_seed(base, seats)))
        if not plan:
            raise ValueError(f"no line-up of {', '.join(map(str, counts))} players given")
    for _, seats, _ in plan:
        for s in seats:
            _name_of(s)  # an unknown bot name is refused before any game
    frames = []
    offset: Counter[int] = Counter()
    spaces: dict[int, list[str]] = {}
    for n, seats, source in plan:
        spec = make_spec(n, components)
        spaces[n] = [*spec.spaces, "starting_student"]
        frame = run_simulation(
            _REPORT_GAME, n, games, source, list(seats), rotate=True, spec=spec,
            workers=workers, executor=executor, progress=progress,
        )  # fmt: skip
        frame["game"] += offset[n]
        offset[n] += games
        frame.insert(0, "players", n)
        frames.append(frame)
    every = pd.concat(frames, ignore_index=True)
    placed = _placements(every, spaces)
    every = every.drop(columns="visits")
    judged = every
    if lineups is not None:
        random_games = every.loc[every["strategy"] == "random", ["players", "game"]]
        drop = pd.MultiIndex.from_frame(random_games.drop_duplicates())
        keep = ~pd.MultiIndex.from_frame(every[["players", "game"]]).isin(drop)
        judged = every[keep]
    games_at = every.groupby("players")["game"].nunique()
    return Balance(
        wins=win_shares(every),
        scores=_scores(every),
        visits=_visits(placed, games_at),
        lines=_lines(every),
        strategy_visits=_strategy_visits(placed, games_at),
        games=every,
        lineups=lineup_shares(every),
        chancellors=chancellor_shares(judged),
        positions=position_shares(judged),
        line_shares=line_shares(every),
        lineup_visits=lineup_visits(placed) if lineups is not None else pd.DataFrame(),
        judged=lineups is not None,
    )


def parse_lineups(text: str) -> tuple[tuple[str, ...], ...]:
    """Line-ups from text: ``suite`` (:data:`SUITE`), ``every`` (:func:`suite` with
    ``every=True``) or line-ups separated by commas, seats by ``+`` (``ValueError`` naming
    an unknown bot or a line-up of other than 2 to 4 seats).

    >>> parse_lineups("scholar+dean, greedy+random")
    (('scholar', 'dean'), ('greedy', 'random'))
    >>> len(parse_lineups("suite"))
    11
    """
    word = text.strip().lower()
    if word in ("suite", "every"):
        return suite(every=word == "every")
    out = []
    for part in text.split(","):
        seats = tuple(s.strip() for s in part.split("+") if s.strip())
        if not 2 <= len(seats) <= 4:
            raise ValueError(f"line-up {part.strip()!r}: 2 to 4 seats joined by '+'")
        for s in seats:
            if s not in BOTS:
                raise ValueError(f"line-up {part.strip()!r}: unknown bot {s!r}; known: "
                                 f"{', '.join(BOTS)}")  # fmt: skip
        out.append(seats)
    return tuple(out)


def _name_of(strategy: str | Bot) -> str:
    if isinstance(strategy, str):
        if strategy not in BOTS:
            raise ValueError(f"unknown strategy {strategy!r}; known: {', '.join(BOTS)}")
        return strategy
    if callable(strategy):
        return str(getattr(strategy, "__name__", type(strategy).__name__))
    raise ValueError(f"a strategy is a bot name ({', '.join(BOTS)}) or a bot callable")


def _base_seed(seed: Seed) -> np.random.SeedSequence:
    """One seed sequence for a run of line-ups (a Generator gives one draw from it)."""
    if isinstance(seed, np.random.Generator):
        return np.random.SeedSequence(int(seed.integers(2**63)))
    if isinstance(seed, np.random.SeedSequence):
        return seed
    return np.random.SeedSequence(seed)


def _lineup_seed(
    base: np.random.SeedSequence, seats: Sequence[str | Bot]
) -> np.random.SeedSequence:
    """The seed of one line-up's games: the run's entropy and a key from its seats."""
    name = "+".join(_name_of(s) for s in seats)
    key = zlib.crc32(name.encode("utf-8"))
    return np.random.SeedSequence(base.entropy, spawn_key=(*base.spawn_key, key))


class _ReportGame(AlmaMaterGame):
    """Alma Mater as ``simulate`` plays it, whose rows also name the chancellor each seat
    held and count its placements per action space (``visits``, taken out of the report's
    ``games`` frame; ``simulate``'s own frame stays as the lessons know it). The games are
    ``simulate``'s, move for move: counting draws no random number."""

    def play_game(
        self, players: int, strategies: Sequence[Any], seed: Any, **options: Any
    ) -> tuple[GameState, dict[str, Any]]:
        spec = self.make_spec(players, **options)
        if len(strategies) != players:
            raise ValueError(f"give one strategy per seat: {players} seats, {len(strategies)}")
        bots = [BOTS[s] if isinstance(s, str) else s for s in strategies]
        rng = make_rng(seed)
        state = new_game(spec, seed=rng)
        seen: list[Counter[str]] = [Counter() for _ in range(players)]
        while state.phase != "over":
            seat = state.current
            assert seat is not None
            action = bots[seat](spec, state, legal_actions(spec, state), rng)
            if state.phase == "action":
                space = action_space(spec, action)
                if space is not None:
                    seen[seat][space] += 1
            state = step(spec, state, action, check=False, narrate=False).state
        return state, {"visits": seen}

    def result_columns(self) -> tuple[str, ...]:
        return (*super().result_columns(), "chancellor", "visits")

    def result_rows(
        self, state: GameState, strategies: Sequence[str], extra: Mapping[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        rows = super().result_rows(state, strategies, extra)
        seen = (extra or {}).get("visits") or [Counter() for _ in rows]
        for row, player, counted in zip(rows, state.players, seen, strict=True):
            row["chancellor"] = player.chancellor
            row["visits"] = dict(counted)
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


GOALS: dict[str, str] = {
    "duel": f"{DUEL_RANGE[0]:.0%}-{DUEL_RANGE[1]:.0%} win share, 2 players scholar vs dean",
    "line-up": f"at most {MAX_JUDGED_VS_FAIR} x fair share per seat in every line-up of "
    + ", ".join(JUDGES),
    "chancellor": f"at most {MAX_VS_FAIR} x fair share per chancellor held",
    "position": f"at most {MAX_VS_FAIR} x fair share per turn-order position",
    "score line": f"at most {MAX_LINE_SHARE:.0%} of search's points from one score line",
    "visits": f"at least {MIN_VISITS:g} visit a game on every action space in every line-up",
    "greedy": f"greedy wins at least {GREEDY_OVER_RANDOM:.0%} of its games against random",
}
"""The issue 27 targets that :func:`targets` judges on a report of the judge's line-ups
(``balance(lineups=SUITE)``), by key. Chancellors and positions are judged over the line-ups
without a ``random`` seat."""


def _excess(value: float, low_limit: float | None, high_limit: float | None) -> float:
    """How far ``value`` is beyond its limits, as a share of the limit it passes (negative:
    inside, by that share of the nearer limit).

    >>> [round(x, 4) for x in (_excess(1.8, None, 1.5), _excess(0.5, 1.0, None))]
    [0.2, 0.5]
    >>> round(_excess(0.3, 0.4, 0.6), 4)
    0.25
    >>> round(_excess(0.55, 0.4, 0.6), 4)
    -0.0833
    """
    beyond = []
    if high_limit is not None:
        beyond.append(value / high_limit - 1)
    if low_limit is not None:
        beyond.append(1 - value / low_limit if low_limit else -value)
    return float(max(beyond))


def worst_excess(report: Balance) -> float:
    """The largest normalised excess over the report's targets (:func:`targets`, column
    ``excess``): 0.2 means one measure is 20% beyond its limit; a negative number means
    every target is met, with that much room. ``gamekit almamater tune`` minimises it.

    >>> r = balance(games=2, seed=1, lineups=[("greedy", "random")])
    >>> bool(worst_excess(r) == targets(r)["excess"].max())
    True
    """
    judged = targets(report)
    return float(judged["excess"].max()) if not judged.empty else 0.0


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

    Every row also has ``excess``: how far the value is beyond its limit as a share of the
    limit (negative: met, with that much room; :func:`worst_excess` is the largest).

    A report of the judge's line-ups (``balance(lineups=SUITE)``, ``report.judged``) is
    judged on the issue 27 targets instead (:data:`GOALS`): 2-player scholar vs dean
    40-60%; at 3 and 4 players no seat above 1.6 x fair share in a line-up of
    :data:`JUDGES`; the chancellor and turn-order targets above (over the line-ups without
    ``random``); at most 25% of the search bot's points from one of the nine score lines
    (its largest share; interval: :func:`line_shares`); every action space at least 1 visit
    a game in every line-up (the fewest; interval: :func:`lineup_visits`); greedy wins at
    least half of its games against random (Wilson interval).

    >>> r = balance(players=(3,), games=4, seed=1)
    >>> for row in targets(r)[["players", "target"]].values.tolist():
    ...     print(row)
    [3, 'at most 1.5 x fair share per seat in every line-up']
    [3, 'at most 1.5 x fair share per chancellor held']
    [3, 'at most 1.5 x fair share per turn-order position']
    """
    rows = [] if report.judged else _lineup_rows(report)
    rows += _held_rows(report)
    if report.judged:
        rows += _judged_rows(report)
    columns = ["players", "target", "line-up", "strategy", "group", "value", "low", "high"]
    out = pd.DataFrame(rows, columns=[*columns, "met", "sure", "excess"])
    out["group"] = out["group"].fillna("all")
    return out.sort_values("players", kind="stable").reset_index(drop=True)


def _row(n: int, target: str, value: float, low: float, high: float,
         limits: tuple[float | None, float | None], **where: Any) -> dict[str, Any]:  # fmt: skip
    """A target row: met and sure from the limits (low, high), and the excess."""
    lo_limit, hi_limit = limits
    met = (lo_limit is None or value >= lo_limit) and (hi_limit is None or value <= hi_limit)
    inside = (lo_limit is None or low >= lo_limit) and (hi_limit is None or high <= hi_limit)
    outside = (lo_limit is not None and high < lo_limit) or (
        hi_limit is not None and low > hi_limit
    )
    return {
        "players": n, "target": target, "line-up": where.get("lineup", "all"),
        "strategy": where.get("strategy", "all"), "group": where.get("group", "all"),
        "value": value, "low": low, "high": high, "met": bool(met),
        "sure": bool(inside if met else outside), "excess": _excess(value, lo_limit, hi_limit),
    }  # fmt: skip


def _lineup_rows(report: Balance) -> list[dict[str, Any]]:
    """The line-up targets of a report of strategies mixed over the seats."""
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
        limits = (lo_limit, hi_limit) if n == 2 else (None, MAX_VS_FAIR)
        row = _row(n, target, value, low, high, limits, lineup=worst["line-up"],
                   strategy=worst["strategy"])  # fmt: skip
        row["met"], row["sure"] = bool(met), bool(inside if met else outside)
        rows.append(row)
    return rows


def _held_rows(report: Balance) -> list[dict[str, Any]]:
    """The chancellor and turn-order targets."""
    rows = []
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
            target = f"at most {MAX_VS_FAIR} x fair share per {what}"
            rows.append(_row(n, target, value, low, high, (None, MAX_VS_FAIR), group=str(group)))
    return rows


def _judged_rows(report: Balance) -> list[dict[str, Any]]:
    """The issue 27 targets of a report of the judge's line-ups (:data:`GOALS`)."""
    rows = []
    lineups = report.lineups
    duel = lineups[(lineups["players"] == 2) & (lineups["line-up"] == "dean+scholar")]
    for _, r in duel[duel["strategy"] == "scholar"].iterrows():
        rows.append(_row(2, GOALS["duel"], float(r["win share"]), float(r["low"]),
                         float(r["high"]), DUEL_RANGE, lineup=r["line-up"],
                         strategy="scholar"))  # fmt: skip
    for n in (3, 4):
        mine = lineups[(lineups["players"] == n) & lineups["line-up"].map(
            lambda name: set(str(name).split("+")) <= set(JUDGES))]  # fmt: skip
        if mine.empty:
            continue
        worst = mine.sort_values("vs fair share", kind="stable").iloc[-1]
        rows.append(_row(n, GOALS["line-up"], float(worst["vs fair share"]),
                         float(worst["low"]) * n, float(worst["high"]) * n,
                         (None, MAX_JUDGED_VS_FAIR), lineup=worst["line-up"],
                         strategy=worst["strategy"]))  # fmt: skip
    shares = report.line_shares
    for n in sorted(shares["players"].unique()) if not shares.empty else []:
        own = shares[(shares["players"] == n) & (shares["strategy"] == "search")
                     & shares["line"].isin(RULES)]  # fmt: skip
        if own.empty:
            continue
        top = own.sort_values("share", kind="stable").iloc[-1]
        rows.append(_row(int(n), GOALS["score line"], float(top["share"]), float(top["low"]),
                         float(top["high"]), (None, MAX_LINE_SHARE), strategy="search",
                         group=str(top["line"])))  # fmt: skip
    seen = report.lineup_visits
    for n in sorted(seen["players"].unique()) if not seen.empty else []:
        fewest = seen[seen["players"] == n].sort_values("visits per game", kind="stable").iloc[0]
        rows.append(_row(int(n), GOALS["visits"], float(fewest["visits per game"]),
                         float(fewest["low"]), float(fewest["high"]), (MIN_VISITS, None),
                         lineup=fewest["line-up"], group=str(fewest["space"])))  # fmt: skip
    greedy = lineups[(lineups["players"] == 2) & (lineups["line-up"] == "greedy+random")
                     & (lineups["strategy"] == "greedy")]  # fmt: skip
    for _, r in greedy.iterrows():
        rows.append(_row(2, GOALS["greedy"], float(r["win share"]), float(r["low"]),
                         float(r["high"]), (GREEDY_OVER_RANDOM, None), lineup=r["line-up"],
                         strategy="greedy"))  # fmt: skip
    return rows


def _scores(frame: pd.DataFrame) -> pd.DataFrame:
    grouped = frame.groupby(["players", "strategy"], sort=True)["total"]
    out = grouped.agg(["min", "median", "mean", "max"]).reset_index()
    return out


def _lines(frame: pd.DataFrame) -> pd.DataFrame:
    numeric = [*RULES, DURING_PLAY]
    return frame.groupby(["players", "strategy"], sort=True)[numeric].mean().reset_index()


def _placements(frame: pd.DataFrame, spaces: Mapping[int, Sequence[str]]) -> pd.DataFrame:
    """One row per seat and game (``players, game, line-up, strategy``) and one column per
    action space: the seat's placements there (0 when none), from the ``visits`` column.
    The columns are every player count's spaces in the spec's order, then any other space
    seen, sorted."""
    order = list(dict.fromkeys(s for n in sorted(spaces) for s in spaces[n]))
    counted = pd.DataFrame(list(frame["visits"]), index=frame.index).fillna(0)
    order += sorted(c for c in counted.columns if c not in order)
    counted = counted.reindex(columns=order, fill_value=0).astype(int)
    keys = ["players", "game"]
    names = frame.groupby(keys, sort=False)["strategy"].agg(
        lambda s: "+".join(sorted(str(x) for x in s))
    )
    tagged = frame[[*keys, "strategy"]].join(names.rename("line-up"), on=keys)
    return pd.concat([tagged[[*keys, "line-up", "strategy"]], counted], axis=1)


def _space_columns(placed: pd.DataFrame) -> list[str]:
    return [c for c in placed.columns if c not in ("players", "game", "line-up", "strategy")]


def _visits(placed: pd.DataFrame, games: pd.Series) -> pd.DataFrame:
    rows = []
    for n, group in placed.groupby("players", sort=True):
        total = group[_space_columns(placed)].sum()
        per = float(games.loc[n])
        rows += [{"players": n, "space": s, "visits per game": total[s] / per} for s in total.index]
    return pd.DataFrame(rows, columns=["players", "space", "visits per game"])


def _strategy_visits(placed: pd.DataFrame, games: pd.Series) -> pd.DataFrame:
    rows = []
    spaces = _space_columns(placed)
    for key, group in placed.groupby(["players", "strategy"], sort=True):
        n, name = key
        total = group[spaces].sum()
        per = float(games.to_dict()[n])
        rows += [
            {"players": n, "strategy": name, "space": s, "visits per game": total[s] / per}
            for s in spaces
        ]
    return pd.DataFrame(rows, columns=["players", "strategy", "space", "visits per game"])


def lineup_visits(placed: pd.DataFrame) -> pd.DataFrame:
    """Visits per game of each action space in each line-up (all seats together), with a
    95% interval ``low``-``high`` (normal approximation: mean +- 1.96 standard errors of the
    per-game counts; with one game, the interval is the value itself).

    ``placed``: one row per seat and game with ``players, game, line-up, strategy`` and one
    column of placements per space (the report builds it from the games it plays).

    >>> placed = pd.DataFrame({"players": 2, "game": [0, 0, 1, 1], "line-up": "a+b",
    ...                        "strategy": ["a", "b", "b", "a"], "park": [1, 0, 2, 1]})
    >>> lineup_visits(placed)[["space", "games", "visits per game"]].values.tolist()
    [['park', 2, 2.0]]
    """
    keys = ["players", "line-up"]
    spaces = _space_columns(placed)
    per_game = placed.groupby([*keys, "game"], sort=True)[spaces].sum()
    rows = []
    for (n, lineup), group in per_game.groupby(level=[0, 1], sort=True):
        count = len(group)
        for s in spaces:
            mean = float(group[s].mean())
            half = Z95 * float(group[s].std(ddof=1)) / math.sqrt(count) if count > 1 else 0.0
            rows.append({"players": n, "line-up": lineup, "space": s, "games": count,
                         "visits per game": mean, "low": max(0.0, mean - half),
                         "high": mean + half})  # fmt: skip
    columns = [*keys, "space", "games", "visits per game", "low", "high"]
    return pd.DataFrame(rows, columns=columns)


def line_shares(frame: pd.DataFrame) -> pd.DataFrame:
    """Each strategy's share of its points by score line, per player count: ``points``
    (the line's mean per play), ``share`` (the line's points / all its points, over every
    play of the strategy) and a 95% interval ``low``-``high`` for that ratio of two sums
    (the delta method over the plays, which are independent: the standard error of
    ``sum(x) / sum(y)`` is ``sqrt(sum((x - share * y)^2) / (k (k - 1))) / mean(y)`` for
    ``k`` plays, then +- 1.96 of it, kept in [0, 1]). The lines are the nine score lines and
    ``prestige during play``; they add up to ``total``, so the shares of a strategy add up
    to 1.

    >>> f = pd.DataFrame({"players": 2, "strategy": "s", **{r: 0 for r in RULES},
    ...                   DURING_PLAY: [10, 30], "total": [20, 40]}, index=[0, 1])
    >>> f[RULES[6]] = [10, 10]
    >>> s = line_shares(f).set_index("line")
    >>> float(s.loc[RULES[6], "share"]), float(s.loc[DURING_PLAY, "share"])
    (0.3333333333333333, 0.6666666666666666)
    """
    lines = [*RULES, DURING_PLAY]
    rows = []
    for (n, name), group in frame.groupby(["players", "strategy"], sort=True):
        total = group["total"].astype(float)
        k, whole = len(group), float(total.sum())
        for line in lines:
            x = group[line].astype(float)
            share = float(x.sum()) / whole if whole else 0.0
            if k > 1 and whole:
                se = math.sqrt(float(((x - share * total) ** 2).sum()) / (k * (k - 1)))
                half = Z95 * se / (whole / k)
            else:
                half = 0.0 if whole else 1.0
            low, high = max(0.0, share - half), min(1.0, share + half)
            rows.append({"players": n, "strategy": name, "line": line, "plays": k,
                         "points": float(x.mean()), "share": share, "low": low,
                         "high": high})  # fmt: skip
    columns = ["players", "strategy", "line", "plays", "points", "share", "low", "high"]
    return pd.DataFrame(rows, columns=columns)


def _share_block(report: Balance, n: int) -> tuple[str, ...]:
    """The share of each strategy's points by score line, with its 95% interval."""
    from gamekit.core.output import render_frame

    shares = report.line_shares
    if shares.empty:
        return ()
    mine = shares[shares["players"] == n]
    cells = mine.assign(
        cell=[
            f"{s:.3f} [{lo:.3f}, {hi:.3f}]"
            for s, lo, hi in zip(mine["share"], mine["low"], mine["high"], strict=True)
        ]
    )
    table = cells.pivot(index="line", columns="strategy", values="cell")
    table = table.reindex([*RULES, DURING_PLAY]).rename_axis("score line").reset_index()
    table.columns.name = None
    top = mine[mine["line"].isin(RULES)].sort_values("share").groupby("strategy").tail(1)
    largest = ", ".join(
        f"{r.strategy} {r.share:.3f} ({str(r.line).split('.')[0]})"
        for r in top.sort_values("strategy").itertuples()
    )
    return (
        "share of each strategy's points by score line (95% interval: delta method, plays)",
        render_frame(table, "table"),
        f"largest single score line (of the nine): {largest}",
    )


def _fewest_block(report: Balance, n: int) -> tuple[str, ...]:
    """Per line-up: the action space with the fewest visits a game, with its interval."""
    from gamekit.core.output import render_frame

    seen = report.lineup_visits
    if seen.empty:
        return ()
    mine = seen[seen["players"] == n].sort_values("visits per game", kind="stable")
    fewest = mine.groupby("line-up", sort=True).head(1).sort_values("line-up")
    fewest = fewest.drop(columns="players").rename(columns={"space": "fewest visits"})
    return (
        "action space with the fewest visits a game, per line-up (95% interval: normal, over"
        " the games)",
        render_frame(fewest.round(2), "table"),
    )


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
        if (lineups["seats"] > 1).any() or report.judged:
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
                    *_share_block(report, int(n)),
                    *_fewest_block(report, int(n)),
                )
            )
        )
    judged = targets(report)
    if not judged.empty:
        judged = judged.assign(
            met=judged["met"].map({True: "yes", False: "NO"}),
            sure=judged["sure"].map({True: "yes", False: "no"}),
        )
        kind = "the issue 27 targets of the judge's line-ups" if report.judged else "targets"
        blocks.append(
            f"== {kind}, judged on the worst line-up, chancellor and position"
            " (sure: the 95% interval agrees; excess: beyond the limit as a share of it) ==\n"
            + render_frame(judged.round(3), "table")
            + f"\nworst excess: {worst_excess(report):+.3f}\n"
        )
    return "\n".join(blocks)
