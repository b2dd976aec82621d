"""The browser layer: JupyterLab (and Voila) on 127.0.0.1, driven by headless Chromium.

Fixtures
--------
``lab``       (session) a JupyterLab server in a temporary Jupyter home, whose root holds a
              copy of the repository's ``notebooks/``; ``lab.write_notebook(relpath, cells)``
              adds a scratch notebook.
``browser``   (session) Debian's Chromium through Playwright.
``lab_page``  a fresh page whose every request is checked: anything not aimed at 127.0.0.1 or
              localhost is blocked and recorded, and the test fails at teardown.

Helper
------
``run_notebook(lab, page, relpath)`` opens a notebook in its own JupyterLab workspace, runs
all cells, waits until the kernel is idle and every code cell has run, and returns a
:class:`NotebookRun` with the error outputs and the page.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

import nbformat
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-dev-shm-usage",
]
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}

#: How long a browser test may wait for what it checks, in milliseconds: a server to
#: answer, a kernel to finish, a widget or chart to draw, a click's answer to come back.
#: Every wait ends as soon as its content is there, so a long limit costs nothing on a
#: quiet machine; it keeps a loaded 2-core machine (the other test worker running
#: notebooks, other jobs) from failing a test that would pass. Playwright's default
#: timeout for every page is set to it, so tests wait without naming a number.
#: ``GAMEKIT_BROWSER_WAIT`` (seconds) changes it.
WAIT_MS = int(float(os.environ.get("GAMEKIT_BROWSER_WAIT", "240")) * 1000)
WAIT_S = WAIT_MS / 1000
# pages the class test's own Voila server sets up at once (GAMEKIT_VOILA_SLOTS): one, so a
# class of two already shows the queue (test_voila_kernels)
CLASS_SLOTS = 1
# the shared Voila server's slots: more than the pages the test workers open at once, so a
# lesson or dashboard test never waits in the table queue behind another test's page (one
# slot made a lesson wait 224 s in CI, behind a page whose slot had not come back)
SHARED_SLOTS = 8
# a Voila page's first request may wait this long before it is asked for again (a page
# renders in well under a minute on a busy machine; a kernel that never answers does not)
FIRST_TRY_MS = 180_000

pytestmark = pytest.mark.browser


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)
            # With ``-n 2 --dist loadgroup`` the Voila tests share one worker (one Voila
            # server) and the JupyterLab tests the other (one Lab server), instead of each
            # worker starting both servers on a 2-core machine.
            group = "voila" if "voila" in getattr(item, "fixturenames", ()) else "lab"
            item.add_marker(pytest.mark.xdist_group(group))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(url: str, timeout: float, proc: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited early:\n{log.read_text(errors='replace')[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.25)
    tail = log.read_text(errors="replace")[-3000:]
    raise RuntimeError(f"server not ready after {timeout} s:\n{tail}")


def jupyter_env(home: Path) -> dict[str, str]:
    """Environment keeping Jupyter's config, data and runtime inside ``home``."""
    env = dict(os.environ)
    for name, sub in (
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("IPYTHONDIR", "ipython"),
        ("HOME", "home"),
    ):
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[name] = str(home / sub)
    # Kernels and lab extensions come from the environment (sys.prefix); only user-level
    # data goes to the temporary home.
    env["JUPYTER_DATA_DIR"] = str(home / "data")
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    env["PYTHONHASHSEED"] = "0"
    env.pop("JUPYTER_PATH", None)
    return env


