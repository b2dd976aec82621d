"""Every lesson holds for other seeds and for every size its text suggests (issue 23).

The convention, for each simulating lesson ``notebooks/alfredopoly_*.ipynb`` and
``notebooks/almamater_*.ipynb``:

* exactly one code cell tagged ``parameters`` (papermill's convention) assigns the lesson's
  knobs, UPPERCASE names only: ``SEED = 7``, ``GAMES = 600``, ``ROLLS = 900_000``;
* the notebook's metadata ``gamekit.explore`` is a list of parameter dicts, one papermill run
  each. Together they use at least 3 ``SEED`` values other than the default, and every size
  the lesson suggests trying: a suggestion written ``NAME = value`` in a Markdown cell or in
  a comment of the parameters cell (``try `GAMES = 3_000```), or ``try 3_000`` in the comment
  of ``GAMES``'s own line, must be one of the runs. A run
  may combine a new seed with a suggested size;
* a lesson without chance may say ``"deterministic": true`` with ``"explore": []``: it is
  run once with its defaults.

Each run is one test (so ``pytest -n 2`` spreads them), executed by papermill in this
environment's Python (the kernel is ``sys.executable``, as nbval's ``--nbval-current-env``
does), and fails with the cell and its error. The first run of each lesson is the lesson as
shipped (its defaults: the notebooks layer's nbval run leaves the lessons to this test); it is
also exported to HTML with the kit's nbconvert settings (no second execution) and read as a
learner would read it: no ``\\$``, no code of hidden cells, no words from the project's
history, and a picture for every board the lesson shows.

``tests/explore_fixture.ipynb`` proves the harness can fail: its assert holds for seed 1
only.

Cost (measured 2026-12-02 on the 2-core machine, 21 runs of the 9 lessons): about 320 CPU
seconds (kernels and workers, sampled from /proc; the sequential run's rusage agrees),
so at least 160 s of wall time with ``-n 2`` on two free cores.
"""

from __future__ import annotations

import ast
import html
import json
import re
from pathlib import Path
from typing import Any

import ipykernel.kernelspec
import nbformat
import pytest
from jupyter_client.kernelspec import KernelSpec, KernelSpecManager
from jupyter_client.manager import AsyncKernelManager
from traitlets import default

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LESSONS = sorted([*NOTEBOOKS.glob("alfredopoly_*.ipynb"), *NOTEBOOKS.glob("almamater_*.ipynb")])
FIXTURE = Path(__file__).resolve().parent / "explore_fixture.ipynb"
BOARD = re.compile(r"(AlfredopolyBoard|AlmaMaterBoard|UniversityTableau)\(")
CELL_TIMEOUT_S = 600
# Words of the project's history, not of the games (issue 23: keep them in the CHANGELOG).
HISTORY = re.compile(
    r"\baudit\w*|\bfindings?\b|\blone dean\b|\b(?:newcomer|lecturer|classroom|review)s?'? "
    r"trials?\b|\btrial \d|\bissue \d+|\bCHANGELOG\b|\breview round",
    re.I,
)


class _ThisPython(KernelSpecManager):  # type: ignore[misc]
    """Every kernel name means ipykernel in this very interpreter (``sys.executable``)."""

    def get_kernel_spec(self, kernel_name: str) -> KernelSpec:
        return KernelSpec(
            resource_dir=ipykernel.kernelspec.RESOURCES, **ipykernel.kernelspec.get_kernel_dict()
        )


class ThisPythonKernel(AsyncKernelManager):  # type: ignore[misc]
    @default("kernel_spec_manager")  # type: ignore[untyped-decorator]
    def _this_python(self) -> KernelSpecManager:
        return _ThisPython(parent=self)


