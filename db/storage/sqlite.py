"""The embedded backend: SQLite (WAL) through the standard `sqlite3` module, on the event loop's
thread, with group commit.

Why on the loop's thread: a decision's transaction is a dozen statements that SQLite runs in
well under a millisecond in all. Sending each through a worker thread (as aiosqlite does) costs
a thread hop and an event-loop turn per statement, and the connection stays locked through all
of them (8-24 ms per decision). Here a transaction's statements run synchronously, so the whole
body is one uninterrupted piece of work; only the COMMIT (the fsync) leaves the loop's thread.

Group commit. Writes run as SAVEPOINTs inside one open SQLite transaction (``BEGIN
IMMEDIATE``) on the writer connection. When a body ends, its savepoint is released and the
caller waits; a committer task then COMMITs everything released so far in a worker thread (one
fsync for the whole batch) and only then resumes each caller, from the thread's own callback on
the loop. Bodies that arrive while a COMMIT is in flight wait at the writer's ``Gate`` and,
woken together once it returned, form the next batch. Every hand-off costs a turn of the event
loop, milliseconds each when it is busy: a write now waits for one turn after its COMMIT
(docs/limits.md, "Fifth step"). A body that raises is rolled
back to its savepoint alone. If the COMMIT fails (disk full, I/O error) every caller of the
batch gets the error and nothing of the batch is kept.

Durability (the argument the kill tests in tests/e2e/test_restart.py check): a write returns
to its caller only after the COMMIT containing it returned. With ``synchronous=FULL`` (the
default) SQLite fsyncs the WAL before COMMIT returns, so what a caller was told is kept
survives SIGKILL and power loss; with ``NORMAL`` in WAL mode the COMMIT has reached the OS
(write(2)), which survives SIGKILL of the process but not a power cut; ``OFF`` is for tests.
Nothing is acknowledged from a batch that could still be lost, and a later transaction in the
batch, which may have read an earlier one's rows, is committed atomically with it.

Reads use a second connection (read-only, its own snapshot per ``read()``): they see only
committed data, never a batch still waiting for its fsync, and never wait for the writer.
(``:memory:`` has no second connection: reads share the writer and its lock.)
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any, Literal

from db.errors import DatabaseCorrupt, DbError, SchemaTooNew
from db.storage.core import Params, Row, Tx
from db.storage.migrate import applied_version, load_migrations, migrate

#: The default SQLite file, in the working directory (``DATABASE_PATH`` names another).
DEFAULT_PATH = Path("mining-referee.sqlite3")
#: The default file's name before the project was named for all its games (issue 26): one in
#: the working directory is still used while no file of the new name is there.
OLD_DEFAULT_PATH = Path("stella.sqlite3")


def default_path() -> Path:
    """``DEFAULT_PATH``, or ``OLD_DEFAULT_PATH`` where a bot made before the rename keeps its
    games."""
    return OLD_DEFAULT_PATH if OLD_DEFAULT_PATH.exists() and not DEFAULT_PATH.exists() else DEFAULT_PATH

Synchronous = Literal["OFF", "NORMAL", "FULL", "EXTRA"]


class SqliteTx(Tx):
    __slots__ = ("conn",)

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    async def all(self, sql: str, params: Params = ()) -> list[Row]:
        return self.conn.execute(sql, params).fetchall()

    async def one(self, sql: str, params: Params = ()) -> Row | None:
        return self.conn.execute(sql, params).fetchone()

    async def run(self, sql: str, params: Params = ()) -> int:
        return self.conn.execute(sql, params).rowcount

    async def insert(self, sql: str, params: Params = ()) -> int:
        rowid = self.conn.execute(sql, params).lastrowid
        assert rowid is not None
        return rowid

    async def many(self, sql: str, rows: Iterable[Params]) -> None:
        self.conn.executemany(sql, rows)


class BatchLost(DbError):
    """SQLite rolled back the open batch (I/O error, disk full): this write was not kept."""


class Gate:
    """The writer connection, one user at a time, handed on in one turn of the event loop.

    ``asyncio.Lock`` wakes its waiters one by one, each in the turn after the last one released
    it: the bodies that queued behind a COMMIT ran one loop turn apart, and a busy loop's turns
    are milliseconds long (a decision's write waited 8 ms at p50, 46 at p95 for it, at 100
    decisions a second: docs/limits.md, "Fifth step"). A body runs its statements without
    suspending, so the gate wakes every waiter at once: in the next turn they run one after the
    other, in the order they came. A waiter that finds the gate taken again (a body that
    suspends, a BEGIN waiting for another process) waits again, first in line."""

    __slots__ = ("_busy", "_waiters")

    def __init__(self) -> None:
        self._busy = False
        self._waiters: list[asyncio.Future[None]] = []

    def locked(self) -> bool:
        return self._busy

    async def acquire(self) -> None:
        if not self._busy and not self._waiters:
            self._busy = True
            return
        first = False
        while True:
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            if first:
                self._waiters.insert(0, waiter)
            else:
                self._waiters.append(waiter)
            try:
                await waiter
            except asyncio.CancelledError:
                if waiter in self._waiters:
                    self._waiters.remove(waiter)
                elif not self._busy:
                    self._wake()  # woken and cancelled: the others must not wait for it
                raise
            if not self._busy:
                self._busy = True
                return
            first = True

    def release(self) -> None:
        assert self._busy, "the gate is not taken"
        self._busy = False
        self._wake()

    def _wake(self) -> None:
        waiters, self._waiters = self._waiters, []
        for waiter in waiters:
            if not waiter.done():
                waiter.set_result(None)

    async def __aenter__(self) -> None:
        await self.acquire()

    async def __aexit__(self, *exc: object) -> None:
        self.release()


def _connect(path: str, *, busy_timeout_ms: int) -> sqlite3.Connection:
    conn = sqlite3.connect(
        path, isolation_level=None, check_same_thread=False, cached_statements=256,
        timeout=busy_timeout_ms / 1000,
    )
    conn.row_factory = sqlite3.Row
    return conn


def _quick_check(conn: sqlite3.Connection, path: str) -> None:
    """``PRAGMA quick_check``: page structure, free lists, records (O(size), no index
    cross-check). A file with overwritten pages fails here instead of resuming games."""
    rows = conn.execute("PRAGMA quick_check").fetchall()
    findings = [line.strip() for r in rows for line in str(r[0]).splitlines()
                if line.strip() and not line.startswith("***")]
    if findings != ["ok"]:
        raise DatabaseCorrupt(path, findings)


class SqliteBackend:
    """One writer connection (group commit) and one reader connection, both used on the
    loop's thread; COMMIT and a BEGIN that must wait for another process run in a thread."""

    def __init__(self, writer: sqlite3.Connection, reader: sqlite3.Connection, path: str,
                 busy_timeout_ms: int) -> None:
        self.path = path
        self._writer = writer
        self._reader = reader
        self._busy_timeout_ms = busy_timeout_ms
        self._lock = Gate()  # the writer connection: bodies, BEGIN, COMMIT
        self._read_lock: Gate | asyncio.Lock = self._lock if reader is writer else asyncio.Lock()
        self._pending: list[asyncio.Future[None]] = []  # released savepoints awaiting COMMIT
        # resolved once the batch of ``_pending`` is committed or failed: what a cancelled
        # writer waits for (its own future is cancelled with it)
        self._batch: asyncio.Future[None] | None = None
        self._committer: asyncio.Task[None] | None = None
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="sqlite-commit")
        self._closed = False

    @classmethod
    def open(cls, path: str, *, busy_timeout_ms: int = 10_000,
             synchronous: Synchronous = "FULL", apply_migrations: bool = True) -> SqliteBackend:
        """Open (creating if needed), check and migrate. DatabaseCorrupt if SQLite's quick
        integrity check finds the file damaged; SchemaTooNew if the file is newer than this
        code."""
        if synchronous not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise ValueError(f"bad synchronous mode {synchronous!r}")
        writer = _connect(path, busy_timeout_ms=busy_timeout_ms)
        reader = writer
        try:
            _quick_check(writer, path)
            writer.execute("PRAGMA foreign_keys = ON")
            mode = writer.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal" and path != ":memory:":
                raise RuntimeError(f"could not switch {path} to WAL mode (got {mode})")
            # PRAGMA values cannot be bound as parameters; this one is a checked constant.
            writer.execute(f"PRAGMA synchronous = {synchronous}")
            if apply_migrations:
                migrate(writer)
            elif applied_version(writer) > len(load_migrations()):
                raise SchemaTooNew(applied_version(writer), len(load_migrations()))
            # The writer's own BEGIN IMMEDIATE is first tried without waiting (on the loop's
            # thread); only when another process holds the lock does it wait, in a thread.
            writer.execute("PRAGMA busy_timeout = 0")
            if path != ":memory:":
                reader = _connect(path, busy_timeout_ms=busy_timeout_ms)
                reader.execute("PRAGMA query_only = ON")
        except sqlite3.DatabaseError as exc:
            _close_both(writer, reader)
            if type(exc) is not sqlite3.DatabaseError:  # locked, busy, read-only...: not damage
                raise
            raise DatabaseCorrupt(path, [str(exc)]) from None
        except BaseException:
            _close_both(writer, reader)
            raise
        return cls(writer, reader, path, busy_timeout_ms)

    # --- transactions --------------------------------------------------------------------

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Tx]:
        async with self._read_lock:
            if self._reader is self._writer:
                yield SqliteTx(self._reader)
                return
            self._reader.execute("BEGIN")
            try:
                yield SqliteTx(self._reader)
            finally:
                self._reader.execute("COMMIT")  # ends the snapshot; nothing to write

    def write_apart(self, key: int | None) -> AbstractAsyncContextManager[Tx]:
        """SQLite has one writer: the same as ``write()``."""
        return self.write()

    @asynccontextmanager
    async def write(self, game_id: int | None = None) -> AsyncIterator[Tx]:
        conn = self._writer
        await self._lock.acquire()
        try:
            if self._closed:
                raise DbError("the database is closed")
            if not conn.in_transaction:
                try:
                    await self._begin()
                except BaseException:
                    self._end_if_idle()  # a BEGIN that succeeded in a cancelled caller's thread
                    raise
            conn.execute("SAVEPOINT tx")
            try:
                yield SqliteTx(conn)
            except BaseException:
                self._undo_savepoint()
                self._end_if_idle()
                raise
            conn.execute("RELEASE tx")
            loop = asyncio.get_running_loop()
            done: asyncio.Future[None] = loop.create_future()
            self._pending.append(done)
            if self._batch is None:
                self._batch = loop.create_future()
            batch = self._batch
            if self._committer is None:
                self._committer = asyncio.create_task(self._commit(), name="sqlite-commit")
        finally:
            self._lock.release()
        # Resolved (by ``_committed``) once the batch is durable, or failed. Awaited directly,
        # not through ``shield``, which costs a loop turn; a caller cancelled meanwhile (its
        # ``done`` cancelled with it) still waits for the batch's outcome, so that what it
        # reads next includes its kept write.
        try:
            await done
        except asyncio.CancelledError:
            if not batch.done():
                await asyncio.wait([batch])
            raise

    async def _begin(self) -> None:
        try:
            self._writer.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise
            # Another process writes: wait for its lock in a thread, not on the loop.
            await self._in_thread(self._begin_waiting)

    def _begin_waiting(self) -> None:
        conn = self._writer
        conn.execute(f"PRAGMA busy_timeout = {int(self._busy_timeout_ms)}")
        try:
            conn.execute("BEGIN IMMEDIATE")
        finally:
            conn.execute("PRAGMA busy_timeout = 0")

    def _undo_savepoint(self) -> None:
        conn = self._writer
        if conn.in_transaction:
            try:
                conn.execute("ROLLBACK TO tx")
                conn.execute("RELEASE tx")
                return
            except sqlite3.Error:
                pass
        # SQLite rolled the whole transaction back itself (I/O error, disk full...): the
        # batch's earlier savepoints are gone too, so their callers must not hear success.
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        self._fail_batch(BatchLost("the database could not keep this change; try again"))

    def _end_if_idle(self) -> None:
        """Close an outer transaction that holds nothing to commit: other processes must not
        wait for SQLite's write lock while no batch is pending."""
        if self._writer.in_transaction and not self._pending:
            self._writer.execute("ROLLBACK")

    def _fail_batch(self, exc: BaseException) -> None:
        pending, self._pending = self._pending, []
        batch, self._batch = self._batch, None
        self._resume(pending, batch, exc)

    async def _commit(self) -> None:
        """COMMIT what is released so far (one fsync) in the commit thread; ``_committed``
        then resumes its callers and hands the connection on, called by the thread itself
        (one loop turn, where awaiting the thread's future took three or four)."""
        await self._lock.acquire()  # bodies already waiting for the gate join this batch
        self._committer = None
        pending, self._pending = self._pending, []
        batch, self._batch = self._batch, None
        if not pending:
            self._lock.release()
            return
        assert batch is not None
        loop = asyncio.get_running_loop()

        def commit() -> None:  # in the commit thread
            exc: BaseException | None = None
            try:
                self._writer.execute("COMMIT")
            except BaseException as e:  # told to the batch's callers
                exc = e
            loop.call_soon_threadsafe(self._committed, pending, batch, exc)

        try:
            future = loop.run_in_executor(self._thread, commit)
        except BaseException:
            self._committed(pending, batch, DbError("could not start the commit"))
            raise
        try:
            await asyncio.shield(future)
        except asyncio.CancelledError:
            # The loop is shutting down: the COMMIT finishes, then ``_committed`` tells its
            # callers what became of it.
            await asyncio.wait([future])
            if not batch.done():
                await asyncio.wait([batch])
            raise

    def _committed(self, pending: list[asyncio.Future[None]], batch: asyncio.Future[None],
                   exc: BaseException | None) -> None:
        """On the loop, once the COMMIT returned: a failed one rolled back, the batch's
        callers resumed, the connection handed on."""
        try:
            if exc is not None and self._writer.in_transaction:
                self._writer.execute("ROLLBACK")
        finally:
            self._resume(pending, batch, exc)
            self._lock.release()

    @staticmethod
    def _resume(pending: list[asyncio.Future[None]], batch: asyncio.Future[None] | None,
                exc: BaseException | None) -> None:
        """Resume a batch's callers: with `exc`, or (None) with success, and those of them
        cancelled meanwhile (waiting for ``batch``)."""
        if batch is not None and not batch.done():
            batch.set_result(None)
        for done in pending:
            if done.done():
                continue
            if exc is None:
                done.set_result(None)
            else:
                done.set_exception(exc)

    async def _in_thread(self, fn: Any, *args: Any) -> Any:
        """Run `fn` in the commit thread; the loop waits for it even if cancelled meanwhile
        (the writer connection must not be touched while the thread uses it)."""
        future = asyncio.get_running_loop().run_in_executor(self._thread, fn, *args)
        try:
            return await asyncio.shield(future)
        except asyncio.CancelledError:
            await asyncio.wait([future])
            raise

    async def flush(self) -> None:
        """Wait until every released write is committed."""
        while self._committer is not None:
            await asyncio.shield(self._committer)

    # --- maintenance ---------------------------------------------------------------------

    async def schema_version(self) -> int:
        async with self._read_lock:
            return applied_version(self._reader)

    async def checkpoint(self) -> None:
        """Fold the WAL file back into the database (e.g. before copying the file)."""
        await self.flush()
        async with self._lock:
            await self._in_thread(self._writer.execute, "PRAGMA wal_checkpoint(TRUNCATE)")

    async def close(self) -> None:
        if self._closed:
            return
        await self.flush()
        async with self._lock:
            self._closed = True
            self._end_if_idle()  # cannot be open after flush; kept as a guard
            _close_both(self._writer, self._reader)
        self._thread.shutdown(wait=True)


def _close_both(writer: sqlite3.Connection, reader: sqlite3.Connection) -> None:
    writer.close()
    if reader is not writer:
        reader.close()
