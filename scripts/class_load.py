"""A class opening a dashboard at once: N pages in one headless Chromium against one Voila
server on 127.0.0.1, with the times to the first usable button and the kernels' memory.

    .venv/bin/python scripts/class_load.py --pages 10               # the kit's settings
    .venv/bin/python scripts/class_load.py --pages 10 --pool 10     # 10 preheated kernels
    .venv/bin/python scripts/class_load.py --pages 3 --spread 2 --notebook dashboard_almamater

Each page is its own browser context (a student's own browser: own cookies, own connections).
``--spread S`` opens the pages over S seconds (0: at the same moment). The server is the kit's
Voila (its voila.json: the culler, preheating off) and ``--pool N`` preheats N kernels per
dashboard; the script waits until the pool has run the dashboard before the class arrives
(as a teacher who starts the server before the lesson). A page counts as usable when its
table's first decision button is visible and enabled and the panel is armed (past its guard
time after a redraw); then it is clicked and the answer (a new log line) awaited.
Bounded: at most 40 pages, each waits at most ``--timeout`` seconds; loopback only.
Prints one line per page and a summary; exit 1 if a page never became usable.

Example (a quiet 2-core machine):
    >>> # class_load.main(["--pages", "1"])  # doctest: +SKIP
"""

from __future__ import annotations

import argparse
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    is_local,
    start_voila,
    voila_url,
)

MAX_PAGES = 40
BUTTON = ".gk-table .gk-button.gk-main:not([disabled])"
# the panel ignores clicks during its guard time after each redraw: usable once armed
ARMED = ".gk-table .gk-play[data-armed]"
MIN_RUN_MB = 150


def kernel_pids(server_pid: int) -> list[int]:
    """The server's child processes (its kernels), from /proc (Linux)."""
    path = Path(f"/proc/{server_pid}/task/{server_pid}/children")
    return [int(c) for c in path.read_text().split()] if path.exists() else []


def memory_mb(pid: int) -> tuple[float, float]:
    """(RSS, PSS) of a process in MB, from /proc/PID/smaps_rollup."""
    fields = {}
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            parts = line.split()
            if len(parts) >= 2 and parts[0] in ("Rss:", "Pss:"):
                fields[parts[0]] = int(parts[1]) / 1024
    except OSError:
        return (0.0, 0.0)
    return (fields.get("Rss:", 0.0), fields.get("Pss:", 0.0))


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process, from /proc/PID/stat."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / 100  # clock ticks; 100 on Linux


def wait_for_pool(server_pid: int, log: Path, notebook: str, pool: int, timeout: float) -> float:
    """Seconds until Voila logs that ``notebook``'s pool is full (its kernels started) and
    every kernel has then run its notebook: all past MIN_RUN_MB and idle (under 0.05 CPU-s a
    second) for 3 s."""
    if pool <= 0:
        return 0.0
    start = time.monotonic()
    needle = f"Kernel pool of {notebook} is filled"
    while needle not in log.read_text(errors="replace"):
        if time.monotonic() - start > timeout:
            raise SystemExit(f"the pool of {notebook} was not full after {timeout:.0f} s")
        time.sleep(0.5)
    quiet = 0
    last: dict[int, float] = {}
    while quiet < 3:
        if time.monotonic() - start > timeout:
            raise SystemExit(f"the pool of {notebook} was still busy after {timeout:.0f} s")
        time.sleep(1)
        now = {pid: cpu_seconds(pid) for pid in kernel_pids(server_pid)}
        busy = [pid for pid, cpu in now.items() if cpu - last.get(pid, 0.0) > 0.05]
        # a kernel that has not run the dashboard yet is small (~50 MB; ~250 MB after)
        busy += [pid for pid in now if memory_mb(pid)[0] < MIN_RUN_MB]
        quiet = quiet + 1 if last and not busy else 0
        last = now
    return time.monotonic() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=10, help=f"1-{MAX_PAGES} (default 10)")
    parser.add_argument("--notebook", default="dashboard_alfredopoly")
    parser.add_argument("--pool", type=int, default=None, help="pool size (default voila.json)")
    parser.add_argument("--spread", type=float, default=0.0, help="open over this many s")
    parser.add_argument("--timeout", type=float, default=600.0, help="per page, seconds")
    parser.add_argument("--screens", type=Path, default=None, help="folder for screenshots")
    parser.add_argument(
        "--one-context", action="store_true",
        help="all pages in one browser context (one profile: Chromium's 6 connections a host)",
    )
    parser.add_argument(
        "--voila-arg", action="append", default=[], help="extra Voila option (repeatable)"
    )
    args = parser.parse_args(argv)
    if not 1 <= args.pages <= MAX_PAGES:
        parser.error(f"--pages must be 1-{MAX_PAGES}")
    relpath = f"notebooks/{args.notebook}.ipynb"
    # the kit's voila.json has preheating off (see docs/teachers_guide.md); --pool N > 0
    # turns it on with N kernels for each dashboard
    extra: tuple[str, ...] = ()
    if args.pool:
        extra = ("--preheat_kernel=True", f"--pool_size={args.pool}")
    extra = (*extra, *args.voila_arg)
    # stopped from outside (timeout, Ctrl-C): still stop the server and its kernels
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    tmp = Path(tempfile.mkdtemp(prefix="class-load-"))
    t0 = time.monotonic()
    server = start_voila(tmp, extra)
    try:
        pool = args.pool if args.pool is not None else _configured_pool()
        filled = wait_for_pool(server.proc.pid, server.log, relpath, pool, args.timeout)
        print(f"server up; pool of {pool} ready (run) after {filled:.0f} s "
              f"({time.monotonic() - t0:.0f} s from start)", flush=True)
        idle = [memory_mb(p) for p in kernel_pids(server.proc.pid)]
        results = _run_pages(server, relpath, args)
        pids = kernel_pids(server.proc.pid)
        mem = [memory_mb(p) for p in pids]
        cpu = [cpu_seconds(p) for p in pids]
    finally:
        server.stop()
    ok = [r for r in results if r["button"] is not None]
    for r in results:
        print(r, flush=True)
    if ok:
        times = sorted(r["button"] for r in ok)
        median = statistics.median(times)
        print(f"usable: {len(ok)}/{len(results)}; first button median {median:.1f} s,"
              f" max {times[-1]:.1f} s")
    if idle:
        print(f"pool kernels before the class: {len(idle)}, RSS "
              f"{statistics.mean(m[0] for m in idle):.0f} MB each")
    if mem:
        rss = statistics.mean(m[0] for m in mem)
        pss = statistics.mean(m[1] for m in mem)
        print(f"kernels after the class: {len(mem)}; RSS mean {rss:.0f} MB, PSS mean {pss:.0f} MB,"
              f" total RSS {sum(m[0] for m in mem):.0f} MB; CPU {statistics.median(cpu):.1f} s"
              " each (median)")
    return 0 if len(ok) == len(results) else 1


