"""The phrasebook: describe() with this position's prices (English and German) and the log
lines in German (gamekit.almamater.words).

Prices are hand-worked on the pinned numbers of test_reasons (Antiquarian offer 1: 2 books
for 3 ducats; the Park: 3 ducats a prestige; Pharmacy: 3 books and 5 ducats; ...).
"""

from __future__ import annotations

import re

import pytest

from gamekit.almamater.actions import (
    Antiquarian,
    Bishop,
    BuyTextbooks,
    ChooseChancellor,
    Colloquium,
    DiscardFounding,
    DraftKeep,
    GiveLecture,
    HallOfFame,
    HireProfessor,
    HireStudent,
    Park,
    Pass,
    Research,
    ReturnBook,
    ShelveTextbooks,
)
from gamekit.almamater.bots import BOTS
from gamekit.almamater.rules import describe, legal_actions, new_game, step
from gamekit.almamater.spec import make_spec
from gamekit.almamater.state import replace
from gamekit.almamater.words import event_text, name_words, untranslated
from gamekit.core.rng import make_rng
from tests.almamater.test_reasons import SPEC, red, table

TEMPLATE_WORDS = (
    "place master masters on hire pay buy book books into row the for and keep pass choose "
    "give lecture take bust glory tile ducat ducats research step steps paid free storage "
    "library shelf return supply dictionary dictionaries own textbook textbooks gains pays "
    "takes gives up scores loses moves to of founding card white number rest chancellor "
    "price first buyer sets turn order gain students student professor professors hires "
    "places passes round phase over limit sale sold bought at from with by is "
    "milestone income reputation rank marker stops cannot enter needs keeps discards "
    "reveals sum ties broken draw each player takes last passed left remaining ends final "
    "scoring administration action begins decides how many new go straight ability tile "
    "already has put onto leaves oldest drops out readied again once"
)
ENGLISH = frozenset(TEMPLATE_WORDS.split())
"""Lower-case English words of the templates (words German shares, e.g. "in", are left out)."""


def english_words(text: str) -> set[str]:
    return set(re.findall(r"\b[a-z]+\b", text)) & ENGLISH


def test_every_action_type_is_described_with_its_price_in_both_languages() -> None:
    s = table(ducats=20, storage=(3, 3, 0), professors=("Pharmacy",))
    players = list(s.players)
    players[1] = replace(players[1], shelves=(*players[1].shelves[:-1], (False, True, True)))
    s = replace(s, players=tuple(players), bust_chancellors=("Copernicus", "Alberti", "Erasmus"))
    student = s.campus[0][1]  # column 2: ranks 1 and 2 = 1 blue (rank 1) + 1 red (rank 2)
    cases = [
        (
            Antiquarian(1, 1, "red"),
            "place 1 master on the Antiquarian: buy 2 red books for 3 ducats",
            "1 Magister auf Antiquariat setzen: 2 rote Bücher für 3 Geld kaufen",
        ),
        (
            Park(2, 3),
            "place 2 masters on the Park: buy 3 prestige for 9 ducats",
            "2 Magister auf Park setzen: 3 Prestige für 9 Geld kaufen",
        ),
        (
            BuyTextbooks(1, 2),
            "place 1 master on the starting student: buy 2 own textbooks for 4 ducats",
            "1 Magister auf Start-Student setzen: 2 eigene Lehrbücher für 4 Geld kaufen",
        ),
        (
            HireProfessor(1, "Pharmacy", "red"),
            "place 1 master on the Academy: hire Pharmacy (pay 3 red books and 5 ducats)",
            "1 Magister auf Akademie (Medizin) setzen: Pharmazie berufen "
            "(3 rote Bücher und 5 Geld zahlen)",
        ),
        (
            HireStudent(1, 1, 2, student, "B"),
            f"place 1 master on Campus row 1: hire {student} (price: 1 red book, 1 blue book) "
            "into row B",
            f"1 Magister auf Campus Reihe 1 setzen: {name_words(student, 'de')} anwerben, "
            "in Reihe B (Preis: 1 rotes Buch, 1 blaues Buch)",
        ),
        (
            # track A1 pinned 1, 2, 3 ducats: the free step enters field 1, paid 2 and 3
            Research(1, 2),
            "place 1 master on the Laboratory: free research step + 2 paid (pay 5 ducats)",
            "1 Magister auf Labor setzen: freier Forschungsschritt + 2 bezahlte Schritte (5 Geld)",
        ),
        (
            Colloquium(3, "blue", 2, True),  # right to left: 4 + 3 ducats; a dictionary 4
            "place 3 masters on the Colloquium: buy 2 blue books for 7 ducats and "
            "1 dictionary for 4 ducats",
            "3 Magister auf Kolloquium setzen: 2 blaue Bücher für 7 Geld und 1 Lexikon für "
            "4 Geld kaufen",
        ),
        (
            Bishop(2),
            f"place 2 masters on the Bishop (gain {SPEC.components.board.bishop_payout[1]} "
            "ducats; sets the turn order)",
            f"2 Magister auf Bischofssitz setzen (bringt "
            f"{SPEC.components.board.bishop_payout[1]} Geld; bestimmt die Spielerreihenfolge)",
        ),
        (
            HallOfFame(1, s.glory[0]),
            f"place 1 master on the Hall of fame: take the bust of glory tile {s.glory[0]} "
            "(Copernicus: library income x2)",
            f"1 Magister auf Ruhmeshalle setzen: Büste von Ruhmesplättchen {s.glory[0]} "
            "nehmen (Copernicus: Bibliothekseinkommen x2)",
        ),
        (
            GiveLecture("Pharmacy", "blue"),  # Pharmacy pinned: a lecture gives 1 dictionary
            "give a lecture: Pharmacy (pay 1 blue book; gain 1 dictionary)",
            "Vorlesung von Pharmazie: 1 blaues Buch zahlen, bringt 1 Lexikon",
        ),
        (Pass(), "pass for the rest of the round", "für den Rest der Runde passen"),
    ]
    for action, english, german in cases:
        assert describe(SPEC, s, action) == english
        assert describe(SPEC, s, action, lang="de") == german
    # a later buyer pays what the first paid, no ducats
    later = replace(s, academy_paid=("blue",))
    assert describe(SPEC, later, HireProfessor(1, "Pharmacy", "blue"), "de").endswith(
        "Pharmazie berufen (3 blaue Bücher wie der erste Käufer zahlen)"
    )
    assert describe(SPEC, red(s, ducats=0), Park(1, 1)).endswith("for 3 ducats")


