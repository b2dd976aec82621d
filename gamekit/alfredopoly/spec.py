"""The game description: a board and the rule options, frozen and loaded once.

Defaults follow the rules sheet and, where it is silent, the kit's documented
"Decisions" (classic US rules before 2008):

- every player starts with $1500 (rule 1); workstudy is $200 (rule 3);
- leaving Academic Probation costs $50; after the third failed try for doubles the
  player pays $50 and moves by that roll (rule 9 and Decision);
- Alumni Hall offers "$200 or 10% of net worth", chosen before counting (rule 7);
- the trustees hold 32 sculptures and 12 statues (Decision: limited supply);
- lifting a mortgage costs the mortgage value plus 10%, rounded up to a whole dollar
  (rule 12; classic utilities' $75 mortgage costs $83 to lift); a mortgaged property
  that changes hands costs its new owner 10% at once, or the full lift (Decision);
- house rules ``auction`` (auction a declined property) and ``free_parking_jackpot``
  (taxes, card payments and fines collect on Free Parking) are off by default;
- ``max_rounds`` stops a game after that many rounds (for simulations); the ranking
  is then by net worth with mortgaged property at half price (Decision).

>>> spec = AlfredopolySpec()
>>> spec.board.name, spec.starting_cash, spec.sculptures, spec.statues
('alfred', 1500, 32, 12)
>>> AlfredopolySpec(board="classic", auction=True).board.spaces[39].name
'Boardwalk'
>>> make_spec(players=3, board="classic", max_rounds=50).max_rounds
50
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamekit.alfredopoly.board import Board, load_board
from gamekit.alfredopoly.constants import JAIL_FINE, JAIL_TRIES, SCULPTURE_SUPPLY, STATUE_SUPPLY
from gamekit.core.dice import Dice

TWO_DICE = Dice(2, 6)


@dataclass(frozen=True, init=False)
class AlfredopolySpec:
    """A board plus rule options. ``board`` may be a name, a path or a ``Board``."""

    board: Board
    starting_cash: int
    salary: int
    jail_fine: int
    jail_tries: int
    sculptures: int
    statues: int
    interest_percent: int
    dice: Dice
    auction: bool
    free_parking_jackpot: bool
    max_rounds: int | None

    def __init__(
        self,
        board: str | Path | Board = "alfred",
        *,
        starting_cash: int = 1500,
        salary: int = 200,
        jail_fine: int = JAIL_FINE,
        jail_tries: int = JAIL_TRIES,
        sculptures: int = SCULPTURE_SUPPLY,
        statues: int = STATUE_SUPPLY,
        interest_percent: int = 10,
        dice: Dice = TWO_DICE,
        auction: bool = False,
        free_parking_jackpot: bool = False,
        max_rounds: int | None = None,
    ) -> None:
        for name, value in (
            ("starting_cash", starting_cash),
            ("salary", salary),
            ("jail_fine", jail_fine),
            ("sculptures", sculptures),
            ("statues", statues),
            ("interest_percent", interest_percent),
        ):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"{name} must be a whole number >= 0, got {value!r}")
        if isinstance(jail_tries, bool) or not isinstance(jail_tries, int) or jail_tries < 1:
            raise ValueError(f"jail_tries must be a whole number >= 1, got {jail_tries!r}")
        if max_rounds is not None and (
            isinstance(max_rounds, bool) or not isinstance(max_rounds, int) or max_rounds < 1
        ):
            raise ValueError(f"max_rounds must be a whole number >= 1 or None, got {max_rounds!r}")
        if dice.count < 2:
            raise ValueError("Alfredopoly needs at least two dice (doubles matter)")
        values: dict[str, object] = {
            "board": load_board(board),
            "starting_cash": starting_cash,
            "salary": salary,
            "jail_fine": jail_fine,
            "jail_tries": jail_tries,
            "sculptures": sculptures,
            "statues": statues,
            "interest_percent": interest_percent,
            "dice": dice,
            "auction": bool(auction),
            "free_parking_jackpot": bool(free_parking_jackpot),
            "max_rounds": max_rounds,
        }
        for key, item in values.items():
            object.__setattr__(self, key, item)

    def lift_cost(self, space: int) -> int:
        """Mortgage value plus interest, rounded up (rule 12).

        >>> AlfredopolySpec().lift_cost(12), AlfredopolySpec().lift_cost(39)
        (83, 220)
        """
        m = self.board.spaces[space].mortgage
        return -(-m * (100 + self.interest_percent) // 100)

    def transfer_interest(self, space: int) -> int:
        """The 10% due at once when mortgaged ``space`` changes hands and its new owner
        keeps the mortgage (Decision), rounded up like :meth:`lift_cost`.

        >>> AlfredopolySpec().transfer_interest(12), AlfredopolySpec().transfer_interest(39)
        (8, 20)
        """
        return self.lift_cost(space) - self.board.spaces[space].mortgage


def make_spec(players: int | None = None, **options: Any) -> AlfredopolySpec:
    """The spec for ``options`` (the keyword arguments of :class:`AlfredopolySpec`).

    ``players`` is accepted so that both games set up the same way
    (``rules.new_game(make_spec(players=..., **options), players, seed=...)``);
    Alfredopoly's rules do not depend on it, so it is ignored.

    >>> make_spec(players=2).board.name, make_spec(auction=True).auction
    ('alfred', True)
    """
    return AlfredopolySpec(**options)
