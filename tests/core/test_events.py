"""Events as data (gamekit.core.events): Words, Phrasebook, Texts, Line.

Plural forms come from Babel's CLDR rules, numbers in the language's format, nested words
in the same language; a bad phrasebook file is refused naming the file, the kind and the
language, and a template may use bare field names only (no attribute or index access).
"""

from __future__ import annotations

import copy
import pickle
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import pytest

from gamekit.core.actions import Action, Event, field_problem, field_words
from gamekit.core.errors import DataError
from gamekit.core.events import Line, Phrasebook, Texts, Words, core_phrases, plural_category

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


def test_optional_fields_may_be_left_out_and_nothing_else() -> None:
    """An entry's ``optional`` fields may be missing from a language (English "the
    Academy", German "Akademie ({faculty})"); any other difference is still refused."""
    book = Phrasebook(
        {"on": {"en": "the Academy", "de": "Akademie ({faculty})", "optional": ["faculty"]}}
    )
    w = Words("on", faculty="Recht")
    assert (book.text(w), book.text(w, "de")) == ("the Academy", "Akademie (Recht)")
    for entry, problem in (
        ({"en": "{a}", "de": "{a} {typo}", "optional": ["b"]}, "de: uses {a}, {typo}"),
        ({"en": "{a}", "de": "{a}", "optional": ["b"]}, "optional {b}: no language uses it"),
        ({"en": "{a}", "de": "{a}", "optional": "a"}, "optional must be a list"),
    ):
        with pytest.raises(DataError) as caught:
            Phrasebook({"x": entry}, source="p.toml")
        assert problem in str(caught.value), str(caught.value)


def test_a_games_book_holds_the_core_words_under_its_own(tmp_path: Path) -> None:
    """Phrasebook.read puts the kit's core words (gamekit/core/phrases.toml) under a game's
    own entries: a generic refusal has German words on every game's table."""
    game = tmp_path / "phrases.toml"
    game.write_text('"core.seat" = { en = "chair {n}", de = "Stuhl {n}" }\n', "utf-8")
    book = Phrasebook.read(game)
    assert book.text(Words("core.seat", n=2), "de") == "Stuhl 2"  # its own entry first
    said = book.text(Words("core.bot_seat", who="Bo"), "de")
    assert said == "Bo wird von einem Bot gespielt: ein Bot-Platz handelt nur über den Bot-Schritt"
    assert "core.bot_seat" not in Phrasebook.read(game, base=False)
    assert all(kind.startswith("core.") for kind in core_phrases())


def test_field_words_say_field_problem_word_for_word_in_english_and_in_german() -> None:
    """An action field of the wrong type: the English is field_problem's text as it was,
    the German names the field, what it expects and the value (no English detail)."""

    @dataclass(frozen=True)
    class Move(Action):
        n: int
        name: str
        side: Literal["a", "b"]
        note: int | None = None
        flag: bool = False

    book = core_phrases()
    forged = [
        (Move(True, "x", "a"), "Move.n: erwartet eine ganze Zahl, nicht True"),
        (Move(2**60, "x", "a"), "höchstens 9.007.199.254.740.991"),
        (Move(1, 5, "a"), "Move.name: erwartet Text, nicht 5"),  # type: ignore[arg-type]
        (Move(1, "x" * 1001, "a"), "erwartet Text von höchstens 1.000 Zeichen"),
        (Move(1, "x", "c"), "Move.side: erwartet einen der Werte 'a', 'b', nicht 'c'"),  # type: ignore[arg-type]
        (Move(1, "x", "a", "y"), "erwartet eine ganze Zahl oder nichts"),  # type: ignore[arg-type]
        (Move(1, "x", "a", None, 1), "Move.flag: erwartet wahr oder falsch, nicht 1"),
        ("a string", "'a string' ist keine Aktion"),
    ]
    for action, german in forged:
        words = field_words(action)
        assert words is not None and book.text(words) == field_problem(action), action
        assert german in book.text(words, "de"), book.text(words, "de")
        assert not {"expected", "got", "not", "an"} & set(book.text(words, "de").split())
    assert field_words(Move(1, "x", "b")) is None


