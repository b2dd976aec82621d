"""The landing chain and the game engine are one set of rules (rules 2, 3, 6, 8, 9).

For every state of the exact chain (``gamekit.alfredopoly.landing``), every roll of the
dice and every card that can be on top of each deck, the test runs the engine itself (the
working table the game uses) for that one roll and records where the token comes to rest.
Weighting each roll by its probability and each drawn card by 1/16 rebuilds the chain's
one-roll matrix; the two must agree to rounding.

- Jail "long": the player in Probation tries for doubles (the engine's default play);
  jail "short": the player pays $50 at once, then rolls (``PayJailFine`` first).
- Cards off: the chain treats card spaces as plain spaces; the engine gets, on top of each
  deck, a card that does not move the token (so the draw changes nothing but money).
- The chain draws with replacement (1/16 per card); the engine draws the top card of a
  real deck. Over every top card the two are the same as long as no roll draws twice from
  one deck, which the test checks.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.engine import Table
from gamekit.alfredopoly.landing import IN_PROBATION, LandingOptions, State, build_chain
from gamekit.alfredopoly.rules import AlfredopolySpec, apply, new_game
from gamekit.alfredopoly.state import GameState

from .helpers import player


def _with_tops(s: GameState, tops: dict[int, str]) -> GameState:
    decks = list(s.decks)
    for d, card in tops.items():
        decks[d] = (card, *(c for c in decks[d] if c != card))
    return replace(s, decks=(decks[0], decks[1]))


def _one_roll(
    spec: AlfredopolySpec, s: GameState, values: tuple[int, ...], tops: dict[int, str]
) -> Iterator[tuple[Fraction, Table]]:
    """Every way one roll can end, over the cards on top of the decks it draws from."""
    start = _with_tops(s, tops)
    t = Table(spec, start, log=False)
    t.roll(values)
    drawn = [d for d in (0, 1) if tuple(t.decks[d]) != start.decks[d]]
    new = [d for d in drawn if d not in tops]
    if not new:
        for d in drawn:  # each deck drawn once: the top card went to the bottom (or is held)
            rest = start.decks[d][1:]
            assert tuple(t.decks[d]) in (rest, (*rest, start.decks[d][0])), "drawn twice"
        yield Fraction(1), t
        return
    d = new[0]
    for card in s.decks[d]:
        for weight, end in _one_roll(spec, s, values, {**tops, d: card}):
            yield weight / len(s.decks[d]), end


def _start(spec: AlfredopolySpec, base: GameState, st: State, jail: str) -> GameState:
    """The engine position of chain state ``st``, waiting for the dice."""
    if st.position == IN_PROBATION:
        s = player(base, 0, position=spec.board.jail, in_jail=True, jail_tries=st.tries)
        if jail == "short":
            s = apply(spec, s, A.PayJailFine())
    else:
        s = replace(player(base, 0, position=st.position), doubles=st.doubles)
    return apply(spec, s, A.RollDice())


def engine_matrix(board: str, jail: str, cards: bool) -> tuple[np.ndarray, np.ndarray]:
    spec = AlfredopolySpec(board)
    chain = build_chain(board, LandingOptions(jail=jail, cards=cards))  # type: ignore[arg-type]
    index = {(s.position, s.doubles, s.tries): k for k, s in enumerate(chain.states)}
    base = new_game(spec, 2, seed=0)
    base = player(player(base, 0, cash=10**6), 1, cash=10**6)
    tops: dict[int, str] = {}
    if not cards:  # a card that leaves the token where it is, on top of each deck
        for d, name in enumerate(("email", "pcc_mail")):
            tops[d] = next(c.id for c in spec.board.decks[name] if c.effect == "collect")
    M = np.zeros_like(chain.P)
    for k, st in enumerate(chain.states):
        s = _start(spec, base, st, jail)
        for roll, p in spec.dice.outcomes():
            for weight, t in _one_roll(spec, s, tuple(roll.values), tops):
                q = t.players[0]
                if q.in_jail:
                    key = (IN_PROBATION, 0, q.jail_tries)
                else:
                    key = (q.position, t.doubles if t.may_roll else 0, 0)
                M[k, index[key]] += float(p * weight)
    return M, chain.P


@pytest.mark.parametrize("board", ["alfred", "classic"])
@pytest.mark.parametrize("cards", [True, False], ids=["cards-on", "cards-off"])
@pytest.mark.parametrize("jail", ["long", "short"])
def test_rules_2_3_6_8_9_landing_chain_is_the_engine_roll_by_roll(
    jail: str, cards: bool, board: str
) -> None:
    engine, chain = engine_matrix(board, jail, cards)
    assert engine.shape == chain.shape == ((123, 123) if jail == "long" else (121, 121))
    assert np.allclose(engine.sum(axis=1), 1.0, atol=1e-14)
    assert float(np.abs(engine - chain).max()) < 1e-15  # 3.3e-16 when written
