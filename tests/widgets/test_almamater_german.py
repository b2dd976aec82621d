"""The German Alma Mater table: action buttons and the log in German, English the default."""

from __future__ import annotations

from tests.almamater.test_words import english_words
from widgets.play_almamater import AlmaMaterTable

_seq = iter(range(1, 10**6))


def click(table: AlmaMaterTable, action: dict) -> None:  # type: ignore[type-arg]
    table.panel.set_state({"intent": {"kind": "act", "action": action, "seq": next(_seq)}})


def play(table: AlmaMaterTable, clicks: int) -> tuple[list[str], list[str]]:
    """Click placements first (else the first button); every button label and log line seen."""
    labels: list[str] = []
    for _ in range(clicks):
        actions = table.panel.actions
        if not actions:
            break
        labels += [a["label"] for a in actions]
        placements = [a for a in actions if a["group"] == "manage" and a["space"]]
        click(table, (placements or actions)[0]["action"])
    return labels, list(table.panel.log)


def test_german_buttons_and_log_have_no_english_words_left() -> None:
    table = AlmaMaterTable(["Ann", "Bo", "Cy"], seed=3, lang="de")
    labels, log = play(table, 60)
    assert table.state.round >= 1 and len(labels) > 100 and len(log) > 30
    for text in [*labels, *log, table.panel.status]:
        assert not english_words(text), (text, english_words(text))
    assert any(label.startswith("1 Magister auf Antiquariat setzen") for label in labels)
    assert any("Ann" in line for line in log) and not any("Rot " in line for line in log)
    board = table.board.view
    cells = [cell for row in board["campus"] for cell in row]
    shown = [cell["student"] + " " + cell["effect"] for cell in cells]
    shown += [f"{p['name']} {p['lecture']} {p['cost']}" for p in board["academy"]]
    shown += [step for card in board["research"] for step in card["steps"]]
    shown += [f"{t['requires']} {t['gist']}" for t in board["hall"]]
    for text in shown:
        assert not english_words(text), (text, english_words(text))
    assert any(text.startswith("Erstsemester (") for text in shown)
    english = AlmaMaterTable(["Ann", "Bo", "Cy"], seed=3)
    labels, log = play(english, 60)
    assert any(label.startswith("Place 1 master on the Antiquarian: buy") for label in labels)
    assert all(english_words(label) for label in labels)  # the check above can fail


def test_german_table_controls_and_bot_waiting_line() -> None:
    """The table's own controls (history, save, load) and the line that waits for a bot
    click speak the table's language; the panel's bot buttons get their German words."""
    table = AlmaMaterTable(["Ann", "Bo", "Cy"], bots={1: "greedy"}, seed=3, lang="de")
    table.step_bots = True
    texts = [table.history.description, table.save_button.description, table.upload.description]
    assert texts == ["Verlauf", "Spiel speichern", "Spiel laden"]
    for _ in range(40):  # play on until Bo (the bot) is to act and waits for a click
        if table.session.bot_to_act():
            break
        click(table, table.panel.actions[0]["action"])
    assert table.session.bot_to_act()
    assert table.panel.waiting == "Bo (Bot) ist am Zug: „Bot: nächste Aktion“ klicken"
    assert table.panel.words["bot_next"] == "Bot: nächste Aktion"
    english = AlmaMaterTable(["Ann", "Bo"], seed=3)
    assert (
        english.save_button.description == "Save the game" and "bot_next" not in english.panel.words
    )


def test_german_game_end_status_and_cards() -> None:
    """At the end the status line and the player cards speak German too, and the cards give
    the final score (the status line's numbers), not the prestige track's."""
    table = AlmaMaterTable(["Ann", "Bo"], bots={"Bo": "greedy"}, seed=5, lang="de")
    play(table, 2000)
    outcome = table.session.outcome
    assert outcome is not None
    assert table.panel.status.startswith("Spielende. Gewinner: ")
    assert not english_words(table.panel.status), table.panel.status
    for seat, card in enumerate(table.panel.players):
        assert card["headline"] == f"Endstand: {outcome.scores[seat]} Prestige"
        track = table.state.players[seat].prestige
        end = outcome.scores[seat] - track
        assert f"{track} auf der Prestigeleiste + {end} aus der Schlusswertung" in card["lines"]
