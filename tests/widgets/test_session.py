"""widgets.session.Session over the Game protocol: both games, bots, save and load."""

from __future__ import annotations

import json

import pytest

import gamekit
from gamekit.core.errors import IllegalAction
from gamekit.core.game import seat_generators
from widgets.session import Session


@pytest.mark.parametrize(
    ("name", "options"), [("alfredopoly", {"max_rounds": 3}), ("almamater", {"data": None})]
)
def test_a_bot_game_plays_through_and_saves_and_loads_identically(name: str, options: dict) -> None:
    game = gamekit.games()[name]
    strategy = "random"
    s = Session(game, ["Ann", "Bo"], seed=4, bots={0: strategy, 1: strategy}, options=options)
    s.run_bots(limit=300)
    assert len(s.history) == 301 or s.outcome is not None
    assert all(e.bot for e in s.history[1:] if e.action is not None)
    text = json.dumps(s.save(), allow_nan=False)  # strict JSON
    t = Session(game, ["Ann", "Bo"], seed=9, bots={0: strategy, 1: strategy}, options=options)
    t.restore(json.loads(text))
    assert [e.state for e in t.history] == [e.state for e in s.history]
    assert [e.events for e in t.history] == [e.events for e in s.history]
    # the same future: dice and bot generators continue alike
    s.run_bots(limit=40)
    t.run_bots(limit=40)
    assert t.state == s.state


def test_bots_draw_from_their_own_seat_generator() -> None:
    game = gamekit.games()["almamater"]
    s = Session(game, 2, seed=7, bots={1: "random"})
    expected = seat_generators(7, 2)
    assert [g.random() for g in s.bot_rngs] == [g.random() for g in expected]


def test_an_unknown_bot_and_an_illegal_move_are_refused() -> None:
    game = gamekit.games()["alfredopoly"]
    with pytest.raises(ValueError, match="unknown bot 'genius'; known: buy_all"):
        Session(game, 2, seed=1, bots={1: "genius"})
    s = Session(game, 2, seed=1)
    before = s.state
    with pytest.raises(IllegalAction):
        s.act(game.action_from_struct({"type": "EndTurn"}))
    assert s.state is before and len(s.history) == 1


def test_a_saved_game_with_other_rules_or_of_another_game_is_refused() -> None:
    alf = gamekit.games()["alfredopoly"]
    s = Session(alf, 2, seed=1, options={"auction": True})
    saved = s.save()
    with pytest.raises(ValueError, match="other rules than this table \\(auction True, here False"):
        Session(alf, 2, seed=1).restore(saved)
    alma = Session(gamekit.games()["almamater"], 2, seed=1)
    with pytest.raises(ValueError, match="game: a game of 'alfredopoly', not of 'almamater'"):
        alma.restore(saved)
    broken = json.loads(json.dumps(saved))
    broken["start"]["state"]["players"] = "nobody"
    with pytest.raises(ValueError, match="start position: .*players"):
        Session(alf, 2, seed=1, options={"auction": True}).restore(broken)


@pytest.mark.parametrize("name", ["alfredopoly", "almamater"])
def test_a_saved_move_whose_seat_or_bot_mark_was_edited_is_refused(name: str) -> None:
    """A save records who made each move and whether a bot chose it; an edit that makes
    either disagree with the replay (another seat, a name, a number for the bot mark) was
    loaded, the field silently ignored. The session keeps its game."""
    game = gamekit.games()[name]
    bot = next(iter(game.bots()))
    s = Session(game, 3, seed=4, bots={0: bot, 1: bot, 2: bot})
    s.run_bots(limit=12)
    saved = s.save()
    target = Session(game, 3, seed=9)
    target.restore(json.loads(json.dumps(saved)))  # the untouched save loads
    assert target.state == s.state
    n, move = next((n, m) for n, m in enumerate(saved["moves"]) if m["seat"] is not None)
    for field, value, why in [
        ("seat", (move["seat"] + 1) % 3, "seat: saved as"),
        ("seat", "Ann", "seat: saved as 'Ann'"),
        ("seat", True, "seat: saved as True"),
        ("bot", 7, "bot: expected true or false, got 7"),
    ]:
        broken = json.loads(json.dumps(saved))
        broken["moves"][n][field] = value
        fresh = Session(game, 3, seed=9)
        before = fresh.state
        with pytest.raises(ValueError, match=f"move {n + 1}: {why}"):
            fresh.restore(broken)
        assert fresh.state is before and len(fresh.history) == 1


