"""Connection handling shared by the `Database` mixins: one aiosqlite connection, one lock.

aiosqlite runs every call of a connection on one thread, but a transaction spans several
calls, so coroutines must not interleave inside one: every read and every transaction holds
`_lock`. Writes use ``BEGIN IMMEDIATE`` (the write lock is taken at once, so another process
on the same file waits up to ``busy_timeout`` instead of failing half-way).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import time
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite

from db.errors import GameNotFound, WrongStatus
from db.models import GameStatus

Params = Sequence[Any]


def now_or(now: int | None) -> int:
    return int(time.time()) if now is None else int(now)


class Tx:
    """Thin helpers over the connection, valid inside `_read()` / `_write()`."""

    __slots__ = ("conn",)

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def all(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        return list(await self.conn.execute_fetchall(sql, params))

    async def one(self, sql: str, params: Params = ()) -> sqlite3.Row | None:
        rows = await self.all(sql, params)
        return rows[0] if rows else None

    async def run(self, sql: str, params: Params = ()) -> int:
        """Execute a write statement; return the number of rows it changed."""
        cursor = await self.conn.execute(sql, params)
        count = cursor.rowcount
        await cursor.close()
        return count

    async def insert(self, sql: str, params: Params = ()) -> int:
        cursor = await self.conn.execute(sql, params)
        rowid = cursor.lastrowid
        await cursor.close()
        assert rowid is not None
        return rowid

    async def many(self, sql: str, rows: Iterable[Params]) -> None:
        cursor = await self.conn.executemany(sql, rows)
        await cursor.close()

    # --- game helpers used by several mixins -------------------------------------------

    async def game_row(self, game_id: int, *statuses: GameStatus) -> sqlite3.Row:
        """The `games` row; GameNotFound, or WrongStatus unless its status is in `statuses`."""
        row = await self.one("SELECT * FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise GameNotFound(game_id)
        if statuses and row["status"] not in statuses:
            raise WrongStatus(game_id, row["status"], " or ".join(statuses))
        return row

    async def renumber_seats(self, game_id: int, player_ids: Sequence[str]) -> None:
        """Give the seats positions 0..n-1 in the order of `player_ids`."""
        # Move out of the way first: (game_id, seat) is a key, checked row by row.
        await self.run("UPDATE seats SET seat = seat + 1000000 WHERE game_id = ?", (game_id,))
        await self.many(
            "UPDATE seats SET seat = ? WHERE game_id = ? AND player_id = ?",
            [(i, game_id, pid) for i, pid in enumerate(player_ids)],
        )

    async def audit(
        self, game_id: int, action: str, by_user_id: int | None, detail: dict[str, Any], now: int
    ) -> None:
        await self.run(
            "INSERT INTO moderation_log (game_id, action, by_user_id, detail_json, created_at)"
            " VALUES (?, ?, ?, ?, ?)",
            (game_id, action, by_user_id, json.dumps(detail, ensure_ascii=False), now),
        )


class Core:
    """State and transaction plumbing; `Database` mixes the feature classes on top of it."""

    _conn: aiosqlite.Connection
    _lock: asyncio.Lock

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[Tx]:
        async with self._lock:
            yield Tx(self._conn)

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[Tx]:
        """One ``BEGIN IMMEDIATE`` transaction: committed on success, rolled back on error.

        COMMIT and ROLLBACK are shielded and, like every call, run in order on the
        connection's thread, so a cancelled caller still leaves the connection outside any
        transaction (a decision whose COMMIT was already queued is kept).
        """
        async with self._lock:
            try:
                await self._conn.execute("BEGIN IMMEDIATE")
                yield Tx(self._conn)
            except BaseException:
                await asyncio.shield(self._rollback())
                raise
            await asyncio.shield(self._commit())

    async def _commit(self) -> None:
        try:
            await self._conn.execute("COMMIT")
        except BaseException:
            await self._rollback()
            raise

    async def _rollback(self) -> None:
        # OperationalError when no transaction is open: BEGIN failed, or SQLite rolled back.
        with contextlib.suppress(sqlite3.OperationalError):
            await self._conn.execute("ROLLBACK")
