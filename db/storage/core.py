"""The seam between the functions of ``db``'s topic modules and the storage engine: `Core`,
`Tx` and `Backend`.

Every query of those functions goes through a `Tx` (``all``/``one``/``run``/``insert``/``many``),
written in SQLite's dialect with ``?`` placeholders. A `Backend` hands out transactions:
``read()`` (a consistent snapshot of committed data) and ``write()`` (one atomic transaction,
serialised with every other write; on success the caller resumes only once it is durable).
Two backends implement it: `db.storage.sqlite.SqliteBackend` (the embedded default) and
`db.storage.postgres.PgBackend` (``DATABASE_URL=postgresql://...``), which translates the dialect in
one place. Rows read like `sqlite3.Row` on both: by column name, by index, and as a sequence.

Every write of `db` (a function of a topic module over a `Core`) opens its transaction
with ``Core._write(game_id)`` (or ``_write_apart``, the leases'), the one path to the backend's
writes. When that transaction ends, committed or not, each observer the `Database` holds
(``observe_writes``) is told the game it named (None: any game) and the tables its statements
wrote (`Written`): the referee's cache of running games forgets by that, so a new write cannot
leave it stale.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from typing import Any, Protocol

from db.errors import GameNotFound, WrongStatus
from db.models import GameStatus

Params = Sequence[Any]
Row = Any  # sqlite3.Row or asyncpg.Record: row["name"], row[0], tuple(row)


def now_or(now: int | None) -> int:
    return int(time.time()) if now is None else int(now)


class Tx:
    """One transaction's statements (valid inside ``_read()`` / ``_write()``).

    A backend implements the five primitives; the helpers below are shared by the topics.
    """

    __slots__ = ()

    async def all(self, sql: str, params: Params = ()) -> list[Row]:
        raise NotImplementedError

    async def one(self, sql: str, params: Params = ()) -> Row | None:
        raise NotImplementedError

    async def run(self, sql: str, params: Params = ()) -> int:
        """Execute a write statement; return the number of rows it changed."""
        raise NotImplementedError

    async def insert(self, sql: str, params: Params = ()) -> int:
        """Execute an INSERT into a table with an ``id`` key; return the new row's id."""
        raise NotImplementedError

    async def many(self, sql: str, rows: Iterable[Params]) -> None:
        raise NotImplementedError

    # --- game helpers used by several topics -------------------------------------------

    async def game_row(self, game_id: int, *statuses: GameStatus) -> Row:
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


#: a statement whose table could not be read: taken for a write to any table
ANY_TABLE = "*"
_WRITES = re.compile(r"\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(\w+)", re.IGNORECASE)
_READS = re.compile(r"\s*SELECT\b", re.IGNORECASE)


def written_table(sql: str) -> str | None:
    """The table a statement writes; None for a plain SELECT; ``ANY_TABLE`` if unknown."""
    if _READS.match(sql):
        return None
    found = _WRITES.match(sql)
    return found.group(1).lower() if found else ANY_TABLE


@dataclass(frozen=True)
class Written:
    """What one write transaction did: the game it named (None: any game) and the tables its
    statements wrote (empty: nothing was written)."""

    game_id: int | None
    tables: frozenset[str]


WriteObserver = Callable[[Written], None]


class RecordingTx(Tx):
    """A write transaction's `Tx` that notes the tables its statements write."""

    __slots__ = ("_tx", "tables")

    def __init__(self, tx: Tx) -> None:
        self._tx = tx
        self.tables: set[str] = set()

    def _note(self, sql: str) -> None:
        table = written_table(sql)
        if table is not None:
            self.tables.add(table)

    async def all(self, sql: str, params: Params = ()) -> list[Row]:
        self._note(sql)
        return await self._tx.all(sql, params)

    async def one(self, sql: str, params: Params = ()) -> Row | None:
        self._note(sql)
        return await self._tx.one(sql, params)

    async def run(self, sql: str, params: Params = ()) -> int:
        self._note(sql)
        return await self._tx.run(sql, params)

    async def insert(self, sql: str, params: Params = ()) -> int:
        self._note(sql)
        return await self._tx.insert(sql, params)

    async def many(self, sql: str, rows: Iterable[Params]) -> None:
        self._note(sql)
        await self._tx.many(sql, rows)


class Backend(Protocol):
    """What `Database` needs from a storage engine."""

    path: str

    def read(self) -> AbstractAsyncContextManager[Tx]: ...

    def write(self, game_id: int | None = None) -> AbstractAsyncContextManager[Tx]: ...

    def write_apart(self, key: int | None) -> AbstractAsyncContextManager[Tx]: ...

    async def schema_version(self) -> int: ...

    async def checkpoint(self) -> None: ...

    async def close(self) -> None: ...


class Core:
    """Transaction plumbing: what the functions of ``db``'s topic modules are given (a
    `Database`, which opens and closes the storage beneath)."""

    path: str
    _backend: Backend
    _write_observers: list[WriteObserver]

    def observe_writes(self, observer: WriteObserver) -> None:
        """Call ``observer`` with what each write transaction did (`Written`) once it ends,
        committed or not (a failure may come after the commit)."""
        self._write_observers.append(observer)

    def _read(self) -> AbstractAsyncContextManager[Tx]:
        """A consistent snapshot of committed data."""
        return self._backend.read()

    def _write(self, game_id: int | None = None) -> AbstractAsyncContextManager[Tx]:
        """One atomic transaction: kept if the block ends normally (the caller resumes only
        once it is durable), undone entirely if it raises. ``game_id``: the transaction reads
        and writes that game's rows only, so a backend may run it beside writes of other
        games (PostgreSQL does; SQLite serialises every write anyway). The observers are told
        (``observe_writes``)."""
        return self._observed(self._backend.write(game_id), game_id)

    def _write_apart(self, key: int | None) -> AbstractAsyncContextManager[Tx]:
        """One atomic transaction on rows no game write touches (the leases: ``db.storage.lease``),
        outside the lock of the schema's writes, so a stuck writer of games cannot hold it up.
        ``key``: serialised with the other transactions of that key (a lock of its own);
        None: rows only this process writes, no lock (SQLite serialises every write anyway).
        The observers are told, as of a write to any game (``observe_writes``)."""
        return self._observed(self._backend.write_apart(key), None)

    @asynccontextmanager
    async def _observed(self, inner: AbstractAsyncContextManager[Tx],
                        game_id: int | None) -> AsyncIterator[Tx]:
        recording: RecordingTx | None = None
        try:
            async with inner as tx:
                recording = RecordingTx(tx)
                yield recording
        finally:
            written = Written(game_id, frozenset(recording.tables if recording else ()))
            for observer in self._write_observers:
                observer(written)
