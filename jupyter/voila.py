# Campus Gamekit: Voila's server settings in Python (voila.json holds the plain values).
# Installed as <environment>/etc/jupyter/voila.py; Voila reads it at start, standalone only
# (Voila inside JupyterLab, /voila/render, reads the server's settings instead).
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
# The slot is given back after the last cell, or when the page's kernel or request ends
# early (a reload, a closed tab). Checked against Voila 0.5.13 (requirements/lock.txt);
# tests/browser/test_voila_kernels.py fails if a page opened with the others never says
# where it stands or never shows its table.

import asyncio
import contextlib
import os
import time

import nbformat

try:
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


def queue_cell(running, ahead):
    """A cell that is not the notebook's: the kit's template shows it as the waiting text."""
    cell = nbformat.v4.new_raw_cell("")
    cell.metadata["campus_queue"] = {"running": running, "ahead": ahead}
    return cell


if NotebookRenderer is not None and not getattr(NotebookRenderer, "_campus_queue", None):
    _cell_generator = NotebookRenderer._jinja_cell_generator
    _queue = []  # made on first use, inside Voila's event loop

    async def _queued_cell_generator(self, nb, kernel_id):
        if not _queue:
            _queue.append(TableQueue(_slots()))
        queue = _queue[0]
        kernels = getattr(getattr(self, "request_handler", None), "kernel_manager", None)

        def alive():
            """The page's kernel still runs; it counts as active while it waits, so the
            culler (voila.json: 5 minutes idle without a page) never shuts down a kernel
            that only waits its turn (seen: the last 8 of 20 pages came up blank)."""
            if kernels is None:
                return True
            if kernel_id not in kernels:
                return False
            kernels.get_kernel(kernel_id).last_activity = utcnow()
            return True

        ticket = queue.join()
        try:
            async for running, ahead in queue.wait(ticket, alive):
                self.log.info(
                    "Table queue: kernel %s waits (%d setting up, %d ahead)",
                    kernel_id,
                    running,
                    ahead,
                )
                yield queue_cell(running, ahead)
            if alive():
                async for cell in _cell_generator(self, nb, kernel_id):
                    yield cell
            else:  # the page left while it waited: close what its kernel start opened
                await self._cleanup_resources()
        finally:
            queue.leave(ticket)

    NotebookRenderer._jinja_cell_generator = _queued_cell_generator
    NotebookRenderer._campus_queue = True
