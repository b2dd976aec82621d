"""Alma Mater's buttons and board words in English (the default) and German.

:func:`describe` gives the words of a button, with the prices of the position
(``lang="en"`` or ``"de"``). Every sentence is a phrasebook entry (:mod:`gamekit.almamater.
phrases`, ``phrases.toml``: ``button.*`` for the buttons, ``effect.*`` and ``req.*`` for the
board) filled with words of its parts (amounts, names, spaces, chancellors' abilities,
research costs): :func:`describe_words` and :func:`button_phrase` build the words, and a
new language is a new column of the phrasebook, not new code here. The log and the
refusals are made of the same words (each event's and error's ``words``). The
game's terms come from the kit's German-English glossary
(:data:`gamekit.almamater.glossary.GLOSSARY`), so a German class reads the words of the
German rules summary. Names from the data files stay as the data spells them, except the
kit's own professors and students, which the phrasebook knows. Pure Python, no widgets.

>>> from gamekit.almamater.actions import Park
>>> from gamekit.almamater.rules import new_game
>>> from gamekit.almamater.spec import make_spec
>>> spec = make_spec(2); s = new_game(spec, seed=1)
>>> describe(spec, s, Park(masters=1, prestige=2))
'place 1 master on the Park: buy 2 prestige for 6 ducats'
>>> describe(spec, s, Park(masters=1, prestige=2), lang="de")
'1 Magister auf Park setzen: 2 Prestige für 6 Geld kaufen'
"""

from __future__ import annotations

from typing import Any

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
from gamekit.almamater.glossary import GLOSSARY
from gamekit.almamater.placements import student_price, upgrade
from gamekit.almamater.records import Gain, GloryTile, StepCost, StudentKind
from gamekit.almamater.spaces import bishop_payout, laboratory_visit
from gamekit.almamater.spec import AlmaMaterSpec, space_title
from gamekit.almamater.state import GameState
from gamekit.core.actions import Action
from gamekit.core.events import Texts, Words

LANGUAGES = ("en", "de")

GERMAN_TERMS: dict[str, str] = {english: german.split(" / ")[0] for german, english, _ in GLOSSARY}
"""English term -> German term, read from the glossary ("Prestige / Siegpunkte" -> first)."""


def __getattr__(name: str) -> Any:
    """``FACULTIES_DE``: faculty -> its German name (the phrasebook's ``faculty.*``
    entries), made at its first use, so that importing the engine does not read the
    phrasebook (a command's start-up).

    >>> from gamekit.almamater.words import FACULTIES_DE
    >>> FACULTIES_DE["Law"]
    'Recht'
    """
    if name == "FACULTIES_DE":
        table = {
            kind.removeprefix("faculty."): ph.text(Words(kind), "de")
            for kind in ph.PHRASES
            if kind.startswith("faculty.")
        }
        globals()[name] = table
        return table
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


COLOURS_DE = {"red": "rot", "blue": "blau", "green": "grün", "purple": "lila"}


def name_words(name: str, lang: str = "en") -> str:
    """A professor's or student's name from the kit's data in ``lang`` (names the kit
    does not know, e.g. from a teacher's data folder, stay as written).

    >>> name_words("Canon law", "de"), name_words("Medicine intern", "de")
    ('Kirchenrecht', 'Famulus (Medizin)')
    >>> name_words("Medicine intern"), name_words("Prof. X", "de")
    ('Medicine intern', 'Prof. X')
    """
    return ph.text(ph.name(name), check_lang(lang))


def check_lang(lang: str) -> str:
    """``lang`` if the kit speaks it, else a ``ValueError``.

    >>> check_lang("de")
    'de'
    """
    if lang not in LANGUAGES:
        raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}, got {lang!r}")
    return lang


def space_name(space: str, lang: str = "en") -> str:
    """The name of an action space in ``lang``.

    >>> space_name("bishop", "de"), space_name("academy_Law", "de"), space_name("campus_2")
    ('Bischofssitz', 'Akademie (Recht)', 'Campus row 2')
    """
    if check_lang(lang) == "en":
        return space_title(space)
    return ph.text(ph.space(space), lang)


def books(count: int, colour: str, lang: str = "en") -> str:
    """``count`` books of a player colour, or dictionaries (``colour="dictionary"``).

    >>> books(1, "red", "de"), books(2, "purple", "de"), books(2, "dictionary", "de")
    ('1 rotes Buch', '2 lila Bücher', '2 Lexika')
    """
    return ph.text(book_phrase(count, colour), check_lang(lang))


