"""The course pages a teacher posts besides the lessons, exported as the lessons are.

``tests/test_lesson_explore.py`` executes and exports every simulating lesson; the start
page, the two glossaries and the rules page had no such test (a fresh reader found the
rules page's export showing ``\\$`` and "issue 27" by hand). Each page here is executed in
this environment's Python (papermill, as the lessons' runs) and exported with the kit's
nbconvert settings (``jupyter/jupyter_nbconvert_config.json``: hidden inputs dropped, no
widget state), which is what ``jupyter nbconvert --to html --execute`` makes in the kit's
environment. The page is read as a learner reads it: no backslash before a dollar sign, no
maths that spells words, no words of the project's history, no code of hidden cells, and a
picture for every board it shows. The HTML is kept under ``test-artifacts/exports/``
(not committed) for a look in the browser.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.test_lesson_explore import (
    KIT_NBCONVERT,
    NOTEBOOKS,
    ROOT,
    ThisPythonKernel,
    board_problems,
    export,
    export_problems,
    exported_text,
    hidden_code_problems,
    maths_with_words,
)

PAGES = ["00_start_here", "glossary_alfredopoly", "glossary_almamater", "rules"]
# A widget an export cannot run shows its Python description ("VBox(children=(Text(value=''
# ...") unless its display gives a still in its place.
WIDGET_REPR = re.compile(r"\b[A-Z]\w*\((?:children|value|description|options|layout)=")
STILLS = PAGES
KEPT = ROOT / "test-artifacts" / "exports"


def nbconvert_execute(path: Path) -> Any:
    """``path`` executed as ``jupyter nbconvert --execute`` does with the kit's settings
    (nbconvert's ExecutePreprocessor, the kit's config), in this Python. Papermill, which
    the lessons' runs use, executed the rules page cleanly while nbconvert failed on it
    (an Output widget cleared under ``store_widget_state = false``: KeyError in nbclient)."""
    import nbformat
    from nbconvert.preprocessors import ExecutePreprocessor
    from traitlets.config import Config

    settings = Config(json.loads(KIT_NBCONVERT.read_text(encoding="utf-8")))
    nb = nbformat.read(path, as_version=4)
    runner = ExecutePreprocessor(
        config=settings, timeout=600, kernel_name="python3", kernel_manager_class=ThisPythonKernel
    )
    runner.preprocess(nb, {"metadata": {"path": str(path.parent)}})
    return nb


def page_problems(executed: object, body: str) -> list[str]:
    """Everything a learner should not meet in an exported page (see the module's docstring)."""
    text = exported_text(body)
    return (
        export_problems(text) + maths_with_words(body)
        + hidden_code_problems(executed, text) + board_problems(executed, body)
    )  # fmt: skip


@pytest.mark.parametrize("name", PAGES)
def test_course_page_exports_as_a_learner_reads_it(name: str) -> None:
    path = NOTEBOOKS / f"{name}.ipynb"
    executed = nbconvert_execute(path)
    body = export(executed)
    KEPT.mkdir(parents=True, exist_ok=True)
    (KEPT / f"{name}.html").write_text(body, encoding="utf-8")
    problems = page_problems(executed, body)
    if name in STILLS:
        shown = WIDGET_REPR.findall(exported_text(body))
        problems += [f"a widget shown as its Python description: {w}..." for w in shown]
    assert not problems, f"{path.name} exported to HTML: {problems[:8]}"


def test_the_page_check_finds_what_a_learner_should_not_meet() -> None:
    """Canaries: a page with each fault, exported the same way, fails for each."""
    import nbformat

    cells = [
        nbformat.v4.new_markdown_cell("Pay $200 or 10% of your net worth, then $50."),
        nbformat.v4.new_markdown_cell("Fixed in issue 27 after the audit finding."),
        nbformat.v4.new_code_cell("print('pay \\\\$75')"),
    ]
    cells[2].outputs = [nbformat.v4.new_output("stream", text="pay \\$75\n")]
    nb = nbformat.v4.new_notebook(cells=cells)
    found = " | ".join(page_problems(nb, export(nb)))
    for fault in ("maths spells 'or'", "history: 'issue 27'", "history: 'audit'", "\\$ at"):
        assert fault in found, (fault, found)
    clean = nbformat.v4.new_notebook(
        cells=[
            nbformat.v4.new_markdown_cell(
                "Pay <span>&dollar;</span>200 or 10%, then <span>&dollar;</span>50; "
                "$\\pi P = \\pi$."
            )
        ]
    )
    assert page_problems(clean, export(clean)) == []
