"""Checking the Alma Mater family files, one parser per family.

Every problem raises :class:`~gamekit.core.errors.DataError` naming file, entry and field.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from gamekit.almamater.records import (
    ABILITIES,
    FACULTIES,
    GAIN_KEYS,
    LETTERS,
    REQUIREMENT_KINDS,
    STEP_PAID,
    STEP_REQUIRED,
    STEPS_PER_CARD,
    TIMINGS,
    UPGRADE_SPACES,
    AntiquarianOffer,
    Board,
    CampusColumn,
    Chancellor,
    FoundingCard,
    Gain,
    GloryTile,
    Note,
    ProfessorType,
    Reputation,
    ResearchCard,
    Shelves,
    StepCost,
    StudentKind,
)
from gamekit.core.data import Checker, template_problem
from gamekit.core.errors import DataError


def find(folder: Path, family: str) -> Path:
    """The one file of ``family`` in ``folder``: ``family.toml`` or ``family.json``, not both
    (one would be ignored unseen).

    >>> find(Path("no/such/folder"), "glory")
    Traceback (most recent call last):
    ...
    gamekit.core.errors.DataError: no/such/folder/glory.toml: missing (each family needs one file)
    """
    files = [folder / f"{family}{suffix}" for suffix in (".toml", ".json")]
    present = [f for f in files if f.exists()]  # a folder of that name is read, refused by name
    if len(present) > 1:
        raise DataError(files[1], None, None, f"{files[0].name} is also present: keep one of them")
    if present:
        return present[0]
    raise DataError(files[0], None, None, "missing (each family needs one file)")


TOP_LEVEL = {
    "founding": ("card",),
    "chancellors": ("chancellor",),
    "glory": ("busts", "tile"),
    "students": ("copies", "student"),
    "professors": ("copies", "professor"),
    "research": ("card",),
    "board": (
        "rounds",
        "masters",
        "start",
        "campus",
        "starting_student",
        "antiquarian",
        "laboratory",
        "park",
        "bishop",
        "colloquium",
        "lecture_halls",
        "supply",
    ),
    "shelves": ("shelves", "compartment"),
    "reputation": ("income", "final"),
}


def about(check: Checker, data: Mapping[str, Any], family: str) -> list[Note]:
    check.no_unknown(data, ("about", *TOP_LEVEL[family]), entry="top level")
    about = check.get(data, "about", entry="about")
    check.no_unknown(about, ("facts", "kit_defaults", "variant"), entry="about")
    facts = check.get(about, "facts", entry="about", default=[])
    if not isinstance(facts, list) or not all(isinstance(f, str) for f in facts):
        check.fail("about", "facts", "must be a list of text")
    defaults = check.get(about, "kit_defaults", entry="about", default={})
    if not isinstance(defaults, Mapping):
        check.fail("about", "kit_defaults", "must be a table of field = reason")
    notes = [Note(family, "", "fact", f) for f in facts]
    if "variant" in about:
        notes.append(Note(family, "", "variant", check.text(about, "variant", entry="about")))
    for name in defaults:
        notes.append(
            Note(
                family, name, "kit default", check.text(defaults, name, entry="about.kit_defaults")
            )
        )
    return notes


def parse_gain(
    check: Checker, table: Mapping[str, Any], entry: str, extra: tuple[str, ...] = ()
) -> Gain:
    if not isinstance(table, Mapping):
        check.fail(entry, None, "must be a table")
    check.no_unknown(table, (*GAIN_KEYS, *extra), entry=entry)
    return Gain(
        **{k: check.integer(table, k, entry=entry, default=0, minimum=0) for k in GAIN_KEYS}
    )


def unique(
    check: Checker, seen: dict[str, int], value: str, number: int, kind: str, field: str
) -> None:
    """Refuse a second entry with the same identity: the game looks entries up by their
    ``field`` (a name or an id), so a duplicate would silently stand for the other one.

    >>> unique(Checker("research.toml"), {"A1": 1}, "A1", 5, "card", "id")
    Traceback (most recent call last):
    ...
    gamekit.core.errors.DataError: research.toml: card 'A1': id: duplicate: card 1 has the same id
    """
    if value in seen:
        check.fail(
            f"{kind} {value!r}", field, f"duplicate: {kind} {seen[value]} has the same {field}"
        )
    seen[value] = number


def founding(check: Checker, data: Mapping[str, Any]) -> tuple[FoundingCard, ...]:
    cards = []
    seen: dict[str, int] = {}
    for i, t in enumerate(check.table_list(data, "card")):
        entry = f"card {i + 1}"
        cid = check.text(t, "id", entry=entry)
        entry = f"card {cid!r}"
        unique(check, seen, cid, i + 1, "card", "id")
        white = check.integer(t, "white", entry=entry, minimum=0)
        Facts(check, data).range(entry, "white", white, 1, 12, "white numbers 1-12")
        gain = parse_gain(check, t, entry, ("id", "white"))
        if gain == Gain():
            check.fail(
                entry,
                None,
                "gives nothing (fact: the kept founding cards give starting resources)",
            )
        cards.append(FoundingCard(cid, white, gain))
    Facts(check, data).equal(None, "card", len(cards), 24, "24 founding cards")
    return tuple(cards)


#: Chancellor amounts that cannot vary: ability -> (least, most, what the number counts).
#: The other abilities take any whole number from 0.
FIXED_AMOUNTS: dict[str, tuple[int, int | None, str]] = {
    # Copernicus
    "library_income": (2, 2, "the factor on library income: the gist, a fact, is "
                             "'library income x2'"),
    # Pereira
    "use_as_another": (1, None, "the masters placed on Pereira: a placement takes at "
                                "least 1 master"),
    # Alberti
    "free_lectures": (0, 0, "the books a lecture costs with this ability: none; a lecture "
                            "otherwise costs 1 book"),
    # Glareanus
    "founding_bonus": (1, 1, "the discarded founding cards whose resources the player also "
                             "receives: each player discards exactly 1"),
    # the bonuses: 0 would make the ability do nothing, against its gist (a fact)
    # Biringuccio
    "row_b_bonus": (1, None, "the ducats for each student put into row B: the gist, a fact, "
                             "is 'bonus for students in row B'"),
    # Erasmus
    "bishop_bonus": (1, None, "the extra ducats at the Bishop: the gist, a fact, is 'bonus at "
                              "the Bishop'"),
    # Marschalk
    "sale_bonus": (1, None, "the extra ducats for each own book sold: the gist, a fact, is "
                            "'bonus when your books are sold'"),
    # Da Vinci
    "research_bonus": (1, None, "the extra free steps at the Laboratory: the gist, a fact, is "
                                "'research bonus'"),
    # Paracelsus
    "ready_professor": (1, None, "the lectures a round whose professor is readied: the gist, "
                                 "a fact, is 'ready an exhausted professor'"),
    # Agricola
    "fewer_masters": (1, None, "the masters fewer needed on an occupied space: the gist, a "
                               "fact, is 'fewer masters needed on occupied spaces'"),
}  # fmt: skip


def _amount_problem(ability: str, amount: int) -> str | None:
    """Why ``amount`` cannot be this ability's number (:data:`FIXED_AMOUNTS`), or None."""
    if ability not in FIXED_AMOUNTS:
        return None
    least, most, counts = FIXED_AMOUNTS[ability]
    if least <= amount and (most is None or amount <= most):
        return None
    allowed = f"at least {least}" if most is None else f"{least}"
    return f"must be {allowed}, got {amount} ({counts})"