def test_setup_choices_and_decisions_show_what_they_hold() -> None:
    s = new_game(SPEC, seed=0)
    card = SPEC.founding[s.players[0].hand[0]]
    text = describe(SPEC, s, DraftKeep(card.id))
    assert text.startswith(f"keep founding card {card.id} (white number {card.white}: ")
    german = describe(SPEC, s, DraftKeep(card.id), "de")
    assert german.startswith(f"Gründungskarte {card.id} behalten (weiße Zahl {card.white}: ")
    assert describe(SPEC, s, DiscardFounding(card.id), "de").startswith("Gründungskarte")
    assert describe(SPEC, s, ChooseChancellor("Alberti"), "de") == (
        "Rektor Alberti wählen (Vorlesungen kosten kein Buch: deine Vorlesungen kosten kein Buch)"
    )
    assert describe(SPEC, s, ShelveTextbooks(0), "de") == (
        "die neuen eigenen Lehrbücher im Lager behalten"
    )
    assert describe(SPEC, s, ReturnBook("green"), "de") == (
        "1 grünes Buch in den Vorrat zurücklegen (Lager über der Grenze)"
    )
    with pytest.raises(ValueError, match="lang"):
        describe(SPEC, s, Pass(), lang="fr")


def test_log_lines_in_german() -> None:
    assert event_text("Green gives up 2 purple books (hiring Law clerk)") == (
        "Grün gibt 2 lila Bücher ab (Anwerbung von Schreiber (Recht))"
    )
    assert event_text("Red places 2 masters on Academy (Law)", names={"Red": "Ann"}) == (
        "Ann setzt 2 Magister auf Akademie (Recht)"
    )
    assert event_text(
        "Blue cannot enter research step 4 (needs 2 students): the marker stops "
        "(free step at the Laboratory)"
    ) == (
        "Blau kann Forschungsschritt 4 nicht betreten (braucht 2 Studenten): der Marker "
        "bleibt stehen (freier Schritt im Labor)"
    )
    assert event_text(
        "Red chooses Alberti (lectures cost no book): your lectures cost no book", spec=SPEC
    ) == ("Rot wählt Alberti (Vorlesungen kosten kein Buch): deine Vorlesungen kosten kein Buch")


@pytest.mark.parametrize(
    ("players", "seed", "bot"), [(2, 3, "dean"), (3, 4, "random"), (4, 5, "scholar")]
)
def test_every_log_line_and_button_of_a_game_is_german(players: int, seed: int, bot: str) -> None:
    spec = make_spec(players)
    rng = make_rng(seed)
    state = new_game(spec, seed=seed)
    lines = buttons = 0
    while state.phase != "over":
        legal = legal_actions(spec, state)
        for a in legal:
            german = describe(spec, state, a, "de")
            assert not english_words(german), (german, english_words(german))
            assert english_words(describe(spec, state, a)), a  # the check can fail
            buttons += 1
        result = step(spec, state, BOTS[bot](spec, state, legal, rng))
        for event in result.events:
            assert not untranslated(event.text, spec), event.text
            german = event_text(event.text, "de", spec)
            assert not english_words(german), (event.text, german)
            lines += 1
        state = result.state
    assert lines > 300 and buttons > 300


def test_the_founding_tie_line_in_german() -> None:
    # newcomer audit 7, finding 3: the tie line names only the tied players
    assert event_text("Red and Green tie at white sum 22; the seeded draw puts Red first") == (
        "Rot und Grün haben dieselbe weiße Summe 22; die gezogene Reihenfolge stellt Rot nach vorn"
    )
    three = "Red, Blue and Green tie at white sum 15; the seeded draw orders them Blue, Green, Red"
    assert event_text(three, names={"Red": "Ann", "Blue": "Bo", "Green": "Cy"}) == (
        "Ann, Bo und Cy haben dieselbe weiße Summe 15; die gezogene Reihenfolge: Bo, Cy, Ann"
    )
