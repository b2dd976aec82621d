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
import json
import os
import shutil
import signal
import statistics
import sys
import tempfile
import threading
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
        "--one-context",
        action="store_true",
        help="all pages in one browser context (one profile: Chromium's 6 connections a host)",
    )
    parser.add_argument(
        "--voila-arg", action="append", default=[], help="extra Voila option (repeatable)"
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
    if args.tree_settings:
        _copy_tree_settings(tmp / "jupyter-home")
    t0 = time.monotonic()
    server = start_voila(tmp, extra)
    try:
        pool = args.pool if args.pool is not None else _configured_pool()
        filled = wait_for_pool(server.proc.pid, server.log, relpath, pool, args.timeout)
        print(
            f"server up; pool of {pool} ready (run) after {filled:.0f} s "
            f"({time.monotonic() - t0:.0f} s from start)",
            flush=True,
        )
        idle = [memory_mb(p) for p in kernel_pids(server.proc.pid)]
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
    print(
        "page: s after opening to the first text, the cells shown, the table drawn, usable;"
        " kernel CPU-s at shown / usable; click answered"
    )
    for r in results:
        print(
            f"  {r['page']:2d}: text {r.get('first_text')} shown {r.get('shown')} table"
            f" {r.get('table')} usable {r['button']}; CPU {r.get('cpu_shown')} /"
            f" {r.get('cpu_usable')}; answer {r['answer']} {r['seen']}".rstrip(),
            flush=True,
        )
        waits = r.get("wait_texts", [])
        if waits:
            print("      waiting: " + "; ".join(f"{t} s {w!r}" for t, w in waits[:8]))
    _print_timeline(sampler)
    if ok:
        times = sorted(r["button"] for r in ok)
        median = statistics.median(times)
        print(
            f"usable: {len(ok)}/{len(results)}; first button median {median:.1f} s,"
            f" max {times[-1]:.1f} s"
        )
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


def _copy_tree_settings(home: Path) -> None:
    """Put the checkout's Voila settings where the server's Jupyter home (see
    tests/browser/conftest.jupyter_env) has them, found before the environment's."""
    import shutil

    os.environ["JUPYTER_PREFER_ENV_PATH"] = "0"  # the user's (the home's) paths come first
    config = home / "config"
    config.mkdir(parents=True, exist_ok=True)
    for name in ("voila.py", "voila.json"):
        if (ROOT / "jupyter" / name).exists():
            shutil.copy(ROOT / "jupyter" / name, config / name)
    templates = home / "data" / "voila" / "templates"
    templates.mkdir(parents=True, exist_ok=True)
    shutil.copytree(ROOT / "jupyter/voila/templates/campus", templates / "campus")


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
        for r in results:
            r.pop("_last_wait", None)
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
                    state = page.evaluate(STATE_JS)
                except Exception:  # the page is navigating: look again
                    continue
                now = round(time.monotonic() - opened[i], 1)
                r = results[i]
                r["kernel"] = r.get("kernel") or state["kernel"]
                if state["waiting"] and state["waiting"] != r.get("_last_wait"):
                    r["_last_wait"] = state["waiting"]
                    r.setdefault("wait_texts", []).append((now, state["waiting"]))
                for phase in ("first_text", "shown", "table"):
                    if state[phase] and phase not in r:
                        r[phase] = now
                        if phase == "shown":
                            r["cpu_shown"] = _kernel_cpu(r["kernel"])
                if state["usable"]:
                    r["button"] = now
                    r["cpu_usable"] = _kernel_cpu(r["kernel"])
                    pending.discard(i)
                    print(f"page {i}: usable after {r['button']} s", flush=True)
            time.sleep(0.25)
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
                page.screenshot(path=str(args.screens / f"page-{i:02d}.png"))
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
