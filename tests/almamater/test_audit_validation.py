"""The Alma Mater rules audit, findings 3, 4 and 5 (notes/audit_almamater.md).

3. A saved game is checked like a data file: impossible values (ducats -5, masters 99,
   research 99, round 9, 9 students in a 6-slot row, a negative supply, an unknown
   professor, a storage list of the wrong length) are refused with a ``ValueError`` naming
   the field and the problem, as the Alfredopoly loader does (``state.players[0].cash: -5
   is below zero``); before, they loaded and the game failed later (``KeyError``,
   ``zip() argument 2 is shorter``, ``AssertionError: Red cannot pay -2 ducats``).
4. The campus cross-file check names the file whose count is off and the other file's count;
   before, a deleted ``[[student]]`` was blamed on ``board.toml``.
5. Values that contradict a fact the data files or the rule book state are refused, naming
   file, entry, field and the fact: Copernicus' x2, reputation tables (further along is
   better), Colloquium prices 2-4, Antiquarian prices 3-9, an entry with no effect.

The data copies are built from the kit's folder with one structural edit each, so the tests
hold whatever default values the kit's files carry.
"""

from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

import gamekit
from gamekit.almamater.bots import BOTS
from gamekit.almamater.components import DEFAULT_FOLDER, FAMILIES, load_components
from gamekit.almamater.rules import legal_actions, new_game, step
from gamekit.almamater.spec import make_spec
from gamekit.almamater.state import state_from_struct, state_to_struct
from gamekit.core.errors import DataError
from gamekit.core.rng import make_rng
from widgets.session import Session

RAW = {f: tomllib.loads((DEFAULT_FOLDER / f"{f}.toml").read_text("utf-8")) for f in FAMILIES}


# -- 3. saved games ------------------------------------------------------------------------
def _mid_game() -> tuple[Any, dict[str, Any]]:
    """The audit's position: 3 players, seed 1, 40 moves of the scholar bot, as JSON."""
    spec = make_spec(3)
    rng = make_rng(1)
    s = new_game(spec, seed=1)
    for _ in range(40):
        s = step(spec, s, BOTS["scholar"](spec, s, legal_actions(spec, s), rng)).state
    assert s.phase == "action" and s.round >= 1
    return spec, json.loads(json.dumps(state_to_struct(s)))


SPEC3, MID = _mid_game()


def _player(field: str, value: Any) -> Any:
    return lambda d: d["players"][0].__setitem__(field, value)


def _game(field: str, value: Any) -> Any:
    return lambda d: d.__setitem__(field, value)


