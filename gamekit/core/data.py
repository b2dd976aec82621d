"""Reading and checking data files (boards, decks, rulesets, score sheets).

Files are TOML or JSON, chosen by extension. Every problem is a
:class:`~gamekit.core.errors.DataError` that names the file, the entry and the field.

>>> checker = Checker("board.toml")
>>> checker.integer({"price": 60}, "price", entry="space 1", minimum=0)
60
>>> checker.integer({"price": -5}, "price", entry="space 1", minimum=0)
Traceback (most recent call last):
...
gamekit.core.errors.DataError: board.toml: space 1: price: must be >= 0, got -5
"""

from __future__ import annotations

import json
import re
import string
import tomllib
import unicodedata
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any, NoReturn

from gamekit.core.errors import DataError

_MISSING: Any = object()


MAX_BYTES = 2_000_000
"""The largest file the kit reads (2 MB, about a second of TOML parsing); the kit's own
files are a few kilobytes."""

MAX_DEPTH = 64
"""The deepest nesting of lists/tables a data file may have (the kit's own files use a few)."""

MAX_NUMBER = 1_000_000
"""The largest number a data file may give where its field names no bound of its own: a
price, a rent, an amount, a count. The kit's largest is a $2,000 rent; a million leaves a
teacher room for any variant, and sums of such numbers stay small and exact."""


def hidden_character(text: str, *, newlines: bool = False) -> str | None:
    """Why ``text`` cannot be shown as it is written, or ``None``: it holds a control
    character or one that changes the text's direction (a right-to-left override would turn
    what follows it around), or another invisible format character. ``newlines`` allows
    line breaks and tabs (in longer texts).

    >>> hidden_character("Ann"), hidden_character("Ann\u202e")
    (None, 'has a control or text-direction character (U+202E)')
    """
    if text.isprintable():  # no "Other" or "Separator" character at all: the usual case
        return None
    for c in text:
        if newlines and c in "\n\t":
            continue
        if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") and c != "\u00ad":
            return f"has a control or text-direction character (U+{ord(c):04X})"
    return None


def template_problem(text: str, allowed: Collection[str]) -> str | None:
    """Why ``text`` is not a template whose only fields are ``allowed`` names, or ``None``.
    A field is a bare name in braces (``{destination}``): no attribute or index access, no
    conversion or format, no empty ``{}``; ``{{`` and ``}}`` stand for braces. Checked with
    :class:`string.Formatter` when a file is loaded, so no text reaches ``format`` unchecked.

    >>> template_problem("Go to {destination}", {"destination"}) is None
    True
    >>> template_problem("{destination.__class__} {nope}", {"destination"})
    'field {destination.__class__}: only {destination} may be filled in'
    """
    try:
        parts = list(string.Formatter().parse(text))
    except ValueError as exc:
        return f"not a valid template ({exc}; write {{{{ and }}}} for braces)"
    names = ", ".join(f"{{{a}}}" for a in sorted(allowed))
    for _, field, spec, conversion in parts:
        if field is None:
            continue
        if field not in allowed or spec or conversion:
            whole = field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "")
            if not names:
                return (
                    f"field {{{whole}}}: this text takes no fields (write {{{{ and }}}} for braces)"
                )
            return f"field {{{whole}}}: only {names} may be filled in"
    return None


def read_text(path: str | Path) -> str:
    """The UTF-8 text of a file the user named; every problem is a ``DataError`` naming it.

    A missing file, a folder, an unreadable or oversized file, binary data and text in
    another encoding all fail with one line that names the file and the problem.

    >>> read_text("no/such/sheet.json")
    Traceback (most recent call last):
    ...
    gamekit.core.errors.DataError: no/such/sheet.json: no such file
    """
    p = Path(path)
    try:
        if p.is_dir():
            raise DataError(p, None, None, "is a folder, not a file")
        if not p.exists():
            raise DataError(p, None, None, "no such file")
        if not p.is_file():
            raise DataError(p, None, None, "not a regular file")
        if p.stat().st_size > MAX_BYTES:
            raise DataError(p, None, None, f"too large (over {MAX_BYTES:,} bytes)")
        raw = p.read_bytes()
    except OSError as exc:
        raise DataError(p, None, None, f"cannot be read ({exc.strerror or exc})") from None
    return decode_text(raw, p)


