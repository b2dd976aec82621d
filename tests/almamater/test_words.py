"""The phrasebook: describe() with this position's prices (English and German), the log
lines and refusals in German from their words (gamekit.almamater.words, .phrases).

Prices are hand-worked on the pinned numbers of test_reasons (Antiquarian offer 1: 2 books
for 3 ducats; the Park: 3 ducats a prestige; Pharmacy: 3 books and 5 ducats; ...).
"""

from __future__ import annotations

import re

import pytest

from gamekit.almamater import phrases as ph
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
from gamekit.almamater.phrases import PHRASES
from gamekit.almamater.rules import describe, legal_actions, new_game, step
from gamekit.almamater.setup import tie_said
from gamekit.almamater.spec import make_spec
from gamekit.almamater.state import replace
from gamekit.almamater.words import name_words
from gamekit.core.errors import IllegalAction
from gamekit.core.events import Words
from gamekit.core.rng import make_rng
from tests.almamater.test_reasons import SPEC, red, table
from widgets.play_almamater import named_phrasebook

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
    "already has put onto leaves oldest drops out readied again once "
    # the words of refusals
    "you not only cannot costs cost allowed possible left empty full taken sells visit "
    "holds alone answers waiting must decide where more track end next field hand among "
    "kept cards chancellors occupied ability lectures lectured exhausted halls supply seller"
)
ENGLISH = frozenset(TEMPLATE_WORDS.split())
"""Lower-case English words of the templates (words German shares, e.g. "in", are left out)."""


def english_words(text: str) -> set[str]:
    """The English template words in ``text`` (an action's value quoted in a refusal, such
    as 'none', is data, not words)."""
    return set(re.findall(r"\b[a-z]+\b", re.sub(r"'[^']*'", "", text))) & ENGLISH


PROBES = (
    Park(1, 1),
    Park(2, 3),
    Park(1, 1, True),
    Bishop(3),
    Research(1, 2),
    Research(2, 3, True),
    Colloquium(1, "red", 1, False),
    Colloquium(2, "blue", 1, True),
    Colloquium(1, "none", 0, True),
    Colloquium(1, "red", 2, False),
    HallOfFame(1, "a1"),
    GiveLecture("Optics", "red"),
    GiveLecture("Rhetoric", "none"),
    ShelveTextbooks(3),
    ReturnBook("red"),
    ReturnBook("dictionary"),
    HireStudent(1, 1, 1, "Law clerk", "A"),
    HireStudent(2, 2, 3, "Arts tutor", "B"),
    HireProfessor(1, "Optics", "red"),
    HireProfessor(1, "Theology", "dictionary"),
    Antiquarian(1, 1, "red"),
    Antiquarian(1, 2, "none"),
    BuyTextbooks(1, 2),
    BuyTextbooks(2, 3, True),
    DraftKeep("F99"),
    DiscardFounding("F01"),
    ChooseChancellor("Nobody"),
    Pass(),
)
"""Actions tried at many positions of the played games, to meet the engine's refusals."""


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
    """Log lines as the engine's words put them, in both languages (words as the engine
    builds them: tests/almamater/test_words checks that every event has words)."""
    green, red, blue = ph.seat("green"), ph.seat("red"), ph.seat("blue")
    cases = [
        (
            Words(
                "books.give",
                player=green,
                books=ph.amount("purple", 2),
                why=Words("why.hiring", name=ph.name("Law clerk")),
            ),
            "Green gives up 2 purple books (hiring Law clerk)",
            "Grün gibt 2 lila Bücher ab (Anwerbung von Schreiber (Recht))",
        ),
        (
            Words(
                "place", player=red, masters=ph.amount("masters", 2), space=ph.space("academy_Law")
            ),
            "Red places 2 masters on Academy (Law)",
            "Rot setzt 2 Magister auf Akademie (Recht)",
        ),
        (
            Words(
                "research.blocked",
                player=blue,
                step=4,
                cost=Words("cost.students", n=2),
                why=Words("why.lab_free"),
            ),
            "Blue cannot enter research step 4 (needs 2 students): the marker stops "
            "(free step at the Laboratory)",
            "Blau kann Forschungsschritt 4 nicht betreten (braucht 2 Studenten): der Marker "
            "bleibt stehen (freier Schritt im Labor)",
        ),
    ]
    gist, text = ph.ability(SPEC, "Alberti")
    cases.append(
        (
            Words("chancellor", player=red, chancellor="Alberti", gist=gist, text=text),
            "Red chooses Alberti (lectures cost no book): your lectures cost no book",
            "Rot wählt Alberti (Vorlesungen kosten kein Buch): deine Vorlesungen kosten kein Buch",
        )
    )
    for words, english, german in cases:
        assert (PHRASES.text(words), PHRASES.text(words, "de")) == (english, german)
    # a table names the players: its phrasebook has their names for the colours
    book = named_phrasebook({"red": "Ann"})
    assert book.text(cases[1][0], "de") == "Ann setzt 2 Magister auf Akademie (Recht)"


