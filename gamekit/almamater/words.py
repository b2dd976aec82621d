"""The phrasebook: Alma Mater's actions and log lines in English (the default) and German.

The game's terms come from the kit's German-English glossary
(:data:`gamekit.almamater.glossary.GLOSSARY`), so a German class reads the words of the
German rules summary. :func:`describe` gives the words of a button, with the prices of the
position (``lang="en"`` or ``"de"``); :func:`event_text` puts an engine log line into
German. Names from the data files (students, professors, chancellors) stay as the data
spells them, like proper names. Pure Python, no widgets.

>>> from gamekit.almamater.actions import Park
>>> from gamekit.almamater.rules import new_game
>>> from gamekit.almamater.spec import make_spec
>>> spec = make_spec(2); s = new_game(spec, seed=1)
>>> describe(spec, s, Park(masters=1, prestige=2))
'place 1 master on the Park: buy 2 prestige for 6 ducats'
>>> describe(spec, s, Park(masters=1, prestige=2), lang="de")
'1 Magister auf Park setzen: 2 Prestige für 6 Geld kaufen'
>>> event_text("Red pays 6 ducats (the Park)", "de")
'Rot zahlt 6 Geld (Park)'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

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

LANGUAGES = ("en", "de")

GERMAN_TERMS: dict[str, str] = {english: german.split(" / ")[0] for german, english, _ in GLOSSARY}
"""English term -> German term, read from the glossary ("Prestige / Siegpunkte" -> first)."""

FACULTIES_DE = {"Arts": "Artes", "Medicine": "Medizin", "Law": "Recht", "Mathematics": "Mathematik"}

COLOURS_DE = {"red": "rot", "blue": "blau", "green": "grün", "purple": "lila"}
# adjective endings before "Buch" (neuter, singular) and "Bücher" (plural); lila does not decline
_COLOUR_FORMS = {
    "red": ("rotes", "rote"),
    "blue": ("blaues", "blaue"),
    "green": ("grünes", "grüne"),
    "purple": ("lila", "lila"),
}

_SPACE_TERMS = {
    "antiquarian": "antiquarian",
    "laboratory": "laboratory",
    "park": "park",
    "hall_of_fame": "hall of fame",
    "bishop": "bishop",
    "colloquium": "colloquium",
    "starting_student": "starting student",
}

ABILITIES_DE: dict[str, tuple[str, str]] = {
    "library_income": (
        "Bibliothekseinkommen x{n}",
        "das Bibliothekseinkommen wird mit {n} malgenommen",
    ),
    "row_b_bonus": (
        "Bonus für Studenten in Reihe B",
        "{n} Geld für jeden Studenten, den du in Reihe B setzt",
    ),
    "bishop_bonus": (
        "Bonus am Bischofssitz",
        "{n} Geld extra, wann immer du Magister auf den Bischofssitz setzt",
    ),
    "use_as_another": (
        "ein Aktionsfeld wie ein anderes nutzen",
        "einmal pro Runde die Aktion eines besetzten Feldes mit {n} Magister auf Pereira "
        "nutzen (die Zahl auf dem Feld bleibt)",
    ),
    "sale_bonus": (
        "Bonus, wenn deine Bücher verkauft werden",
        "{n} Geld extra aus dem Vorrat für jedes deiner Bücher, das im Kolloquium verkauft wird",
    ),
    "research_bonus": (
        "Forschungsbonus",
        "{n} freier Forschungsschritt extra bei jedem Besuch im Labor",
    ),
    "research_bonus many": (
        "Forschungsbonus",
        "{n} freie Forschungsschritte extra bei jedem Besuch im Labor",
    ),
    "founding_bonus": (
        "bessere Gründungskarten",
        "erhalte auch die Startressourcen deiner abgeworfenen Gründungskarte "
        "(beim Aufbau, oder sofort, wenn später erhalten)",
    ),
    "free_lectures": ("Vorlesungen kosten kein Buch", "deine Vorlesungen kosten kein Buch"),
    "ready_professor": (
        "einen erschöpften Professor bereit machen",
        "einmal pro Runde ist der Professor deiner ersten Vorlesung sofort wieder bereit",
    ),
    "ready_professor many": (
        "erschöpfte Professoren bereit machen",
        "in jeder Runde sind die Professoren deiner ersten {n} Vorlesungen sofort wieder bereit",
    ),
    "fewer_masters": (
        "weniger Magister auf besetzten Feldern",
        "auf einem besetzten Feld brauchst du {n} Magister weniger als andere "
        "(so viele wie sein letzter Nutzer)",
    ),
    "fewer_masters many": (
        "weniger Magister auf besetzten Feldern",
        "auf einem besetzten Feld brauchst du {n} Magister weniger als andere "
        "(aber immer mindestens einen)",
    ),
}
"""A chancellor's ability (the data's ``ability`` key) in German: gist and text, ``{n}``
for the chancellor's amount (the key ``"<ability> many"``: the words for an amount not 1).
The English words are the data file's ``gist`` and ``text``."""


PROFESSORS_DE = {
    "Rhetoric": "Rhetorik",
    "Philosophy": "Philosophie",
    "History": "Geschichte",
    "Music": "Musik",
    "Anatomy": "Anatomie",
    "Surgery": "Chirurgie",
    "Pharmacy": "Pharmazie",
    "Botany": "Botanik",
    "Canon law": "Kirchenrecht",
    "Civil law": "Zivilrecht",
    "Notary": "Notariat",
    "Theology": "Theologie",
    "Arithmetic": "Arithmetik",
    "Geometry": "Geometrie",
    "Astronomy": "Astronomie",
    "Optics": "Optik",
}
"""German names of the kit's professor types (a data folder's own names stay as written)."""

