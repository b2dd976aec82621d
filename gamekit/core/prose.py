"""Lesson prose built from computed numbers, so no number in a lesson's text goes stale.

A lesson states what the kit computes by building its Markdown in a code cell::

    md("Over {games} games the scholar wins {share}.", games=games, share=percent(p))

:func:`md` fills ``str.format`` fields and returns a :class:`Prose`, which JupyterLab,
Voila and nbconvert show as Markdown (it has ``_repr_markdown_``; this module imports
nothing from Jupyter). Whole numbers get thousands separators (``1,500``) unless the
field gives its own format (``{n:d}``); every other value is formatted as ``str.format``
would (give floats a format: ``{share:.2f}``).

The money notation
------------------
Money in a lesson's Markdown, in Markdown built by :func:`md` and in the docs' Markdown is
written ONE way, the way :func:`money` writes it::

    <span>&dollar;</span>200

(the dollar sign as the HTML entity ``&dollar;`` inside its own ``<span>``, then the
amount; a negative amount is ``-<span>&dollar;</span>50``). It reads "$200" everywhere,
and two prices in one paragraph never pair up into maths:

* the Markdown source holds no ``$``, so no Markdown-side maths parser (JupyterLab's,
  nbconvert's and Voila's mistune, a code host's ``$...$`` maths) sees a delimiter;
* the rendered page holds each ``$`` alone in its own element, and MathJax (3 in JupyterLab
  and Voila, 2.7 in nbconvert's HTML) never pairs delimiters across HTML elements.

Checked in Chromium with a paragraph holding three prices and ``$x P$``: JupyterLab 4.6,
Voila 0.5 with the kit's template, an nbconvert HTML export offline (MathJax from the CDN
does not load) and the same export with MathJax 2.7.9 loaded; and markdown-it-py and
mistune render it as ``<span>$</span>200``. What fails somewhere: ``\\\\$200`` (shows
``\\$200`` where MathJax does not run: an offline export, a code host), ``\\$200``,
``&#36;200`` and ``&dollar;200`` (two prices in one paragraph become maths in JupyterLab,
Voila and nbconvert with MathJax), ``<span>$</span>200`` (nbconvert's and JupyterLab's
Markdown-side maths pair the two raw ``$`` across the tags), ``$200`` (maths).
Real maths keeps its ``$...$``: ``pay <span>&dollar;</span>4, then iterate $x P$``.
``tests/test_money_notation.py`` checks every notebook's Markdown and ``docs/**/*.md``.

>>> md("Every player starts with {cash}; {n} seats.", cash=money(1500), n=4)
Prose('Every player starts with <span>&dollar;</span>1,500; 4 seats.')
>>> print(md("{games} games, {share} of them won", games=12_000, share=percent(0.6123)))
12,000 games, 61.2% of them won
"""

from __future__ import annotations

import numbers
import string
from typing import Any

__all__ = ["DOLLAR", "Prose", "md", "money", "percent", "plural"]

#: The dollar sign of the kit's money notation (see the module's docstring).
DOLLAR = "<span>&dollar;</span>"


class Prose:
    """Markdown text that notebooks render as Markdown; ``str()`` gives the text itself.

    >>> p = Prose("**two** books")
    >>> str(p), p._repr_markdown_()
    ('**two** books', '**two** books')
    >>> p == Prose("**two** books")
    True
    """

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = str(text)

    def _repr_markdown_(self) -> str:
        return self.text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Prose({self.text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Prose) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __add__(self, other: object) -> Prose:
        """Join two pieces of prose (or prose and text) into one.

        >>> md("{n} turns", n=1200) + " later"
        Prose('1,200 turns later')
        """
        if isinstance(other, (Prose, str)):
            return Prose(self.text + str(other))
        return NotImplemented


def _whole(value: Any) -> bool:
    """An integer (Python's or numpy's), not a bool."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


class _Formatter(string.Formatter):
    def format_field(self, value: Any, format_spec: str) -> str:
        if not format_spec and _whole(value):
            return f"{int(value):,}"
        return str(super().format_field(value, format_spec))


def md(template: str, /, **values: Any) -> Prose:
    """Fill ``template``'s ``str.format`` fields with ``values`` and return Markdown prose.

    Whole numbers get thousands separators unless the field has a format of its own.

    >>> md("{rolls} rolls, {share:.3f} in Probation", rolls=900000, share=0.05891)
    Prose('900,000 rolls, 0.059 in Probation')
    >>> md("seed {seed:d}", seed=20261)
    Prose('seed 20261')
    >>> md("{missing}")
    Traceback (most recent call last):
    ...
    KeyError: 'missing'
    """
    return Prose(_Formatter().vformat(template, (), values))


def money(amount: float, digits: int | None = None) -> str:
    """``amount`` dollars in the kit's money notation (see the module's docstring).

    Whole amounts get thousands separators; other amounts get 2 decimals unless
    ``digits`` says how many.

    >>> money(1500)
    '<span>&dollar;</span>1,500'
    >>> money(-50)
    '-<span>&dollar;</span>50'
    >>> money(14.375), money(14.375, digits=1)
    ('<span>&dollar;</span>14.38', '<span>&dollar;</span>14.4')
    """
    given: object = amount  # a learner's cell may pass anything
    if isinstance(given, bool) or not isinstance(given, numbers.Real):
        raise TypeError(f"money() needs a number of dollars, not {amount!r}")
    sign = "-" if amount < 0 else ""
    size = abs(amount)
    if digits is None:
        digits = 0 if _whole(size) or float(size).is_integer() else 2
    shown = f"{float(size):,.{digits}f}" if digits else f"{round(size):,}"
    return f"{sign}{DOLLAR}{shown}"


def percent(x: float, digits: int = 1) -> str:
    """A share (0.612) as a percentage with ``digits`` decimals ("61.2%").

    >>> percent(0.6123), percent(0.6123, digits=0), percent(1)
    ('61.2%', '61%', '100.0%')
    """
    return f"{100 * float(x):.{digits}f}%"


def plural(n: int, one: str, many: str) -> str:
    """``n`` and the word that fits it: "1 book", "2 books", "1,200 books".

    >>> plural(1, "book", "books"), plural(0, "book", "books"), plural(1200, "game", "games")
    ('1 book', '0 books', '1,200 games')
    """
    count = f"{int(n):,}" if _whole(n) else str(n)
    return f"{count} {one if n == 1 else many}"
