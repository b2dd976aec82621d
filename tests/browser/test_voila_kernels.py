"""Rehearsals free their kernels: a reloaded or closed dashboard page shuts its kernel down
within seconds (issue 24). Voila's page asks for it on beforeunload, but without the kit's
template the server refused it (403, "'_xsrf' argument missing") and each reload left a
~250 MB kernel for the culler's 5 minutes.

The kernels are asked about one by one (``GET /api/kernels/<id>`` with the token: 200 while
it runs, 404 once it is gone); the kernel a page uses is in its page config."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request

from tests.browser.conftest import WAIT_MS, Server, render_in_voila

DASHBOARD = "notebooks/dashboard_alfredopoly.ipynb"
# the page config may still be arriving (the page streams): unreadable counts as not yet
KERNEL_ID_JS = """() => {
  const c = document.getElementById('jupyter-config-data');
  try { return c ? JSON.parse(c.textContent).kernelId || null : null; } catch (e) { return null; }
}"""
BUTTON = ".gk-table .gk-button.gk-main"
FREED_WITHIN_S = 10


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


def test_reloaded_and_closed_dashboard_free_their_kernels(voila, browser):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    try:
        state = render_in_voila(voila, page, DASHBOARD)
        assert not state["errors"], state
        ids = [page.evaluate(KERNEL_ID_JS)]
        assert ids[0] and kernel_alive(voila, ids[0])
        # Reload 1 and 2 as soon as the new page names its kernel (it may still be
        # rendering: the template's own pagehide request), reload 3 once the table is there
        # (Voila's beforeunload request, which the template's cookie lets through).
        for n in range(3):
            page.reload(wait_until="commit")
            page.wait_for_function(
                f"(old) => {{ const k = ({KERNEL_ID_JS})(); return k !== null && k !== old; }}",
                arg=ids[-1],
            )
            ids.append(page.evaluate(KERNEL_ID_JS))
            if n == 2:
                page.locator(BUTTON).first.wait_for()
        assert len(set(ids)) == 4, ids
        current = ids[-1]
        alive = alive_after(voila, ids, {current}, FREED_WITHIN_S)
        assert alive == [current], f"kernels of reloaded pages still running: {alive} of {ids}"
        # the page still works with its own kernel
        before = page.locator(".gk-table .gk-log-line").count()
        page.locator(BUTTON).first.click()
        page.wait_for_function(
            "(n) => document.querySelectorAll('.gk-table .gk-log-line').length > n", arg=before
        )
        page.close()
        alive = alive_after(voila, ids, set(), FREED_WITHIN_S)
        assert alive == [], f"the closed page's kernel still runs: {alive}"
    finally:
        context.close()
    refused = [
        line
        for line in voila.log.read_text(errors="replace").splitlines()
        if "voila/api/shutdown" in line and (" 403 " in line or "403 POST" in line)
    ]
    assert not refused, refused[:3]