@dataclass
class Server:
    """A running Jupyter server (JupyterLab or Voila) on 127.0.0.1."""

    url: str
    token: str
    root: Path
    home: Path
    proc: subprocess.Popen[bytes]
    log: Path
    env: dict[str, str] = field(default_factory=dict)

    def write_notebook(self, relpath: str, cells: list[str]) -> str:
        """Write a scratch notebook of code cells (Markdown cells start with '#md ')."""
        nb = nbformat.v4.new_notebook()
        nb.metadata["kernelspec"] = {
            "name": "python3",
            "display_name": "Python 3",
            "language": "python",
        }
        for source in cells:
            if source.startswith("#md "):
                nb.cells.append(nbformat.v4.new_markdown_cell(source[4:]))
            else:
                nb.cells.append(nbformat.v4.new_code_cell(source))
        path = self.root / relpath
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(nbformat.writes(nb), encoding="utf-8")
        return relpath

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def _start_server(tmp: Path, name: str, args: list[str], ready: str, **env_extra: str) -> Server:
    """Start ``python -m NAME ARGS`` on a free port in a temporary Jupyter home whose root
    holds a copy of ``notebooks/``; ``{port}``, ``{token}`` and ``{root}`` in ``args`` and
    ``ready`` (the path polled until it answers 200) are filled in."""
    home, root = tmp / "jupyter-home", tmp / "root"
    root.mkdir(parents=True)
    shutil.copytree(
        ROOT / "notebooks", root / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints")
    )
    env = {**jupyter_env(home), **env_extra}
    port, token = free_port(), uuid.uuid4().hex
    fill = {"port": port, "token": token, "root": root}
    cmd = [sys.executable, "-m", name, *(a.format(**fill) for a in args)]
    log = tmp / f"{name}.log"
    proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    server = Server(url, token, root, home, proc, log, env)
    try:
        wait_for(url + ready.format(**fill), WAIT_S, proc, log)
    except Exception:
        server.stop()
        raise
    return server


def start_lab(tmp: Path) -> Server:
    """JupyterLab with everything that would reach the internet turned off."""
    settings = tmp / "jupyter-home" / "lab-settings" / "@jupyterlab"
    # Draw every cell (no virtual scrolling), so the tests see every output in the DOM.
    (settings / "notebook-extension").mkdir(parents=True)
    (settings / "notebook-extension" / "tracker.jupyterlab-settings").write_text(
        '{"windowingMode": "none"}'
    )
    # No user setting for the news question: the environment's own (the kit's
    # jupyter/lab/settings/overrides.d, fetchNews "false") must keep it away, as in ./kit lab.
    args = [
        "--allow-root",
        "--no-browser",
        "--ip=127.0.0.1",
        "--port={port}",
        "--ServerApp.root_dir={root}",
        "--IdentityProvider.token={token}",
        "--LabApp.expose_app_in_browser=True",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
    ]
    return _start_server(
        tmp, "jupyterlab", args, "/api/status?token={token}",
        JUPYTERLAB_SETTINGS_DIR=str(settings.parent),
    )  # fmt: skip


def start_voila(tmp: Path, extra_args: tuple[str, ...] = (), **env: str) -> Server:
    """Voila serving a copy of ``notebooks/``; render one with :func:`voila_url`.
    ``extra_args`` go before the root (e.g. ``("--pool_size=0",)``); ``env`` adds variables
    to the server's environment (e.g. ``GAMEKIT_VOILA_SLOTS="2"``)."""
    args = [
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        "--port={port}",
        "--token={token}",
        "--show_tracebacks=True",
        *extra_args,
        "{root}",
    ]
    return _start_server(tmp, "voila", args, "/voila/tree?token={token}", **env)


def voila_url(server: Server, relpath: str) -> str:
    return f"{server.url}/voila/render/{relpath}?token={server.token}"


VOILA_STATE_JS = """() => {
  // Voila (show_tracebacks) renders an error output as stderr text with its traceback.
  const errors = Array.from(document.querySelectorAll(
      '[data-mime-type="application/vnd.jupyter.error"], '
      + '[data-mime-type="application/vnd.jupyter.stderr"]'))
      .map(e => e.textContent || '')
      .filter(t => /Traceback|^\\w*(Error|Exception)\\b/m.test(t))
      .map(t => t.slice(0, 400));
  const text = document.body ? document.body.innerText : '';
  if (text.includes('There was an error when executing cell')) { errors.push('error in a cell'); }
  const embeds = Array.from(document.querySelectorAll('.vega-embed'));
  return {errors, embeds: embeds.length,
          undrawn: embeds.filter(e => !e.querySelector('canvas.marks, svg.marks')).length,
          failed: Array.from(document.querySelectorAll('.jp-OutputArea-output'))
              .filter(el => (el.textContent || '').includes('Error displaying widget')).length};
}"""