def _configured_pool() -> int:
    """The pool size the server's own config gives (voila.json's default_pool_size)."""
    import json

    config = json.loads((Path(sys.prefix) / "etc/jupyter/voila.json").read_text())
    conf = config.get("VoilaConfiguration", {})
    return int(conf.get("default_pool_size", 0)) if conf.get("preheat_kernel") else 0


def _run_pages(server, relpath: str, args: argparse.Namespace) -> list[dict]:  # type: ignore[no-untyped-def]
    from playwright.sync_api import sync_playwright

    results: list[dict] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        pages = []
        context = None
        for i in range(args.pages):
            if context is None or not args.one_context:
                context = browser.new_context(viewport={"width": 1280, "height": 720})
                context.route(
                    "**/*",
                    lambda route, req: route.continue_() if is_local(req.url) else route.abort(),
                )
            page = context.new_page()
            pages.append(page)
            results.append({"page": i, "button": None, "answer": None, "seen": ""})
        start = time.monotonic()
        opened: list[float] = []
        for i, page in enumerate(pages):
            delay = start + (args.spread * i / max(1, args.pages - 1)) - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            opened.append(time.monotonic())
            # navigation without waiting: the page streams while its kernel runs the cells
            page.evaluate("(url) => { window.location.href = url; }", voila_url(server, relpath))
        deadline = start + args.spread + args.timeout
        pending = set(range(args.pages))
        while pending and time.monotonic() < deadline:
            for i in sorted(pending):
                page = pages[i]
                try:
                    if page.locator(ARMED).count() > 0 and page.locator(BUTTON).first.is_visible():
                        results[i]["button"] = round(time.monotonic() - opened[i], 1)
                        pending.discard(i)
                        print(f"page {i}: usable after {results[i]['button']} s", flush=True)
                except Exception:  # the page is navigating: look again
                    pass
            time.sleep(0.25)
        for i in pending:
            results[i]["seen"] = _what_page_shows(pages[i])
        # each usable table answers a click (the kernel is there, not just the HTML)
        for i, page in enumerate(pages):
            if results[i]["button"] is None:
                continue
            before = page.locator(".gk-table .gk-log-line").count()
            t = time.monotonic()
            try:
                page.locator(BUTTON).first.click(timeout=60_000)
                page.wait_for_function(
                    "(n) => document.querySelectorAll('.gk-table .gk-log-line').length > n",
                    arg=before, timeout=60_000,
                )
                results[i]["answer"] = round(time.monotonic() - t, 1)
            except Exception as exc:
                results[i]["seen"] = f"click unanswered: {str(exc)[:80]}"
        if args.screens:
            args.screens.mkdir(parents=True, exist_ok=True)
            for i, page in enumerate(pages):
                page.screenshot(path=str(args.screens / f"page-{i:02d}.png"))
        browser.close()
    return results


def _what_page_shows(page) -> str:  # type: ignore[no-untyped-def]
    try:
        text = page.evaluate("() => document.body ? document.body.innerText : '(no body)'")
    except Exception as exc:
        return f"(unreadable: {str(exc)[:60]})"
    return " ".join(text.split())[:120] or "(blank)"


if __name__ == "__main__":
    sys.exit(main())
