"""Self-checks for the lessons' exercises, with the answers kept out of sight.

A lesson's self-check cell is one readable line, ``check("alfredopoly_1.fee", answer_1)``,
that gives nothing away: the expected answer is *computed* by a function registered
under the exercise's id (usually from the engine itself), in a module the learner does
not have open. Each game registers its exercises in its own ``exercises`` module
(``gamekit.alfredopoly.exercises``, ``gamekit.almamater.exercises``); :func:`check`
imports them on first use.

An exercise's answer is exact (an int, a :class:`fractions.Fraction`, a string, a
tuple) or a float with a tolerance. A float given for an exact fraction is accepted
when it is within the tolerance, and the reply shows the fraction in lowest terms.
An exercise with several right answers returns them as a ``frozenset``.

>>> from fractions import Fraction
>>> @register("demo.third", hint="How many faces show 5 or 6?")
... def _third() -> Fraction:
...     return Fraction(2, 6)
>>> check("demo.third", Fraction(1, 3))
Correct: 1/3.
True
>>> check("demo.third", 0.3333)
Correct: 0.3333 is within 0.001 of 1/3.
True
>>> check("demo.third", Fraction(1, 2))
Not yet: 1/2 is not right. Hint: How many faces show 5 or 6?
False
>>> check("demo.third", None)
Set your answer first, then run this cell again.
False
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

__all__ = ["Exercise", "check", "exercise_ids", "register"]

#: Game modules whose ``exercises`` submodule registers exercises on import.
_GAMES = ("gamekit.alfredopoly.exercises", "gamekit.almamater.exercises")


@dataclass(frozen=True)
class Exercise:
    """One exercise: how to compute its answer, the tolerance for floats, a hint."""

    id: str
    answer: Callable[[], Any]
    tolerance: float = 1e-3
    hint: str = ""
    accept: Callable[[Any], str | None] | None = None


_REGISTRY: dict[str, Exercise] = {}


def register(
    exercise_id: str,
    *,
    tolerance: float = 1e-3,
    hint: str = "",
    accept: Callable[[Any], str | None] | None = None,
) -> Callable[[Callable[[], Any]], Callable[[], Any]]:
    """Register the function that computes the answer of ``exercise_id``.

    ``accept`` (optional) checks the learner's own work before the answer is compared,
    returning a reason to refuse it (say, "that is the kit's own bot") or None.

    >>> @register("demo.two")
    ... def _two() -> int:
    ...     return 1 + 1
    >>> "demo.two" in exercise_ids()
    True
    """

    def decorate(fn: Callable[[], Any]) -> Callable[[], Any]:
        _REGISTRY[exercise_id] = Exercise(exercise_id, fn, tolerance, hint, accept)
        return fn

    return decorate


def _load_games() -> None:
    for name in _GAMES:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:  # a game without exercises yet
            if exc.name != name:
                raise


def exercise_ids() -> list[str]:
    """The registered exercise ids, sorted."""
    _load_games()
    return sorted(_REGISTRY)


def _show(value: Any) -> str:
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, float):
        return f"{value:g}"
    return repr(value) if isinstance(value, str) else str(value)


def _matches(answer: Any, truth: Any, tolerance: float) -> tuple[bool, str]:
    """Whether ``answer`` equals ``truth``, and the words saying how it was accepted."""
    if isinstance(truth, frozenset):  # several right answers
        ok = any(_matches(answer, t, tolerance)[0] for t in truth)
        return ok, _show(answer)
    exact = isinstance(truth, (int, Fraction)) and not isinstance(truth, bool)
    if isinstance(answer, float) and (exact or isinstance(truth, float)):
        ok = abs(answer - float(truth)) <= tolerance
        return ok, f"{answer:g} is within {tolerance:g} of {_show(truth)}"
    if exact and isinstance(answer, (int, Fraction)) and not isinstance(answer, bool):
        return Fraction(answer) == Fraction(truth), _show(truth)
    return answer == truth, _show(truth)


def check(exercise_id: str, answer: Any) -> bool:
    """Print whether ``answer`` solves ``exercise_id`` and return True or False.

    Floats are accepted within the exercise's tolerance, and the reply says so.
    """
    _load_games()
    if exercise_id not in _REGISTRY:
        raise KeyError(f"no exercise {exercise_id!r}; known: {', '.join(sorted(_REGISTRY))}")
    ex = _REGISTRY[exercise_id]
    if answer is None:
        print("Set your answer first, then run this cell again.")
        return False
    if ex.accept is not None:
        refusal = ex.accept(answer)
        if refusal:
            print(f"Not yet: {refusal}")
            return False
    ok, words = _matches(answer, ex.answer(), ex.tolerance)
    if ok:
        print(f"Correct: {words}.")
        return True
    hint = f" Hint: {ex.hint}" if ex.hint else ""
    print(f"Not yet: {_show(answer)} is not right.{hint}")
    return False
