"""One owner per database shard: a lease held by the running bot process (table ``leases``,
migration 0010): one row, shard 0 of 1, for a bot that is not sharded; one row per shard for
``SHARDS=N`` (``referee.process.launcher``), so the shards of one bot can run on several machines. Every
live row names the same shard count: a claim with another count is refused
(`ShardCountDiffers`) until the rows of the other count have run out or been released.

The bot ``acquire``s the lease at start and ``renew``s it every few seconds; ``renew`` answers
False when another process took the lease meanwhile: the holder must stop acting on games.
``release`` (clean shutdown) frees it at once. Times are epoch seconds (floats: leases of a few
seconds in tests).

A lease that has not run out still names its holder (``db.storage.process_id``: host, pid scope, pid,
start time), so a newcomer can tell a dead holder from a live one:

- the holder ran on this machine (same host and pid scope) and its process is gone (no such
  pid, or the pid now belongs to a process started at another time): the lease is taken over at
  once (``claim``), and that is logged;
- the holder's process runs on this machine: refused at once (`DatabaseInUse`);
- otherwise (another host, another boot, or no ``/proc``): ``acquire`` waits while the lease is
  not renewed, logging every ``every`` seconds what it waits for, and takes it when it runs
  out; if the holder renews it meanwhile, it is alive: refused.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from db.errors import DbError
from db.storage import process_id
from db.storage.core import Core
from db.storage.process_id import Probe, ProcessId

log = logging.getLogger(__name__)
WAIT_LOG_SECONDS = 10.0  # while waiting for a lease, one line this often


@dataclass(frozen=True, slots=True)
class Owner:
    shard: int
    shards: int
    token: str
    host: str
    pid_scope: str
    pid: int
    started: int
    acquired_at: float
    expires_at: float

    @property
    def process(self) -> ProcessId:
        return ProcessId(self.host, self.pid_scope, self.pid, self.started)


#: why a claim is refused
RUNNING = "That process is running on this machine."
RENEWED = "It renewed its lease while this one waited, so it is alive."


class DatabaseInUse(DbError):
    """Another live process holds the database's lease (of this shard)."""

    def __init__(self, path: str, holder: Owner, now: float, why: str | None = None) -> None:
        if why is None:
            why = (f"Its lease runs out in {max(0.0, holder.expires_at - now):.0f} s unless it "
                   "renews it.")
        who = (f"process {holder.pid} on host {holder.host!r}, running since "
               f"{_ago(now - holder.acquired_at)}")
        what = (f" ({who})" if holder.shards == 1
                else f": shard {holder.shard} of {holder.shards} is held by {who}")
        super().__init__(
            f"The database {path} is in use by another bot process{what}. {why} Two bots on one "
            f"{'database' if holder.shards == 1 else 'shard'} would apply every deadline twice "
            "and post everything twice, so this one does not start. Stop the other process "
            "first, or give this one another database (DATABASE_PATH or DATABASE_URL)"
            + ("." if holder.shards == 1 else ", or other shards (SHARD_IDS).")
        )
        self.holder = holder
        self.why = why


class ShardCountDiffers(DatabaseInUse):
    """The database's live leases were taken with another shard count (SHARDS)."""

    def __init__(self, path: str, holder: Owner, now: float, shards: int) -> None:
        DbError.__init__(
            self,
            f"The database {path} is run with SHARDS={holder.shards} (process {holder.pid} on "
            f"host {holder.host!r} holds shard {holder.shard} of {holder.shards}), but this "
            f"process was started with SHARDS={shards}. Discord splits the servers by the shard "
            "count, so every machine of one bot must use the same SHARDS. Start this one with "
            f"SHARDS={holder.shards}, or stop every process of the bot first to change the count."
        )
        self.holder = holder
        self.why = None


def _ago(seconds: float) -> str:
    seconds = max(0, int(seconds))
    if seconds < 120:
        return f"{seconds} s"
    if seconds < 7200:
        return f"{seconds // 60} min"
    return f"{seconds // 3600} h"


#: the lock ``claim`` takes (apart from the schema's writes: ``Core._write_apart``); renewals
#: and releases write only the process's own rows and take none, so no stuck writer of games
#: (its machine frozen in the middle of a transaction) can make a live lease run out
CLAIM_LOCK = 1
_COLUMNS = "shard, shards, token, host, pid_scope, pid, started, acquired_at, expires_at"


async def holder(db: Core, shard: int = 0) -> Owner | None:
    """Who holds (or last held, if it ran out) the lease; None when it is free."""
    async with db._read() as tx:
        row = await tx.one(f"SELECT {_COLUMNS} FROM leases WHERE shard = ?", (shard,))
    return None if row is None else Owner(*row)


async def holders(db: Core) -> list[Owner]:
    """Every lease row (live or run out), by shard."""
    async with db._read() as tx:
        rows = await tx.all(f"SELECT {_COLUMNS} FROM leases ORDER BY shard")
    return [Owner(*row) for row in rows]