def parameters_cell(nb: Any) -> tuple[int, dict[str, Any], str]:
    """(index, {name: default value}, source) of the one cell tagged ``parameters``."""
    tagged = [
        i
        for i, c in enumerate(nb.cells)
        if c.cell_type == "code" and "parameters" in c.metadata.get("tags", [])
    ]
    assert len(tagged) == 1, f"{len(tagged)} code cells tagged 'parameters' (need exactly 1)"
    source = nb.cells[tagged[0]].source
    values: dict[str, Any] = {}
    for node in ast.parse(source).body:
        assert isinstance(node, (ast.Assign, ast.AnnAssign)), (
            f"the parameters cell only assigns values; found: {ast.unparse(node)[:60]}"
        )
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        for target in targets:
            assert isinstance(target, ast.Name) and target.id.isupper(), (
                f"parameters are UPPERCASE names: {ast.unparse(target)}"
            )
            values[target.id] = ast.literal_eval(node.value) if node.value else None
    assert values, "the parameters cell assigns nothing"
    return tagged[0], values, source


def suggested_sizes(nb: Any, names: set[str], source: str) -> set[tuple[str, Any]]:
    """``NAME = value`` suggestions in Markdown cells and in the parameters cell's comments,
    and ``try VALUE`` in the comment of a parameter's own line.

    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("try `GAMES = 300`")])
    >>> sorted(suggested_sizes(nb, {"SEED", "GAMES", "ROLLS"},
    ...        "SEED = 4  # try 1, 2, 3\\nROLLS = 10  # try 10_000 (slow)"))
    [('GAMES', 300), ('ROLLS', 10000)]
    """
    texts = [c.source for c in nb.cells if c.cell_type == "markdown"]
    texts += [line.split("#", 1)[1] for line in source.splitlines() if "#" in line]
    found = set()
    for text in texts:
        for name, value in re.findall(r"\b([A-Z][A-Z0-9_]*)\s*=\s*(\d[\d_]*)\b", text):
            if name in names:
                found.add((name, int(value.replace("_", ""))))
    # "GAMES = 600  # ...: try 3_000": a size for that line's name (SEED's "try 1, 2, 3" are
    # seeds, counted apart)
    for name, comment in re.findall(r"^([A-Z][A-Z0-9_]*)\s*=.*?#(.*)$", source, re.M):
        if name in names and name != "SEED":
            for value in re.findall(r"\btry (\d[\d_]*)\b", comment):
                found.add((name, int(value.replace("_", ""))))
    return found


def explore_runs(nb: Any) -> list[dict[str, Any]]:
    """The runs the notebook's metadata asks for, after checking the convention."""
    meta = nb.metadata.get("gamekit", {})
    assert "explore" in meta, 'no metadata["gamekit"]["explore"] (a list of parameter dicts)'
    runs = meta["explore"]
    assert isinstance(runs, list) and all(isinstance(r, dict) for r in runs), (
        f"explore must be a list of parameter dicts, not {runs!r}"
    )
    if meta.get("deterministic") is True:
        assert runs == [], "a deterministic lesson explores nothing: explore is []"
        return [{}]
    _, values, source = parameters_cell(nb)
    for run in runs:
        unknown = set(run) - set(values)
        assert not unknown, f"run {run} sets {sorted(unknown)}, not in the parameters cell"
    assert "SEED" in values, "a simulating lesson's parameters cell has a SEED"
    seeds = {r["SEED"] for r in runs if "SEED" in r} - {values["SEED"]}
    assert len(seeds) >= 3, f"explore uses {len(seeds)} other SEED values; at least 3 needed"
    tried = {(k, v) for r in runs for k, v in r.items()}
    missing = suggested_sizes(nb, set(values), source) - tried
    assert not missing, f"sizes the lesson suggests but no run tries: {sorted(missing)}"
    return runs