_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def shown_text(text: str, text_many: str | None, ability: str, amount: int) -> str:
    """The ability text players see: ``text_many`` for an amount other than 1 (when the file
    gives one, as the German words have a form for "many"), else ``text``, with
    ``{amount}`` filled in. Raises ``ValueError`` (the reason) for a placeholder other than
    ``{amount}`` or a number that is not the amount: the text must say what the game does.

    >>> shown_text("take {amount} extra free research step", "take {amount} extra free "
    ...            "research steps", "research_bonus", 2)
    'take 2 extra free research steps'
    >>> shown_text("take 1 extra free research step", None, "research_bonus", 2)
    Traceback (most recent call last):
    ...
    ValueError: says 1, but amount is 2: write the amount, or {amount}
    """
    chosen = text if amount == 1 or text_many is None else text_many
    for found in _PLACEHOLDER.findall(chosen):
        if found != "{amount}":
            raise ValueError(f"unknown placeholder {found} (only {{amount}} is filled in)")
    problem = template_problem(chosen, ("amount",))  # lone braces, too
    if problem:
        raise ValueError(problem)
    shown = chosen.replace("{amount}", str(amount))
    for number in re.findall(r"[0-9]+", shown):
        if int(number) != amount:
            raise ValueError(
                f"says {number}, but amount is {amount}: write the amount, or {{amount}}"
            )
    counted = ability in FIXED_AMOUNTS and FIXED_AMOUNTS[ability][1] is None
    if counted and amount != 1 and not re.search(r"[0-9]", shown):
        raise ValueError(
            f"gives no number (it reads as 1), but amount is {amount}: write the amount, or "
            "{amount} (text_many: the words for an amount other than 1)"
        )
    return shown


