"""Words of the Alma Mater boards in English (the default) and German (``lang="de"``).

The game's own terms (spaces, resources, phases) come from the kit's German-English
glossary and the engine's phrasebook (``gamekit/almamater/phrases.toml``; action buttons
through :mod:`gamekit.almamater.words`), so a German class sees the words of the German
rule book. The log and the reasons for refused actions are data (each event's and error's
``words``), which the table puts into its language with the same phrasebook
(:func:`widgets.play_almamater.named_phrasebook`); the rest of the interface is translated
here.

>>> term("hall of fame", "de"), term("hall of fame")
('Ruhmeshalle', 'Hall of fame')
>>> space_name("academy_Law", "de"), space_name("campus_2", "de")
('Akademie (Recht)', 'Campus Reihe 2')
>>> words("de")["research_title"]
'Forschungsleiste'
"""

from __future__ import annotations

from typing import Any

from gamekit.almamater import phrases as ph
from gamekit.almamater.phases import PHASES
from gamekit.almamater.words import (
    FACULTIES_DE,
    GERMAN_TERMS,
    LANGUAGES,
    check_lang,
    gain_phrase,
    space_name,
)

__all__ = [
    "FACULTIES_DE",
    "GERMAN_TERMS",
    "LANGUAGES",
    "amount",
    "bot_name",
    "check_lang",
    "gain_text",
    "phase_words",
    "score_rule",
    "space_name",
    "term",
    "words",
]