def render_in_voila(server: Server, page, relpath: str, timeout: float = WAIT_S) -> dict:  # type: ignore[no-untyped-def]
    """Render ``relpath`` in Voila (it runs every cell before the page arrives) and
    return its errors and chart counts once every widget view and chart has drawn.

    Every step (the kernel running the cells, the widget views, the charts) shares one
    deadline of ``timeout`` seconds, and each ends as soon as its content is there."""
    deadline = time.monotonic() + timeout

    def left_ms() -> float:
        return max(1_000.0, (deadline - time.monotonic()) * 1000)

    try:
        response = page.goto(
            voila_url(server, relpath), timeout=min(left_ms(), FIRST_TRY_MS), wait_until="load"
        )
    except PlaywrightTimeoutError:
        # Seen once in CI on a busy machine: Voila logged "Kernel started" for the page and
        # then nothing, no connection to it, for the whole wait (the next test ran at once).
        # A new request starts a new kernel; it gets a whole wait of its own.
        print(f"{relpath}: no page after {FIRST_TRY_MS // 1000} s; asking again", file=sys.stderr)
        deadline = time.monotonic() + timeout
        response = page.goto(voila_url(server, relpath), timeout=left_ms(), wait_until="load")
    assert response is not None and response.ok, f"Voila answered {response and response.status}"
    # Voila streams each output as a cell-output script; the widget manager replaces those
    # holding a widget view with the drawn view. Count them, then wait for that many views.
    html = response.text()
    outputs = re.findall(
        r'<script type="application/vnd.voila.cell-output\+json">(.*?)</script>', html, re.S
    )
    expected = sum("application/vnd.jupyter.widget-view+json" in o for o in outputs)
    # an Altair JupyterChart's view draws its .vega-embed a moment after the view itself:
    # wait for as many charts as the outputs hold (their text form names the class:
    # "<altair.jupyter.jupyter_chart.JupyterChart object at ...>")
    charts = sum("jupyter_chart.JupyterChart object" in o for o in outputs)
    page.wait_for_function(
        "() => { const c = document.querySelector('#rendered_cells');"
        " return c && getComputedStyle(c).display !== 'none'; }",
        timeout=left_ms(),
    )
    page.wait_for_function(
        "(n) => document.querySelectorAll('.jp-OutputArea-output > .lm-Widget').length >= n",
        arg=expected,
        timeout=left_ms(),
    )
    page.wait_for_function(
        "(n) => { const e = Array.from(document.querySelectorAll('.vega-embed'));"
        " return e.length >= n && e.every(x => x.querySelector('canvas.marks, svg.marks')); }",
        arg=charts,
        timeout=left_ms(),
    )
    state: dict = page.evaluate(VOILA_STATE_JS)
    state["widget_views"] = expected
    state["charts"] = charts
    return state


@pytest.fixture(scope="session")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    # the kit's table queue (jupyter/voila.py) with room for every test worker's page; the
    # queue itself is tested on a server of its own (test_voila_kernels, CLASS_SLOTS)
    server = start_voila(tmp_path_factory.mktemp("voila"), GAMEKIT_VOILA_SLOTS=str(SHARED_SLOTS))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = start_lab(tmp_path_factory.mktemp("lab"))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def playwright_session() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (./kit test does as root)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_session):  # type: ignore[no-untyped-def]
    b = playwright_session.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
    )
    yield b
    b.close()


@dataclass
class Guard:
    """Requests that tried to leave the machine, and page errors."""

    outside: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)


def is_local(url: str) -> bool:
    parsed = urlparse(url)
    if parsed.scheme in ("data", "blob", "about", "chrome-extension", "chrome"):
        return True
    return parsed.hostname in LOCAL_HOSTS


