"""The launcher of a bot's shard processes (``SHARDS=N python bot.py``, ``referee.process.shards``).

It starts one ``bot.py`` per shard of this machine (``SHARD_IDS``, default all N; ``SHARD_ID``
in each child's environment). Every shard has its own lease in the database (``db.storage.lease``, row
= shard id): the launcher takes the leases of its shards before starting any (waiting out a
holder elsewhere that may be gone, refused with one paragraph if one is alive, or if the
database runs with another SHARDS), hands its token to the shards (``SHARD_LEASE``), keeps each
lease renewed until its shard's own process holds it, and frees them once every shard stopped.
So two machines can each run their own shards of one bot on one PostgreSQL database.

If one shard exits, the launcher stops the others and exits with its status (a supervisor such
as systemd then starts the whole set again), leaving their leases to run out: a restart on this
machine takes them over at once (their processes are gone), and without one a standby does once
they ran out. Ctrl-C and SIGTERM go to every shard, and the leases are freed at once. A shard
gets SIGTERM when its launcher dies (Linux, even by SIGKILL).

``--standby`` (``STANDBY=true``): a launcher that starts no shard at first. Every
``LOOK_SECONDS`` it reads the leases, and takes over each of its shards whose lease ran out or
whose holder ran on this machine and is gone (a machine that died or froze; not a shard that
was stopped cleanly, whose lease is freed), starting the shard here: it resumes that shard's
games and timers.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

from db import Database
from db.storage import lease, process_id
from referee.process.config import Settings

log = logging.getLogger(__name__)
POLL = 0.2  # seconds between two looks at the shard processes
LOOK_SECONDS = 1.0  # a standby reads the leases this often (at most OWNER_RENEW_SECONDS)
STOP_SECONDS = 20.0  # a shard that has not stopped this long after SIGTERM is killed


def _die_with_parent() -> None:  # pragma: no cover - runs in the child before exec
    """Linux: the shard gets SIGTERM when the launcher dies (even by SIGKILL)."""
    with contextlib.suppress(Exception):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


class Launcher:
    def __init__(self, settings: Settings, script: Path, argv: list[str]) -> None:
        self.settings = settings
        self.script = script
        self.argv = argv
        self.count = settings.shards
        self.mine = settings.my_shards
        self.token = uuid.uuid4().hex
        self.me = process_id.this_process()
        self.ttl = settings.owner_lease_seconds
        self.children: dict[int, subprocess.Popen[bytes]] = {}
        self.taken: list[int] = []  # shards whose lease carries our token
        self.stopping = False
        self.failed = False  # a shard exited by itself
        self.status = 0

    # --- the leases ------------------------------------------------------------------------

    async def claim_mine(self, db: Database) -> None:
        """Take the lease of every shard of this machine, or none (what ``lease.acquire``
        raises)."""
        try:
            for shard in self.mine:
                await lease.acquire(db, self.token, self.me, ttl=self.ttl, clock=time.time,
                                    sleep=asyncio.sleep, shard=shard, shards=self.count)
                self.taken.append(shard)
        except BaseException:
            await self.release(db)
            raise

    async def check_count(self, db: Database) -> None:
        """A standby: refused (``ShardCountDiffers``) if the live leases use another SHARDS."""
        now = time.time()
        for other in await lease.holders(db):
            if other.shards != self.count and not lease.is_gone(other, self.me, now):
                raise lease.ShardCountDiffers(db.path, other, now, self.count)

    async def renew(self, db: Database) -> None:
        """Keep each taken lease live until its shard's own process holds it (then the row
        names that process, and the shard renews it itself)."""
        now = time.time()
        for shard in self.taken:
            await lease.renew(db, self.token, ttl=self.ttl, now=now, shard=shard,
                              pid=self.me.pid)

    async def take_over(self, db: Database) -> None:
        """A standby: start here each shard of ours whose holder is gone."""
        now = time.time()
        for held in await lease.holders(db):
            if held.shard not in self.mine or held.shard in self.children or held.shards != self.count:
                continue
            if not lease.is_gone(held, self.me, now):
                continue
            try:
                await lease.claim(db, self.token, self.me, ttl=self.ttl, now=now,
                                  shard=held.shard, shards=self.count)
            except lease.DatabaseInUse:
                continue  # another standby was quicker
            log.warning("standby: taking over shard %d/%d, whose holder (process %d on host %r) "
                        "is gone (its lease %s)", held.shard, self.count, held.pid, held.host,
                        "ran out" if held.expires_at <= now else "holder's process ended")
            self.taken.append(held.shard)
            self.start(held.shard)

    async def release(self, db: Database) -> None:
        for shard in self.taken:
            try:
                await lease.release(db, self.token, shard)
            except Exception as exc:  # it runs out by itself
                log.warning("could not release the lease of shard %d: %s", shard, exc)
        self.taken = []

    # --- the processes ---------------------------------------------------------------------

    def start(self, shard: int) -> None:
        env = {k: v for k, v in os.environ.items() if k not in ("SHARD_IDS", "STANDBY")}
        env.update(SHARDS=str(self.count), SHARD_ID=str(shard), SHARD_LEASE=self.token)
        self.children[shard] = subprocess.Popen(  # noqa: S603 - our own script, our own python
            [sys.executable, str(self.script), *self.argv], env=env, preexec_fn=_die_with_parent)

    def stop(self) -> None:
        self.stopping = True
        for child in self.children.values():
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)

    def running(self) -> bool:
        return any(child.poll() is None for child in self.children.values())

    async def watch(self, db: Database) -> None:
        every = min(self.settings.owner_renew_seconds, LOOK_SECONDS)
        next_look = 0.0
        while not self.stopping or self.running():
            ended = [c for c in self.children.values() if c.poll() is not None]
            if ended and not self.stopping:  # one shard stopped by itself: stop the set
                self.status = max((c.returncode for c in ended), key=abs)
                log.error("a shard process exited (status %s): stopping the others; their "
                          "leases are left to run out (a restart here takes them at once)",
                          self.status)
                self.failed = True
                self.stop()
            if time.monotonic() >= next_look and not self.stopping:
                next_look = time.monotonic() + every
                try:
                    await self.renew(db)
                    if self.settings.standby:
                        await self.take_over(db)
                except Exception as exc:
                    log.warning("could not read or renew the shards' leases: %s", exc)
            await asyncio.sleep(POLL)

    async def ended(self) -> None:
        deadline = time.monotonic() + STOP_SECONDS
        for child in self.children.values():
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)
        while self.running() and time.monotonic() < deadline:
            await asyncio.sleep(POLL)
        for child in self.children.values():
            if child.poll() is None:
                child.kill()
                child.wait()

    async def run(self) -> int:
        db = await Database.open(self.settings.database)
        try:
            if self.settings.standby:
                await self.check_count(db)
                log.info("standby for shard(s) %s of %d on the database %s: taking over any "
                         "whose holder is gone", ",".join(map(str, self.mine)), self.count,
                         db.path)
            else:
                await self.claim_mine(db)
                log.info("starting %d shard process(es) (shard(s) %s of %d) on the database %s",
                         len(self.mine), ",".join(map(str, self.mine)), self.count, db.path)
            loop = asyncio.get_running_loop()
            for signum in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(signum, self.stop)
            try:
                for shard in self.taken:
                    self.start(shard)
                await self.watch(db)
            finally:
                for signum in (signal.SIGINT, signal.SIGTERM):
                    loop.remove_signal_handler(signum)
                await self.ended()
                if not self.failed:
                    await self.release(db)
            status = self.status or max((c.returncode or 0 for c in self.children.values()),
                                        key=abs, default=0)
        finally:
            await db.close()
        return 0 if self.stopping and status in (0, -signal.SIGTERM, -signal.SIGINT) else status


def launch(settings: Settings, script: Path, argv: list[str]) -> int:
    """Run this machine's shard processes of ``script`` (or stand by for them); their worst
    status. Raises what ``lease.acquire`` raises (``DatabaseInUse``) before starting any."""
    return asyncio.run(Launcher(settings, script, argv).run())