# Resource words: the phrasebook's amounts (gamekit/almamater/phrases.toml, "n.*")
_AMOUNTS = {
    "ducats": "ducats",
    "textbooks": "textbooks",
    "dictionaries": "dictionaries",
    "prestige": "prestige",
    "research": "research_steps",
    "books": "books",
    "masters": "masters",
}

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "round": "Round {round} of {rounds}",
        "setup": "Setup",
        "turn_order": "turn order:",
        "passed": "passed",
        "campus_title": "Campus: hire students",
        "price_corner": "price: books of each colour (gold: dictionaries), by reputation",
        "column": "column {n}",
        "free": "free",
        "left": "{n} left",
        "academy_title": "Academy: hire professors",
        "lecture": "lecture: {x}",
        "prestige_left": "{p} prestige · {n} left",
        "spaces_title": "Action spaces",
        "any_masters": "any number of masters",
        "next_masters": "next: {n} {masters}",
        "research_title": "Research track",
        "milestone": "milestone: {x}",
        "at_start": "at the start: ",
        "reputation_title": "Book reputation",
        "rep_note": "income {i} · end {f} prestige",
        "hall_title": "Hall of fame",
        "glory": "glory tile {t} (level {l})",
        "bust": "bust: {c}",
        "bust_left": "bust: {c}, {g} ({n} left)",
        "after_chancellors": "(after the chancellors are chosen)",
        "prestige": "prestige",
        "ducats": "ducats",
        "masters_free": "masters free",
        "research": "research",
        "hall_a": "Lecture hall A",
        "hall_b": "Lecture hall B",
        "library": "Library (6 shelves) and sale shelf",
        "for_sale": "for sale",
        "storage": "Storage ({used} held, limit {limit}): ",
        "storage_over": "over the limit: books go back at administration",
        "empty": "empty",
        "professors": "Professors",
        "none_yet": "none yet",
        "ready": "ready",
        "exhausted": "exhausted",
        "chancellor": "Chancellor",
        "bust_ability": "Bust ability",
        "busts": "Busts: {x}",
        "founding_card": "Founding card",
        "white": "white number",
        "kept": "Founding cards kept",
        "draft_title": "Founding cards: {name} chooses",
        "chancellor_title": "Chancellors: {name} chooses",
        "draft_hint": (
            "keep one with the buttons in the panel; the white numbers decide the turn order"
        ),
        "chancellor_hint": "choose one with the buttons in the panel",
        "gives": "gives",
        "nothing": "nothing",
        "skip": "Skip to the actions",
        "dictionary_one": "dictionary",
        "dictionary_many": "dictionaries",
        "master_one": "master",
        "master_many": "masters",
        "round_now": "Round {n}",
        "lectures": "Lectures",
        "own_student": "Starting student (own board)",
        "purse": "{d} ducats · {f}/{m} masters free",
        "passed_note": " · passed",
        "score_now": "score if the game ended now: {n}",
        "books_line": "books in storage: {books}; in the library: {library}",
        "no_books": "none",
        "final_headline": "Final score: {n} prestige",
        "final_note": "{track} on the prestige track + {end} from the final scoring",
        "game_over": "Game over. Winner: {winners} ({scores} prestige)",
        "and": "and",
        "colour_red": "red",
        "colour_blue": "blue",
        "colour_green": "green",
        "colour_purple": "purple",
        "manage_label": "Place masters or lecture",
        "pass_question": (
            "{who}: pass for the rest of the round? {who} places no more masters and gives "
            "no more lectures until the next round."
        ),
        "pass_yes": "Yes, pass for the rest of the round",
        "pass_no": "No, keep playing",
        "setup_title": "New game: players, bots, a round or time limit",
        "new_game_note": "A new game: {names}.",
        "end_now": "End the game now",
        "end_now_tip": "end the game here, the winner by the score so far (asks first)",
        "round_limit": "round limit",
        "game_over_early": "Game over ({why}). Winner by the score so far: {winners} "
        "({scores} prestige)",
        "score_name": "score so far",
        # the setup form's words (widgets/table.py SetupForm; English: its defaults)
        "setup_players": "Players",
        "setup_person": "a person",
        "setup_rounds": "Round limit (0: none)",
        "setup_minutes": "Time limit in minutes (0: none)",
        "setup_start": "Start the new game",
        "setup_start_tip": "the game in play ends; Save it first to keep it",
        "setup_player": "Player {n}",
    },
    "de": {
        "round": "Runde {round} von {rounds}",
        "setup": GERMAN_TERMS["founding phase"],
        "turn_order": GERMAN_TERMS["turn order"] + ":",
        "passed": "gepasst",
        "campus_title": "Campus: Studenten anwerben",
        "price_corner": "Preis: Bücher jeder Farbe (Gold: Lexika), nach Bücherreputation",
        "column": "Spalte {n}",
        "free": "frei",
        "left": "noch {n}",
        "academy_title": GERMAN_TERMS["academy"] + ": Professoren berufen",
        "lecture": GERMAN_TERMS["lecture"] + ": {x}",
        "prestige_left": "{p} Prestige · noch {n}",
        "spaces_title": "Aktionsfelder",
        "any_masters": "beliebig viele Magister",
        "next_masters": "nächste: {n} {masters}",
        "research_title": GERMAN_TERMS["research track"],
        "milestone": GERMAN_TERMS["milestone"] + ": {x}",
        "at_start": "am Start: ",
        "reputation_title": GERMAN_TERMS["book reputation"],
        "rep_note": "Einkommen {i} · Ende {f} Prestige",
        "hall_title": GERMAN_TERMS["hall of fame"],
        "glory": GERMAN_TERMS["glory tile"] + " {t} (Stufe {l})",
        "bust": GERMAN_TERMS["bust"] + ": {c}",
        "bust_left": GERMAN_TERMS["bust"] + ": {c}, {g} (noch {n})",
        "after_chancellors": "(nach der Wahl der Rektoren)",
        "prestige": "Prestige",
        "ducats": GERMAN_TERMS["ducats"],
        "masters_free": "Magister frei",
        "research": "Forschung",
        "hall_a": GERMAN_TERMS["lecture hall"] + " A",
        "hall_b": GERMAN_TERMS["lecture hall"] + " B",
        "library": GERMAN_TERMS["library"] + " (6 Regale) und " + GERMAN_TERMS["sale shelf"],
        "for_sale": "zu verkaufen",
        "storage": GERMAN_TERMS["storage"] + " ({used} von höchstens {limit}): ",
        "storage_over": "über der Grenze: Bücher gehen in der Verwaltungsphase zurück",
        "empty": "leer",
        "professors": "Professoren",
        "none_yet": "noch keine",
        "ready": "bereit",
        "exhausted": "erschöpft",
        "chancellor": GERMAN_TERMS["chancellor"],
        "bust_ability": "Fähigkeit der Büste",
        "busts": "Büsten: {x}",
        "founding_card": GERMAN_TERMS["founding card"],
        "white": "weiße Zahl",
        "kept": "Behaltene Gründungskarten",
        "draft_title": "Gründungskarten: {name} wählt",
        "chancellor_title": "Rektoren: {name} wählt",
        "draft_hint": (
            "eine mit den Knöpfen rechts behalten; "
            "die weißen Zahlen bestimmen die Spielerreihenfolge"
        ),
        "chancellor_hint": "einen mit den Knöpfen rechts wählen",
        "gives": "gibt",
        "nothing": "nichts",
        "skip": "Zu den Aktionen springen",
        "dictionary_one": "Lexikon",
        "dictionary_many": "Lexika",
        "master_one": "Magister",
        "master_many": "Magister",
        "round_now": "Runde {n}",
        "lectures": "Vorlesungen",
        "own_student": GERMAN_TERMS["starting student"] + " (eigene Universität)",
        "purse": "{d} Geld · {f}/{m} Magister frei",
        "passed_note": " · gepasst",
        "score_now": "Wertung bei Spielende jetzt: {n}",
        "books_line": "Bücher im Lager: {books}; in der Bibliothek: {library}",
        "no_books": "keine",
        "final_headline": "Endstand: {n} Prestige",
        "final_note": "{track} auf der Prestigeleiste + {end} aus der Schlusswertung",
        "game_over": "Spielende. Gewinner: {winners} ({scores} Prestige)",
        "and": "und",
        "colour_red": "rot",
        "colour_blue": "blau",
        "colour_green": "grün",
        "colour_purple": "lila",
        "manage_label": "Magister einsetzen oder Vorlesung halten",
        "pass_question": (
            "{who}: für den Rest der Runde passen? {who} setzt bis zur nächsten Runde keine "
            "Magister mehr ein und hält keine Vorlesungen mehr."
        ),
        "pass_yes": "Ja, für den Rest der Runde passen",
        "pass_no": "Nein, weiterspielen",
        "setup_title": "Neues Spiel: Spieler, Bots, Runden- oder Zeitlimit",
        "new_game_note": "Ein neues Spiel: {names}.",
        "end_now": "Spiel jetzt beenden",
        "end_now_tip": "das Spiel hier beenden; es gewinnt der bisherige Punktestand (fragt "
        "zuerst)",
        "round_limit": "Rundenlimit",
        "game_over_early": "Spielende ({why}). Gewinner nach dem bisherigen Punktestand: "
        "{winners} ({scores} Prestige)",
        "score_name": "bisherigen Punktestand",
        "setup_players": "Spieler",
        "setup_person": "ein Mensch",
        "setup_rounds": "Rundenlimit (0: keines)",
        "setup_minutes": "Zeitlimit in Minuten (0: keines)",
        "setup_start": "Neues Spiel beginnen",
        "setup_start_tip": "das laufende Spiel endet; vorher speichern, um es zu behalten",
        "setup_player": "Spieler {n}",
    },
}

