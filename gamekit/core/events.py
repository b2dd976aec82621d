"""Events as data, words per language: what happened is a kind and its fields; a
:class:`Phrasebook` turns it into words in English or German.

An engine reports each thing that happened as :class:`Words` (a *kind* such as
``"ducats.pay"`` and its *fields*: seats, amounts, names) inside a
:class:`~gamekit.core.actions.Event`. A game keeps its templates, one per kind and
language, in a TOML file in its own folder (e.g. ``gamekit/almamater/phrases.toml``)::

    ["ducats.pay"]
    count = "amount"                      # the field that chooses the plural form
    en.one = "{player} pays {amount} ducat ({why})"
    en.other = "{player} pays {amount} ducats ({why})"
    de = "{player} zahlt {amount} Geld ({why})"

A template is a plain string, or a table keyed by the CLDR plural categories of its
language (``one``, ``other``, ...; Babel's ``Locale.plural_form`` picks one from the
``count`` field). A field written ``{amount:n}`` gets the language's number format
(Babel: ``1,500`` in English, ``1.500`` in German); any other field is its plain text.
A field whose value is itself :class:`Words` (a reason, a space) is put into words in the
same language first, so reasons nest. Templates may use only bare field names (no
attribute or index access): they are checked when the file is read, and each language
must use the same fields as English.

An entry may name ``optional`` fields, which a language may leave out (English says "the
Academy" where German says "Akademie ({faculty})"); any other field must be in every
language. A game's book read with :meth:`Phrasebook.read` also holds the kit's core words
(:func:`core_phrases`, ``gamekit/core/phrases.toml``: the generic refusals, such as an
action field of the wrong type, shared by every game); its own entries come first.

Refusals use the same words: an :class:`~gamekit.core.errors.IllegalAction` may carry
``words``, so a German table shows a German reason while ``str(error)`` stays English.

>>> book = Phrasebook({
...     "ducats.pay": {
...         "count": "amount",
...         "en": {"one": "{player} pays {amount} ducat",
...                "other": "{player} pays {amount:n} ducats"},
...         "de": "{player} zahlt {amount:n} Geld",
...     },
...     "seat": {"en": "Red", "de": "Rot"},
... }, source="example")
>>> w = Words("ducats.pay", player=Words("seat"), amount=1500)
>>> book.text(w), book.text(w, "de")
('Red pays 1,500 ducats', 'Rot zahlt 1.500 Geld')
>>> book.text(Words("ducats.pay", player="Bo", amount=1))
'Bo pays 1 ducat'
"""

from __future__ import annotations

import string
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.numbers import format_decimal

from gamekit.core.data import read_toml, template_problem
from gamekit.core.errors import DataError, IllegalAction

LANGUAGES: tuple[str, ...] = ("en", "de")
"""The languages every phrasebook entry must have (English first: the engine's own words)."""

PLURAL_CATEGORIES = frozenset({"zero", "one", "two", "few", "many", "other"})
"""CLDR plural categories a template table may be keyed by (``other`` is required)."""

_set = object.__setattr__  # engines make words for every event: the name looked up once


@dataclass(frozen=True, slots=True, init=False)
class Words:
    """Something to put into words: a phrasebook ``kind`` and its ``fields`` (hashable,
    comparable, and plain data, so an event or a reason can be saved and rendered later
    in any language).

    >>> w = Words("moved", player="Bo", space="Academic Probation")
    >>> w.kind, w["space"], dict(w.fields)["player"]
    ('moved', 'Academic Probation', 'Bo')
    """

    kind: str
    fields: tuple[tuple[str, Any], ...]

    def __init__(self, kind: str, /, **fields: Any) -> None:
        _set(self, "kind", kind)  # (a frozen class: set once, here)
        _set(self, "fields", tuple(fields.items()))

    def __getitem__(self, name: str) -> Any:
        for key, value in self.fields:
            if key == name:
                return value
        raise KeyError(name)

    def get(self, name: str, default: Any = None) -> Any:
        """The field ``name``, or ``default``."""
        try:
            return self[name]
        except KeyError:
            return default

    def as_dict(self) -> dict[str, Any]:
        """The fields as a dict (nested :class:`Words` stay as they are)."""
        return dict(self.fields)


