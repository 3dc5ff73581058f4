"""`Database`: the one object the bot holds; opening, migrating and closing the file.

It holds the storage only (``open``, ``close``, ``schema_version``, ``checkpoint``, and from
`db.storage.core` the transactions ``_read``/``_write`` and ``observe_writes``). What is stored is read
and written by the functions of a module per topic over it (``db.games.get_game(db, g)``,
``db.lobby.create_game(db, ...)``), typed `Core`, so none of them imports this module."""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import TracebackType
from typing import Self

from db.storage.core import Backend, Core
from db.storage.postgres_url import is_url
from db.storage.sqlite import SqliteBackend, Synchronous


class Database(Core):
    """Async access to the games database. Use ``async with await Database.open(path) as db``
    or ``db = await Database.open(path)`` ... ``await db.close()``.

    The functions over it may be called concurrently from many coroutines: writes are serialised
    (and committed in groups, `db.storage.sqlite`), reads see committed data. Several processes may
    share the file (WAL, busy timeout), though one bot process is the normal case.
    """

    def __init__(self, backend: Backend) -> None:
        self._backend = backend
        self._write_observers = []
        self.path = backend.path

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        busy_timeout_ms: int = 10_000,
        synchronous: Synchronous = "FULL",
        apply_migrations: bool = True,
    ) -> Self:
        """Open (creating if needed), check and migrate. DatabaseCorrupt if SQLite's quick
        integrity check finds the file damaged; SchemaTooNew if the file is newer than this
        code. ``synchronous="FULL"`` makes every commit durable before the caller resumes
        (group commit, `db.storage.sqlite`). A ``postgresql://`` URL instead of a path opens that
        server's database (`db.storage.postgres`; the SQLite options do not apply).
        ``apply_migrations=False`` (``bot.py --check``) leaves a pending migration pending:
        ``schema_version`` then says how far the file is behind ``db.storage.migrate``'s newest."""
        if is_url(path):
            from db.storage.postgres import PgBackend  # asyncpg is imported only when used

            return cls(await PgBackend.open(str(path), apply_migrations=apply_migrations))
        # In a thread: the integrity check reads the whole file, and a migration may wait
        # for another process's write lock.
        backend = await asyncio.to_thread(
            SqliteBackend.open, str(path), busy_timeout_ms=busy_timeout_ms,
            synchronous=synchronous, apply_migrations=apply_migrations,
        )
        return cls(backend)

    async def close(self) -> None:
        await self._backend.close()

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
        return await self._backend.schema_version()

    async def checkpoint(self) -> None:
        """Fold the WAL file back into the database (e.g. before copying the file)."""
        await self._backend.checkpoint()
