"""A reference bot that knows no strategy: flat Monte Carlo over the engine's own rules.

For the move it has to make, it lists the legal actions with the engine's own
``legal_actions`` and tries each with ``step``; on each action space (and among lectures,
and each other kind of choice) it keeps the ``per_space`` options that score best right
after them (:func:`shortlist`, by the game's own final scoring as if the game ended now,
with every option tied with the last one kept), at most ``cap`` in all (every space's best
first, then the second bests by that score).
From each kept action it plays on quickly to the end of the current round
(:func:`playout`): the mover chooses uniformly among its legal actions, passing only when
nothing else is left, while the other players pass (a *solo* playout: it shows what the
move makes possible for the mover this round, income included, without the noise of
random opponents; their waiting decisions are answered at random). The position at the
end of the round is valued by the final scoring as if the game ended there: the mover's
score minus the best other score (:func:`margin`). It keeps the action whose playouts end
best.

Every kept action is played out with the same random numbers (*common random numbers*:
the k-th playout of each action uses the same seed), so differences between the actions
come from the actions, not from luck. A larger ``playouts`` budget in
:func:`make_search_bot` is shared by successive halving: the better half of the actions
gets the next playouts, then the better half of that, and so on. All chance comes from
the Generator passed in, so a seeded game is repeatable.

It knows no strategy: the only knowledge it uses is the rules (``legal_actions``,
``step``) and the final scoring formula. It finds lines the hand-written bots miss: if it
wins by placing on one action space over and over, a kit default is too generous.

>>> from gamekit.almamater.rules import new_game, legal_actions
>>> from gamekit.almamater.spec import make_spec
>>> from gamekit.core.rng import make_rng
>>> spec = make_spec(2); s = new_game(spec, seed=0)
>>> search_bot(spec, s, legal_actions(spec, s), make_rng(0)) in legal_actions(spec, s)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random  # instances only, seeded from the bot's Generator
from typing import Protocol

import numpy as np

from gamekit.almamater.actions import Pass
from gamekit.almamater.rules import action_space, legal_actions, player_score, step
from gamekit.almamater.spec import AlmaMaterSpec
from gamekit.almamater.state import GameState, PlayerState
from gamekit.core.actions import Action

Bot = Callable[[AlmaMaterSpec, GameState, Sequence[Action], np.random.Generator], Action]

MARGIN_WEIGHT = 0.01
"""In :func:`value`: one prestige of final margin, next to 1 for a win (a tie-break)."""

_PASS = Pass()


class Uniform(Protocol):
    """Anything with ``random() -> float`` in [0, 1): a numpy Generator or a ``random.Random``."""

    def random(self) -> float: ...


def playout(
    spec: AlmaMaterSpec,
    state: GameState,
    rng: Uniform,
    rounds: int | None = None,
    solo: int | None = None,
) -> GameState:
    """The game played on by uniform choices (Pass only when nothing else is legal), to its
    end or, with ``rounds``, until that many rounds after the current one have begun.
    With ``solo`` (a seat), only that seat places and lectures: every other player passes
    at once when its turn comes in the action phase (its waiting decisions, such as where
    new textbooks go, are still answered at random).

    >>> from gamekit.almamater.rules import new_game
    >>> from gamekit.almamater.spec import make_spec
    >>> from gamekit.core.rng import make_rng
    >>> playout(make_spec(2), new_game(make_spec(2), seed=1), make_rng(1)).phase
    'over'
    """
    stop = state.round + rounds if rounds is not None else None
    while state.phase != "over" and (stop is None or state.round <= stop):
        if (
            solo is not None
            and state.current != solo
            and state.phase == "action"
            and not state.pending
        ):
            state = step(spec, state, _PASS, check=False, narrate=False).state
            continue
        legal = legal_actions(spec, state)
        n = len(legal)
        if n > 1 and isinstance(legal[-1], Pass):
            n -= 1  # Pass is always last; a playout places while it can
        action = legal[min(int(rng.random() * n), n - 1)]
        state = step(spec, state, action, check=False, narrate=False).state
    return state


def margin(
    spec: AlmaMaterSpec,
    state: GameState,
    seat: int,
    cache: dict[tuple[PlayerState, int], int] | None = None,
) -> int:
    """``seat``'s score if the game ended now minus the best other player's: the search
    bot's value of a playout's last position. A player's score depends only on its own
    position and its reputation rank, so ``cache`` (a dict kept for one decision) keeps
    each score by that pair: the other players end most playouts the same way.

    >>> from gamekit.almamater.rules import new_game
    >>> from gamekit.almamater.spec import make_spec
    >>> spec = make_spec(2); s = new_game(spec, seed=3)
    >>> margin(spec, s, 0) == -margin(spec, s, 1) == -margin(spec, s, 1, {})
    True
    """
    totals = []
    for i in range(spec.players):
        if cache is None:
            totals.append(player_score(spec, state, i).total)
            continue
        key = (state.players[i], state.rank_of(i))
        total = cache.get(key)
        if total is None:
            total = cache[key] = player_score(spec, state, i).total
        totals.append(total)
    return totals[seat] - max(t for i, t in enumerate(totals) if i != seat)


def value(
    spec: AlmaMaterSpec,
    state: GameState,
    seat: int,
    cache: dict[tuple[PlayerState, int], int] | None = None,
) -> float:
    """A game's worth to ``seat`` if it ended now: 1 for a (shared) win plus a small
    score-margin term (``evaluation="win"`` in :func:`make_search_bot`).

    >>> from gamekit.almamater.rules import new_game
    >>> from gamekit.almamater.spec import make_spec
    >>> spec = make_spec(2); end = playout(spec, new_game(spec, seed=3), np.random.default_rng(3))
    >>> round(value(spec, end, 0) + value(spec, end, 1), 6) >= 1.0
    True
    """
    m = margin(spec, state, seat, cache)
    return (1.0 if m >= 0 else 0.0) + MARGIN_WEIGHT * m


def shortlist(
    spec: AlmaMaterSpec,
    state: GameState,
    legal: Sequence[Action],
    per_space: int | None,
    cap: int | None = None,
) -> dict[int, GameState]:
    """The actions worth playing out, by index into ``legal``, with the state after each:
    on each action space (and among lectures, and each other kind of choice) the
    ``per_space`` best by the mover's score-if-the-game-ended-now, and every other option
    tied with the last of them (the score cannot tell them apart: the playouts must);
    ``None`` keeps all. With ``cap``, at most that many: every space's best first, then
    every space's second best, ... (within a rank by that score, ties: the first).

    (Until issue 27's nineteenth round a tie at the cut kept the options listed first:
    a choice the score does not see, such as a chancellor, a founding card or a student
    who scores only at the end, was made among the first two offered. In 4-player games
    of the scholar and three search bots, 4 in 10 of the search bots' action-phase
    decisions had lost a tied option that way, and the scholar won x1.76 of its fair share.)

    >>> from gamekit.almamater.rules import new_game
    >>> from gamekit.almamater.spec import make_spec
    >>> spec = make_spec(2); s = new_game(spec, seed=0); legal = legal_actions(spec, s)
    >>> len(shortlist(spec, s, legal, None)) == len(legal)
    True
    """
    seat = state.current
    assert seat is not None
    after = {i: step(spec, state, a, check=False, narrate=False).state for i, a in enumerate(legal)}
    if per_space is None:
        return after
    groups: dict[str, list[int]] = {}
    for i, action in enumerate(legal):
        key = action_space(spec, action) or type(action).__name__
        groups.setdefault(key, []).append(i)
    ranked: list[tuple[int, int, int]] = []  # (rank in its space, -score, index)
    for group in groups.values():
        if len(group) > per_space or cap is not None:
            score = {i: player_score(spec, after[i], seat).total for i in group}
            group = sorted(group, key=lambda i: -score[i])
        else:
            score = dict.fromkeys(group, 0)
        keep = per_space
        while keep < len(group) and score[group[keep]] == score[group[per_space - 1]]:
            keep += 1  # tied with the last one kept: the score cannot tell them apart
        ranked.extend((r, -score[i], i) for r, i in enumerate(group[:keep]))
    if cap is not None and len(ranked) > cap:
        ranked = sorted(ranked)[:cap]
    return {i: after[i] for i in sorted(i for _, _, i in ranked)}


def make_search_bot(
    playouts: int = 1,
    first: int = 1,
    rounds: int | None = 0,
    per_space: int | None = 2,
    cap: int | None = 14,
    solo: bool = True,
    common: bool = True,
    evaluation: str = "margin",
) -> Bot:
    """A flat Monte Carlo bot spending about ``playouts`` playouts a decision (at least
    ``first`` per shortlisted action; more go to the better half, then the better half of
    that, ...). With ``rounds`` each playout stops that many rounds after the current one
    (0: at the end of this round) and is valued as if the game ended there; ``None``
    plays whole games. ``per_space`` and ``cap`` as in :func:`shortlist`. ``solo``: the
    other players pass in the playouts (``False``: they play at random too). ``common``:
    every action's k-th playout uses the same random numbers. ``evaluation``:
    ``"margin"`` (the mover's score minus the best other, :func:`margin`) or ``"win"``
    (:func:`value`).

    The defaults were chosen by measurement (``docs/almamater_balance.md``): over 10
    games a second in 3-player games, well ahead of scholar and dean at 2 to 4 players.
    ``cap=None`` is a little stronger and slower; ``per_space=1, cap=None, solo=False,
    common=False`` is the first version of this bot.

    >>> bot = make_search_bot(playouts=8)
    >>> bot.__name__
    'search'
    """
    if playouts < 1 or first < 1:
        raise ValueError(f"playouts and first must be >= 1, got {playouts} and {first}")
    if per_space is not None and per_space < 1:
        raise ValueError(f"per_space must be >= 1 or None, got {per_space}")
    if cap is not None and cap < 1:
        raise ValueError(f"cap must be >= 1 or None, got {cap}")
    if evaluation not in ("margin", "win"):
        raise ValueError(f"evaluation must be 'margin' or 'win', got {evaluation!r}")
    judge = margin if evaluation == "margin" else value

    def search(
        spec: AlmaMaterSpec, state: GameState, legal: Sequence[Action], rng: np.random.Generator
    ) -> Action:
        """Flat Monte Carlo: the legal action whose playouts end best for the mover."""
        if len(legal) == 1:
            return legal[0]
        seat = state.current
        assert seat is not None
        after = shortlist(spec, state, legal, per_space, cap)
        if len(after) == 1:
            return legal[next(iter(after))]
        alive = list(after)
        total = dict.fromkeys(after, 0.0)
        count = dict.fromkeys(after, 0)
        seeds: list[int] = []  # the k-th playout of every action uses seeds[k]
        scores: dict[tuple[PlayerState, int], int] = {}

        def play(i: int) -> None:
            k = count[i]
            if common:
                while len(seeds) <= k:
                    seeds.append(int(rng.integers(2**62)))
                stream: Uniform = Random(seeds[k])
            else:
                stream = Random(int(rng.integers(2**62)))
            end = playout(spec, after[i], stream, rounds, seat if solo else None)
            total[i] += judge(spec, end, seat, scores)
            count[i] += 1

        budget = max(playouts, first * len(alive))
        per = first
        while True:
            for _ in range(per):
                for i in alive:
                    play(i)
                    budget -= 1
            if len(alive) <= 1 or budget <= 0:
                break
            mean = {i: total[i] / count[i] for i in alive}
            alive = sorted(alive, key=lambda i: -mean[i])[: max(1, len(alive) // 2)]
            per = max(1, budget // (2 * len(alive))) if len(alive) > 1 else 0
            if per == 0:
                break
        best = max(after, key=lambda i: (count[i], total[i] / max(count[i], 1)))
        return legal[best]

    search.__name__ = "search"
    return search


search_bot: Bot = make_search_bot()
"""The default search bot, registered as ``search`` in ``gamekit.almamater.bots.BOTS``."""
