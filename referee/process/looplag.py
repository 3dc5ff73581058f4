"""The event loop's stalls: a monitor that says which task held the loop.

Everything the bot does runs on one event loop; a piece of code that runs long without
yielding (a replay, a big JSON text, a synchronous write) holds every other player's command,
every timer and discord.py's gateway with it. ``LoopLag`` ticks on the loop every ``interval``
seconds; a watchdog thread looks at the last tick every ``interval / 2`` seconds, and once the
loop's tick is ``threshold`` seconds late it notes what the loop's thread is running then:
the asyncio task (its name and coroutine) and the innermost lines of its stack. When the loop
ticks again the stall is logged (a WARNING: how long, and that task) and counted; the longest
lag, a stall or not, is kept (``longest``, ``summary``: ``python -m benchmarks e2e`` reports it
from the log).

Plain asyncio and threading (no discord): ``start`` on the running loop, ``stop`` when done.
``tick`` and ``look`` are the two halves, called with an injected clock in the tests.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import sys
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass

from referee.process.metrics import LOOP_LAG

log = logging.getLogger(__name__)
THRESHOLD_S = 0.25  # a stall longer than this is logged
INTERVAL_S = 0.05  # the loop ticks this often
STACK_LINES = 4  # innermost frames of the holder's stack in the log
SUMMARY = "event loop: longest stall"  # the line benchmarks/e2e.py reads


@dataclass(frozen=True)
class Holder:
    """What the loop's thread was running during a stall."""

    task: str  # "task 'name' (coroutine)", or that no task was running (a plain callback)
    where: str  # the innermost frames, "file:line in function" each, outermost first

    def __str__(self) -> str:
        return f"{self.task} at {self.where}" if self.where else self.task


def _holder(loop: asyncio.AbstractEventLoop, thread_id: int | None) -> Holder:
    """What ``loop`` runs now, seen from another thread."""
    try:
        task = asyncio.current_task(loop)
    except RuntimeError:
        task = None
    if task is not None:
        coro = task.get_coro()
        name = getattr(coro, "__qualname__", None) or type(coro).__name__
        what = f"task {task.get_name()!r} ({name})"
    else:
        what = "no task (a callback of the loop's own)"
    where = ""
    frame = sys._current_frames().get(thread_id) if thread_id is not None else None
    if frame is not None:
        # an import's own machinery says nothing: the lines that asked for the module do
        frames = [f for f in traceback.extract_stack(frame)
                  if not f.filename.startswith("<frozen")][-STACK_LINES:]
        where = " < ".join(f"{_short(f.filename)}:{f.lineno} in {f.name}"
                           for f in reversed(frames))
    return Holder(what, where)


def _short(path: str) -> str:
    """A source path as the log names it: from the project's or a package's top folder."""
    parts = path.replace("\\", "/").split("/")
    for top in ("site-packages", "referee", "db", "engine", "cogs", "games", "render"):
        if top in parts[:-1]:
            i = len(parts) - 1 - parts[::-1].index(top)
            return "/".join(parts[i + (top == "site-packages"):])
    return "/".join(parts[-2:])


class LoopLag:
    def __init__(self, *, threshold: float = THRESHOLD_S, interval: float = INTERVAL_S,
                 clock: Callable[[], float] = time.perf_counter,
                 holder: Callable[[], Holder] | None = None) -> None:
        self.threshold = threshold
        self.interval = interval
        self.clock = clock
        self._holder = holder  # None: the running loop's, from the watchdog thread
        self.last = clock()  # the last tick
        self.ticks = 0
        self.stalls = 0  # stalls over the threshold
        self.longest = 0.0  # seconds
        self.longest_by: Holder | None = None
        self.started = self.last
        self._seen: tuple[int, Holder] | None = None  # (tick, holder) noted by the watchdog
        self._lock = threading.Lock()
        self._task: asyncio.Task[None] | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self.recent: collections.deque[tuple[float, float]] = collections.deque(maxlen=256)
        self.noted = threading.Event()  # set when the watchdog noted a holder (tests wait on it)
        self.stalled = asyncio.Event()  # set on the loop when a stall is logged

    # --- the two halves --------------------------------------------------------------------

    def tick(self) -> float | None:
        """On the loop: the time since the last tick beyond ``interval``; logged, counted and
        returned when it is a stall (over ``threshold``), else None."""
        now = self.clock()
        with self._lock:
            late = now - self.last - self.interval
            seen = self._seen if self._seen is not None and self._seen[0] == self.ticks else None
            self.last, self.ticks, self._seen = now, self.ticks + 1, None
        by = seen[1] if seen is not None else None
        LOOP_LAG.observe(max(0.0, late))
        if late > self.longest:  # the longest lag, a stall or not
            self.longest, self.longest_by = late, by
        if late <= self.threshold:
            return None
        self.stalls += 1
        self.recent.append((now, late))
        log.warning("the event loop was held for %.0f ms by %s", late * 1000,
                    by if by is not None else "something the watchdog did not see (it ended "
                    "before the watchdog looked)")
        self.stalled.set()
        return late

    def look(self) -> Holder | None:
        """From the watchdog: once the loop is ``threshold`` late for its tick, note (once per
        stall) what holds it now; returns it when noted. The tick that ends the stall finds
        it at least that late, so a noted holder is always logged."""
        with self._lock:
            if self.clock() - self.last - self.interval <= self.threshold or (
                    self._seen is not None and self._seen[0] == self.ticks):
                return None
            tick = self.ticks
        by = self._holder() if self._holder is not None else None
        if by is None:
            return None
        with self._lock:
            if self.ticks == tick:  # still the same stall
                self._seen = (tick, by)
        self.noted.set()
        return by

    def held_within(self, seconds: float) -> float:
        """The longest stall that ended in the last ``seconds`` (0.0: none over the
        threshold), by this monitor's clock."""
        since = self.clock() - seconds
        return max((late for end, late in list(self.recent) if end >= since), default=0.0)

    def summary(self) -> str:
        """One line: the longest stall and its holder, how many stalls, over how long."""
        by = f" ({self.longest_by})" if self.longest_by is not None else ""
        return (f"{SUMMARY} {self.longest * 1000:.0f} ms{by}; {self.stalls} stall(s) over "
                f"{self.threshold * 1000:.0f} ms in {self.clock() - self.started:.0f} s")

    # --- running ---------------------------------------------------------------------------

    def start(self) -> None:
        """Tick on the running loop and watch it from a thread (once)."""
        if self._task is not None:
            return
        loop = asyncio.get_running_loop()
        thread_id = threading.get_ident()
        if self._holder is None:
            self._holder = lambda: _holder(loop, thread_id)
        self.last = self.started = self.clock()
        self._task = loop.create_task(self._ticking(), name="loop-lag")
        self._stop.clear()
        self._thread = threading.Thread(target=self._watching, name="loop-lag-watchdog",
                                        daemon=True)
        self._thread.start()

    async def _ticking(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            self.tick()

    def _watching(self) -> None:
        while not self._stop.wait(self.interval / 2):
            try:
                self.look()
            except Exception:  # never let the watchdog die of a strange frame
                log.debug("the loop-lag watchdog could not look", exc_info=True)

    async def stop(self) -> None:
        """Stop ticking and watching; logs ``summary``."""
        task, self._task = self._task, None
        if task is None:
            return
        self._stop.set()
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        if self._thread is not None:
            self._thread.join(timeout=1.0)
        log.info("%s", self.summary())
