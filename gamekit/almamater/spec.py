"""The frozen description of one Alma Mater game: components, player count, action spaces.

>>> spec = make_spec(3)
>>> spec.players, spec.colours
(3, ('red', 'blue', 'green'))
>>> spec.spaces[:2]
('campus_1', 'campus_2')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gamekit.almamater.components import Components, load_components
from gamekit.almamater.records import FACULTIES, FoundingCard, GloryTile, ResearchCard

COLOURS = ("red", "blue", "green", "purple")
# Bishop and Colloquium take any number of masters and never escalate (a fact).
OPEN_SPACES = ("bishop", "colloquium")


@dataclass(frozen=True)
class AlmaMaterSpec:
    """Everything fixed for a game: the component data and the number of players."""

    components: Components
    players: int
    colours: tuple[str, ...] = field(init=False)
    spaces: tuple[str, ...] = field(init=False)
    ability_of: dict[str, str] = field(init=False, repr=False, compare=False)
    space_idx: dict[str, int] = field(init=False, repr=False, compare=False)
    cache: dict[Any, Any] = field(init=False, repr=False, compare=False)
    founding: dict[str, FoundingCard] = field(init=False, repr=False, compare=False)
    research: dict[str, ResearchCard] = field(init=False, repr=False, compare=False)
    glory: dict[str, GloryTile] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 4:
            raise ValueError(f"Alma Mater is for 2 to 4 players, got {self.players}")
        board = self.components.board
        spaces = [f"campus_{r + 1}" for r in range(board.campus_rows)]
        spaces += [f"academy_{f}" for f in FACULTIES]
        spaces += ["antiquarian", "laboratory", "park", "hall_of_fame", *OPEN_SPACES]
        object.__setattr__(self, "colours", COLOURS[: self.players])
        object.__setattr__(self, "spaces", tuple(spaces))
        object.__setattr__(self, "space_idx", {name: i for i, name in enumerate(spaces)})
        object.__setattr__(self, "cache", {})  # derived values only, e.g. student prices
        c = self.components
        object.__setattr__(self, "ability_of", {ch.ability: ch.name for ch in c.chancellors})
        object.__setattr__(self, "founding", {x.id: x for x in c.founding})
        object.__setattr__(self, "research", {x.id: x for x in c.research})
        object.__setattr__(self, "glory", {x.id: x for x in c.glory})

    def space_index(self, space: str) -> int:
        """Position of ``space`` in :attr:`spaces` (a ``ValueError`` if unknown)."""
        return self.space_idx[space]

    def colour_index(self, colour: str) -> int:
        """The seat whose textbooks have ``colour``."""
        return self.colours.index(colour)


def make_spec(players: int = 3, data: str | Path | Components | None = None) -> AlmaMaterSpec:
    """A spec for ``players`` players with the kit's data, a data folder, or loaded components.

    >>> make_spec(4).colours[-1]
    'purple'
    """
    components = data if isinstance(data, Components) else load_components(data)
    return AlmaMaterSpec(components, players)


SPACE_TITLES = {
    "antiquarian": "Antiquarian",
    "laboratory": "Laboratory",
    "park": "Park",
    "hall_of_fame": "Hall of fame",
    "bishop": "Bishop",
    "colloquium": "Colloquium",
    "starting_student": "Starting student",
}


def space_title(space: str) -> str:
    """Words for a space id.

    >>> space_title("campus_2"), space_title("academy_Law")
    ('Campus row 2', 'Academy (Law)')
    """
    if space.startswith("campus_"):
        return f"Campus row {space[7:]}"
    if space.startswith("academy_"):
        return f"Academy ({space[8:]})"
    return SPACE_TITLES.get(space, space)
