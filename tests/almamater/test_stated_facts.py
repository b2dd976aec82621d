"""Values that break a fact stated in the data files are refused (audit 7, finding 1), and a
chancellor's shown text follows its amount (finding 2).

Each case edits one value in a copy of the kit's data folder (written as JSON, which the
loader reads as well as TOML) and expects a DataError naming the file, the entry, the
field and the fact, the way ``compartment 1: price: must be 2 to 4, got 5 (fact: ...)`` is.
A file that declares a variant (``[about] variant = "..."``) may change its facts: the
loader then reports the variant among the notes.
"""

from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from gamekit.almamater.components import DEFAULT_FOLDER, FAMILIES, load_components, notes_frame
from gamekit.almamater.records import Note
from gamekit.core.errors import DataError

RAW = {f: tomllib.loads((DEFAULT_FOLDER / f"{f}.toml").read_text("utf-8")) for f in FAMILIES}


def _folder(tmp_path: Path, family: str, edit: Any, variant: str | None = None) -> Path:
    folder = tmp_path / "data"
    folder.mkdir(parents=True)
    for f, data in RAW.items():
        data = copy.deepcopy(data)
        if f == family:
            edit(data)
            if variant is not None:
                data["about"]["variant"] = variant
        (folder / f"{f}.json").write_text(json.dumps(data), "utf-8")
    return folder