# (edit, the whole message): the bounds come from the kit's components (board.toml: 6 rounds,
# masters 4..6, rows of 6 and 5 slots, 7 shelves of 3; the research track 5 x 3 = 15 steps)
TAMPERED = [
    ("ducats -5", _player("ducats", -5), "state.players[0].ducats: -5 is below zero"),
    ("prestige -1", _player("prestige", -1), "state.players[0].prestige: -1 is below zero"),
    ("masters 99", _player("masters", 99),
     "state.players[0].masters: 99 is more than 6 (the most masters a player has: "
     "board.toml masters.max)"),
    ("masters 3", _player("masters", 3),
     "state.players[0].masters: 3 is below 4 (the masters each player starts with: "
     "board.toml masters.start)"),
    ("placed 5 of 4", _player("placed", 5),
     "state.players[0].placed: 5 is more than 4 (the player's masters)"),
    ("research 99", _player("research", 99),
     "state.players[0].research: 99 is more than 15 (the research track has 15 steps: "
     "5 cards of 3)"),
    ("research -1", _player("research", -1), "state.players[0].research: -1 is below zero"),
    ("round 9", _game("round", 9),
     "state.round: 9 is more than 6 (rounds 1 to 6: board.toml rounds.count)"),
    ("round 0 in play", _game("round", 0),
     "state.round: 0 is below 1 (rounds 1 to 6: board.toml rounds.count)"),
    ("rounds 9", _game("rounds", 9), "state.rounds: 9, but board.toml rounds.count is 6"),
    ("9 students in row A", _player("row_a", ["Arts freshman"] * 9),
     "state.players[0].row_a (students): 9 is more than 6 (slots in that row: "
     "board.toml lecture_halls.row_a)"),
    ("6 students in row B", _player("row_b", ["Arts freshman"] * 6),
     "state.players[0].row_b (students): 6 is more than 5 (slots in that row: "
     "board.toml lecture_halls.row_b)"),
    ("unknown student", _player("row_b", ["Nobody"]),
     "state.players[0].row_b: 'Nobody' is not a student kind of students.toml"),
    ("supply -3", _game("dictionaries", -3), "state.dictionaries: -3 is below zero"),
    ("unknown professor", _player("professors", ["Nobody"]),
     "state.players[0].professors: 'Nobody' is not a professor type in play (state.academy)"),
    ("storage of 1 colour", _player("storage", [1]),
     "state.players[0].storage: must hold 3 entries (books by colour, one per player), got 1"),
    ("negative storage", _player("storage", [0, -2, 0]),
     "state.players[0].storage[1]: -2 is below zero"),
    ("6 shelves", _player("shelves", [[False] * 3] * 6),
     "state.players[0].shelves: must hold 7 entries (shelves.toml shelves.count), got 6"),
    ("a shelf of 4", _player("shelves", [[False] * 3] * 6 + [[False] * 4]),
     "state.players[0].shelves[6]: must hold 3 entries (compartments per shelf: "
     "shelves.toml compartment), got 4"),
    ("unknown chancellor", _player("chancellor", "Newton"),
     "state.players[0].chancellor: 'Newton' is not a chancellor of chancellors.toml"),
    ("unknown founding card", _player("kept", ["F99"]),
     "state.players[0].kept: 'F99' is not a founding card of founding.toml"),
    ("unknown trigger", _player("extra", ["luck"]),
     "state.players[0].extra: 'luck' is not an extra-master trigger (glory, prestige, slot)"),
    ("wrong colour", _player("colour", "blue"),
     "state.players[0].colour: 'blue', but seat 0 plays 'red'"),
    ("reputation twice", _game("reputation", [0, 0, 1]),
     "state.reputation: must hold each seat 0..2 once, got (0, 0, 1)"),
    ("busts left 5", _game("busts_left", [5, 4, 4]),
     "state.busts_left[0]: 5 is more than 4 (busts per stack: glory.toml busts.per_stack)"),
    ("unknown glory tile", _game("glory", ["z9", "b1", "c1"]),
     "state.glory: 'z9' is not a glory tile of glory.toml"),
    ("pending kind", _game("pending", [["nap", 0, 1]]),
     "state.pending[0] (kind): 'nap' is not allowed (expected return, shelve)"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("edit", "message"), [(e, m) for _, e, m in TAMPERED], ids=[t[0] for t in TAMPERED]
)
def test_a_saved_game_with_an_impossible_value_is_refused_naming_field_and_problem(
    edit: Any, message: str
) -> None:
    data = copy.deepcopy(MID)
    edit(data)
    with pytest.raises(ValueError) as info:
        state_from_struct(data, SPEC3)
    assert str(info.value) == message


def test_the_dictionaries_are_counted_against_the_supply() -> None:
    """Supply and hands together never hold more than board.toml's 20 dictionaries."""
    data = copy.deepcopy(MID)
    held = sum(p["dictionaries"] for p in data["players"])
    data["dictionaries"] = 21 - held
    with pytest.raises(ValueError) as info:
        state_from_struct(data, SPEC3)
    assert str(info.value) == (
        f"state.dictionaries: {21 - held} in the supply and {held} held by the players make 21, "
        "more than the game's 20 (board.toml supply.dictionaries)"
    )
    data["dictionaries"] = 20 - held  # the game's own count loads
    assert state_from_struct(data, SPEC3).dictionaries == 20 - held


def test_the_round_before_play_is_0() -> None:
    spec = make_spec(2)
    data = json.loads(json.dumps(state_to_struct(new_game(spec, seed=3))))
    assert data["phase"] == "draft" and data["round"] == 0
    data["round"] = 2
    with pytest.raises(ValueError, match=r"^state.round: 2 in the draft phase, before round 1$"):
        state_from_struct(data, spec)


def test_the_game_protocol_refuses_it_too() -> None:
    game = gamekit.games()["almamater"]
    data = json.loads(json.dumps(game.state_to_struct(game.new_game(players=3, seed=1))))
    data["state"]["players"][2]["ducats"] = -1
    with pytest.raises(ValueError, match=r"^state.players\[2\].ducats: -1 is below zero$"):
        game.state_from_struct(data)


@pytest.mark.parametrize("bot", ["scholar", "greedy"])
def test_every_state_of_a_played_game_still_loads(bot: str) -> None:
    """The checks refuse nothing the engine produces (every state of two whole games)."""
    for players, seed in ((2, 5), (4, 6)):
        spec = make_spec(players)
        rng = make_rng(seed)
        s = new_game(spec, seed=seed)
        while True:
            assert state_from_struct(json.loads(json.dumps(state_to_struct(s))), spec) == s
            if s.phase == "over":
                break
            s = step(spec, s, BOTS[bot](spec, s, legal_actions(spec, s), rng)).state


def test_the_dashboard_restore_refuses_an_edited_save_and_keeps_its_game() -> None:
    """The audit's sess.py: ducats -50, masters 99 and professor 'Nobody' in start and final;
    restore accepted it and a few moves later failed with ``AssertionError``."""
    game = gamekit.games()["almamater"]
    saved = Session(game, ["Ann", "Bo"], seed=1).save()
    edited = copy.deepcopy(saved)
    for key in ("start", "final"):
        players = edited[key]["state"]["players"]
        players[0]["ducats"] = -50
        players[1]["professors"] = ["Nobody"]
        players[1]["masters"] = 99
    table = Session(game, ["Ann", "Bo"], seed=1)
    before = (list(table.history), table.position)
    with pytest.raises(ValueError) as info:
        table.restore(edited)
    assert str(info.value) == "start position: state.players[0].ducats: -50 is below zero"
    assert (table.history, table.position) == before
    table.restore(saved)  # the unedited save still loads
    assert table.history[-1].state == game.state_from_struct(saved["final"])


# -- data copies for 4 and 5 ---------------------------------------------------------------
def _folder(tmp_path: Path, family: str, edit: Any) -> Path:
    """The kit's data written as JSON (the loader reads family.json too), ``edit`` applied
    to ``family``'s table."""
    folder = tmp_path / "data"
    folder.mkdir()
    for f, data in RAW.items():
        data = copy.deepcopy(data)
        if f == family:
            edit(data)
        (folder / f"{f}.json").write_text(json.dumps(data), "utf-8")
    return folder


def _refused(tmp_path: Path, family: str, edit: Any) -> DataError:
    folder = _folder(tmp_path, family, edit)
    with pytest.raises(DataError) as info:
        load_components(folder)
    return info.value


# -- 4. the campus cross-file check --------------------------------------------------------
@pytest.mark.parametrize("index", range(len(RAW["students"]["student"])))
def test_a_deleted_student_kind_is_blamed_on_students_not_board(tmp_path: Path, index: int) -> None:
    entry = RAW["students"]["student"][index]
    column = entry["column"]
    rows = RAW["board"]["campus"]["rows"]
    have = sum(s["column"] == column for s in RAW["students"]["student"]) - 1
    err = _refused(tmp_path, "students", lambda d: d["student"].pop(index))
    assert err.file == str(tmp_path / "data" / "students.json")
    assert (err.entry, err.field) == (None, "column")
    assert err.problem == (
        f"price column {column} has {have} student kind(s), needs {rows} (one per campus row: "
        "board.json campus.rows)"
    )


def test_more_campus_rows_are_blamed_on_board_naming_the_students_count(tmp_path: Path) -> None:
    rows = RAW["board"]["campus"]["rows"]
    columns = len(RAW["board"]["campus"]["column"])
    kinds = len(RAW["students"]["student"])
    err = _refused(tmp_path, "board", lambda d: d["campus"].__setitem__("rows", rows + 1))
    assert err.file == str(tmp_path / "data" / "board.json")
    assert (err.entry, err.field) == ("campus", "rows")
    assert err.problem == (
        f"rows x columns = {rows + 1} x {columns} = {(rows + 1) * columns} campus stacks, but "
        f"students.json has {kinds} student kinds, {kinds // columns} in each price column "
        "(setup deals one kind to each stack)"
    )


def test_a_deleted_campus_column_names_the_board_count(tmp_path: Path) -> None:
    columns = len(RAW["board"]["campus"]["column"])
    first = next(s["name"] for s in RAW["students"]["student"] if s["column"] == columns)
    err = _refused(tmp_path, "board", lambda d: d["campus"]["column"].pop())
    assert str(err) == (
        f"{tmp_path / 'data' / 'students.json'}: student {first!r}: column: {columns} is beyond "
        f"the campus columns (board.json lists {columns - 1}, campus.column)"
    )


# -- 5. values against the facts -----------------------------------------------------------
def _entry(data: dict[str, Any], table: str, key: str, value: str) -> dict[str, Any]:
    return next(e for e in data[table] if e[key] == value)


def _copernicus(amount: int) -> Any:
    return lambda d: _entry(d, "chancellor", "name", "Copernicus").__setitem__("amount", amount)


@pytest.mark.parametrize("amount", [0, 1, 3])
def test_copernicus_is_library_income_x2(tmp_path: Path, amount: int) -> None:
    err = _refused(tmp_path, "chancellors", _copernicus(amount))
    assert (err.entry, err.field) == ("chancellor 'Copernicus'", "amount")
    assert err.problem == (
        f"must be 2, got {amount} (the factor on library income: the gist, a fact, is "
        "'library income x2')"
    )


def test_copernicus_2_loads(tmp_path: Path) -> None:
    c = load_components(_folder(tmp_path, "chancellors", _copernicus(2)))
    assert c.chancellor("Copernicus").amount == 2


@pytest.mark.parametrize(
    ("table", "field", "values", "problem"),
    [
        ("final", "players_2", [7, 12], "rank 2 gets 12, more than rank 1 (7)"),
        ("final", "players_3", [12, 3, 7], "rank 3 gets 7, more than rank 2 (3)"),
        ("final", "players_4", [12, 7, 3, 4], "rank 4 gets 4, more than rank 3 (3)"),
        ("income", "by_rank", [1, 2, 3, 4], "rank 2 gets 2, more than rank 1 (1)"),
    ],
)
def test_a_worse_reputation_rank_never_gets_more(
    tmp_path: Path, table: str, field: str, values: list[int], problem: str
) -> None:
    err = _refused(tmp_path, "reputation", lambda d: d[table].__setitem__(field, values))
    assert (err.entry, err.field) == (table, field)
    assert err.problem == (
        f"{problem} (fact: the rank is read from the research track, further along is better)"
    )


def test_equal_reputation_ranks_load(tmp_path: Path) -> None:
    """Not better, not worse: equal values break no fact."""
    folder = _folder(tmp_path, "reputation", lambda d: d["income"].__setitem__("by_rank", [2] * 4))
    assert load_components(folder).reputation.income == (2, 2, 2, 2)


def _price(i: int, value: int) -> Any:
    return lambda d: d["compartment"][i].__setitem__("price", value)


@pytest.mark.parametrize("price", [40, 5, 1, 0])
def test_a_colloquium_price_is_2_to_4_ducats(tmp_path: Path, price: int) -> None:
    err = _refused(tmp_path, "shelves", _price(0, price))
    assert str(err) == (
        f"{tmp_path / 'data' / 'shelves.json'}: compartment 1: price: must be 2 to 4, got "
        f"{price} (fact: a Colloquium book costs 2 to 4 ducats)"
    )


@pytest.mark.parametrize("price", [2, 4])
def test_colloquium_prices_at_the_ends_of_the_range_load(tmp_path: Path, price: int) -> None:
    assert load_components(_folder(tmp_path, "shelves", _price(0, price))).shelves.prices[0] == (
        price
    )


def _offer(i: int, ducats: int) -> Any:
    return lambda d: d["antiquarian"]["offers"][i].__setitem__("ducats", ducats)


@pytest.mark.parametrize("ducats", [2, 10, 0])
def test_an_antiquarian_price_is_3_to_9_ducats(tmp_path: Path, ducats: int) -> None:
    last = len(RAW["board"]["antiquarian"]["offers"])
    err = _refused(tmp_path, "board", _offer(last - 1, ducats))
    assert (err.entry, err.field) == (f"antiquarian offer {last}", "ducats")
    assert err.problem == (
        f"must be 3 to 9, got {ducats} (fact: Antiquarian prices run from 3 to 9 ducats)"
    )


@pytest.mark.parametrize("ducats", [3, 9])
def test_antiquarian_prices_at_the_ends_of_the_range_load(tmp_path: Path, ducats: int) -> None:
    board = load_components(_folder(tmp_path, "board", _offer(0, ducats))).board
    assert board.antiquarian[0].ducats == ducats


def _first_student(timing: str) -> dict[str, Any]:
    return next(s for s in RAW["students"]["student"] if s["effect"]["timing"] == timing)


@pytest.mark.parametrize("timing", ["immediate", "income", "end"])
def test_a_student_effect_that_gives_nothing_is_refused(tmp_path: Path, timing: str) -> None:
    name = _first_student(timing)["name"]

    def edit(d: dict[str, Any]) -> None:
        _entry(d, "student", "name", name)["effect"] = {"timing": timing}

    err = _refused(tmp_path, "students", edit)
    assert (err.entry, err.field) == (f"student {name!r} effect", None)
    end = "; Mathematics students score prestige at the end)" if timing == "end" else ")"
    assert err.problem == (
        f"the {timing} effect gives nothing (fact: a student's effect is an immediate bonus, "
        f"income, an end-game bonus or an action upgrade{end}"
    )


def test_a_lecture_that_gives_nothing_is_refused(tmp_path: Path) -> None:
    name = RAW["professors"]["professor"][0]["name"]
    err = _refused(tmp_path, "professors", lambda d: d["professor"][0].__setitem__("lecture", {}))
    assert str(err) == (
        f"{tmp_path / 'data' / 'professors.json'}: professor {name!r}: lecture: gives nothing "
        "(fact: a professor gives a lecture effect during the game)"
    )


def test_a_founding_card_that_gives_nothing_is_refused(tmp_path: Path) -> None:
    card = RAW["founding"]["card"][0]

    def edit(d: dict[str, Any]) -> None:
        d["card"][0] = {"id": card["id"], "white": card["white"]}

    err = _refused(tmp_path, "founding", edit)
    assert (err.entry, err.field) == (f"card {card['id']!r}", None)
    assert err.problem == "gives nothing (fact: the kept founding cards give starting resources)"


def test_the_kit_data_keeps_every_fact_checked_here() -> None:
    """The defaults (which another hand may tune) stay inside the ranges enforced above."""
    c = load_components()
    assert c.chancellor("Copernicus").amount == 2
    assert all(2 <= p <= 4 for p in c.shelves.prices)
    assert all(3 <= o.ducats <= 9 for o in c.board.antiquarian)
    for table in (c.reputation.income, *c.reputation.final):
        assert list(table) == sorted(table, reverse=True)


# -- issue 26: numbers with a ceiling, names shown as written, templates checked ----------
def _set_in(path: tuple[Any, ...], value: Any) -> Any:
    def edit(data: dict[str, Any]) -> None:
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return edit


@pytest.mark.parametrize(
    ("family", "path", "value", "message"),
    [
        ("board", ("park", "price"), 10**20, "park: price: must be <= 1,000,000, got a number"),
        ("founding", ("card", 0, "white"), 99, "white: must be 1 to 12, got 99 (fact: white"),
        ("chancellors", ("chancellor", 0, "name"), "Co\u202epernicus", "text-direction"),
        ("professors", ("professor", 0, "name"), "Eu\u2066ler", "text-direction"),
        (
            "chancellors",
            ("chancellor", 0, "gist"),
            "{destination.__class__} {nope}",
            "gist: field {destination.__class__}: this text takes no fields",
        ),
        (
            "chancellors",
            ("chancellor", 0, "text"),
            "gain {amount.__class__} ducats",
            "unknown placeholder {amount.__class__}",
        ),
        ("chancellors", ("chancellor", 0, "text"), "gain {amount} ducats {", "not a valid"),
    ],
)
def test_an_impossible_data_value_is_refused_naming_file_entry_field(
    tmp_path: Path, family: str, path: tuple[Any, ...], value: Any, message: str
) -> None:
    err = _refused(tmp_path, family, _set_in(path, value))
    assert err.file == str(tmp_path / "data" / f"{family}.json")
    assert err.field is not None and err.field in str(err)
    assert message in str(err), str(err)