def decode_text(raw: bytes, source: str | Path) -> str:
    """Bytes -> text: UTF-8 (a leading byte-order mark is dropped), no NUL bytes.

    >>> decode_text(b"\\xff\\xfe{}", "sheet.json")
    Traceback (most recent call last):
    ...
    gamekit.core.errors.DataError: sheet.json: not UTF-8 text (byte 0xff at position 0)
    """
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        byte = raw[exc.start]
        raise DataError(
            source,
            None,
            None,
            f"not UTF-8 text (byte 0x{byte:02x} at position {exc.start})",
        ) from None
    if "\x00" in text:
        where = text.index("\x00")
        raise DataError(
            source, None, None, f"binary data, not text (a NUL byte at position {where})"
        )
    return text.removeprefix("\ufeff")


def parse_json(text: str | bytes, source: str | Path) -> Any:
    """Parse JSON text read from ``source``; every problem is a ``DataError`` naming it.

    >>> parse_json('{"players": 2}', "sheet.json")
    {'players': 2}
    >>> parse_json("[" * 100_000, "sheet.json")
    Traceback (most recent call last):
    ...
    gamekit.core.errors.DataError: sheet.json: lists/tables nested more than 64 levels deep

    A key given twice in one object is refused, as TOML does (JSON would keep the last):

    >>> parse_json('{"name": "Copernicus", "name": "Agricola"}', "c.json")
    Traceback (most recent call last):
    ...
    gamekit.core.errors.DataError: c.json: not valid JSON: key 'name' given twice in one object
    """
    if isinstance(text, bytes):
        text = decode_text(text, source)
    if not text.strip():
        raise DataError(source, None, None, "empty file (expected JSON)")
    try:
        data = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_one_of_each)
    except json.JSONDecodeError as exc:
        raise DataError(source, None, None, f"not valid JSON: {exc}") from None
    except RecursionError:
        raise DataError(source, None, None, _TOO_DEEP) from None
    except ValueError as exc:  # e.g. a number with more than 4,300 digits, or NaN
        raise DataError(source, None, None, f"not valid JSON: {exc}") from None
    _check_depth(data, source)
    return data


def parse_toml(text: str | bytes, source: str | Path) -> dict[str, Any]:
    """Parse TOML text read from ``source``; every problem is a ``DataError`` naming it.

    >>> parse_toml('name = "alfred"', "board.toml")
    {'name': 'alfred'}
    >>> parse_toml("name = ", "board.toml")
    Traceback (most recent call last):
    ...
    gamekit.core.errors.DataError: board.toml: not valid TOML: Invalid value (at end of document)
    """
    if isinstance(text, bytes):
        text = decode_text(text, source)
    if not text.strip():
        raise DataError(source, None, None, "empty file (expected TOML)")
    if any(m.group().count(".") > MAX_DEPTH for m in _DOTTED_KEYS.finditer(text)):
        raise DataError(source, None, None, _TOO_DEEP)  # tomllib takes minutes over these
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(source, None, None, f"not valid TOML: {exc}") from None
    except RecursionError:
        raise DataError(source, None, None, _TOO_DEEP) from None
    except ValueError as exc:  # e.g. an integer with more than 4,300 digits
        raise DataError(source, None, None, f"not valid TOML: {exc}") from None
    _check_depth(data, source)
    return data


def read_json(path: str | Path) -> Any:
    """Read and parse a JSON file; errors (see :func:`read_text`) name the file.

    >>> read_json("sheets/")
    Traceback (most recent call last):
    ...
    gamekit.core.errors.DataError: sheets: no such file
    """
    return parse_json(read_text(path), path)


