"""Every file the kit reads fails cleanly: a typed ``DataError`` naming the file and the
problem (never a ``RecursionError`` or ``UnicodeDecodeError`` traceback), and exit 2 from
the ``gamekit`` command with the file named on stderr.

The readers: the shared ``load_data_file``/``read_json``/``read_toml``, an Alma Mater score
sheet, an Alfredopoly board file and the deck file it names, an Alma Mater data folder, a
saved game loaded into a play table, and a dict key inside a saved struct.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from gamekit.alfredopoly.board import data_dir, load_board
from gamekit.almamater.components import DEFAULT_FOLDER, load_components
from gamekit.almamater.sheet import load_sheet
from gamekit.cli import main
from gamekit.core.data import MAX_BYTES, MAX_DEPTH, load_data_file, parse_json, read_json, read_toml
from gamekit.core.errors import DataError
from gamekit.core.structs import from_struct

DEEP = 100_000

# name -> (JSON bytes, TOML bytes, what the message must say); None = "make a folder".
BAD: dict[str, tuple[bytes | None, bytes | None, str]] = {
    "deep list": (b"[" * DEEP, b"a = " + b"[" * DEEP, "nested more than 64 levels deep"),
    "deep object": (
        b'{"a": ' * DEEP,
        b"a = " + b"{b = " * DEEP,
        "nested more than 64 levels deep",
    ),
    "deep but closed": (
        b"[" * 500 + b"]" * 500,
        b"a = " + b"[" * 500 + b"]" * 500,
        "nested more than 64 levels deep",
    ),
    "deep dotted key": (
        b'{"a": ' * DEEP,
        b"[" + b"a." * DEEP + b"b]",  # tomllib alone takes half a minute over this
        "nested more than 64 levels deep",
    ),
    "too large": (b" " * (MAX_BYTES + 1), b" " * (MAX_BYTES + 1), "too large"),
    "binary garbage": (
        bytes(range(128)) * 4,  # ASCII control bytes, NUL first: UTF-8, but not text
        bytes(range(128)) * 4,
        "binary data, not text (a NUL byte at position 0)",
    ),
    "not UTF-8": (
        bytes(range(128, 256)) * 4,
        bytes(range(128, 256)) * 4,
        "not UTF-8 text (byte 0x80 at position 0)",
    ),
    "latin-1": (
        '{"name": "Müller"}'.encode("latin-1"),
        'name = "Müller"'.encode("latin-1"),
        "not UTF-8 text (byte 0xfc at position",
    ),
    "UTF-16": (
        '{"name": "x"}'.encode("utf-16"),
        'name = "x"'.encode("utf-16"),
        "not UTF-8 text (byte 0xff at position 0)",
    ),
    "empty": (b"", b"", "empty file"),
    "blank": (b" \n\t\n", b" \n\n", "empty file"),
    "huge number": (
        b'{"players": ' + b"9" * 5000 + b"}",
        b"players = " + b"9" * 5000,
        "Exceeds the limit",
    ),
    "folder": (None, None, "is a folder, not a file"),
}


def write_bad(path: Path, kind: str) -> Path:
    json_bytes, toml_bytes, _ = BAD[kind]
    content = toml_bytes if path.suffix == ".toml" else json_bytes
    if content is None:
        path.mkdir()
    else:
        path.write_bytes(content)
    return path


def _sheet(path: Path) -> Any:
    return load_sheet(path)


def _board(path: Path) -> Any:
    return load_board(path)


def _board_decks(path: Path) -> Any:
    """A good board file that names the bad file as its deck file."""
    from gamekit.core.data import read_toml as kit_toml

    board = kit_toml(data_dir() / "alfred.toml")
    board["decks"] = path.name
    good = path.parent / "board.json"
    good.write_text(json.dumps(board), encoding="utf-8")
    return load_board(good)


def _almamater_folder(path: Path) -> Any:
    """A copy of the kit's Alma Mater data folder whose board file is the bad file."""
    folder = path.parent / "kit"
    shutil.copytree(DEFAULT_FOLDER, folder)
    (folder / "board.toml").unlink()
    target = folder / f"board{path.suffix}"
    if path.is_dir():
        target.mkdir()
    else:
        shutil.copyfile(path, target)
    try:
        return load_components(folder)
    except DataError as exc:  # the message names the family file inside the folder
        assert exc.file == str(target)
        raise DataError(path, exc.entry, exc.field, exc.problem) from None


