"""The examples in the Alma Mater docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "actions", "bots", "checks", "components", "glossary", "records", "moves", "placements",
    "rounds", "rules", "scoring", "setup", "sheet", "simulate", "spaces", "spec", "state",
    "tables", "transcript",
]  # fmt: skip


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"gamekit.almamater.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
