"""Self-checks for the lessons' exercises, with the answers kept out of sight.

A lesson's self-check cell is one readable line, ``check("alfredopoly_1.fee", answer_1)``,
that gives nothing away: the expected answer is *computed* by a function registered
under the exercise's id (usually from the engine itself), in a module the learner does
not have open. Each game registers its exercises in its own ``exercises`` module
(``gamekit.alfredopoly.exercises``, ``gamekit.almamater.exercises``); :func:`check`
imports them on first use.

An exercise's answer is exact (an int, a :class:`fractions.Fraction`, a string, a
tuple) or a float with a tolerance. A float given for an exact fraction is accepted
when it is within the tolerance, and the reply shows the fraction in lowest terms. A
whole-number answer is compared within the tolerance too, so an "about how many"
exercise registered with ``tolerance=9_000`` accepts 899999 for 900000 (and says so);
with the default tolerance a whole number must be exact.
An exercise with several right answers returns them as a ``frozenset``.

The *form* of an answer does not matter where it carries no meaning: a tuple answer may be
given as a list (any sequence), and a word answer ("green", "dictionary") in any
capitalisation, with spaces around it. An exercise whose answer is a Python name is
registered with ``exact_case=True``. When the form itself is wrong (a word where a number
belongs, two values where three belong), the reply says which form is expected instead of
a hint about the reasoning.

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
>>> @register("demo.about", tolerance=9_000, hint="nine times the rolls")
... def _about() -> int:
...     return 900_000
>>> check("demo.about", int(899999.9999999998))
Correct: 899999 is within 9000 of 900000.
True
>>> check("demo.about", 300_000)
Not yet: 300000 is not right. Hint: nine times the rolls
False
>>> @register("demo.order", hint="who plays first?")
... def _order() -> tuple[str, int]:
...     return ("green", 18)
>>> check("demo.order", ["Green", 18])
Correct: ('green', 18).
True
>>> check("demo.order", ["Red", 18])
Not yet: ['Red', 18] is not right. Hint: who plays first?
False
>>> check("demo.order", "green")
Not yet: 'green' is not in the expected form. Write 2 values in brackets: \
a word in quotes, then a whole number.
False

A solution is kept in the kit too, never in the notebook a learner opens: ``register(...,
solution="...")`` takes its text (Markdown; code in a fenced block), and
``reveal(exercise_id)`` gives it (Markdown a notebook renders), but only once
:func:`check` has seen a real attempt (an answer other than None) at that exercise in this
Python process:

>>> @register("demo.even", solution="Three of the six faces are even: `Fraction(3, 6)`.")
... def _even() -> Fraction:
...     return Fraction(1, 2)
>>> reveal("demo.even")
Try it first: put your answer in the exercise's variable and run its self-check, \
`check("demo.even", ...)`; then run `reveal("demo.even")` again.
>>> check("demo.even", Fraction(1, 3))
Not yet: 1/3 is not right.
False
>>> reveal("demo.even")
Three of the six faces are even: `Fraction(3, 6)`.

Each game subpackage of :mod:`gamekit` may have an ``exercises`` module; :func:`check`
finds and imports all of them (a new game needs no change here).
"""

from __future__ import annotations

import importlib
import numbers
import pkgutil
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from gamekit.core.prose import DOLLAR, Prose

__all__ = ["Exercise", "check", "exercise_ids", "register", "reveal"]


@dataclass(frozen=True)
class Exercise:
    """One exercise: how to compute its answer, the tolerance for floats, a hint."""

    id: str
    answer: Callable[[], Any]
    tolerance: float = 1e-3
    hint: str = ""
    accept: Callable[[Any], str | None] | None = None
    exact_case: bool = False
    solution: str = ""


_REGISTRY: dict[str, Exercise] = {}
#: Exercises that :func:`check` has seen a real attempt at (an answer other than None).
_ATTEMPTED: set[str] = set()


def register(
    exercise_id: str,
    *,
    tolerance: float = 1e-3,
    hint: str = "",
    accept: Callable[[Any], str | None] | None = None,
    exact_case: bool = False,
    solution: str = "",
) -> Callable[[Callable[[], Any]], Callable[[], Any]]:
    """Register the function that computes the answer of ``exercise_id``.

    ``accept`` (optional) checks the learner's own work before the answer is compared,
    returning a reason to refuse it (say, "that is the kit's own bot") or None.
    ``exact_case`` makes a text answer case-sensitive (for Python names); by default a
    text answer is a word, accepted in any capitalisation. ``solution`` is the worked
    solution (Markdown) that :func:`reveal` shows after an attempt.

    >>> @register("demo.two")
    ... def _two() -> int:
    ...     return 1 + 1
    >>> "demo.two" in exercise_ids()
    True
    """

    def decorate(fn: Callable[[], Any]) -> Callable[[], Any]:
        _REGISTRY[exercise_id] = Exercise(
            exercise_id, fn, tolerance, hint, accept, exact_case, textwrap.dedent(solution).strip()
        )
        return fn

    return decorate


