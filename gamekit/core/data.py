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
import tomllib
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any, NoReturn

from gamekit.core.errors import DataError

_MISSING: Any = object()


def load_data_file(path: str | Path) -> dict[str, Any]:
    """Parse a ``.toml`` or ``.json`` file into a dict; errors name the file."""
    p = Path(path)
    if not p.is_file():
        raise DataError(p, None, None, "no such file")
    suffix = p.suffix.lower()
    try:
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(p, None, None, f"not UTF-8 text ({exc.reason})") from None
    try:
        if suffix == ".toml":
            data: Any = tomllib.loads(text)
        elif suffix == ".json":
            data = json.loads(text)
        else:
            raise DataError(p, None, None, f"unknown file type {suffix!r}; use .toml or .json")
    except tomllib.TOMLDecodeError as exc:
        raise DataError(p, None, None, f"not valid TOML: {exc}") from None
    except json.JSONDecodeError as exc:
        raise DataError(p, None, None, f"not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise DataError(p, None, None, "the top level must be a table/object")
    return data


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
        if maximum is not None and value > maximum:
            self.fail(entry, field, f"must be <= {maximum}, got {value}")
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
        unknown = sorted(set(table) - set(known))
        if unknown:
            self.fail(entry, unknown[0], f"unknown field (known: {', '.join(sorted(known))})")
