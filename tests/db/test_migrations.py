from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from db import Database, MigrationError, SchemaTooNew
from db import guilds as guilds_db
from db.storage.migrate import Migration, load_migrations, migrate, split_statements


async def test_migrates_empty_file(db_path: Path) -> None:
    async with await Database.open(db_path) as db:
        assert await db.schema_version() == len(load_migrations())
    with sqlite3.connect(db_path) as raw:
        tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        applied = raw.execute("SELECT version, name FROM schema_migrations").fetchall()
    assert {
        "games",
        "game_states",
        "seats",
        "seat_history",
        "decisions",
        "results",
        "guild_config",
        "moderation_log",
        "schema_migrations",
        "notified",
        "hand_dms",
        "holds",
        "leases",
        "owed",
        "drafts",
    } <= tables
    assert applied[:4] == [(1, "init"), (2, "notified"), (3, "holds"), (4, "owner")]
    assert applied == [(m.version, m.name) for m in load_migrations()]


async def test_reopen_is_idempotent(db_path: Path) -> None:
    async with await Database.open(db_path) as db:
        await guilds_db.set_admin_role(db, 5, 55)
    for _ in range(2):
        async with await Database.open(db_path) as db:
            assert await db.schema_version() == len(load_migrations())
            assert await guilds_db.get_admin_role(db, 5) == 55
    with sqlite3.connect(db_path) as raw:
        count = raw.execute("SELECT COUNT(*) FROM schema_migrations").fetchone()[0]
        assert count == len(load_migrations())


async def test_newer_schema_is_refused(db_path: Path) -> None:
    async with await Database.open(db_path):
        pass
    with sqlite3.connect(db_path) as raw:
        raw.execute("INSERT INTO schema_migrations VALUES (99, 'future', 0)")
    with pytest.raises(SchemaTooNew, match="99 is newer") as info:
        await Database.open(db_path)
    assert info.value.found == 99 and info.value.known == len(load_migrations())


async def test_wal_enabled(db: Database, db_path: Path) -> None:
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_failing_migration_leaves_nothing(db_path: Path) -> None:
    bad = [
        Migration(1, "ok", ("CREATE TABLE a (x INTEGER)",)),
        Migration(2, "bad", ("CREATE TABLE b (y INTEGER)", "INSERT INTO nowhere VALUES (1)")),
    ]
    conn = sqlite3.connect(db_path, isolation_level=None)
    try:
        with pytest.raises(MigrationError, match="0002_bad"):
            migrate(conn, bad)
        assert not conn.in_transaction
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master")]
    finally:
        conn.close()
    assert names == []


def test_split_statements() -> None:
    script = """
    -- a comment; with a semicolon
    CREATE TABLE t (x TEXT DEFAULT ';');  CREATE INDEX i ON t (x);
    CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE t SET x = 'a;b'; END;
    -- trailing comment
    """
    statements = split_statements(script)
    assert len(statements) == 3
    assert statements[2].startswith("CREATE TRIGGER") and statements[2].endswith("END;")
    with pytest.raises(MigrationError, match="unterminated"):
        split_statements("CREATE TABLE t (x)")


def test_shipped_migrations_are_numbered() -> None:
    migrations = load_migrations()
    assert [m.version for m in migrations] == list(range(1, len(migrations) + 1))
    assert all(m.statements for m in migrations)
