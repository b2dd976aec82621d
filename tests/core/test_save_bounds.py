"""Saved games that no game can reach are refused before they replace a game (issue 26).

Each case edits a real save the same way in its start and final position (a save of no
moves, so the replay cannot catch it: only the load's checks can), and restores it into a
session of the same table. The property test makes such edits at random and finds none
accepted, and a real save still round-trips.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamekit
from widgets.session import MAX_MOVES, Session, seat_names

NAMES = ["Ann", "Bo", "Cy"]
Edit = Callable[[dict[str, Any]], None]


def session(name: str, seed: int = 1) -> Session:
    game = gamekit.games()[name]
    return Session(game, NAMES if name == "alfredopoly" else 3, seed=seed)


SAVES = {name: session(name).save() for name in ("alfredopoly", "almamater")}


def edited(name: str, edit: Edit) -> dict[str, Any]:
    """The real save of ``name`` with ``edit`` made to its start and final state."""
    data = copy.deepcopy(SAVES[name])
    for where in ("start", "final"):
        edit(data[where]["state"])
    return data


def refused(name: str, data: Any) -> str:
    """The reason a fresh session of the same table refuses ``data`` (fails if it loads);
    the session's game is unchanged."""
    s = session(name, seed=5)
    before = s.save()
    with pytest.raises(ValueError) as info:
        s.restore(data)
    assert s.save() == before
    return str(info.value)