STUDENT_ROLES_DE = {
    "freshman": "Erstsemester",
    "scholar": "Gelehrter",
    "orator": "Redner",
    "laureate": "Laureat",
    "intern": "Famulus",
    "researcher": "Forscher",
    "clerk": "Schreiber",
    "advocate": "Advokat",
    "tutor": "Tutor",
    "geometer": "Geometer",
}
"""German words for the kit's student kinds, named "<faculty> <role>" in the data."""


def name_words(name: str, lang: str = "en") -> str:
    """A professor's or student's name from the kit's data in ``lang`` (names the kit
    does not know, e.g. from a teacher's data folder, stay as written).

    >>> name_words("Canon law", "de"), name_words("Medicine intern", "de")
    ('Kirchenrecht', 'Famulus (Medizin)')
    >>> name_words("Medicine intern"), name_words("Prof. X", "de")
    ('Medicine intern', 'Prof. X')
    """
    if check_lang(lang) == "en":
        return name
    if name in PROFESSORS_DE:
        return PROFESSORS_DE[name]
    faculty, _, role = name.partition(" ")
    if faculty in FACULTIES_DE and role in STUDENT_ROLES_DE:
        return f"{STUDENT_ROLES_DE[role]} ({FACULTIES_DE[faculty]})"
    return name


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
    if space.startswith("campus_"):
        return f"{GERMAN_TERMS['campus']} Reihe {space[7:]}"
    if space.startswith("academy_"):
        faculty = space[8:]
        return f"{GERMAN_TERMS['academy']} ({FACULTIES_DE.get(faculty, faculty)})"
    if space in _SPACE_TERMS:
        return GERMAN_TERMS[_SPACE_TERMS[space]]
    return space_title(space)


def _n(count: int, one: str, many: str | None = None) -> str:
    return f"{count} {one if count == 1 else many or one + 's'}"


def books(count: int, colour: str, lang: str = "en") -> str:
    """``count`` books of a player colour, or dictionaries (``colour="dictionary"``).

    >>> books(1, "red", "de"), books(2, "purple", "de"), books(2, "dictionary", "de")
    ('1 rotes Buch', '2 lila Bücher', '2 Lexika')
    """
    if check_lang(lang) == "de":
        if colour == "dictionary":
            return _n(count, GERMAN_TERMS["dictionary"], "Lexika")
        one, many = _COLOUR_FORMS.get(colour, (colour, colour))
        return f"{count} {one} Buch" if count == 1 else f"{count} {many} Bücher"
    if colour == "dictionary":
        return _n(count, "dictionary", "dictionaries")
    return _n(count, f"{colour} book")


def ducats(count: int, lang: str = "en") -> str:
    """Ducats in words.

    >>> ducats(1), ducats(3, "de")
    ('1 ducat', '3 Geld')
    """
    return f"{count} {GERMAN_TERMS['ducats']}" if check_lang(lang) == "de" else _n(count, "ducat")


def own_textbooks(count: int, lang: str = "en") -> str:
    """Own textbooks (the player's colour) in words.

    >>> own_textbooks(1, "de"), own_textbooks(2)
    ('1 eigenes Lehrbuch', '2 own textbooks')
    """
    if check_lang(lang) == "de":
        return f"{count} eigenes Lehrbuch" if count == 1 else f"{count} eigene Lehrbücher"
    return _n(count, "own textbook")


def gain_words(gain: Gain, lang: str = "en") -> str:
    """What a founding card, lecture or milestone gives, in words.

    >>> gain_words(Gain(ducats=2, textbooks=1, research=1), "de")
    '2 Geld, 1 eigenes Lehrbuch, 1 Forschungsschritt'
    """
    de = check_lang(lang) == "de"
    parts = []
    if gain.ducats:
        parts.append(ducats(gain.ducats, lang))
    if gain.textbooks:
        parts.append(own_textbooks(gain.textbooks, lang))
    if gain.dictionaries:
        parts.append(books(gain.dictionaries, "dictionary", lang))
    if gain.prestige:
        parts.append(f"{gain.prestige} Prestige" if de else f"{gain.prestige} prestige")
    if gain.research:
        parts.append(
            _n(gain.research, "Forschungsschritt", "Forschungsschritte")
            if de
            else _n(gain.research, "research step")
        )
    return ", ".join(parts) if parts else ("nichts" if de else "nothing")


def student_effect(kind: StudentKind, lang: str = "en") -> str:
    """What a student kind does, as the board shows it.

    >>> from gamekit.almamater.records import StudentKind
    >>> student_effect(StudentKind("x", "Law", 1, "upgrade", Gain(), "bishop", 2), "de")
    '2 Geld extra bei jedem Besuch am Bischofssitz'
    >>> student_effect(StudentKind("x", "Law", 1, "income", Gain(ducats=1)), "de")
    'bei jedem Einkommen: 1 Geld'
    """
    if check_lang(lang) == "en":
        return kind.effect_text()
    n = kind.amount
    if kind.timing == "upgrade":
        upgrades = {
            "laboratory": f"{_n(n, 'freier Forschungsschritt', 'freie Forschungsschritte')} "
            "extra bei jedem Besuch im Labor",
            "starting_student": f"{own_textbooks(n, 'de')} extra bei jedem Besuch beim "
            "Start-Studenten",
            "bishop": f"{ducats(n, 'de')} extra bei jedem Besuch am Bischofssitz",
            "antiquarian": f"Angebote im Antiquariat kosten {ducats(n, 'de')} weniger",
        }
        return upgrades.get(str(kind.upgrade), kind.effect_text())
    if kind.timing == "end":
        return f"bei Spielende: {kind.gain.prestige} Prestige"
    if kind.timing == "income":
        return f"bei jedem Einkommen: {gain_words(kind.gain, 'de')}"
    return f"beim Anwerben: {gain_words(kind.gain, 'de')}"