def fact_range(
    check: Checker, entry: str | None, field: str, value: int, least: int, most: int, fact: str
) -> None:
    """Refuse ``value`` outside ``least..most``, a range a fact states (the file's
    ``[about]`` facts, the rule book): a printed value is never outside it, a typo may be.

    >>> fact_range(Checker("shelves.toml"), "compartment 1", "price", 40, 2, 4,
    ...            "a Colloquium book costs 2 to 4 ducats")
    Traceback (most recent call last):
    ...
    gamekit.core.errors.DataError: shelves.toml: compartment 1: price: must be 2 to 4, got 40 \
(fact: a Colloquium book costs 2 to 4 ducats)
    """
    if not least <= value <= most:
        check.fail(entry, field, f"must be {least} to {most}, got {value} (fact: {fact})")


def fact_equal(
    check: Checker, entry: str | None, field: str, value: object, expected: object, fact: str
) -> None:
    """Refuse ``value`` other than ``expected``, the number (or table) a fact states.

    >>> fact_equal(Checker("board.toml"), "rounds", "count", 5, 6, "6 rounds")
    Traceback (most recent call last):
    ...
    gamekit.core.errors.DataError: board.toml: rounds: count: must be 6, got 5 (fact: 6 rounds)
    """
    if value != expected:
        check.fail(entry, field, f"must be {expected}, got {value} (fact: {fact})")


def variant(data: Mapping[str, Any]) -> str | None:
    """The file's ``[about] variant``: a declared variant of the game, or None.

    A file that declares one (``variant = "3 rounds, for a short lesson game"``) may change
    the numbers its facts state; the loader reports the variant among the notes (status
    ``"variant"``). The checks that keep a game playable, and the chancellor amounts
    (:data:`FIXED_AMOUNTS`), still apply.

    >>> variant({"about": {"variant": "3 rounds"}}), variant({"about": {}})
    ('3 rounds', None)
    """
    about = data.get("about")
    value = about.get("variant") if isinstance(about, Mapping) else None
    return value if isinstance(value, str) else None


class Facts:
    """The fact checks of one file (:func:`fact_range`, :func:`fact_equal`), off when the
    file declares a :func:`variant`.

    >>> Facts(Checker("board.toml"), {"about": {"variant": "5 rounds"}}).equal(
    ...     "rounds", "count", 5, 6, "6 rounds")   # a declared variant: no error
    >>> Facts(Checker("shelves.toml"), {}).range("compartment 1", "price", 5, 2, 4,
    ...     "a Colloquium book costs 2 to 4 ducats")
    Traceback (most recent call last):
    ...
    gamekit.core.errors.DataError: shelves.toml: compartment 1: price: must be 2 to 4, got 5 \
(fact: a Colloquium book costs 2 to 4 ducats)
    """

    def __init__(self, check: Checker, data: Mapping[str, Any]) -> None:
        self.check = check
        self.variant = variant(data)

    def range(
        self, entry: str | None, field: str, value: int, least: int, most: int, fact: str
    ) -> None:
        if self.variant is None:
            fact_range(self.check, entry, field, value, least, most, fact)

    def equal(
        self, entry: str | None, field: str, value: object, expected: object, fact: str
    ) -> None:
        if self.variant is None:
            fact_equal(self.check, entry, field, value, expected, fact)


def better_ranks_first(check: Checker, entry: str, field: str, values: tuple[int, ...]) -> None:
    """Refuse a table by reputation rank (rank 1 first) in which a worse rank gets more
    than a better one: the rank is read from the research track, further along is better
    (a fact of ``reputation.toml`` and the rule book).

    >>> better_ranks_first(Checker("reputation.toml"), "final", "players_2", (7, 12))
    Traceback (most recent call last):
    ...
    gamekit.core.errors.DataError: reputation.toml: final: players_2: rank 2 gets 12, more than \
rank 1 (7) (fact: the rank is read from the research track, further along is better)
    """
    for rank in range(1, len(values)):
        if values[rank] > values[rank - 1]:
            check.fail(
                entry,
                field,
                f"rank {rank + 1} gets {values[rank]}, more than rank {rank} ({values[rank - 1]}) "
                "(fact: the rank is read from the research track, further along is better)",
            )


