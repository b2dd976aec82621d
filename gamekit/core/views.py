"""How a game's states show themselves in a notebook, without the state knowing its views.

A state class inherits :class:`Shown`, whose ``_repr_html_``, ``_repr_svg_``,
``_repr_pretty_`` and ``__str__`` ask the single-dispatch functions :func:`html`,
:func:`svg` and :func:`text`. Each game's display modules register their drawing for their
own state class (``views.html.register(GameState, state_html)``), and the game's package
imports them, so the arrows run one way: the views import the state, never the other way.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Coin(Shown):
...     face: str
>>> _ = text.register(Coin, lambda c: f"the coin shows {c.face}")
>>> str(Coin("heads"))
'the coin shows heads'
>>> Coin("tails")._repr_html_() is None  # no HTML view registered: Jupyter shows the text
True
"""

from __future__ import annotations

from functools import singledispatch
from typing import Any

__all__ = ["Shown", "html", "svg", "text"]


@singledispatch
def html(state: Any) -> str | None:
    """The state as an HTML fragment (``None`` where its game registered none)."""
    return None


@singledispatch
def svg(state: Any) -> str | None:
    """The state as a standalone SVG picture (``None`` where its game registered none)."""
    return None


@singledispatch
def text(state: Any) -> str:
    """The state in a few lines of text (default: its ``repr``)."""
    return repr(state)


class Shown:
    """Mixin for state classes: notebook and ``print`` views from the registered functions."""

    __slots__ = ()

    def _repr_html_(self) -> str | None:
        return html(self)

    def _repr_svg_(self) -> str | None:
        return svg(self)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self) if cycle else text(self))

    def __str__(self) -> str:
        return text(self)
