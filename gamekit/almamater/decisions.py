"""Decisions a player owes in the middle of play: where new own textbooks go, and which
books leave a storage that is over its limit.

The rules leave both to the player: "Bücher der eigenen Farbe dürfen direkt in der
Bibliothek platziert werden oder im Lager" and "Hat ein Spieler mehr Bücher in seinem
Lager, muss er überzählige Bücher in den Vorrat zurücklegen". So the engine stops and
asks. A waiting decision is ``(kind, seat, count)`` in ``GameState.pending``; while one
waits, its owner is the player to move and its options are the legal actions.

- ``shelve``: after any step in which a player gained own textbooks (starting student,
  Antiquarian, lectures, students' bonuses and income, milestones, founding cards, a
  Glareanus bust), the player puts 0 to ``count`` of them straight into the library: in
  the kit's model of the library the sale shelf, filled right to left. ``count`` is the
  smallest of the books gained, the empty compartments and the own textbooks still in
  storage (a book spent in the same step, e.g. on a research step, is no longer there to
  shelve). Nothing is asked when no compartment is empty, nor after the last income,
  when a shelved book could earn and sell nothing while a stored one scores.
- ``return``: administration step 2; the player returns one book (any colour) or one
  dictionary at a time until the storage fits its limit.

>>> from gamekit.almamater.actions import ShelveTextbooks
>>> from gamekit.almamater.rules import legal_actions
>>> from gamekit.almamater.spec import make_spec
>>> from gamekit.almamater.state import PlayerState, replace
>>> from gamekit.almamater.setup import new_game
>>> spec = make_spec(2)
>>> s = new_game(spec, seed=1)
>>> s = replace(s, phase="action", round=1, pending=(("shelve", 0, 2),))
>>> legal_actions(spec, s) == [ShelveTextbooks(0), ShelveTextbooks(1), ShelveTextbooks(2)]
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gamekit.almamater import phrases as ph
from gamekit.almamater.actions import ReturnBook, ShelveTextbooks
from gamekit.almamater.moves import Work
from gamekit.almamater.placements import mk
from gamekit.almamater.spec import AlmaMaterSpec
from gamekit.almamater.state import GameState
from gamekit.almamater.words import action_words
from gamekit.core.actions import Action
from gamekit.core.errors import IllegalAction
from gamekit.core.events import Words

SHELVE = "shelve"
RETURN = "return"


def queue_shelving(w: Work, seats: Iterable[int]) -> None:
    """Ask each of ``seats`` (in this order) who gained own textbooks in this step where
    they go; forget the gains of this step."""
    for seat in seats:
        gained = w.gained[seat]
        if not gained:
            continue
        w.gained[seat] = 0
        p = w.p[seat]
        free = sum(not full for full in p.shelves[-1])
        count = min(gained, free, p.storage[seat])
        if count:
            w.g["pending"] = (*w.g["pending"], (SHELVE, seat, count))
            if w.narrate:
                w.log("decision", Words("decision.shelve", player=w.who(seat), n=count), seat)


def queue_return(w: Work, seat: int, over: int) -> None:
    """Ask ``seat`` to return ``over`` books, one at a time, chosen by the player."""
    w.g["pending"] = (*w.g["pending"], (RETURN, seat, over))


def decision_options(spec: AlmaMaterSpec, state: GameState) -> list[Action]:
    """The options of the first waiting decision, in a fixed order."""
    kind, seat, count = state.pending[0]
    if kind == SHELVE:
        return [mk(ShelveTextbooks, k) for k in range(count + 1)]
    p = state.players[seat]
    out: list[Action] = [
        mk(ReturnBook, colour) for colour, n in zip(spec.colours, p.storage, strict=True) if n
    ]
    if p.dictionaries:
        out.append(mk(ReturnBook, "dictionary"))
    return out


def decision_error(spec: AlmaMaterSpec, state: GameState, action: Action) -> IllegalAction:
    """Why ``action`` is not an option now (a decision waits, or none does)."""

    def error(kind: str, **fields: Any) -> IllegalAction:
        return ph.refused(kind, action, **fields)

    if not state.pending:
        return error("no.decision_none", action=action_words(spec, state, action))
    kind, seat, count = state.pending[0]
    name = ph.seat(spec.colours[seat])
    if kind == SHELVE:
        if isinstance(action, ShelveTextbooks):
            return error("no.shelve_count", player=name, count=count, n=action.count)
        return error("no.shelve_first", player=name, count=count)
    if isinstance(action, ReturnBook):
        return error("no.return_none", player=name, book=ph.one(str(action.token)))
    return error("no.return_first", player=name, count=count)


def do_decision(w: Work, action: Action) -> None:
    """Carry out the answer to the first waiting decision."""
    kind, seat, count = w.g["pending"][0]
    rest = w.g["pending"][1:]
    if isinstance(action, ShelveTextbooks):
        w.g["pending"] = rest
        if action.count:
            # one decision, one log line: the books go straight into the library (rule 6),
            # so no second line says they left storage
            w.shelve(seat, action.count, _INTO_LIBRARY)
        elif w.narrate:
            w.log("info", Words("decision.keep", player=w.who(seat)), seat)
        w.gained[seat] = 0
    else:
        assert isinstance(action, ReturnBook)
        w.pay_token(seat, action.token, 1, _STORAGE_LIMIT)
        w.g["pending"] = ((kind, seat, count - 1), *rest) if count > 1 else rest


_INTO_LIBRARY = Words("why.into_library")
_STORAGE_LIMIT = Words("why.storage_limit")
