"""Alma Mater's buttons and board words in English (the default) and German.

:func:`describe` gives the words of a button, with the prices of the position
(``lang="en"`` or ``"de"``). Its amounts, names, spaces, chancellors' abilities and research
costs come from the phrasebook (:mod:`gamekit.almamater.phrases`, ``phrases.toml``), the
same words the log and the refusals are made of; the log itself is data (each event's
``words``), put into a language by the phrasebook, not translated from English text. The
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

FACULTIES_DE = {
    kind.removeprefix("faculty."): ph.text(Words(kind), "de")
    for kind in ph.PHRASES
    if kind.startswith("faculty.")
}
"""Faculty -> its German name (the phrasebook's ``faculty.*`` entries)."""

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


def _n(count: int, one: str, many: str | None = None) -> str:
    return f"{count} {one if count == 1 else many or one + 's'}"


def books(count: int, colour: str, lang: str = "en") -> str:
    """``count`` books of a player colour, or dictionaries (``colour="dictionary"``).

    >>> books(1, "red", "de"), books(2, "purple", "de"), books(2, "dictionary", "de")
    ('1 rotes Buch', '2 lila Bücher', '2 Lexika')
    """
    check_lang(lang)
    if colour == "dictionary" or f"n.{colour}" in ph.PHRASES:
        return ph.text(ph.token(colour, count), lang)
    if lang == "de":  # a colour the phrasebook does not know (not a kit colour)
        return f"{count} {colour} Buch" if count == 1 else f"{count} {colour} Bücher"
    return _n(count, f"{colour} book")


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
    if check_lang(lang) == "de" and f"cost.{cost.kind}" in ph.PHRASES:
        return ph.text(Words(f"cost.{cost.kind}", n=cost.amount), lang)
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


def action_words(spec: AlmaMaterSpec, state: GameState, action: Action) -> Texts:
    """An action in a refusal's words: English as ``str(action)``, German as its button
    says it (or, where no button can say it, e.g. a glory tile not in play, "diese Aktion").

    >>> from gamekit.almamater.actions import Pass
    >>> from gamekit.almamater.rules import new_game
    >>> from gamekit.almamater.spec import make_spec
    >>> action_words(make_spec(2), new_game(make_spec(2), seed=1), Pass()).get("de")
    'für den Rest der Runde passen'
    """
    try:
        german = describe(spec, state, action, "de")
    except (KeyError, ValueError, TypeError, IndexError, AttributeError):
        german = "diese Aktion"
    return Texts(en=str(action), de=german)
