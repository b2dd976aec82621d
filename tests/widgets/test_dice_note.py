"""The dice note ("Dice shown: Ann rolled 3+4") reads the roll event's data (its ``dice``
and ``seat`` fields), not the English log text: it finds the dice in a German log and when
the English words of a roll change (issue 25). Both tests failed with the old regex on
the text ("X rolled a+b")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gamekit.alfredopoly import narration
from gamekit.core.data import read_toml
from gamekit.core.events import Phrasebook
from widgets.play_alfredopoly import AlfredopolyTable
from widgets.play_panel import PANEL_WORDS


def test_the_dice_note_finds_the_dice_in_a_german_log() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], seed=5)
    table.roll(3, 4)
    assert table.panel.dice_note == "Dice shown: Ann rolled 3+4"
    book = narration.phrasebook()
    # the log as a German table would say it: every line in German words
    for k, entry in enumerate(table.session.history):
        records = tuple(replace(r, text=book.text(r.words, "de")) for r in entry.records)
        table.session.history[k] = replace(
            entry, events=tuple(r.text for r in records), records=records
        )
    assert table.session.history[-1].events[0] == "Ann würfelt 3+4 = 7"
    table.panel.words = PANEL_WORDS["de"]
    table.refresh()
    assert table.panel.dice_note == "Würfel: Ann würfelte 3+4"


def test_the_dice_note_survives_new_english_words_for_a_roll(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    entries = read_toml(narration.PHRASES_FILE)
    entries["roll"] = {"en": "The dice say {roll} for {player}"}
    monkeypatch.setattr(narration, "phrasebook", lambda: Phrasebook(entries, "changed"))
    table = AlfredopolyTable(["Ann", "Bo"], seed=5)
    table.roll(2, 5)
    assert table.panel.log[0] == "The dice say 2+5 = 7 for Ann"
    assert table.panel.dice_note == "Dice shown: Ann rolled 2+5"
