"""A class opening a dashboard at once: N pages against one Voila server on 127.0.0.1, with
the times to the first usable table, what the server and what the browser did, and the
kernels' memory.

    .venv/bin/python scripts/class_load.py --pages 10               # the kit's settings
    .venv/bin/python scripts/class_load.py --pages 10 --pool 0      # no preheated kernels
    .venv/bin/python scripts/class_load.py --pages 10 --browsers 1  # 9 light pages + 1 drawn
    .venv/bin/python scripts/class_load.py --pages 1 --pool 0       # one page alone
    .venv/bin/python scripts/class_load.py --pages 3 --spread 2 --notebook dashboard_almamater

Two kinds of pages. A browser page is its own context of one headless Chromium (a student's
own browser: own cookies, own connections); it counts as usable when its table's first
decision button is visible and enabled and the panel is armed (past its guard time after a
redraw); then it is clicked and the answer (a new log line) awaited. For it the script also
notes when the page's HTML had all come (every cell ran on the server): the time after that
is the browser's (its scripts, fetching the widgets' state, drawing). A light page
(``--browsers K``: the other N - K pages) is no browser: it reads the page's HTML as it
streams and then asks the kernel for every widget's state, as the page's widget manager does
first (ipywidgets' control comm), and counts as done when the states came: the server's
whole share of that page, with nothing drawn. On this machine the browser shares the cores
with the server; in class each student's machine draws its own page. So ``--browsers 0``
measures what the server does for N pages, ``--pages 1`` what one page alone takes (its
drawing part), and ``--pages N --browsers 1`` what one student sees while the server serves
N pages (the light pages arrive first, the browser page last: in a first-come line, the
longest wait).

``--spread S`` opens the pages over S seconds (0: at the same moment). The server is the
kit's Voila (its voila.py and voila.json: the table queue, the culler, preheated kernels as
for a server started on this one dashboard; ``--pool N`` sets their number, 0: none); the
script waits until the pool's pages are whole before the class arrives (as a teacher who
starts the server before the lesson). ``--tree-settings`` uses the checkout's settings.
Bounded: at most 40 pages, each waits at most ``--timeout`` seconds; loopback only.
Prints one line per page, the load average, and a summary; exit 1 if a page never became
usable (or a light page never got its widget states).

Example (a quiet 2-core machine):
    >>> # class_load.main(["--pages", "1"])  # doctest: +SKIP
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import statistics
import struct
import sys
import tempfile
import threading
import time
import uuid
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
CORES = ("server", "kernels", "browser", "other")


def _children() -> dict[int, list[int]]:
    """Every process's children, from /proc (Linux)."""
    kids: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        kids.setdefault(ppid, []).append(int(entry.name))
    return kids


def descendants(pid: int, kids: dict[int, list[int]]) -> list[int]:
    """``pid``'s children, their children, and so on."""
    out, todo = [], list(kids.get(pid, []))
    while todo:
        child = todo.pop()
        out.append(child)
        todo.extend(kids.get(child, []))
    return out


def busy_jiffies() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine since boot, from /proc/stat."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle + iowait
    return ((sum(fields) - idle) / 100, sum(fields) / 100)