REQUIREMENTS_DE = {
    "students": "Studenten",
    "row_a": "Studenten in Reihe A",
    "row_b": "Studenten in Reihe B",
    "professors": "Professoren",
    "research": "Forschungsschritte",
    "milestones": "Meilensteine",
    "ducats": "Geld",
    "dictionaries": "Lexika",
    "faculties": "Fakultäten",
    "prestige": "Prestige",
}


def requirements_words(tile: GloryTile, lang: str = "en") -> str:
    """A glory tile's requirements, as the board shows them.

    >>> tile = GloryTile("a1", "a", (("professors", 2), ("research", 4)))
    >>> requirements_words(tile), requirements_words(tile, "de")
    ('professors >= 2, research >= 4', 'Professoren >= 2, Forschungsschritte >= 4')
    """
    if check_lang(lang) == "en":
        return str(tile)
    return ", ".join(f"{REQUIREMENTS_DE.get(kind, kind)} >= {n}" for kind, n in tile.requirements)


def step_words(cost: StepCost, lang: str = "en") -> str:
    """A research field's cost or requirement.

    >>> step_words(StepCost("students", 2), "de"), step_words(StepCost("ducats", 1), "de")
    ('braucht 2 Studenten', '1 Geld zahlen')
    """
    return _cost_de(str(cost)) if check_lang(lang) == "de" else str(cost)


def chancellor_words(spec: AlmaMaterSpec, name: str, lang: str = "en") -> tuple[str, str]:
    """A chancellor's gist and ability text in ``lang`` (English: the data file's words).

    >>> chancellor_words(make_spec_for_doc(), "Alberti", "de")
    ('Vorlesungen kosten kein Buch', 'deine Vorlesungen kosten kein Buch')
    """
    ch = spec.components.chancellor(name)
    if check_lang(lang) == "de" and ch.ability in ABILITIES_DE:
        many = f"{ch.ability} many"
        gist, text = ABILITIES_DE[many if ch.amount != 1 and many in ABILITIES_DE else ch.ability]
        return gist.format(n=ch.amount), text.format(n=ch.amount)
    return ch.gist, ch.text


def make_spec_for_doc() -> AlmaMaterSpec:
    """The kit's 2-player spec (for the examples)."""
    from gamekit.almamater.spec import make_spec

    return make_spec(2)


# -- describe: the words of a button ------------------------------------------------------
def _where(spec: AlmaMaterSpec, action: Action, space: str, lang: str) -> str:
    masters = getattr(action, "masters", 1)
    pereira = getattr(action, "pereira", False)
    if lang == "de":
        name = space_name(space, "de")
        if pereira:
            return f"{masters} Magister auf Pereira setzen, um {name} zu nutzen: "
        return f"{masters} Magister auf {name} setzen: "
    name, the = space_title(space), "the "
    if space.startswith("campus_"):
        the = ""
    elif space.startswith("academy_"):
        name = "Academy"
    elif space == "starting_student":
        name = "starting student"
    if pereira:
        return f"place {_n(masters, 'master')} on Pereira to use {the}{name}: "
    return f"place {_n(masters, 'master')} on {the}{name}: "


def _price_list(parts: list[str], lang: str) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    joiner = " und " if lang == "de" else " and "
    return ", ".join(parts[:-1]) + joiner + parts[-1]


def _research_costs(spec: AlmaMaterSpec, state: GameState, paid: int, lang: str) -> str:
    seat = state.current
    if seat is None or not paid:
        return ""
    totals = laboratory_visit(spec, state, state.players[seat], paid).spent
    parts = []
    for kind, n in totals.items():
        if kind == "ducats":
            parts.append(ducats(n, lang))
        elif kind == "textbooks":
            parts.append(own_textbooks(n, lang))
        elif kind == "dictionaries":
            parts.append(books(n, "dictionary", lang))
        elif kind == "prestige":
            parts.append(f"{n} Prestige" if lang == "de" else f"{n} prestige")
    return _price_list(parts, lang)


