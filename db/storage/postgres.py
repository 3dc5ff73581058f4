"""The PostgreSQL backend (asyncpg), chosen by ``DATABASE_URL=postgresql://...``: for groups
that run the bot on several machines against one server. SQLite stays the embedded default.

The same numbered migrations run here, translated by `db.storage.dialect` (and recorded in the same
``schema_migrations`` table); every query of `db` is translated there too (cached).

Transactions: ``write()`` is one PostgreSQL transaction that first takes a transaction-scoped
advisory lock (one per schema), so writes are serialised as SQLite's ``BEGIN IMMEDIATE``
serialises them, across every process using the schema: the topics' optimistic version checks
and ``MAX(seq) + 1`` keep their meaning. A write that touches one game's rows only
(``_write(game_id)``: a decision, its notification record, timers, drafts) takes that lock
shared and the game's own lock exclusively, so decisions in different games commit side by
side (each COMMIT's WAL flush no longer waits for the others'). ``read()`` is a read-only REPEATABLE READ transaction
(one snapshot). Durability is PostgreSQL's: COMMIT returns once the WAL is flushed
(``synchronous_commit=on``, the server's default), and the server groups concurrent commits
into one flush itself.

A client that stops in the middle of a transaction (its machine lost power or froze, its process
was stopped) would hold the schema's lock, and so every other process's writes, until the
server notices the connection is dead (hours, with TCP's defaults). Every session of the bot's
therefore sets ``idle_in_transaction_session_timeout`` (``STUCK_SECONDS``): the server ends a
transaction left idle that long and frees its locks, so the shards of the other machines and a
standby (``referee.process.launcher``) go on. Transactions here only run their statements; one idle
that long is a client that is gone or frozen.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager

import asyncpg

from db.errors import MigrationError, SchemaTooNew
from db.storage import dialect
from db.storage.core import Params, Row, Tx
from db.storage.migrate import CREATE_SCHEMA_MIGRATIONS, Migration, load_migrations
from db.storage.postgres_url import redact

STUCK_SECONDS = 10.0  # idle_in_transaction_session_timeout of the bot's sessions
_LOCK = "SELECT pg_advisory_xact_lock(hashtext(current_schema()))"
# A write apart from the schema's (the leases): a lock of its own, never a game's (negative).
_APART_LOCK = "SELECT pg_advisory_xact_lock(hashtext(current_schema()), $1::integer)"
# A one-game write: the schema's lock shared (beside other games' writes, never beside a
# whole-schema one), then the game's own lock (two-key form: a space apart from the first).
_GAME_LOCK = (
    "SELECT pg_advisory_xact_lock_shared(hashtext(current_schema())),"
    " pg_advisory_xact_lock(hashtext(current_schema()), ($1::bigint % 2147483647)::integer)"
)


def _number(text: str) -> int | float:
    """numeric (SUM, AVG of BIGINT columns) as SQLite would give it: int or float."""
    value = float(text)
    return int(text) if value.is_integer() and "." not in text else value


async def _init(conn: asyncpg.Connection) -> None:
    await conn.set_type_codec("numeric", encoder=str, decoder=_number, schema="pg_catalog",
                              format="text")


class PgTx(Tx):
    __slots__ = ("conn",)

    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    async def all(self, sql: str, params: Params = ()) -> list[Row]:
        return list(await self.conn.fetch(dialect.query(sql), *params))

    async def one(self, sql: str, params: Params = ()) -> Row | None:
        return await self.conn.fetchrow(dialect.query(sql), *params)

    async def run(self, sql: str, params: Params = ()) -> int:
        status = await self.conn.execute(dialect.query(sql), *params)
        last = status.rsplit(" ", 1)[-1]  # "UPDATE 2", "INSERT 0 1", "DELETE 0"
        return int(last) if last.isdigit() else 0

    async def insert(self, sql: str, params: Params = ()) -> int:
        return int(await self.conn.fetchval(dialect.query(sql) + " RETURNING id", *params))

    async def many(self, sql: str, rows: Iterable[Params]) -> None:
        await self.conn.executemany(dialect.query(sql), list(rows))


class PgBackend:
    def __init__(self, pool: asyncpg.Pool, path: str) -> None:
        self.path = path
        self._pool = pool

    @classmethod
    async def open(cls, url: str, *, schema: str | None = None, min_size: int = 1,
                   max_size: int = 10, apply_migrations: bool = True,
                   stuck_seconds: float = STUCK_SECONDS) -> PgBackend:
        """Connect and migrate; ``schema``: use (and create) this schema instead of the
        server's default search path; ``stuck_seconds``: see the module's docstring."""
        settings = {"idle_in_transaction_session_timeout": str(int(stuck_seconds * 1000))}
        if schema is not None:
            settings["search_path"] = schema
        if schema is not None:
            conn = await asyncpg.connect(url)
            try:
                await conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{schema}"')
            finally:
                await conn.close()
        pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size,
                                         server_settings=settings, init=_init)
        try:
            async with pool.acquire() as conn:
                if apply_migrations:
                    await migrate(conn)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, redact(url))

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Tx]:
        async with self._pool.acquire() as conn, conn.transaction(
            isolation="repeatable_read", readonly=True
        ):
            yield PgTx(conn)

    @asynccontextmanager
    async def write(self, game_id: int | None = None) -> AsyncIterator[Tx]:
        async with self._pool.acquire() as conn, conn.transaction():
            if game_id is None:
                await conn.execute(_LOCK)
            else:
                await conn.execute(_GAME_LOCK, game_id)
            yield PgTx(conn)

    @asynccontextmanager
    async def write_apart(self, key: int | None) -> AsyncIterator[Tx]:
        """A transaction outside the schema's write lock (``Core._write_apart``); ``key``: a
        lock of its own (two-key form, negative: never a game's)."""
        async with self._pool.acquire() as conn, conn.transaction():
            if key is not None:
                await conn.execute(_APART_LOCK, -1 - abs(key))
            yield PgTx(conn)

    async def schema_version(self) -> int:
        async with self._pool.acquire() as conn:
            return await applied_version(conn)

    async def checkpoint(self) -> None:
        """Nothing to do: the server manages its own WAL."""

    async def close(self) -> None:
        await self._pool.close()


async def applied_version(conn: asyncpg.Connection) -> int:
    exists = await conn.fetchval("SELECT to_regclass('schema_migrations') IS NOT NULL")
    if not exists:
        return 0
    return int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations"))


async def migrate(conn: asyncpg.Connection, migrations: list[Migration] | None = None) -> int:
    """`db.storage.migrate.migrate` for PostgreSQL: every pending migration in one transaction, under
    the schema's advisory lock (two processes cannot both migrate)."""
    migrations = load_migrations() if migrations is None else migrations
    known = migrations[-1].version if migrations else 0
    current = await applied_version(conn)
    if current > known:
        raise SchemaTooNew(current, known)
    if current == known:
        return current
    async with conn.transaction():
        await conn.execute(_LOCK)
        await conn.execute(dialect.ddl(CREATE_SCHEMA_MIGRATIONS))
        current = await applied_version(conn)
        if current > known:
            raise SchemaTooNew(current, known)
        for statement in dialect.PRELUDE:
            await conn.execute(statement)
        for migration in migrations[current:]:
            for statement in migration.statements:
                try:
                    await conn.execute(dialect.ddl(statement))
                except asyncpg.PostgresError as exc:
                    raise MigrationError(
                        f"migration {migration.version:04d}_{migration.name} failed: {exc}"
                    ) from exc
            await conn.execute(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
                migration.version, migration.name, int(time.time()),
            )
    return known

