"""Pictures drawn in worker processes, off the event loop's process and its GIL.

``RenderPool.run(fn, *args)`` runs ``fn(*args)`` (a function passed by reference, such as
a game presentation's ``board_png`` or a function of ``render/<game>/``, with picklable
arguments: views and states are plain data) in a ``ProcessPoolExecutor`` of slim workers:
spawned, they import ``render/worker.py`` and then only the modules of the functions they are
given, never the bot's script (which imports discord and the database). A function that cannot
be pickled is run in a thread, at most ``backlog`` at once.

The workers are given one picture each at a time; the others wait here, in one queue by
``level`` (``ANSWER``: a picture in a player's own answer, which they wait for; ``THREAD``: a
round's map or the scores, with the thread's next prompt; ``LATER``: a game's replay), then in
the order they came. A workbench picture waits only for the pictures being drawn, never behind
a queue of maps and replays (docs/limits.md: a bounded FIFO queue in front of the workers once
held it behind 31 replays of games ending at once). What waits is bounded by what asks: the
Teller's jobs, one picture each at a time, and the players' requests.

A pool that cannot start or breaks (a worker killed) gives way to a thread in this process,
and is started again after ``retry_after`` seconds. ``close`` ends the workers when the bot
stops (they also end by themselves if it is killed). ``workers=0``: always a thread.

A picture is drawn in the language current where it is asked for (``texts.language()``: the
game's for a public picture, the player's for a private one, docs/i18n.md): the language goes
with each job (``texts.called_in``), since a context variable does not cross a process.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import multiprocessing
import pickle
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from types import ModuleType
from typing import Any, TypeVar

import texts
from referee.process.background import Turns

log = logging.getLogger(__name__)
T = TypeVar("T")

ANSWER, THREAD, LATER = range(3)  # a picture's level: lower is drawn first


def _worker() -> ModuleType:
    """``render.worker``, imported when first needed: the bot process itself draws nothing
    (Pillow, the fonts and the drawing code stay out of its memory) unless the pool is down."""
    return importlib.import_module("render.worker")


@contextlib.contextmanager
def slim_main() -> Iterator[None]:
    """While workers are started: multiprocessing makes a spawned child import the parent's
    ``__main__`` script first (``python bot.py``: discord, the database, every cog). With a
    stand-in ``__main__`` that has no file the child imports only what it is asked to run."""
    main = sys.modules.get("__main__")
    if main is None or getattr(main, "__spec__", None) is not None or not getattr(main, "__file__", None):
        yield  # run with -m, or interactively: multiprocessing imports no script
        return
    sys.modules["__main__"] = ModuleType("__main__")
    try:
        yield
    finally:
        sys.modules["__main__"] = main


class RenderPool:
    def __init__(self, workers: int = 1, *, backlog: int = 32, retry_after: float = 60.0) -> None:
        self.workers = workers
        self.backlog = backlog
        self.retry_after = retry_after
        self._executor: ProcessPoolExecutor | None = None
        self._down_until = 0.0  # while broken: draw in a thread until then
        self._slots: tuple[asyncio.AbstractEventLoop, Turns, Turns] | None = None
        self._picklable: dict[tuple[Any, ...], bool] = {}  # one entry per function of the code

    def _queues(self) -> tuple[Turns, Turns]:
        """This loop's turns: of the threads (``backlog`` at once) and of the workers."""
        loop = asyncio.get_running_loop()
        if (self._slots is None or self._slots[0] is not loop
                or self._slots[2].slots != max(1, self.workers)):
            self._slots = (loop, Turns(self.backlog), Turns(max(1, self.workers)))
        return self._slots[1], self._slots[2]

    def start(self) -> ProcessPoolExecutor | None:
        """The executor, started (its workers warm up in the background) unless it is down."""
        if self._executor is None and self.workers > 0 and time.monotonic() >= self._down_until:
            try:
                self._executor = ProcessPoolExecutor(
                    max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_worker().warm)
                with slim_main():
                    for _ in range(self.workers):  # each start spawns one worker
                        self._executor.submit(_worker().pid)
            except (OSError, RuntimeError, BrokenProcessPool) as exc:
                self._broken(f"could not start render workers: {exc}")
        return self._executor

    def _broken(self, why: str) -> None:
        log.warning("%s; drawing in a thread for %g s", why, self.retry_after)
        executor, self._executor = self._executor, None
        self._down_until = time.monotonic() + self.retry_after
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    def _by_reference(self, fn: Callable[..., Any]) -> bool:
        """Can ``fn`` be sent to a worker? (Asked once per function.)"""
        owner = getattr(fn, "__self__", None)
        key = (getattr(fn, "__module__", None), getattr(fn, "__qualname__", None), type(owner))
        ok = self._picklable.get(key)
        if ok is None:
            try:
                pickle.dumps(fn)
                ok = True
            except (pickle.PicklingError, TypeError, AttributeError) as exc:
                log.warning("%r cannot go to a render worker (%s); it is drawn in a thread", fn, exc)
                ok = False
            self._picklable[key] = ok
        return ok

    async def run(self, fn: Callable[..., T], *args: Any, level: int = THREAD) -> T:
        """``fn(*args)`` in a worker, in the caller's language, its turn by ``level``; a
        failure of the function itself is raised."""
        lang = texts.language()
        backlog, turns = self._queues()
        executor = self.start()
        if executor is not None and not self._by_reference(fn):
            executor = None
        if executor is not None:
            try:
                async with turns.held(level):  # a worker each: the queue stays here
                    with slim_main():
                        future = executor.submit(texts.called_in, lang, fn, *args)
                    return await asyncio.wrap_future(future)
            except BrokenProcessPool as exc:  # a worker died (this picture is drawn here)
                if self._executor is executor:
                    self._broken(f"the render pool broke ({exc})")
            except RuntimeError as exc:
                if "shutdown" not in str(exc):
                    raise  # the function's own error
                log.info("render pool closed meanwhile; drawing in a thread")
        async with backlog.held(level):
            return await asyncio.to_thread(texts.called_in, lang, fn, *args)

    def close(self) -> None:
        """End the workers (after the pictures being drawn; queued ones are cancelled). Used
        again, the pool starts anew."""
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)
