# Campus Gamekit: Voila's server settings in Python (voila.json holds the plain values).
# Installed as <environment>/etc/jupyter/voila.py. Voila reads it at start, standalone and
# inside JupyterLab or Jupyter Server (/voila/render, Binder's link: voila.server_extension's
# load_config_file reads voila.py and voila.json from the same config path), so the table
# queue below serves both. Inside JupyterLab only the VoilaConfiguration part of voila.json
# applies: the culler (MappingKernelManager) is the server's own setting there.
#
# A class at once: tables are set up a few at a time, in the order the pages arrived.
#
# Every page gets its own kernel, which runs the dashboard (imports, the table, its first
# drawing: about 8 CPU-s) before the page can show it. Measured (scripts/class_load.py): 10
# pages opened at once on a 2-core machine shared every core between 10 kernels, so all 10
# waited for all the work (133-153 s, none earlier); 20 took minutes each. Here the pages
# still get their kernels at once, but only SLOTS dashboards run at a time (default: the
# machine's cores) and the others wait in line, first come first served. A waiting page says
# so ("Please wait: 2 tables are being set up, 5 are ahead of yours"), updated as the line
# moves, and shows its table when its turn has run: the first tables come in seconds and the
# last no later than with everyone at once. GAMEKIT_VOILA_SLOTS sets SLOTS (1-64).
#
# How: Voila renders a page's cells through NotebookRenderer._jinja_cell_generator (one
# cell at a time, into the kit's template). This wraps it: before the first cell the page
# waits for a slot and, while it waits, the generator yields "queue" cells that the kit's
# template (jupyter/voila/templates/campus) turns into the waiting text instead of output.
# The slot is given back after the last cell, or as soon as the page leaves (a reload, a
# closed tab, a lost connection: its request's connection closes, or its kernel is shut
# down), in line or while its cells run; a page that left has its kernel shut down at once
# (it can never use it). Checked against Voila 0.5.13 (requirements/lock.txt);
# tests/browser/test_voila_kernels.py fails if a page opened with the others never says
# where it stands or never shows its table.

import asyncio
import contextlib
import os
import time

import nbformat

try:
    from jupyter_core.utils import ensure_async
    from jupyter_server._tz import utcnow
    from voila.notebook_renderer import NotebookRenderer
except ImportError:  # not Voila (a tool reading every config file): nothing to do
    NotebookRenderer = None

MAX_SLOTS = 64
# how often a waiting page's text is brought up to date, at most (seconds)
QUEUE_TICK_S = 1.0
# a slot is given back after this long even if its page's cells never end (a kernel that
# hangs): the next page must not wait for it for good
SLOT_LEASE_S = 300.0
# how often a page whose cells run is checked for having left (seconds)
WATCH_S = 0.5


def _slots():
    raw = os.environ.get("GAMEKIT_VOILA_SLOTS", "")
    if raw.strip():
        try:
            value = int(raw)
        except ValueError:
            value = 0
        if 1 <= value <= MAX_SLOTS:
            return value
    return max(1, min(MAX_SLOTS, os.cpu_count() or 1))


class TableQueue:
    """First come, first served: at most ``slots`` pages run their cells at once."""

    def __init__(self, slots):
        self.slots = slots
        self.running = {}  # ticket -> time it got its slot
        self.waiting = []  # tickets in the order they came
        self.changed = asyncio.Event()
        self._next = 0

    def join(self):
        self._next += 1
        ticket = self._next
        self.waiting.append(ticket)
        self._admit()
        self._notify()
        return ticket

    def leave(self, ticket):
        self.running.pop(ticket, None)
        if ticket in self.waiting:
            self.waiting.remove(ticket)
        self._admit()
        self._notify()

    def _admit(self):
        """Give free slots to the first in line (after taking back slots whose lease ran
        out); True if anyone moved."""
        now = time.monotonic()
        moved = False
        for ticket, since in list(self.running.items()):
            if now - since > SLOT_LEASE_S:
                del self.running[ticket]
                moved = True
        while self.waiting and len(self.running) < self.slots:
            self.running[self.waiting.pop(0)] = now
            moved = True
        return moved

    def _notify(self):
        """Wake every waiting page (the line changed); only on a change, so waiting pages
        never wake each other in a loop."""
        self.changed.set()
        self.changed = asyncio.Event()

    def where(self, ticket):
        """(tables being set up now, tables ahead of this one in line), or None once it
        runs."""
        if ticket in self.running:
            return None
        return len(self.running), self.waiting.index(ticket) if ticket in self.waiting else 0

    async def wait(self, ticket, alive=lambda: True):
        """Yield where ``ticket`` stands each time that changes, until it has a slot (or
        ``alive()`` says its page's kernel is gone: then it leaves the line)."""
        last = None
        while True:
            if self._admit():  # a lease ran out: the line moved
                self._notify()
            place = self.where(ticket)
            if place is None:
                return
            if not alive():
                self.leave(ticket)
                return
            if place != last:
                last = place
                yield place
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), QUEUE_TICK_S)


