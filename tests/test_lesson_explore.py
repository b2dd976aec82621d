"""Every lesson holds for other seeds and for every size its text suggests (issue 23).

The convention, for each simulating lesson ``notebooks/alfredopoly_*.ipynb`` and
``notebooks/almamater_*.ipynb``:

* exactly one code cell tagged ``parameters`` (papermill's convention) assigns the lesson's
  knobs, UPPERCASE names only: ``SEED = 7``, ``GAMES = 600``, ``ROLLS = 900_000``;
* the notebook's metadata ``gamekit.explore`` is a list of parameter dicts, one papermill run
  each. Together they use at least 3 ``SEED`` values other than the default, and every size
  the lesson suggests trying, in its Markdown or in any code comment, must be one of the runs:
  ``NAME = value`` (``try `GAMES = 3_000```), a size with its unit in a sentence that invites
  a change (``run it again with 10,000 rolls``), a bare ``try 2_500 at home`` for the
  parameter its line or sentence names (see :func:`suggested_sizes`). A run may combine a
  new seed with a suggested size;
* a lesson without chance may say ``"deterministic": true`` with ``"explore": []``: it is
  run once with its defaults.

Each run is one test (so ``pytest -n 2`` spreads them), executed by papermill in this
environment's Python (the kernel is ``sys.executable``, as nbval's ``--nbval-current-env``
does), and fails with the cell and its error. The lesson as shipped (its defaults) is run by
the browser layer in JupyterLab and in Voila (tests/browser), so it is not run again here.
The first run of each lesson is also exported to HTML with the kit's nbconvert settings (no
second execution) and read as a learner would read it: no ``\\$``, no code of hidden
cells, no words from the project's history, and a picture for every board the lesson shows.

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
# the lessons, and the start page (it samples dice with a SEED too)
LESSONS = [
    NOTEBOOKS / "00_start_here.ipynb",
    *sorted([*NOTEBOOKS.glob("alfredopoly_*.ipynb"), *NOTEBOOKS.glob("almamater_*.ipynb")]),
]
FIXTURE = Path(__file__).resolve().parent / "explore_fixture.ipynb"
BOARD = re.compile(r"(AlfredopolyBoard|AlmaMaterBoard|UniversityTableau)\(")
CELL_TIMEOUT_S = 600
# Words of the project's history, not of the games (issue 23: keep them in the CHANGELOG).
HISTORY = re.compile(
    r"\baudit\w*|\bfindings?\b|\blone dean\b|\b(?:newcomer|lecturer|classroom|review)s?'? "
    r"trials?\b|\btrial \d|\bissue \d+|\bCHANGELOG\b|\breview round"
    r"|\bearlier versions? of the kit\b",
    re.I,
)


OBJECT = re.compile(r"<[\w.]+ object at 0x[0-9a-f]+>")


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


# A sentence that invites the reader to change something: only there is "with 10,000 rolls"
# a size to try ("A simulation with 100,000 rolls gives ..." states a fact).
INVITE = re.compile(
    r"\b(?:try|trying|set|change|raise|increase|rerun|re-run|run\b.*?\bagain|at home)\b", re.I
)
NUMBER = r"(\d{1,3}(?:,\d{3})+|\d[\d_]*)(?![\d.,]\d)"  # 10,000 / 10_000 / 10000; not 0.5
ASSIGN = re.compile(rf"\b([A-Z][A-Z0-9_]*)`?\s*=\s*`?{NUMBER}")
# "try 2_500 at home": words that may follow a bare size
BARE_NEXT = {"", "at", "in", "instead", "or", "and", "then", "for", "to"}
MORE = r"(?:\s+(?:more|fewer|extra))?"  # "10,000 more rolls"


def _number(text: str) -> int:
    return int(text.replace("_", "").replace(",", ""))


def _comments(source: str) -> list[tuple[str | None, str]]:
    """(the parameter a line assigns, or None; its comment) for each comment of a code cell."""
    found = []
    for line in source.splitlines():
        code, hashed, comment = line.partition("#")
        if hashed and code.count('"') % 2 == 0 and code.count("'") % 2 == 0:
            assigned = re.match(r"\s*([A-Z][A-Z0-9_]*)\s*=", code)
            found.append((assigned.group(1) if assigned else None, comment))
    return found


def _md_texts(source: str) -> list[str]:
    """The text of each ``md("...")`` call of a code cell: prose the learner reads as
    Markdown (``md("... try `GAMES = 500` at the top ...", games=...)``)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    return [
        "".join(n.value for n in ast.walk(call.args[0])
                if isinstance(n, ast.Constant) and isinstance(n.value, str))
        for call in ast.walk(tree)
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
        and call.func.id == "md" and call.args
    ]  # fmt: skip