def _set(*path: Any, value: Any) -> Any:
    def edit(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value

    return edit


def _named(table: str, key: str, name: str, field: str, value: Any) -> Any:
    def edit(data: dict[str, Any]) -> None:
        entry = next(e for e in data[table] if e[key] == name)
        entry[field] = value

    return edit


def _student_timing(name: str, timing: str) -> Any:
    def edit(data: dict[str, Any]) -> None:
        student = next(e for e in data["student"] if e["name"] == name)
        student["effect"]["timing"] = timing

    return edit


def _letter(card: str, letter: str) -> Any:
    return _named("card", "id", card, "letter", letter)


MASTERS = "each player starts with 4 masters and can gain at most 2 more (6 in all)"
LAB = "Laboratory: 1 free step, then up to 3 paid steps"
HALLS = (
    "a university board holds up to 11 students in rows A and B; the storage limit is 6, 7, "
    "8, ... up to 12 by the last occupied slot"
)
REPUTATION = "final scoring 12 / 7 / 3 for ranks 1 / 2 / 3 with 3 or 4 players"
PROFESSORS = "48 professor cards: 4 faculties x 4 types x 3 cards"

# (case, family, edit, entry, field, problem): the audit's table, and its kin
FACTS = [
    ("6 rounds", "board", _set("rounds", "count", value=5), "rounds", "count",
     "must be 6, got 5 (fact: 6 rounds)"),
    ("1 round", "board", _set("rounds", "count", value=1), "rounds", "count",
     "must be 6, got 1 (fact: 6 rounds)"),
    ("4 masters", "board", _set("masters", "start", value=3), "masters", "start",
     f"must be 4, got 3 (fact: {MASTERS})"),
    ("6 masters", "board", _set("masters", "max", value=7), "masters", "max",
     f"must be 6, got 7 (fact: {MASTERS})"),
    ("15 prestige", "board", _set("masters", "prestige_threshold", value=14), "masters",
     "prestige_threshold", "must be 15, got 14 (fact: extra masters come from a glory tile, "
     "from reaching 15 prestige and from a marked lecture-hall slot)"),
    ("1 free step", "board", _set("laboratory", "free_steps", value=0), "laboratory",
     "free_steps", f"must be 1, got 0 (fact: {LAB})"),
    ("3 paid steps", "board", _set("laboratory", "max_paid_steps", value=4), "laboratory",
     "max_paid_steps", f"must be 3, got 4 (fact: {LAB})"),
    ("row A of 7", "board", _set("lecture_halls", "row_a", value=7), "lecture_halls", "row_a",
     f"must be 1 to 6, got 7 (fact: {HALLS})"),
    ("11 students", "board", _set("lecture_halls", "row_b", value=4), "lecture_halls",
     "row_a + row_b", f"must be 11, got 10 (fact: {HALLS})"),
    ("storage 6", "board", _set("lecture_halls", "storage_empty", value=5), "lecture_halls",
     "storage_empty", "must be 6, got 5 (fact: the storage limit is 6, 7, 8, ... up to 12 by "
     "the last occupied slot)"),
    ("20 dictionaries", "board", _set("supply", "dictionaries", value=19), "supply",
     "dictionaries", "must be 20, got 19 (fact: 20 dictionaries in the supply)"),
    ("7 shelves", "shelves", lambda d: d["shelves"].update(count=8, library=7), "shelves",
     "count", "must be 7, got 8 (fact: 7 shelves per colour: 6 in the library, 1 sale shelf "
     "at the right)"),
    ("1 ducat a book", "shelves", _set("shelves", "income_per_book", value=2), "shelves",
     "income_per_book", "must be 1, got 2 (fact: each book on a shelf pays 1 ducat at income)"),
    ("12 / 7 / 3", "reputation", _set("final", "players_3", value=[12, 7, 4]), "final",
     "players_3", f"must be [12, 7, 3], got [12, 7, 4] (fact: {REPUTATION})"),
    ("12 / 7 / 3 with 4", "reputation", _set("final", "players_4", value=[13, 7, 3, 0]),
     "final", "players_4", f"must be [12, 7, 3, ...], got [13, 7, 3, ...] (fact: {REPUTATION})"),
    ("busts 3 / 7 / 12", "glory", _set("busts", "prestige", value=[3, 7, 13]), "busts",
     "prestige", "must be [3, 7, 12], got [3, 7, 13] (fact: busts score 3 / 7 / 12 prestige "
     "for 1 / 2 / 3 busts)"),
    ("12 busts", "glory", _set("busts", "per_stack", value=5), "busts", "per_stack",
     "must be 4, got 5 (fact: 12 busts on 3 stacks, one stack per glory tile)"),
    ("9 tiles", "glory", lambda d: d["tile"].pop(), None, "tile",
     "must be 3 of level 'c', got 2 of level 'c' (fact: 9 glory tiles, 3 each of levels a, b "
     "and c)"),
    ("48 students", "students", _set("copies", "per_kind", value=2), "copies", "per_kind",
     "must be 3, got 2 (fact: 48 student tiles: 16 kinds x 3)"),
    ("Mathematics at the end", "students", _student_timing("Mathematics freshman", "immediate"),
     "student 'Mathematics freshman' effect", "timing",
     "must be end, got immediate (fact: Mathematics students score prestige at the end)"),
    ("3 professor cards a type", "professors", _set("copies", "per_type", value=2), "copies",
     "per_type", f"must be 3, got 2 (fact: {PROFESSORS})"),
    ("2 types in play", "professors", _set("copies", "types_in_play_per_faculty", value=3),
     "copies", "types_in_play_per_faculty",
     "must be 2, got 3 (fact: per faculty 2 of the 4 types are in play)"),
    ("4 types a faculty", "professors", lambda d: d["professor"].pop(), None, "professor",
     f"must be 4 types of Mathematics, got 3 types of Mathematics (fact: {PROFESSORS})"),
    ("4 cards a letter", "research", _letter("A1", "B"), None, "card",
     "must be 4 cards of letter A, got 3 cards of letter A (fact: 20 research cards, 4 each "
     "of letters A-E)"),
    ("24 founding cards", "founding", lambda d: d["card"].pop(), None, "card",
     "must be 24, got 23 (fact: 24 founding cards)"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("family", "edit", "entry", "field", "problem"),
    [case[1:] for case in FACTS],
    ids=[case[0] for case in FACTS],
)
def test_a_value_against_a_stated_fact_is_refused(
    tmp_path: Path, family: str, edit: Any, entry: str | None, field: str, problem: str
) -> None:
    folder = _folder(tmp_path, family, edit)
    with pytest.raises(DataError) as info:
        load_components(folder)
    err = info.value
    assert (err.file, err.entry, err.field) == (str(folder / f"{family}.json"), entry, field)
    assert err.problem == problem
    fact = problem.split("(fact: ", 1)[1][:-1]  # the file's own words, quoted
    assert any(fact in stated for stated in RAW[family]["about"]["facts"]), fact


def test_16_student_kinds_with_a_bigger_campus_are_refused(tmp_path: Path) -> None:
    """A fifth campus row and four more kinds (one per price column) pass the campus check,
    but make 60 student tiles: the fact says 16 kinds x 3."""
    folder = _folder(tmp_path, "board", _set("campus", "rows", value=5))
    students = json.loads((folder / "students.json").read_text("utf-8"))
    for column, faculty in zip((1, 2, 3, 4), ("Arts", "Medicine", "Law", "Arts"), strict=True):
        students["student"].append(
            {"name": f"New {column}", "faculty": faculty, "column": column,
             "effect": {"timing": "immediate", "ducats": column}}
        )  # fmt: skip
    (folder / "students.json").write_text(json.dumps(students), "utf-8")
    with pytest.raises(DataError) as info:
        load_components(folder)
    assert str(info.value) == (
        f"{folder / 'students.json'}: student: must be 16 kinds, got 20 kinds (fact: 48 "
        "student tiles: 16 kinds x 3)"
    )


# -- a declared variant may change facts, and is reported ------------------------------------
def test_a_declared_variant_changes_a_fact_and_is_reported(tmp_path: Path) -> None:
    text = "3 rounds and 7 masters: a short game for one lesson"

    def edit(data: dict[str, Any]) -> None:
        data["rounds"]["count"] = 3
        data["masters"]["max"] = 7

    c = load_components(_folder(tmp_path, "board", edit, variant=text))
    assert (c.board.rounds, c.board.masters_max) == (3, 7)
    assert c.variants == (Note("board", "", "variant", text),)
    notes = notes_frame(c)
    assert notes[notes.status == "variant"].text.tolist() == [text]
    assert load_components().variants == ()  # the kit's own data declares none


def test_a_variant_frees_only_its_own_file(tmp_path: Path) -> None:
    """A variant in glory.toml does not free board.toml's facts."""
    folder = _folder(tmp_path, "board", _set("rounds", "count", value=5))
    glory = json.loads((folder / "glory.json").read_text("utf-8"))
    glory["about"]["variant"] = "other bust prestige"
    (folder / "glory.json").write_text(json.dumps(glory), "utf-8")
    with pytest.raises(DataError, match=r"board\.json: rounds: count: must be 6, got 5"):
        load_components(folder)


def test_an_empty_variant_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DataError) as info:
        load_components(_folder(tmp_path, "board", lambda d: None, variant=" "))
    assert (info.value.entry, info.value.field, info.value.problem) == (
        "about",
        "variant",
        "must not be empty",
    )


# -- glory tiles no one can take --------------------------------------------------------------
def _requirements(tile: str, **need: int) -> Any:
    return _named("tile", "id", tile, "requirements", need)


@pytest.mark.parametrize(
    ("need", "field", "problem"),
    [
        ({"students": 12}, "students", "must be at most 11, got 12 (no one could take this "
         "tile: a board holds 11 students (board.toml lecture_halls))"),
        ({"row_a": 7}, "row_a", "must be at most 6, got 7 (no one could take this tile: row A "
         "has 6 slots (board.toml lecture_halls))"),
        ({"row_a": 6, "row_b": 6}, "row_b", "must be at most 5, got 6 (no one could take this "
         "tile: row B has 5 slots (board.toml lecture_halls))"),
        ({"faculties": 5}, "faculties", "must be at most 4, got 5 (no one could take this "
         "tile: there are 4 faculties)"),
        ({"research": 16}, "research", "must be at most 15, got 16 (no one could take this "
         "tile: the research track has 15 steps)"),
        ({"milestones": 6}, "milestones", "must be at most 5, got 6 (no one could take this "
         "tile: the research track has 5 milestones)"),
    ],
)  # fmt: skip
def test_a_glory_tile_no_one_can_take_is_refused(
    tmp_path: Path, need: dict[str, int], field: str, problem: str
) -> None:
    folder = _folder(tmp_path, "glory", _requirements("a1", **need))
    with pytest.raises(DataError) as info:
        load_components(folder)
    err = info.value
    assert (err.file, err.entry, err.field) == (
        str(folder / "glory.json"),
        "tile 'a1' requirements",
        field,
    )
    assert err.problem == problem.replace("board.toml", "board.json")
    at_limit = {**need, field: need[field] - 1}  # the most a board holds: loads
    folder = _folder(tmp_path / "limit", "glory", _requirements("a1", **at_limit))
    tile = next(t for t in load_components(folder).glory if t.id == "a1")
    assert dict(tile.requirements) == at_limit


# -- chancellor amounts that make an ability do nothing --------------------------------------
BONUSES = [
    ("Biringuccio", "the ducats for each student put into row B: the gist, a fact, is 'bonus "
     "for students in row B'"),
    ("Erasmus", "the extra ducats at the Bishop: the gist, a fact, is 'bonus at the Bishop'"),
    ("Marschalk", "the extra ducats for each own book sold: the gist, a fact, is 'bonus when "
     "your books are sold'"),
    ("Da Vinci", "the extra free steps at the Laboratory: the gist, a fact, is 'research "
     "bonus'"),
    ("Paracelsus", "the lectures a round whose professor is readied: the gist, a fact, is "
     "'ready an exhausted professor'"),
    ("Agricola", "the masters fewer needed on an occupied space: the gist, a fact, is 'fewer "
     "masters needed on occupied spaces'"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "counts"), BONUSES, ids=[b[0] for b in BONUSES])
def test_a_bonus_of_0_is_refused(tmp_path: Path, name: str, counts: str) -> None:
    folder = _folder(tmp_path, "chancellors", _named("chancellor", "name", name, "amount", 0))
    with pytest.raises(DataError) as info:
        load_components(folder)
    assert str(info.value) == (
        f"{folder / 'chancellors.json'}: chancellor {name!r}: amount: must be at least 1, got 0 "
        f"({counts})"
    )


# -- the shown text follows the amount (finding 2) ---------------------------------------------
def _chancellor(**fields: Any) -> Any:
    def edit(data: dict[str, Any]) -> None:
        entry = next(e for e in data["chancellor"] if e["name"] == "Da Vinci")
        for key, value in fields.items():
            if value is None:
                entry.pop(key)
            else:
                entry[key] = value

    return edit


def test_da_vinci_amount_2_shows_2_extra_steps(tmp_path: Path) -> None:
    """The audit's case: amount 2, the kit's text left alone. The engine gives 1 + 2 free
    steps; the text players see now says 2 extra steps, not 1."""
    from gamekit.almamater.placements import ability_amount
    from gamekit.almamater.spec import make_spec
    from gamekit.almamater.words import chancellor_words

    spec = make_spec(3, _folder(tmp_path, "chancellors", _chancellor(amount=2)))
    text = "take 2 extra free research steps each time you use the Laboratory"
    assert spec.components.chancellor("Da Vinci").text == text
    assert chancellor_words(spec, "Da Vinci") == ("research bonus", text)
    assert ability_amount(spec, "research_bonus") == 2
    kit = load_components().chancellor("Da Vinci").text
    assert kit == "take 1 extra free research step each time you use the Laboratory"
    # with the kit's amounts, each {amount} is filled and no placeholder is left
    for c in load_components().chancellors:
        assert "{" not in c.text and "}" not in c.text, c.name
    texts = {c.name: c.text for c in load_components().chancellors}
    assert texts["Biringuccio"] == "gain 2 ducats each time you put a student into row B"
    assert texts["Erasmus"] == "gain 2 extra ducats each time you place masters at the Bishop"


@pytest.mark.parametrize(
    ("fields", "field", "problem"),
    [  # the audit's literal text with amount 2 (a teacher changed only the number)
        ({"amount": 2, "text": "take 1 extra free research step each time you use the "
          "Laboratory", "text_many": None}, "text",
         "says 1, but amount is 2: write the amount, or {amount}"),
        ({"amount": 3, "text_many": "take 2 extra free research steps"}, "text_many",
         "says 2, but amount is 3: write the amount, or {amount}"),
        ({"amount": 2, "text": "take an extra free research step", "text_many": None}, "text",
         "gives no number (it reads as 1), but amount is 2: write the amount, or {amount} "
         "(text_many: the words for an amount other than 1)"),
        ({"text": "take {amout} extra free research step"}, "text",
         "unknown placeholder {amout} (only {amount} is filled in)"),
    ],
)  # fmt: skip
def test_a_text_that_does_not_say_the_amount_is_refused(
    tmp_path: Path, fields: dict[str, Any], field: str, problem: str
) -> None:
    folder = _folder(tmp_path, "chancellors", _chancellor(**fields))
    with pytest.raises(DataError) as info:
        load_components(folder)
    err = info.value
    assert (err.entry, err.field, err.problem) == ("chancellor 'Da Vinci'", field, problem)


def test_a_printed_text_with_the_right_number_loads(tmp_path: Path) -> None:
    """A teacher may type the printed words with the number in them, no placeholder."""
    printed = "take 2 extra free research steps whenever you use the Laboratory"
    folder = _folder(tmp_path, "chancellors", _chancellor(amount=2, text=printed, text_many=None))
    assert load_components(folder).chancellor("Da Vinci").text == printed


# -- finding 4: the 2-player reputation default says plainly that it does not differ ---------
def test_the_two_player_reputation_note_says_it_does_not_differ() -> None:
    c = load_components()
    assert c.reputation.final_for(2) == c.reputation.final_for(3)[:2] == (12, 7)
    note = next(n.text for n in c.notes if n.family == "reputation" and n.field == "two_players")
    assert "does not differ" in note and "printed" in note
    rules = (Path(__file__).parents[2] / "docs/rules/almamater.md").read_text("utf-8")
    assert "does not differ" in rules
