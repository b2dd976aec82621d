"""Build a notebook from a plain-text source where cells are separated by marker lines.

    # %% [markdown]      starts a Markdown cell
    # %%                 starts a code cell

Usage: python scripts/make_notebook.py SOURCE.py OUT.ipynb
Notebooks are written without outputs (the kit commits lessons clean).
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat


def build(source: str) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nb.metadata["language_info"] = {"name": "python"}
    kind, lines = None, []  # type: ignore[var-annotated]

    def flush() -> None:
        text = "\n".join(lines).strip("\n")
        if kind == "markdown":
            text = "\n".join(
                line[2:] if line.startswith("# ") else line.lstrip("#")
                for line in text.splitlines()
            )
            nb.cells.append(nbformat.v4.new_markdown_cell(text))
        elif kind == "code" and text:
            nb.cells.append(nbformat.v4.new_code_cell(text))

    for line in source.splitlines():
        if line.startswith("# %%"):
            flush()
            kind = "markdown" if "[markdown]" in line else "code"
            lines = []
        else:
            lines.append(line)
    flush()
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"cell-{i:02d}"
    return nb


def main(src: str, out: str) -> None:
    nb = build(Path(src).read_text(encoding="utf-8"))
    nbformat.validate(nb)
    Path(out).write_text(nbformat.writes(nb) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
