"""The bot's sign of life (``db.life``): written every ``HEARTBEAT_SECONDS`` while a race clock
runs (none written while none runs: a clock that starts after a stale sign of life is moved
only by the time it ran, ``db.life.resume_clocks``) and once more when the bot stops cleanly,
so that a restart knows how long the bot was down, a crash included (to within one beat), and
takes that time off every race clock that was running (the Out of Mine! rules, R6:
``Referee.resume``)."""

from __future__ import annotations

import asyncio
import logging

from db import life as life_db
from referee.process.background import Background
from referee.shared.context import Context

log = logging.getLogger(__name__)
HEARTBEAT_SECONDS = 1.0


def shard_key(ctx: Context) -> int:
    """The row of ``db.life`` this process writes: its shard id, 0 when not sharded."""
    shard = ctx.settings.shard
    return 0 if shard is None else shard[0]


class Heartbeat(Background):
    task_name = "heartbeat"

    def __init__(self, ctx: Context, every: float = HEARTBEAT_SECONDS) -> None:
        self.ctx = ctx
        self.every = every
        self.beats = 0

    async def beat(self) -> None:
        # the raw database: a sign of life changes nothing the game cache keeps
        await life_db.seen(getattr(self.ctx.db, "raw", self.ctx.db), shard_key(self.ctx),
                           self.ctx.clock())
        self.beats += 1

    async def run(self) -> None:
        raw = getattr(self.ctx.db, "raw", self.ctx.db)
        while True:
            try:
                if await life_db.clocks_running(raw):  # an idle bot writes nothing
                    await self.beat()
            except Exception:  # a full disk, a lost server: the next beat tries again
                log.exception("the sign of life could not be written")
            await asyncio.sleep(self.every)

    async def stop(self, *, last: bool = True) -> None:
        """Stop beating; ``last``: write a final sign of life (a clean stop: the downtime
        starts now, exactly)."""
        running = self._task is not None
        await super().stop()
        if running and last:
            try:
                await self.beat()
            except Exception:
                log.exception("the last sign of life could not be written")
