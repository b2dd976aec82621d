"""JSON structs: dataclasses to plain dicts and back, with a stable key order.

Front-ends (widgets, the CLI's JSON output, saved games) only ever see structs: dicts,
lists, strings, numbers, booleans and ``None``. Keys keep the dataclass field order.

Supported field types: ``int``, ``float``, ``str``, ``bool``, ``None``, ``Fraction``
(as ``"p/q"``), ``Enum``, nested dataclasses, ``tuple[X, ...]``, ``tuple[X, Y]``,
``list[X]``, ``frozenset[X]`` (sorted), ``dict[K, V]`` (string keys in JSON),
``X | None`` and ``Literal``.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Token:
...     name: str
...     cells: tuple[int, ...]
>>> to_struct(Token("Ann", (1, 2)))
{'name': 'Ann', 'cells': [1, 2]}
>>> from_struct(Token, {"name": "Ann", "cells": [1, 2]})
Token(name='Ann', cells=(1, 2))
"""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from fractions import Fraction
from functools import cache
from typing import Any, TypeVar

from gamekit.core.data import parse_json
from gamekit.core.errors import GamekitError
from gamekit.core.events import Line, Words, core_phrases

T = TypeVar("T")

MAX_INT = 2**53 - 1
"""The largest whole number (either sign) a struct may hold: the most a browser's JavaScript
shows exactly, far above anything a game reaches (each game's load checks its own, lower
bounds). A saved game with a larger number is refused before any rule sees it."""

MAX_TEXT = 1000
"""The longest text a struct field may hold (a player's name, a debt's reason, a card id:
all a few words)."""


# field metadata for a field that is never written to a struct (e.g. a state's spec)
NOT_IN_STRUCT: dict[str, Any] = {"struct": False}


@cache
def _struct_fields(cls: type) -> tuple[str, ...]:
    return tuple(
        f.name for f in dataclasses.fields(cls) if f.metadata.get("struct", True) is not False
    )


def to_struct(value: Any) -> Any:
    """Convert a dataclass (or anything nested in one) into JSON-ready plain data.

    A field whose metadata is :data:`NOT_IN_STRUCT` is left out.
    """
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {name: to_struct(getattr(value, name)) for name in _struct_fields(type(value))}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, (frozenset, set)):
        return sorted((to_struct(v) for v in value), key=_sort_key)
    if isinstance(value, (tuple, list)):
        return [to_struct(v) for v in value]
    if isinstance(value, dict):
        return {_key_to_struct(k): to_struct(v) for k, v in value.items()}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if hasattr(value, "item"):  # numpy scalar
        return value.item()
    raise TypeError(f"cannot convert {type(value).__name__} to a JSON struct")


def _sort_key(value: Any) -> tuple[str, str]:
    return (type(value).__name__, json.dumps(value, sort_keys=True))


def _key_to_struct(key: Any) -> str:
    key = to_struct(key)
    return key if isinstance(key, str) else json.dumps(key)


def dumps(value: Any, **kwargs: Any) -> str:
    """``json.dumps(to_struct(value))``; keys stay in field order."""
    return json.dumps(to_struct(value), **kwargs)


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_struct(cls: type[T], data: Any, path: str | None = None) -> T:
    """Rebuild a value of type ``cls`` from ``to_struct`` output.

    Raises ``ValueError`` naming the field path (from ``path``, else the class's name) when
    the data does not fit the type, or a number or text is beyond :data:`MAX_INT` or
    :data:`MAX_TEXT`.
    """
    root = path or (cls.__name__ if isinstance(cls, type) else "value")
    return typing.cast(T, _convert(cls, data, root))