@dataclass(frozen=True, slots=True, init=False)
class Texts:
    """Words that come with their own translations, one text per language (a name or an
    ability as a data file writes it): a field of :class:`Words` may hold one, and a
    :class:`Phrasebook` puts in the text of its language (English if it has none; a text
    may itself be :class:`Words`). Plain data like :class:`Words`: hashable, comparable.

    >>> book = Phrasebook({"chose": {"en": "{who} chose {gist}", "de": "{who} wählte {gist}"}})
    >>> w = Words("chose", who="Bo", gist=Texts(en="a bonus", de="ein Bonus"))
    >>> book.text(w), book.text(w, "de"), str(Texts(en="library"))
    ('Bo chose a bonus', 'Bo wählte ein Bonus', 'library')
    """

    texts: tuple[tuple[str, Any], ...]

    def __init__(self, **texts: Any) -> None:
        if "en" not in texts:
            raise ValueError("Texts needs an English text (en=...)")
        _set(self, "texts", tuple(texts.items()))

    def get(self, lang: str) -> Any:
        """The text in ``lang`` (the English one if there is none)."""
        found = dict(self.texts)
        return found.get(lang, found["en"])

    def __str__(self) -> str:
        return str(self.get("en"))


class Line(str):
    """An event's English text that keeps the event's :class:`Words` (``words``, or
    ``None``): a play table's history stores its log as text, and a table in another
    language puts the lines that have words into its own.

    >>> from gamekit.core.actions import Event
    >>> line = Line.of(Event("pass", "Bo passes", words=Words("pass", player="Bo")))
    >>> line, line.words.kind, Line.of(Event("x", "plain")).words
    ('Bo passes', 'pass', None)
    """

    words: Words | None

    def __new__(cls, text: str, words: Words | None = None) -> Line:
        line = super().__new__(cls, text)
        line.words = words
        return line

    @classmethod
    def of(cls, event: Any) -> Line:
        """The line of an :class:`~gamekit.core.actions.Event` (its ``text`` and ``words``)."""
        return cls(str(event), getattr(event, "words", None))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Line, (str(self), self.words))


@cache
def _locale(lang: str) -> Locale:
    return Locale.parse(lang)


@cache
def _plural_rule(lang: str) -> Any:
    return _locale(lang).plural_form


@cache
def _parts(template: str) -> tuple[tuple[str, str | None, str], ...]:
    """A checked template, parsed once: (literal text, field name or None, format)."""
    parsed = string.Formatter().parse(template)
    return tuple((literal, field, spec or "") for literal, field, spec, _ in parsed)


@lru_cache(maxsize=4096)
def plural_category(lang: str, count: int) -> str:
    """The CLDR plural category of ``count`` in ``lang`` (from Babel).

    >>> plural_category("en", 1), plural_category("en", 2), plural_category("de", 0)
    ('one', 'other', 'other')
    """
    return str(_plural_rule(lang)(abs(count)))


