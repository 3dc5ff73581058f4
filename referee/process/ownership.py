"""The running bot's hold on its database (``db.storage.lease``): claimed at start, renewed every
``owner_renew_seconds``, released at a clean shutdown. Losing it (another process took over
after our lease ran out, e.g. this one was frozen) calls ``on_lost`` once, loudly."""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections.abc import Awaitable, Callable

from db import Database
from db.storage import lease, process_id
from db.storage.process_id import Probe
from referee.process.background import cancel
from referee.process.config import Settings

log = logging.getLogger(__name__)


class Ownership:
    def __init__(self, db: Database, settings: Settings, *, clock: Callable[[], float] = time.time,
                 on_lost: Callable[[], Awaitable[None]] | None = None,
                 sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
                 running: Probe = process_id.running) -> None:
        self.db = db
        self.ttl = settings.owner_lease_seconds
        self.every = settings.owner_renew_seconds
        self.clock = clock
        self.sleep = sleep
        self.running = running
        self.on_lost = on_lost
        # a shard started by a launcher (``referee.process.launcher``) takes its shard's lease over from
        # the launcher, under the launcher's token; the launcher frees it
        self.shared = settings.shard_lease is not None
        self.token = settings.shard_lease or uuid.uuid4().hex
        self.shard = settings.shard
        # the lease row: shard 0 of 1 for a process that is not sharded
        self.key = (0, 1) if settings.shard_id is None else (settings.shard_id, settings.shards)
        self.held = False
        self.lost = False
        self._task: asyncio.Task[None] | None = None

    async def claim(self) -> None:
        """Take the lease (at once from a dead holder on this machine, after waiting out one
        that may be gone elsewhere: ``db.storage.lease.acquire``; ``DatabaseInUse`` if a live process
        holds it) and keep renewing it in the background."""
        await lease.acquire(self.db, self.token, process_id.this_process(), ttl=self.ttl,
                            clock=self.clock, sleep=self.sleep, running=self.running,
                            shard=self.key[0], shards=self.key[1])
        self.held = True
        who = "this process" if self.shard is None else f"shard {self.shard[0]}/{self.shard[1]}"
        log.info("%s owns the database %s (a lease renewed every %g s, running out "
                 "%g s after the last renewal)", who, self.db.path, self.every, self.ttl)
        self._task = asyncio.get_running_loop().create_task(self._keep(), name="db-lease")

    async def renew(self) -> bool:
        """One renewal; False (and ``on_lost`` called) if another process holds the lease now."""
        if not self.held:
            return False
        if await lease.renew(self.db, self.token, ttl=self.ttl, now=self.clock(),
                             shard=self.key[0]):
            return True
        self.held, self.lost = False, True
        holder = await lease.holder(self.db, self.key[0])
        by = "nobody" if holder is None else f"process {holder.pid} on host {holder.host!r}"
        log.critical(
            "LOST THE DATABASE: another bot process (%s) took over %s while this one could not "
            "renew its lease. This process stops acting on games now (no timers, commands "
            "refused); stop it and keep only one bot per database.", by, self.db.path)
        if self.on_lost is not None:
            await self.on_lost()
        return False

    async def _keep(self) -> None:
        failing = 0
        while self.held:
            await asyncio.sleep(self.every)
            try:
                if not await self.renew():
                    return
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                failing += 1
                if failing == 1 or failing % 30 == 0:
                    log.warning("could not renew the database lease (%d time(s) in a row): %s",
                                failing, exc)
            else:
                failing = 0

    async def release(self) -> None:
        """Stop renewing and free the lease at once (clean shutdown)."""
        task, self._task = self._task, None
        await cancel(task)
        if self.held:
            self.held = False
            if self.shared:  # the launcher frees it once every shard stopped
                return
            try:
                await lease.release(self.db, self.token, self.key[0])
            except Exception as exc:  # the lease then runs out by itself
                log.warning("could not release the database lease: %s", exc)
