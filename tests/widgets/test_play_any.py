"""The generic play table (widgets.play_any): any game of gamekit.games() at a table from
the protocol alone, the example game Pig (tests/example_games) included."""

from __future__ import annotations

from pathlib import Path

import pytest

import gamekit
from widgets.play_any import AnyGameTable, play

EXAMPLES = Path(__file__).resolve().parents[1] / "example_games"


@pytest.fixture(scope="module", autouse=True)
def _examples_on_the_path():
    gamekit.__path__.append(str(EXAMPLES))
    yield
    gamekit.__path__.remove(str(EXAMPLES))


def click(table: AnyGameTable, label_start: str) -> None:
    """What a click on a panel button sends (the panel's intent), as the page would."""
    panel = table.panel
    action = next(a for a in panel.actions if a["label"].startswith(label_start))
    seq = panel.answered + 1
    panel.set_state({"intent": {"kind": "act", "action": action["action"], "seq": seq,
                                "view": panel.view}})  # fmt: skip


def test_pig_is_played_on_the_generic_table_with_its_words_and_picture():
    table = play("pig", ["Ann", "Bo"], seed=5, target=20)
    assert [a["label"] for a in table.panel.actions] == ["Roll the die"]
    assert table.picture.value.startswith("<pre>")  # Pig has no picture: its text, escaped
    click(table, "Roll")
    assert table.session.position == 1  # one decision, its die (chance) drawn with it
    labels = [a["label"] for a in table.panel.actions]
    rolled = table.state.turn_points
    if rolled:  # not a 1: Ann may hold
        assert labels == ["Roll the die", f"Hold (bank {rolled})"]
    assert any("rolled" in line for line in table.panel.log)


def test_a_bot_seat_and_save_and_load_at_the_generic_table():
    table = play("pig", ["Ann", "Bo"], bots={1: "hold_at_20"}, seed=2, target=15)
    for _ in range(40):
        if table.session.game.is_over(table.state) or not table.panel.actions:
            break
        labels = [a["label"] for a in table.panel.actions]
        click(table, "Hold" if any(x.startswith("Hold") for x in labels) else "Roll")
    saved = table.save_json()
    again = play("pig", ["Ann", "Bo"], bots={1: "hold_at_20"}, seed=9, target=15)
    again.load_json(saved)
    assert again.state == table.state and again.session.position == table.session.position


@pytest.mark.parametrize("name", ["alfredopoly", "almamater"])
def test_the_kits_games_at_the_generic_table(name):
    table = play(name, 2, seed=1)
    assert table.panel.actions and table.picture.value.startswith("<svg")
    first = table.panel.actions[0]["label"]
    click(table, first)
    assert table.session.position >= 1
    assert table.undo_last()  # one click brings the decision back
    assert table.session.position == 0


def test_an_unknown_game_is_refused_with_the_known_ones():
    with pytest.raises(ValueError, match="no game 'chess'.*alfredopoly"):
        play("chess")
