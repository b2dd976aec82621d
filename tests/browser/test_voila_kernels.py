"""A class at once, and rehearsals that free their kernels (issues 24 and 26).

A class: CLASS pages open the dashboard at the same moment, each in its own browser context
(a student's own browser). The kit's Voila sets up CLASS_SLOTS tables at a time, in the
order the pages came (jupyter/voila.py): a page that waits its turn must say so ("Please
wait: ... yours is next") and then get its usable table. A page that stays blank or hangs
fails the wait for its table (WAIT_MS).

A student who leaves while the table is still being set up (closes the tab) gives the slot
back at once and frees the kernel within seconds: the page that waited says at once that its
turn came. Before, the slot stayed taken until the leaver's cells ended (or the 300 s lease)
and the kernel lived until the culler (a page that never finished loading fires no pagehide,
so no shutdown beacon was sent).

Rehearsals: a reloaded or closed dashboard page shuts its kernel down within seconds. Voila's
page asks for it on beforeunload, but without the kit's template the server refused it (403,
"'_xsrf' argument missing") and each reload left a ~250 MB kernel for the culler's 5 minutes.

The kernels are asked about one by one (``GET /api/kernels/<id>`` with the token: 200 while
it runs, 404 once it is gone); the kernel a page uses is in its page config."""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest

from tests.browser.conftest import (
    CLASS_SLOTS,
    VOILA_STATE_JS,
    WAIT_MS,
    WAIT_S,
    Server,
    start_voila,
    voila_url,
)

DASHBOARD = "notebooks/dashboard_alfredopoly.ipynb"
# the page config may still be arriving (the page streams): unreadable counts as not yet
KERNEL_ID_JS = """() => {
  const c = document.getElementById('jupyter-config-data');
  try { return c ? JSON.parse(c.textContent).kernelId || null : null; } catch (e) { return null; }
}"""
BUTTON = ".gk-table .gk-button.gk-main"
# the table answers clicks once its panel is armed (past the guard time after a redraw)
USABLE_JS = f"""() => !!document.querySelector('.gk-table .gk-play[data-armed]')
  && !!document.querySelector('{BUTTON}:not([disabled])')"""
FREED_WITHIN_S = 10
# the page's last loading text says it waits its turn / that its turn came (the kit's
# template: "Please wait: ..." while in line, then "Setting up your table...")
WAITING_JS = """() => { const t = window.__loadingTexts || [];
  return t.length > 0 && t[t.length - 1].startsWith('Please wait:'); }"""
TURN_JS = """() => { const t = window.__loadingTexts || [];
  const w = t.map(x => x.startsWith('Please wait:')).lastIndexOf(true);
  return w >= 0 && t.slice(w + 1).some(x => x.startsWith('Setting up your table')); }"""
# one page more than the server sets up at once: the last one waits its turn
CLASS = CLASS_SLOTS + 1
# before the page's own scripts: keep every text Voila's loading line shows (the table queue's
# "Please wait", the set-up steps), in order, in window.__loadingTexts
RECORD_LOADING_JS = """(() => {
  window.__loadingTexts = [];
  const look = () => {
    const el = document.getElementById('loading_text');
    const text = el ? el.textContent.trim() : '';
    const seen = window.__loadingTexts;
    if (text && seen[seen.length - 1] !== text) { seen.push(text); }
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true,
                                                characterData: true});
})();"""


def kernel_alive(server: Server, kernel_id: str) -> bool:
    url = f"{server.url}/api/kernels/{kernel_id}?token={server.token}"
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return bool(json.load(response)["id"] == kernel_id)
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            return False
        raise


def alive_after(server: Server, ids: list[str], keep: set[str], seconds: float) -> list[str]:
    """The kernels of ``ids`` still running once all but ``keep`` are gone, or after
    ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        alive = [k for k in ids if kernel_alive(server, k)]
        if set(alive) <= keep or time.monotonic() > deadline:
            return alive
        time.sleep(0.5)


@pytest.fixture(scope="module")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A Voila server of this test's own whose table queue sets up CLASS_SLOTS pages at a
    time, so a class of CLASS_SLOTS + 1 shows one page waiting its turn (and no other
    test's kernel is counted here)."""
    server = start_voila(tmp_path_factory.mktemp("class"), GAMEKIT_VOILA_SLOTS=str(CLASS_SLOTS))
    yield server
    server.stop()


