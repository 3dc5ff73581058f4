"""`Database`: the one object the bot holds; opening, migrating and closing the file."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from types import TracebackType
from typing import Literal, Self

import aiosqlite

from db.errors import DatabaseCorrupt
from db.games import GamesMixin
from db.guilds import GuildsMixin
from db.lobby import LobbyMixin
from db.migrate import applied_version, migrate
from db.moderation import ModerationMixin
from db.owed import OwedMixin
from db.stats import StatsMixin
from db.timers import TimersMixin
from db.transfer import TransferMixin

Synchronous = Literal["OFF", "NORMAL", "FULL", "EXTRA"]


async def _quick_check(conn: aiosqlite.Connection, path: str) -> None:
    """``PRAGMA quick_check``: page structure, free lists, records (O(size), no index
    cross-check). A file with overwritten pages fails here instead of resuming games."""
    rows = await conn.execute_fetchall("PRAGMA quick_check")
    findings = [line.strip() for r in rows for line in str(r[0]).splitlines()
                if line.strip() and not line.startswith("***")]
    if findings != ["ok"]:
        raise DatabaseCorrupt(path, findings)


class Database(
    LobbyMixin, GamesMixin, TimersMixin, ModerationMixin, StatsMixin, GuildsMixin, TransferMixin,
    OwedMixin,
):
    """Async access to the games database. Use ``async with await Database.open(path) as db``
    or ``db = await Database.open(path)`` ... ``await db.close()``.

    One instance holds one connection; its methods may be called concurrently from many
    coroutines (they are serialised). Several processes may share the file (WAL, busy
    timeout), though one bot process is the normal case.
    """

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self.path = path

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        busy_timeout_ms: int = 10_000,
        synchronous: Synchronous = "FULL",
    ) -> Self:
        """Open (creating if needed), check and migrate. DatabaseCorrupt if SQLite's quick
        integrity check finds the file damaged; SchemaTooNew if the file is newer than this
        code. ``synchronous="FULL"`` makes every commit durable before the bot replies."""
        if synchronous not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise ValueError(f"bad synchronous mode {synchronous!r}")
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            # PRAGMA values cannot be bound as parameters; these are checked ints/constants.
            await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await _quick_check(conn, str(path))
            await conn.execute("PRAGMA foreign_keys = ON")
            mode = list(await conn.execute_fetchall("PRAGMA journal_mode = WAL"))[0][0]
            if str(mode).lower() != "wal" and str(path) != ":memory:":
                raise RuntimeError(f"could not switch {path} to WAL mode (got {mode})")
            await conn.execute(f"PRAGMA synchronous = {synchronous}")
            await migrate(conn)
        except sqlite3.DatabaseError as exc:
            await conn.close()
            if type(exc) is not sqlite3.DatabaseError:  # locked, busy, read-only...: not damage
                raise
            raise DatabaseCorrupt(str(path), [str(exc)]) from None
        except BaseException:
            await conn.close()
            raise
        return cls(conn, str(path))

    async def close(self) -> None:
        async with self._lock:
            await self._conn.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    async def schema_version(self) -> int:
        async with self._read() as tx:
            return await applied_version(tx.conn)

    async def checkpoint(self) -> None:
        """Fold the WAL file back into the database (e.g. before copying the file)."""
        async with self._lock:
            await self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