def _meant(text: str, names: set[str]) -> set[str]:
    """The size parameters a text mentions, by name (``GAMES``) or by unit ("games");
    a unit shared by two (GAMES, SWEEP_GAMES) means the one whose other words ("sweep")
    the text has, else the plain one."""
    words = set(re.findall(r"[a-z]+", text.lower()))
    meant = {n for n in names if re.search(rf"\b{n}\b", text)}
    by_unit: dict[str, set[str]] = {}
    for n in names:
        by_unit.setdefault(n.rsplit("_", 1)[-1].lower(), set()).add(n)
    for unit, group in by_unit.items():
        if unit in words or unit.rstrip("s") in words:
            specific = {n for n in group if "_" in n and set(n.lower().split("_")[:-1]) <= words}
            meant |= specific or {n for n in group if "_" not in n} or group
    return meant


def suggested_sizes(nb: Any, names: set[str], source: str = "") -> set[tuple[str, Any]]:
    """Every size the lesson's Markdown, code comments and ``md(...)`` sentences suggest
    trying, as (NAME, value).

    * ``NAME = value`` anywhere (``Set `ROLLS = 10_000_000` ...``, ``# try GAMES = 300``);
    * in a sentence that invites a change (try, set, change, raise, increase, rerun, run
      ... again, at home): a number before a parameter's unit (``with 10,000 rolls``,
      ``try 2_500 more games``), and a bare ``try N`` (``try 2_500 at home``) for the
      parameter its line assigns (``GAMES = 600  # try 3_000``), else the one the sentence,
      else its paragraph, mentions by name or unit; a bare ``try N`` that mentions none is
      ``("?", N)``, which no run can match: the lesson must say which parameter;
    * a parameter's default is no suggestion, and only ``SEED = value`` names a seed
      (``SEED = 4  # try 1, 2, 3`` and a bare ``try N`` in a sentence about seeds are
      seeds, counted apart).

    ``source`` (the parameters cell) is no longer needed: every code cell's comments are read.
    test_the_size_finder_takes_suggestions_and_leaves_facts holds sample texts.

    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("try `GAMES = 300`")])
    >>> nb.cells.append(nbformat.v4.new_code_cell("SEED = 4  # try 1\\nROLLS = 10  # try 10_000"))
    >>> sorted(suggested_sizes(nb, {"SEED", "GAMES", "ROLLS"}))
    [('GAMES', 300), ('ROLLS', 10000)]
    """
    sizes = names - {"SEED"}
    defaults: dict[str, int] = {}
    pieces: list[tuple[str, str | None]] = []  # (a paragraph or a comment, the line's name)
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            pieces += [(p, None) for p in re.split(r"\n\s*\n", cell.source)]
        elif cell.cell_type == "code":
            pieces += [(comment, name) for name, comment in _comments(cell.source)]
            pieces += [(text, None) for text in _md_texts(cell.source)]
            if "parameters" in cell.metadata.get("tags", []):
                for line in cell.source.splitlines():
                    if m := re.match(r"([A-Z][A-Z0-9_]*)\s*=\s*([\d_]+)\b", line):
                        defaults[m.group(1)] = _number(m.group(2))
    found: set[tuple[str, Any]] = set()
    for piece, line_name in pieces:
        flat = " ".join(piece.split())
        found |= {(n, _number(v)) for n, v in ASSIGN.findall(flat) if n in names}
        for sentence in re.split(r"(?<=[.!?;])\s+(?=[A-Z`(*])", flat):
            if not INVITE.search(sentence):
                continue
            text = ASSIGN.sub(" ", sentence)  # taken above
            for m in re.finditer(rf"(?<![\w.$-]){NUMBER}{MORE}\s*([a-z]*)", text):
                value, unit = _number(m.group(1)), m.group(2)
                if line_name == "SEED":
                    continue
                if unit not in BARE_NEXT:  # "10,000 rolls": the unit's parameter, if any
                    group = {n for n in sizes if n.rsplit("_", 1)[-1].lower() in (unit, unit + "s")}
                    meant = _meant(unit + " " + sentence, group)
                elif not re.search(r"\btry\s*$", text[: m.start()], re.I):
                    continue  # "at most 6 to 12", "pays $50 and ..."
                elif line_name in sizes:
                    meant = {line_name}
                elif re.search(r"\bseeds?\b|\bSEED\b", sentence, re.I):
                    continue  # "try 7 or 8" as seeds
                else:
                    meant = _meant(sentence, sizes) or _meant(flat, sizes) or {"?"}
                found |= {(n, value) for n in meant}
    return {(n, v) for n, v in found if defaults.get(n) != v}


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
    >>> export_problems("The picture <altair.JupyterChart object at 0x7f3>")
    ['a Python object instead of a picture: <altair.JupyterChart object at 0x7f3>']
    """
    found = [
        f"\\$ at: {' '.join(text[max(0, m.start() - 4) : m.end() + 14].split())}"
        for m in re.finditer(r"\\\$", text)
    ]
    # a widget or chart without a still shows as "<altair...JupyterChart object at 0x7f...>"
    found += [f"a Python object instead of a picture: {m.group(0)}" for m in OBJECT.finditer(text)]
    return found + [f"history: {m.group(0)!r}" for m in HISTORY.finditer(text)]


# What MathJax 2 (nbconvert's HTML page, its tex2jax settings) would typeset: $...$, $$...$$,
# \(...\) and \[...\] inside one text node (it pairs no delimiters across elements), outside
# script, style, pre, code, textarea and anything of class tex2jax_ignore; \$ is a dollar.
_MATHS = re.compile(r"\$\$(.+?)\$\$|(?<!\\)\$(.+?)(?<!\\)\$|\\\((.+?)\\\)|\\\[(.+?)\\\]", re.S)
_SKIP_TAGS = {"script", "noscript", "style", "textarea", "pre", "code"}
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
         "track", "wbr"}  # fmt: skip
_TEXT_COMMAND = re.compile(r"\\(?:text\w*|mathrm|mbox|operatorname)\s*\{[^{}]*\}")
# a letter with its sub- or superscripts (x_0, T^k, p_{24}): indices, not a word
_SCRIPTED = re.compile(r"[A-Za-z]?(?:[_^](?:\{[^{}]*\}|\\?[A-Za-z0-9]))+")


def _text_nodes(body: str) -> list[str]:
    """The text nodes of ``body`` that MathJax 2 would scan (see _MATHS)."""
    from html.parser import HTMLParser

    nodes: list[str] = []

    class Reader(HTMLParser):
        def __init__(self) -> None:
            super().__init__(convert_charrefs=True)
            self.stack: list[tuple[str, bool]] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag in _VOID:
                return
            classes = (dict(attrs).get("class") or "").split()
            skip = tag in _SKIP_TAGS or "tex2jax_ignore" in classes
            self.stack.append((tag, skip or bool(self.stack and self.stack[-1][1])))

        def handle_endtag(self, tag: str) -> None:
            while self.stack and self.stack.pop()[0] != tag:
                pass

        def handle_data(self, data: str) -> None:
            if not (self.stack and self.stack[-1][1]):
                nodes.append(data)

    Reader().feed(body)
    return nodes


def maths_with_words(body: str) -> list[str]:
    r"""Maths that MathJax would typeset in an HTML export but that spells words: two or
    more letters side by side once commands, \text{...} and indexed letters are taken out
    (money read as maths, "$200 or 10% ... $", gives "or"; the browser test
    tests/browser/test_lesson_markdown.py applies the same rule to what JupyterLab draws).

    >>> maths_with_words("<p>pay $200 or 10% of your net worth, then at most $50.</p>")
    ["maths spells 'or': $200 or 10% of your net worth, then at most $"]
    >>> maths_with_words("<p>pay <span>$</span>200, then <span>$</span>50; $x_0 T^k$, "
    ...                  "$\\pi P = \\pi$, $\\text{fee per round} = p_{24}$</p>")
    []
    >>> maths_with_words('<div class="tex2jax_ignore"><p>$200 or $75</p></div><pre>$a b$</pre>')
    []
    """
    found = []
    for node in _text_nodes(body):
        for m in _MATHS.finditer(node):
            inner = next(g for g in m.groups() if g is not None)
            bare = _SCRIPTED.sub("#", _TEXT_COMMAND.sub("#", inner))
            bare = re.sub(r"\\[A-Za-z]+|\s+", "", re.sub(r"\\[A-Za-z]+\s+", "#", bare))
            words = re.findall(r"[A-Za-z]{2,}", bare)
            if words:
                found.append(f"maths spells {words[0]!r}: {' '.join(m.group(0).split())[:60]}")
    return found


def _cases() -> list[Any]:
    cases = []
    for path in LESSONS:
        nb = nbformat.read(path, as_version=4)
        try:
            runs = explore_runs(nb)
        except AssertionError:
            continue  # test_lesson_follows_the_convention says why
        # the lesson as shipped (its defaults) runs in the browser layer, in JupyterLab and
        # in Voila, where an error output fails it; here only the other runs, so a
        # deterministic lesson's one run is its defaults
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
            export_problems(text) + maths_with_words(body)
            + hidden_code_problems(executed, text) + board_problems(executed, body)
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


PARAMETERS = "SEED = 4  # try 1, 2, 3\nGAMES = 600  # try 3_000 (about a minute)\nROLLS = 1_000"
SUGGESTIONS = [  # (Markdown, or a code cell's source, and what the finder must take)
    ("Try `GAMES = 1_500` at home.", {("GAMES", 1500)}),
    ("With GAMES = 4,000 the bars shrink.", {("GAMES", 4000)}),
    ("More games narrow the interval.\nTry 2_500 at home.", {("GAMES", 2500)}),
    ("Run section 4 again with 10,000 rolls.", {("ROLLS", 10000)}),
    ("Set the sweep to 900 games per setting.", {("SWEEP_GAMES", 900)}),
    ("# try 20,000 more rolls here\nwalk(ROLLS)", {("ROLLS", 20000)}),
    ("Try 2_000 at home.", {("?", 2000)}),  # which parameter? the lesson must say
    (
        'md("With more games (try `GAMES = 700` at the top) the errors shrink.", n=1)',
        {("GAMES", 700)},
    ),  # a sentence the lesson renders
]
FACTS = [  # texts that suggest no size
    "A simulation with 100,000 rolls gives a standard error of 0.0006.",
    "Each error can be larger after 3,000 rolls than after 1,000, by luck.",
    "Simulate with the short strategy, 200,000 rolls, `seed=23`.",
    "Storage holds at most 6 to 12 books, set by your students.",
    "On the third failed try the player pays $50 and moves.",
    "Try the command line: `gamekit almamater balance --games 400`.",
    "Try it with 3 players and `simulate(games=100)`.",
    "The default, `GAMES = 600`, takes a minute; try 0.5 as the share.",
    "# seeds: try 7 or 8\nSEED = 7",
]


def _notebook(*texts: str) -> Any:
    params = nbformat.v4.new_code_cell(PARAMETERS + "\nSWEEP_GAMES = 300")
    params.metadata["tags"] = ["parameters"]
    cells = [params] + [
        nbformat.v4.new_code_cell(t)
        if t.startswith(("#", "md("))
        else nbformat.v4.new_markdown_cell(t)
        for t in texts
    ]
    return nbformat.v4.new_notebook(cells=cells)


def test_the_size_finder_takes_suggestions_and_leaves_facts() -> None:
    names = {"SEED", "GAMES", "ROLLS", "SWEEP_GAMES"}
    base = {("GAMES", 3000)}  # the parameters cell's own "try 3_000"
    assert suggested_sizes(_notebook(), names) == base
    for text, taken in SUGGESTIONS:
        assert suggested_sizes(_notebook(text), names) == base | taken, text
    for text in FACTS:
        assert suggested_sizes(_notebook(text), names) == base, text


def test_the_export_check_finds_hidden_code_unless_the_kits_settings_hide_it() -> None:
    from nbconvert import HTMLExporter

    cell = nbformat.v4.new_code_cell("sentence = 'the code behind a computed sentence'\nsentence")
    cell.metadata["tags"] = ["hide-input"]
    cell.outputs = [nbformat.v4.new_output("execute_result", {"text/plain": "'done'"})]
    nb = nbformat.v4.new_notebook(cells=[cell])
    plain, _ = HTMLExporter().from_notebook_node(nb)  # nbconvert's own defaults
    assert hidden_code_problems(nb, exported_text(plain)), "the check missed shown code"
    assert not hidden_code_problems(nb, exported_text(export(nb)))


ALL_NOTEBOOKS = sorted(NOTEBOOKS.glob("*.ipynb"))
RULE_BOOKS = sorted((ROOT / "docs" / "rules").glob("*.md"))


def test_no_notebook_shows_a_backslash_before_a_dollar_in_its_code() -> None:
    """An HTML export shows every cell's code, not only the lessons': the rules page's and
    the Alfredopoly glossary's code wrote money as ``\\$200`` (a comment, a regex), and
    their exports showed it. The harness above exports the simulating lessons only; the
    source check covers every notebook, in a few milliseconds."""
    found = [
        f"{path.name} cell {cell.get('id')}"
        for path in ALL_NOTEBOOKS
        for cell in nbformat.read(path, as_version=4).cells
        if cell.cell_type == "code" and "\\$" in cell.source
    ]
    assert not found, f"a backslash before a dollar sign in: {found}"


def test_the_rule_books_and_every_notebook_tell_no_project_history() -> None:
    """``rules.ipynb`` shows both rule books whole, so their words are a learner's too: the
    Alma Mater book said Mathematics students were "lowered from 2 / 4 / 6 / 9 in issue 27",
    and Alma Mater 4 that "an earlier version of the kit" let free steps skip requirements."""
    texts = [(book.name, book.read_text(encoding="utf-8")) for book in RULE_BOOKS]
    texts += [
        (f"{path.name} cell {cell.get('id')}", cell.source)
        for path in ALL_NOTEBOOKS
        for cell in nbformat.read(path, as_version=4).cells
        if cell.cell_type == "markdown"
    ]
    found = [f"{where}: {m.group(0)!r}" for where, text in texts for m in HISTORY.finditer(text)]
    assert len(texts) > 2 * len(RULE_BOOKS) and not found, found