def test_a_class_at_once_gets_its_tables_and_reloads_free_kernels(voila, browser):  # type: ignore[no-untyped-def]
    contexts = []
    for _ in range(CLASS):
        context = browser.new_context(viewport={"width": 1280, "height": 720})
        context.set_default_timeout(WAIT_MS)
        context.add_init_script(RECORD_LOADING_JS)
        contexts.append(context)
    try:
        pages = [context.new_page() for context in contexts]
        # the class arrives: every page is asked for before any has its table
        for page in pages:
            page.goto(voila_url(voila, DASHBOARD), wait_until="commit")
        # one page gets the slot, the other says it waits its turn
        deadline = time.monotonic() + WAIT_S
        while not (waiting := [page for page in pages if page.evaluate(WAITING_JS)]):
            assert time.monotonic() < deadline, "no page of the class says it waits its turn"
            time.sleep(0.25)
        assert len(waiting) == 1, [page.evaluate("() => window.__loadingTexts") for page in pages]
        stays = waiting[0]
        leaver = pages[1] if stays is pages[0] else pages[0]
        leaver.wait_for_function(KERNEL_ID_JS)
        left_kernel = leaver.evaluate(KERNEL_ID_JS)
        # the student whose table is being set up closes the tab (the other still waits, so
        # the leaver's cells have not ended)
        assert stays.evaluate(WAITING_JS), stays.evaluate("() => window.__loadingTexts")
        leaver.close(run_before_unload=True)
        closed = time.monotonic()
        # its slot comes back at once: the waiting page says its turn came
        stays.wait_for_function(TURN_JS, timeout=FREED_WITHIN_S * 1000)
        turn_s = time.monotonic() - closed
        alive = alive_after(voila, [left_kernel], set(), FREED_WITHIN_S)
        assert alive == [], f"the kernel of a page closed while being set up runs: {alive}"
        print(f"closed while set up: the next page's turn after {turn_s:.1f} s")
        # the page that waited gets its usable table (a blank or hanging page fails here)
        stays.wait_for_function(USABLE_JS)
        errors = stays.evaluate(VOILA_STATE_JS)["errors"]
        assert not errors, errors
        # the kit's template gives anywidget's models 120 s, not 2 s, to load (a busy
        # browser past 2 s never drew a kernel's answer again: clicks left unanswered)
        assert stays.evaluate("() => String(AbortSignal.timeout).includes('120000')")
        seen = stays.evaluate("() => window.__loadingTexts")
        last_wait = max(i for i, x in enumerate(seen) if x.startswith("Please wait:"))
        assert any(x.startswith("Setting up your table:") for x in seen[last_wait:]), seen
        ids = [stays.evaluate(KERNEL_ID_JS)]
        assert ids[0] and ids[0] != left_kernel, ids
        # A rehearsal: the page reloads (Voila's beforeunload request, which the template's
        # cookie lets through) and gets a new table with a new kernel
        first = stays
        first.reload(wait_until="commit")
        first.wait_for_function(
            f"(old) => {{ const k = ({KERNEL_ID_JS})(); return k !== null && k !== old; }}",
            arg=ids[0],
        )
        ids.append(first.evaluate(KERNEL_ID_JS))
        alive = alive_after(voila, ids, set(ids[1:]), FREED_WITHIN_S)
        assert sorted(alive) == sorted(ids[1:]), f"the reloaded page's kernel runs: {alive}"
        first.wait_for_function(USABLE_JS)
        # the reloaded table works with its own kernel (a click is answered)
        before = first.locator(".gk-table .gk-log-line").count()
        first.locator(BUTTON).first.click()
        first.wait_for_function(
            "(n) => document.querySelectorAll('.gk-table .gk-log-line').length > n", arg=before
        )
        # the class leaves (run_before_unload: the browser's own closing)
        first.close(run_before_unload=True)
        alive = alive_after(voila, ids, set(), FREED_WITHIN_S)
        assert alive == [], f"kernels of closed pages still run: {alive} of {ids}"
    finally:
        for context in contexts:
            context.close()
    refused = [
        line
        for line in voila.log.read_text(errors="replace").splitlines()
        if "voila/api/shutdown" in line and (" 403 " in line or "403 POST" in line)
    ]
    assert not refused, refused[:3]


def test_voila_inside_jupyterlab_uses_the_table_queue() -> None:
    """Binder's link opens the dashboard in Voila inside JupyterLab (/voila/render through
    voila.server_extension), which reads the environment's voila.py as standalone Voila
    does: the same table queue (checked in a browser: 1 slot, 2 pages at once, the second
    said "Please wait" and then got its table)."""
    from voila.notebook_renderer import NotebookRenderer
    from voila.server_extension import load_config_file

    load_config_file()
    assert NotebookRenderer._jinja_cell_generator.__name__ == "_queued_cell_generator"


def log_kernels(server: Server, pattern: str) -> list[str]:
    """Kernel ids named by the server's log lines that match ``pattern`` (one group)."""
    return re.findall(pattern, server.log.read_text(errors="replace"))


READY = r"Preheated kernel ([0-9a-f-]{36}) is ready for notebooks/dashboard_alfredopoly\.ipynb"
TAKEN = r"Using pre-heated kernel: ([0-9a-f-]{36}) for notebooks/dashboard_alfredopoly\.ipynb"