def _set(path: str, value: Any) -> Edit:
    def edit(state: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = state
        for p in parents:
            target = target[int(p)] if p.isdigit() else target[p]
        target[int(last) if last.isdigit() else last] = value

    return edit


ALFREDOPOLY_CASES = {
    "cash 2**63": (_set("players.0.cash", 2**63), "state.players[0].cash: 9223372036854775808"),
    "cash 10**12": (_set("players.1.cash", 10**12), "state.players[1].cash: 1000000000000 is not"),
    "jackpot 10**12": (_set("jackpot", 10**12), "state.jackpot: 1000000000000 is not in 0-"),
    "round -1": (_set("round", -1), "round -1, turn 1"),
    "turn -5": (_set("turn", -5), "round 1, turn -5"),
    "turn far past the rounds": (_set("turn", 50), "round 1, turn 50"),
}
ALMAMATER_CASES = {
    "ducats 10**9": (_set("players.0.ducats", 10**9), "state.players[0].ducats: 1000000000 is"),
    "prestige 10**9": (_set("players.2.prestige", 10**9), "state.players[2].prestige: 1000000000"),
    "round -3": (_set("round", -3), "state.round: -3 is below zero"),
}


@pytest.mark.parametrize(
    ("name", "case"),
    [("alfredopoly", c) for c in ALFREDOPOLY_CASES] + [("almamater", c) for c in ALMAMATER_CASES],
)
def test_a_value_beyond_what_the_rules_reach_is_refused(name: str, case: str) -> None:
    edit, message = {**ALFREDOPOLY_CASES, **ALMAMATER_CASES}[case]
    assert message in refused(name, edited(name, edit))


def test_one_founding_card_in_two_hands_is_refused() -> None:
    def edit(state: dict[str, Any]) -> None:
        state["players"][1]["hand"][0] = state["players"][0]["hand"][0]

    assert "is in two places" in refused("almamater", edited("almamater", edit))


@pytest.mark.parametrize(
    ("case", "players"),
    [
        ("renamed", ["Ann", "Eve", "Cy"]),
        ("duplicated", ["Ann", "Ann", "Cy"]),
        ("empty", ["Ann", "", "Cy"]),
        ("HTML", ["Ann", "<img src=x onerror=alert(1)>", "Cy"]),
        ("1 MB", ["Ann", "B" * 1_000_000, "Cy"]),
    ],
)
def test_players_other_than_the_tables_are_refused(case: str, players: list[str]) -> None:
    def edit(state: dict[str, Any]) -> None:
        for p, n in zip(state["players"], players, strict=True):
            p["name"] = n

    why = refused("alfredopoly", edited("alfredopoly", edit))
    assert "players" in why and len(why) < 400  # the 1 MB name is not echoed


def test_an_extra_player_is_refused() -> None:
    def edit(state: dict[str, Any]) -> None:
        state["players"].append({**state["players"][2], "name": "Di"})

    assert "the saved game is played by" in refused("alfredopoly", edited("alfredopoly", edit))


def test_a_path_named_in_a_save_is_never_read(tmp_path: Path, monkeypatch: Any) -> None:
    """The saved board option names a file on the server: it is compared with the
    table's options as written and refused, never opened, its keys never shown."""
    secret = tmp_path / "secret.toml"
    secret.write_text('api_token = "x"\nsecret_key_name = 1\n')
    opened: list[str] = []
    import gamekit.core.data as data_module

    real = data_module.read_text
    monkeypatch.setattr(
        data_module, "read_text", lambda p: opened.append(str(p)) or real(p), raising=True
    )
    data = copy.deepcopy(SAVES["alfredopoly"])
    for where in ("start", "final"):
        data[where]["options"]["board"] = str(secret)
    why = refused("alfredopoly", data)
    assert "other rules than this table" in why
    assert "api_token" not in why and "secret_key_name" not in why
    assert opened == []
    am = copy.deepcopy(SAVES["almamater"])
    am["start"]["options"]["data"] = str(tmp_path)
    assert "other rules than this table" in refused("almamater", am)


def test_more_moves_than_a_table_keeps_are_refused_before_replaying() -> None:
    data = copy.deepcopy(SAVES["alfredopoly"])
    data["moves"] = [{"action": {"type": "EndTurn"}}] * (MAX_MOVES + 1)
    assert f"more than a table keeps ({MAX_MOVES:,})" in refused("alfredopoly", data)


@pytest.mark.parametrize(
    "names",
    [["Ann", "Ann"], ["Ann", " "], ["Ann", "B" * 41], ["Ann", "Bo\u202e"], ["Ann", "Bo\x07"]],
)
def test_a_table_is_not_set_with_names_it_cannot_show(names: list[str]) -> None:
    with pytest.raises(ValueError, match=r"players\[1\]"):
        seat_names(names, [])


# --- property test: random impossible edits of a real save are all refused -------------
def _alfredopoly_edits() -> st.SearchStrategy[Edit]:
    too_much = st.integers(min_value=10**12, max_value=2**70) | st.integers(max_value=-1)
    money = st.sampled_from(["players.0.cash", "players.2.cash", "jackpot"])
    counts = st.sampled_from(["round", "turn"])
    other_name = st.text(max_size=50).filter(lambda n: n not in NAMES)
    card = st.integers(min_value=0, max_value=2)

    def two_places(seat: int) -> Edit:
        def edit(state: dict[str, Any]) -> None:
            state["players"][seat]["cards"].append(state["decks"][0][0])

        return edit

    return st.one_of(
        st.builds(_set, money, too_much),
        st.builds(_set, counts, st.integers(max_value=0) | st.integers(min_value=10**6)),
        st.builds(lambda seat, n: _set(f"players.{seat}.name", n), card, other_name),
        st.builds(two_places, card),
    )


def _almamater_edits() -> st.SearchStrategy[Edit]:
    too_much = st.integers(min_value=10**9, max_value=2**70) | st.integers(max_value=-1)
    field = st.sampled_from(["ducats", "prestige", "dictionaries"])
    seat = st.integers(min_value=0, max_value=2)

    def two_hands(a: int, b: int) -> Edit:
        def edit(state: dict[str, Any]) -> None:
            state["players"][(a + 1 + b % 2) % 3]["hand"][0] = state["players"][a]["hand"][0]

        return edit

    return st.one_of(
        st.builds(lambda s, f, v: _set(f"players.{s}.{f}", v), seat, field, too_much),
        st.builds(_set, st.just("round"), st.integers(max_value=-1) | st.integers(min_value=7)),
        st.builds(two_hands, seat, seat),
    )


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(["alfredopoly", "almamater"]),
    data=st.data(),
)
def test_no_impossible_edit_of_a_real_save_is_accepted(name: str, data: st.DataObject) -> None:
    edits = _alfredopoly_edits() if name == "alfredopoly" else _almamater_edits()
    edit = data.draw(edits)
    saved = edited(name, edit)
    assert saved != SAVES[name]
    refused(name, json.loads(json.dumps(saved)))


@pytest.mark.parametrize("name", ["alfredopoly", "almamater"])
def test_a_real_save_with_moves_still_round_trips(name: str) -> None:
    s = session(name, seed=2)
    s.bot_players = {seat: gamekit.games()[name].bots()[next(iter(gamekit.games()[name].bots()))]()
                     for seat in range(3)}  # fmt: skip
    s.run_bots(limit=60)
    saved = json.loads(json.dumps(s.save()))
    t = session(name, seed=9)
    t.restore(saved)
    assert t.state == s.state and t.save() == s.save()
