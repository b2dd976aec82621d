"""AlfredopolyBoard at the trait level: what the front end sets, what Python answers."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pandas as pd
import pytest
import traitlets

from gamekit.alfredopoly.board import load_board
from widgets.alfredopoly_board import AlfredopolyBoard, heat_list

EVIL = '<img src=x onerror="window.__gk_pwned=1">'


def evil_board(tmp_path: Path) -> Path:
    text = (resources.files("gamekit") / "data" / "alfredopoly" / "alfred.toml").read_text("utf-8")
    text = text.replace('name = "Fasano House"', f"name = '{EVIL}'")
    text = text.replace('title = "Alfredopoly (Alfred University)"', f"title = '<b>{EVIL}</b>'")
    path = tmp_path / "evil.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_board_syncs_the_forty_spaces_as_structs() -> None:
    board = AlfredopolyBoard("classic")
    assert len(board.spaces) == 40
    assert board.spaces[39]["name"] == load_board("classic").spaces[39].name
    assert board.spaces[1]["colour"].startswith("#")
    assert board.title == load_board("classic").title


def test_a_click_selects_a_space_and_python_sees_it() -> None:
    board = AlfredopolyBoard()
    board.set_state({"selected": 24})
    assert board.selected == 24 and board.space.name == "Powell Campus Center"


def test_select_intent_is_validated() -> None:
    board = AlfredopolyBoard()
    board.set_state({"intent": {"kind": "select", "index": 99, "seq": 1}})
    assert board.error and "99" in board.message and board.selected is None
    board.set_state({"intent": {"kind": "select", "index": 5, "seq": 2}})
    assert not board.error and board.selected == 5


def test_out_of_range_selection_is_refused() -> None:
    board = AlfredopolyBoard()
    with pytest.raises(traitlets.TraitError):
        board.selected = 40


def test_heat_from_a_landing_frame_with_jail_state() -> None:
    frame = pd.DataFrame({"index": range(41), "space": ["s"] * 41, "probability": [1 / 41] * 41})
    board = AlfredopolyBoard(heat=frame, heat_label="landing probability")
    assert len(board.heat) == 41 and board.heat[40] == pytest.approx(1 / 41)
    assert board.heat_label == "landing probability"
    board.clear_heat()
    assert board.heat == []


def test_heat_of_wrong_length_names_the_problem() -> None:
    with pytest.raises(ValueError, match="40 values"):
        heat_list([0.1] * 7)
    with pytest.raises(ValueError, match="space 99"):
        heat_list({99: 1.0})


def test_show_game_draws_owners_sculptures_and_tokens() -> None:
    board = AlfredopolyBoard()
    states = [None] * 40
    states[1] = {"owner": 0, "sculptures": 5}
    states[5] = {"owner": 1, "mortgaged": True}
    board.show_game(
        [{"name": "Ann", "position": 24}, {"name": "Bo", "position": 10, "in_jail": True}],
        states,
        current=1,
        dice=[3, 3],
    )
    assert board.players[1]["in_jail"] and board.players[0]["colour"] != board.players[1]["colour"]
    assert board.property_states[1] == {"owner": 0, "sculptures": 5, "mortgaged": False}
    assert board.property_states[5]["mortgaged"] and board.dice == [3, 3] and board.current == 1


def test_names_from_a_file_are_synced_as_plain_text(tmp_path: Path) -> None:
    board = AlfredopolyBoard(evil_board(tmp_path))
    assert board.spaces[1]["name"] == EVIL
    assert EVIL in board.title


def test_repr_is_stable_and_constructor_is_strict() -> None:
    board = AlfredopolyBoard("classic")
    assert repr(board) == "AlfredopolyBoard(board='classic', selected=None, heat=None)"
    with pytest.raises(TypeError):
        AlfredopolyBoard(colour="red")  # type: ignore[call-arg]


def test_size_is_bounded() -> None:
    with pytest.raises(traitlets.TraitError):
        AlfredopolyBoard(size=10)


def test_javascript_sets_text_never_html() -> None:
    from widgets.base import asset

    js = asset("alfredopoly_board.js") + asset("common.js")
    assert "innerHTML" not in js and "insertAdjacentHTML" not in js and "outerHTML" not in js
    assert "import " not in js.replace("export default", "")
