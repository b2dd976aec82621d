"""Alma Mater's words as data: the phrasebook (``phrases.toml`` in this folder) and the
helpers that put the engine's facts into :class:`~gamekit.core.events.Words`.

Every log line of the engine is a kind and its fields (``Words("ducats.pay",
player=Words("seat.red"), amount=6, why=Words("why.park"))``); its English text, the log
as it always read, is :data:`PHRASES` put into English, and a German table puts the same
words into German. Refusals carry words the same way (:func:`said`). Names from the data
files stay as the data spells them, except the kit's own professors and students, which
the phrasebook knows (:func:`name`).

>>> w = Words("ducats.pay", player=Words("seat.red"), amount=6, why=Words("why.park"))
>>> PHRASES.text(w), PHRASES.text(w, "de")
('Red pays 6 ducats (the Park)', 'Rot zahlt 6 Geld (Park)')
>>> PHRASES.text(name("Medicine intern"), "de"), name("Prof. X")
('Famulus (Medizin)', 'Prof. X')
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from gamekit.core.errors import IllegalAction
from gamekit.core.events import Line, Phrasebook, Texts, Words

PHRASES_FILE = Path(__file__).with_name("phrases.toml")
PHRASES = Phrasebook.read(PHRASES_FILE, lazy=True)  # read and checked at its first use
"""Alma Mater's phrasebook: every kind of event, reason and refusal in English and German."""


def text(words: Words | Texts | str, lang: str = "en") -> str:
    """``words`` in ``lang`` (a plain string stays as it is).

    >>> text(Words("pass", player=Words("seat.blue")), "de"), text("as written")
    ('Blau passt', 'as written')
    >>> text(Texts(en="a bonus", de=Words("why.park")), "de")
    'Park'
    """
    if isinstance(words, Texts):
        return text(words.get(lang), lang)
    return words if isinstance(words, str) else PHRASES.text(words, lang)


@cache
def seat(colour: str) -> Words:
    """The words of the player of ``colour`` (the log names players by their colour).

    >>> text(seat("green")), text(seat("green"), "de")
    ('Green', 'Grün')
    """
    return Words(f"seat.{colour}")


@lru_cache(maxsize=1024)
def name(name: str) -> Words | str:
    """A professor's or student's name: :class:`Words` for the kit's own names (German in
    the phrasebook), the name as written for any other (a teacher's data folder).

    >>> text(name("Canon law"), "de"), text(name("Law clerk"), "de"), name("Dr. Who")
    ('Kirchenrecht', 'Schreiber (Recht)', 'Dr. Who')
    """
    if f"professor.{name}" in PHRASES:
        return Words(f"professor.{name}")
    faculty, _, role = name.partition(" ")
    if f"faculty.{faculty}" in PHRASES and f"role.{role}" in PHRASES:
        return Words("student", faculty=Words(f"faculty.{faculty}"), role=Words(f"role.{role}"))
    return name


@lru_cache(maxsize=1024)
def space(space: str) -> Words | str:
    """An action space's name (``campus_2``, ``academy_Law``, ``park``).

    >>> text(space("campus_2")), text(space("academy_Law"), "de"), text(space("bishop"), "de")
    ('Campus row 2', 'Akademie (Recht)', 'Bischofssitz')
    """
    if space.startswith("campus_"):
        return Words("space.campus", row=space[7:])
    if space.startswith("academy_"):
        faculty = space[8:]
        known = f"faculty.{faculty}" in PHRASES
        return Words("space.academy", faculty=Words(f"faculty.{faculty}") if known else faculty)
    return Words(f"space.{space}") if f"space.{space}" in PHRASES else space


@lru_cache(maxsize=1024, typed=True)
def amount(kind: str, n: int) -> Words:
    """``n`` of a resource: ``ducats``, ``own_textbooks``, ``dictionaries``, ``prestige``,
    ``masters``, a player colour's books (``red``), ... (the ``n.*`` kinds). Words are
    immutable, so these, the names and the spaces are made once and shared (the engine
    says them in every step; ``typed``: ``True`` is not ``1``).

    >>> text(amount("red", 2)), text(amount("red", 1), "de"), text(amount("dictionaries", 2), "de")
    ('2 red books', '1 rotes Buch', '2 Lexika')
    """
    return Words(f"n.{kind}", n=n)