def chancellors(check: Checker, data: Mapping[str, Any]) -> tuple[Chancellor, ...]:
    out = []
    seen: dict[str, int] = {}
    for i, t in enumerate(check.table_list(data, "chancellor")):
        entry = f"chancellor {i + 1}"
        check.no_unknown(t, ("name", "ability", "gist", "amount", "text", "text_many"), entry=entry)
        name = check.text(t, "name", entry=entry)
        entry = f"chancellor {name!r}"
        unique(check, seen, name, i + 1, "chancellor", "name")  # players choose by name
        ability = check.choice(t, "ability", ABILITIES, entry=entry)
        gist = check.template(t, "gist", (), entry=entry)
        amount = check.integer(t, "amount", entry=entry, minimum=0)
        problem = _amount_problem(ability, amount)
        if problem:
            check.fail(entry, "amount", problem)
        text = check.text(t, "text", entry=entry)
        many = check.text(t, "text_many", entry=entry, default=None)
        try:
            shown = shown_text(text, many, ability, amount)
        except ValueError as why:
            field = "text" if amount == 1 or many is None else "text_many"
            check.fail(entry, field, str(why))
        out.append(Chancellor(name, ability, gist, amount, shown))
    abilities = [c.ability for c in out]
    for a in ABILITIES:
        if abilities.count(a) != 1:
            check.fail(None, "chancellor", f"ability {a!r} must appear exactly once")
    return tuple(out)


def glory(
    check: Checker, data: Mapping[str, Any]
) -> tuple[tuple[GloryTile, ...], int, tuple[int, ...], tuple[str, ...], int]:
    busts = check.get(data, "busts", entry="busts")
    check.no_unknown(busts, ("per_stack", "prestige", "in_play", "per_player"), entry="busts")
    stack = check.integer(busts, "per_stack", entry="busts", minimum=1)
    prestige = check.integers(busts, "prestige", entry="busts", length=3, minimum=0)
    levels = check.get(busts, "in_play", entry="busts")
    # each entry must be one whole level name (a type check first: `x in "abc"` would be a
    # substring test, true for "" and "ab", and a TypeError for a number)
    if (
        not isinstance(levels, list)
        or len(levels) != 3
        or not all(isinstance(x, str) and x in ("a", "b", "c") for x in levels)
    ):
        check.fail("busts", "in_play", f"must list 3 tile levels from a, b, c; got {levels!r}")
    per_player = check.integer(busts, "per_player", entry="busts", minimum=1)
    facts = Facts(check, data)
    facts.equal("busts", "per_stack", stack, 4, "12 busts on 3 stacks, one stack per glory tile")
    facts.equal(
        "busts",
        "prestige",
        list(prestige),
        [3, 7, 12],
        "busts score 3 / 7 / 12 prestige for 1 / 2 / 3 busts",
    )
    tiles = []
    seen: dict[str, int] = {}
    for i, t in enumerate(check.table_list(data, "tile")):
        entry = f"tile {i + 1}"
        check.no_unknown(t, ("id", "level", "requirements"), entry=entry)
        tid = check.text(t, "id", entry=entry)
        entry = f"tile {tid!r}"
        unique(check, seen, tid, i + 1, "tile", "id")
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
        need = levels.count(level)
        if sum(t.level == level for t in tiles) < need:
            check.fail(None, "tile", f"needs at least {need} tile(s) of level {level!r} (in_play)")
        facts.equal(
            None,
            "tile",
            f"{sum(t.level == level for t in tiles)} of level {level!r}",
            f"3 of level {level!r}",
            "9 glory tiles, 3 each of levels a, b and c",
        )
    return tuple(tiles), stack, prestige, tuple(levels), per_player


def _requirement_limits(board: Board, board_file: str) -> dict[str, tuple[int, str]]:
    """A glory requirement's largest value on any board: kind -> (most, why)."""
    rows = board.row_a + board.row_b
    halls = f"({board_file} lecture_halls)"
    return {
        "students": (rows, f"a board holds {rows} students {halls}"),
        "row_a": (board.row_a, f"row A has {board.row_a} slots {halls}"),
        "row_b": (board.row_b, f"row B has {board.row_b} slots {halls}"),
        "faculties": (len(FACULTIES), f"there are {len(FACULTIES)} faculties"),
        "research": (len(LETTERS) * STEPS_PER_CARD, "the research track has 15 steps"),
        "milestones": (len(LETTERS), "the research track has 5 milestones"),
    }


