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
    protocol: every subpackage of ``gamekit`` with a ``game.py`` defining ``GAME`` (found
    when first asked for, so ``import gamekit`` stays light; a new game is a new folder).

    >>> {"alfredopoly", "almamater"} <= set(games())  # and any game folder dropped in
    True
    """
    from gamekit.core.game import games as found

    return found()