def read_toml(path: str | Path) -> dict[str, Any]:
    """Read and parse a TOML file; errors (see :func:`read_text`) name the file.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> (folder / "board.toml").write_bytes(b"name = \\xe9")
    8
    >>> read_toml(folder / "board.toml")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gamekit.core.errors.DataError: .../board.toml: not UTF-8 text (byte 0xe9 at position 7)
    """
    return parse_toml(read_text(path), path)


def load_data_file(path: str | Path) -> dict[str, Any]:
    """Parse a ``.toml`` or ``.json`` file into a dict; errors name the file.

    >>> load_data_file("board.csv")
    Traceback (most recent call last):
    ...
    gamekit.core.errors.DataError: board.csv: unknown file type '.csv'; use .toml or .json
    """
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix not in (".toml", ".json"):
        raise DataError(p, None, None, f"unknown file type {suffix!r}; use .toml or .json")
    data = read_toml(p) if suffix == ".toml" else read_json(p)
    if not isinstance(data, dict):
        raise DataError(p, None, None, "the top level must be a table/object")
    return data


_TOO_DEEP = f"lists/tables nested more than {MAX_DEPTH} levels deep"


# A maximal chain of dotted TOML key parts (a.b."c".d), found in linear time: possessive
# quantifiers, and a chain starts only where no bare-key character precedes it.
_DOTTED_KEYS = re.compile(
    r"""(?<![A-Za-z0-9_-])(?:(?:[A-Za-z0-9_-]++|"[^"\n]*+"|'[^'\n]*+')[ \t]*+\.[ \t]*+)++"""
)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _one_of_each(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object's key/value pairs as a dict; a key given twice is a ``ValueError``."""
    table = dict(pairs)
    if len(table) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"key {key!r} given twice in one object")
            seen.add(key)
    return table


def _check_depth(data: Any, source: str | Path) -> None:
    """Refuse parsed data nested deeper than ``MAX_DEPTH`` (walked without recursion)."""
    stack = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children: Any = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth >= MAX_DEPTH:
            raise DataError(source, None, None, _TOO_DEEP)
        stack.extend((child, depth + 1) for child in children)


def _number(value: float) -> str:
    """A number as a message shows it (a huge one by its size, not its digits).

    >>> _number(1500), _number(10**30), _number(float("inf"))
    ('1,500', 'a number of about 10**30', 'inf')
    """
    if value != value or value in (float("inf"), float("-inf")):
        return str(value)
    if abs(value) < 10**15:
        return f"{value:,}"
    return f"a number of about 10**{len(str(int(abs(value)))) - 1}"


