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
        raise ValueError(f"{path}: {data!r} fits none of {tp}")
    if origin is typing.Literal:
        if data not in args:
            raise ValueError(f"{path}: expected one of {args}, got {data!r}")
        return data
    if origin in (tuple, list, frozenset, set):
        if not isinstance(data, (list, tuple)):
            raise ValueError(f"{path}: expected a list, got {type(data).__name__}")
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(args) != len(data):
                raise ValueError(f"{path}: expected {len(args)} items, got {len(data)}")
            return tuple(
                _convert(a, d, f"{path}[{i}]")
                for i, (a, d) in enumerate(zip(args, data, strict=True))
            )
        item = args[0] if args else Any
        items = [_convert(item, d, f"{path}[{i}]") for i, d in enumerate(data)]
        return origin(items)
    if origin is dict:
        if not isinstance(data, dict):
            raise ValueError(f"{path}: expected an object, got {type(data).__name__}")
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
                raise ValueError(f"{path}: expected an object, got {type(data).__name__}")
            hints = _hints(tp)
            kwargs = {}
            names = {f.name for f in dataclasses.fields(tp) if f.init} & set(_struct_fields(tp))
            unknown = set(data) - names
            if unknown:
                raise ValueError(f"{path}: unknown field(s) {sorted(unknown)}")
            for f in dataclasses.fields(tp):
                if f.name not in names:
                    continue
                if f.name in data:
                    kwargs[f.name] = _convert(hints[f.name], data[f.name], f"{path}.{f.name}")
                elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                    raise ValueError(f"{path}: missing field {f.name!r}")
            return tp(**kwargs)
        if issubclass(tp, enum.Enum):
            try:
                return tp(data)
            except ValueError:
                raise ValueError(f"{path}: {data!r} is not a valid {tp.__name__}") from None
        if tp is Fraction:
            if isinstance(data, bool) or not isinstance(data, (str, int)):
                raise ValueError(f"{path}: expected a fraction like '1/6', got {data!r}")
            return Fraction(data)
        if tp is float:
            if isinstance(data, bool) or not isinstance(data, (int, float)):
                raise ValueError(f"{path}: expected a number, got {data!r}")
            return float(data)
        if tp is bool:
            if not isinstance(data, bool):
                raise ValueError(f"{path}: expected true or false, got {data!r}")
            return data
        if tp is int:
            if isinstance(data, bool) or not isinstance(data, int):
                raise ValueError(f"{path}: expected a whole number, got {short_repr(data)}")
            if not -MAX_INT <= data <= MAX_INT:
                raise ValueError(
                    f"{path}: {short_repr(data)} is not a number a game reaches "
                    f"(at most {MAX_INT:,})"
                )
            return data
        if tp is str:
            if not isinstance(data, str):
                raise ValueError(f"{path}: expected text, got {short_repr(data)}")
            if len(data) > MAX_TEXT:
                raise ValueError(f"{path}: text of {len(data):,} characters (at most {MAX_TEXT:,})")
            return data
        if tp is type(None):
            if data is not None:
                raise ValueError(f"{path}: expected null, got {data!r}")
            return None
    raise TypeError(f"{path}: unsupported type {tp!r}")


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