def _game_modules() -> list[str]:
    """``gamekit.<game>.exercises`` for every subpackage of :mod:`gamekit` but ``core``.

    >>> "gamekit.almamater.exercises" in _game_modules()
    True
    """
    from gamekit.core.game import kit_paths

    return [
        f"gamekit.{info.name}.exercises"
        for info in pkgutil.iter_modules(list(kit_paths()))
        if info.ispkg and info.name != "core"
    ]


def _load_games(wanted: str | None = None) -> None:
    """Import every game's exercises module. Given the exercise id ``wanted``, import the
    game its id names first (``"alfredopoly_5.x"``: ``gamekit.alfredopoly.exercises``) and
    stop once that exercise is registered, so that one game's broken module does not
    stop another game's self-checks.

    >>> _load_games("alfredopoly_1.three_doubles")
    >>> "alfredopoly_1.three_doubles" in _REGISTRY
    True
    """
    names = _game_modules()
    if wanted is not None:
        game = wanted.split(".")[0].split("_")[0]
        names.sort(key=lambda name: name.split(".")[1] != game)
    for name in names:
        if wanted is not None and wanted in _REGISTRY:
            return
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


def _is_number(value: Any) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def _is_bool(value: Any) -> bool:
    """True or False, also numpy's (``np.True_``)."""
    kind = type(value)
    return isinstance(value, bool) or (
        kind.__module__ == "numpy" and kind.__name__ in ("bool", "bool_")
    )


def _is_sequence(value: Any) -> bool:
    """A list, tuple or other sequence of values (text is a word, not a sequence)."""
    if isinstance(value, (str, bytes)):
        return False
    if isinstance(value, Sequence):
        return True
    shape = getattr(value, "shape", None)  # a one-dimensional numpy array
    return isinstance(shape, tuple) and len(shape) == 1


def _words(value: str, exact_case: bool) -> str:
    """A text answer without the form that carries no meaning (case; a name's "()")."""
    if exact_case:  # a Python name: "chance_step()" names the same function
        return value.strip().removesuffix("()")
    return value.strip().casefold()


def _matches(answer: Any, truth: Any, tolerance: float, exact_case: bool = False) -> bool:
    """Whether ``answer`` equals ``truth``, forgiving forms that carry no meaning."""
    if isinstance(truth, frozenset):  # several right answers
        return any(_matches(answer, t, tolerance, exact_case) for t in truth)
    if isinstance(truth, (list, tuple)):
        if not _is_sequence(answer) or len(answer) != len(truth):
            return False
        return all(
            _matches(a, t, tolerance, exact_case) for a, t in zip(answer, truth, strict=True)
        )
    if isinstance(truth, str):
        return isinstance(answer, str) and _words(answer, exact_case) == _words(truth, exact_case)
    if isinstance(truth, bool):
        return _is_bool(answer) and bool(answer) == truth
    if isinstance(truth, (int, Fraction, float)):  # a number: True is not 1 here
        if not _is_number(answer):
            return False
        if _exact(answer, truth) and (
            isinstance(truth, Fraction) or _equal(answer, truth)
        ):  # a fraction must be exact; a whole number may be off by the tolerance
            return _equal(answer, truth)
        return abs(float(answer) - float(truth)) <= tolerance
    # the truth judges first (a piece of work's checker), and an answer whose == gives no
    # single truth value (a pandas DataFrame, an array against a plain value) is not it
    try:
        return bool(truth == answer)
    except (TypeError, ValueError):
        return False


def _exact(answer: Any, truth: Any) -> bool:
    """Whether two numbers are compared exactly (whole numbers and fractions, numpy's too)
    rather than within the tolerance (any float, numpy's float32 included)."""
    return isinstance(answer, numbers.Rational) and not isinstance(truth, float)


def _equal(answer: Any, truth: Any) -> bool:
    """Whether a rational ``answer`` (numpy's integers too) equals the number ``truth``."""
    return Fraction(int(answer.numerator), int(answer.denominator)) == Fraction(truth)


def _words_for_match(answer: Any, truth: Any, tolerance: float) -> str:
    """How an accepted answer is shown: the truth, or the tolerance it fell within."""
    if isinstance(truth, frozenset):
        return _show(answer)
    number = isinstance(truth, (int, Fraction, float)) and not isinstance(truth, bool)
    if number and _is_number(answer) and not (_exact(answer, truth) and _equal(answer, truth)):
        shown = _show(answer) if isinstance(answer, numbers.Integral) else f"{float(answer):g}"
        return f"{shown} is within {tolerance:g} of {_show(truth)}"
    return _show(truth)


