"""A reference bot that knows no strategy: flat Monte Carlo over the engine's own rules.

For the move it has to make, it tries every legal action with the engine's own
``legal_actions`` and ``step`` and plays on from each quickly (every seat choosing
uniformly among its legal actions, passing only when nothing else is left), by default
to the end of the current round, and values the position as if the game ended there
(the game's own final scoring): 1 for a win (shared wins too) plus a small tie-break
for the score margin over the best other player. It keeps the action whose playouts end
best. To stay fast (about 10 games a second) it plays out, on each action space, only the
option that scores best right after it (:func:`shortlist`); :func:`make_search_bot` sets
a larger budget (more playouts, whole games, every option) for a slower, stronger bot.
All chance comes from the Generator passed in, so a seeded game is repeatable.

It finds lines the hand-written bots miss: if it wins by placing on one action space
over and over, a kit default is too generous.

>>> from gamekit.almamater.rules import new_game, legal_actions
>>> from gamekit.almamater.spec import make_spec
>>> from gamekit.core.rng import make_rng
>>> spec = make_spec(2); s = new_game(spec, seed=0)
>>> search_bot(spec, s, legal_actions(spec, s), make_rng(0)) in legal_actions(spec, s)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from gamekit.almamater.actions import Pass
from gamekit.almamater.rules import action_space, legal_actions, player_score, step
from gamekit.almamater.spec import AlmaMaterSpec
from gamekit.almamater.state import GameState
from gamekit.core.actions import Action

Bot = Callable[[AlmaMaterSpec, GameState, Sequence[Action], np.random.Generator], Action]

MARGIN_WEIGHT = 0.01
"""Value of one prestige of final margin, next to 1 for a win (a tie-break, not a goal)."""


def playout(
    spec: AlmaMaterSpec, state: GameState, rng: np.random.Generator, rounds: int | None = None
) -> GameState:
    """The game played on by uniform choices (Pass only when nothing else is legal), to its
    end or, with ``rounds``, until that many rounds after the current one have begun.

    >>> from gamekit.almamater.rules import new_game
    >>> from gamekit.almamater.spec import make_spec
    >>> from gamekit.core.rng import make_rng
    >>> playout(make_spec(2), new_game(make_spec(2), seed=1), make_rng(1)).phase
    'over'
    """
    stop = state.round + rounds if rounds is not None else None
    while state.phase != "over" and (stop is None or state.round <= stop):
        legal = legal_actions(spec, state)
        n = len(legal)
        if n > 1 and isinstance(legal[-1], Pass):
            n -= 1  # Pass is always last; a playout places while it can
        action = legal[min(int(rng.random() * n), n - 1)]
        state = step(spec, state, action, check=False, narrate=False).state
    return state


def value(spec: AlmaMaterSpec, state: GameState, seat: int) -> float:
    """A game's worth to ``seat`` if it ended now: 1 for a (shared) win plus a small
    score-margin term.

    >>> from gamekit.almamater.rules import new_game
    >>> from gamekit.almamater.spec import make_spec
    >>> spec = make_spec(2); end = playout(spec, new_game(spec, seed=3), np.random.default_rng(3))
    >>> round(value(spec, end, 0) + value(spec, end, 1), 6) >= 1.0
    True
    """
    totals = [player_score(spec, state, i).total for i in range(spec.players)]
    best_other = max(t for i, t in enumerate(totals) if i != seat)
    margin = totals[seat] - best_other
    return (1.0 if margin >= 0 else 0.0) + MARGIN_WEIGHT * margin


def shortlist(
    spec: AlmaMaterSpec, state: GameState, legal: Sequence[Action], per_space: int | None
) -> dict[int, GameState]:
    """The actions worth playing out, by index into ``legal``, with the state after each:
    on each action space (and among lectures, and each other kind of choice) the
    ``per_space`` best by the mover's score-if-the-game-ended-now; ``None`` keeps all.

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
    keep: list[int] = []
    for group in groups.values():
        if len(group) > per_space:
            group = sorted(group, key=lambda i: -player_score(spec, after[i], seat).total)
        keep.extend(group[:per_space])
    return {i: after[i] for i in sorted(keep)}


def make_search_bot(
    playouts: int = 1, first: int = 1, rounds: int | None = 0, per_space: int | None = 1
) -> Bot:
    """A flat Monte Carlo bot spending about ``playouts`` playouts a decision (at least
    ``first`` per shortlisted action; more go to the better half, then the better half of
    that, ...). With ``rounds`` each playout stops that many rounds after the current one
    (0: at the end of this round) and is valued as if the game ended there; ``None``
    plays whole games. ``per_space`` as in :func:`shortlist`.

    >>> bot = make_search_bot(playouts=8)
    >>> bot.__name__
    'search'
    """
    if playouts < 1 or first < 1:
        raise ValueError(f"playouts and first must be >= 1, got {playouts} and {first}")

    def search(
        spec: AlmaMaterSpec, state: GameState, legal: Sequence[Action], rng: np.random.Generator
    ) -> Action:
        """Flat Monte Carlo: the legal action whose random playouts end best for the mover."""
        if len(legal) == 1:
            return legal[0]
        seat = state.current
        assert seat is not None
        after = shortlist(spec, state, legal, per_space)
        alive = list(after)
        total = dict.fromkeys(after, 0.0)
        count = dict.fromkeys(after, 0)
        budget = max(playouts, first * len(alive))
        per = first
        while True:
            for i in alive:
                for _ in range(per):
                    end = playout(spec, after[i], rng, rounds)
                    total[i] += value(spec, end, seat)
                    count[i] += 1
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