def glory_reachable(
    check: Checker, board_check: Checker, tiles: tuple[GloryTile, ...], board: Board
) -> None:
    """Refuse a glory tile no player can ever take: a requirement above what any board
    holds (a cross-file check against ``board``, read by ``board_check``; the message names
    the tile in ``check``'s file).

    >>> from gamekit.almamater.components import load_components
    >>> c = load_components()
    >>> glory_reachable(Checker("glory.toml"), Checker("board.toml"),
    ...                 (GloryTile("a1", "a", (("students", 12),)),), c.board)
    Traceback (most recent call last):
    ...
    gamekit.core.errors.DataError: glory.toml: tile 'a1' requirements: students: must be at \
most 11, got 12 (no one could take this tile: a board holds 11 students (board.toml \
lecture_halls))
    """
    limits = _requirement_limits(board, Path(board_check.file).name)
    for tile in tiles:
        for kind, need in tile.requirements:
            most, why = limits.get(kind, (need, ""))
            if need > most:
                check.fail(
                    f"tile {tile.id!r} requirements",
                    kind,
                    f"must be at most {most}, got {need} (no one could take this tile: {why})",
                )


def students(check: Checker, data: Mapping[str, Any]) -> tuple[tuple[StudentKind, ...], int]:
    cp = check.get(data, "copies", entry="copies")
    check.no_unknown(cp, ("per_kind",), entry="copies")
    copies = check.integer(cp, "per_kind", entry="copies", minimum=1)
    facts = Facts(check, data)
    facts.equal("copies", "per_kind", copies, 3, "48 student tiles: 16 kinds x 3")
    out = []
    seen: dict[str, int] = {}
    for i, t in enumerate(check.table_list(data, "student")):
        entry = f"student {i + 1}"
        check.no_unknown(t, ("name", "faculty", "column", "effect"), entry=entry)
        name = check.text(t, "name", entry=entry)
        entry = f"student {name!r}"
        unique(check, seen, name, i + 1, "student", "name")
        faculty = check.choice(t, "faculty", FACULTIES, entry=entry)
        column = check.integer(t, "column", entry=entry, minimum=1)
        eff = check.get(t, "effect", entry=entry)
        e_entry = f"{entry} effect"
        timing = check.choice(eff, "timing", TIMINGS, entry=e_entry)
        if timing != "upgrade":
            check.no_unknown(eff, ("timing", *GAIN_KEYS), entry=e_entry)
        upgrade = None
        amount = 0
        if timing == "upgrade":
            check.no_unknown(eff, ("timing", "space", "amount"), entry=e_entry)
            upgrade = check.choice(eff, "space", UPGRADE_SPACES, entry=e_entry)
            amount = check.integer(eff, "amount", entry=e_entry, minimum=1)
            gain = Gain()
        else:
            gain = parse_gain(check, eff, e_entry, ("timing",))
        if timing == "end" and (faculty != "Mathematics" or gain != Gain(prestige=gain.prestige)):
            check.fail(e_entry, "timing", "end-game bonuses are prestige of Mathematics students")
        if faculty == "Mathematics":
            facts.equal(
                e_entry, "timing", timing, "end", "Mathematics students score prestige at the end"
            )
        if timing != "upgrade" and gain == Gain():  # an upgrade's amount is at least 1
            check.fail(
                e_entry,
                None,
                f"the {timing} effect gives nothing (fact: a student's effect is an immediate "
                "bonus, income, an end-game bonus or an action upgrade"
                + ("; Mathematics students score prestige at the end)" if timing == "end" else ")"),
            )
        out.append(StudentKind(name, faculty, column, timing, gain, upgrade, amount))
    return tuple(out), copies


def student_kinds(
    check: Checker, data: Mapping[str, Any], students: tuple[StudentKind, ...]
) -> None:
    """Refuse a students file without 16 kinds (fact: 48 student tiles, 16 kinds x 3). Run
    after the campus check, whose message says which price column is short.

    >>> student_kinds(Checker("students.toml"), {}, ())
    Traceback (most recent call last):
    ...
    gamekit.core.errors.DataError: students.toml: student: must be 16 kinds, got 0 kinds \
(fact: 48 student tiles: 16 kinds x 3)
    """
    Facts(check, data).equal(
        None, "student", f"{len(students)} kinds", "16 kinds", "48 student tiles: 16 kinds x 3"
    )


