"""German-English glossary of Alma Mater terms, as the rules summary and the kit use them.

>>> glossary_frame().iloc[0].tolist()
['Magister', 'master', 'a worker you place on action spaces']
"""

from __future__ import annotations

from typing import Any

GLOSSARY: tuple[tuple[str, str, str], ...] = (
    ("Magister", "master", "a worker you place on action spaces"),
    ("Bücherregal", "bookshelf", "7 per colour: 6 in the library, 1 sale shelf"),
    ("Bibliothek", "library", "your shelves; each book there pays 1 ducat at income"),
    ("Verkaufsregal", "sale shelf", "the shelf at the right that other players buy from"),
    ("Regalfach", "compartment", "one place for a book on a shelf, with a price and prestige"),
    ("Lager", "storage", "books you hold; the limit, 6 to 12 books, grows with your students"),
    ("Lehrbuch", "textbook", "a book in a player's colour"),
    ("Lexikon", "dictionary", "a yellow book; hires professors and the best students"),
    ("Vorrat", "supply", "the common stock: unlimited books, 20 dictionaries"),
    ("Student", "student", "a tile hired on the campus into a lecture hall"),
    ("Start-Student", "starting student", "the student printed on your board: buy own textbooks"),
    ("Hörsaal", "lecture hall", "rows A (top) and B (below) of student slots"),
    ("Professor", "professor", "a card hired in the academy; gives lectures"),
    ("Vorlesung", "lecture", "pay one book to use a ready professor, who is then exhausted"),
    ("Rektor", "chancellor", "a character with an ability; chosen at setup or won with a bust"),
    ("Ruhmeshalle", "hall of fame", "the space where glory tiles are met for busts"),
    ("Ruhmesplättchen", "glory tile", "a set of requirements; meet them all to take a bust"),
    ("Büste", "bust", "taken at the hall of fame; scores 3 / 7 / 12 for 1 / 2 / 3"),
    ("Forschungsleiste", "research track", "15 steps on 5 research cards A-E"),
    ("Forschungskarte", "research card", "3 steps of the research track and a milestone"),
    ("Meilenstein", "milestone", "the end of a research level; scored x professors"),
    ("Labor", "laboratory", "action space: one free research step, then up to 3 paid"),
    ("Bücherreputation", "book reputation", "each colour's rank, read from the research track"),
    ("Gründungskarte", "founding card", "drafted at setup: white number and starting resources"),
    ("Akademie", "academy", "action space: hire professors"),
    ("Antiquariat", "antiquarian", "action space: buy books and dictionaries for 3 to 9 ducats"),
    ("Park", "park", "action space: buy prestige for ducats"),
    ("Bischofssitz", "bishop", "action space: ducats and next round's turn order"),
    ("Kolloquium", "colloquium", "action space: buy books from other players' sale shelves"),
    ("Campus", "campus", "action space: hire students by rows and price columns"),
    ("Geld", "ducats", "money"),
    ("Prestige / Siegpunkte", "prestige", "victory points"),
    ("Gründungsphase", "founding phase", "setup: draft, chancellors, library, resources"),
    ("Aktionsphase", "action phase", "place masters or give lectures until all pass"),
    (
        "Verwaltungsphase",
        "administration phase",
        "turn order, storage, reputation, ready, masters back",
    ),
    ("Einkommensphase", "income phase", "library, students, reputation"),
    ("Spielerreihenfolge", "turn order", "set by the founding draft, then by the Bishop"),
    (
        "Tutor / Preisplättchen",
        "tutor / price tile",
        "in the box; their use is not public, so the kit leaves them out",
    ),
)


def glossary_frame() -> Any:
    """The glossary as a tidy ``pandas.DataFrame`` (columns german, english, meaning).

    >>> glossary_frame().columns.tolist()
    ['german', 'english', 'meaning']
    """
    import pandas as pd

    return pd.DataFrame(list(GLOSSARY), columns=["german", "english", "meaning"])
