"""A referee service's background loop: ``start()`` runs its ``run()`` as one named task,
``stop()`` cancels it and waits for it to end. ``TimedWork`` is the one task of the timed work:
its sources (``TimedSource``: the turn timers, refused prompts' retries, lobby expiry) each say
what is due and when their next thing is, the loop does the rest.

``Turns``: ``slots`` holders at a time, the others let in by their level (lower first), then in
the order they came; a waiter cancelled while it is let in passes its turn on. The REST budget
(``referee.process.budget``: one request takes its slot at a time, a prompt before a DM) and
the render pool (``referee.shared.render_pool``: a picture for a player's answer before a
round's map, a map before a replay) wait this way."""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any


async def cancel(task: asyncio.Task[None] | None) -> None:
    """Cancel ``task`` (if any) and wait until it has ended."""
    if task is not None:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


class Background:
    """Subclasses set ``task_name`` and define ``run()``; ``_task`` is the running loop."""

    task_name = "background"
    _task: asyncio.Task[None] | None = None

    async def run(self) -> None:
        raise NotImplementedError

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self.run(), name=self.task_name)

    async def stop(self) -> None:
        task, self._task = self._task, None
        await cancel(task)


class TimedSource:
    """One kind of timed work (the turn timers, refused prompts' retries, lobby expiry): what is
    due now (``due()``) and how long until its next thing (``sleep_for()``, within its
    ``min_sleep``/``max_sleep``: ``until``). ``TimedWork`` runs every source in one task; a
    source's failure is logged (``log``, with ``what``) and that source waits ``max_sleep``. A
    subclass sets ``ctx`` (its clock)."""

    what = "timed work"
    log = logging.getLogger(__name__)
    min_sleep, max_sleep = 1.0, 300.0
    ctx: Any

    def until(self, at: float | None) -> float:
        """Seconds from now until ``at`` (None: nothing due), within the source's bounds."""
        if at is None:
            return self.max_sleep
        return min(max(at - self.ctx.clock(), self.min_sleep), self.max_sleep)

    async def due(self) -> None:
        raise NotImplementedError

    async def sleep_for(self) -> float:
        return self.max_sleep


Wait = Callable[[asyncio.Event, float], Awaitable[None]]


async def wait_or_poke(wake: asyncio.Event, seconds: float) -> None:
    """Sleep ``seconds``, or less if ``wake`` is set meanwhile."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(wake.wait(), timeout=seconds)


class TimedWork(Background):
    """The one loop of the timed work: one task asks each source what is due (``due``), then
    sleeps until the soonest source's next thing (``sleep_for``) or until poked (``poke``: a
    stored timer changed, ``ctx.signals``), again and again. One source failing does not hold
    up the others, and the loop never spins (a failing source waits its ``max_sleep``).
    ``wait``: how it sleeps (the tests' fake clock passes its own)."""

    task_name = "timed-work"

    def __init__(self, clock: Callable[[], float], sources: Sequence[TimedSource], *,
                 signals: Any = None, wait: Wait = wait_or_poke) -> None:
        self.clock = clock
        self.sources = tuple(sources)
        self.wait = wait
        self._wake = asyncio.Event()
        self._next_wake = float("inf")  # epoch seconds the loop sleeps until (inf: awake)
        if signals is not None:  # a stored timer changed (``referee.shared.signals``)
            signals.on_timer_change(self.poke)

    def poke(self, at: float | None = None) -> None:
        """Something changed; ``at``: when it is due, only earlier than the loop's next wake
        matters (None: wake it anyway)."""
        if at is None or at < self._next_wake:
            self._wake.set()

    async def once(self) -> float:
        """Do what every source has due; the seconds until the soonest next thing."""
        delays = []
        for source in self.sources:
            try:
                await source.due()
                delays.append(await source.sleep_for())
            except asyncio.CancelledError:
                raise
            except Exception:
                source.log.exception(source.what)
                delays.append(source.max_sleep)
        return min(delays, default=300.0)

    async def run(self) -> None:
        while True:
            self._wake.clear()
            self._next_wake = float("inf")  # any change while handling wakes the loop again
            delay = await self.once()
            self._next_wake = self.clock() + delay
            await self.wait(self._wake, delay)


class Turns:
    """Holders of ``slots`` at a time, by level then order (the module's docstring)."""

    def __init__(self, slots: int = 1) -> None:
        if slots < 1:
            raise ValueError("at least one slot")
        self.slots = slots
        self.free = slots
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []  # (level, order, turn)
        self._order = itertools.count()

    @property
    def waiting(self) -> int:
        """How many wait now (a cancelled waiter may still be counted until its turn comes)."""
        return len(self._waiting)

    async def acquire(self, level: int = 0) -> None:
        """A slot: at once if one is free and nobody waits, else when it is this one's turn."""
        if self.free > 0 and not self._waiting:
            self.free -= 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (level, next(self._order), turn))
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():  # handed the slot as it was cancelled
                self.release()
            raise

    def release(self) -> None:
        """The slot given back: to the first waiter by level, then order, if any."""
        while self._waiting:
            _, _, turn = heapq.heappop(self._waiting)
            if not turn.done():
                turn.set_result(None)  # the slot passes to it as it is
                return
        self.free += 1

    @contextlib.asynccontextmanager
    async def held(self, level: int = 0) -> AsyncIterator[None]:
        await self.acquire(level)
        try:
            yield
        finally:
            self.release()