def test_field_problem_answers_as_its_round_trip_for_every_game_action() -> None:
    """field_problem answers most actions without the struct round trip (a quick test of
    each field's type); its answer is the round trip's for every action class of every game
    and values that equal a legal one without being of its type (True == 1 == 1.0), too
    large, too long, of another kind, or nested in a tuple."""
    import dataclasses
    import typing
    from enum import IntEnum

    import numpy as np

    import gamekit
    from gamekit.core.actions import _quick_checks, _round_trip_problem

    class Two(IntEnum):
        TWO = 2

    @dataclass(frozen=True)
    class Move(Action):
        n: int
        name: str
        side: Literal["a", "b"]
        cells: tuple[int, ...] = ()
        note: int | None = None
        flag: bool = False

    values = [0, 1, -1, 2**53 - 1, 2**53, -(2**53), True, False, 1.0, 2.5, np.int64(3), Two.TWO,
              "", "x", "a", "b", "x" * 1000, "x" * 1001, None, (), (1, 2), (True,), [1, 2],
              ("a",), (1, "a"), ((1,),), object()]  # fmt: skip
    classes = [Move]
    for game in gamekit.games().values():
        classes += list(getattr(game, "action_types", ()))
        module = __import__(f"gamekit.{game.name}.actions", fromlist=["*"])
        found = [c for c in vars(module).values() if isinstance(c, type)]
        classes += [c for c in found if issubclass(c, Action) and c is not Action]
    quick = 0
    for cls in set(classes):
        if not dataclasses.is_dataclass(cls):
            continue
        fields = dataclasses.fields(cls)
        hints = typing.get_type_hints(cls)
        legal = {f.name: _example(hints[f.name]) for f in fields}
        if _UNKNOWN in legal.values():
            assert _quick_checks(cls) is None, cls  # a type the quick test does not know
            continue
        quick += _quick_checks(cls) is not None
        for f in fields:
            for value in values:
                try:
                    action = cls(**{**legal, f.name: value})
                except (TypeError, ValueError):
                    continue
                assert field_problem(action) == _round_trip_problem(action), (cls, f.name, value)
        action = cls(**legal)
        assert field_problem(action) is None and _round_trip_problem(action) is None, action
    assert quick >= 20  # the games' actions do take the quick test


_UNKNOWN = object()


def _example(hint: object) -> object:
    """A legal value of a field type (``_UNKNOWN`` for one this test does not know)."""
    import typing

    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is int:
        return 1
    if hint is str:
        return "x"
    if hint is bool:
        return False
    if origin is typing.Literal:
        return args[0]
    if origin is tuple:
        return ()
    if type(None) in args:
        return None
    return _UNKNOWN


def test_an_event_said_later_reads_equals_and_travels_as_one_said_at_once() -> None:
    """Event.said puts its words into English when the text is first read; until then it
    holds the phrasebook. Read, compared, hashed, printed, copied and pickled it is the
    event made with its text; a copy or a pickle carries the text, not the book."""
    words = Words("takes", who=Words("seat.red"), what=Words("books", n=3), why="rain")
    eager = Event("take", BOOK.text(words), 0, 3, None, words)
    for read in (
        lambda e: e.text,
        str,
        repr,
        hash,
        lambda e: e == eager,
        lambda e: pickle.loads(pickle.dumps(e)).text,
        lambda e: copy.copy(e).text,
        lambda e: copy.deepcopy(e).text,
    ):
        lazy = Event.said("take", BOOK, words, 0, 3)
        assert "_book" in vars(lazy) and "text" not in vars(lazy)
        assert read(lazy) == read(eager)
    lazy = Event.said("take", BOOK, words, 0, 3)
    assert lazy == eager and hash(lazy) == hash(eager) and str(lazy) == "Red takes 3 books (rain)"
    assert vars(lazy) == vars(eager) and "_book" not in vars(lazy)
    shipped = pickle.dumps(Event.said("take", BOOK, words, 0, 3))
    assert b"Phrasebook" not in shipped and pickle.loads(shipped) == eager
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        lazy.nothing  # noqa: B018


def test_a_lazy_book_reads_its_file_at_first_use_and_refuses_a_bad_one_then(
    tmp_path: Path,
) -> None:
    """Phrasebook.read(path, lazy=True) opens nothing until the book is used; then it is
    the book read at once (words, lookups, entries, its core words), and a bad file is
    refused at that first use as read() refuses it."""
    good = tmp_path / "phrases.toml"
    good.write_text('"pass" = { en = "{player} passes", de = "{player} passt" }\n', "utf-8")
    uses = [
        lambda b: b.text(Words("pass", player="Bo"), "de"),
        lambda b: "pass" in b,
        lambda b: sorted(b),
        lambda b: len(b),
        lambda b: b["pass"],
        lambda b: b.text(Words("core.not_action", value="'x'"), "de"),
    ]
    for use in uses:
        later = Phrasebook.read(tmp_path / "missing.toml", lazy=True)  # not opened yet
        assert later.source == "missing.toml"
        later = Phrasebook.read(good, lazy=True)
        assert "_entries" not in vars(later)
        assert use(later) == use(Phrasebook.read(good))
        assert "_entries" in vars(later) and "_unread" not in vars(later)
    bad = tmp_path / "bad.toml"
    bad.write_text('"pass" = { en = "{player} passes", de = "{player.__class__} passt" }\n')
    later = Phrasebook.read(bad, lazy=True)
    with pytest.raises(DataError, match=r"^bad\.toml: pass: de: "):
        later.text(Words("pass", player="Bo"))
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        later.nothing  # noqa: B018


def test_a_cut_value_inside_a_refusal_is_said_in_the_tables_language() -> None:
    """A refused action whose field holds a huge text names it cut ("… (2,002 characters)"):
    the cut value keeps its own words, and a German table said them in English inside an
    otherwise German refusal."""
    from gamekit.core.events import core_phrases
    from gamekit.core.structs import short_repr

    cut = short_repr("x" * 2000)
    said = {lang: core_phrases().text(Words("core.field", detail="zu lang", field="name",
                                            expected="text", got=cut), lang)
            for lang in ("en", "de")}  # fmt: skip
    assert str(cut).endswith("(2,002 characters)") and said["en"] == "zu lang"  # its detail
    assert "(2.002 Zeichen)" in said["de"] and "characters" not in said["de"], said["de"]
