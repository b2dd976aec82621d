"""The ``amount`` of Pereira, Glareanus, Alberti and Paracelsus (``chancellors.toml``).

Each amount is changed in a copy of the kit's data folder (the TOML files copied, one
number edited) and the game responds: Pereira's amount is the masters placed on Pereira,
Paracelsus' amount the lectures of a round whose professor is readied at once. Glareanus'
amount (discarded cards whose resources are also received: each player discards exactly
1) and Alberti's (books a lecture costs: none) cannot vary; any other value is refused
when the spec is made, naming the file, the chancellor and the field.

3 players, seed 0 (as in test_action_phase): the Park is free at the start of round 1.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from gamekit.almamater.actions import GiveLecture, Park, Pass
from gamekit.almamater.components import DEFAULT_FOLDER
from gamekit.almamater.phrases import PHRASES
from gamekit.almamater.rules import describe, legal_actions
from gamekit.almamater.spec import AlmaMaterSpec, make_spec
from gamekit.almamater.state import GameState, replace
from gamekit.almamater.words import chancellor_words
from gamekit.core.errors import DataError, IllegalAction
from tests.almamater.helpers import act, blank, find, settle, with_game, with_player


def data_with(tmp_path: Path, chancellor: str, amount: int) -> Path:
    """A copy of the kit's data folder with ``chancellor``'s ``amount`` set."""
    folder = tmp_path / "data"
    shutil.copytree(DEFAULT_FOLDER, folder)
    file = folder / "chancellors.toml"
    text = file.read_text("utf-8")
    pattern = rf'(name = "{chancellor}"\n(?:[^\[\n].*\n)*?amount = )\d+'
    new, count = re.subn(pattern, rf"\g<1>{amount}", text)
    assert count == 1, chancellor
    file.write_text(new, "utf-8")
    return folder


def rich(spec: AlmaMaterSpec, **extra: object) -> GameState:
    """Round 1, every seat with 30 ducats, 5 books of each colour and 3 dictionaries."""
    _, s = blank(3, 0, ducats=30, storage=(5, 5, 5), dictionaries=3, **extra)
    return replace(with_game(s, reputation=(0, 1, 2)), spec=spec)


# -- Pereira: the masters placed on Pereira ---------------------------------------------
def test_pereira_amount_2_places_two_masters_on_pereira(tmp_path: Path) -> None:
    spec = make_spec(3, data_with(tmp_path, "Pereira", 2))
    s = with_player(rich(spec), 1, abilities=("Pereira",))
    s = act(spec, s, Park(1, 1)).state  # Red occupies the Park with 1 master
    via = [a for a in legal_actions(spec, s) if getattr(a, "pereira", False)]
    assert via and {a.masters for a in via} == {2}  # type: ignore[attr-defined]
    assert Park(2, 2, pereira=True) in via
    with pytest.raises(IllegalAction, match="Pereira's ability takes 2 masters, not 1"):
        act(spec, s, Park(1, 2, pereira=True))
    st = act(spec, s, Park(2, 2, pereira=True))
    p = st.state.players[1]
    assert (p.placed, p.free_masters, p.pereira_used, p.prestige) == (2, 2, True, 2)
    assert st.state.spaces[spec.space_index("park")] == 1  # the Park's count is unchanged
    line = "Blue places 2 masters on Pereira to use Park"
    said = {e.text: e.words for e in st.events}
    assert PHRASES.text(said[line], "de") == "Blau setzt 2 Magister auf Pereira, um Park zu nutzen"
    assert describe(spec, s, Park(2, 2, pereira=True)).startswith(
        "place 2 masters on Pereira to use the Park: "
    )
    assert str(Park(2, 2, pereira=True)).startswith("place 2 masters on Pereira to use the Park")


def test_pereira_amount_2_needs_two_free_masters(tmp_path: Path) -> None:
    spec = make_spec(3, data_with(tmp_path, "Pereira", 2))
    s = with_player(rich(spec), 1, abilities=("Pereira",), placed=3)  # 1 master free
    s = act(spec, s, Park(1, 1)).state
    assert not any(getattr(a, "pereira", False) for a in legal_actions(spec, s))
    with pytest.raises(IllegalAction, match="Pereira's ability takes 2 masters; you have 1 free"):
        act(spec, s, Park(2, 2, pereira=True))


def test_pereira_amount_3_with_the_kit_data_is_one_master(tmp_path: Path) -> None:
    """The kit's data (amount 1) against a copy with 3: only the copy asks for 3 masters."""
    for amount, masters in ((1, 1), (3, 3)):
        spec = make_spec(3, data_with(tmp_path / str(amount), "Pereira", amount))
        s = with_player(rich(spec), 1, abilities=("Pereira",))
        s = act(spec, s, Park(1, 1)).state
        via = [a for a in legal_actions(spec, s) if getattr(a, "pereira", False)]
        assert {a.masters for a in via} == {masters}  # type: ignore[attr-defined]