def ducats(count: int, lang: str = "en") -> str:
    """Ducats in words.

    >>> ducats(1), ducats(3, "de")
    ('1 ducat', '3 Geld')
    """
    return ph.text(ph.amount("ducats", count), check_lang(lang))


def own_textbooks(count: int, lang: str = "en") -> str:
    """Own textbooks (the player's colour) in words.

    >>> own_textbooks(1, "de"), own_textbooks(2)
    ('1 eigenes Lehrbuch', '2 own textbooks')
    """
    return ph.text(ph.amount("own_textbooks", count), check_lang(lang))


def gain_words(gain: Gain, lang: str = "en") -> str:
    """What a founding card, lecture or milestone gives, in words.

    >>> gain_words(Gain(ducats=2, textbooks=1, research=1), "de")
    '2 Geld, 1 eigenes Lehrbuch, 1 Forschungsschritt'
    """
    return ph.text(gain_phrase(gain), check_lang(lang))


def gain_phrase_board(gain: Gain) -> Texts:
    """What a student or card gives as the board says it: English as ``str(gain)``
    ("2 textbooks"), German as :func:`gain_phrase` ("2 eigene Lehrbücher")."""
    return Texts(en=gain_phrase(gain, own=False), de=gain_phrase(gain))


_UPGRADES = ("laboratory", "starting_student", "bishop", "antiquarian")


def effect_phrase(kind: StudentKind) -> Words:
    """What a student kind does, as phrasebook words (``effect.*``).

    >>> ph.text(effect_phrase(StudentKind("x", "Law", 1, "upgrade", Gain(), "bishop", 1)))
    '1 extra ducat at each visit to the Bishop'
    """
    if kind.timing == "upgrade":
        if kind.upgrade in _UPGRADES:
            return Words(f"effect.upgrade.{kind.upgrade}", n=kind.amount)
        return Words("effect.upgrade.other", upgrade=str(kind.upgrade), n=kind.amount)
    if kind.timing == "end":
        return Words("effect.end", prestige=kind.gain.prestige)
    timing = "income" if kind.timing == "income" else "hired"
    return Words(f"effect.{timing}", gain=gain_phrase_board(kind.gain))


def student_effect(kind: StudentKind, lang: str = "en") -> str:
    """What a student kind does, as the board shows it.

    >>> from gamekit.almamater.records import StudentKind
    >>> student_effect(StudentKind("x", "Law", 1, "upgrade", Gain(), "bishop", 2), "de")
    '2 Geld extra bei jedem Besuch am Bischofssitz'
    >>> student_effect(StudentKind("x", "Law", 1, "income", Gain(ducats=1)), "de")
    'bei jedem Einkommen: 1 Geld'
    """
    return ph.text(effect_phrase(kind), check_lang(lang))


def requirements_phrase(tile: GloryTile) -> Words | Texts:
    """A glory tile's requirements as phrasebook words (``req.*``; a kind the phrasebook
    does not know is named as written)."""
    parts = [
        Words(
            "req",
            kind=Words(f"req.{kind}") if f"req.{kind}" in ph.PHRASES else kind.replace("_", " "),
            n=n,
        )
        for kind, n in tile.requirements
    ]
    return ph.listed(parts) if len(parts) <= 5 else ph.joined(parts)


def requirements_words(tile: GloryTile, lang: str = "en") -> str:
    """A glory tile's requirements, as the board shows them.

    >>> tile = GloryTile("a1", "a", (("professors", 2), ("research", 4)))
    >>> requirements_words(tile), requirements_words(tile, "de")
    ('professors >= 2, research >= 4', 'Professoren >= 2, Forschungsschritte >= 4')
    """
    return ph.text(requirements_phrase(tile), check_lang(lang))


def step_words(cost: StepCost, lang: str = "en") -> str:
    """A research field's cost or requirement.

    >>> step_words(StepCost("students", 2), "de"), step_words(StepCost("ducats", 1), "de")
    ('braucht 2 Studenten', '1 Geld zahlen')
    """
    if f"cost.{cost.kind}" in ph.PHRASES:
        return ph.text(Words(f"cost.{cost.kind}", n=cost.amount), check_lang(lang))
    return str(cost)


def chancellor_words(spec: AlmaMaterSpec, name: str, lang: str = "en") -> tuple[str, str]:
    """A chancellor's gist and ability text in ``lang`` (English: the data file's words).

    >>> chancellor_words(make_spec_for_doc(), "Alberti", "de")
    ('Vorlesungen kosten kein Buch', 'deine Vorlesungen kosten kein Buch')
    """
    gist, text = ph.ability(spec, name)
    lang = check_lang(lang)
    return ph.text(gist, lang), ph.text(text, lang)