class Phrasebook(Mapping[str, Mapping[str, Any]]):
    """Templates per kind and language (see the module's docstring); read-only mapping
    ``kind -> entry``. Build it from a mapping or with :meth:`read` from a TOML file; every
    entry is checked at once and a bad one raises :class:`~gamekit.core.errors.DataError`
    naming the file, the kind and the language.

    >>> try:
    ...     Phrasebook({"x": {"en": "{a}", "de": "{b}"}}, source="p.toml")
    ... except DataError as e:
    ...     print(e)
    p.toml: x: de: uses {b}, English uses {a}: every language needs the same fields
    >>> try:
    ...     Phrasebook({"x": {"en": "{a.__class__}", "de": "{a.__class__}"}}, source="p.toml")
    ... except DataError as e:
    ...     print(e)
    p.toml: x: en: field {a.__class__}: this text takes no fields (write {{ and }} for braces)
    """

    _unread: tuple[str | Path, Phrasebook | bool | None]  # a lazy book's file, until read

    def __init__(
        self,
        entries: Mapping[str, Any],
        source: str | Path = "phrasebook",
        base: Phrasebook | None = None,
    ) -> None:
        self.source = str(source)
        self._said: dict[tuple[Words, str], str] = {}
        # the base book's entries (the kit's core words), then this book's own
        self._entries: dict[str, dict[str, Any]] = dict(base._entries) if base else {}
        for kind, entry in entries.items():
            self._entries[kind] = self._checked(kind, entry)

    @classmethod
    def read(
        cls, path: str | Path, base: Phrasebook | bool | None = True, *, lazy: bool = False
    ) -> Phrasebook:
        """The phrasebook in the TOML file ``path``, with the kit's core words
        (:func:`core_phrases`) unless ``base`` is another book or ``False``.

        ``lazy=True`` reads and checks the file when the book is first used (its first
        words, lookup or entry), not now: a game module that makes its book at import then
        costs nothing to a command that never speaks (``gamekit --help`` imports every
        game); a bad file is refused at that first use, the same way.

        >>> from gamekit.almamater.phrases import PHRASES_FILE
        >>> book = Phrasebook.read(PHRASES_FILE)
        >>> book.text(Words("core.not_action", value="'x'"), "de")
        "'x' ist keine Aktion"
        >>> later = Phrasebook.read(PHRASES_FILE, lazy=True)
        >>> "_entries" in vars(later), later.text(Words("core.not_action", value="'x'"), "de")
        (False, "'x' ist keine Aktion")
        >>> len(later) == len(book)
        True
        """
        if lazy:
            book = _Unread.__new__(_Unread)
            book.source = Path(path).name
            book._said = {}
            book._unread = (path, base)
            return book
        if base is True:
            base = core_phrases()
        return cls(read_toml(path), source=Path(path).name, base=base or None)

    # -- Mapping -------------------------------------------------------------------
    def __getitem__(self, kind: str) -> Mapping[str, Any]:
        return self._entries[kind]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, kind: object) -> bool:
        return kind in self._entries

    # -- words ---------------------------------------------------------------------
    def text(self, words: Words, lang: str = "en") -> str:
        """``words`` in ``lang`` (a ``KeyError`` naming the kind if the book lacks it).
        Words said often (an engine's refusals, tried for many actions) are remembered."""
        key = (words, lang)
        try:
            return self._said[key]
        except KeyError:
            pass
        except TypeError:  # a field that cannot be hashed (a list): said afresh
            return self._text(words, lang)
        said = self._text(words, lang)
        if len(self._said) >= 20_000:
            self._said.clear()
        self._said[key] = said
        return said

    def refused(self, words: Words, action: object = None) -> IllegalAction:
        """An :class:`~gamekit.core.errors.IllegalAction` whose reason is ``words``: its
        English text is the message (a :class:`Line` that keeps the words), and
        ``error.words`` says it in any language of the book.

        >>> book = Phrasebook({"no.over": {"en": "the game is over", "de": "vorbei"}})
        >>> error = book.refused(Words("no.over"))
        >>> str(error), book.text(error.words, "de")
        ('the game is over', 'vorbei')
        """
        return IllegalAction(Line(self.text(words), words), action, words=words)

    def _text(self, words: Words, lang: str) -> str:
        try:
            entry = self._entries[words.kind]
        except KeyError:
            raise KeyError(f"{self.source}: no words for {words.kind!r}") from None
        template = entry[lang] if lang in entry else entry["en"]
        if isinstance(template, dict):
            count = words.get(entry["count"], 0)
            template = template.get(plural_category(lang, int(count)), template["other"])
        fields = dict(words.fields)
        out = []
        for literal, field, spec in _parts(template):  # a checked template: bare names
            out.append(literal)
            if field is not None:
                out.append(self._filled(fields[field], spec, lang))
        return "".join(out)

    def _filled(self, value: Any, spec: str, lang: str) -> str:
        """A field's value in ``lang``: :class:`Texts` in its language, :class:`Words` (and
        a :class:`Line` that keeps its words) put into words, ``{x:n}`` in the language's
        number format, anything else as text."""
        if isinstance(value, Texts):
            value = value.get(lang)
        if isinstance(value, Line) and value.words is not None:
            value = value.words  # a text that keeps its words (a value cut to length)
        if isinstance(value, Words):
            return self.text(value, lang)
        if spec == "n":
            return str(format_decimal(value, locale=lang))
        return str(value)

    # -- checks --------------------------------------------------------------------
    def _checked(self, kind: str, entry: Any) -> dict[str, Any]:
        def bad(lang: str | None, problem: str) -> DataError:
            return DataError(self.source, kind, lang, problem)

        if isinstance(entry, str):
            entry = {"en": entry}
        if not isinstance(entry, Mapping):
            raise bad(None, "must be a table of languages (en = ..., de = ...)")
        unknown = set(entry) - set(LANGUAGES) - {"count", "optional"}
        if unknown:
            keys = ", ".join(LANGUAGES)
            raise bad(None, f"unknown keys {sorted(unknown)}: use {keys}, count, optional")
        if "en" not in entry:
            raise bad(None, "needs English words (en = ...)")
        count = entry.get("count")
        optional = entry.get("optional", [])
        if not isinstance(optional, list) or not all(isinstance(o, str) for o in optional):
            raise bad(None, "optional must be a list of field names")
        optional = set(optional)
        english: set[str] | None = None
        seen: set[str] = set()
        for lang in (la for la in LANGUAGES if la in entry):
            forms = entry[lang]
            if isinstance(forms, Mapping):
                if count is None:
                    raise bad(lang, "plural forms need count = <field> in the entry")
                if "other" not in forms or set(forms) - PLURAL_CATEGORIES:
                    raise bad(lang, "plural forms are keyed one/other/... and need 'other'")
                texts = list(forms.values())
            elif isinstance(forms, str):
                texts = [forms]
            else:
                raise bad(lang, "must be a string or a table of plural forms")
            names: set[str] = set()
            for text in texts:
                if not isinstance(text, str):
                    raise bad(lang, "every plural form must be a string")
                fields = _fields(text)
                if fields is None:
                    raise bad(lang, f"not a valid template: {text!r}")
                # bare names only: "{who.name}" or "{who[0]}" would reach into the value
                problem = template_problem(_bare(text), {f for f in fields if f.isidentifier()})
                if problem:
                    raise bad(lang, problem)
                names |= fields
            seen |= names
            if english is None:
                english = names
            elif names - optional != english - optional:
                raise bad(
                    lang,
                    f"uses {_braced(names - optional)}, English uses "
                    f"{_braced(english - optional)}: every language needs the same fields"
                    + (f" (besides the optional {_braced(optional)})" if optional else ""),
                )
        if optional - seen:
            raise bad(None, f"optional {_braced(optional - seen)}: no language uses it")
        if count is not None and english is not None and count not in english:
            english.add(count)  # the count may choose the form without being shown
        return dict(entry)