def run_lesson(path: Path, parameters: dict[str, Any], out: Path) -> Any:
    """Execute ``path`` with ``parameters`` in this Python; fail naming the cell and error."""
    import papermill
    from papermill.exceptions import PapermillExecutionError

    try:
        papermill.execute_notebook(
            str(path), str(out), parameters=parameters, kernel_name="python3",
            kernel_manager_class=ThisPythonKernel, cwd=str(path.parent), progress_bar=False,
            request_save_on_cell_execute=False, execution_timeout=CELL_TIMEOUT_S,
        )  # fmt: skip
    except PapermillExecutionError as exc:
        source = exc.source if isinstance(exc.source, str) else "".join(exc.source)
        cell = exc.cell_index  # counted in the lesson's file, without papermill's own cell
        if out.exists():
            ran = nbformat.read(out, as_version=4)
            cell -= any(
                "injected-parameters" in c.metadata.get("tags", []) for c in ran.cells[:cell]
            )
        pytest.fail(
            f"{path.name} with {parameters or 'its defaults'}: cell {cell} "
            f"raised {exc.ename}: {exc.evalue}\n--- the cell ---\n{source[:1500]}",
            pytrace=False,
        )
    return nbformat.read(out, as_version=4)


KIT_NBCONVERT = ROOT / "jupyter" / "jupyter_nbconvert_config.json"


def export(nb: Any) -> str:
    """The HTML page ``jupyter nbconvert --to html --execute`` makes of a lesson in the
    kit's environment: the kit's nbconvert settings (``jupyter/jupyter_nbconvert_config.json``,
    installed into the environment) store no widget state, so the boards' still pictures
    show, and drop the code of cells tagged ``hide-input``."""
    from nbconvert import HTMLExporter
    from traitlets.config import Config

    settings = Config(json.loads(KIT_NBCONVERT.read_text(encoding="utf-8")))
    if not settings.ExecutePreprocessor.store_widget_state:
        nb.metadata.pop("widgets", None)  # what an execution with that setting leaves
    body, _ = HTMLExporter(config=settings).from_notebook_node(nb)
    return str(body)


def exported_text(body: str) -> str:
    """What a reader of an HTML export sees, as text."""
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", body, flags=re.S | re.I)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


def hidden_code_problems(nb: Any, text: str) -> list[str]:
    """Cells tagged ``hide-input`` whose code shows in the export (a teacher's page would
    show the code behind a computed sentence)."""
    flat = " ".join(text.split())
    # what the page shows anyway (Markdown, outputs: a reveal cell's reply names itself)
    elsewhere = " ".join(
        " ".join(str(part) for out in c.get("outputs", []) for part in _texts(out))
        if c.cell_type == "code"
        else c.source
        for c in nb.cells
    )
    elsewhere = " ".join(elsewhere.split())
    problems = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code" and "hide-input" in cell.metadata.get("tags", []):
            lines = [" ".join(line.split()) for line in cell.source.splitlines()]
            lines = [line for line in lines if len(line) > 24 and line not in elsewhere]
            shown = [line for line in lines if line in flat]
            if shown:
                problems.append(f"cell {i}: hidden code shows: {shown[0][:60]!r}")
    return problems


def _texts(output: Any) -> list[str]:
    """The text an output shows (a stream's text, a display's text/plain and text/html)."""
    if output.get("output_type") == "stream":
        return [output.get("text", "")]
    data = output.get("data", {})
    return [str(data.get(k, "")) for k in ("text/plain", "text/html", "text/markdown")]


def board_problems(nb: Any, body: str) -> list[str]:
    """Boards the lesson shows whose still picture (the widgets' ``export_picture``, in the
    display bundle as ``text/html``) is missing from the bundle or from the export."""
    boards = [
        (i, data)
        for i, cell in enumerate(nb.cells)
        for out in cell.get("outputs", [])
        if "application/vnd.jupyter.widget-view+json" in (data := out.get("data", {}))
        and BOARD.match(str(data.get("text/plain", "")))
    ]
    problems = [
        f"cell {i}: a board without a picture"
        for i, data in boards
        if "<svg" not in data.get("text/html", "")
    ]
    drawn = body.count("<svg")
    if boards and drawn < len(boards):
        problems.append(f"{len(boards)} boards shown, {drawn} pictures in the HTML export")
    return problems