def is_gone(owner: Owner, me: ProcessId, now: float, running: Probe = process_id.running) -> bool:
    """Has this lease run out, or is its holder provably gone (it ran in our pid scope)?"""
    if owner.expires_at <= now:
        return True
    return me.same_scope(owner.process) and not running(owner.pid, owner.started)


async def claim(db: Core, token: str, me: ProcessId, *, ttl: float, now: float,
                running: Probe = process_id.running, shard: int = 0, shards: int = 1) -> Owner:
    """Take the lease of ``shard`` (of ``shards``) for ``ttl`` seconds; DatabaseInUse if
    another token holds a live one (one whose holder is not provably gone: see the module's
    docstring), ShardCountDiffers if a live lease names another shard count."""
    async with db._write_apart(CLAIM_LOCK) as tx:
        rows = [Owner(*row) for row in await tx.all(f"SELECT {_COLUMNS} FROM leases")]
        for other in rows:
            if (other.shards != shards and other.token != token
                    and not is_gone(other, me, now, running)):
                raise ShardCountDiffers(db.path, other, now, shards)
        if any(other.shards != shards for other in rows):  # a count's leftovers, all gone
            await tx.run("DELETE FROM leases WHERE shards <> ?", (shards,))
        current = next((o for o in rows if o.shard == shard and o.shards == shards), None)
        if current is not None and current.token != token and current.expires_at > now:
            if not me.same_scope(current.process):
                raise DatabaseInUse(db.path, current, now)
            if running(current.pid, current.started):
                raise DatabaseInUse(db.path, current, now, RUNNING)
            what = "database lease" if shards == 1 else f"lease of shard {shard}/{shards}"
            log.warning("took over the %s of process %d on this host (%s), which is gone (it "
                        "crashed or was killed; its lease had %.0f s left)",
                        what, current.pid, current.host, current.expires_at - now)
        await tx.run(
            f"INSERT INTO leases ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (shard) DO UPDATE SET shards = excluded.shards,"
            " token = excluded.token, host = excluded.host, pid_scope = excluded.pid_scope,"
            " pid = excluded.pid, started = excluded.started,"
            " acquired_at = excluded.acquired_at, expires_at = excluded.expires_at",
            (shard, shards, token, me.host, me.pid_scope, me.pid, me.started, now, now + ttl),
        )
    return Owner(shard, shards, token, me.host, me.pid_scope, me.pid, me.started, now, now + ttl)


async def acquire(db: Core, token: str, me: ProcessId, *, ttl: float,
                  clock: Callable[[], float], sleep: Callable[[float], Awaitable[object]],
                  running: Probe = process_id.running, shard: int = 0, shards: int = 1,
                  every: float = WAIT_LOG_SECONDS) -> Owner:
    """``claim``, waiting out a lease whose holder may be gone but cannot be shown to be
    (another host): until the lease runs out, or refused as soon as its holder renews it."""
    seen: Owner | None = None
    log_at = clock()
    while True:
        now = clock()
        try:
            return await claim(db, token, me, ttl=ttl, now=now, running=running, shard=shard,
                               shards=shards)
        except DatabaseInUse as exc:
            current = exc.holder
            if exc.why == RUNNING or isinstance(exc, ShardCountDiffers):
                raise
            if seen is not None and (current.token, current.expires_at) != (seen.token,
                                                                            seen.expires_at):
                raise DatabaseInUse(db.path, current, now, RENEWED) from None
            seen = current
        left = seen.expires_at - now
        if now >= log_at:
            log.warning("waiting for the database lease%s of process %d on host %r (it cannot "
                        "be seen from here whether that process is gone): it runs out in %.0f s "
                        "unless renewed; if it is renewed, this process does not start",
                        "" if shards == 1 else f" of shard {shard}/{shards}", seen.pid,
                        seen.host, left)
            log_at = now + every
        await sleep(max(0.01, min(left, log_at - now)))


async def renew(db: Core, token: str, *, ttl: float, now: float, shard: int = 0,
                pid: int | None = None) -> bool:
    """Extend our lease to ``now + ttl``. False: another process took it over (we lost it).
    ``pid``: only while that process is still named the holder (a launcher keeps a shard's
    lease until the shard's own process holds it)."""
    only = "" if pid is None else " AND pid = ?"
    async with db._write_apart(None) as tx:
        changed = await tx.run(
            f"UPDATE leases SET expires_at = ? WHERE shard = ? AND token = ?{only}",
            (now + ttl, shard, token, *(() if pid is None else (pid,))),
        )
    return changed == 1


async def release(db: Core, token: str, shard: int = 0) -> None:
    """Free the lease at once (if it is still ours)."""
    async with db._write_apart(None) as tx:
        await tx.run("DELETE FROM leases WHERE shard = ? AND token = ?", (shard, token))