@pytest.fixture(scope="module")
def pooled(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A Voila server of this test's own with one preheated kernel per dashboard
    (GAMEKIT_VOILA_POOL=1, the kit's voila.py) and one slot, once that kernel's page is
    whole (the kit logs it)."""
    server = start_voila(
        tmp_path_factory.mktemp("pooled"),
        GAMEKIT_VOILA_SLOTS=str(CLASS_SLOTS),
        GAMEKIT_VOILA_POOL="1",
    )
    try:
        deadline = time.monotonic() + WAIT_S
        while not log_kernels(server, READY):
            assert time.monotonic() < deadline, server.log.read_text()[-3000:]
            time.sleep(0.5)
        yield server
    finally:
        server.stop()


def test_preheated_kernels_only_whole_pages_and_reloads_free_them(pooled, browser):  # type: ignore[no-untyped-def]
    """Two pages at once on a pool of one: the first gets the preheated kernel (its page
    already whole); the second gets a kernel of its own and its turn in line, never the
    pool's refill while that is still running the dashboard (Voila 0.5.13 hands that one
    over half done, and pages that took such kernels stayed at "Executing 3 of 3"). Both
    tables answer a click; a reload and a close free their kernels within seconds."""
    (ready,) = log_kernels(pooled, READY)
    contexts = [browser.new_context(viewport={"width": 1280, "height": 720}) for _ in range(2)]
    try:
        pages = []
        for context in contexts:
            context.set_default_timeout(WAIT_MS)
            page = context.new_page()
            page.goto(voila_url(pooled, DASHBOARD), wait_until="commit")
            pages.append(page)
        for page in pages:
            page.wait_for_function(KERNEL_ID_JS)
        first, second = (page.evaluate(KERNEL_ID_JS) for page in pages)
        assert first == ready, (first, ready)
        # the refill (fill_delay: 10 s) was in the pool, not yet whole, when the second came
        assert second not in log_kernels(pooled, TAKEN), pooled.log.read_text()[-3000:]
        assert second not in log_kernels(pooled, READY)
        for page in pages:
            page.wait_for_function(USABLE_JS)
            errors = page.evaluate(VOILA_STATE_JS)["errors"]
            assert not errors, errors
            before = page.locator(".gk-table .gk-log-line").count()
            page.locator(BUTTON).first.click()
            page.wait_for_function(
                "(n) => document.querySelectorAll('.gk-table .gk-log-line').length > n",
                arg=before,
            )
        # a rehearsal: the preheated page reloads and its kernel goes
        pages[0].reload(wait_until="commit")
        pages[0].wait_for_function(
            f"(old) => {{ const k = ({KERNEL_ID_JS})(); return k !== null && k !== old; }}",
            arg=first,
        )
        third = pages[0].evaluate(KERNEL_ID_JS)
        ids = [first, second, third]
        alive = alive_after(pooled, ids, {second, third}, FREED_WITHIN_S)
        assert sorted(alive) == sorted([second, third]), f"the reloaded page's kernel runs: {alive}"
        pages[0].wait_for_function(USABLE_JS)
        for page in pages:
            page.close(run_before_unload=True)
        alive = alive_after(pooled, ids, set(), FREED_WITHIN_S)
        assert alive == [], f"kernels of closed pages still run: {alive} of {ids}"
    finally:
        for context in contexts:
            context.close()


def test_pool_tables_wait_behind_pages_and_only_whole_pages_are_handed_out() -> None:
    """The kit's voila.py, without a server: a table set up for the pool (no page waits for
    it) gets a slot only when no page waits, and is not counted in a page's place in line;
    a pool entry counts as ready only once its render has ended without an error."""
    import asyncio
    import runpy
    from concurrent.futures import ThreadPoolExecutor
    from pathlib import Path

    kit = runpy.run_path(str(Path(__file__).parents[2] / "jupyter/voila.py"))

    async def check() -> None:
        queue = kit["TableQueue"](1)
        first = queue.join()
        pool = queue.join(background=True)
        page = queue.join()
        assert queue.where(first) is None  # it runs
        assert queue.where(page) == (1, 0)  # the pool's table, before it, is not ahead
        queue.leave(first)
        assert queue.where(page) is None and queue.where(pool) == (1, 0)
        queue.leave(page)
        assert queue.where(pool) is None

        loop = asyncio.get_running_loop()
        entry, render = loop.create_future(), loop.create_future()
        assert not kit["pool_item_ready"](entry)  # its kernel is starting
        entry.set_result({"task": render, "kernel_id": "k"})
        assert not kit["pool_item_ready"](entry) and not kit["pool_item_failed"](entry)
        render.set_result(([], None))
        assert kit["pool_item_ready"](entry)
        broken, failed_render = loop.create_future(), loop.create_future()
        broken.set_result({"task": failed_render, "kernel_id": "k2"})
        failed_render.set_exception(RuntimeError("the kernel died"))
        assert kit["pool_item_failed"](broken) and not kit["pool_item_ready"](broken)

    # a thread of its own: the browser tests' Playwright keeps an event loop in this one
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, check()).result()
