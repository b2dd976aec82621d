"""Primitive moves of ducats, books, prestige and markers, each narrated by one event.

Every change to a player's ducats, books or prestige in the engine goes through a
:class:`Work` method here, so each rule that moves resources is written once and every
move is reported (the property tests add the events up and compare with the states).

Event kinds: ``ducats``, ``prestige``, ``books`` (``target`` = the books' colour seat),
``dictionaries``, ``shelf`` (own books onto or off the sale shelf/library), ``research``,
``master``, ``decision`` (a player is asked to decide), ``info``. Each event also carries
its :class:`~gamekit.core.events.Words` (a phrasebook kind of
:mod:`gamekit.almamater.phrases` and its fields), and its English ``text`` is those words
in English; the words are built only when the step narrates (``narrate=False`` builds
nothing).
"""

from __future__ import annotations

from typing import Any

from gamekit.almamater import phrases as ph
from gamekit.almamater.phases import PHASES
from gamekit.almamater.records import STEPS_PER_CARD, Gain, StepCost
from gamekit.almamater.spec import AlmaMaterSpec
from gamekit.almamater.state import GameState, PlayerState, replace
from gamekit.core.actions import Event
from gamekit.core.events import Words


class Work:
    """A scratch copy of a state for one step; :meth:`freeze` makes the next state.

    The copy is derived from the state itself: ``g`` holds every field of the
    :class:`~gamekit.almamater.state.GameState` by name (whatever fields it has, so a new
    field needs no change here), ``p`` the players, changed through :meth:`set`.
    """

    __slots__ = ("c", "events", "g", "gained", "narrate", "p", "spec")

    def __init__(self, spec: AlmaMaterSpec, state: GameState, narrate: bool = True) -> None:
        self.spec = spec
        self.c = spec.components
        self.g: dict[str, Any] = dict(state.__dict__)
        self.g["spec"] = spec  # every new state knows its spec
        self.p: list[PlayerState] = list(state.players)
        self.events: list[Event] = []
        self.narrate = narrate
        # own textbooks each seat gained in this step: the player then decides how many
        # go straight into the library (see gamekit.almamater.decisions)
        self.gained = [0] * spec.players

    def freeze(self) -> GameState:
        self.g["players"] = tuple(self.p)
        new = object.__new__(GameState)
        new.__dict__.update(self.g)
        return new

    # -- narration -------------------------------------------------------------
    def log(
        self,
        kind: str,
        words: Words | str,
        player: int | None = None,
        amount: int | None = None,
        target: int | None = None,
    ) -> None:
        """Report an event of ``kind`` in ``words`` (its English text is the phrasebook's;
        a plain string is an event without words)."""
        if self.narrate:
            if isinstance(words, str):
                self.events.append(Event(kind, words, player, amount, target))
            else:  # its English text is made when first read (most events never are)
                self.events.append(Event.said(kind, ph.PHRASES, words, player, amount, target))

    def name(self, seat: int) -> str:
        return self.spec.colours[seat].capitalize()

    def who(self, seat: int) -> Words:
        """The words of the player in ``seat`` (named by colour, as the log names them)."""
        return ph.seat(self.spec.colours[seat])

    def has(self, seat: int, ability: str) -> bool:
        return self.spec.ability_of[ability] in self.p[seat].abilities

    def amount(self, ability: str) -> int:
        return self.c.chancellor(self.spec.ability_of[ability]).amount

    def set(self, seat: int, **changes: Any) -> None:
        self.p[seat] = replace(self.p[seat], **changes)

    def enter(self, phase: str) -> None:
        """Go on to ``phase``: every phase change goes through the phase table, which
        raises :class:`~gamekit.core.errors.IllegalTransition` for one it does not allow."""
        self.g["phase"] = PHASES.move(self.g["phase"], phase)

    # -- resources -------------------------------------------------------------
    def ducats(self, seat: int, amount: int, why: Words | str) -> None:
        if amount == 0:
            return
        p = self.p[seat]
        if p.ducats + amount < 0:
            raise AssertionError(f"{self.name(seat)} cannot pay {-amount} ducats")
        self.p[seat] = replace(p, ducats=p.ducats + amount)
        if self.narrate:
            said = Words(
                "ducats.gain" if amount > 0 else "ducats.pay",
                player=self.who(seat),
                amount=abs(amount),
                why=why,
            )
            self.log("ducats", said, seat, amount)

    def prestige(self, seat: int, amount: int, why: Words | str) -> None:
        if amount == 0:
            return
        p = self.p[seat]
        self.p[seat] = replace(p, prestige=p.prestige + amount)
        if self.narrate:
            kind = "prestige.gain" if amount > 0 else "prestige.lose"
            said = Words(kind, player=self.who(seat), amount=abs(amount), why=why)
            self.log("prestige", said, seat, amount)
        if amount > 0 and p.prestige + amount >= self.c.board.prestige_threshold:
            threshold = self.c.board.prestige_threshold
            self.extra_master(
                seat,
                "prestige",
                Words("why.prestige_reached", n=threshold) if self.narrate else "",
            )

    def books(self, seat: int, colour: int, amount: int, why: Words | str) -> None:
        """Add (or with a negative ``amount`` remove) books of ``colour`` in a player's storage."""
        if amount == 0:
            return
        p = self.p[seat]
        storage = list(p.storage)
        storage[colour] += amount
        if storage[colour] < 0:
            raise AssertionError(f"{self.name(seat)} has too few {self.spec.colours[colour]} books")
        self.p[seat] = replace(p, storage=tuple(storage))
        if colour == seat and amount > 0:
            self.gained[seat] += amount
        if self.narrate:
            what = ph.amount(
                "own_textbooks" if colour == seat else self.spec.colours[colour], abs(amount)
            )
            kind = "books.take" if amount > 0 else "books.give"
            said = Words(kind, player=self.who(seat), books=what, why=why)
            self.log("books", said, seat, amount, colour)

    def dictionaries(self, seat: int, amount: int, why: Words | str) -> int:
        """Move dictionaries between the supply and a player; gains are capped by the supply."""
        if amount > 0:
            amount = min(amount, self.g["dictionaries"])
        if amount == 0:
            return 0
        p = self.p[seat]
        if p.dictionaries + amount < 0:
            raise AssertionError(f"{self.name(seat)} has too few dictionaries")
        self.p[seat] = replace(p, dictionaries=p.dictionaries + amount)
        self.g["dictionaries"] -= amount
        if self.narrate:
            what = ph.amount("dictionaries", abs(amount))
            kind = "books.take" if amount > 0 else "books.give"
            said = Words(kind, player=self.who(seat), books=what, why=why)
            self.log("dictionaries", said, seat, amount)
        return amount

    def pay_token(self, seat: int, token: str, count: int, why: Words | str) -> None:
        """Pay ``count`` books of a colour, or dictionaries, back to the supply."""
        if token == "dictionary":
            self.dictionaries(seat, -count, why)
        else:
            self.books(seat, self.spec.colour_index(token), -count, why)

    def gain(self, seat: int, gain: Gain, why: Words | str) -> None:
        self.ducats(seat, gain.ducats, why)
        self.books(seat, seat, gain.textbooks, why)
        self.dictionaries(seat, gain.dictionaries, why)
        self.prestige(seat, gain.prestige, why)
        if gain.research:
            self.research(seat, gain.research, why)

    # -- research --------------------------------------------------------------
    def step_cost(self, position: int) -> Any:
        """The printed cost of research step ``position`` (1-15)."""
        card = self.spec.research[self.g["research_track"][(position - 1) // STEPS_PER_CARD]]
        return card.steps[(position - 1) % STEPS_PER_CARD]

    def track_length(self) -> int:
        return len(self.g["research_track"]) * STEPS_PER_CARD

    def research(self, seat: int, steps: int, why: Words | str, paid: bool = False) -> int:
        """Move ``seat``'s research marker; paid steps pay their printed cost (returns steps).

        Free steps waive the payment, never a requirement: no step of any kind enters a
        field whose requirement (e.g. "needs 4 students") the player does not meet; the
        marker stops before it and the remaining steps are lost.
        """
        taken = 0
        for _ in range(steps):
            pos = self.p[seat].research
            if pos >= self.track_length():
                break
            cost = self.step_cost(pos + 1)
            if not step_allowed(self.p[seat], cost):
                if self.narrate:
                    needs = Words(f"cost.{cost.kind}", n=cost.amount)
                    said = Words(
                        "research.blocked", player=self.who(seat), step=pos + 1, cost=needs, why=why
                    )
                    self.log("info", said, seat)
                break
            if paid:
                step = Words("why.research_step", step=pos + 1) if self.narrate else ""
                if cost.kind == "ducats":
                    self.ducats(seat, -cost.amount, step)
                elif cost.kind == "prestige":
                    self.prestige(seat, -cost.amount, step)
                elif cost.kind == "textbooks":
                    self.books(seat, seat, -cost.amount, step)
                elif cost.kind == "dictionaries":
                    self.dictionaries(seat, -cost.amount, step)
            self.set(seat, research=pos + 1)
            taken += 1
            if self.narrate:
                said = Words("research.move", player=self.who(seat), step=pos + 1, why=why)
                self.log("research", said, seat, 1)
            if (pos + 1) % STEPS_PER_CARD == 0:
                card = self.spec.research[self.g["research_track"][pos // STEPS_PER_CARD]]
                milestone = Words("why.milestone", letter=card.letter) if self.narrate else ""
                self.gain(seat, card.milestone, milestone)
        return taken

    # -- masters, shelves --------------------------------------------------------
    def extra_master(self, seat: int, trigger: str, why: Words | str) -> None:
        p = self.p[seat]
        if trigger in p.extra:
            return
        if p.masters >= self.c.board.masters_max:
            self.set(seat, extra=(*p.extra, trigger))
            if self.narrate:
                said = Words("master.full", player=self.who(seat), n=p.masters, why=why)
                self.log("info", said, seat)
            return
        self.set(seat, extra=(*p.extra, trigger), masters=p.masters + 1)
        if self.narrate:
            self.log("master", Words("master.extra", player=self.who(seat), why=why), seat, 1)

    def shelve(self, seat: int, count: int, why: Words | str) -> None:
        """Put ``count`` new own textbooks onto the sale shelf, filling from the right.

        The kit's model of the library (the summary is loose): own textbooks put "into the
        library" go onto the sale shelf, where the Colloquium buys them, also right to left.
        The engine counted the new books in storage until now; they leave that count in
        the same single event, whose ``target`` (the seat's colour) says so.
        """
        p = self.p[seat]
        storage = list(p.storage)
        storage[seat] -= count
        sale = list(p.shelves[-1])
        for _ in range(count):
            slot = max(i for i, full in enumerate(sale) if not full)
            sale[slot] = True
        self.set(seat, storage=tuple(storage), shelves=(*p.shelves[:-1], tuple(sale)))
        if self.narrate:
            said = Words(
                "shelf.put", player=self.who(seat), books=ph.amount("textbooks", count), why=why
            )
            self.log("shelf", said, seat, count, seat)


def step_allowed(p: PlayerState, cost: StepCost) -> bool:
    """Whether ``p`` meets the requirement printed on a research field (payments always pass).

    >>> step_allowed(PlayerState(0, "red"), StepCost("students", 4))
    False
    >>> step_allowed(PlayerState(0, "red"), StepCost("ducats", 4))
    True
    """
    if cost.kind == "students":
        return p.students >= cost.amount
    if cost.kind == "professors":
        return len(p.professors) >= cost.amount
    return True


def sale_prices(spec: AlmaMaterSpec, shelf: tuple[bool, ...], count: int) -> list[int]:
    """Prices of the next ``count`` books bought from a sale shelf (right to left).

    >>> from gamekit.almamater.spec import make_spec
    >>> sale_prices(make_spec(2), (True, False, True), 2)
    [2, 4]
    """
    key = ("sale", shelf)
    prices: list[int] | None = spec.cache.get(key)
    if prices is None:
        full = [i for i in range(len(shelf) - 1, -1, -1) if shelf[i]]
        prices = spec.cache[key] = [spec.components.shelves.prices[i] for i in full]
    return prices[:count]