class Sampler(threading.Thread):
    """Once a second: the load average, the cores used by the server, its kernels, the
    browser (this script's other descendants) and everything else on the machine (other
    users), the kernels' count and memory, and the server log's new lines with their time."""

    def __init__(self, server_pid: int, log: Path, t0: float) -> None:
        super().__init__(daemon=True)
        self.server_pid, self.log, self.t0 = server_pid, log, t0
        self.rows: list[dict] = []
        self.events: list[tuple[float, str]] = []
        self.stop_event = threading.Event()
        self._offset = 0

    def _cpu(self) -> dict[str, float]:
        kids = _children()
        kernels = kernel_pids(self.server_pid)
        ours = set(descendants(os.getpid(), kids)) | {os.getpid()}
        server_side = {self.server_pid, *descendants(self.server_pid, kids)}
        browser = ours - server_side
        busy, _ = busy_jiffies()
        return {
            "server": cpu_seconds(self.server_pid),
            "kernels": sum(cpu_seconds(p) for p in kernels),
            "browser": sum(cpu_seconds(p) for p in browser),
            "machine": busy,
            "n": len(kernels),
            "rss": sum(memory_mb(p)[0] for p in kernels),
        }

    def run(self) -> None:
        last = self._cpu()
        last_t = time.monotonic()
        while not self.stop_event.wait(1.0):
            now, t = self._cpu(), time.monotonic()
            dt = max(t - last_t, 1e-3)
            row = {
                "t": round(t - self.t0, 1),
                "load": os.getloadavg()[0],
                "n_kernels": now["n"],
                "rss_mb": round(now["rss"]),
            }
            # children that ended take their CPU with them: never count that as negative
            for key in ("server", "kernels", "browser", "machine"):
                row[key] = max(0.0, (now[key] - last[key]) / dt)
            ours = row["server"] + row["kernels"] + row["browser"]
            row["other"] = max(0.0, row["machine"] - ours)
            self.rows.append(row)
            last, last_t = now, t
            try:
                text = self.log.read_text(errors="replace")
            except OSError:
                continue
            for line in text[self._offset :].splitlines():
                if any(
                    k in line
                    for k in (
                        "Kernel started",
                        "Connecting to kernel",
                        "ERROR",
                        "Timeout",
                        "timed out",
                        "Culling",
                        "pre-heated",
                        "Kernel pool",
                        "Kernel shutdown",
                    )
                ):
                    self.events.append((row["t"], line.strip()[:160]))
            self._offset = len(text)

    def stop(self) -> None:
        self.stop_event.set()
        self.join(timeout=5)


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
    ready = f" is ready for {notebook}"  # the kit's voila.py says when a pooled page is whole
    while quiet < 3:
        if log.read_text(errors="replace").count(ready) >= pool:
            return time.monotonic() - start
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
        "--one-context",
        action="store_true",
        help="all pages in one browser context (one profile: Chromium's 6 connections a host)",
    )
    parser.add_argument(
        "--voila-arg", action="append", default=[], help="extra Voila option (repeatable)"
    )
    parser.add_argument(
        "--browsers",
        type=int,
        default=None,
        help="how many of the pages open in the headless browser (default: all); the others"
        " are light clients (the server's side only: the page's HTML and its widget states,"
        " no drawing) and arrive first",
    )
    parser.add_argument("--json", type=Path, default=None, help="write the figures here")
    parser.add_argument(
        "--tree-settings",
        action="store_true",
        help="use this checkout's jupyter/ settings (voila.py, voila.json, the template), not"
        " the ones installed in the environment",
    )
    args = parser.parse_args(argv)
    if not 1 <= args.pages <= MAX_PAGES:
        parser.error(f"--pages must be 1-{MAX_PAGES}")
    if args.browsers is None:
        args.browsers = args.pages
    if not 0 <= args.browsers <= args.pages:
        parser.error("--browsers must be 0 to --pages")
    relpath = f"notebooks/{args.notebook}.ipynb"
    # The pool: as the settings give it for a server started on this one dashboard (the
    # teacher's guide: GAMEKIT_VOILA_POOL, else the kit's voila.py POOL_DEFAULT), or --pool N
    # (0: off). The server here serves the folder (the pages' URLs name the notebook), so
    # the pool is asked for by name and kept for this notebook alone.
    pool = args.pool if args.pool is not None else _configured_pool(args.tree_settings)
    os.environ["GAMEKIT_VOILA_POOL"] = str(pool)  # the server's environment inherits it
    extra: tuple[str, ...] = ()
    if pool:
        extra = ("--preheat_kernel=True", f"--pool_size={pool}")
    extra = (*extra, *args.voila_arg)
    # stopped from outside (timeout, Ctrl-C): still stop the server and its kernels
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    tmp = Path(tempfile.mkdtemp(prefix="class-load-"))
    _server_settings(tmp / "jupyter-home", relpath if pool else None, args.tree_settings)
    t0 = time.monotonic()
    server = start_voila(tmp, extra)
    try:
        filled = wait_for_pool(server.proc.pid, server.log, relpath, pool, args.timeout)
        print(
            f"server up; pool of {pool} ready (run) after {filled:.0f} s "
            f"({time.monotonic() - t0:.0f} s from start)",
            flush=True,
        )
        idle = [memory_mb(p) for p in kernel_pids(server.proc.pid)]
        load = " ".join(f"{x:.2f}" for x in os.getloadavg())
        print(f"load average when the class arrives: {load}", flush=True)
        sampler = Sampler(server.proc.pid, server.log, time.monotonic())
        sampler.start()
        try:
            results = _run_pages(server, relpath, args)
        finally:
            sampler.stop()
        pids = kernel_pids(server.proc.pid)
        mem = [memory_mb(p) for p in pids]
        cpu = [cpu_seconds(p) for p in pids]
    finally:
        server.stop()
        shutil.rmtree(tmp, ignore_errors=True)  # the server's home, settings and log
    ok = [r for r in results if r["button"] is not None]
    end_load = os.getloadavg()
    print(
        "page (light: no browser; browser: headless Chromium): s after opening to its first"
        " byte or text, its kernel id, the whole page (HTML: every cell ran on the server),"
        " the widget states (light) or the table drawn and usable (browser); kernel CPU-s;"
        " click answered"
    )
    for r in results:
        if r.get("client") == "light":
            print(
                f"  {r['page']:2d} light: first byte {r.get('first_byte')} kernel"
                f" {r.get('kernel_seen')} HTML {r.get('html_done')} widget states"
                f" {r.get('server')} ({r.get('widgets')} widgets) {r['seen']}".rstrip(),
                flush=True,
            )
        else:
            drawing = (
                round(r["button"] - r["html_done"], 1)
                if r["button"] is not None and r.get("html_done") is not None
                else None
            )
            print(
                f"  {r['page']:2d} browser: text {r.get('first_text')} HTML {r.get('html_done')}"
                f" shown {r.get('shown')} table {r.get('table')} usable {r['button']}"
                f" (after the HTML: {drawing}); CPU {r.get('cpu_shown')} / {r.get('cpu_usable')};"
                f" answer {r['answer']} {r['seen']}".rstrip(),
                flush=True,
            )
        waits = r.get("wait_texts", [])
        if waits:
            print("      waiting: " + "; ".join(f"{t} s {w!r}" for t, w in waits[:8]))
    _print_timeline(sampler)
    _print_summary(results, end_load)
    if idle:
        print(
            f"pool kernels before the class: {len(idle)}, RSS "
            f"{statistics.mean(m[0] for m in idle):.0f} MB each"
        )
    if mem:
        rss = statistics.mean(m[0] for m in mem)
        pss = statistics.mean(m[1] for m in mem)
        print(
            f"kernels after the class: {len(mem)}; RSS mean {rss:.0f} MB, PSS mean {pss:.0f} MB,"
            f" total RSS {sum(m[0] for m in mem):.0f} MB; CPU {statistics.median(cpu):.1f} s"
            " each (median)"
        )
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "args": {k: str(v) for k, v in vars(args).items()},
                    "pages": results,
                    "samples": sampler.rows,
                    "events": sampler.events,
                    "kernels_after": {"rss_mb": [m[0] for m in mem], "cpu_s": cpu},
                },
                indent=1,
            )
        )
    return 0 if len(ok) == len(results) else 1


