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

from dataclasses import fields
from pathlib import Path
from typing import Any

from gamekit.almamater import validate
from gamekit.almamater.records import (
    DEFAULT_FOLDER,
    FAMILIES,
    Board,
    Components,
    Note,
    StudentKind,
)
from gamekit.core.data import Checker, load_data_file
from gamekit.core.errors import DataError

__all__ = ["DEFAULT_FOLDER", "FAMILIES", "Components", "load_components", "notes_frame"]


def load_components(path: str | Path | None = None) -> Components:
    """Load and check the nine family files of a folder (default: the kit's own).

    Any problem raises :class:`~gamekit.core.errors.DataError` naming file, entry, field;
    so does a field the kit does not know (a typo is never silently ignored).

    >>> load_components().board.masters_max
    6
    """
    folder = DEFAULT_FOLDER if path is None else Path(path)
    if not folder.is_dir():
        raise DataError(folder, None, None, "not a folder of Alma Mater data files")
    raw: dict[str, tuple[Checker, dict[str, Any]]] = {}
    notes: list[Note] = []
    for family in FAMILIES:
        file = validate.find(folder, family)
        data = load_data_file(file)
        check = Checker(file)
        notes.extend(validate.about(check, data, family))
        raw[family] = (check, data)
    founding = validate.founding(*raw["founding"])
    chancellors = validate.chancellors(*raw["chancellors"])
    glory, bust_stack, bust_prestige, levels, per_player = validate.glory(*raw["glory"])
    students, copies = validate.students(*raw["students"])
    professors, pcopies, in_play, one_per_type = validate.professors(*raw["professors"])
    research = validate.research(*raw["research"])
    board = validate.board(*raw["board"])
    shelves = validate.shelves(*raw["shelves"])
    reputation = validate.reputation(*raw["reputation"])
    if len(founding) < 16:
        raise DataError(
            raw["founding"][0].file, None, "card", "needs at least 16 cards (4 players x 4)"
        )
    campus_students(raw["students"][0], raw["board"][0], students, board)
    validate.glory_reachable(raw["glory"][0], raw["board"][0], glory, board)
    validate.student_kinds(*raw["students"], students)
    return Components(
        founding=founding,
        chancellors=chancellors,
        glory=glory,
        bust_stack=bust_stack,
        bust_prestige=bust_prestige,
        glory_levels=levels,
        busts_per_player=per_player,
        students=students,
        student_copies=copies,
        professors=professors,
        professor_copies=pcopies,
        types_in_play=in_play,
        one_per_type=one_per_type,
        research=research,
        board=board,
        shelves=shelves,
        reputation=reputation,
        notes=tuple(notes),
        source=str(folder),
    )


def campus_students(
    check: Checker, board_check: Checker, students: tuple[StudentKind, ...], board: Board
) -> None:
    """Setup deals one student kind to each campus stack, column by column, so each price
    column of ``board`` needs exactly ``board.campus_rows`` kinds of ``students``.

    A cross-file check: the message names the file whose count is off (``check``'s
    students file when a kind's column is beyond the board or the columns are uneven,
    ``board_check``'s board file when every column has the same other number of kinds)
    and says which count of the other file it disagrees with.

    >>> c = load_components()
    >>> missing = c.students[1:]  # a kind of price column 1 left out
    >>> campus_students(Checker("students.toml"), Checker("board.toml"), missing, c.board)
    Traceback (most recent call last):
    ...
    gamekit.core.errors.DataError: students.toml: column: price column 1 has 3 student kind(s), ...
    """
    columns = len(board.campus_columns)
    rows = board.campus_rows
    board_file = Path(board_check.file).name
    for s in students:
        if s.column > columns:
            check.fail(
                f"student {s.name!r}",
                "column",
                f"{s.column} is beyond the campus columns ({board_file} lists {columns}, "
                "campus.column)",
            )
    counts = [sum(s.column == col for s in students) for col in range(1, columns + 1)]
    if len(set(counts)) == 1 and counts[0] != rows:
        board_check.fail(
            "campus",
            "rows",
            f"rows x columns = {rows} x {columns} = {rows * columns} campus stacks, but "
            f"{Path(check.file).name} has {len(students)} student kinds, {counts[0]} in each "
            "price column (setup deals one kind to each stack)",
        )
    for col, n in enumerate(counts, start=1):
        if n != rows:
            check.fail(
                None,
                "column",
                f"price column {col} has {n} student kind(s), needs {rows} (one per campus "
                f"row: {board_file} campus.rows)",
            )


def notes_frame(components: Components) -> Any:
    """A tidy table of facts and kit defaults, family by family (for the notebooks).

    >>> notes_frame(load_components()).columns.tolist()
    ['family', 'field', 'status', 'text']
    """
    import pandas as pd

    return pd.DataFrame(
        [{f.name: getattr(n, f.name) for f in fields(Note)} for n in components.notes]
    )