_PHASES = {
    "en": {  # and the phases' descriptions from the engine's phase table (below)
        "shelve": "put new own textbooks in the library or in storage",
        "return": "storage is over its limit: choose a book to return",
    },
    "de": {
        "draft": GERMAN_TERMS["founding phase"] + ": eine Karte behalten, den Rest weitergeben",
        "discard": GERMAN_TERMS["founding phase"] + ": eine von vier abwerfen",
        "chancellor": "einen Rektor wählen",
        "action": GERMAN_TERMS["action phase"] + ": Magister einsetzen oder Vorlesung halten",
        "administration": GERMAN_TERMS["administration phase"],
        "income": GERMAN_TERMS["income phase"],
        "over": "das Spiel ist zu Ende",
        "shelve": "neue eigene Lehrbücher in die Bibliothek oder ins Lager legen",
        "return": "das Lager ist zu voll: ein Buch zurücklegen",
    },
}


#: The bots' strategies in German (a bot badge: "Bot: Gelehrter"); English: the names.
BOT_NAMES_DE = {"greedy": "gierig", "scholar": "Gelehrter", "dean": "Dekan", "random": "Zufall"}

#: The final scoring's lines (the engine's English names) in German, for the score chart.
SCORE_RULES_DE = {
    "1. textbooks left (any player colour), 1 ducat each": (
        "1. übrige Lehrbücher (jede Spielerfarbe), je 1 Geld"
    ),
    "2. every 4 ducats, 1 prestige": "2. je 4 Geld 1 Prestige",
    "3. dictionaries, 1 prestige each": "3. Lexika, je 1 Prestige",
    "4. book reputation rank": "4. Rang der Bücherreputation",
    "5. milestones x professors": "5. Meilensteine x Professoren",
    "6. professors' printed prestige": "6. aufgedrucktes Prestige der Professoren",
    "7. Mathematics students": "7. Mathematik-Studenten",
    "8. students in row A x students in row B": "8. Studenten in Reihe A x Studenten in Reihe B",
    "9. busts": "9. Büsten",
    "prestige during play": "Prestige während des Spiels",
}