def _spread(values: list[float]) -> str:
    """'first / median / last' of some seconds."""
    v = sorted(values)
    return f"{v[0]:.1f} / {statistics.median(v):.1f} / {v[-1]:.1f} s"


def _print_summary(results: list[dict], load: tuple[float, float, float]) -> None:
    """What was measured, by kind of page: the server's side (the page's HTML complete, and
    for a light page its widget states) and, for browser pages, the table usable and the
    part after the HTML (the browser's: loading the page's scripts, drawing the widgets)."""
    light = [r for r in results if r.get("client") == "light"]
    browser = [r for r in results if r.get("client") == "browser"]
    print(f"load average at the end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    if light:
        done = [r["server"] for r in light if r.get("server") is not None]
        line = f"light pages (server's side, measured): {len(done)}/{len(light)} got their"
        line += " widget states"
        if done:
            line += f", first / median / last {_spread(done)}"
        print(line)
    if browser:
        usable = [r for r in browser if r["button"] is not None]
        line = f"browser pages: {len(usable)}/{len(browser)} usable"
        if usable:
            line += f", first / median / last {_spread([r['button'] for r in usable])}"
            html = [r["html_done"] for r in usable if r.get("html_done") is not None]
            after = [r["button"] - r["html_done"] for r in usable if r.get("html_done") is not None]
            if html:
                line += f"; HTML complete {_spread(html)}; after the HTML {_spread(after)}"
        print(line)


def _print_timeline(sampler: Sampler) -> None:
    """Every 10 s: load, kernels and their memory, cores used by the server, the kernels,
    the browser and the rest of the machine; then the whole run's CPU split."""
    rows = sampler.rows
    if not rows:
        return
    print("t(s)  load  kernels  RSS(MB)  cores: server kernels browser other")
    for k in range(0, len(rows), 10):
        chunk = rows[k : k + 10]
        avg = {key: statistics.mean(r[key] for r in chunk) for key in CORES}
        last = chunk[-1]
        print(
            f"{last['t']:5.0f} {last['load']:5.1f} {last['n_kernels']:7.0f} {last['rss_mb']:8.0f}"
            f"   {avg['server']:6.2f} {avg['kernels']:7.2f} {avg['browser']:7.2f}"
            f" {avg['other']:5.2f}"
        )
    span = rows[-1]["t"] - rows[0]["t"] + 1

    def total(key: str) -> float:
        return sum(r[key] for r in rows)  # one row a second

    print(
        f"whole run ({span:.0f} s): CPU-s server {total('server'):.0f}, kernels"
        f" {total('kernels'):.0f}, browser {total('browser'):.0f}, other users"
        f" {total('other'):.0f}; load average {min(r['load'] for r in rows):.1f}-"
        f"{max(r['load'] for r in rows):.1f}; peak kernel RSS"
        f" {max(r['rss_mb'] for r in rows)} MB"
    )
    for t, line in sampler.events[:60]:
        if "Kernel started" not in line and "Connecting" not in line:
            print(f"  log {t:5.0f} s: {line}")


def _server_settings(home: Path, only: str | None, tree: bool) -> None:
    """The server's Jupyter home (see tests/browser/conftest.jupyter_env), whose settings
    come before the environment's: with ``tree``, the checkout's Voila settings (voila.py,
    voila.json, the template) instead of the installed ones; with ``only`` (a notebook's
    path), the pool kept for that notebook alone, as a server started on it
    (``voila notebooks/dashboard_alfredopoly.ipynb``) keeps it (the server here serves the
    folder, whose other dashboard would get a pool of its own)."""
    os.environ["JUPYTER_PREFER_ENV_PATH"] = "0"  # the user's (the home's) paths come first
    config = home / "config"
    config.mkdir(parents=True, exist_ok=True)
    settings: dict = {}
    if tree:
        shutil.copy(ROOT / "jupyter/voila.py", config / "voila.py")
        settings = json.loads((ROOT / "jupyter/voila.json").read_text())
        templates = home / "data" / "voila" / "templates"
        templates.mkdir(parents=True, exist_ok=True)
        shutil.copytree(ROOT / "jupyter/voila/templates/campus", templates / "campus")
    if only:
        denied = f"^(?!(.*/)?{re.escape(only)}$)"  # the path Voila tests is absolute
        settings.setdefault("VoilaKernelManager", {})["preheat_denylist"] = [denied]
    if settings:
        (config / "voila.json").write_text(json.dumps(settings, indent=2))


def _configured_pool(tree: bool) -> int:
    """The pool the settings give a server started on one dashboard: the kit's voila.py (the
    checkout's or the environment's) reads GAMEKIT_VOILA_POOL, else its default."""
    import runpy

    path = ROOT / "jupyter/voila.py" if tree else Path(sys.prefix) / "etc/jupyter/voila.py"
    settings = runpy.run_path(str(path), run_name="gamekit_voila_settings")
    if "pool_size" in settings:
        return int(settings["pool_size"](one_notebook=True))
    config = json.loads((path.parent / "voila.json").read_text())  # before the knob
    conf = config.get("VoilaConfiguration", {})
    return int(conf.get("default_pool_size", 0)) if conf.get("preheat_kernel") else 0


def _run_pages(server, relpath: str, args: argparse.Namespace) -> list[dict]:  # type: ignore[no-untyped-def]
    """Open ``args.pages`` pages at their moments: the light ones first (no browser, see
    :func:`_light_page`), then ``args.browsers`` in the headless browser (the last to arrive:
    in a first-come line, the longest wait)."""
    n_light = args.pages - args.browsers
    start = time.monotonic() + 1.0  # both kinds get ready first, then the class arrives
    moments = [start + args.spread * i / max(1, args.pages - 1) for i in range(args.pages)]
    results = [_light_record(i) for i in range(n_light)]
    hold = threading.Event()
    light = threading.Thread(
        target=_run_light,
        args=(server, relpath, results, moments[:n_light], args, hold),
        daemon=True,
    )
    light.start()
    try:
        if args.browsers:
            results += _run_browser_pages(server, relpath, args, moments[n_light:], n_light)
        # the light pages are done when their widget states came (or they failed)
        deadline = start + args.spread + args.timeout
        while time.monotonic() < deadline and not all(
            r.get("server") is not None or r["seen"] for r in results[:n_light]
        ):
            time.sleep(0.25)
        for r in results[:n_light]:
            if r.get("server") is None and not r["seen"]:
                r["seen"] = f"no widget states after {args.timeout:.0f} s"
            r["button"] = r.get("server")  # what the script counts as this page's table
    finally:
        hold.set()
        light.join(timeout=30)
    return results


def _run_browser_pages(  # type: ignore[no-untyped-def]
    server, relpath: str, args: argparse.Namespace, moments: list[float], first: int
) -> list[dict]:
    from playwright.sync_api import sync_playwright

    results: list[dict] = []
    count = len(moments)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        pages = []
        context = None
        for i in range(count):
            if context is None or not args.one_context:
                context = browser.new_context(viewport={"width": 1280, "height": 720})
                context.route(
                    "**/*",
                    lambda route, req: route.continue_() if is_local(req.url) else route.abort(),
                )
            page = context.new_page()
            pages.append(page)
            results.append(
                {"page": first + i, "client": "browser", "button": None, "answer": None, "seen": ""}
            )
            # the page's script errors and console errors (a click that is never answered:
            # did the page fail to send it?)
            errors: list[str] = []
            page.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)[:200]))
            page.on(
                "console",
                lambda msg, errors=errors: (
                    errors.append(msg.text[:200]) if msg.type in ("error", "warning") else None
                ),
            )
            results[-1]["page_errors"] = errors
        opened: list[float] = []
        for page, at in zip(pages, moments, strict=True):
            delay = at - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            opened.append(time.monotonic())
            # navigation without waiting: the page streams while its kernel runs the cells
            page.evaluate("(url) => { window.location.href = url; }", voila_url(server, relpath))
        deadline = moments[0] + args.spread + args.timeout
        pending = set(range(count))
        while pending and time.monotonic() < deadline:
            for i in sorted(pending):
                page = pages[i]
                try:
                    state = page.evaluate(STATE_JS)
                except Exception:  # the page is navigating: look again
                    continue
                now = round(time.monotonic() - opened[i], 1)
                r = results[i]
                r["kernel"] = r.get("kernel") or state["kernel"]
                if state["waiting"] and state["waiting"] != r.get("_last_wait"):
                    r["_last_wait"] = state["waiting"]
                    r.setdefault("wait_texts", []).append((now, state["waiting"]))
                for phase in ("first_text", "html_done", "shown", "table"):
                    if state[phase] and phase not in r:
                        r[phase] = now
                        if phase == "shown":
                            r["cpu_shown"] = _kernel_cpu(r["kernel"])
                if state["usable"]:
                    r["button"] = now
                    r["cpu_usable"] = _kernel_cpu(r["kernel"])
                    pending.discard(i)
                    print(f"page {first + i}: usable after {r['button']} s", flush=True)
            time.sleep(0.25)
        for r in results:
            r.pop("_last_wait", None)
        for i in pending:
            results[i]["seen"] = _what_page_shows(pages[i])
        # each usable table answers a click (the kernel is there, not just the HTML): all
        # pages are clicked, then their answers (a new log line) awaited together
        clicked: dict[int, tuple[float, int]] = {}
        for i, page in enumerate(pages):
            if results[i]["button"] is None:
                continue
            try:
                before = page.evaluate(CLICK_JS, BUTTON)
            except Exception as exc:
                results[i]["seen"] = f"not clickable: {str(exc)[:80]}"
                continue
            clicked[i] = (time.monotonic(), before)
        answer_deadline = time.monotonic() + min(args.timeout, 120.0)
        while clicked and time.monotonic() < answer_deadline:
            for i, (t, before) in list(clicked.items()):
                try:
                    lines = pages[i].evaluate(LOG_LINES_JS)
                except Exception:
                    continue
                if lines > before:
                    results[i]["answer"] = round(time.monotonic() - t, 1)
                    del clicked[i]
            time.sleep(0.25)
        for i in clicked:
            try:
                why = json.dumps(pages[i].evaluate(DIAGNOSE_JS))
            except Exception as exc:
                why = f"(unreadable: {str(exc)[:60]})"
            results[i]["seen"] = f"click unanswered after 120 s: {why}"
            results[i]["seen"] += f"; page errors: {results[i]['page_errors'][-5:]}"
        if args.screens:
            args.screens.mkdir(parents=True, exist_ok=True)
            for i, page in enumerate(pages):
                page.screenshot(path=str(args.screens / f"page-{first + i:02d}.png"))
        browser.close()
    return results


