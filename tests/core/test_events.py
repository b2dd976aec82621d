"""Events as data (gamekit.core.events): Words, Phrasebook, Texts, Line.

Plural forms come from Babel's CLDR rules, numbers in the language's format, nested words
in the same language; a bad phrasebook file is refused naming the file, the kind and the
language, and a template may use bare field names only (no attribute or index access).
"""

from __future__ import annotations

import copy
import pickle
from pathlib import Path

import pytest

from gamekit.core.actions import Event
from gamekit.core.errors import DataError
from gamekit.core.events import Line, Phrasebook, Texts, Words, plural_category

BOOK = Phrasebook(
    {
        "books": {
            "count": "n",
            "en": {"one": "{n} book", "other": "{n:n} books"},
            "de": {"one": "{n} Buch", "other": "{n:n} Bücher"},
        },
        "takes": {"en": "{who} takes {what} ({why})", "de": "{who} nimmt {what} ({why})"},
        "seat.red": {"en": "Red", "de": "Rot"},
        "why.park": {"en": "the Park", "de": "Park"},
        "english only": "{x} stays English",
    },
    source="test.toml",
)


@pytest.mark.parametrize(
    ("n", "english", "german"),
    [
        (0, "0 books", "0 Bücher"),  # CLDR: 0 is 'other' in both languages
        (1, "1 book", "1 Buch"),
        (2, "2 books", "2 Bücher"),
        (-1, "-1 book", "-1 Buch"),  # a loss of one: the form of its size
        (1500, "1,500 books", "1.500 Bücher"),  # {n:n}: the language's number format
    ],
)
def test_plural_forms_and_number_formats(n: int, english: str, german: str) -> None:
    w = Words("books", n=n)
    assert (BOOK.text(w), BOOK.text(w, "de")) == (english, german)


def test_plural_category_follows_cldr() -> None:
    assert [plural_category("en", n) for n in (0, 1, 2, 21)] == ["other", "one", "other", "other"]
    assert [plural_category("de", n) for n in (0, 1, 2)] == ["other", "one", "other"]


def test_nested_words_and_texts_are_put_into_the_same_language() -> None:
    w = Words(
        "takes",
        who=Words("seat.red"),
        what=Words("books", n=2),
        why=Texts(en="a bonus", de=Words("why.park")),
    )
    assert BOOK.text(w) == "Red takes 2 books (a bonus)"
    assert BOOK.text(w, "de") == "Rot nimmt 2 Bücher (Park)"
    # a language the entry lacks falls back to English, as does a Texts without it
    assert BOOK.text(Words("english only", x=Texts(en="it")), "de") == "it stays English"


def test_words_are_plain_data() -> None:
    w = Words("takes", who=Words("seat.red"), what=Words("books", n=2), why="x")
    assert w == copy.deepcopy(w) and hash(w) == hash(pickle.loads(pickle.dumps(w)))
    assert w["what"] == Words("books", n=2) and w.get("nope", 3) == 3
    assert Words("books", n=1) != Words("books", n=2)


def test_a_line_keeps_its_words() -> None:
    line = Line.of(Event("pass", "Red passes", words=Words("seat.red")))
    assert line == "Red passes" and isinstance(line, str) and line.words == Words("seat.red")
    copied = pickle.loads(pickle.dumps(line))
    assert copied == line and copied.words == line.words
    assert Line.of(Event("info", "no words")).words is None


def test_a_missing_kind_names_the_file_and_the_kind() -> None:
    with pytest.raises(KeyError, match=r"test\.toml: no words for 'nope'"):
        BOOK.text(Words("nope"))


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        # attribute or index access, a conversion or format: refused even when every
        # language asks for the same (a template must not reach into its values)
        ({"en": "{who.name} passes", "de": "{who.name} passt"}, "en: field {who.name}"),
        ({"en": "{who} passes", "de": "{who} {n[0]} passt"}, "de: field {n[0]}"),
        ({"en": "{who!r} passes", "de": "{who!r} passt"}, "en: field {who!r}"),
        ({"en": "{who:>9} passes", "de": "{who:>9} passt"}, "en: field {who:>9}"),
        ({"en": "{who} passes", "de": "{wer} passt"}, "de: uses {wer}, English uses {who}"),
        ({"de": "{who} passt"}, "needs English words"),
        ({"en": "{who", "de": "x"}, "en"),  # not a template
        ({"en": "x", "fr": "x"}, "unknown keys ['fr']"),
        ({"en": {"one": "a", "other": "b"}, "de": "c"}, "plural forms need count"),
        ({"count": "n", "en": {"one": "{n}"}, "de": "{n}"}, "need 'other'"),
        ({"count": "n", "en": {"one": "{n}", "some": "{n}"}, "de": "{n}"}, "keyed one/other"),
        ({"en": 3, "de": "x"}, "must be a string or a table of plural forms"),
    ],
)
def test_a_bad_entry_is_refused_naming_file_kind_and_language(
    entry: dict[str, object], problem: str
) -> None:
    with pytest.raises(DataError) as caught:
        Phrasebook({"pass": entry}, source="p.toml")
    message = str(caught.value)
    assert message.startswith("p.toml: pass") and problem in message, message


def test_a_bad_file_is_refused_naming_file_kind_and_language(tmp_path: Path) -> None:
    good = tmp_path / "phrases.toml"
    good.write_text('"pass" = { en = "{player} passes", de = "{player} passt" }\n', "utf-8")
    assert Phrasebook.read(good).text(Words("pass", player="Bo"), "de") == "Bo passt"
    bad = tmp_path / "bad.toml"
    bad.write_text('"pass" = { en = "{player} passes", de = "{player.__class__} passt" }\n')
    with pytest.raises(DataError, match=r"^bad\.toml: pass: de: "):
        Phrasebook.read(bad)