def test_pereira_amount_0_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DataError) as info:
        make_spec(3, data_with(tmp_path, "Pereira", 0))
    assert str(info.value) == (
        f"{tmp_path / 'data' / 'chancellors.toml'}: chancellor 'Pereira': amount: "
        "must be at least 1, got 0 (the masters placed on Pereira: a placement takes at "
        "least 1 master)"
    )


# -- Paracelsus: lectures readied a round -------------------------------------------------
def _lecture(spec: AlmaMaterSpec, s: GameState) -> GameState:
    """Red lectures with Canon law (1 blue book); the new textbook goes to storage."""
    return settle(spec, act(spec, s, GiveLecture("Canon law", "blue")).state).state


@pytest.mark.parametrize(("amount", "readied"), [(1, 1), (2, 2), (3, 3)])  # 0: refused
def test_paracelsus_amount_readies_that_many_lectures_a_round(
    tmp_path: Path, amount: int, readied: int
) -> None:
    spec = make_spec(3, data_with(tmp_path, "Paracelsus", amount))
    s = rich(spec, professors=("Canon law",), abilities=("Paracelsus",))
    s = act(spec, act(spec, _lecture(spec, s), Pass()).state, Pass()).state  # Blue, Green pass
    lectures = 1
    events = []
    while find(spec, s, lambda a: isinstance(a, GiveLecture)):
        st = act(spec, s, GiveLecture("Canon law", "blue"))
        events.extend(e.text for e in st.events)
        s = settle(spec, st.state).state
        lectures += 1
    # the first `amount` lectures were readied at once, the next one exhausted Canon law
    assert lectures == readied + 1
    assert s.players[0].exhausted == ("Canon law",)
    assert s.players[0].paracelsus_used == readied
    assert s.players[0].storage[1] == 5 - lectures  # each lecture paid 1 blue book
    assert events.count("Paracelsus: Canon law is readied again at once") == max(0, readied - 1)


def test_paracelsus_amount_2_lasts_each_round(tmp_path: Path) -> None:
    """Administration resets the count for the next round."""
    from tests.almamater.helpers import pass_all

    spec = make_spec(3, data_with(tmp_path, "Paracelsus", 2))
    s = rich(spec, professors=("Canon law",), abilities=("Paracelsus",))
    s = act(spec, act(spec, _lecture(spec, s), Pass()).state, Pass()).state
    s = _lecture(spec, s)
    assert s.players[0].paracelsus_used == 2 and s.players[0].exhausted == ()
    s = pass_all(spec, s).state
    assert s.round == 2 and s.players[0].paracelsus_used == 0