STATE_JS = """() => {
  const q = (s) => document.querySelector(s);
  const config = q('#jupyter-config-data');
  let kernel = null;
  try { kernel = config ? JSON.parse(config.textContent).kernelId || null : null; } catch (e) {}
  const loading = q('#loading_text');
  const cells = q('#rendered_cells');
  const button = q('BUTTON');
  const text = document.body ? document.body.innerText.trim() : '';
  return {
    kernel,
    first_text: text.length > 0,
    // the page's HTML has all come (the stream ended: every cell ran on the server)
    html_done: location.href.includes('/voila/render/') && document.readyState !== 'loading',
    waiting: loading ? loading.textContent.trim().slice(0, 120) : '',
    shown: !!cells && getComputedStyle(cells).display !== 'none',
    table: !!q('.gk-table'),
    usable: !!q('ARMED') && !!button && button.offsetParent !== null,
  };
}""".replace("BUTTON", BUTTON).replace("ARMED", ARMED)


# what an unanswered page shows: its panel's state, its first button, its status line
DIAGNOSE_JS = """() => {
  const r = document.querySelector('.gk-table .gk-play');
  const b = document.querySelector('.gk-table .gk-button.gk-main');
  const s = document.querySelector('.gk-table .gk-status');
  return {armed: r && r.getAttribute('data-armed'), busy: !!r && r.classList.contains('gk-busy'),
          guard: !!r && r.classList.contains('gk-guard'), button: b && b.textContent,
          disabled: !!b && b.disabled, status: s && s.textContent.slice(0, 80),
          lines: document.querySelectorAll('.gk-table .gk-log-line').length};
}"""
LOG_LINES_JS = "() => document.querySelectorAll('.gk-table .gk-log-line').length"
# a DOM click on the first decision button; returns the log's line count before it
CLICK_JS = f"""(sel) => {{ const n = ({LOG_LINES_JS})();
  document.querySelector(sel).click(); return n; }}"""


