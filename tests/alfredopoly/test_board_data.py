"""Board and deck files: the built-in data and validation on load (rules file, "Decisions":
boards are data; decks)."""

from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from gamekit.alfredopoly.board import (
    CARD_EFFECTS,
    board_names,
    data_dir,
    load_board,
)
from gamekit.core.errors import DataError

# Independent copy of the classic US numbers (classic_board.csv), price/base rent/house cost.
CLASSIC = {
    1: (60, 2, 50),
    3: (60, 4, 50),
    6: (100, 6, 50),
    8: (100, 6, 50),
    9: (120, 8, 50),
    11: (140, 10, 100),
    13: (140, 10, 100),
    14: (160, 12, 100),
    16: (180, 14, 100),
    18: (180, 14, 100),
    19: (200, 16, 100),
    21: (220, 18, 150),
    23: (220, 18, 150),
    24: (240, 20, 150),
    26: (260, 22, 150),
    27: (260, 22, 150),
    29: (280, 24, 150),
    31: (300, 26, 200),
    32: (300, 26, 200),
    34: (320, 28, 200),
    37: (350, 35, 200),
    39: (400, 50, 200),
}


def test_builtin_names() -> None:
    assert board_names() == ["alfred", "classic"]
    assert load_board() is load_board("alfred")


@pytest.mark.parametrize("name", ["alfred", "classic"])
def test_classic_numbers(name: str) -> None:
    board = load_board(name)
    assert len(board.spaces) == 40
    for i, (price, base, cost) in CLASSIC.items():
        s = board.spaces[i]
        assert (s.kind, s.price, s.rents[0], s.building_cost, s.mortgage) == (
            "street",
            price,
            base,
            cost,
            price // 2,
        )
    assert board.spaces[29].rents == (24, 120, 360, 850, 1025, 1200)  # not the miscopied 22
    assert board.spaces[39].rents == (50, 200, 600, 1400, 1700, 2000)
    for i in (5, 15, 25, 35):
        assert board.spaces[i].rents == (25, 50, 100, 200) and board.spaces[i].price == 200
    for i in (12, 28):
        assert board.spaces[i].rents == (4, 10) and board.spaces[i].mortgage == 75
    assert (board.spaces[4].tax, board.spaces[4].tax_percent) == (200, 10)
    assert (board.spaces[38].tax, board.spaces[38].tax_percent) == (75, 0)
    assert [s.index for s in board.spaces if s.kind == "card" and s.deck == "email"] == [7, 22, 36]
    assert [s.index for s in board.spaces if s.kind == "card" and s.deck == "pcc_mail"] == [
        2,
        17,
        33,
    ]
    assert (board.jail, board.go_to_jail) == (10, 30)
    assert sum(s.kind == "street" for s in board.spaces) == 22


def test_alfred_names() -> None:
    b = load_board("alfred")
    assert b.spaces[0].name == "Academic Alley"
    assert b.spaces[4].name == "Alumni Hall"
    assert b.spaces[10].name == "Academic Probation"
    assert b.spaces[30].name == "Go to Academic Probation"
    assert b.spaces[8].name == "Tefft Hall"
    assert b.spaces[7].name == "E-Mail" and b.spaces[2].name == "PCC Mail"
    assert load_board("classic").spaces[39].name == "Boardwalk"


@pytest.mark.parametrize("name", ["alfred", "classic"])
def test_decks_have_the_classic_effects(name: str) -> None:
    decks = load_board(name).decks
    email = sorted(c.effect for c in decks["email"])
    assert email == sorted(
        ["move_to"] * 5
        + ["move_nearest_railroad"] * 2
        + [
            "move_nearest_utility",
            "collect",
            "get_out_of_jail",
            "move_back",
            "go_to_jail",
            "repairs",
            "pay",
            "pay_each",
            "collect",
        ]
    )
    assert sorted(c.destination for c in decks["email"] if c.effect == "move_to") == [
        0,
        5,
        11,
        24,
        39,
    ]
    pcc = decks["pcc_mail"]
    assert len(pcc) == 16
    assert [c.destination for c in pcc if c.effect == "move_to"] == [0]
    assert sum(c.effect == "go_to_jail" for c in pcc) == 1
    assert sum(c.effect == "get_out_of_jail" for c in pcc) == 1
    # pre-2008 decks, the era of the taxes (Decision: one edition): stock sale $45
    assert sorted(c.amount for c in pcc if c.effect == "collect") == [
        10,
        20,
        25,
        45,
        100,
        100,
        100,
        200,
    ]
    assert sorted(c.amount for c in pcc if c.effect == "pay") == [50, 100, 150]
    assert [(c.per_sculpture, c.per_statue) for c in pcc if c.effect == "repairs"] == [(40, 115)]
    assert [c.amount for c in pcc if c.effect == "collect_from_each"] == [50]
    assert [(c.per_sculpture, c.per_statue) for c in decks["email"] if c.effect == "repairs"] == [
        (25, 100)
    ]
    assert all(c.effect in CARD_EFFECTS for d in decks.values() for c in d)
    assert all("{" not in c.text for d in decks.values() for c in d)


