"""Campus Gamekit: rules engines and probability tools for Alfredopoly and Alma Mater.

The engine is pure Python with numpy and pandas; it never imports Jupyter.

>>> import gamekit
>>> gamekit.__version__
'0.1.0'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gamekit.core.game import Game

__version__ = "0.1.0"


def games() -> dict[str, Game]:
    """Every game of the kit by name, each behind the :class:`~gamekit.core.game.Game`
    protocol (imported only when asked for, so ``import gamekit`` stays light).

    >>> sorted(games())
    ['alfredopoly', 'almamater']
    """
    from gamekit.alfredopoly.game import AlfredopolyGame
    from gamekit.almamater.game import AlmaMaterGame

    return {"alfredopoly": AlfredopolyGame(), "almamater": AlmaMaterGame()}
