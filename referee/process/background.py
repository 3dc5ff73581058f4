"""A referee service's background loop: ``start()`` runs its ``run()`` as one named task,
``stop()`` cancels it and waits for it to end (timers, prompt retries, lobby expiry)."""

from __future__ import annotations

import asyncio
import contextlib


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