def make_spec_for_doc() -> AlmaMaterSpec:
    """The kit's 2-player spec (for the examples)."""
    from gamekit.almamater.spec import make_spec

    return make_spec(2)


# -- describe: the words of a button ------------------------------------------------------
# Every button sentence is a phrasebook entry ("button.*" in phrases.toml) filled with Words
# of its parts: a new language is a new column of the phrasebook, not new code here.
def book_phrase(count: int, colour: str) -> Words:
    """``count`` books of a player colour, or dictionaries, as words (a colour the
    phrasebook does not know is named as written).

    >>> ph.text(book_phrase(2, "gold"), "de"), ph.text(book_phrase(1, "red"))
    ('2 gold Bücher', '1 red book')
    """
    if colour == "dictionary" or f"n.{colour}" in ph.PHRASES:
        return ph.token(colour, count)
    return Words("n.colour_books", n=count, colour=colour)


def gain_phrase(gain: Gain, own: bool = True) -> Words:
    """What a founding card, lecture or milestone gives, as words (``own=False``:
    "textbooks" rather than "own textbooks", as ``str(gain)`` says it).

    >>> ph.text(gain_phrase(Gain(ducats=2, research=2))), ph.text(gain_phrase(Gain()), "de")
    ('2 ducats, 2 research steps', 'nichts')
    """
    parts = []
    if gain.ducats:
        parts.append(ph.amount("ducats", gain.ducats))
    if gain.textbooks:
        parts.append(ph.amount("own_textbooks" if own else "textbooks", gain.textbooks))
    if gain.dictionaries:
        parts.append(ph.token("dictionary", gain.dictionaries))
    if gain.prestige:
        parts.append(ph.amount("prestige", gain.prestige))
    if gain.research:
        parts.append(ph.amount("research_steps", gain.research))
    return ph.listed(parts) if parts else Words("nothing")


def _on(space: str) -> Words | Texts:
    """Where masters go, as a button names it ("the Park", "Campus row 2")."""
    if space.startswith("campus_"):
        return Words("on.campus", row=space[7:])
    if space.startswith("academy_"):
        faculty = space[8:]
        known = f"faculty.{faculty}" in ph.PHRASES
        return Words("on.academy", faculty=Words(f"faculty.{faculty}") if known else faculty)
    if f"on.{space}" in ph.PHRASES:
        return Words(f"on.{space}")
    return Texts(en=f"the {space_title(space)}", de=ph.space(space))


def _where(action: Action, space: str) -> Words:
    masters = ph.amount("masters", getattr(action, "masters", 1))
    kind = "button.where_pereira" if getattr(action, "pereira", False) else "button.where"
    return Words(kind, masters=masters, space=_on(space))


def _and(parts: list[Words]) -> Words:
    return ph.listed(parts, "and")


def _research_costs(spec: AlmaMaterSpec, state: GameState, paid: int) -> Words:
    seat = state.current
    parts: list[Words] = []
    if seat is not None and paid:
        totals = laboratory_visit(spec, state, state.players[seat], paid).spent
        kinds = {"ducats": "ducats", "textbooks": "own_textbooks", "prestige": "prestige"}
        for kind, n in totals.items():
            if kind == "dictionaries":
                parts.append(ph.token("dictionary", n))
            elif kind in kinds:
                parts.append(ph.amount(kinds[kind], n))
    return Words("research.pay", costs=_and(parts)) if parts else Words("research.nothing")