def page_gone(handler):
    """The page's request connection is closed: the tab was closed or reloaded, or the
    network went away, before its page was sent. Tornado sees the peer close at once (it
    listens for it on the connection while the handler streams)."""
    stream = getattr(getattr(getattr(handler, "request", None), "connection", None), "stream", None)
    closed = getattr(stream, "closed", None)
    return bool(closed()) if callable(closed) else False


def queue_cell(running, ahead):
    """A cell that is not the notebook's: the kit's template shows it as the waiting text
    (``running`` -1: the page's turn has come, "Setting up your table")."""
    cell = nbformat.v4.new_raw_cell("")
    cell.metadata["campus_queue"] = {"running": running, "ahead": ahead}
    return cell


if NotebookRenderer is not None:
    # Voila reads every voila.py on its config path (the environment's, then the user's):
    # the last one read wraps Voila's own generator, so a user's copy (class_load.py
    # --tree-settings) replaces the environment's instead of being skipped
    _voilas = getattr(NotebookRenderer, "_campus_queue", None)
    _cell_generator = _voilas if callable(_voilas) else NotebookRenderer._jinja_cell_generator
    _queue = []  # made on first use, inside Voila's event loop

    async def _queued_cell_generator(self, nb, kernel_id):
        if not _queue:
            _queue.append(TableQueue(_slots()))
        queue = _queue[0]
        handler = getattr(self, "request_handler", None)
        kernels = getattr(handler, "kernel_manager", None)

        def alive():
            """The page is still there (its request's connection is open) and so is its
            kernel. The kernel counts as active meanwhile, so the culler (voila.json: 5
            minutes idle without a page) never shuts down a kernel that only waits its
            turn (seen: the last 8 of 20 pages came up blank)."""
            if page_gone(handler):
                return False
            if kernels is None:
                return True
            if kernel_id not in kernels:
                return False
            kernels.get_kernel(kernel_id).last_activity = utcnow()
            return True

        async def page_left(where):
            """Give the slot back and shut the kernel down (unless the page's own shutdown
            request already has): nobody can use it any more."""
            queue.leave(ticket)
            self.log.info("Table queue: the page of kernel %s left %s", kernel_id, where)
            if kernels is not None and kernel_id in kernels:
                try:  # shielded: the page's cells ending must not cut the shutdown short
                    await asyncio.shield(ensure_async(kernels.shutdown_kernel(kernel_id)))
                except Exception:  # already going (the page's shutdown came at once)
                    self.log.debug("Table queue: kernel %s already shut down", kernel_id)

        async def watch():
            """While the cells run: the moment the page leaves, its slot goes to the next
            page (the cells of a dead kernel end by themselves, a second each)."""
            while alive():
                await asyncio.sleep(WATCH_S)
            await page_left("while its table was being set up")

        ticket = queue.join()
        watcher = None
        try:
            waited = False
            async for running, ahead in queue.wait(ticket, alive):
                self.log.info(
                    "Table queue: kernel %s waits (%d setting up, %d ahead)",
                    kernel_id,
                    running,
                    ahead,
                )
                waited = True
                yield queue_cell(running, ahead)
            if alive():
                watcher = asyncio.ensure_future(watch())
                if waited:  # say at once that its turn came (not after the first cell)
                    yield queue_cell(-1, 0)
                async for cell in _cell_generator(self, nb, kernel_id):
                    yield cell
            else:  # the page left while it waited: close what its kernel start opened
                await page_left("while it waited in line")
                await self._cleanup_resources()
        finally:
            if watcher is not None:
                watcher.cancel()
            queue.leave(ticket)

    NotebookRenderer._campus_queue = _cell_generator  # Voila's own
    NotebookRenderer._jinja_cell_generator = _queued_cell_generator