class Checker:
    """Typed field access that raises a precise ``DataError`` for one file."""

    def __init__(self, file: str | Path) -> None:
        self.file = str(file)

    def fail(self, entry: str | None, field: str | None, problem: str) -> NoReturn:
        raise DataError(self.file, entry, field, problem)

    def get(
        self, table: Mapping[str, Any], field: str, *, entry: str | None, default: Any = _MISSING
    ) -> Any:
        if not isinstance(table, Mapping):
            self.fail(entry, None, f"must be a table/object, got {type(table).__name__}")
        if field not in table:
            if default is _MISSING:
                self.fail(entry, field, "missing")
            return default
        return table[field]

    def integer(
        self,
        table: Mapping[str, Any],
        field: str,
        *,
        entry: str | None,
        default: Any = _MISSING,
        minimum: int | None = None,
        maximum: int | None = None,
    ) -> int:
        value = self.get(table, field, entry=entry, default=default)
        if value is None and default is None:
            return None  # type: ignore[return-value]
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(entry, field, f"must be a whole number, got {value!r}")
        if minimum is not None and value < minimum:
            self.fail(entry, field, f"must be >= {minimum}, got {value}")
        most = MAX_NUMBER if maximum is None else maximum
        if value > most:
            self.fail(entry, field, f"must be <= {most:,}, got {_number(value)}")
        return value

    def number(
        self,
        table: Mapping[str, Any],
        field: str,
        *,
        entry: str | None,
        default: Any = _MISSING,
        minimum: float | None = None,
    ) -> float:
        value = self.get(table, field, entry=entry, default=default)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            self.fail(entry, field, f"must be a number, got {value!r}")
        if minimum is not None and value < minimum:
            self.fail(entry, field, f"must be >= {minimum}, got {value}")
        if value > MAX_NUMBER:
            self.fail(entry, field, f"must be <= {MAX_NUMBER:,}, got {_number(value)}")
        return float(value)

    def text(
        self,
        table: Mapping[str, Any],
        field: str,
        *,
        entry: str | None,
        default: Any = _MISSING,
        nonempty: bool = True,
    ) -> str:
        value = self.get(table, field, entry=entry, default=default)
        if value is None and default is None:
            return None  # type: ignore[return-value]
        if not isinstance(value, str):
            self.fail(entry, field, f"must be text, got {type(value).__name__} {value!r}")
        if nonempty and not value.strip():
            self.fail(entry, field, "must not be empty")
        hidden = hidden_character(value, newlines=True)
        if hidden:
            self.fail(entry, field, hidden)
        return value

    def template(
        self,
        table: Mapping[str, Any],
        field: str,
        allowed: Collection[str],
        *,
        entry: str | None,
        default: Any = _MISSING,
    ) -> str:
        """A text whose only ``{fields}`` are ``allowed`` names (:func:`template_problem`)."""
        value = self.text(table, field, entry=entry, default=default)
        if value is not None:
            problem = template_problem(value, allowed)
            if problem:
                self.fail(entry, field, problem)
        return value

    def choice(
        self,
        table: Mapping[str, Any],
        field: str,
        choices: Collection[str],
        *,
        entry: str | None,
        default: Any = _MISSING,
    ) -> str:
        value = self.get(table, field, entry=entry, default=default)
        if value not in choices:
            self.fail(entry, field, f"must be one of {', '.join(sorted(choices))}; got {value!r}")
        return str(value)

    def boolean(
        self, table: Mapping[str, Any], field: str, *, entry: str | None, default: Any = _MISSING
    ) -> bool:
        value = self.get(table, field, entry=entry, default=default)
        if not isinstance(value, bool):
            self.fail(entry, field, f"must be true or false, got {value!r}")
        return value

    def integers(
        self,
        table: Mapping[str, Any],
        field: str,
        *,
        entry: str | None,
        length: int | None = None,
        minimum: int | None = None,
        default: Any = _MISSING,
    ) -> tuple[int, ...]:
        value = self.get(table, field, entry=entry, default=default)
        if not isinstance(value, list):
            self.fail(entry, field, f"must be a list of whole numbers, got {value!r}")
        if length is not None and len(value) != length:
            self.fail(entry, field, f"must have {length} entries, got {len(value)}")
        for i, v in enumerate(value):
            if isinstance(v, bool) or not isinstance(v, int):
                self.fail(entry, f"{field}[{i}]", f"must be a whole number, got {v!r}")
            if minimum is not None and v < minimum:
                self.fail(entry, f"{field}[{i}]", f"must be >= {minimum}, got {v}")
            if v > MAX_NUMBER:
                self.fail(entry, f"{field}[{i}]", f"must be <= {MAX_NUMBER:,}, got {_number(v)}")
        return tuple(value)

    def table_list(
        self, data: Mapping[str, Any], field: str, *, entry: str | None = None
    ) -> list[Mapping[str, Any]]:
        value = self.get(data, field, entry=entry)
        if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
            self.fail(entry, field, "must be a list of tables/objects")
        return value

    def no_unknown(
        self, table: Mapping[str, Any], known: Collection[str], *, entry: str | None
    ) -> None:
        if not isinstance(table, Mapping):  # a list or a number is not a table of fields
            self.fail(entry, None, f"must be a table/object, got {type(table).__name__}")
        unknown = sorted(set(table) - set(known))
        if unknown:
            self.fail(entry, unknown[0], f"unknown field (known: {', '.join(sorted(known))})")
