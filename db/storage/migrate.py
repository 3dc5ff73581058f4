"""Numbered schema migrations: ``db/storage/migrations/NNNN_name.sql``, applied in order.

Applied versions are recorded in ``schema_migrations``. All pending migrations are applied in
one ``BEGIN IMMEDIATE`` transaction (so two processes opening the same file cannot both
migrate, and a failing migration leaves nothing behind). A file whose recorded version is
higher than the newest migration shipped with this code is refused with `SchemaTooNew`.
"""

from __future__ import annotations

import re
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from db.errors import MigrationError, SchemaTooNew

MIGRATIONS_DIR = Path(__file__).with_name("migrations")
CREATE_SCHEMA_MIGRATIONS = (
    "CREATE TABLE IF NOT EXISTS schema_migrations ("
    " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)"
)
_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    statements: tuple[str, ...]


def split_statements(script: str) -> list[str]:
    """Split an SQL script into single statements (triggers' BEGIN...END kept whole)."""
    statements: list[str] = []
    buffer = ""
    *pieces, rest = script.split(";")
    for piece in pieces:
        buffer += piece + ";"
        if sqlite3.complete_statement(buffer):
            statement = buffer.strip()
            if _has_code(statement):
                statements.append(statement)
            buffer = ""
    rest = buffer + rest
    if _has_code(rest):
        raise MigrationError(f"unterminated SQL statement: {rest.strip()[:80]!r}")
    return statements


def _has_code(sql: str) -> bool:
    lines = (line.split("--", 1)[0].strip() for line in sql.splitlines())
    return any(line and line != ";" for line in lines)


def load_migrations(directory: Path = MIGRATIONS_DIR) -> list[Migration]:
    migrations: list[Migration] = []
    for path in sorted(directory.glob("*.sql")):
        match = _NAME.match(path.name)
        if match is None:
            raise MigrationError(f"migration file name must look like 0001_name.sql: {path.name}")
        migrations.append(
            Migration(
                int(match.group(1)),
                match.group(2),
                tuple(split_statements(path.read_text("utf-8"))),
            )
        )
    versions = [m.version for m in migrations]
    if versions != list(range(1, len(versions) + 1)):
        raise MigrationError(f"migrations must be numbered 1, 2, 3, ... without gaps: {versions}")
    return migrations


def applied_version(conn: sqlite3.Connection) -> int:
    """Highest applied migration version (0 for an empty file)."""
    row = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
    ).fetchone()
    if row is None:
        return 0
    return int(conn.execute("SELECT COALESCE(MAX(version), 0) FROM schema_migrations").fetchone()[0])


def migrate(conn: sqlite3.Connection, migrations: list[Migration] | None = None) -> int:
    """Bring the schema of a SQLite file up to date; return the resulting version.

    `conn` must be in autocommit mode (``isolation_level=None``) with no open transaction.
    (PostgreSQL: `db.storage.postgres.migrate`, the same files through `db.storage.dialect`.)
    """
    migrations = load_migrations() if migrations is None else migrations
    known = migrations[-1].version if migrations else 0
    # Cheap check first, without taking the write lock.
    current = applied_version(conn)
    if current > known:
        raise SchemaTooNew(current, known)
    if current == known:
        return current
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute(CREATE_SCHEMA_MIGRATIONS)
        current = applied_version(conn)  # again, now that we hold the lock
        if current > known:
            raise SchemaTooNew(current, known)
        for migration in migrations[current:]:
            for statement in migration.statements:
                try:
                    conn.execute(statement)
                except sqlite3.Error as exc:
                    raise MigrationError(
                        f"migration {migration.version:04d}_{migration.name} failed: {exc}"
                    ) from exc
            conn.execute(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                (migration.version, migration.name, int(time.time())),
            )
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    return known
