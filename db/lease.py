"""One owner per database: a lease held by the running bot process (migration 0004_owner.sql).

The bot ``claim``s the lease at start and ``renew``s it every few seconds; a second process on
the same file is refused (`DatabaseInUse`) while the lease is live, and takes it over once it
ran out (the holder crashed or froze). ``renew`` answers False when another process took the
lease meanwhile: the holder must stop acting on games. ``release`` (clean shutdown) frees it at
once. Times are epoch seconds (floats: leases of a few seconds in tests).
"""

from __future__ import annotations

from dataclasses import dataclass

from db.database import Database
from db.errors import DbError


@dataclass(frozen=True, slots=True)
class Owner:
    token: str
    host: str
    pid: int
    acquired_at: float
    expires_at: float


class DatabaseInUse(DbError):
    """Another live process holds the database's lease."""

    def __init__(self, path: str, holder: Owner, now: float) -> None:
        left = max(0.0, holder.expires_at - now)
        super().__init__(
            f"The database {path} is in use by another bot process (process {holder.pid} on "
            f"host {holder.host!r}, running since {_ago(now - holder.acquired_at)}). Two bots on "
            "one database would apply every deadline twice and post everything twice, so this "
            "one does not start. Stop the other process first, or give this one another "
            f"DATABASE_PATH. If the other process is gone (it crashed), its lease runs out in "
            f"{left:.0f} s: start again after that."
        )
        self.holder = holder


def _ago(seconds: float) -> str:
    seconds = max(0, int(seconds))
    if seconds < 120:
        return f"{seconds} s"
    if seconds < 7200:
        return f"{seconds // 60} min"
    return f"{seconds // 3600} h"


_COLUMNS = "token, host, pid, acquired_at, expires_at"


async def holder(db: Database) -> Owner | None:
    """Who holds (or last held, if it ran out) the lease; None when it is free."""
    async with db._read() as tx:
        row = await tx.one(f"SELECT {_COLUMNS} FROM owner WHERE id = 1")
    return None if row is None else Owner(*row)


async def claim(db: Database, token: str, host: str, pid: int, *, ttl: float, now: float) -> Owner:
    """Take the lease for ``ttl`` seconds; DatabaseInUse if another token holds a live one."""
    async with db._write() as tx:
        row = await tx.one(f"SELECT {_COLUMNS} FROM owner WHERE id = 1")
        if row is not None:
            current = Owner(*row)
            if current.token != token and current.expires_at > now:
                raise DatabaseInUse(db.path, current, now)
        await tx.run(
            f"INSERT INTO owner (id, {_COLUMNS}) VALUES (1, ?, ?, ?, ?, ?)"
            " ON CONFLICT (id) DO UPDATE SET token = excluded.token, host = excluded.host,"
            " pid = excluded.pid, acquired_at = excluded.acquired_at,"
            " expires_at = excluded.expires_at",
            (token, host, pid, now, now + ttl),
        )
    return Owner(token, host, pid, now, now + ttl)


async def renew(db: Database, token: str, *, ttl: float, now: float) -> bool:
    """Extend our lease to ``now + ttl``. False: another process took it over (we lost it)."""
    async with db._write() as tx:
        changed = await tx.run(
            "UPDATE owner SET expires_at = ? WHERE id = 1 AND token = ?", (now + ttl, token)
        )
    return changed == 1


async def release(db: Database, token: str) -> None:
    """Free the lease at once (if it is still ours)."""
    async with db._write() as tx:
        await tx.run("DELETE FROM owner WHERE id = 1 AND token = ?", (token,))
