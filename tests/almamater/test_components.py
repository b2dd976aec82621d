"""Component data: the facts of the rules file hold, kit defaults are marked, files are checked."""

from __future__ import annotations

import json
import shutil
import tomllib
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gamekit.almamater.components import DEFAULT_FOLDER, FAMILIES, load_components, notes_frame
from gamekit.almamater.glossary import glossary_frame
from gamekit.core.errors import DataError

C = load_components()


def test_fact_counts_of_the_components() -> None:
    """Rule 1 (facts): 24 founding cards, 10 chancellors, 9 glory tiles (3 each), 16 student kinds
    x 3, 16 professor types (4 per faculty) x 3, 20 research cards (4 per letter)."""
    assert len(C.founding) == 24
    assert [c.name for c in C.chancellors] == [
        "Copernicus", "Biringuccio", "Erasmus", "Pereira", "Marschalk",
        "Da Vinci", "Glareanus", "Alberti", "Paracelsus", "Agricola",
    ]  # fmt: skip
    assert Counter(t.level for t in C.glory) == {"a": 3, "b": 3, "c": 3}
    assert len(C.students) * C.student_copies == 48
    assert Counter(p.faculty for p in C.professors) == {
        f: 4 for f in ("Arts", "Medicine", "Law", "Mathematics")
    }
    assert len(C.professors) * C.professor_copies == 48
    assert C.types_in_play == 2
    assert Counter(r.letter for r in C.research) == {x: 4 for x in "ABCDE"}
    assert all(len(r.steps) == 3 for r in C.research)
    assert C.bust_stack * 3 == 12 and C.bust_prestige == (3, 7, 12)
    b = C.board
    assert (b.masters_start, b.masters_max, b.prestige_threshold, b.rounds) == (4, 6, 15, 6)
    assert b.row_a + b.row_b == 11 and b.storage_empty == 6 and b.storage_empty + b.row_a == 12
    assert (b.lab_free_steps, b.lab_max_paid, b.dictionaries_supply) == (1, 3, 20)
    assert min(o.ducats for o in b.antiquarian) == 3 and max(o.ducats for o in b.antiquarian) == 9
    assert (C.shelves.count, C.shelves.library) == (7, 6)
    assert min(C.shelves.prices) == 2 and max(C.shelves.prices) == 4
    assert C.reputation.final_for(3) == (12, 7, 3)


def test_mathematics_students_score_prestige_at_the_end() -> None:
    """Fact: Mathematics students score prestige at the end (and only they have end bonuses)."""
    maths = [s for s in C.students if s.faculty == "Mathematics"]
    assert all(s.timing == "end" and s.gain.prestige > 0 for s in maths)
    assert all(s.timing != "end" for s in C.students if s.faculty != "Mathematics")


def test_professor_types_alike_in_all_but_their_books_cost_the_same_books() -> None:
    # kit defaults: two types with the same prestige, ducats and lecture are the same card,
    # so neither costs a book more (until issue 27's twentieth round Music cost 3 books and
    # Theology 2, both 4 prestige, 6 ducats, a prestige a lecture: in dean mirrors the deans
    # hired Music 0.25 times a game it was in play, Theology 1.22 times)
    c = load_components()
    seen: dict[tuple[object, ...], tuple[str, int]] = {}
    for prof in c.professors:
        key = (prof.prestige, prof.ducats, prof.lecture)
        name, books = seen.setdefault(key, (prof.name, prof.books))
        assert books == prof.books, (name, books, prof.name, prof.books)
    assert len(seen) < len(c.professors)  # some types are alike: the check compared some


def test_every_family_marks_its_kit_defaults_and_facts() -> None:
    notes = notes_frame(C)
    assert set(notes["family"]) == set(FAMILIES)
    for family in FAMILIES:
        rows = notes[notes["family"] == family]
        assert (rows["status"] == "fact").any(), family
        assert (rows["status"] == "kit default").any(), family
    assert notes["text"].str.len().min() > 5


def test_glossary_has_both_languages() -> None:
    g = glossary_frame()
    assert {"Magister", "Lexikon", "Ruhmeshalle", "Büste"} <= set(g["german"])
    assert g.loc[g["german"] == "Lexikon", "english"].item() == "dictionary"


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "printed"
    shutil.copytree(DEFAULT_FOLDER, folder)
    return folder