KERNEL_ID_RE = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')
QUEUE_RE = re.compile(r"campus_queue\((-?\d+), (\d+)\)")
# Voila's page ends with window.voila_finish() once every cell has run and its output was sent
FINISH = "window.voila_finish()"


def _light_record(i: int) -> dict:
    return {"page": i, "client": "light", "button": None, "answer": None, "seen": ""}


async def _light_page(url: str, server, record: dict, t_open: float, timeout: float, hold):  # type: ignore[no-untyped-def]
    """One student's page as the server sees it, without a browser: the page's HTML read as it
    streams (its kernel id, its place in line, every cell's output, the end of the page),
    then what the page's widget manager asks first over the kernel's websocket (the state
    of every widget: ipywidgets' control comm, ``request_states``). ``server`` is measured
    when the states are there; what a browser does with them (drawing) is not. Keeps the
    kernel's websocket open until ``hold`` is set, as an open page does."""
    from tornado.httpclient import AsyncHTTPClient, HTTPRequest
    from tornado.websocket import websocket_connect

    text: list[str] = []
    seen = {"tail": ""}

    def chunk(data: bytes) -> None:
        now = round(time.monotonic() - t_open, 2)
        piece = data.decode("utf-8", errors="replace")
        record.setdefault("first_byte", now)
        window = seen["tail"] + piece
        if "kernel_seen" not in record and (m := KERNEL_ID_RE.search(window)):
            record["kernel"], record["kernel_seen"] = m.group(1), now
        for m in QUEUE_RE.finditer(piece):  # a call cut between two pieces is missed
            said = f"line: {m.group(2)} ahead" if int(m.group(1)) >= 0 else "its turn"
            waits = record.setdefault("wait_texts", [])
            if not waits or waits[-1][1] != said:
                waits.append((now, said))
        seen["tail"] = window[-200:]
        text.append(piece)

    client = AsyncHTTPClient()
    request = HTTPRequest(
        url, streaming_callback=chunk, request_timeout=timeout, connect_timeout=timeout
    )
    response = await client.fetch(request, raise_error=False)
    record["html_done"] = round(time.monotonic() - t_open, 2)
    page = "".join(text)
    if response.code != 200 or FINISH not in page:
        record["seen"] = f"HTTP {response.code}; page ended early ({len(page)} characters)"
        return
    kernel = record.get("kernel")
    ws_url = server.url.replace("http", "ws", 1)
    ws = await websocket_connect(
        f"{ws_url}/api/kernels/{kernel}/channels?session_id={uuid.uuid4().hex}&token={server.token}",
        connect_timeout=timeout,
        max_message_size=256 * 1024 * 1024,
    )
    try:
        comm_id = uuid.uuid4().hex
        session = uuid.uuid4().hex
        for msg_type, content in (
            (
                "comm_open",
                {"comm_id": comm_id, "target_name": "jupyter.widget.control", "data": {}},
            ),
            ("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}}),
        ):
            ws.write_message(json.dumps(_kernel_message(msg_type, content, session)))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            raw = await ws.read_message()
            if raw is None:
                record["seen"] = "kernel websocket closed before the widget states came"
                return
            msg = _ws_json(raw)
            data = msg.get("content", {}).get("data", {})
            if msg.get("msg_type") == "comm_msg" and data.get("method") == "update_states":
                record["server"] = round(time.monotonic() - t_open, 2)
                record["widgets"] = len(data.get("states", {}))
                break
        else:
            record["seen"] = "no widget states within the timeout"
            return
        await hold.wait()
    finally:
        ws.close()


def _kernel_message(msg_type: str, content: dict, session: str) -> dict:
    """A Jupyter message for the kernel's websocket (JSON, the legacy protocol)."""
    return {
        "header": {
            "msg_id": uuid.uuid4().hex,
            "msg_type": msg_type,
            "session": session,
            "username": "class_load",
            "version": "5.3",
            "date": "",
        },
        "parent_header": {},
        "metadata": {"version": "1.0.0"},
        "content": content,
        "channel": "shell",
        "buffers": [],
    }


def _ws_json(raw: str | bytes) -> dict:
    """A kernel message from the websocket: text is JSON; binary is Jupyter's legacy framing
    (message count, offsets, then the JSON and its buffers)."""
    if isinstance(raw, str):
        return json.loads(raw)
    count = struct.unpack("!I", raw[:4])[0]
    offsets = struct.unpack("!" + "I" * count, raw[4 : 4 + 4 * count])
    end = offsets[1] if count > 1 else len(raw)
    return json.loads(raw[offsets[0] : end].decode("utf-8"))


def _run_light(server, relpath: str, records: list[dict], opened: list[float], args, hold_until):  # type: ignore[no-untyped-def]
    """Open the light pages (``records``) at their moments, in an event loop of their own
    (a thread beside the browser's); each keeps its kernel's websocket open until
    ``hold_until`` (a threading.Event) is set."""
    import asyncio

    from tornado.httpclient import AsyncHTTPClient

    async def main() -> None:
        AsyncHTTPClient.configure(None, max_clients=MAX_PAGES + 5)
        hold = asyncio.Event()
        tasks = []
        for record, at in zip(records, opened, strict=True):
            delay = at - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
            t_open = time.monotonic()
            tasks.append(
                asyncio.ensure_future(
                    _light_page(
                        voila_url(server, relpath), server, record, t_open, args.timeout, hold
                    )
                )
            )

        async def release() -> None:
            while not hold_until.is_set():
                await asyncio.sleep(0.25)
            hold.set()

        releaser = asyncio.ensure_future(release())
        for task in tasks:
            try:
                await task
            except Exception as exc:  # a refused connection, a timeout: say so, go on
                record = records[tasks.index(task)]
                record["seen"] = f"{type(exc).__name__}: {str(exc)[:100]}"
        releaser.cancel()

    asyncio.run(main())


def _kernel_cpu(kernel_id: str | None) -> float | None:
    """CPU seconds so far of the kernel with this id (its command line names its
    connection file, kernel-<id>.json)."""
    if not kernel_id:
        return None
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmd = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if f"kernel-{kernel_id}".encode() in cmd:
                return cpu_seconds(int(entry.name))
    return None


def _what_page_shows(page) -> str:  # type: ignore[no-untyped-def]
    try:
        text = page.evaluate("() => document.body ? document.body.innerText : '(no body)'")
    except Exception as exc:
        return f"(unreadable: {str(exc)[:60]})"
    return " ".join(text.split())[:120] or "(blank)"


if __name__ == "__main__":
    sys.exit(main())