@pytest.mark.parametrize(
    ("players", "seed", "bot"), [(2, 3, "dean"), (3, 4, "random"), (4, 5, "scholar")]
)
def test_every_event_button_and_refusal_of_a_game_is_german(
    players: int, seed: int, bot: str
) -> None:
    """Seeded games through the engine: every event, every button and the refusal of many
    illegal actions have German words (the phrasebook's, from the event's or the error's
    words) with no English word of the templates left, names from the data aside; their
    English words are the engine's text (the check can fail: the English has such words,
    and the old German table showed refusals as str(error), in English)."""
    spec = make_spec(players)
    rng = make_rng(seed)
    state = new_game(spec, seed=seed)
    lines = buttons = 0
    refusals: set[str] = set()
    n = 0
    while state.phase != "over":
        legal = legal_actions(spec, state)
        for a in legal:
            german = describe(spec, state, a, "de")
            assert not english_words(german), (german, english_words(german))
            assert english_words(describe(spec, state, a)), a  # the check can fail
            buttons += 1
        if n % 4 == 0:
            for a in PROBES:
                if a in legal:
                    continue
                with pytest.raises(IllegalAction) as refused:
                    step(spec, state, a)
                words = refused.value.words
                assert words is not None, (a, str(refused.value))
                assert PHRASES.text(words) == str(refused.value)
                assert english_words(str(refused.value)), str(refused.value)
                german = PHRASES.text(words, "de")
                assert not english_words(german), (german, english_words(german))
                refusals.add(words.kind)
        result = step(spec, state, BOTS[bot](spec, state, legal, rng))
        for event in result.events:
            assert event.words is not None, event.text
            assert PHRASES.text(event.words) == event.text
            german = PHRASES.text(event.words, "de")
            assert not english_words(german), (event.text, german)
            lines += 1
        state = result.state
        n += 1
    assert lines > 300 and buttons > 300 and len(refusals) >= 15, sorted(refusals)


def test_a_game_without_narration_builds_no_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """Simulation's fast path (narrate=False) makes no Words at all: events and their
    reasons are built only when a step narrates (the narrated game makes plenty)."""
    made: list[str] = []
    init = Words.__init__

    def counting(self: Words, kind: str, /, **fields: object) -> None:
        made.append(kind)
        init(self, kind, **fields)

    monkeypatch.setattr(Words, "__init__", counting)
    for narrate in (False, True):
        made.clear()
        spec = make_spec(3)
        state, rng = new_game(spec, seed=2), make_rng(2)
        while state.phase != "over":
            legal = legal_actions(spec, state)
            action = BOTS["random"](spec, state, legal, rng)
            state = step(spec, state, action, check=False, narrate=narrate).state
        # narrated: a few words per step (787 in this game of 114 steps, the seats' words
        # made once each)
        assert (len(made) > 300) if narrate else made == [], (len(made), made[:5])


def test_the_founding_tie_line_in_german() -> None:
    # newcomer audit 7, finding 3: the tie line names only the tied players
    two = tie_said([ph.seat("red"), ph.seat("green")], 22, [0, 1])
    assert PHRASES.text(two) == (
        "Red and Green tie at white sum 22; the seeded draw puts Red first"
    )
    assert PHRASES.text(two, "de") == (
        "Rot und Grün haben dieselbe weiße Summe 22; die gezogene Reihenfolge stellt Rot nach vorn"
    )
    three = tie_said([ph.seat("red"), ph.seat("blue"), ph.seat("green")], 15, [2, 0, 1])
    assert PHRASES.text(three) == (
        "Red, Blue and Green tie at white sum 15; the seeded draw orders them Blue, Green, Red"
    )
    book = named_phrasebook({"red": "Ann", "blue": "Bo", "green": "Cy"})
    assert book.text(three, "de") == (
        "Ann, Bo und Cy haben dieselbe weiße Summe 15; die gezogene Reihenfolge: Bo, Cy, Ann"
    )
