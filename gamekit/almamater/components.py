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
    Components,
    Note,
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
    for col in range(1, len(board.campus_columns) + 1):  # setup deals one kind per row
        kinds = [s.name for s in students if s.column == col]
        if len(kinds) != board.campus_rows:
            raw["students"][0].fail(
                None,
                "column",
                f"price column {col} has {len(kinds)} student kind(s), needs "
                f"{board.campus_rows} (one per campus row in board.toml)",
            )
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


def notes_frame(components: Components) -> Any:
    """A tidy table of facts and kit defaults, family by family (for the notebooks).

    >>> notes_frame(load_components()).columns.tolist()
    ['family', 'field', 'status', 'text']
    """
    import pandas as pd

    return pd.DataFrame(
        [{f.name: getattr(n, f.name) for f in fields(Note)} for n in components.notes]
    )