def _form(truth: Any) -> str | None:
    """The form of ``truth`` in words ("a whole number"), or None if it has no simple form."""
    if isinstance(truth, frozenset):
        forms = {_form(t) for t in truth}
        return forms.pop() if len(forms) == 1 else None
    if isinstance(truth, bool):
        return "True or False"
    if isinstance(truth, int):
        return "a whole number"
    if isinstance(truth, Fraction):
        return "a number (a fraction such as Fraction(1, 3), or a decimal)"
    if isinstance(truth, float):
        return "a number"
    if isinstance(truth, str):
        return "a word in quotes"
    if isinstance(truth, (list, tuple)):
        parts = [_form(t) for t in truth]
        if any(p is None for p in parts):
            return None
        if len(set(parts)) == 1 and parts[0] == "a word in quotes":
            return f"{len(truth)} words in quotes, in brackets"
        return f"{len(truth)} values in brackets: " + ", then ".join(str(p) for p in parts)
    return None


def _in_form(answer: Any, truth: Any) -> bool:
    """Whether ``answer`` has the form of ``truth`` (right or wrong in content)."""
    if isinstance(truth, frozenset):
        return any(_in_form(answer, t) for t in truth)
    if isinstance(truth, bool):
        return _is_bool(answer)
    if isinstance(truth, (int, Fraction, float)):
        return _is_number(answer)
    if isinstance(truth, str):
        return isinstance(answer, str)
    if isinstance(truth, (list, tuple)):
        return (
            _is_sequence(answer)
            and len(answer) == len(truth)
            and all(_in_form(a, t) for a, t in zip(answer, truth, strict=True))
        )
    return True


def _exercise(exercise_id: str) -> Exercise:
    _load_games(exercise_id)
    if exercise_id not in _REGISTRY:
        raise KeyError(f"no exercise {exercise_id!r}; known: {', '.join(sorted(_REGISTRY))}")
    return _REGISTRY[exercise_id]


class Reply(Prose):
    """What :func:`reveal` gives: Markdown that a notebook shows rendered (code blocks,
    bold, maths, prices in the kit's money notation), and plain text where there is no
    notebook (its ``repr``, prices as "$20").

    >>> Reply("**two** books cost <span>&dollar;</span>20")
    **two** books cost $20
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return self.text.replace(DOLLAR, "$")

    __str__ = __repr__


def reveal(exercise_id: str) -> Reply:
    """The solution of ``exercise_id``, once :func:`check` has seen an attempt at it: a
    :class:`Reply`, which a notebook cell that ends with ``reveal(...)`` shows as Markdown.

    Before that it says how to try first and gives nothing away. An exercise registered
    without a written solution shows its computed answer.

    >>> @register("demo.five")
    ... def _five() -> int:
    ...     return 5
    >>> check("demo.five", 4)
    Not yet: 4 is not right.
    False
    >>> reveal("demo.five")
    The answer: 5.
    """
    ex = _exercise(exercise_id)
    if exercise_id not in _ATTEMPTED:
        return Reply(
            "Try it first: put your answer in the exercise's variable and run its "
            f'self-check, `check("{exercise_id}", ...)`; then run `reveal("{exercise_id}")` '
            "again."
        )
    return Reply(ex.solution or f"The answer: {_show(ex.answer())}.")


def check(exercise_id: str, answer: Any) -> bool:
    """Print whether ``answer`` solves ``exercise_id`` and return True or False.

    Floats are accepted within the exercise's tolerance, and the reply says so. A
    sequence may be any sequence type, and words any capitalisation; an answer in the
    wrong form is told the expected form.
    """
    ex = _exercise(exercise_id)
    if answer is None:
        # a piece of work (a matrix, a path, a function) comes from the learner's own code
        work = not isinstance(ex.answer(), (numbers.Number, str, tuple, list, frozenset))
        todo = " (fill in the TODOs of your code, so that it gives one)" if work else ""
        print(f"Set your answer first{todo}, then run this cell again.")
        return False
    _ATTEMPTED.add(exercise_id)
    if ex.accept is not None:
        refusal = ex.accept(answer)
        if refusal:
            print(f"Not yet: {refusal}")
            return False
    truth = ex.answer()
    if _matches(answer, truth, ex.tolerance, ex.exact_case):
        print(f"Correct: {_words_for_match(answer, truth, ex.tolerance)}.")
        return True
    form = _form(truth)
    if form is not None and not _in_form(answer, truth):
        print(f"Not yet: {_show(answer)} is not in the expected form. Write {form}.")
        return False
    hint = f" Hint: {ex.hint}" if ex.hint else ""
    print(f"Not yet: {_show(answer)} is not right.{hint}")
    return False