def _convert(tp: Any, data: Any, path: str) -> Any:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is Any:
        return data
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _convert(arg, data, path)
            except (ValueError, TypeError) as exc:
                errors.append(str(exc))
        raise _bad(f"{path}: {data!r} fits none of {tp}", path, Words("core.type.other"), data)
    if origin is typing.Literal:
        if data not in args:
            one_of = Words("core.type.one_of", values=", ".join(map(repr, args)))
            raise _bad(f"{path}: expected one of {args}, got {data!r}", path, one_of, data)
        return data
    if origin in (tuple, list, frozenset, set):
        if not isinstance(data, (list, tuple)):
            text = f"{path}: expected a list, got {type(data).__name__}"
            raise _bad(text, path, Words("core.type.list"), data)
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(args) != len(data):
                text = f"{path}: expected {len(args)} items, got {len(data)}"
                count_words = Words("core.struct.items", detail=text, field=repr(path), n=len(args),
                              got=len(data))  # fmt: skip
                raise GamekitError(text, words=count_words)
            return tuple(
                _convert(a, d, f"{path}[{i}]")
                for i, (a, d) in enumerate(zip(args, data, strict=True))
            )
        item = args[0] if args else Any
        items = [_convert(item, d, f"{path}[{i}]") for i, d in enumerate(data)]
        return origin(items)
    if origin is dict:
        if not isinstance(data, dict):
            text = f"{path}: expected an object, got {type(data).__name__}"
            raise _bad(text, path, Words("core.type.object"), data)
        ktype, vtype = args if args else (Any, Any)
        out = {}
        for k, v in data.items():
            key = k
            if ktype is not str and ktype is not Any and isinstance(k, str):
                key = _convert(ktype, parse_json(k, f"{path} key"), f"{path} key")
            out[key] = _convert(vtype, v, f"{path}[{k!r}]")
        return out
    if isinstance(tp, type):
        if dataclasses.is_dataclass(tp):
            if not isinstance(data, dict):
                text = f"{path}: expected an object, got {type(data).__name__}"
                raise _bad(text, path, Words("core.type.object"), data)
            hints = _hints(tp)
            kwargs = {}
            names = {f.name for f in dataclasses.fields(tp) if f.init} & set(_struct_fields(tp))
            unknown = set(data) - names
            if unknown:
                text = f"{path}: unknown field(s) {sorted(unknown)}"
                said = ", ".join(repr(short_repr(u, 40)) for u in sorted(map(str, unknown))[:5])
                odd = Words("core.struct.unknown", detail=text, field=repr(path), names=said)
                raise GamekitError(text, words=odd)
            for f in dataclasses.fields(tp):
                if f.name not in names:
                    continue
                if f.name in data:
                    kwargs[f.name] = _convert(hints[f.name], data[f.name], f"{path}.{f.name}")
                elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                    text = f"{path}: missing field {f.name!r}"
                    gone = Words("core.struct.missing", detail=text, field=repr(path),
                                 name=repr(f.name))  # fmt: skip
                    raise GamekitError(text, words=gone)
            return tp(**kwargs)
        if issubclass(tp, enum.Enum):
            try:
                return tp(data)
            except ValueError:
                text = f"{path}: {data!r} is not a valid {tp.__name__}"
                values = ", ".join(repr(m.value) for m in tp)
                raise _bad(text, path, Words("core.type.one_of", values=values), data) from None
        if tp is Fraction:
            if isinstance(data, bool) or not isinstance(data, (str, int)):
                text = f"{path}: expected a fraction like '1/6', got {data!r}"
                raise _bad(text, path, Words("core.type.fraction"), data)
            return Fraction(data)
        if tp is float:
            if isinstance(data, bool) or not isinstance(data, (int, float)):
                text = f"{path}: expected a number, got {data!r}"
                raise _bad(text, path, Words("core.type.number"), data)
            return float(data)
        if tp is bool:
            if not isinstance(data, bool):
                text = f"{path}: expected true or false, got {data!r}"
                raise _bad(text, path, Words("core.type.bool"), data)
            return data
        if tp is int:
            if isinstance(data, bool) or not isinstance(data, int):
                text = f"{path}: expected a whole number, got {short_repr(data)}"
                raise _bad(text, path, Words("core.type.int"), data)
            if not -MAX_INT <= data <= MAX_INT:
                text = (
                    f"{path}: {short_repr(data)} is not a number a game reaches "
                    f"(at most {MAX_INT:,})"
                )
                raise _bad(text, path, Words("core.type.small_int", most=MAX_INT), data)
            return data
        if tp is str:
            if not isinstance(data, str):
                text = f"{path}: expected text, got {short_repr(data)}"
                raise _bad(text, path, Words("core.type.str"), data)
            if len(data) > MAX_TEXT:
                text = f"{path}: text of {len(data):,} characters (at most {MAX_TEXT:,})"
                long = Words("core.struct.long_text", detail=text, field=repr(path),
                             length=len(data), most=MAX_TEXT)  # fmt: skip
                raise GamekitError(text, words=long)
            return data
        if tp is type(None):
            if data is not None:
                text = f"{path}: expected null, got {data!r}"
                raise _bad(text, path, Words("core.struct.null"), data)
            return None
    raise TypeError(f"{path}: unsupported type {tp!r}")