def describe(spec: AlmaMaterSpec, state: GameState, action: Action, lang: str = "en") -> str:
    """The words of a button for ``action`` in ``state``, with this position's prices.

    >>> from gamekit.almamater.actions import Antiquarian
    >>> from gamekit.almamater.rules import new_game
    >>> spec = make_spec_for_doc(); s = new_game(spec, seed=1)
    >>> describe(spec, s, Antiquarian(1, 1, "red"))
    'place 1 master on the Antiquarian: buy 2 red books for 3 ducats'
    >>> describe(spec, s, Antiquarian(1, 1, "red"), "de")
    '1 Magister auf Antiquariat setzen: 2 rote Bücher für 3 Geld kaufen'
    """
    de = check_lang(lang) == "de"
    c = spec.components
    seat = state.current
    p = state.players[seat] if seat is not None else None
    if isinstance(action, (DraftKeep, DiscardFounding)):
        card = spec.founding[action.card]
        holds = f"{card.white}: {gain_words(card.gain, lang)}"
        if isinstance(action, DraftKeep):
            if de:
                return f"Gründungskarte {card.id} behalten (weiße Zahl {holds}), Rest weitergeben"
            return f"keep founding card {card.id} (white number {holds}) and pass the rest"
        if de:
            return f"Gründungskarte {card.id} abwerfen (weiße Zahl {holds})"
        return f"discard founding card {card.id} (white number {holds})"
    if isinstance(action, ChooseChancellor):
        gist, text = chancellor_words(spec, action.name, lang)
        if de:
            return f"Rektor {action.name} wählen ({gist}: {text})"
        return f"choose chancellor {action.name} ({gist}: {text})"
    if isinstance(action, Pass):
        return "für den Rest der Runde passen" if de else "pass for the rest of the round"
    if isinstance(action, GiveLecture):
        gain = gain_words(c.professor(action.professor).lecture, lang)
        if action.book == "none":
            paid = "kein Buch (Alberti)" if de else "no book (Alberti)"
        else:
            paid = books(1, action.book, lang)
        if de:
            return (
                f"Vorlesung von {name_words(action.professor, lang)}: {paid} zahlen, bringt {gain}"
            )
        return f"give a lecture: {action.professor} (pay {paid}; gain {gain})"
    if isinstance(action, ShelveTextbooks):
        if de:
            if action.count == 0:
                return "die neuen eigenen Lehrbücher im Lager behalten"
            return (
                f"{own_textbooks(action.count, lang)} in die Bibliothek (Verkaufsregal) "
                "stellen, den Rest ins Lager"
            )
        return str(action)
    if isinstance(action, ReturnBook):
        if de:
            return (
                f"{books(1, action.token, lang)} in den Vorrat zurücklegen (Lager über der Grenze)"
            )
        return str(action)
    if isinstance(action, HireStudent):
        where = _where(spec, action, f"campus_{action.row}", lang)
        need, dictionaries = student_price(spec, state.reputation, action.column)
        parts = [books(n, spec.colours[col], lang) for col, n in sorted(need.items())]
        if dictionaries:
            parts.append(books(dictionaries, "dictionary", lang))
        cost = ", ".join(parts)
        if de:
            who = name_words(action.student, lang)
            return f"{where}{who} anwerben, in Reihe {action.hall} (Preis: {cost})"
        return f"{where}hire {action.student} (price: {cost}) into row {action.hall}"
    if isinstance(action, BuyTextbooks):
        where = _where(spec, action, "starting_student", lang)
        pay = ducats(action.count * c.board.starting_student_price, lang)
        if de:
            return f"{where}{own_textbooks(action.count, lang)} für {pay} kaufen"
        return f"{where}buy {own_textbooks(action.count, lang)} for {pay}"
    if isinstance(action, HireProfessor):
        prof = c.professor(action.professor)
        where = _where(spec, action, f"academy_{prof.faculty}", lang)
        first = state.academy_paid[state.academy.index(action.professor)] is None
        pay = books(prof.books, action.pay, lang)
        if de:
            extra = f" und {ducats(prof.ducats, lang)}" if first else " wie der erste Käufer"
            return f"{where}{name_words(action.professor, lang)} berufen ({pay}{extra} zahlen)"
        extra = f" and {ducats(prof.ducats, lang)}" if first else ", as the first buyer paid"
        return f"{where}hire {action.professor} (pay {pay}{extra})"
    if isinstance(action, Antiquarian):
        offer = c.board.antiquarian[action.offer - 1]
        where = _where(spec, action, "antiquarian", lang)
        got = [books(offer.books, action.colour, lang)] if offer.books else []
        if offer.dictionaries:
            got.append(books(offer.dictionaries, "dictionary", lang))
        discount = upgrade(spec, p, "antiquarian") if p is not None else 0
        pay = ducats(max(0, offer.ducats - discount), lang)
        if de:
            return f"{where}{_price_list(got, lang)} für {pay} kaufen"
        return f"{where}buy {_price_list(got, lang)} for {pay}"
    if isinstance(action, Research):
        where = _where(spec, action, "laboratory", lang)
        # a paid step onto a field that only has a requirement costs nothing (rule 8)
        costs = _research_costs(spec, state, action.paid_steps, lang)
        if de:
            steps = "bezahlter Schritt" if action.paid_steps == 1 else "bezahlte Schritte"
            costs = costs or "nichts zu zahlen"
            paid = f" + {action.paid_steps} {steps} ({costs})" if action.paid_steps else ""
            return f"{where}freier Forschungsschritt{paid}"
        costs = f"pay {costs}" if costs else "nothing to pay"
        paid = f" + {action.paid_steps} paid ({costs})" if action.paid_steps else ""
        return f"{where}free research step{paid}"
    if isinstance(action, Park):
        where = _where(spec, action, "park", lang)
        pay = ducats(action.prestige * c.board.park_price, lang)
        if de:
            return f"{where}{action.prestige} Prestige für {pay} kaufen"
        return f"{where}buy {action.prestige} prestige for {pay}"
    if isinstance(action, Bishop):
        where = _where(spec, action, "bishop", lang).rstrip(": ")
        payout = bishop_payout(spec, action.masters)
        if p is not None:
            payout += upgrade(spec, p, "bishop")
            if spec.ability_of["bishop_bonus"] in p.abilities:
                payout += c.chancellor(spec.ability_of["bishop_bonus"]).amount
        if de:
            return f"{where} (bringt {ducats(payout, lang)}; bestimmt die Spielerreihenfolge)"
        return f"{where} (gain {ducats(payout, lang)}; sets the turn order)"
    if isinstance(action, Colloquium):
        where = _where(spec, action, "colloquium", lang)
        parts = []
        if action.books:
            seller = state.players[spec.colour_index(action.seller)]
            shelf = seller.shelves[-1]
            full = [i for i in range(len(shelf) - 1, -1, -1) if shelf[i]][: action.books]
            pay = ducats(sum(c.shelves.prices[i] for i in full), lang)
            what = books(action.books, action.seller, lang)
            parts.append(f"{what} für {pay}" if de else f"{what} for {pay}")
        if action.dictionary:
            what, pay = books(1, "dictionary", lang), ducats(c.board.dictionary_price, lang)
            parts.append(f"{what} für {pay}" if de else f"{what} for {pay}")
        if de:
            return f"{where}{_price_list(parts, lang)} kaufen"
        return f"{where}buy {_price_list(parts, lang)}"
    if isinstance(action, HallOfFame):
        where = _where(spec, action, "hall_of_fame", lang)
        i = state.glory.index(action.tile)
        ch = state.bust_chancellors[i] if i < len(state.bust_chancellors) else ""
        gist = f" ({ch}: {chancellor_words(spec, ch, lang)[0]})" if ch else ""
        if de:
            return f"{where}Büste von Ruhmesplättchen {action.tile} nehmen{gist}"
        return f"{where}take the bust of glory tile {action.tile}{gist}"
    return str(action)


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
    'keep founding card F02 (white number 1: 5 ducats, 2 own textbooks) and pass the rest'
    >>> button_words(spec, s, DraftKeep(card))
    'keep F02 (white 1): 5 ducats, 2 own textbooks'
    >>> button_words(spec, s, ChooseChancellor("Alberti"), "de")
    'Alberti wählen: Vorlesungen kosten kein Buch'
    >>> button_words(spec, s, ShelveTextbooks(2))
    'put 2 into the library (sale shelf), the rest into storage'
    """
    de = check_lang(lang) == "de"
    if isinstance(action, (DraftKeep, DiscardFounding)):
        card = spec.founding[action.card]
        gives = gain_words(card.gain, lang)
        if de:
            verb = "behalten" if isinstance(action, DraftKeep) else "abwerfen"
            return f"{card.id} {verb} (weiße Zahl {card.white}): {gives}"
        verb = "keep" if isinstance(action, DraftKeep) else "discard"
        return f"{verb} {card.id} (white {card.white}): {gives}"
    if isinstance(action, ChooseChancellor):
        gist = chancellor_words(spec, action.name, lang)[0]
        return f"{action.name} wählen: {gist}" if de else f"choose {action.name}: {gist}"
    if isinstance(action, ShelveTextbooks) and action.count:
        if de:
            return f"{action.count} in die Bibliothek (Verkaufsregal), den Rest ins Lager"
        return f"put {action.count} into the library (sale shelf), the rest into storage"
    if isinstance(action, ReturnBook):
        if de:
            return f"{books(1, action.token, lang)} in den Vorrat zurücklegen"
        return f"return {books(1, action.token, lang)} to the supply"
    return describe(spec, state, action, lang)


# -- event_text: a log line in German ------------------------------------------------------
_P = r"(?P<who>[A-Z][a-z]+)"
_WHY_PATTERNS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]] = []
_LINE_PATTERNS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]] = []


def _why(pattern: str) -> Callable[[Callable[[re.Match[str]], str]], Callable[..., str]]:
    def add(fn: Callable[[re.Match[str]], str]) -> Callable[[re.Match[str]], str]:
        _WHY_PATTERNS.append((re.compile(pattern + "$"), fn))
        return fn

    return add


def _line(pattern: str) -> Callable[[Callable[[re.Match[str]], str]], Callable[..., str]]:
    def add(fn: Callable[[re.Match[str]], str]) -> Callable[[re.Match[str]], str]:
        _LINE_PATTERNS.append((re.compile("^" + pattern + "$"), fn))
        return fn

    return add


_FIXED_WHY = {
    "starting ducats": "Startgeld",
    "the Antiquarian": "Antiquariat",
    "the Park": "Park",
    "free step at the Laboratory": "freier Schritt im Labor",
    "paid step at the Laboratory": "bezahlter Schritt im Labor",
    "library income": "Bibliothekseinkommen",
    "own textbooks at the starting student": "eigene Lehrbücher beim Start-Studenten",
    "bought at the starting student": "beim Start-Studenten gekauft",
    "bought at the Colloquium": "im Kolloquium gekauft",
    "dictionary at the Colloquium": "Lexikon im Kolloquium",
    "over the storage limit": "über der Lagergrenze",
    "own textbooks go straight into the library": "eigene Lehrbücher direkt in die Bibliothek",
    "students' upgrade of the Bishop": "Verbesserung des Bischofssitzes durch Studenten",
    "students' upgrade of the starting student": (
        "Verbesserung des Start-Studenten durch Studenten"
    ),
    "Erasmus at the Bishop": "Erasmus am Bischofssitz",
    "Biringuccio: student in row B": "Biringuccio: Student in Reihe B",
    "Marschalk: book sold": "Marschalk: Buch verkauft",
    "book sold from the sale shelf": "Buch aus dem Verkaufsregal verkauft",
}


@_why(r"founding card (?P<card>\S+)")
def _w_card(m: re.Match[str]) -> str:
    return f"Gründungskarte {m['card']}"


@_why(r"Glareanus: discarded card (?P<card>\S+)")
def _w_glareanus(m: re.Match[str]) -> str:
    return f"Glareanus: abgeworfene Karte {m['card']}"


@_why(r"lecture by (?P<x>.+)")
def _w_lecture(m: re.Match[str]) -> str:
    return f"Vorlesung von {m['x']}"


@_why(r"hiring (?P<x>.+)")
def _w_hiring(m: re.Match[str]) -> str:
    return f"Anwerbung von {m['x']}"


@_why(r"first buyer of (?P<x>.+)")
def _w_first(m: re.Match[str]) -> str:
    return f"erster Käufer von {m['x']}"


@_why(r"(?P<x>.+)'s bonus")
def _w_bonus(m: re.Match[str]) -> str:
    return f"Bonus von {m['x']}"


@_why(r"(?P<x>.+)'s income")
def _w_income(m: re.Match[str]) -> str:
    return f"Einkommen von {m['x']}"


@_why(r"(?P<n>\d+) masters? at the Bishop")
def _w_bishop(m: re.Match[str]) -> str:
    return f"{m['n']} Magister am Bischofssitz"


@_why(r"book bought from " + _P)
def _w_bought(m: re.Match[str]) -> str:
    return f"Buch von {m['who']} gekauft"


@_why(r"book sold to " + _P)
def _w_sold(m: re.Match[str]) -> str:
    return f"Buch an {m['who']} verkauft"


@_why(r"research step (?P<n>\d+)")
def _w_step(m: re.Match[str]) -> str:
    return f"Forschungsschritt {m['n']}"


@_why(r"milestone (?P<x>\S+)")
def _w_milestone(m: re.Match[str]) -> str:
    return f"Meilenstein {m['x']}"


@_why(r"book reputation rank (?P<n>\d+)")
def _w_rank(m: re.Match[str]) -> str:
    return f"Bücherreputation Rang {m['n']}"


@_why(r"reached (?P<n>\d+) prestige")
def _w_reached(m: re.Match[str]) -> str:
    return f"{m['n']} Prestige erreicht"


@_why(r"student in marked slot (?P<x>\S+)")
def _w_slot(m: re.Match[str]) -> str:
    return f"Student auf markiertem Platz {m['x']}"


@_why(r"met glory tile (?P<x>\S+)")
def _w_glory(m: re.Match[str]) -> str:
    return f"Ruhmesplättchen {m['x']} erfüllt"


def why_text(why: str, lang: str = "de") -> str:
    """The reason in a log line's brackets, in ``lang``.

    >>> why_text("lecture by Optics"), why_text("the Park", "en")
    ('Vorlesung von Optics', 'the Park')
    """
    if check_lang(lang) == "en":
        return why
    if why in _FIXED_WHY:
        return _FIXED_WHY[why]
    for pattern, fn in _WHY_PATTERNS:
        m = pattern.match(why)
        if m:
            return fn(m)
    return why


def _cost_de(cost: str) -> str:
    """``str(StepCost)`` in German: 'needs 2 students' -> 'braucht 2 Studenten'."""
    m = re.match(r"(needs|pay) (\d+) (.+)$", cost)
    if not m:
        return cost
    verb, n, what = m[1], int(m[2]), m[3]
    nouns = {
        "student": "Student",
        "students": "Studenten",
        "professor": "Professor",
        "professors": "Professoren",
        "ducat": "Geld",
        "ducats": "Geld",
        "own textbook": "eigenes Lehrbuch",
        "own textbooks": "eigene Lehrbücher",
        "dictionary": "Lexikon",
        "dictionaries": "Lexika",
        "prestige": "Prestige",
    }
    word = nouns.get(what, what)
    return f"braucht {n} {word}" if verb == "needs" else f"{n} {word} zahlen"


def _amount_de(n: int, what: str) -> str:
    """'2 blue books' / '1 own textbook' / '3 dictionaries' as German amounts."""
    what = what.strip()
    if what in ("own textbook", "own textbooks"):
        return own_textbooks(n, "de")
    if what in ("dictionary", "dictionaries"):
        return books(n, "dictionary", "de")
    colour = what.split(" ")[0]
    return books(n, colour, "de")


@_line(_P + r" (?P<verb>gains|pays) (?P<n>\d+) ducats? \((?P<why>.+)\)")
def _l_ducats(m: re.Match[str]) -> str:
    verb = "erhält" if m["verb"] == "gains" else "zahlt"
    return f"{m['who']} {verb} {m['n']} Geld ({why_text(m['why'])})"


@_line(_P + r" (?P<verb>scores|loses) (?P<n>\d+) prestige \((?P<why>.+)\)")
def _l_prestige(m: re.Match[str]) -> str:
    verb = "erhält" if m["verb"] == "scores" else "verliert"
    return f"{m['who']} {verb} {m['n']} Prestige ({why_text(m['why'])})"


@_line(
    _P + r" (?P<verb>takes|gives up) (?P<n>\d+) (?P<what>own textbooks?|\w+ books?|"
    r"dictionary|dictionaries) \((?P<why>.+)\)"
)
def _l_books(m: re.Match[str]) -> str:
    what = _amount_de(int(m["n"]), m["what"])
    if m["verb"] == "takes":
        return f"{m['who']} nimmt {what} ({why_text(m['why'])})"
    return f"{m['who']} gibt {what} ab ({why_text(m['why'])})"


@_line(
    _P + r" cannot enter research step (?P<n>\d+) \((?P<cost>[^)]+)\): the marker stops "
    r"\((?P<why>.+)\)"
)
def _l_blocked(m: re.Match[str]) -> str:
    return (
        f"{m['who']} kann Forschungsschritt {m['n']} nicht betreten ({_cost_de(m['cost'])}): "
        f"der Marker bleibt stehen ({why_text(m['why'])})"
    )


@_line(_P + r" moves to research step (?P<n>\d+) \((?P<why>.+)\)")
def _l_research(m: re.Match[str]) -> str:
    return f"{m['who']} rückt auf Forschungsschritt {m['n']} vor ({why_text(m['why'])})"


@_line(_P + r" already has (?P<n>\d+) masters \((?P<why>.+)\)")
def _l_has_masters(m: re.Match[str]) -> str:
    return f"{m['who']} hat schon {m['n']} Magister ({why_text(m['why'])})"


@_line(_P + r" gains an extra master \((?P<why>.+)\)")
def _l_extra(m: re.Match[str]) -> str:
    return f"{m['who']} erhält einen zusätzlichen Magister ({why_text(m['why'])})"


@_line(_P + r" puts (?P<n>\d+) textbooks? onto the sale shelf \((?P<why>.+)\)")
def _l_shelve(m: re.Match[str]) -> str:
    n = int(m["n"])
    what = f"{n} Lehrbuch" if n == 1 else f"{n} Lehrbücher"
    return f"{m['who']} stellt {what} ins Verkaufsregal ({why_text(m['why'])})"


@_line(_P + r" passes")
def _l_pass(m: re.Match[str]) -> str:
    return f"{m['who']} passt"


@_line(_P + r" places (?P<n>\d+) masters? on Pereira to use (?P<space>.+)")
def _l_pereira(m: re.Match[str]) -> str:
    space = _space_de(m["space"])
    return f"{m['who']} setzt {m['n']} Magister auf Pereira, um {space} zu nutzen"


@_line(_P + r" places (?P<n>\d+) masters? on (?P<space>.+)")
def _l_place(m: re.Match[str]) -> str:
    return f"{m['who']} setzt {m['n']} Magister auf {_space_de(m['space'])}"


_TITLES = {
    space_title(s): s for s in ("antiquarian", "laboratory", "park", "hall_of_fame", "bishop")
}
_TITLES.update(
    {space_title(s): s for s in ("colloquium", "starting_student")},
)


def _space_de(title: str) -> str:
    """A space title of the log (``space_title``) in German."""
    m = re.match(r"Campus row (\d+)$", title)
    if m:
        return space_name(f"campus_{m[1]}", "de")
    m = re.match(r"Academy \((\w+)\)$", title)
    if m:
        return space_name(f"academy_{m[1]}", "de")
    return space_name(_TITLES[title], "de") if title in _TITLES else title


_FIXED_LINES = {
    "administration phase": GERMAN_TERMS["administration phase"],
    "income phase": GERMAN_TERMS["income phase"],
    "the game ends: final scoring": "das Spiel endet: Schlusswertung",
    "the remaining founding cards are passed to the left": (
        "die übrigen Gründungskarten werden nach links weitergegeben"
    ),
    "each player takes the last card passed to them": (
        "alle nehmen die letzte Karte, die ihnen weitergegeben wurde"
    ),
    "administration 4: exhausted professors are readied": (
        "Verwaltung 4: erschöpfte Professoren werden wieder bereit"
    ),
    "administration 5: all masters return to their owners": (
        "Verwaltung 5: alle Magister kehren zurück"
    ),
    "administration 6: that was the last round": "Verwaltung 6: das war die letzte Runde",
}


@_line(r"the library: (?P<n>\d+) empty shelves and an empty sale shelf per player")
def _l_library(m: re.Match[str]) -> str:
    return f"die Bibliothek: {m['n']} leere Regale und ein leeres Verkaufsregal je Spieler"


@_line(r"round (?P<n>\d+): action phase")
def _l_round(m: re.Match[str]) -> str:
    return f"Runde {m['n']}: {GERMAN_TERMS['action phase']}"


@_line(r"round (?P<n>\d+) begins")
def _l_round_begins(m: re.Match[str]) -> str:
    return f"Runde {m['n']} beginnt"


@_line(_P + r" keeps a founding card")
def _l_keep(m: re.Match[str]) -> str:
    return f"{m['who']} behält eine Gründungskarte"


@_line(_P + r" discards a founding card")
def _l_discard(m: re.Match[str]) -> str:
    return f"{m['who']} wirft eine Gründungskarte ab"


@_line(_P + r" reveals (?P<cards>.+): white sum (?P<n>\d+)")
def _l_reveal(m: re.Match[str]) -> str:
    return f"{m['who']} deckt {m['cards']} auf: weiße Summe {m['n']}"


@_line(
    r"(?P<who>.+) tie at white sum (?P<n>\d+); the seeded draw "
    r"(?:puts (?P<first>\S+) first|orders them (?P<x>.+))"
)
def _l_ties(m: re.Match[str]) -> str:
    who = f"{m['who'].replace(' and ', ' und ')} haben dieselbe weiße Summe {m['n']}"
    if m["first"]:
        return f"{who}; die gezogene Reihenfolge stellt {m['first']} nach vorn"
    return f"{who}; die gezogene Reihenfolge: {m['x']}"


@_line(r"turn order: (?P<x>.+)")
def _l_order(m: re.Match[str]) -> str:
    return f"{GERMAN_TERMS['turn order']}: {m['x']}"


@_line(r"glory tile (?P<t>\S+): bust stack under (?P<ch>.+)")
def _l_stack(m: re.Match[str]) -> str:
    return f"{GERMAN_TERMS['glory tile']} {m['t']}: Büstenstapel unter {m['ch']}"


@_line(_P + r" has (?P<x>.+) give a lecture")
def _l_lecture(m: re.Match[str]) -> str:
    return f"{m['who']} lässt {m['x']} eine Vorlesung halten"


@_line(r"Paracelsus: (?P<x>.+) is readied again at once")
def _l_paracelsus(m: re.Match[str]) -> str:
    return f"Paracelsus: {m['x']} ist sofort wieder bereit"


@_line(_P + r" hires professor (?P<x>.+)")
def _l_professor(m: re.Match[str]) -> str:
    return f"{m['who']} beruft Professor {m['x']}"


@_line(_P + r" hires (?P<x>.+) into lecture-hall slot (?P<slot>\S+)")
def _l_student(m: re.Match[str]) -> str:
    return f"{m['who']} wirbt {m['x']} an, auf Hörsaalplatz {m['slot']}"


@_line(_P + r"'s book leaves the sale shelf")
def _l_book_leaves(m: re.Match[str]) -> str:
    return f"ein Buch von {m['who']} verlässt das Verkaufsregal"


@_line(_P + r"'s oldest library shelf drops out with (?P<n>\d+) books?")
def _l_drop(m: re.Match[str]) -> str:
    books = "1 Buch" if m["n"] == "1" else f"{m['n']} Büchern"
    return f"das älteste Bibliotheksregal von {m['who']} fällt mit {books} heraus"


@_line(
    _P + r" decides how many of the new own textbooks \(up to (?P<n>\d+)\) go straight "
    r"into the library"
)
def _l_decides(m: re.Match[str]) -> str:
    return (
        f"{m['who']} entscheidet, wie viele der neuen eigenen Lehrbücher (bis zu {m['n']}) "
        "direkt in die Bibliothek gehen"
    )


@_line(_P + r" keeps the new own textbooks in storage")
def _l_keeps_storage(m: re.Match[str]) -> str:
    return f"{m['who']} behält die neuen eigenen Lehrbücher im Lager"


@_line(
    _P
    + r" is (?P<n>\d+) over the storage limit of (?P<limit>\d+) and chooses the books that go back"
)
def _l_over(m: re.Match[str]) -> str:
    return (
        f"{m['who']} ist {m['n']} über der Lagergrenze von {m['limit']} und wählt die "
        "Bücher, die zurückgehen"
    )


@_line(r"administration 1, turn order: (?P<x>.+)")
def _l_admin1(m: re.Match[str]) -> str:
    return f"Verwaltung 1, {GERMAN_TERMS['turn order']}: {m['x']}"


@_line(r"administration 2, storage limits: (?P<x>.+)")
def _l_admin2(m: re.Match[str]) -> str:
    return f"Verwaltung 2, Lagergrenzen: {m['x']}"


@_line(r"administration 3, book reputation: (?P<x>.+)")
def _l_admin3(m: re.Match[str]) -> str:
    return f"Verwaltung 3, {GERMAN_TERMS['book reputation']}: {m['x']}"


@_line(r"administration 6: the round marker moves to round (?P<n>\d+)")
def _l_admin6(m: re.Match[str]) -> str:
    return f"Verwaltung 6: der Rundenmarker rückt auf Runde {m['n']}"


def event_text(
    text: str,
    lang: str = "de",
    spec: AlmaMaterSpec | None = None,
    names: Mapping[str, str] | None = None,
) -> str:
    """A log line of the engine in ``lang``; ``names`` maps the capitalised colours that
    name players ("Red") to what the reader sees (names; German colours by default).

    >>> event_text("Blue takes 2 red books (the Antiquarian)", names={"Blue": "Bo"})
    'Bo nimmt 2 rote Bücher (Antiquariat)'
    >>> event_text("Red passes", "en", names={"Red": "Ann"})
    'Ann passes'
    """
    lang = check_lang(lang)
    out = text if lang == "en" else _german_line(text, spec)
    if names is None:
        names = (
            {} if lang == "en" else {c.capitalize(): w.capitalize() for c, w in COLOURS_DE.items()}
        )
    if names:
        pattern = r"\b(" + "|".join(re.escape(k) for k in names) + r")\b"
        out = re.sub(pattern, lambda m: names[m.group(1)], out)
    return out


_DE = COLOURS_DE
_NAMES_DE = re.compile(
    r"\b("
    + "|".join(
        re.escape(n)
        for n in sorted(
            [*PROFESSORS_DE, *(f"{f} {r}" for f in FACULTIES_DE for r in STUDENT_ROLES_DE)],
            key=len,
            reverse=True,
        )
    )
    + r")\b"
)


def _german_line(text: str, spec: AlmaMaterSpec | None) -> str:
    if text in _FIXED_LINES:
        return _FIXED_LINES[text]
    m = re.match(r"^" + _P + r" chooses (?P<ch>.+?) \(.+\): .+$", text)
    if m and spec is not None and m["ch"] in {ch.name for ch in spec.components.chancellors}:
        gist, ability = chancellor_words(spec, m["ch"], "de")
        return f"{m['who']} wählt {m['ch']} ({gist}): {ability}"
    m = re.match(
        r"^"
        + _P
        + r" takes a bust from glory tile (?P<t>\S+) and gains (?P<ch>.+?)'s ability: .+$",
        text,
    )
    if m and spec is not None and m["ch"] in {ch.name for ch in spec.components.chancellors}:
        ability = chancellor_words(spec, m["ch"], "de")[1]
        return (
            f"{m['who']} nimmt eine Büste von Ruhmesplättchen {m['t']} und erhält die "
            f"Fähigkeit von {m['ch']}: {ability}"
        )
    for pattern, fn in _LINE_PATTERNS:
        found = pattern.match(text)
        if found:
            return _NAMES_DE.sub(lambda n: name_words(n.group(0), "de"), fn(found))
    return text


def untranslated(text: str, spec: AlmaMaterSpec) -> bool:
    """Whether :func:`event_text` has no German for ``text`` (tests use it)."""
    return _german_line(text, spec) == text