@pytest.mark.parametrize("name", ["alfredopoly", "almamater"])
def test_an_unknown_bot_is_refused_in_any_language(name: str) -> None:
    """The English reason stays word for word; its words say it in German too."""
    from gamekit.core.events import Words, core_phrases

    game = gamekit.games()[name]
    known = ", ".join(game.bots())
    with pytest.raises(ValueError) as info:
        Session(game, 2, seed=1, bots={1: "nobot"})
    assert str(info.value) == f"unknown bot 'nobot'; known: {known}"
    words = getattr(info.value, "words", None)
    assert isinstance(words, Words)
    assert core_phrases().text(words, "de") == f"unbekannter Bot 'nobot'; bekannt: {known}"


@pytest.mark.parametrize(
    ("edit", "english", "german"),
    [
        ("players", "start position: players: the saved game is played by 'Zed', 'Bo', this "
         "table by 'Ann', 'Bo' (load it at a table of the same players)",
         "Startstellung: Spieler: das gespeicherte Spiel spielen 'Zed', 'Bo', an diesem Tisch "
         "'Ann', 'Bo' (laden Sie es an einem Tisch derselben Spieler)"),
        ("many", "moves: 20,001 moves, more than a table keeps (20,000)",
         "Züge: 20.001 Züge, mehr als ein Tisch aufbewahrt (20.000)"),
        ("no outcome", "move 1: dice are due but no recorded outcome is left",
         "Zug 1: es ist zu würfeln, aber kein gespeichertes Ergebnis ist übrig"),
        ("one left", "move 1: 1 recorded outcome(s) left over",
         "Zug 1: 1 gespeichertes Ergebnis bleibt übrig"),
        ("two left", "move 1: 2 recorded outcome(s) left over",
         "Zug 1: 2 gespeicherte Ergebnisse bleiben übrig"),
        ("no dice", "move 1: dice without a move, but no dice are due",
         "Zug 1: Würfel ohne Zug, aber es ist nicht zu würfeln"),
    ],
)  # fmt: skip
def test_a_refused_history_says_why_in_english_and_in_german(
    edit: str, english: str, german: str
) -> None:
    """An edited save's reason: the English as it always was, and its words in German."""
    from gamekit.core.events import Words, core_phrases
    from widgets.play_alfredopoly import AlfredopolyTable

    game = gamekit.games()["alfredopoly"]
    table = AlfredopolyTable(["Ann", "Bo"], seed=3)
    table.roll(3, 4)  # one move, one recorded outcome (the dice)
    h = table.session.save()
    first = h["moves"][0]
    if edit == "players":
        h["start"]["state"]["players"][0]["name"] = "Zed"
    elif edit == "many":
        h["moves"] = [{}] * 20_001
    elif edit == "no outcome":
        first["outcomes"] = []
    elif edit in ("one left", "two left"):
        first["outcomes"] = first["outcomes"] * (2 if edit == "one left" else 3)
    else:
        h["moves"].insert(0, {"action": None, "outcomes": []})
    fresh = Session(game, ["Ann", "Bo"], seed=3)
    with pytest.raises(ValueError) as info:
        fresh.restore(h)
    assert str(info.value) == english
    words = getattr(info.value, "words", None)
    assert isinstance(words, Words)
    assert core_phrases().text(words, "de") == german
    assert len(fresh.history) == 1  # unchanged
