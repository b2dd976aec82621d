"""The kit's exception types.

Every error a user can cause is a subclass of ``ValueError``, so ``except ValueError``
catches bad input anywhere, and says *why* in its message.

>>> try:
...     raise IllegalAction("space 12 is owned by Ann")
... except ValueError as exc:
...     print(exc)
space 12 is owned by Ann
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


class GamekitError(ValueError):
    """Base class of every error the kit raises on purpose. ``words``, when set, is the
    message as data (a :class:`~gamekit.core.events.Words` of a phrasebook), so a table in
    another language can say it; ``str(error)`` stays English.

    >>> GamekitError("a game needs players", words="core.no_players").words
    'core.no_players'
    """

    words: Any = None

    def __init__(self, *args: Any, words: Any = None) -> None:
        super().__init__(*args)
        if words is not None:
            self.words = words


class IllegalAction(GamekitError):
    """An action that the rules do not allow in this state; the state is unchanged.

    ``reason`` holds the human-readable reason (English), ``action`` the rejected action
    (if any), ``words`` the reason as data (a :class:`~gamekit.core.events.Words`), which a
    game's phrasebook says in any of its languages.
    """

    def __init__(self, reason: str, action: object = None, words: Any = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.action = action
        self.words = words


class IllegalTransition(RuntimeError):
    """An engine tried a phase change that its :class:`~gamekit.core.actions.PhaseTable`
    does not allow: a bug in the engine, never a player's mistake (so not a ``ValueError``)."""


class DataError(GamekitError):
    """A malformed data file (board, deck, ruleset, score sheet).

    The message always names the file, the entry and the field, then the problem:

    >>> print(DataError("alfred.toml", "space 12", "price", "must be >= 0, got -5"))
    alfred.toml: space 12: price: must be >= 0, got -5
    """

    def __init__(
        self,
        file: str | Path,
        entry: str | None,
        field: str | None,
        problem: str,
    ) -> None:
        self.file = str(file)
        self.entry = entry
        self.field = field
        self.problem = problem
        parts = [self.file]
        if entry:
            parts.append(entry)
        if field:
            parts.append(field)
        parts.append(problem)
        super().__init__(": ".join(parts))


class MarkovError(GamekitError):
    """A transition matrix or distribution that is not a valid Markov chain."""
