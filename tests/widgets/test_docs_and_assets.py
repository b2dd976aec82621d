"""The widgets' docstring examples run (CI's doctest pass covers only ``gamekit``), every
stylesheet rule is namespaced ``.gk-``, and no script reaches the web or parses HTML."""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import pytest

import widgets

HERE = Path(widgets.__file__).parent
MODULES = sorted(p.stem for p in HERE.glob("*.py") if p.stem != "__init__")


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"widgets.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


@pytest.mark.parametrize("path", sorted(HERE.glob("*.css")), ids=lambda p: p.name)
def test_every_css_rule_is_namespaced(path: Path) -> None:
    text = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
    for block in re.findall(r"([^{}]+)\{", text):
        if block.strip().startswith(("@container", "@media")):
            continue  # a container or media query: the rules inside it are checked as the others
        # the selector list's own commas, not those inside :is(...) or :not(...)
        for selector in re.split(r",(?![^()]*\))", block):
            assert selector.strip().startswith(".gk-"), f"{path.name}: {selector.strip()!r}"


@pytest.mark.parametrize("path", sorted(HERE.glob("*.js")), ids=lambda p: p.name)
def test_scripts_stay_offline_and_never_parse_html(path: Path) -> None:
    js = path.read_text(encoding="utf-8")
    assert not re.search(r"(import|from)\s*\(?\s*['\"]https?:", js)
    assert not re.search(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write", js)
    assert "fetch(" not in js and "XMLHttpRequest" not in js