def token(token: str, n: int) -> Words:
    """``n`` books of a player colour, or dictionaries (``token="dictionary"``).

    >>> text(token("dictionary", 1)), text(token("blue", 3))
    ('1 dictionary', '3 blue books')
    """
    return amount("dictionaries" if token == "dictionary" else token, n)


def listed(items: Sequence[Any], joined: str = "list") -> Words:
    """Up to 5 items as one list (``"list"``: commas; ``"and"``: "A, B and C").

    >>> text(listed([seat("red"), seat("blue")])), text(listed(["A", "B", "C"], "and"), "de")
    ('Red, Blue', 'A, B und C')
    """
    return Words(f"{joined}.{len(items)}", **dict(zip("abcde", items, strict=False)))


def ability(spec: Any, chancellor: str) -> tuple[Texts | str, Texts | str]:
    """A chancellor's gist and ability text: in English the data file's own words (a
    teacher may edit them), in German the phrasebook's words for its ``ability`` key and
    amount (a key the phrasebook does not know stays as the data writes it).

    >>> from gamekit.almamater.spec import make_spec
    >>> gist, ability_text = ability(make_spec(2), "Alberti")
    >>> text(Words("chancellor", player="Bo", chancellor="Alberti", gist=gist, text=ability_text))
    'Bo chooses Alberti (lectures cost no book): your lectures cost no book'
    >>> text(gist, "de")
    'Vorlesungen kosten kein Buch'
    """
    ch = spec.components.chancellor(chancellor)
    if f"gist.{ch.ability}" not in PHRASES or f"ability.{ch.ability}" not in PHRASES:
        return ch.gist, ch.text
    return (
        Texts(en=ch.gist, de=Words(f"gist.{ch.ability}", n=ch.amount)),
        Texts(en=ch.text, de=Words(f"ability.{ch.ability}", n=ch.amount)),
    )


def joined(items: Sequence[Any]) -> Texts:
    """Any number of items joined by commas, in each language (for a refusal's list of
    choices: colours, professors in play, cards in a hand).

    >>> items = joined([Words("colour.red"), "F01", name("Optics")])
    >>> str(items), text(items, "de")
    ('red, F01, Optics', 'rot, F01, Optik')
    """
    return Texts(**{lang: ", ".join(text(i, lang) for i in items) for lang in ("en", "de")})


def colours(spec: Any) -> Texts:
    """The player colours of ``spec`` as a list (``red, blue``).

    >>> from gamekit.almamater.spec import make_spec
    >>> text(colours(make_spec(2)), "de")
    'rot, blau'
    """
    return joined([Words(f"colour.{c}") if f"colour.{c}" in PHRASES else c for c in spec.colours])


def one(token: str) -> Words | str:
    """One book of a colour, or a dictionary, without a count ("red book").

    >>> text(one("red"), "de"), one("gold")
    ('rotes Buch', 'gold book')
    """
    return Words(f"a.{token}") if f"a.{token}" in PHRASES else f"{token} book"


def need(kind: str, n: int) -> Words | str:
    """A glory-tile or research-field requirement: ``n`` and its kind.

    >>> text(need("students", 3)), text(need("professors", 1), "de")
    ('3 students in your lecture halls', '1 Professor')
    """
    return Words(f"need.{kind}", n=n) if f"need.{kind}" in PHRASES else f"{n} {kind}"


def said(kind: str, **fields: Any) -> Line:
    """A reason as English text that keeps its words (a refusal's reason: ``str`` as
    always, ``.words`` for a table in another language).

    >>> reason = said("n.ducats", n=2)
    >>> reason, reason.words.kind
    ('2 ducats', 'n.ducats')
    """
    words = Words(kind, **fields)
    return Line(PHRASES.text(words), words)


def refused(kind: str, action: object = None, /, **fields: Any) -> IllegalAction:
    """An :class:`~gamekit.core.errors.IllegalAction` whose reason is the phrasebook's
    ``kind`` (``str(error)`` in English, ``error.words`` for any language).

    >>> error = refused("no.over")
    >>> str(error), PHRASES.text(error.words, "de")
    ('the game is over', 'das Spiel ist vorbei')
    """
    return PHRASES.refused(Words(kind, **fields), action)


__all__ = [
    "PHRASES",
    "PHRASES_FILE",
    "Line",
    "Texts",
    "Words",
    "ability",
    "amount",
    "colours",
    "joined",
    "listed",
    "name",
    "need",
    "one",
    "refused",
    "said",
    "seat",
    "space",
    "text",
    "token",
]