@pytest.fixture
def lab_page(browser, request):  # type: ignore[no-untyped-def]
    """A page that blocks and records every request not aimed at this machine."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(WAIT_MS)
    context.set_default_navigation_timeout(WAIT_MS)
    guard = Guard()

    def route(route, req):  # type: ignore[no-untyped-def]
        if is_local(req.url):
            route.continue_()
        else:
            guard.outside.append(req.url)
            route.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.on("pageerror", lambda exc: guard.page_errors.append(str(exc)))
    page.guard = guard
    yield page
    try:
        if request.node.rep_call.failed if hasattr(request.node, "rep_call") else False:
            ARTIFACTS.mkdir(exist_ok=True)
            name = "".join(c if c.isalnum() or c in "-_." else "_" for c in request.node.name)
            page.screenshot(path=str(ARTIFACTS / f"failed-{name}.png"), full_page=True)
    finally:
        context.close()
    assert not guard.outside, f"requests left 127.0.0.1: {guard.outside[:5]}"


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):  # type: ignore[no-untyped-def]
    outcome = yield
    rep = outcome.get_result()
    setattr(item, "rep_" + rep.when, rep)


@dataclass
class NotebookRun:
    relpath: str
    page: object
    cells: list[dict]
    errors: list[str]

    @property
    def widget_cells(self) -> list[int]:
        """Indices (among all cells) of the cells that display a widget."""
        return [
            i
            for i, cell in enumerate(self.cells)
            if any(
                "application/vnd.jupyter.widget-view+json" in out.get("data", {})
                for out in cell.get("outputs", [])
            )
        ]

    @property
    def widget_outputs(self) -> int:
        return len(self.widget_cells)


OPEN_JS = """async (relpath) => {
  const app = window.jupyterapp;
  await app.started; await app.restored;
  let panel = app.shell.currentWidget;
  if (!panel || !panel.context || panel.context.path !== relpath) {
    panel = await app.commands.execute('docmanager:open', {path: relpath, factory: 'Notebook'});
  }
  await panel.context.ready;
  await panel.sessionContext.ready;
  return panel.context.path;
}"""

RUN_JS = """async () => {
  const app = window.jupyterapp;
  const panel = app.shell.currentWidget;
  await panel.sessionContext.ready;
  await app.commands.execute('notebook:run-all-cells');
  return true;
}"""

STATE_JS = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  const cells = [];
  for (const cell of panel.content.model.cells) {
    const json = cell.toJSON();
    const source = Array.isArray(json.source) ? json.source.join('') : json.source;
    cells.push({type: json.cell_type, count: json.execution_count ?? null,
                outputs: json.outputs || [], source});
  }
  return {status: kernel ? kernel.status : 'none', cells};
}"""

SHUTDOWN_JS = """async () => {
  const panel = window.jupyterapp.shell.currentWidget;
  if (panel && panel.sessionContext) { await panel.sessionContext.shutdown(); }
}"""


def run_notebook(lab: Server, page, relpath: str, timeout: float = WAIT_S) -> NotebookRun:  # type: ignore[no-untyped-def]
    """Open ``relpath`` in JupyterLab, run all cells and wait until they have all run."""
    workspace = "w" + uuid.uuid4().hex[:10]
    page.goto(f"{lab.url}/lab/workspaces/{workspace}/tree/{relpath}?token={lab.token}")
    page.wait_for_function("() => window.jupyterapp !== undefined", timeout=WAIT_MS)
    page.evaluate(OPEN_JS, relpath)
    page.evaluate(RUN_JS)
    deadline = time.monotonic() + timeout
    state: dict = {}
    while time.monotonic() < deadline:
        state = page.evaluate(STATE_JS)
        code = [c for c in state["cells"] if c["type"] == "code" and c["source"].strip()]
        if state["status"] == "idle" and all(c.get("count") is not None for c in code):
            break
        if any(o.get("output_type") == "error" for c in state["cells"] for o in c["outputs"]):
            break
        time.sleep(0.5)
    else:
        raise AssertionError(f"{relpath} did not finish in {timeout} s: {json.dumps(state)[:2000]}")
    errors = [
        f"{o.get('ename')}: {o.get('evalue')}"
        for c in state["cells"]
        for o in c["outputs"]
        if o.get("output_type") == "error"
    ]
    page.wait_for_timeout(300)
    return NotebookRun(relpath, page, state["cells"], errors)


def shutdown_kernel(page) -> None:  # type: ignore[no-untyped-def]
    page.evaluate(SHUTDOWN_JS)


def screenshot(page, name: str, selector: str | None = None) -> Path:  # type: ignore[no-untyped-def]
    """Save a PNG under test-artifacts/ (git-ignored) for a person to look at."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    if selector:
        page.locator(selector).first.screenshot(path=str(path))
    else:
        page.screenshot(path=str(path), full_page=False)
    return path