def test_card_text_names_the_board_space() -> None:
    em = {c.id: c for c in load_board("alfred").decks["email"]}
    assert "The Steinheim" in em["EM01"].text
    assert "Boardwalk" in {c.id: c for c in load_board("classic").decks["email"]}["EM01"].text


def test_nearest() -> None:
    b = load_board()
    assert [b.nearest("railroad", i) for i in (7, 22, 36)] == [15, 25, 5]
    assert [b.nearest("utility", i) for i in (7, 22, 36)] == [12, 28, 12]


# ---- bad files -------------------------------------------------------------------------


def _alfred() -> dict[str, Any]:
    return tomllib.loads((data_dir() / "alfred.toml").read_text(encoding="utf-8"))


def _write(tmp_path: Path, data: dict[str, Any], name: str = "board.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _space(data: dict[str, Any], index: int) -> dict[str, Any]:
    return next(s for s in data["spaces"] if s["index"] == index)


def _set(index: int, field: str, value: Any) -> Any:
    def change(d: dict[str, Any]) -> None:
        _space(d, index)[field] = value

    return change


def _drop(index: int, field: str) -> Any:
    def change(d: dict[str, Any]) -> None:
        del _space(d, index)[field]

    return change


def _dup_index(d: dict[str, Any]) -> None:
    _space(d, 5)["index"] = 6


def _remove_space(d: dict[str, Any]) -> None:
    d["spaces"].pop()


def _lonely_group(d: dict[str, Any]) -> None:
    _space(d, 3)["group"] = "mauve"


def _mixed_cost(d: dict[str, Any]) -> None:
    _space(d, 9)["building_cost"] = 60


def _two_jails(d: dict[str, Any]) -> None:
    _space(d, 20)["kind"] = "jail"


def _go_moved(d: dict[str, Any]) -> None:
    _space(d, 0)["kind"] = "free_parking"
    _space(d, 20)["kind"] = "go"


def _unknown_top(d: dict[str, Any]) -> None:
    d["prices"] = 1


def _inline_deck(effect: str, **extra: Any) -> Any:
    def change(d: dict[str, Any]) -> None:
        del d["decks"]
        card = {"id": "X1", "text": "t", "effect": effect} | extra
        d["email"] = [card]
        d["pcc_mail"] = [{"id": "Y1", "text": "t", "effect": "collect", "amount": 5}]

    return change


BAD = [
    # (change, entry, field, words in the problem)
    (_remove_space, None, "spaces", "exactly 40"),
    (_dup_index, "space 6", "index", "two spaces"),
    (_set(7, "index", 40), "space #8 in the list", "index", "<= 39"),
    (_set(12, "kind", "casino"), "space 12", "kind", "must be one of"),
    (_lonely_group, "space 1", "group", "only one street"),
    (_mixed_cost, "space 9", "building_cost", "mixes"),
    (_set(11, "price", -140), "space 11", "price", ">= 0"),
    (_set(4, "tax", -1), "space 4", "tax", ">= 0"),
    (_set(11, "rents", [10, 50, 150, 450, 625]), "space 11", "rents", "6 entries"),
    (_set(11, "rents", [10, 50, -150, 450, 625, 750]), "space 11", "rents[2]", ">= 0"),
    (_set(11, "name", 42), "space 11", "name", "must be text"),
    (_set(11, "name", {"b": "bold"}), "space 11", "name", "must be text"),
    (_set(11, "name", "South\nHall"), "space 11", "name", "plain text"),
    (_drop(24, "price"), "space 24", "price", "missing"),
    (_set(24, "houses", 4), "space 24", "houses", "unknown field"),
    (_set(2, "deck", "chance"), "space 2", "deck", "must be one of"),
    (_set(5, "rents", [25, 50]), "space 5", "rents", "4 railroad spaces need 4 fees"),
    (_set(11, "colour", "pink"), "space 11", "colour", "#rrggbb"),
    (_set(11, "mortgage", 500), "space 11", "mortgage", "must not exceed"),
    (_two_jails, "space 20", "kind", "exactly one 'jail'"),
    (_go_moved, "space 0", "kind", "must be the 'go' space"),
    (_unknown_top, None, "prices", "unknown field"),
    (_inline_deck("teleport"), "email card X1", "effect", "must be one of"),
    (_inline_deck("move_to"), "email card X1", "destination", "missing"),
    (_inline_deck("pay"), "email card X1", "amount", "needs an amount"),
    (_inline_deck("move_to", destination=45), "email card X1", "destination", "<= 39"),
    # issue 26: no number without a ceiling, names shown as written, templates checked
    (_set(11, "price", 10**30), "space 11", "price", "must be <= 1,000,000"),
    (_set(11, "rents", [10, 50, 150, 450, 625, 10**20]), "space 11", "rents[5]", "<= 1,000,000"),
    (_set(4, "tax", 10**7), "space 4", "tax", "<= 1,000,000"),
    (_set(11, "name", "South \u202eHall"), "space 11", "name", "text-direction"),
    (_set(11, "name", "South\u200fHall"), "space 11", "name", "text-direction"),
    (_set(13, "name", "South Hall"), "space 13", "name", "also the name of space 11"),
    (_set(7, "name", "WALF Radio"), "space 7", "name", "also the name of space 5"),
    (
        _inline_deck("move_to", destination=5, text="{destination.__class__} {nope}"),
        "email card X1",
        "text",
        "field {destination.__class__}: only {destination} may be filled in",
    ),
    (_inline_deck("pay", amount=10**30), "email card X1", "amount", "<= 1,000,000"),
    (_inline_deck("move_to", destination=5, text="Go to {0}"), "email card X1", "text", "{0}"),
]


@pytest.mark.parametrize(("change", "entry", "field", "words"), BAD)
def test_bad_board_is_rejected_naming_file_space_field(
    tmp_path: Path, change: Any, entry: str | None, field: str, words: str
) -> None:
    data = copy.deepcopy(_alfred())
    change(data)
    path = _write(tmp_path, data)
    with pytest.raises(DataError) as info:
        load_board(path)
    err = info.value
    assert err.file == str(path)
    assert (err.entry, err.field) == (entry, field), str(err)
    assert words in err.problem, str(err)
    assert str(path) in str(err)


def test_bad_toml_syntax(tmp_path: Path) -> None:
    path = tmp_path / "b.toml"
    path.write_text("name = \n", encoding="utf-8")
    with pytest.raises(DataError, match="not valid TOML"):
        load_board(path)


def test_missing_file_and_unknown_name(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="no such file"):
        load_board(tmp_path / "nope.toml")
    with pytest.raises(DataError, match="unknown board"):
        load_board("monaco")


def test_bad_deck_file_is_named(tmp_path: Path) -> None:
    deck = tomllib.loads((data_dir() / "campus_decks.toml").read_text(encoding="utf-8"))
    deck["pcc_mail"][3]["id"] = "EM01"
    (tmp_path / "decks.json").write_text(json.dumps(deck), encoding="utf-8")
    data = _alfred()
    data["decks"] = "decks.json"
    with pytest.raises(DataError) as info:
        load_board(_write(tmp_path, data))
    assert info.value.file == str(tmp_path / "decks.json")
    assert (info.value.entry, info.value.field) == ("pcc_mail card EM01", "id")


def test_user_board_toml_and_json_default_to_campus_decks(tmp_path: Path) -> None:
    data = _alfred()
    del data["decks"]
    data["name"] = "mine"
    _space(data, 39)["name"] = "<b>Big</b> & Co"
    board = load_board(_write(tmp_path, data))
    assert board.name == "mine" and board.source == str(tmp_path / "board.json")
    # names are data: kept verbatim, never interpreted
    assert board.spaces[39].name == "<b>Big</b> & Co"
    assert "<b>Big</b> & Co" in {c.id: c for c in board.decks["email"]}["EM01"].text
    assert board.decks["pcc_mail"] == load_board("alfred").decks["pcc_mail"]
    toml_path = tmp_path / "copy.toml"
    toml_path.write_text((data_dir() / "classic.toml").read_text(encoding="utf-8"))
    assert load_board(str(toml_path)).spaces == load_board("classic").spaces


def test_user_board_with_inline_decks(tmp_path: Path) -> None:
    data = _alfred()
    del data["decks"]
    decks = tomllib.loads((data_dir() / "classic_decks.toml").read_text(encoding="utf-8"))
    data["email"] = decks["email"]
    data["pcc_mail"] = decks["pcc_mail"][:3]
    board = load_board(_write(tmp_path, data))
    assert len(board.decks["email"]) == 16 and len(board.decks["pcc_mail"]) == 3
    assert board.decks["email"][0].text == "Advance to The Steinheim."
    from gamekit.alfredopoly.rules import AlfredopolySpec, new_game

    assert len(new_game(AlfredopolySpec(board), 2, seed=1).decks[1]) == 3


@pytest.mark.parametrize("content", [None, b"", b" \n"])
def test_a_missing_or_empty_deck_file_names_its_role(tmp_path: Path, content: bytes | None) -> None:
    """The board's deck file is named, and what it is: the deck file the board names."""
    if content is not None:
        (tmp_path / "decks.toml").write_bytes(content)
    data = _alfred()
    data["decks"] = "decks.toml"
    with pytest.raises(DataError) as info:
        load_board(_write(tmp_path, data))
    assert info.value.file == str(tmp_path / "decks.toml")
    assert "the deck file (E-Mail and PCC Mail cards) that board.json names in 'decks'" in str(
        info.value
    )
