"""Alma Mater actions: small frozen values with a readable ``str`` (a UI shows them as buttons).

Placement actions carry ``masters``, the number the space needs now; the engine checks it.
``pereira=True`` takes an occupied space's action with ``masters`` on Pereira instead.

>>> str(HireStudent(masters=2, row=1, column=2, student="Medicine intern", hall="A"))
'place 2 masters on Campus row 1: hire Medicine intern (price column 2) into row A'
>>> str(Bishop(masters=3))
'place 3 masters on the Bishop'
>>> str(ShelveTextbooks(2))
'put 2 new own textbooks into the library (sale shelf), the rest into storage'
"""

from __future__ import annotations

from dataclasses import dataclass

from gamekit.core.actions import Action, action_registry


def _masters(n: int, pereira: bool = False) -> str:
    plural = "s" if n != 1 else ""
    if pereira:
        return f"place {n} master{plural} on Pereira to use"
    return f"place {n} master{plural} on"


@dataclass(frozen=True)
class DraftKeep(Action):
    card: str

    def __str__(self) -> str:
        return f"keep founding card {self.card} and pass the rest"


@dataclass(frozen=True)
class DiscardFounding(Action):
    card: str

    def __str__(self) -> str:
        return f"discard founding card {self.card}"


@dataclass(frozen=True)
class ChooseChancellor(Action):
    name: str

    def __str__(self) -> str:
        return f"choose chancellor {self.name}"


@dataclass(frozen=True)
class Pass(Action):
    def __str__(self) -> str:
        return "pass for the rest of the round"


@dataclass(frozen=True)
class GiveLecture(Action):
    professor: str
    book: str  # colour of the book paid, or "none" (Alberti)

    def __str__(self) -> str:
        paid = "no book (Alberti)" if self.book == "none" else f"1 {self.book} book"
        return f"give a lecture: {self.professor} (pay {paid})"


@dataclass(frozen=True)
class HireStudent(Action):
    masters: int
    row: int
    column: int
    student: str
    hall: str
    pereira: bool = False

    def __str__(self) -> str:
        return (
            f"{_masters(self.masters, self.pereira)} Campus row {self.row}: hire {self.student} "
            f"(price column {self.column}) into row {self.hall}"
        )


@dataclass(frozen=True)
class BuyTextbooks(Action):
    """Buy own textbooks; where they go (library or storage) is the next decision."""

    masters: int
    count: int
    pereira: bool = False

    def __str__(self) -> str:
        books = f"{self.count} own textbook{'s' if self.count != 1 else ''}"
        return f"{_masters(self.masters, self.pereira)} the starting student: buy {books}"


@dataclass(frozen=True)
class ShelveTextbooks(Action):
    """Decision after gaining own textbooks: ``count`` of them go straight into the library
    (the sale shelf, right to left), the rest stay in storage."""

    count: int

    def __str__(self) -> str:
        if self.count == 0:
            return "keep the new own textbooks in storage"
        books = f"{self.count} new own textbook{'s' if self.count != 1 else ''}"
        return f"put {books} into the library (sale shelf), the rest into storage"


@dataclass(frozen=True)
class ReturnBook(Action):
    """Decision when storage is over its limit: one book of ``token`` (a colour or
    ``"dictionary"``) goes back to the supply; repeated until the storage fits."""

    token: str

    def __str__(self) -> str:
        book = "1 dictionary" if self.token == "dictionary" else f"1 {self.token} book"
        return f"return {book} to the supply (storage over its limit)"


@dataclass(frozen=True)
class HireProfessor(Action):
    masters: int
    professor: str
    pay: str  # colour of the books paid, or "dictionary"
    pereira: bool = False

    def __str__(self) -> str:
        where = _masters(self.masters, self.pereira)
        paid = "dictionaries" if self.pay == "dictionary" else f"{self.pay} books"
        return f"{where} the Academy: hire {self.professor} (pay {paid})"


@dataclass(frozen=True)
class Antiquarian(Action):
    masters: int
    offer: int
    colour: str
    pereira: bool = False

    def __str__(self) -> str:
        where = _masters(self.masters, self.pereira)
        return f"{where} the Antiquarian: offer {self.offer} in {self.colour}"


@dataclass(frozen=True)
class Research(Action):
    masters: int
    paid_steps: int
    pereira: bool = False

    def __str__(self) -> str:
        where = _masters(self.masters, self.pereira)
        return f"{where} the Laboratory: free step + {self.paid_steps} paid"


@dataclass(frozen=True)
class Park(Action):
    masters: int
    prestige: int
    pereira: bool = False

    def __str__(self) -> str:
        return f"{_masters(self.masters, self.pereira)} the Park: buy {self.prestige} prestige"


@dataclass(frozen=True)
class Bishop(Action):
    masters: int

    def __str__(self) -> str:
        return f"{_masters(self.masters)} the Bishop"


@dataclass(frozen=True)
class Colloquium(Action):
    masters: int
    seller: str  # colour of the seller, or "none" for a dictionary only
    books: int
    dictionary: bool

    def __str__(self) -> str:
        parts = []
        if self.books:
            parts.append(f"buy {self.books} {self.seller} book{'s' if self.books != 1 else ''}")
        if self.dictionary:
            parts.append("buy a dictionary")
        return f"{_masters(self.masters)} the Colloquium: {' and '.join(parts)}"


@dataclass(frozen=True)
class HallOfFame(Action):
    masters: int
    tile: str
    pereira: bool = False

    def __str__(self) -> str:
        where = _masters(self.masters, self.pereira)
        return f"{where} the Hall of fame: take the bust of glory tile {self.tile}"


PLACEMENTS = (
    HireStudent,
    BuyTextbooks,
    HireProfessor,
    Antiquarian,
    Research,
    Park,
    Bishop,
    Colloquium,
    HallOfFame,
)
DECISIONS = (ShelveTextbooks, ReturnBook)
ACTIONS = action_registry(
    DraftKeep, DiscardFounding, ChooseChancellor, Pass, GiveLecture, *PLACEMENTS, *DECISIONS
)