def _bad(text: str, path: str, expected: Words, got: Any) -> GamekitError:
    """A value of the wrong type at ``path`` (a ``ValueError``): English ``text`` as the
    check writes it, and the words ``core.field`` (the field, what it expects, the value).

    >>> e = _bad("x: expected true or false, got 3", "x", Words("core.type.bool"), 3)
    >>> str(e), core_phrases().text(e.words, "de")
    ('x: expected true or false, got 3', "'x': erwartet wahr oder falsch, nicht 3")
    """
    words = Words("core.field", detail=text, field=repr(path), expected=expected,
                  got=short_repr(got))  # fmt: skip
    return GamekitError(text, words=words)


def short_repr(value: Any, most: int = 60) -> str:
    """``repr(value)``, cut to ``most`` characters (a huge value is named, not echoed).

    A cut or named value is a :class:`~gamekit.core.events.Line`: its text is the English
    as before, and its ``words`` say it in any language of the kit's core phrasebook (a
    German table: "… (102 Zeichen)").

    >>> short_repr("x" * 100, most=8), short_repr(2**63), short_repr(10**50)
    ("'xxxxx… (102 characters)", '9223372036854775808', 'a huge number')
    >>> from gamekit.core.events import core_phrases
    >>> core_phrases().text(short_repr("x" * 100, most=8).words, "de")
    "'xxxxx… (102 Zeichen)"
    """
    if isinstance(value, int) and abs(value) >= 10**40:
        huge = Words("core.huge")
        return Line(core_phrases().text(huge), huge)
    return cut_text(repr(value), most, most - 2)


def cut_text(text: str, most: int, keep: int | None = None) -> str:
    """``text`` when it has at most ``most`` characters, else its first ``keep`` (default
    ``most - 1``) and how long it was, as a :class:`~gamekit.core.events.Line` whose
    ``words`` (``core.cut``) say it in any language.

    >>> cut_text("abc", 5), cut_text("abcdefgh", 5)
    ('abc', 'abcd… (8 characters)')
    """
    if len(text) <= most:
        return text
    words = Words("core.cut", text=text[: most - 1 if keep is None else keep], length=len(text))
    return Line(core_phrases().text(words), words)


def check_values(field_name: str, values: Any, allowed: range | frozenset[Any] | set[Any]) -> None:
    """Raise ``ValueError`` naming ``field_name`` unless every value is in ``allowed``
    (one value or a (nested) tuple of them): a loaded state must only name seats, spaces
    and phases that exist.

    >>> check_values("state.actor", 1, range(2))
    >>> check_values("state.owner", (0, -1, 5), range(-1, 2))
    Traceback (most recent call last):
    ...
    ValueError: state.owner: 5 is not allowed (expected -1..1)
    """
    items = values if isinstance(values, tuple) else (values,)
    for item in items:
        if isinstance(item, tuple):
            check_values(field_name, item, allowed)
        elif item not in allowed:
            expected = (
                f"{allowed.start}..{allowed.stop - 1}"
                if isinstance(allowed, range)
                else ", ".join(sorted(map(str, allowed)))
            )
            raise ValueError(f"{field_name}: {item!r} is not allowed (expected {expected})")