def describe_words(spec: AlmaMaterSpec, state: GameState, action: Action) -> Words | str:
    """The words of a button for ``action`` in ``state``, with this position's prices: a
    ``button.*`` entry of the phrasebook and its fields (``str(action)`` for an action the
    phrasebook has no sentence for). :func:`describe` says them in a language.

    >>> from gamekit.almamater.actions import Bishop
    >>> from gamekit.almamater.rules import new_game
    >>> spec = make_spec_for_doc(); s = new_game(spec, seed=1)
    >>> describe_words(spec, s, Bishop(1)).kind
    'button.bishop'
    """
    c = spec.components
    seat = state.current
    p = state.players[seat] if seat is not None else None
    if isinstance(action, (DraftKeep, DiscardFounding)):
        card = spec.founding[action.card]
        kind = "button.keep_card" if isinstance(action, DraftKeep) else "button.discard_card"
        return Words(kind, card=card.id, white=card.white, gain=gain_phrase(card.gain))
    if isinstance(action, ChooseChancellor):
        gist, text = ph.ability(spec, action.name)
        return Words("button.chancellor", name=action.name, gist=gist, text=text)
    if isinstance(action, Pass):
        return Words("button.pass")
    if isinstance(action, GiveLecture):
        gain = gain_phrase(c.professor(action.professor).lecture)
        paid = Words("paid.alberti") if action.book == "none" else book_phrase(1, action.book)
        return Words("button.lecture", professor=ph.name(action.professor), paid=paid, gain=gain)
    if isinstance(action, ShelveTextbooks):
        if action.count == 0:
            return Words("button.keep_books")
        return Words("button.shelve", n=action.count)
    if isinstance(action, ReturnBook):
        return Words("button.return", book=book_phrase(1, action.token))
    if isinstance(action, HireStudent):
        need, dictionaries = student_price(spec, state.reputation, action.column)
        parts = [book_phrase(n, spec.colours[col]) for col, n in sorted(need.items())]
        if dictionaries:
            parts.append(book_phrase(dictionaries, "dictionary"))
        return Words(
            "button.student",
            where=_where(action, f"campus_{action.row}"),
            student=ph.name(action.student),
            cost=ph.listed(parts),
            hall=action.hall,
        )
    if isinstance(action, BuyTextbooks):
        pay = ph.amount("ducats", action.count * c.board.starting_student_price)
        what = Words("button.for", what=ph.amount("own_textbooks", action.count), pay=pay)
        return Words("button.buy", where=_where(action, "starting_student"), what=what)
    if isinstance(action, HireProfessor):
        prof = c.professor(action.professor)
        where = _where(action, f"academy_{prof.faculty}")
        first = state.academy_paid[state.academy.index(action.professor)] is None
        pay = book_phrase(prof.books, action.pay)
        name = ph.name(action.professor)
        if first:
            ducats = ph.amount("ducats", prof.ducats)
            return Words("button.professor", where=where, professor=name, pay=pay, ducats=ducats)
        return Words("button.professor_again", where=where, professor=name, pay=pay)
    if isinstance(action, Antiquarian):
        offer = c.board.antiquarian[action.offer - 1]
        got = [book_phrase(offer.books, action.colour)] if offer.books else []
        if offer.dictionaries:
            got.append(book_phrase(offer.dictionaries, "dictionary"))
        discount = upgrade(spec, p, "antiquarian") if p is not None else 0
        pay = ph.amount("ducats", max(0, offer.ducats - discount))
        what = Words("button.for", what=_and(got), pay=pay)
        return Words("button.buy", where=_where(action, "antiquarian"), what=what)
    if isinstance(action, Research):
        where = _where(action, "laboratory")
        if not action.paid_steps:
            return Words("button.research", where=where)
        # a paid step onto a field that only has a requirement costs nothing (rule 8)
        costs = _research_costs(spec, state, action.paid_steps)
        return Words("button.research_paid", where=where, paid=action.paid_steps, costs=costs)
    if isinstance(action, Park):
        pay = ph.amount("ducats", action.prestige * c.board.park_price)
        what = Words("button.for", what=ph.amount("prestige", action.prestige), pay=pay)
        return Words("button.buy", where=_where(action, "park"), what=what)
    if isinstance(action, Bishop):
        payout = bishop_payout(spec, action.masters)
        if p is not None:
            payout += upgrade(spec, p, "bishop")
            if spec.ability_of["bishop_bonus"] in p.abilities:
                payout += c.chancellor(spec.ability_of["bishop_bonus"]).amount
        pay = ph.amount("ducats", payout)
        return Words("button.bishop", where=_where(action, "bishop"), pay=pay)
    if isinstance(action, Colloquium):
        parts = []
        if action.books:
            seller = state.players[spec.colour_index(action.seller)]
            shelf = seller.shelves[-1]
            full = [i for i in range(len(shelf) - 1, -1, -1) if shelf[i]][: action.books]
            pay = ph.amount("ducats", sum(c.shelves.prices[i] for i in full))
            what = book_phrase(action.books, action.seller)
            parts.append(Words("button.for", what=what, pay=pay))
        if action.dictionary:
            what, pay = book_phrase(1, "dictionary"), ph.amount("ducats", c.board.dictionary_price)
            parts.append(Words("button.for", what=what, pay=pay))
        return Words("button.buy", where=_where(action, "colloquium"), what=_and(parts))
    if isinstance(action, HallOfFame):
        where = _where(action, "hall_of_fame")
        i = state.glory.index(action.tile)
        ch = state.bust_chancellors[i] if i < len(state.bust_chancellors) else ""
        if not ch:
            return Words("button.hall", where=where, tile=action.tile)
        gist = ph.ability(spec, ch)[0]
        return Words("button.hall_bust", where=where, tile=action.tile, chancellor=ch, gist=gist)
    return str(action)