def bot_name(strategy: str, lang: str = "en") -> str:
    """A bot's strategy as its badge says it.

    >>> bot_name("scholar", "de"), bot_name("scholar")
    ('Gelehrter', 'scholar')
    """
    return BOT_NAMES_DE.get(strategy, strategy) if check_lang(lang) == "de" else strategy


def score_rule(rule: str, lang: str = "en") -> str:
    """A line of the final scoring in ``lang`` (a name the kit does not know stays).

    >>> score_rule("9. busts", "de")
    '9. Büsten'
    """
    return SCORE_RULES_DE.get(rule, rule) if check_lang(lang) == "de" else rule


# the engine's phase table says what happens in each phase (English)
_PHASES["en"].update((phase.name, phase.description) for phase in PHASES.phases)


def words(lang: str = "en") -> dict[str, str]:
    """The interface words (format templates) for ``lang``.

    >>> words()["hall_title"]
    'Hall of fame'
    """
    return dict(_WORDS[check_lang(lang)])


def term(english: str, lang: str = "en") -> str:
    """A glossary term in ``lang`` (English capitalised as a title).

    >>> term("antiquarian", "de")
    'Antiquariat'
    """
    if check_lang(lang) == "de":
        return GERMAN_TERMS[english]
    return english[:1].upper() + english[1:]


def phase_words(phase: str, lang: str = "en") -> str:
    """What a phase (or a waiting decision, ``"shelve"`` or ``"return"``) asks for.

    >>> phase_words("income", "de")
    'Einkommensphase'
    """
    return _PHASES[check_lang(lang)].get(phase, phase)


def amount(n: int, resource: str, lang: str = "en") -> str:
    """``n`` of a resource in words.

    >>> amount(1, "dictionaries", "de"), amount(3, "research")
    ('1 Lexikon', '3 research steps')
    """
    return ph.text(ph.amount(_AMOUNTS[resource], n), check_lang(lang))


def gain_text(gain: Any, lang: str = "en") -> str:
    """A ``Gain`` (ducats, textbooks, ...) in words; the engine's order of resources.

    >>> from gamekit.almamater.records import Gain
    >>> gain_text(Gain(ducats=5, textbooks=2), "de")
    '5 Geld, 2 Lehrbücher'
    """
    return ph.text(gain_phrase(gain, own=False), check_lang(lang))
