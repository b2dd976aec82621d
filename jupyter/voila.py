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
    """First come, first served: at most ``slots`` pages run their cells at once. Tables
    set up for the pool of preheated kernels (no page waits for them) join as ``background``
    and get a slot only when no page waits."""

    def __init__(self, slots):
        self.slots = slots
        self.running = {}  # ticket -> time it got its slot
        self.waiting = []  # tickets in the order they came
        self.background = set()  # the pool's tickets
        self.changed = asyncio.Event()
        self._next = 0

    def join(self, background=False):
        self._next += 1
        ticket = self._next
        self.waiting.append(ticket)
        if background:
            self.background.add(ticket)
        self._admit()
        self._notify()
        return ticket

    def leave(self, ticket):
        self.running.pop(ticket, None)
        self.background.discard(ticket)
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
            pages = [t for t in self.waiting if t not in self.background]
            ticket = pages[0] if pages else self.waiting[0]
            self.waiting.remove(ticket)
            self.running[ticket] = now
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
        if ticket not in self.waiting:
            return len(self.running), 0
        ahead = self.waiting[: self.waiting.index(ticket)]
        return len(self.running), sum(1 for t in ahead if t not in self.background)

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

        # no request: a table set up for the pool of preheated kernels, behind any page
        ticket = queue.join(background=handler is None)
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
                if handler is not None:  # a pool's table has no page to tell (yet)
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


# Preheated kernels: a pool of kernels that have already run the dashboard, so a page that
# arrives gets its table at once (its HTML is sent whole; the browser then draws it).
#
# A server started on one dashboard, as the teacher's guide does
# (voila notebooks/dashboard_alfredopoly.ipynb), keeps POOL_DEFAULT of them; a server of the
# whole folder (voila notebooks/, the tests' servers) keeps none, since it would keep them
# for both dashboards whether used or not. GAMEKIT_VOILA_POOL=N (0-64) sets N for every
# dashboard in both cases (voila.json's preheat_denylist: dashboard_*.ipynb only; 0: off),
# and so do --preheat_kernel/--pool_size on Voila's command line. Each waiting kernel holds
# about 240 MB. Voila starts a new one for each kernel a page takes, after fill_delay
# (voila.json: 10 s, so refills do not compete with a class arriving at once; each further
# refill on its way REFILL_SPACING_S later), and the refills' tables wait behind every page
# (TableQueue.background).
#
# Voila 0.5.13 hands a page the first kernel of the pool even if that kernel is still running
# the dashboard, and the page then takes over the half-done render (handler.py: the
# pre-rendered path, stop_generator). Measured before the kit's changes: 8 of 10 pages that
# took such kernels stayed at "Executing 3 of 3" for 7 minutes (Voila's 60 s / 4 s executor
# timeouts then). Once, with a pool judged ready from its kernels' CPU and memory, 1 of 10
# pages stayed at "Executing 2 of 2" for 10 minutes; which path it took is not known. Neither
# came back here (today's timeouts; 2 half-done hand-overs of 4 pages completed), so the
# exact fault is not pinned down. Here a page gets a pooled kernel only once its render has
# ended (its whole page is there, the kit logs "Preheated kernel ... is ready"); otherwise it
# gets a kernel of its own and its place in the table queue, as without a pool. So the
# half-done hand-over never happens.
POOL_DEFAULT = 10
MAX_POOL = 64
REFILL_SPACING_S = 3.0


def pool_setting():
    """GAMEKIT_VOILA_POOL as a number (0-64), or None when it is unset or not one."""
    raw = os.environ.get("GAMEKIT_VOILA_POOL", "").strip()
    try:
        value = int(raw)
    except ValueError:
        return None
    return value if 0 <= value <= MAX_POOL else None


def pool_size(one_notebook=True):
    """Preheated kernels per dashboard: GAMEKIT_VOILA_POOL, else POOL_DEFAULT for a server
    started on one notebook and 0 for a server of a folder.

    >>> pool_size(one_notebook=False) == (pool_setting() or 0)
    True
    """
    setting = pool_setting()
    if setting is not None:
        return setting
    return POOL_DEFAULT if one_notebook else 0


def _pool_asked_for(app):
    """The pool was asked for by name: GAMEKIT_VOILA_POOL, or --pool_size on the command
    line."""
    if pool_setting() is not None:
        return True
    try:
        return "default_pool_size" in app.cli_config.get("VoilaConfiguration", {})
    except AttributeError:
        return False


def pool_item_ready(item):
    """A pool entry (Voila's task that starts a kernel and its render) whose render has
    ended without an error: its page is whole."""
    if not item.done() or item.cancelled() or item.exception() is not None:
        return False
    render = item.result().get("task")
    return (
        render is not None
        and render.done()
        and not render.cancelled()
        and render.exception() is None
    )