def describe(spec: AlmaMaterSpec, state: GameState, action: Action, lang: str = "en") -> str:
    """The words of a button for ``action`` in ``state``, with this position's prices
    (:func:`describe_words` in ``lang``).

    >>> from gamekit.almamater.actions import Antiquarian
    >>> from gamekit.almamater.rules import new_game
    >>> spec = make_spec_for_doc(); s = new_game(spec, seed=1)
    >>> describe(spec, s, Antiquarian(1, 1, "red"))
    'place 1 master on the Antiquarian: buy 3 red books for 3 ducats'
    >>> describe(spec, s, Antiquarian(1, 1, "red"), "de")
    '1 Magister auf Antiquariat setzen: 3 rote Bücher für 3 Geld kaufen'
    """
    return ph.text(describe_words(spec, state, action), check_lang(lang))


def button_phrase(spec: AlmaMaterSpec, state: GameState, action: Action) -> Words | str:
    """The short words of a decision button as phrasebook words (see :func:`button_words`).

    >>> from gamekit.almamater.rules import new_game
    >>> spec = make_spec_for_doc(); s = new_game(spec, seed=1)
    >>> button_phrase(spec, s, ShelveTextbooks(2))
    Words(kind='button.shelve_short', fields=(('n', 2),))
    """
    if isinstance(action, (DraftKeep, DiscardFounding)):
        card = spec.founding[action.card]
        kind = "button.keep_short" if isinstance(action, DraftKeep) else "button.discard_short"
        return Words(kind, card=card.id, white=card.white, gain=gain_phrase(card.gain))
    if isinstance(action, ChooseChancellor):
        gist = ph.ability(spec, action.name)[0]
        return Words("button.chancellor_short", name=action.name, gist=gist)
    if isinstance(action, ShelveTextbooks) and action.count:
        return Words("button.shelve_short", n=action.count)
    if isinstance(action, ReturnBook):
        return Words("button.return_short", book=book_phrase(1, action.token))
    return describe_words(spec, state, action)


def button_words(spec: AlmaMaterSpec, state: GameState, action: Action, lang: str = "en") -> str:
    """The short words of a decision button: what :func:`describe` says, without what the
    board and the status line already show, so that a whole decision (4 founding cards,
    say) fits a 1280x720 projector in the play panel. Founding cards keep their number and
    what they give ("pass the rest" is the status line's), a chancellor its gist (the board
    shows the card in full), a storage choice its count. Other actions: :func:`describe`.

    >>> from gamekit.almamater.rules import new_game
    >>> spec = make_spec_for_doc(); s = new_game(spec, seed=1)
    >>> card = s.players[0].hand[0]
    >>> describe(spec, s, DraftKeep(card))
    'keep founding card F02 (white number 1: 1 own textbook) and pass the rest'
    >>> button_words(spec, s, DraftKeep(card))
    'keep F02 (white 1): 1 own textbook'
    >>> button_words(spec, s, ChooseChancellor("Alberti"), "de")
    'Alberti wählen: Vorlesungen kosten kein Buch'
    >>> button_words(spec, s, ShelveTextbooks(2))
    'put 2 into the library (sale shelf), the rest into storage'
    """
    return ph.text(button_phrase(spec, state, action), check_lang(lang))


def action_words(spec: AlmaMaterSpec, state: GameState, action: Action) -> Texts:
    """An action in a refusal's words: English as ``str(action)``, German as its button
    says it (or, where no button can say it, e.g. a glory tile not in play, "diese Aktion").

    >>> from gamekit.almamater.actions import Pass
    >>> from gamekit.almamater.rules import new_game
    >>> from gamekit.almamater.spec import make_spec
    >>> ph.text(action_words(make_spec(2), new_game(make_spec(2), seed=1), Pass()), "de")
    'für den Rest der Runde passen'
    """
    try:
        german: Words | str = describe_words(spec, state, action)
    except (KeyError, ValueError, TypeError, IndexError, AttributeError):
        german = Words("this_action")
    if isinstance(german, str):  # not an action of Alma Mater (another game's): no words
        german = Words("this_action_of", kind=type(action).__name__)
    return Texts(en=str(action), de=german)