def professors(
    check: Checker, data: Mapping[str, Any]
) -> tuple[tuple[ProfessorType, ...], int, int, bool]:
    cp = check.get(data, "copies", entry="copies")
    check.no_unknown(cp, ("per_type", "types_in_play_per_faculty", "one_per_type"), entry="copies")
    copies = check.integer(cp, "per_type", entry="copies", minimum=1)
    in_play = check.integer(cp, "types_in_play_per_faculty", entry="copies", minimum=1)
    one_per_type = check.boolean(cp, "one_per_type", entry="copies")
    facts = Facts(check, data)
    cards = "48 professor cards: 4 faculties x 4 types x 3 cards"
    facts.equal("copies", "per_type", copies, 3, cards)
    facts.equal(
        "copies",
        "types_in_play_per_faculty",
        in_play,
        2,
        "per faculty 2 of the 4 types are in play",
    )
    out = []
    seen: dict[str, int] = {}
    for i, t in enumerate(check.table_list(data, "professor")):
        entry = f"professor {i + 1}"
        check.no_unknown(
            t, ("name", "faculty", "books", "ducats", "prestige", "lecture"), entry=entry
        )
        name = check.text(t, "name", entry=entry)
        entry = f"professor {name!r}"
        unique(check, seen, name, i + 1, "professor", "name")
        prof = ProfessorType(
            name,
            check.choice(t, "faculty", FACULTIES, entry=entry),
            check.integer(t, "books", entry=entry, minimum=0),
            check.integer(t, "ducats", entry=entry, minimum=0),
            check.integer(t, "prestige", entry=entry, minimum=0),
            parse_gain(check, check.get(t, "lecture", entry=entry), f"{entry} lecture"),
        )
        if prof.lecture == Gain():
            check.fail(
                entry,
                "lecture",
                "gives nothing (fact: a professor gives a lecture effect during the game)",
            )
        out.append(prof)
    for f in FACULTIES:
        types = sum(p.faculty == f for p in out)
        if types < in_play:
            check.fail(None, "professor", f"faculty {f} needs at least {in_play} types")
        facts.equal(None, "professor", f"{types} types of {f}", f"4 types of {f}", cards)
    return tuple(out), copies, in_play, one_per_type


def research(check: Checker, data: Mapping[str, Any]) -> tuple[ResearchCard, ...]:
    out = []
    seen: dict[str, int] = {}
    for i, t in enumerate(check.table_list(data, "card")):
        entry = f"card {i + 1}"
        check.no_unknown(t, ("id", "letter", "steps", "milestone"), entry=entry)
        cid = check.text(t, "id", entry=entry)
        entry = f"card {cid!r}"
        unique(check, seen, cid, i + 1, "card", "id")  # the track holds cards by id
        letter = check.choice(t, "letter", LETTERS, entry=entry)
        steps_raw = check.get(t, "steps", entry=entry)
        if not isinstance(steps_raw, list) or len(steps_raw) != STEPS_PER_CARD:
            check.fail(entry, "steps", f"must be a list of {STEPS_PER_CARD} step costs")
        steps = []
        for j, s in enumerate(steps_raw):
            if not isinstance(s, Mapping) or len(s) != 1:
                check.fail(entry, f"steps[{j}]", "must be one kind = amount")
            (kind,) = s
            if kind not in STEP_PAID + STEP_REQUIRED:
                check.fail(entry, f"steps[{j}]", f"unknown kind {kind!r}")
            amount = check.integer(s, kind, entry=f"{entry} steps[{j}]", minimum=0)
            steps.append(StepCost(kind, amount))
        out.append(
            ResearchCard(
                cid,
                letter,
                tuple(steps),
                parse_gain(check, check.get(t, "milestone", entry=entry), f"{entry} milestone"),
            )
        )
    for letter in LETTERS:
        if not any(c.letter == letter for c in out):
            check.fail(None, "card", f"needs at least one card of letter {letter}")
        Facts(check, data).equal(
            None,
            "card",
            f"{sum(c.letter == letter for c in out)} cards of letter {letter}",
            f"4 cards of letter {letter}",
            "20 research cards, 4 each of letters A-E",
        )
    return tuple(out)


#: Price ranges the facts give (least, most, the fact): ``board.toml`` and ``shelves.toml``
#: list them in ``[about]`` facts, as the rule book does (rules 16 and 19).
ANTIQUARIAN_PRICES = (3, 9, "Antiquarian prices run from 3 to 9 ducats")
COLLOQUIUM_PRICES = (2, 4, "a Colloquium book costs 2 to 4 ducats")

_SLOT = re.compile(r"[AB][0-9]+")  # ASCII digits only: int() of "A²"[1:] would fail