def test_paracelsus_words_for_an_amount_not_1(tmp_path: Path) -> None:
    """Amounts 2 and 3 are said with the words for many (``text_many``), amount 1 with the
    singular words; each amount is set in its own copy (the kit's own amount may change)."""
    words = {
        amount: chancellor_words(
            make_spec(3, data_with(tmp_path / str(amount), "Paracelsus", amount)),
            "Paracelsus",
            "de",
        )[1]
        for amount in (1, 2, 3)
    }
    assert words == {
        1: "einmal pro Runde ist der Professor deiner ersten Vorlesung sofort wieder bereit",
        2: "in jeder Runde sind die Professoren deiner ersten 2 Vorlesungen sofort wieder bereit",
        3: "in jeder Runde sind die Professoren deiner ersten 3 Vorlesungen sofort wieder bereit",
    }


# -- Glareanus and Alberti: numbers that cannot vary -------------------------------------
@pytest.mark.parametrize("amount", [0, 2, 7])
def test_glareanus_amount_other_than_1_is_refused(tmp_path: Path, amount: int) -> None:
    with pytest.raises(DataError) as info:
        make_spec(2, data_with(tmp_path, "Glareanus", amount))
    assert str(info.value) == (
        f"{tmp_path / 'data' / 'chancellors.toml'}: chancellor 'Glareanus': amount: "
        f"must be 1, got {amount} (the discarded founding cards whose resources the player "
        "also receives: each player discards exactly 1)"
    )


@pytest.mark.parametrize("amount", [1, 3])
def test_alberti_amount_other_than_0_is_refused(tmp_path: Path, amount: int) -> None:
    with pytest.raises(DataError) as info:
        make_spec(4, data_with(tmp_path, "Alberti", amount))
    assert str(info.value) == (
        f"{tmp_path / 'data' / 'chancellors.toml'}: chancellor 'Alberti': amount: "
        f"must be 0, got {amount} (the books a lecture costs with this ability: none; "
        "a lecture otherwise costs 1 book)"
    )


def test_the_refusal_names_a_json_copy_by_its_own_name(tmp_path: Path) -> None:
    import json
    import tomllib

    folder = data_with(tmp_path, "Glareanus", 1)
    raw = tomllib.loads((folder / "chancellors.toml").read_text("utf-8"))
    next(c for c in raw["chancellor"] if c["name"] == "Glareanus")["amount"] = 2
    (folder / "chancellors.toml").unlink()
    (folder / "chancellors.json").write_text(json.dumps(raw), "utf-8")
    with pytest.raises(DataError, match=r"chancellors\.json: chancellor 'Glareanus': amount"):
        make_spec(3, folder)


def test_the_kit_data_passes_and_the_cli_refuses_a_bad_amount(tmp_path: Path) -> None:
    import subprocess
    import sys

    make_spec(2)  # the kit's own amounts pass
    folder = data_with(tmp_path, "Alberti", 1)
    done = subprocess.run(
        [sys.executable, "-m", "gamekit", "almamater", "simulate", "--data", str(folder)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2, done.stderr
    assert "chancellor 'Alberti': amount: must be 0, got 1" in done.stderr
    assert "Traceback" not in done.stderr


# -- the words follow the amount, in both languages --------------------------------------
@pytest.mark.parametrize(
    ("chancellor", "english", "german"),
    [
        (
            "Da Vinci",
            "take 2 extra free research steps each time you use the Laboratory",
            "2 freie Forschungsschritte extra bei jedem Besuch im Labor",
        ),
        (
            "Agricola",
            "on an occupied space you need 2 masters fewer than others (but always at least one)",
            "auf einem besetzten Feld brauchst du 2 Magister weniger als andere "
            "(aber immer mindestens einen)",
        ),
    ],
)
def test_an_amount_of_2_is_said_in_the_plural(
    tmp_path: Path, chancellor: str, english: str, german: str
) -> None:
    spec = make_spec(3, data_with(tmp_path, chancellor, 2))
    assert chancellor_words(spec, chancellor, "en")[1] == english
    assert chancellor_words(spec, chancellor, "de")[1] == german