def export_problems(text: str) -> list[str]:
    """A backslash before a dollar sign, and words of the project's history.

    >>> export_problems("pay $200 or 10% over 3 independent trials")
    []
    >>> export_problems("pay \\\\$200 now; the lone dean (audit finding 5)")[:2]
    ['\\\\$ at: pay \\\\$200 now; the l', "history: 'lone dean'"]
    >>> len(export_problems("audit finding 5"))
    2
    """
    found = [
        f"\\$ at: {' '.join(text[max(0, m.start() - 4) : m.end() + 14].split())}"
        for m in re.finditer(r"\\\$", text)
    ]
    return found + [f"history: {m.group(0)!r}" for m in HISTORY.finditer(text)]


def _cases() -> list[Any]:
    cases = []
    for path in LESSONS:
        nb = nbformat.read(path, as_version=4)
        try:
            runs = explore_runs(nb)
        except AssertionError:
            continue  # test_lesson_follows_the_convention says why
        if runs != [{}]:
            runs = [{}, *runs]  # the lesson as shipped first (nbval leaves the lessons here)
        for k, run in enumerate(runs):
            label = ",".join(f"{name}={value}" for name, value in run.items()) or "defaults"
            cases.append(pytest.param(path, k, run, id=f"{path.stem}-{k}-{label}"))
    return cases


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_follows_the_convention(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    try:
        explore_runs(nb)
    except AssertionError as exc:
        raise AssertionError(f"{path.name}: {exc} (see tests/test_lesson_explore.py)") from None


@pytest.mark.parametrize(("path", "k", "run"), _cases())
def test_lesson_explores_cleanly(path: Path, k: int, run: dict[str, Any], tmp_path: Path) -> None:
    executed = run_lesson(path, run, tmp_path / path.name)
    if k == 0:  # one export per lesson: read it as the teacher's HTML page shows it
        body = export(executed)
        text = exported_text(body)
        problems = (
            export_problems(text) + hidden_code_problems(executed, text)
            + board_problems(executed, body)
        )  # fmt: skip
        assert not problems, f"{path.name} exported to HTML: {problems[:8]}"


def test_the_harness_fails_a_lesson_tuned_to_one_seed(tmp_path: Path) -> None:
    nb = nbformat.read(FIXTURE, as_version=4)
    runs = explore_runs(nb)
    assert len(runs) == 3
    run_lesson(FIXTURE, {}, tmp_path / "default.ipynb")  # seed 1 holds
    with pytest.raises(pytest.fail.Exception) as failed:
        run_lesson(FIXTURE, runs[0], tmp_path / "other.ipynb")
    message = str(failed.value)
    assert "cell 3 raised AssertionError" in message and "lucky" in message, message


def test_the_convention_check_can_fail() -> None:
    nb = nbformat.read(FIXTURE, as_version=4)
    for broken, why in [
        ({"explore": [{"SEED": 2}, {"SEED": 3}]}, "2 other SEED values"),
        ({"explore": [{"SEED": 2}, {"SEED": 3}, {"SEED": 1}, {"SEED": 4, "X": 1}]}, "sets ['X']"),
        ({"explore": [{"SEED": s} for s in (2, 3, 4)], "suggest": 1}, "ROLLS', 50"),
    ]:
        nb.metadata["gamekit"] = broken
        if "suggest" in broken:
            nb.cells.append(nbformat.v4.new_markdown_cell("Try `ROLLS = 50` at home."))
        with pytest.raises(AssertionError, match=re.escape(why)):
            explore_runs(json.loads(json.dumps(nb), object_hook=nbformat.NotebookNode))


def test_the_export_check_finds_hidden_code_unless_the_kits_settings_hide_it() -> None:
    from nbconvert import HTMLExporter

    cell = nbformat.v4.new_code_cell("sentence = 'the code behind a computed sentence'\nsentence")
    cell.metadata["tags"] = ["hide-input"]
    cell.outputs = [nbformat.v4.new_output("execute_result", {"text/plain": "'done'"})]
    nb = nbformat.v4.new_notebook(cells=[cell])
    plain, _ = HTMLExporter().from_notebook_node(nb)  # nbconvert's own defaults
    assert hidden_code_problems(nb, exported_text(plain)), "the check missed shown code"
    assert not hidden_code_problems(nb, exported_text(export(nb)))
