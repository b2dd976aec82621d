"""Component data: the facts of the rules file hold, kit defaults are marked, files are checked."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

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