def pool_item_failed(item):
    """A pool entry whose kernel did not start or whose render ended with an error."""
    if not item.done():
        return False
    if item.cancelled() or item.exception() is not None:
        return True
    render = item.result().get("task")
    return render is None or (render.done() and not pool_item_ready(item))


def _when_rendered(manager, item, notebook):
    """Log when a pool entry's page is whole (or why it never will be)."""
    if item.cancelled() or item.exception() is not None:
        manager.log.warning("Kernel pool of %s: a kernel did not start", notebook)
        return
    kernel_id = item.result().get("kernel_id")

    def rendered(_task):
        if pool_item_ready(item):
            manager.log.info("Preheated kernel %s is ready for %s", kernel_id, notebook)
        else:
            manager.log.warning("Kernel pool of %s: kernel %s failed its page", notebook, kernel_id)

    item.result()["task"].add_done_callback(rendered)


def ready_pool_only(manager_class):
    """Make Voila's pooled kernel manager hand out only kernels whose render has ended."""
    if getattr(manager_class, "_campus_ready_only", False):
        return manager_class
    if not hasattr(manager_class, "get_rendered_notebook"):  # preheating off
        return manager_class
    voilas_get = manager_class.get_rendered_notebook

    def get_pool_size(self, notebook_name):
        pool = self._pools.get(notebook_name, [])
        # an entry that failed (its kernel did not start, its render raised) is dropped
        # and replaced, never handed to a page
        failed = [item for item in pool if pool_item_failed(item)]
        for item in failed:
            pool.remove(item)
            self.log.warning("Kernel pool of %s: dropped a failed kernel", notebook_name)
        if failed:
            self.fill_if_needed(notebook_name=notebook_name)
        return sum(1 for item in pool if pool_item_ready(item))

    async def get_rendered_notebook(self, notebook_name, *args, **kwargs):
        # Voila takes the pool's first entry: put the first ready one there (the handler
        # asked get_pool_size just before, with no await in between, so there is one)
        pool = self._pools.get(notebook_name, [])
        for index, item in enumerate(pool):
            if pool_item_ready(item):
                pool.insert(0, pool.pop(index))
                break
        return await voilas_get(self, notebook_name, *args, **kwargs)

    voilas_fill = manager_class.fill_if_needed

    def fill_if_needed(self, *args, **kwargs):
        """Voila's, and each new pool entry says in the log when its page is whole
        ("Preheated kernel ... is ready": class_load.py waits for it)."""
        notebook = kwargs.get("notebook_name", args[1] if len(args) > 1 else None)
        app = getattr(self, "parent", None)
        if getattr(app, "notebook_path", None) is None and not _pool_asked_for(app):
            return  # a server of a folder: no pool unless asked for (see pool_size)
        if notebook is not None and not self._notebook_filter(notebook):
            # Voila applies voila.json's preheat_denylist to a folder's notebooks only: a
            # server started on a lesson (not a dashboard) keeps no pool either
            return
        before = set(map(id, self._pools.get(notebook, [])))
        if not args and kwargs.get("delay") is None:
            # a refill (a page took a kernel): after fill_delay, and REFILL_SPACING_S later
            # for each refill still on its way, so a class taking 10 kernels at once does
            # not start 10 new ones at once while its first clicks are answered
            waiting = sum(1 for item in self._pools.get(notebook, []) if not pool_item_ready(item))
            kwargs["delay"] = self.fill_delay + REFILL_SPACING_S * waiting
        voilas_fill(self, *args, **kwargs)
        for item in self._pools.get(notebook, []):
            if id(item) not in before:
                item.add_done_callback(lambda item, nb=notebook: _when_rendered(self, item, nb))

    manager_class.fill_if_needed = fill_if_needed
    manager_class.get_pool_size = get_pool_size
    manager_class.get_rendered_notebook = get_rendered_notebook
    manager_class._campus_ready_only = True
    return manager_class


try:
    import voila.app as _voila_app
except ImportError:  # not Voila
    _voila_app = None

if _voila_app is not None:
    _factory = getattr(_voila_app, "_campus_factory", _voila_app.voila_kernel_manager_factory)

    def _kit_factory(*args, **kwargs):
        return ready_pool_only(_factory(*args, **kwargs))

    _voila_app._campus_factory = _factory  # Voila's own
    _voila_app.voila_kernel_manager_factory = _kit_factory

try:
    c = get_config()  # defined when Voila reads this file as its config
except NameError:  # imported (class_load.py reads pool_size)
    c = None
if c is not None:
    # a server of a folder fills no pool unless asked for (ready_pool_only's fill_if_needed)
    c.VoilaConfiguration.preheat_kernel = pool_size() > 0
    c.VoilaConfiguration.default_pool_size = pool_size()