class _Unread(Phrasebook):
    """A phrasebook whose file is read at its first use (:meth:`Phrasebook.read` with
    ``lazy=True``); then it becomes a plain :class:`Phrasebook` (a class with
    ``__getattr__`` makes every attribute lookup slower, and a book is asked often)."""

    def __getattr__(self, name: str) -> Any:
        # reached only for an attribute not found: the entries, read once
        unread = self.__dict__.get("_unread")
        if name == "_entries" and unread is not None:
            self._entries = Phrasebook.read(*unread)._entries
            self.__dict__.pop("_unread", None)
            self.__class__ = Phrasebook  # type: ignore[assignment]
            return self._entries
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")


CORE_PHRASES_FILE = Path(__file__).with_name("phrases.toml")


@cache
def core_phrases() -> Phrasebook:
    """The kit's core words (:data:`CORE_PHRASES_FILE`), shared by every game's book: the
    generic refusals (an action field of the wrong type, a value that is not an action of
    the game, a bot's seat). Read once, on first use.

    >>> core_phrases().text(Words("core.type.int"), "de")
    'eine ganze Zahl'
    """
    return Phrasebook.read(CORE_PHRASES_FILE, base=False)


def _fields(text: str) -> set[str] | None:
    """The field names of ``text`` (``None`` if it is not a template)."""
    try:
        return {f.split(":")[0] for _, f, _, _ in string.Formatter().parse(text) if f}
    except ValueError:
        return None


def _bare(text: str) -> str:
    """``text`` with the only format the phrasebook allows (``:n``) removed, for the check."""
    return text.replace(":n}", "}")


def _braced(names: set[str]) -> str:
    return ", ".join(f"{{{n}}}" for n in sorted(names)) or "no fields"


__all__ = [
    "CORE_PHRASES_FILE",
    "LANGUAGES",
    "Line",
    "Phrasebook",
    "Texts",
    "Words",
    "core_phrases",
    "plural_category",
]
