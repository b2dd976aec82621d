"""Dice: exact distributions as fractions, and seeded sampling from the same list.

A roll of ``count`` dice with ``sides`` faces is a *double* when all dice show the same
face (for two dice, the usual doubles).

>>> d = Dice(2, 6)
>>> d.total_distribution()[7]
Fraction(1, 6)
>>> d.doubles_probability()
Fraction(1, 6)
>>> str(Dice.parse("3d4"))
'3d4'
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

import numpy as np

from gamekit.core.rng import Seed, make_rng

_DICE_RE = re.compile(r"^\s*(\d+)\s*[dD]\s*(\d+)\s*$")


@dataclass(frozen=True, slots=True)
class DiceRoll:
    """The faces of one roll, in the order rolled.

    >>> DiceRoll((3, 3)).is_double, DiceRoll((3, 3)).total
    (True, 6)
    """

    values: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.values)

    @property
    def is_double(self) -> bool:
        return len(self.values) > 1 and len(set(self.values)) == 1

    def __str__(self) -> str:
        text = "+".join(str(v) for v in self.values) + f" = {self.total}"
        return text + (" (double)" if self.is_double else "")


@dataclass(frozen=True)
class Dice:
    """``count`` fair dice with ``sides`` faces each (``Dice(2, 6)`` is 2d6)."""

    count: int = 2
    sides: int = 6

    def __post_init__(self) -> None:
        for name, value, low, high in (("count", self.count, 1, 6), ("sides", self.sides, 2, 100)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"dice {name} must be a whole number, got {value!r}")
            if not low <= value <= high:
                raise ValueError(f"dice {name} must be between {low} and {high}, got {value}")

    @classmethod
    def parse(cls, text: str) -> Dice:
        """Read ``"NdS"`` (``"2d6"``, ``"3d4"``).

        >>> Dice.parse("2d6") == Dice(2, 6)
        True
        """
        match = _DICE_RE.match(str(text))
        if not match:
            raise ValueError(f"dice must look like 2d6 (N dice of S sides), got {text!r}")
        return cls(int(match.group(1)), int(match.group(2)))

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}"

    @property
    def min_total(self) -> int:
        return self.count

    @property
    def max_total(self) -> int:
        return self.count * self.sides

    @cached_property
    def _joint(self) -> dict[tuple[int, bool], Fraction]:
        counts: Counter[tuple[int, bool]] = Counter()
        for faces in itertools.product(range(1, self.sides + 1), repeat=self.count):
            counts[(sum(faces), self.count > 1 and len(set(faces)) == 1)] += 1
        n = self.sides**self.count
        return {key: Fraction(c, n) for key, c in sorted(counts.items())}

    def distribution(self) -> dict[tuple[int, bool], Fraction]:
        """Exact P(total, is_double) for every reachable pair, sorted by total.

        >>> Dice(2, 6).distribution()[(4, True)]
        Fraction(1, 36)
        """
        return dict(self._joint)

    def total_distribution(self) -> dict[int, Fraction]:
        """Exact P(total) for every reachable total.

        >>> sum(Dice(3, 6).total_distribution().values())
        Fraction(1, 1)
        """
        out: dict[int, Fraction] = {}
        for (total, _), p in self._joint.items():
            out[total] = out.get(total, Fraction(0)) + p
        return out

    def doubles_probability(self) -> Fraction:
        """P(all dice show the same face): ``sides / sides**count``."""
        return sum((p for (_, dbl), p in self._joint.items() if dbl), Fraction(0))

    def outcomes(self) -> list[tuple[DiceRoll, Fraction]]:
        """Every ordered roll with its exact probability (the chance node's outcome list).

        >>> len(Dice(2, 6).outcomes())
        36
        """
        p = Fraction(1, self.sides**self.count)
        return [
            (DiceRoll(faces), p)
            for faces in itertools.product(range(1, self.sides + 1), repeat=self.count)
        ]

    def roll(self, seed: Seed = None) -> DiceRoll:
        """One roll, drawn from ``seed`` (an int or a ``numpy.random.Generator``).

        >>> Dice(2, 6).roll(3) == Dice(2, 6).roll(3)
        True
        """
        rng = make_rng(seed)
        faces = rng.integers(1, self.sides + 1, size=self.count)
        return DiceRoll(tuple(int(v) for v in faces))

    def sample(self, n: int, seed: Seed = None) -> np.ndarray:
        """``n`` rolls at once as an ``(n, count)`` integer array (vectorized sampling).

        >>> Dice(2, 6).sample(5, seed=1).shape
        (5, 2)
        """
        if n < 0:
            raise ValueError(f"n must be >= 0, got {n}")
        rng = make_rng(seed)
        return rng.integers(1, self.sides + 1, size=(n, self.count))