def test_a_teacher_folder_with_printed_values_is_used(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    text = (folder / "board.toml").read_text()
    (folder / "board.toml").write_text(
        text.replace("payout = [1, 3, 5, 7, 9, 11]", "payout = [5, 6]")
    )
    c = load_components(folder)
    assert c.board.bishop_payout == (5, 6)
    assert c.source == str(folder)


@pytest.mark.parametrize(
    ("family", "old", "new", "expected"),
    [
        (
            "professors",
            'name = "Optics"\nfaculty = "Mathematics"\nbooks = 3',
            'name = "Optics"\nfaculty = "Mathematics"\nbooks = -3',
            "professors.toml: professor 'Optics': books: must be >= 0, got -3",
        ),
        (
            "students",
            'faculty = "Arts"\ncolumn = 1',
            'faculty = "Art"\ncolumn = 1',
            "students.toml: student 'Arts freshman': faculty: must be one of",
        ),
        (
            "founding",
            'id = "F02"\nwhite = 1',
            'id = "F02"\nwhite = "one"',
            "founding.toml: card 'F02': white: must be a whole number",
        ),
        (
            "chancellors",
            'ability = "fewer_masters"',
            'ability = "more_masters"',
            "chancellors.toml: chancellor 'Agricola': ability: must be one of",
        ),
        (
            "glory",
            "requirements = { students = 3 }",
            "requirements = { student = 3 }",
            "glory.toml: tile 'a1' requirements: student: unknown field",
        ),
        (
            "research",
            "steps = [{ ducats = 1 }, { textbooks = 1 }, { ducats = 2 }]",
            "steps = [{ ducats = 1 }, { textbooks = 1 }]",
            "research.toml: card 'A1': steps: must be a list of 3 step costs",
        ),
        ("shelves", "price = 4", "price = -4", "shelves.toml: compartment 1: price: must be >= 0"),
        (
            "reputation",
            "players_2 = [12, 7]",
            "players_2 = [12]",
            "reputation.toml: final: players_2: must have 2 entries",
        ),
        (
            "board",
            "[park]\nprice = 3",
            "[park]\nprice = 0",
            "board.toml: park: price: must be >= 1, got 0",
        ),
    ],
)
def test_validation_names_file_entry_and_field(
    tmp_path: Path, family: str, old: str, new: str, expected: str
) -> None:
    folder = _copy(tmp_path)
    file = folder / f"{family}.toml"
    text = file.read_text()
    assert old in text
    file.write_text(text.replace(old, new, 1))
    with pytest.raises(DataError) as info:
        load_components(folder)
    assert expected in str(info.value)


def test_a_missing_family_file_is_named(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    (folder / "glory.toml").unlink()
    with pytest.raises(DataError, match=r"glory\.toml: missing"):
        load_components(folder)


def test_data_is_loaded_from_the_package_not_shared() -> None:
    assert DEFAULT_FOLDER.parts[-3:] == ("gamekit", "data", "almamater")
    assert "/work/shared" not in str(DEFAULT_FOLDER)


# -- malformed files the audit found accepted or crashing (finding 3), and their kin -------
# Each case: the family, an edit (old text -> new text in the TOML file, or a function
# changing the parsed table, written back as family.json), then the entry, the field and
# the problem the DataError must name.
def _set(*path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value

    return edit


IN_PLAY = 'in_play = ["a", "b", "c"]'
LEVELS = "must list 3 tile levels from a, b, c; got "
MALFORMED: list[tuple[str, str, Any, str | None, str | None, str]] = [
    # the audit's table: a raw TypeError, or accepted and failing later (or never)
    ("in_play number", "glory", (IN_PLAY, 'in_play = [1, "b", "c"]'), "busts", "in_play",
     LEVELS + "[1, 'b', 'c']"),
    ("in_play 'ab'", "glory", (IN_PLAY, 'in_play = ["ab", "b", "c"]'), "busts", "in_play",
     LEVELS + "['ab', 'b', 'c']"),
    ("in_play ''", "glory", (IN_PLAY, 'in_play = ["", "b", "c"]'), "busts", "in_play",
     LEVELS + "['', 'b', 'c']"),
    ("marked number", "board", ('marked = ["A4", "B4"]', "marked = 4"), "lecture_halls",
     "marked", "must be a list of slots like 'A4', got 4"),
    ("uneven price columns", "students",
     ('name = "Arts freshman"\nfaculty = "Arts"\ncolumn = 1',
      'name = "Arts freshman"\nfaculty = "Arts"\ncolumn = 2'),
     None, "column", "price column 1 has 3 student kind(s), needs 4 (one per campus row"),
    ("duplicate chancellor", "chancellors",
     ('name = "Biringuccio"', 'name = "Copernicus"'), "chancellor 'Copernicus'", "name",
     "duplicate: chancellor 1 has the same name"),
    ("duplicate research card", "research", ('id = "B1"', 'id = "A1"'), "card 'A1'", "id",
     "duplicate: card 1 has the same id"),
    ("empty campus ranks", "board", ("ranks = [4]\n", "ranks = []\n"), "campus column 1",
     "ranks", "must list at least one rank"),
    # the same kinds of hole elsewhere: a type before iteration or membership ...
    ("marked table", "board", _set("lecture_halls", "marked", value={"A4": 1}),
     "lecture_halls", "marked", "must be a list of slots like 'A4', got {'A4': 1}"),
    ("marked superscript digit", "board", _set("lecture_halls", "marked", value=["A\u00b2"]),
     "lecture_halls", "marked", "slots look like 'A4' or 'B3', got 'A\u00b2'"),
    ("about number", "research", _set("about", value=5), "about", None,
     "must be a table/object, got int"),
    ("busts list", "glory", _set("busts", value=[1]), "busts", None,
     "must be a table/object, got list"),
    ("final number", "reputation", _set("final", value=5), "final", None,
     "must be a table/object, got int"),
    ("copies number", "students", _set("copies", value=5), "copies", None,
     "must be a table/object, got int"),
    # ... duplicates of identities (now naming the duplicate entry) ...
    ("marked twice", "board", _set("lecture_halls", "marked", value=["A4", "A4"]),
     "lecture_halls", "marked", "slot A4 is listed twice"),
    ("duplicate student", "students", ('name = "Arts orator"', 'name = "Arts freshman"'),
     "student 'Arts freshman'", "name", "duplicate: student 1 has the same name"),
    ("duplicate professor", "professors", ('name = "Optics"', 'name = "Rhetoric"'),
     "professor 'Rhetoric'", "name", "duplicate: professor 1 has the same name"),
    ("duplicate tile", "glory", ('id = "a2"', 'id = "a1"'), "tile 'a1'", "id",
     "duplicate: tile 1 has the same id"),
    ("duplicate founding card", "founding", ('id = "F02"', 'id = "F01"'), "card 'F01'", "id",
     "duplicate: card 1 has the same id"),
    # ... and empty lists that make something free or pointless
    ("no antiquarian offers", "board", _set("antiquarian", "offers", value=[]),
     "antiquarian", "offers", "must list at least one offer"),
    ("an offer selling nothing", "board",
     ("{ ducats = 3, books = 3, dictionaries = 0 }", "{ ducats = 3, books = 0, dictionaries = 0 }"),
     "antiquarian offer 1", "books", "the offer sells nothing"),
]  # fmt: skip


def _edited(tmp_path: Path, family: str, edit: Any) -> Path:
    folder = _copy(tmp_path)
    file = folder / f"{family}.toml"
    text = file.read_text(encoding="utf-8")
    if isinstance(edit, tuple):
        old, new = edit
        assert text.count(old) >= 1, old
        file.write_text(text.replace(old, new, 1), encoding="utf-8")
        return file
    data = tomllib.loads(text)
    edit(data)
    file.unlink()
    file = folder / f"{family}.json"
    file.write_text(json.dumps(data), encoding="utf-8")
    return file


@pytest.mark.parametrize(
    ("family", "edit", "entry", "field", "problem"),
    [case[1:] for case in MALFORMED],
    ids=[case[0] for case in MALFORMED],
)
def test_malformed_files_are_refused_naming_file_entry_field_and_problem(
    tmp_path: Path, family: str, edit: Any, entry: str | None, field: str | None, problem: str
) -> None:
    file = _edited(tmp_path, family, edit)
    with pytest.raises(DataError) as info:
        load_components(file.parent)
    err = info.value
    assert (err.file, err.entry, err.field) == (str(file), entry, field)
    assert err.problem.startswith(problem), err.problem
    assert "\n" not in str(err)


def test_a_family_given_as_both_toml_and_json_is_refused(tmp_path: Path) -> None:
    """Before, ``chancellors.json`` beside ``chancellors.toml`` was ignored without a word."""
    folder = _copy(tmp_path)
    data = tomllib.loads((folder / "chancellors.toml").read_text(encoding="utf-8"))
    (folder / "chancellors.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_components(folder)
    assert str(info.value) == (
        f"{folder / 'chancellors.json'}: chancellors.toml is also present: keep one of them"
    )


def test_the_kit_s_own_lists_pass_the_new_checks() -> None:
    """The checks above refuse only what is wrong: the kit's data has 4 priced columns of 4
    students each, 2 distinct marked slots and 4 offers that each sell something."""
    assert [len(col.ranks) for col in C.board.campus_columns] == [1, 2, 2, 2]
    assert Counter(s.column for s in C.students) == {1: 4, 2: 4, 3: 4, 4: 4}
    assert C.board.marked == ("A4", "B4")
    assert all(o.books or o.dictionaries for o in C.board.antiquarian)
