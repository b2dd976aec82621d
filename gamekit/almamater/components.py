"""Alma Mater component families: frozen records and the checked loader of a data folder.

The built-in folder ``gamekit/data/almamater/`` holds one file per family. Its numbers are
kit defaults (the printed values are not public) and each file says so, field by field,
in its ``[about]`` table; a teacher who owns the game can copy the folder, type in the
printed values and pass the folder's path to :func:`load_components`.

>>> c = load_components()
>>> len(c.founding), len(c.chancellors), len(c.students), len(c.professors), len(c.research)
(24, 10, 16, 16, 20)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from gamekit.core.data import Checker, load_data_file
from gamekit.core.errors import DataError

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

    >>> str(Gain(ducats=2, research=1))
    '2 ducats, 1 research step'
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
        if self.timing == "upgrade":
            return f"upgrade: {self.upgrade} +{self.amount}"
        if self.timing == "end":
            return f"end: {self.gain.prestige} prestige"
        return f"{self.timing}: {self.gain}"


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
        if self.kind in STEP_REQUIRED:
            return f"needs {self.amount} {self.kind}"
        return f"pay {self.amount} {self.kind}"


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
    """Where a number comes from: ``status`` is ``"fact"`` or ``"kit default"``."""

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
    students: tuple[StudentKind, ...]
    student_copies: int
    professors: tuple[ProfessorType, ...]
    professor_copies: int
    types_in_play: int
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

    def chancellor(self, name: str) -> Chancellor:
        """The chancellor called ``name`` (a ``KeyError`` if unknown)."""
        return self._chancellors[name]

    def student(self, name: str) -> StudentKind:
        """The student kind called ``name``."""
        return self._students[name]

    def professor(self, name: str) -> ProfessorType:
        """The professor type called ``name``."""
        return self._professors[name]


def load_components(path: str | Path | None = None) -> Components:
    """Load and check the nine family files of a folder (default: the kit's own).

    Any problem raises :class:`~gamekit.core.errors.DataError` naming file, entry, field.

    >>> load_components().board.masters_max
    6
    """
    folder = DEFAULT_FOLDER if path is None else Path(path)
    if not folder.is_dir():
        raise DataError(folder, None, None, "not a folder of Alma Mater data files")
    raw: dict[str, tuple[Checker, dict[str, Any]]] = {}
    notes: list[Note] = []
    for family in FAMILIES:
        file = _find(folder, family)
        data = load_data_file(file)
        check = Checker(file)
        notes.extend(_about(check, data, family))
        raw[family] = (check, data)
    founding = _founding(*raw["founding"])
    chancellors = _chancellors(*raw["chancellors"])
    glory, bust_stack, bust_prestige = _glory(*raw["glory"])
    students, copies = _students(*raw["students"])
    professors, pcopies, in_play = _professors(*raw["professors"])
    research = _research(*raw["research"])
    board = _board(*raw["board"])
    shelves = _shelves(*raw["shelves"])
    reputation = _reputation(*raw["reputation"])
    c_check = raw["board"][0]
    if len(founding) < 16:
        raise DataError(
            raw["founding"][0].file, None, "card", "needs at least 16 cards (4 players x 4)"
        )
    if board.campus_rows * len(board.campus_columns) != len(students):
        c_check.fail(
            "campus", "rows", f"rows x columns must equal the {len(students)} student kinds"
        )
    for s in students:
        if s.column > len(board.campus_columns):
            raw["students"][0].fail(f"student {s.name!r}", "column", "beyond the campus columns")
    return Components(
        founding=founding,
        chancellors=chancellors,
        glory=glory,
        bust_stack=bust_stack,
        bust_prestige=bust_prestige,
        students=students,
        student_copies=copies,
        professors=professors,
        professor_copies=pcopies,
        types_in_play=in_play,
        research=research,
        board=board,
        shelves=shelves,
        reputation=reputation,
        notes=tuple(notes),
        source=str(folder),
    )


def _find(folder: Path, family: str) -> Path:
    for suffix in (".toml", ".json"):
        file = folder / f"{family}{suffix}"
        if file.is_file():
            return file
    raise DataError(folder / f"{family}.toml", None, None, "missing (each family needs one file)")


def _about(check: Checker, data: Mapping[str, Any], family: str) -> list[Note]:
    about = check.get(data, "about", entry="about")
    facts = check.get(about, "facts", entry="about", default=[])
    if not isinstance(facts, list) or not all(isinstance(f, str) for f in facts):
        check.fail("about", "facts", "must be a list of text")
    defaults = check.get(about, "kit_defaults", entry="about", default={})
    if not isinstance(defaults, Mapping):
        check.fail("about", "kit_defaults", "must be a table of field = reason")
    notes = [Note(family, "", "fact", f) for f in facts]
    for name in defaults:
        notes.append(
            Note(
                family, name, "kit default", check.text(defaults, name, entry="about.kit_defaults")
            )
        )
    return notes


def _gain(
    check: Checker, table: Mapping[str, Any], entry: str, extra: tuple[str, ...] = ()
) -> Gain:
    if not isinstance(table, Mapping):
        check.fail(entry, None, "must be a table")
    check.no_unknown(table, (*GAIN_KEYS, *extra), entry=entry)
    return Gain(
        **{k: check.integer(table, k, entry=entry, default=0, minimum=0) for k in GAIN_KEYS}
    )


def _founding(check: Checker, data: Mapping[str, Any]) -> tuple[FoundingCard, ...]:
    cards = []
    seen: set[str] = set()
    for i, t in enumerate(check.table_list(data, "card")):
        entry = f"card {i + 1}"
        cid = check.text(t, "id", entry=entry)
        entry = f"card {cid!r}"
        if cid in seen:
            check.fail(entry, "id", "duplicate id")
        seen.add(cid)
        white = check.integer(t, "white", entry=entry, minimum=0)
        cards.append(FoundingCard(cid, white, _gain(check, t, entry, ("id", "white"))))
    return tuple(cards)


def _chancellors(check: Checker, data: Mapping[str, Any]) -> tuple[Chancellor, ...]:
    out = []
    for i, t in enumerate(check.table_list(data, "chancellor")):
        entry = f"chancellor {i + 1}"
        check.no_unknown(t, ("name", "ability", "gist", "amount", "text"), entry=entry)
        name = check.text(t, "name", entry=entry)
        entry = f"chancellor {name!r}"
        out.append(
            Chancellor(
                name,
                check.choice(t, "ability", ABILITIES, entry=entry),
                check.text(t, "gist", entry=entry),
                check.integer(t, "amount", entry=entry, minimum=0),
                check.text(t, "text", entry=entry),
            )
        )
    abilities = [c.ability for c in out]
    for a in ABILITIES:
        if abilities.count(a) != 1:
            check.fail(None, "chancellor", f"ability {a!r} must appear exactly once")
    return tuple(out)


def _glory(
    check: Checker, data: Mapping[str, Any]
) -> tuple[tuple[GloryTile, ...], int, tuple[int, ...]]:
    busts = check.get(data, "busts", entry="busts")
    stack = check.integer(busts, "per_stack", entry="busts", minimum=1)
    prestige = check.integers(busts, "prestige", entry="busts", length=3, minimum=0)
    tiles = []
    for i, t in enumerate(check.table_list(data, "tile")):
        entry = f"tile {i + 1}"
        check.no_unknown(t, ("id", "level", "requirements"), entry=entry)
        tid = check.text(t, "id", entry=entry)
        entry = f"tile {tid!r}"
        level = check.choice(t, "level", ("a", "b", "c"), entry=entry)
        req = check.get(t, "requirements", entry=entry)
        if not isinstance(req, Mapping) or not req:
            check.fail(entry, "requirements", "must be a non-empty table of kind = count")
        check.no_unknown(req, REQUIREMENT_KINDS, entry=f"{entry} requirements")
        pairs = tuple(
            (k, check.integer(req, k, entry=f"{entry} requirements", minimum=1)) for k in req
        )
        tiles.append(GloryTile(tid, level, pairs))
    for level in "abc":
        if not any(t.level == level for t in tiles):
            check.fail(None, "tile", f"needs at least one tile of level {level!r}")
    return tuple(tiles), stack, prestige


def _students(check: Checker, data: Mapping[str, Any]) -> tuple[tuple[StudentKind, ...], int]:
    copies = check.integer(
        check.get(data, "copies", entry="copies"), "per_kind", entry="copies", minimum=1
    )
    out = []
    for i, t in enumerate(check.table_list(data, "student")):
        entry = f"student {i + 1}"
        check.no_unknown(t, ("name", "faculty", "column", "effect"), entry=entry)
        name = check.text(t, "name", entry=entry)
        entry = f"student {name!r}"
        faculty = check.choice(t, "faculty", FACULTIES, entry=entry)
        column = check.integer(t, "column", entry=entry, minimum=1)
        eff = check.get(t, "effect", entry=entry)
        e_entry = f"{entry} effect"
        timing = check.choice(eff, "timing", TIMINGS, entry=e_entry)
        upgrade = None
        amount = 0
        if timing == "upgrade":
            check.no_unknown(eff, ("timing", "space", "amount"), entry=e_entry)
            upgrade = check.choice(eff, "space", UPGRADE_SPACES, entry=e_entry)
            amount = check.integer(eff, "amount", entry=e_entry, minimum=1)
            gain = Gain()
        else:
            gain = _gain(check, eff, e_entry, ("timing",))
        if timing == "end" and (faculty != "Mathematics" or gain != Gain(prestige=gain.prestige)):
            check.fail(e_entry, "timing", "end-game bonuses are prestige of Mathematics students")
        out.append(StudentKind(name, faculty, column, timing, gain, upgrade, amount))
    if len({s.name for s in out}) != len(out):
        check.fail(None, "student", "names must be unique")
    return tuple(out), copies


def _professors(
    check: Checker, data: Mapping[str, Any]
) -> tuple[tuple[ProfessorType, ...], int, int]:
    cp = check.get(data, "copies", entry="copies")
    copies = check.integer(cp, "per_type", entry="copies", minimum=1)
    in_play = check.integer(cp, "types_in_play_per_faculty", entry="copies", minimum=1)
    out = []
    for i, t in enumerate(check.table_list(data, "professor")):
        entry = f"professor {i + 1}"
        check.no_unknown(
            t, ("name", "faculty", "books", "ducats", "prestige", "lecture"), entry=entry
        )
        name = check.text(t, "name", entry=entry)
        entry = f"professor {name!r}"
        out.append(
            ProfessorType(
                name,
                check.choice(t, "faculty", FACULTIES, entry=entry),
                check.integer(t, "books", entry=entry, minimum=0),
                check.integer(t, "ducats", entry=entry, minimum=0),
                check.integer(t, "prestige", entry=entry, minimum=0),
                _gain(check, check.get(t, "lecture", entry=entry), f"{entry} lecture"),
            )
        )
    for f in FACULTIES:
        if sum(p.faculty == f for p in out) < in_play:
            check.fail(None, "professor", f"faculty {f} needs at least {in_play} types")
    return tuple(out), copies, in_play


def _research(check: Checker, data: Mapping[str, Any]) -> tuple[ResearchCard, ...]:
    out = []
    for i, t in enumerate(check.table_list(data, "card")):
        entry = f"card {i + 1}"
        check.no_unknown(t, ("id", "letter", "steps", "milestone"), entry=entry)
        cid = check.text(t, "id", entry=entry)
        entry = f"card {cid!r}"
        letter = check.choice(t, "letter", LETTERS, entry=entry)
        steps_raw = check.get(t, "steps", entry=entry)
        if not isinstance(steps_raw, list) or len(steps_raw) != 3:
            check.fail(entry, "steps", "must be a list of 3 step costs")
        steps = []
        for j, s in enumerate(steps_raw):
            if not isinstance(s, Mapping) or len(s) != 1:
                check.fail(entry, f"steps[{j}]", "must be one kind = amount")
            (kind,) = s
            if kind not in STEP_PAID + STEP_REQUIRED:
                check.fail(entry, f"steps[{j}]", f"unknown kind {kind!r}")
            steps.append(StepCost(kind, check.integer(s, kind, entry=entry, minimum=0)))
        out.append(
            ResearchCard(
                cid,
                letter,
                tuple(steps),
                _gain(check, check.get(t, "milestone", entry=entry), f"{entry} milestone"),
            )
        )
    for letter in LETTERS:
        if not any(c.letter == letter for c in out):
            check.fail(None, "card", f"needs at least one card of letter {letter}")
    return tuple(out)


def _board(check: Checker, data: Mapping[str, Any]) -> Board:
    def tab(name: str) -> Mapping[str, Any]:
        value = check.get(data, name, entry=name)
        if not isinstance(value, Mapping):
            check.fail(name, None, "must be a table")
        return value

    rounds, masters, campus = tab("rounds"), tab("masters"), tab("campus")
    columns = []
    for i, col in enumerate(check.table_list(campus, "column", entry="campus")):
        entry = f"campus column {i + 1}"
        ranks = check.integers(col, "ranks", entry=entry, minimum=1)
        if any(r > 4 for r in ranks):
            check.fail(entry, "ranks", "ranks run from 1 (best) to 4")
        columns.append(
            CampusColumn(ranks, check.integer(col, "dictionaries", entry=entry, minimum=0))
        )
    offers = []
    anti = tab("antiquarian")
    for i, o in enumerate(check.get(anti, "offers", entry="antiquarian")):
        entry = f"antiquarian offer {i + 1}"
        offers.append(
            AntiquarianOffer(
                check.integer(o, "ducats", entry=entry, minimum=0),
                check.integer(o, "books", entry=entry, minimum=0),
                check.integer(o, "dictionaries", entry=entry, minimum=0),
            )
        )
    lab, park, bishop, coll, halls = (
        tab(n) for n in ("laboratory", "park", "bishop", "colloquium", "lecture_halls")
    )
    ss = tab("starting_student")
    marked = check.get(halls, "marked", entry="lecture_halls")
    row_a = check.integer(halls, "row_a", entry="lecture_halls", minimum=1)
    row_b = check.integer(halls, "row_b", entry="lecture_halls", minimum=1)
    for m in marked:
        if not (isinstance(m, str) and len(m) >= 2 and m[0] in "AB" and m[1:].isdigit()):
            check.fail("lecture_halls", "marked", f"slots look like 'A4' or 'B3', got {m!r}")
        if int(m[1:]) > (row_a if m[0] == "A" else row_b) or int(m[1:]) < 1:
            check.fail("lecture_halls", "marked", f"slot {m} is not on the board")
    board = Board(
        rounds=check.integer(rounds, "count", entry="rounds", minimum=1),
        masters_start=check.integer(masters, "start", entry="masters", minimum=1),
        masters_max=check.integer(masters, "max", entry="masters", minimum=1),
        prestige_threshold=check.integer(masters, "prestige_threshold", entry="masters", minimum=0),
        start=_gain(check, tab("start"), "start"),
        campus_rows=check.integer(campus, "rows", entry="campus", minimum=1),
        campus_columns=tuple(columns),
        starting_student_price=check.integer(ss, "price", entry="starting_student", minimum=0),
        starting_student_max=check.integer(ss, "max", entry="starting_student", minimum=1),
        antiquarian=tuple(offers),
        lab_free_steps=check.integer(lab, "free_steps", entry="laboratory", minimum=0),
        lab_max_paid=check.integer(lab, "max_paid_steps", entry="laboratory", minimum=0),
        park_price=check.integer(park, "price", entry="park", minimum=1),
        park_max=check.integer(park, "max", entry="park", minimum=1),
        bishop_payout=check.integers(bishop, "payout", entry="bishop", minimum=0),
        dictionary_price=check.integer(coll, "dictionary_price", entry="colloquium", minimum=0),
        max_dictionaries=check.integer(coll, "max_dictionaries", entry="colloquium", minimum=0),
        row_a=row_a,
        row_b=row_b,
        storage_empty=check.integer(halls, "storage_empty", entry="lecture_halls", minimum=0),
        marked=tuple(marked),
        dictionaries_supply=check.integer(tab("supply"), "dictionaries", entry="supply", minimum=0),
    )
    if not board.bishop_payout:
        check.fail("bishop", "payout", "must not be empty")
    if board.masters_max < board.masters_start:
        check.fail("masters", "max", "must be >= start")
    return board


def _shelves(check: Checker, data: Mapping[str, Any]) -> Shelves:
    sh = check.get(data, "shelves", entry="shelves")
    count = check.integer(sh, "count", entry="shelves", minimum=2)
    library = check.integer(sh, "library", entry="shelves", minimum=1)
    if library != count - 1:
        check.fail("shelves", "library", "must be count - 1 (the last shelf is the sale shelf)")
    comps = check.table_list(data, "compartment")
    if not comps:
        check.fail(None, "compartment", "needs at least one compartment")
    prices = tuple(
        check.integer(c, "price", entry=f"compartment {i + 1}", minimum=0)
        for i, c in enumerate(comps)
    )
    prestige = tuple(
        check.integer(c, "prestige", entry=f"compartment {i + 1}", minimum=0)
        for i, c in enumerate(comps)
    )
    return Shelves(
        count,
        library,
        check.integer(sh, "income_per_book", entry="shelves", minimum=0),
        prices,
        prestige,
    )


def _reputation(check: Checker, data: Mapping[str, Any]) -> Reputation:
    income = check.integers(
        check.get(data, "income", entry="income"), "by_rank", entry="income", length=4, minimum=0
    )
    final = check.get(data, "final", entry="final")
    tables = tuple(
        check.integers(final, f"players_{n}", entry="final", length=n, minimum=0) for n in (2, 3, 4)
    )
    return Reputation(income, tables)


def notes_frame(components: Components) -> Any:
    """A tidy table of facts and kit defaults, family by family (for the notebooks).

    >>> notes_frame(load_components()).columns.tolist()
    ['family', 'field', 'status', 'text']
    """
    import pandas as pd

    return pd.DataFrame(
        [{f.name: getattr(n, f.name) for f in fields(Note)} for n in components.notes]
    )