def board(check: Checker, data: Mapping[str, Any]) -> Board:
    def tab(name: str) -> Mapping[str, Any]:
        value = check.get(data, name, entry=name)
        if not isinstance(value, Mapping):
            check.fail(name, None, "must be a table")
        return value

    known = {
        "rounds": ("count",),
        "masters": ("start", "max", "prestige_threshold"),
        "campus": ("rows", "column"),
        "starting_student": ("price", "max"),
        "antiquarian": ("offers",),
        "laboratory": ("free_steps", "max_paid_steps"),
        "park": ("price", "max"),
        "bishop": ("payout",),
        "colloquium": ("dictionary_price", "max_dictionaries"),
        "lecture_halls": ("row_a", "row_b", "storage_empty", "marked"),
        "supply": ("dictionaries",),
    }
    for name, fields_ in known.items():
        check.no_unknown(tab(name), fields_, entry=name)
    facts = Facts(check, data)
    rounds, masters, campus = tab("rounds"), tab("masters"), tab("campus")
    columns = []
    for i, col in enumerate(check.table_list(campus, "column", entry="campus")):
        entry = f"campus column {i + 1}"
        check.no_unknown(col, ("ranks", "dictionaries"), entry=entry)
        ranks = check.integers(col, "ranks", entry=entry, minimum=1)
        if not ranks:  # no books at all: that column's students would be free
            check.fail(entry, "ranks", "must list at least one rank (one book per rank)")
        if any(r > 4 for r in ranks):
            check.fail(entry, "ranks", "ranks run from 1 (best) to 4")
        columns.append(
            CampusColumn(ranks, check.integer(col, "dictionaries", entry=entry, minimum=0))
        )
    offers = []
    anti = tab("antiquarian")
    for i, o in enumerate(check.table_list(anti, "offers", entry="antiquarian")):
        entry = f"antiquarian offer {i + 1}"
        check.no_unknown(o, ("ducats", "books", "dictionaries"), entry=entry)
        offer = AntiquarianOffer(
            check.integer(o, "ducats", entry=entry, minimum=0),
            check.integer(o, "books", entry=entry, minimum=0),
            check.integer(o, "dictionaries", entry=entry, minimum=0),
        )
        if not offer.books and not offer.dictionaries:
            check.fail(entry, "books", "the offer sells nothing (books and dictionaries are 0)")
        facts.range(entry, "ducats", offer.ducats, *ANTIQUARIAN_PRICES)
        offers.append(offer)
    if not offers:
        check.fail("antiquarian", "offers", "must list at least one offer")
    lab, park, bishop, coll, halls = (
        tab(n) for n in ("laboratory", "park", "bishop", "colloquium", "lecture_halls")
    )
    ss = tab("starting_student")
    marked = check.get(halls, "marked", entry="lecture_halls")
    row_a = check.integer(halls, "row_a", entry="lecture_halls", minimum=1)
    row_b = check.integer(halls, "row_b", entry="lecture_halls", minimum=1)
    if not isinstance(marked, list):  # a list, not a number, text or table
        check.fail("lecture_halls", "marked", f"must be a list of slots like 'A4', got {marked!r}")
    for m in marked:
        if not (isinstance(m, str) and _SLOT.fullmatch(m)):
            check.fail("lecture_halls", "marked", f"slots look like 'A4' or 'B3', got {m!r}")
        if int(m[1:]) > (row_a if m[0] == "A" else row_b) or int(m[1:]) < 1:
            check.fail("lecture_halls", "marked", f"slot {m} is not on the board")
        if marked.count(m) > 1:
            check.fail("lecture_halls", "marked", f"slot {m} is listed twice")
    board = Board(
        rounds=check.integer(rounds, "count", entry="rounds", minimum=1),
        masters_start=check.integer(masters, "start", entry="masters", minimum=1),
        masters_max=check.integer(masters, "max", entry="masters", minimum=1),
        prestige_threshold=check.integer(masters, "prestige_threshold", entry="masters", minimum=0),
        start=parse_gain(check, tab("start"), "start"),
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
        # the Colloquium action buys one dictionary or none, so 0 (none for sale) or 1
        max_dictionaries=check.integer(
            coll, "max_dictionaries", entry="colloquium", minimum=0, maximum=1
        ),
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
    board_facts(facts, board)
    return board


#: The numbers ``board.toml``'s ``[about]`` facts state (the rule book's too): field ->
#: (entry, field in the file, the value, the fact).
BOARD_FACTS: dict[str, tuple[str, str, int, str]] = {
    "rounds": ("rounds", "count", 6, "6 rounds"),
    "masters_start": ("masters", "start", 4, "each player starts with 4 masters and can gain "
                      "at most 2 more (6 in all)"),
    "masters_max": ("masters", "max", 6, "each player starts with 4 masters and can gain at "
                    "most 2 more (6 in all)"),
    "prestige_threshold": ("masters", "prestige_threshold", 15, "extra masters come from a "
                           "glory tile, from reaching 15 prestige and from a marked "
                           "lecture-hall slot"),
    "lab_free_steps": ("laboratory", "free_steps", 1, "Laboratory: 1 free step, then up to 3 "
                       "paid steps"),
    "lab_max_paid": ("laboratory", "max_paid_steps", 3, "Laboratory: 1 free step, then up to "
                     "3 paid steps"),
    "storage_empty": ("lecture_halls", "storage_empty", 6, "the storage limit is 6, 7, 8, ... "
                      "up to 12 by the last occupied slot"),
    "dictionaries_supply": ("supply", "dictionaries", 20, "20 dictionaries in the supply"),
}  # fmt: skip
HALLS = (
    "a university board holds up to 11 students in rows A and B; the storage limit is 6, 7, "
    "8, ... up to 12 by the last occupied slot"
)


def board_facts(facts: Facts, board: Board) -> None:
    """Refuse a board number other than the one a fact states (:data:`BOARD_FACTS`; the
    rows: 11 students in all, the longer row 6 slots, so storage reaches 12)."""
    for name, (entry, field, value, fact) in BOARD_FACTS.items():
        facts.equal(entry, field, getattr(board, name), value, fact)
    facts.range("lecture_halls", "row_a", board.row_a, 1, 6, HALLS)
    facts.range("lecture_halls", "row_b", board.row_b, 1, 6, HALLS)
    facts.equal("lecture_halls", "row_a + row_b", board.row_a + board.row_b, 11, HALLS)


def shelves(check: Checker, data: Mapping[str, Any]) -> Shelves:
    sh = check.get(data, "shelves", entry="shelves")
    check.no_unknown(sh, ("count", "library", "income_per_book"), entry="shelves")
    count = check.integer(sh, "count", entry="shelves", minimum=2)
    library = check.integer(sh, "library", entry="shelves", minimum=1)
    if library != count - 1:
        check.fail("shelves", "library", "must be count - 1 (the last shelf is the sale shelf)")
    comps = check.table_list(data, "compartment")
    if not comps:
        check.fail(None, "compartment", "needs at least one compartment")
    for i, c in enumerate(comps):
        check.no_unknown(c, ("price", "prestige"), entry=f"compartment {i + 1}")
    prices = tuple(
        check.integer(c, "price", entry=f"compartment {i + 1}", minimum=0)
        for i, c in enumerate(comps)
    )
    facts = Facts(check, data)
    facts.equal("shelves", "count", count, 7, "7 shelves per colour: 6 in the library, 1 sale "
                "shelf at the right")  # fmt: skip
    for i, price in enumerate(prices):
        facts.range(f"compartment {i + 1}", "price", price, *COLLOQUIUM_PRICES)
    prestige = tuple(
        check.integer(c, "prestige", entry=f"compartment {i + 1}", minimum=0)
        for i, c in enumerate(comps)
    )
    income = check.integer(sh, "income_per_book", entry="shelves", minimum=0)
    facts.equal("shelves", "income_per_book", income, 1, "each book on a shelf pays 1 ducat "
                "at income")  # fmt: skip
    return Shelves(count, library, income, prices, prestige)


def reputation(check: Checker, data: Mapping[str, Any]) -> Reputation:
    inc = check.get(data, "income", entry="income")
    check.no_unknown(inc, ("by_rank",), entry="income")
    income = check.integers(inc, "by_rank", entry="income", length=4, minimum=0)
    final = check.get(data, "final", entry="final")
    check.no_unknown(final, ("players_2", "players_3", "players_4"), entry="final")
    tables = tuple(
        check.integers(final, f"players_{n}", entry="final", length=n, minimum=0) for n in (2, 3, 4)
    )
    better_ranks_first(check, "income", "by_rank", income)
    for n, table in zip((2, 3, 4), tables, strict=True):
        better_ranks_first(check, "final", f"players_{n}", table)
    facts = Facts(check, data)
    fact = "final scoring 12 / 7 / 3 for ranks 1 / 2 / 3 with 3 or 4 players"
    facts.equal("final", "players_3", list(tables[1]), [12, 7, 3], fact)
    top = ", ".join(map(str, tables[2][:3]))  # rank 4 is a kit default
    facts.equal("final", "players_4", f"[{top}, ...]", "[12, 7, 3, ...]", fact)
    return Reputation(income, tables)
