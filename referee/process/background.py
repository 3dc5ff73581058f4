"""A referee service's background loop: ``start()`` runs its ``run()`` as one named task,
``stop()`` cancels it and waits for it to end. ``TimedLoop`` is the one loop of the timed work
(turn timers, refused prompts' retries, lobby expiry): each says what is due and when the next
thing is, the loop does the rest."""

from __future__ import annotations

import asyncio
import contextlib
import logging
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


class TimedLoop(Background):
    """Do what is due (``due()``), then sleep ``sleep_for()`` seconds (the subclass's schedule,
    between ``min_sleep`` and ``max_sleep``: ``until``) or until ``poke``d, again and again. A
    failure is logged (``log``, with ``what``) and the loop sleeps ``max_sleep``: it never
    spins. A subclass sets ``ctx`` (its clock) and calls ``TimedLoop.__init__``."""

    what = "timed work"
    log = logging.getLogger(__name__)
    min_sleep, max_sleep = 1.0, 300.0
    ctx: Any

    def __init__(self) -> None:
        self._wake = asyncio.Event()
        self._next_wake = float("inf")  # epoch seconds the loop sleeps until (inf: awake)

    def poke(self, at: float | None = None) -> None:
        """Something changed; ``at``: when it is due, only earlier than the loop's next wake
        matters (None: wake it anyway)."""
        if at is None or at < self._next_wake:
            self._wake.set()

    def until(self, at: float | None) -> float:
        """Seconds from now until ``at`` (None: nothing due), within the loop's bounds."""
        if at is None:
            return self.max_sleep
        return min(max(at - self.ctx.clock(), self.min_sleep), self.max_sleep)

    async def due(self) -> None:
        raise NotImplementedError

    async def sleep_for(self) -> float:
        return self.max_sleep

    async def run(self) -> None:
        while True:
            self._wake.clear()
            self._next_wake = float("inf")  # any change while handling wakes the loop again
            try:
                await self.due()
                delay = await self.sleep_for()
            except asyncio.CancelledError:
                raise
            except Exception:
                self.log.exception(self.what)
                delay = self.max_sleep
            self._next_wake = self.ctx.clock() + delay
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=delay)
