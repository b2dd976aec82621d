"""The event log a working table narrates into, and the null log simulations use.

:class:`EventLog` keeps what happened, in order, as :class:`~gamekit.core.actions.Event`
records (the checked API returns them with each step); :data:`NULL_LOG` keeps nothing,
so a simulation runs the same rule code without building a single event.

>>> log = EventLog()
>>> log.say("fee", "Bo paid $24 fee to Ann", player=1, amount=24, target=0)
>>> [str(e) for e in log], log[0].amount
(['Bo paid $24 fee to Ann'], 24)
>>> NULL_LOG.say("fee", "Bo paid $24 fee to Ann")
>>> len(NULL_LOG)
0
"""

from __future__ import annotations

from gamekit.core.actions import Event


class EventLog(list[Event]):
    """The events of a step, in order (a list)."""

    __slots__ = ()

    def say(self, kind: str, text: str, player: int | None = None,
            amount: int | None = None, target: int | None = None) -> None:  # fmt: skip
        """Record one event."""
        self.append(Event(kind, text, player, amount, target))


class NullLog(EventLog):
    """An event log that keeps nothing (the null object: narration needs no check)."""

    __slots__ = ()

    def say(self, kind: str, text: str, player: int | None = None,
            amount: int | None = None, target: int | None = None) -> None:  # fmt: skip
        """Keep nothing."""


NULL_LOG = NullLog()
"""The shared null log (it never holds an event)."""

__all__ = ["NULL_LOG", "EventLog", "NullLog"]
