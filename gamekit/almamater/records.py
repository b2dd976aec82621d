"""Alma Mater component records: frozen values for each family, and the vocabularies.

Loaded and checked by :func:`gamekit.almamater.components.load_components`.

>>> str(Gain(ducats=2, research=1))
'2 ducats, 1 research step'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

FACULTIES = ("Arts", "Medicine", "Law", "Mathematics")
GAIN_KEYS = ("ducats", "textbooks", "dictionaries", "prestige", "research")
ABILITIES = (
    "library_income",
    "row_b_bonus",
    "bishop_bonus",
    "use_as_another",
    "sale_bonus",
    "research_bonus",
    "founding_bonus",
    "free_lectures",
    "ready_professor",
    "fewer_masters",
)
REQUIREMENT_KINDS = (
    "students",
    "row_a",
    "row_b",
    "professors",
    "research",
    "ducats",
    "dictionaries",
    "faculties",
    "milestones",
    "prestige",
)
STEP_PAID = ("ducats", "prestige", "textbooks", "dictionaries")
STEP_REQUIRED = ("students", "professors")
UPGRADE_SPACES = ("laboratory", "starting_student", "bishop", "antiquarian")
TIMINGS = ("immediate", "income", "end", "upgrade")
LETTERS = ("A", "B", "C", "D", "E")
STEPS_PER_CARD = 3
HAND = 4  # founding cards dealt to each player (rule 2: keep 3 of them)
"""Research steps on each research card (a fact: 5 cards A-E, 3 steps each, 15 in all);
a milestone ends each card."""
FAMILIES = (
    "founding",
    "chancellors",
    "glory",
    "students",
    "professors",
    "research",
    "board",
    "shelves",
    "reputation",
)
DEFAULT_FOLDER = Path(__file__).resolve().parent.parent / "data" / "almamater"


@dataclass(frozen=True)
class Gain:
    """Resources received at once (founding cards, bonuses, lectures, milestones).

    >>> str(Gain(prestige=1))
    '1 prestige'
    """

    ducats: int = 0
    textbooks: int = 0
    dictionaries: int = 0
    prestige: int = 0
    research: int = 0

    def __str__(self) -> str:
        words = {
            "ducats": ("ducat", "ducats"),
            "textbooks": ("textbook", "textbooks"),
            "dictionaries": ("dictionary", "dictionaries"),
            "prestige": ("prestige", "prestige"),
            "research": ("research step", "research steps"),
        }
        parts = []
        for key in GAIN_KEYS:
            n = getattr(self, key)
            if n:
                parts.append(f"{n} {words[key][0] if n == 1 else words[key][1]}")
        return ", ".join(parts) if parts else "nothing"


@dataclass(frozen=True)
class FoundingCard:
    id: str
    white: int
    gain: Gain


@dataclass(frozen=True)
class Chancellor:
    name: str
    ability: str
    gist: str
    amount: int
    text: str


@dataclass(frozen=True)
class GloryTile:
    id: str
    level: str
    requirements: tuple[tuple[str, int], ...]

    def __str__(self) -> str:
        return ", ".join(f"{kind.replace('_', ' ')} >= {n}" for kind, n in self.requirements)


@dataclass(frozen=True)
class StudentKind:
    name: str
    faculty: str
    column: int
    timing: str
    gain: Gain
    upgrade: str | None = None
    amount: int = 0

    def effect_text(self) -> str:
        """The effect in words, as the board shows it.

        >>> StudentKind("x", "Law", 1, "upgrade", Gain(), "bishop", 2).effect_text()
        '2 extra ducats at each visit to the Bishop'
        """
        if self.timing == "upgrade":
            n = self.amount
            return {
                "laboratory": f"{n} extra free research step{'s' if n != 1 else ''} "
                "at each visit to the Laboratory",
                "starting_student": f"{n} extra own textbook{'s' if n != 1 else ''} "
                "at each visit to the starting student",
                "bishop": f"{n} extra ducat{'s' if n != 1 else ''} at each visit to the Bishop",
                "antiquarian": f"Antiquarian offers cost {n} ducat{'s' if n != 1 else ''} less",
            }.get(str(self.upgrade), f"{self.upgrade} improved by {n}")
        if self.timing == "end":
            return f"at the end of the game: {self.gain.prestige} prestige"
        if self.timing == "income":
            return f"at each income: {self.gain}"
        return f"when hired: {self.gain}"


@dataclass(frozen=True)
class ProfessorType:
    name: str
    faculty: str
    books: int
    ducats: int
    prestige: int
    lecture: Gain


@dataclass(frozen=True)
class StepCost:
    kind: str
    amount: int

    def __str__(self) -> str:
        """The step's cost in words: ``needs 1 professor``, ``pay 2 ducats``.

        >>> str(StepCost("professors", 1)), str(StepCost("dictionaries", 1))
        ('needs 1 professor', 'pay 1 dictionary')
        """
        singular = {"students": "student", "professors": "professor", "ducats": "ducat",
                    "textbooks": "own textbook", "dictionaries": "dictionary"}  # fmt: skip
        plural = {"textbooks": "own textbooks"}
        word = (
            singular.get(self.kind, self.kind)
            if self.amount == 1
            else plural.get(self.kind, self.kind)
        )
        verb = "needs" if self.kind in STEP_REQUIRED else "pay"
        return f"{verb} {self.amount} {word}"


@dataclass(frozen=True)
class ResearchCard:
    id: str
    letter: str
    steps: tuple[StepCost, ...]
    milestone: Gain


@dataclass(frozen=True)
class CampusColumn:
    ranks: tuple[int, ...]
    dictionaries: int


@dataclass(frozen=True)
class AntiquarianOffer:
    ducats: int
    books: int
    dictionaries: int


@dataclass(frozen=True)
class Board:
    rounds: int
    masters_start: int
    masters_max: int
    prestige_threshold: int
    start: Gain
    campus_rows: int
    campus_columns: tuple[CampusColumn, ...]
    starting_student_price: int
    starting_student_max: int
    antiquarian: tuple[AntiquarianOffer, ...]
    lab_free_steps: int
    lab_max_paid: int
    park_price: int
    park_max: int
    bishop_payout: tuple[int, ...]
    dictionary_price: int
    max_dictionaries: int
    row_a: int
    row_b: int
    storage_empty: int
    marked: tuple[str, ...]
    dictionaries_supply: int


@dataclass(frozen=True)
class Shelves:
    count: int
    library: int
    income_per_book: int
    prices: tuple[int, ...]
    prestige: tuple[int, ...]


@dataclass(frozen=True)
class Reputation:
    income: tuple[int, ...]
    final: tuple[tuple[int, ...], ...]  # index 0 = 2 players, 1 = 3 players, 2 = 4 players

    def final_for(self, players: int) -> tuple[int, ...]:
        return self.final[players - 2]


@dataclass(frozen=True)
class Note:
    """Where a number comes from: ``status`` is ``"fact"``, ``"kit default"`` or
    ``"variant"`` (a file's declared variant, which may change its facts)."""

    family: str
    field: str
    status: str
    text: str


@dataclass(frozen=True)
class Components:
    founding: tuple[FoundingCard, ...]
    chancellors: tuple[Chancellor, ...]
    glory: tuple[GloryTile, ...]
    bust_stack: int
    bust_prestige: tuple[int, ...]
    glory_levels: tuple[str, ...]  # the level of each glory tile drawn into play
    busts_per_player: int  # busts one player may take from one tile
    students: tuple[StudentKind, ...]
    student_copies: int
    professors: tuple[ProfessorType, ...]
    professor_copies: int
    types_in_play: int
    one_per_type: bool  # a player holds at most one professor of each type
    research: tuple[ResearchCard, ...]
    board: Board
    shelves: Shelves
    reputation: Reputation
    notes: tuple[Note, ...]
    source: str

    _chancellors: dict[str, Chancellor] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    _students: dict[str, StudentKind] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    _professors: dict[str, ProfessorType] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        self._chancellors.update((c.name, c) for c in self.chancellors)
        self._students.update((s.name, s) for s in self.students)
        self._professors.update((p.name, p) for p in self.professors)

    @property
    def variants(self) -> tuple[Note, ...]:
        """The variants the data files declare (``[about] variant``): a file that declares
        one may change the numbers its facts state. Empty for the kit's own data.

        >>> from gamekit.almamater.components import load_components
        >>> load_components().variants
        ()
        """
        return tuple(n for n in self.notes if n.status == "variant")

    def chancellor(self, name: str) -> Chancellor:
        """The chancellor called ``name`` (a ``KeyError`` if unknown)."""
        return self._chancellors[name]

    def student(self, name: str) -> StudentKind:
        """The student kind called ``name``."""
        return self._students[name]

    def professor(self, name: str) -> ProfessorType:
        """The professor type called ``name``."""
        return self._professors[name]
