"""Structural checks of the lessons: the promises of issue 7 that a reader can check by eye.

Running the lessons is nbval's job (``pytest --nbval-lax notebooks``); these tests only read
the committed files, so they are fast.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = [
    "alfredopoly_1_board_and_turn",
    "alfredopoly_2_markov_chain",
    "alfredopoly_3_simulation",
    "alfredopoly_4_economics",
    "alfredopoly_5_experiments",
    "almamater_1_setup",
    "almamater_2_a_round",
    "almamater_3_scoring",
    "almamater_4_strategies",
]
GLOSSARIES = ["glossary_almamater", "glossary_alfredopoly"]
COURSE = ["00_start_here", *LESSONS, *GLOSSARIES, "rules"]
SEEDED_CALLS = ("simulate(", "simulate_landing(", "new_game(", "default_rng(", "play_game(")


def cells(name: str) -> list[dict]:
    data = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))
    return data["cells"]


def text(cell: dict) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def markdown(name: str) -> str:
    return "\n".join(text(c) for c in cells(name) if c["cell_type"] == "markdown")


def code_cells(name: str) -> list[str]:
    return [text(c) for c in cells(name) if c["cell_type"] == "code"]


@pytest.mark.parametrize("name", COURSE)
def test_committed_without_outputs_and_with_stable_ids(name):
    found = cells(name)
    ids = [c.get("id") for c in found]
    assert all(ids) and len(set(ids)) == len(ids), f"{name}: cell ids missing or repeated"
    for c in found:
        if c["cell_type"] == "code":
            assert c.get("outputs") == [], f"{name}: a code cell has outputs"
            assert c.get("execution_count") is None, f"{name}: a code cell has an execution count"


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_opens_with_why_and_goals_and_ends_with_summary(name):
    first = text(cells(name)[0])
    assert first.startswith("# "), f"{name}: the first cell is not the title"
    assert "**Why it matters.**" in first, f"{name}: no 'why it matters' at the top"
    assert "**You will be able to**" in first, f"{name}: no goals at the top"
    assert "## Summary" in markdown(name), f"{name}: no summary"


@pytest.mark.parametrize("name", [*LESSONS, *GLOSSARIES])
def test_exercises_have_hidden_solutions_and_self_checks(name):
    md = markdown(name)
    solutions = md.count("<details><summary>Solution</summary>")
    assert solutions >= 1 and md.count("</details>") == solutions, f"{name}: hidden solutions"
    code = code_cells(name)
    answers = [c for c in code if re.match(r"answer(_\d+)? = None", c)]
    checks = [c for c in code if "Self-check" in c]
    assert answers, f"{name}: no answer variable set to None"
    assert len(checks) == len(answers) == solutions, f"{name}: one answer, solution, check each"
    for check in checks:
        # Either the old explicit form or one line `check("id", answer_N)` (core.exercises
        # handles an unanswered exercise itself).
        one_line = re.search(r"^check\(\"[\w.]+\", answer(_\d+)?\)$", check, re.M)
        assert one_line or re.search(r"if answer(_\d+)? is None:", check), (
            f"{name}: a self-check must first handle an unanswered exercise"
        )


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_asserts_what_it_teaches(name):
    asserts = sum(c.count("\nassert ") + c.startswith("assert ") for c in code_cells(name))
    assert asserts >= 3, f"{name}: only {asserts} assert statements"


@pytest.mark.parametrize("name", [n for n in LESSONS if n.startswith("almamater")])
def test_alma_mater_lessons_name_the_kit_defaults(name):
    assert "kit default" in markdown(name).lower(), f"{name}: does not say what is a kit default"


@pytest.mark.parametrize("name", COURSE)
def test_runs_in_any_front_end_offline(name):
    for source in code_cells(name):
        for line in source.splitlines():
            stripped = line.strip()
            assert not stripped.startswith(("%", "!")), f"{name}: magic or shell line {line!r}"
        assert "import ipywidgets as widgets" not in source, f"{name}: shadows the kit's widgets"
        assert "renderers.enable" not in source, f"{name}: switches the Altair renderer"
        assert "matplotlib" not in source, f"{name}: use the kit's offline chart builders"


@pytest.mark.parametrize("name", COURSE)
def test_every_random_call_is_seeded(name):
    for source in code_cells(name):
        for line in source.splitlines():
            call = next((c for c in SEEDED_CALLS if c in line), None)
            if call is None or line.lstrip().startswith(("def ", "#", "from ", "import ")):
                continue
            if call == "default_rng(":
                assert re.search(r"default_rng\(\s*\S", line), f"{name}: unseeded {line!r}"
            else:
                assert "seed" in line or "rng" in line, f"{name}: unseeded call {line!r}"


def test_start_here_maps_every_lesson():
    md = markdown("00_start_here")
    for name in [*LESSONS, *GLOSSARIES, "rules"]:
        assert f"({name}.ipynb)" in md, f"the map does not link {name}"
    for book in ("alfredopoly", "almamater"):
        assert f"(../docs/rules/{book}.md)" in md, f"the map does not link the {book} rule book"


@pytest.mark.parametrize("name", COURSE)
def test_self_checks_are_collapsed_so_they_do_not_give_the_answer_away(name):
    for c in cells(name):
        if c["cell_type"] == "code" and text(c).startswith("# Self-check"):
            hidden = c.get("metadata", {}).get("jupyter", {}).get("source_hidden")
            assert hidden is True, f"{name}: a self-check cell shows its code"
