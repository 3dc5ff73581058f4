"""The PostgreSQL server the db tests use: ``TEST_DATABASE_URL``, else this project's
machines' server at 127.0.0.1:5432 (trust auth, database ``test``) as the current OS user or
``postgres``. Asked once per test process; without a server the PostgreSQL tests are skipped
and the reason is printed in pytest's header (tests/conftest.py)."""

from __future__ import annotations

import asyncio
import getpass
import os

_found: list[tuple[str | None, str]] = []


def _candidates() -> list[str]:
    if os.environ.get("TEST_DATABASE_URL"):
        return [os.environ["TEST_DATABASE_URL"]]
    users = dict.fromkeys([getpass.getuser(), "postgres"])
    return [f"postgresql://{user}@127.0.0.1:5432/test" for user in users]


async def _probe() -> tuple[str | None, str]:
    try:
        import asyncpg
    except ImportError:
        return None, "asyncpg is not installed"
    reasons = []
    for url in _candidates():
        try:
            conn = await asyncpg.connect(url, timeout=3)
        except (TimeoutError, OSError, asyncpg.PostgresError) as exc:
            reasons.append(f"{url}: {exc}")
            continue
        version = await conn.fetchval("SHOW server_version")
        await conn.close()
        return url, f"PostgreSQL {version} at {url}"
    return None, "no PostgreSQL server answered (" + "; ".join(reasons) + ")"


def _result() -> tuple[str | None, str]:
    if not _found:
        _found.append(asyncio.run(_probe()))
    return _found[0]


def pg_server() -> str | None:
    """The URL of a reachable server, or None."""
    return _result()[0]


def pg_status() -> str:
    """Which server the PostgreSQL tests use, or why they are skipped."""
    return _result()[1]


async def drop_schema(url: str, schema: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    finally:
        await conn.close()
