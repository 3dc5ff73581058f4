"""Scheduled backups of the SQLite database (``BACKUP_EVERY_HOURS``, ``BACKUP_KEEP``,
``BACKUP_DIR``): every so many hours a consistent copy (``db.storage.backup``, SQLite's online backup,
made in a thread while the bot goes on) lands in the backup folder as
``<database>-YYYYMMDD-HHMMSS.sqlite3``, and only the newest ``BACKUP_KEEP`` copies are kept.

The first copy is made at start when the newest one is older than the interval (so a bot that
restarts often is still backed up), else when the interval since that one has passed. A copy
that fails is logged and tried again at the next interval; it never stops the bot. PostgreSQL
has its own tool (``pg_dump``): with ``DATABASE_URL`` set this loop does not run."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from db.storage.backup import backup, rotate, scheduled_name
from referee.process.background import Background

log = logging.getLogger(__name__)


class ScheduledBackups(Background):
    task_name = "backups"

    def __init__(self, database: Path, folder: Path, every_hours: float, keep: int, *,
                 clock: Callable[[], float] = time.time,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.database, self.folder = database, folder
        self.every = every_hours * 3600
        self.keep = keep
        self.clock, self.sleep = clock, sleep

    def newest(self) -> float | None:
        """When the newest scheduled copy was made (its file's time), None if there is none."""
        prefix = f"{self.database.stem}-"
        found = [p.stat().st_mtime for p in self.folder.glob(f"{prefix}*.sqlite3")]
        return max(found, default=None)

    async def once(self) -> Path | None:
        """Make one copy and rotate; the copy's path, None if it failed (logged)."""
        target = self.folder / scheduled_name(self.database, self.clock())
        try:
            info = await asyncio.to_thread(backup, self.database, target)
            removed = await asyncio.to_thread(rotate, self.folder, self.database, self.keep)
        except Exception as exc:
            log.error("the scheduled backup of %s to %s failed: %s (tried again in %g h)",
                      self.database, target, exc, self.every / 3600)
            return None
        log.info("backed up %s to %s (%d game(s), %.1f MB, %.2f s); %d older cop%s removed",
                 self.database, info.path, info.games, info.bytes / 1e6, info.seconds,
                 len(removed), "y" if len(removed) == 1 else "ies")
        return info.path

    async def run(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        newest = self.newest()
        due = self.clock() if newest is None else newest + self.every
        while True:
            wait = due - self.clock()
            if wait > 0:
                await self.sleep(wait)
            await self.once()
            due = self.clock() + self.every