READERS: dict[str, tuple[str, Callable[[Path], Any]]] = {
    "load_data_file json": (".json", load_data_file),
    "load_data_file toml": (".toml", load_data_file),
    "read_json": (".json", read_json),
    "read_toml": (".toml", read_toml),
    "score sheet": (".json", _sheet),
    "board json": (".json", _board),
    "board toml": (".toml", _board),
    "deck file": (".toml", _board_decks),
    "almamater data folder": (".toml", _almamater_folder),
}


# Files the readers must refuse before a parser sees them: a file over the size limit,
# and deeply dotted TOML keys (tomllib alone takes half a minute over those; Python's JSON
# parser stops at its recursion limit at once).
REFUSED_BEFORE_PARSING = {".json": {"too large"}, ".toml": {"too large", "deep dotted key"}}


def never_parse_large_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the JSON and TOML parsers fail the test if a bad file's text (the only text
    over 100,000 characters here; the good board files are small) reaches them."""
    for parser in (json, tomllib):  # the modules gamekit.core.data calls
        real = parser.loads

        def guarded(text: Any, *args: Any, _real: Any = real, **kwargs: Any) -> Any:
            if len(text) > 100_000:
                raise AssertionError("a parser was given the bad file's text")
            return _real(text, *args, **kwargs)

        monkeypatch.setattr(parser, "loads", guarded)


@pytest.mark.parametrize("kind", BAD)
@pytest.mark.parametrize("reader", READERS)
def test_every_reader_names_the_file_and_the_problem(tmp_path, reader, kind, monkeypatch):
    suffix, read = READERS[reader]
    path = write_bad(tmp_path / f"bad{suffix}", kind)
    if kind in REFUSED_BEFORE_PARSING[suffix]:
        never_parse_large_text(monkeypatch)
    with pytest.raises(DataError) as err:
        read(path)
    assert err.value.file == str(path)
    assert str(err.value).startswith(f"{path}: ")
    assert BAD[kind][2] in str(err.value)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("depth", [MAX_DEPTH, MAX_DEPTH + 1])
def test_the_depth_limit_is_exact(depth):
    text = "[" * depth + "]" * depth  # depth lists, one inside the other
    if depth <= MAX_DEPTH:
        assert parse_json(text, "x.json") is not None
    else:
        with pytest.raises(DataError, match="x.json: lists/tables nested more than 64"):
            parse_json(text, "x.json")


def test_a_byte_order_mark_and_the_kit_s_own_files_are_fine(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b'\xef\xbb\xbf{"players": 2}')
    assert read_json(path) == {"players": 2}
    for file in [*data_dir().glob("*.toml"), *DEFAULT_FOLDER.glob("*.toml")]:
        assert isinstance(read_toml(file), dict)


def test_nan_is_not_json(tmp_path):
    with pytest.raises(DataError, match="x.json: not valid JSON: NaN is not a number"):
        parse_json('{"ducats": NaN}', "x.json")


@pytest.mark.parametrize("reader", [r for r in READERS if READERS[r][0] == ".json"])
def test_a_json_key_given_twice_is_refused_as_toml_refuses_it(tmp_path, reader):
    """JSON keeps the last of two equal keys; the kit refuses the file instead."""
    path = tmp_path / "bad.json"
    path.write_text('{"name": "Ann", "spaces": [], "name": "Bo"}', encoding="utf-8")
    with pytest.raises(DataError) as err:
        READERS[reader][1](path)
    assert str(err.value) == f"{path}: not valid JSON: key 'name' given twice in one object"


def test_a_chancellor_named_twice_in_a_json_data_folder(tmp_path):
    """A JSON copy of chancellors.toml with two names in one entry: the file is refused
    (before, the second name silently won and the first was lost)."""
    folder = tmp_path / "kit"
    shutil.copytree(DEFAULT_FOLDER, folder)
    data = tomllib.loads((folder / "chancellors.toml").read_text(encoding="utf-8"))
    (folder / "chancellors.toml").unlink()
    text = json.dumps(data).replace('"name": "Biringuccio"', '"name": "Copernicus", "name": "B"')
    assert '"name": "B"' in text
    (folder / "chancellors.json").write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_components(folder)
    file = folder / "chancellors.json"
    assert str(err.value) == f"{file}: not valid JSON: key 'name' given twice in one object"


def test_a_deep_dict_key_in_a_saved_struct_is_a_value_error():
    with pytest.raises(ValueError, match="nested more than 64 levels deep"):
        from_struct(dict[int, int], {"[" * DEEP: 1})


# --- the gamekit command: exit 2, the file named, no traceback --------------------------


@pytest.mark.parametrize("kind", BAD)
def test_score_command_exits_2_naming_the_sheet(tmp_path, capsys, kind):
    path = write_bad(tmp_path / "sheet.json", kind)
    assert main(["almamater", "score", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"gamekit: error: {path}: ")
    assert BAD[kind][2] in err


BOARD_COMMANDS = [
    ["alfredopoly", "simulate", "--games", "1", "--board"],
    ["alfredopoly", "landing", "--board"],
    ["alfredopoly", "economics", "--board"],
    ["alfredopoly", "sweep", "--games", "1", "--grid"],  # board=FILE
]
FOLDER_COMMANDS = [
    ["almamater", "score", "SHEET", "--data"],
    ["almamater", "simulate", "--games", "1", "--data"],
    ["almamater", "balance", "--games", "1", "--data"],
    ["almamater", "sweep", "--games", "1", "--grid"],  # data=FOLDER
]


@pytest.mark.parametrize("kind", ["deep list", "deep dotted key", "binary garbage", "folder"])
def test_every_command_that_reads_a_board_or_data_folder_exits_2_naming_the_file(
    tmp_path, capsys, kind
):
    board = write_bad(tmp_path / "board.toml", kind)
    for command in BOARD_COMMANDS:
        arg = f"board={board}" if command[-1] == "--grid" else str(board)
        assert main([*command, arg]) == 2, command
        assert capsys.readouterr().err.startswith(f"gamekit: error: {board}: "), command
    folder = tmp_path / "kit"
    shutil.copytree(DEFAULT_FOLDER, folder)
    (folder / "glory.toml").unlink()
    glory = write_bad(folder / "glory.toml", kind)
    sheet = tmp_path / "sheet.json"
    sheet.write_text("{}", encoding="utf-8")
    for command in FOLDER_COMMANDS:
        arg = f"data={folder}" if command[-1] == "--grid" else str(folder)
        argv = [str(sheet) if a == "SHEET" else a for a in command]
        assert main([*argv, arg]) == 2, command
        assert capsys.readouterr().err.startswith(f"gamekit: error: {glory}: "), command


def test_the_100000_bracket_sheet_in_a_real_process(tmp_path):
    """The issue's case, end to end: exit 2, one line naming the file, no traceback."""
    path = write_bad(tmp_path / "deep.json", "deep list")
    run = subprocess.run(
        [sys.executable, "-m", "gamekit", "almamater", "score", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2
    assert run.stderr == f"gamekit: error: {path}: lists/tables nested more than 64 levels deep\n"
    assert "Traceback" not in run.stderr and run.stdout == ""


@pytest.mark.parametrize(
    ("family", "old", "new", "message"),
    [  # a raw TypeError while loading (1, 3), an IndexError in new_game (2), before
        (
            "glory",
            'in_play = ["a", "b", "c"]',
            'in_play = [1, "b", "c"]',
            "busts: in_play: must list 3 tile levels from a, b, c; got [1, 'b', 'c']",
        ),
        (
            "glory",
            'in_play = ["a", "b", "c"]',
            'in_play = ["ab", "b", "c"]',
            "busts: in_play: must list 3 tile levels from a, b, c; got ['ab', 'b', 'c']",
        ),
        (
            "board",
            'marked = ["A4", "B4"]',
            "marked = 4",
            "lecture_halls: marked: must be a list of slots like 'A4', got 4",
        ),
    ],
)
def test_a_malformed_almamater_field_in_a_real_process(tmp_path, family, old, new, message):
    """Audit finding 3's traceback cases, end to end: exit 2, one line naming the file,
    the entry, the field and the problem."""
    folder = tmp_path / "kit"
    shutil.copytree(DEFAULT_FOLDER, folder)
    file = folder / f"{family}.toml"
    text = file.read_text(encoding="utf-8")
    assert old in text
    file.write_text(text.replace(old, new, 1), encoding="utf-8")
    command = ["almamater", "simulate", "--games", "1", "--data", str(folder)]
    run = subprocess.run(
        [sys.executable, "-m", "gamekit", *command],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 2
    assert run.stderr == f"gamekit: error: {file}: {message}\n"
    assert run.stdout == ""


# --- a saved game loaded into a play table ----------------------------------------------


@pytest.mark.parametrize("kind", [k for k in BAD if k not in ("folder", "too large")])
def test_a_bad_saved_game_is_refused_naming_it(kind):
    from widgets.play_alfredopoly import AlfredopolyTable

    table = AlfredopolyTable(["Ann", "Bo"], seed=2)
    before = (table.state, len(table.session.history))
    content = BAD[kind][0]
    assert content is not None
    with pytest.raises(ValueError, match="^game.json: not JSON text") as err:
        table.load_json(content, name="game.json")
    assert BAD[kind][2] in str(err.value)
    assert (table.state, len(table.session.history)) == before


def _saved_game(game: str) -> tuple[Callable[[], Any], dict[str, Any]]:
    """A fresh-table factory and the JSON data of a short saved game (25 clicks)."""
    from widgets.play_alfredopoly import AlfredopolyTable
    from widgets.play_almamater import AlmaMaterTable

    cls = AlfredopolyTable if game == "alfredopoly" else AlmaMaterTable

    def make() -> Any:
        return cls(["Ann", "Bo"], seed=11)

    table = make()
    for _ in range(25):
        if not table.panel.actions:
            break
        table.act(table.panel.actions[0]["action"])
    return make, json.loads(table.save_json())


def _edit(data: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    edited = json.loads(json.dumps(data))
    target = edited
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return edited


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, (*path, i))
    if path:
        yield path


EDITS = {  # edits that once escaped as IndexError / OverflowError tracebacks
    "alfredopoly": [
        (("history", "start", "state", "actor"), 10**30),
        (("history", "start", "state", "owner", 15), 10**30),
        (("history", "rng", "state", "inc"), -1),
    ],
    "almamater": [(("history", "start", "state", "campus_left", 3), [])],
}


@pytest.mark.parametrize("game", ["alfredopoly", "almamater"])
def test_an_edited_saved_game_is_a_value_error_and_the_game_is_kept(game):
    """Known bad edits, then 40 seeded random edits (a leaf set to junk): each loads or
    is refused with a ValueError naming the file; a refused file leaves the game as it was."""
    import random

    make, data = _saved_game(game)
    rnd = random.Random(game)
    junk = [None, -1, 10**30, -(10**30), 1.5, "x", "", [], {}, [1, 2], {"a": 1}, True, "[[["]
    paths = list(_leaves(data))
    edits = EDITS[game] + [(rnd.choice(paths), rnd.choice(junk)) for _ in range(40)]
    table = make()
    before = (table.state, len(table.session.history))
    for path, value in edits:
        try:
            table.load_json(json.dumps(_edit(data, path, value)), name="game.json")
        except ValueError as exc:
            assert str(exc).startswith("game.json: "), (path, value, exc)
            assert (table.state, len(table.session.history)) == before, (path, value)
        else:
            table = make()  # the edit was harmless (a log line, a name): start afresh


@pytest.mark.parametrize("game", ["alfredopoly", "almamater"])
def test_session_restore_of_an_edited_history_raises_only_value_error(game):
    """The session's own restore (not only the table's loader) says ValueError."""
    make, data = _saved_game(game)
    for path, value in EDITS[game]:
        session = make().session
        before = (session.history, session.position)
        try:
            session.restore(_edit(data, path, value)["history"])
        except ValueError:
            assert (session.history, session.position) == before
