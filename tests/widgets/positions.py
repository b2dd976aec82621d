"""Hand-made Alfredopoly positions that several widget tests look at."""

from __future__ import annotations

from dataclasses import replace

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly import rules as R
from gamekit.alfredopoly.spec import AlfredopolySpec, make_spec
from gamekit.alfredopoly.state import GameState
from gamekit.core.dice import DiceRoll


def alumni_hall_choice() -> tuple[AlfredopolySpec, GameState, GameState]:
    """Ann's choice at Alumni Hall (rule 7: $200 or 10% of net worth, before counting):
    the spec, the position before her roll (Ann on space 1) and the one after her roll of
    1+2. Ann has cash $900 and the light blue group with two sculptures on each street,
    so her net worth is 900 + 320 + 300 = $1,520 (by hand: prices 100 + 100 + 120, six
    sculptures at $50)."""
    spec = make_spec()
    state = R.new_game(spec, ["Ann", "Bo"], seed=1)
    owner, level = list(state.owner), list(state.level)
    for space in (6, 8, 9):
        owner[space], level[space] = 0, 2
    ann = replace(state.players[0], cash=900, position=1)
    before = replace(
        state, owner=tuple(owner), level=tuple(level), players=(ann, state.players[1]),
        sculptures_left=state.sculptures_left - 6,
    )  # fmt: skip
    after = R.chance_step(spec, R.apply(spec, before, A.RollDice()), DiceRoll((1, 2))).state
    assert after.phase == "tax" and R.net_worth(spec, after, 0) == 1520
    return spec, before, after
