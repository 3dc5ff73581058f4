"""pytest fixtures of the e2e tests (use with
``pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]``).

``world``: the fake Discord (started, discord.py pointed at it, ERROR logs fail the test,
3-second interaction deadline) with a server, players, a stranger and a moderator.
``db``: a second connection to the bot's database, to read what the bot stored.
``stella``: ``await stella()`` starts a new ``RefereeBot`` on that database.
``holding_world``: a world on ``HoldingFakeDiscord`` (hold a request to SIGKILL a subprocess bot
at that exact point).
``pg_schema_url``: a fresh PostgreSQL schema as a DATABASE_URL (skipped without a server).
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot import RefereeBot
from db import Database
from tests.db.pgserver import drop_schema, pg_server, pg_status
from tests.fakediscord import FakeDiscord
from tests.fakediscord.clock import runnable
from tests.fakediscord.discordpy import point_discord_py_at
from tests.fakediscord.fixtures import ErrorLogGuard

from .holding import HoldingFakeDiscord
from .world import World, build_world, launch


@pytest_asyncio.fixture
async def world(fake_discord: FakeDiscord, tmp_path: Path) -> World:
    return build_world(fake_discord, tmp_path / "stella.sqlite3")


@pytest_asyncio.fixture
async def db(world: World) -> AsyncIterator[Database]:
    database = await Database.open(world.db_path)
    try:
        yield database
    finally:
        await database.close()


@pytest_asyncio.fixture
async def stella(world: World, start_bot: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[RefereeBot]]:
    async def start(**settings: Any) -> RefereeBot:
        return await launch(world, start_bot, **settings)

    return start


@pytest_asyncio.fixture
async def holding_world(error_log_guard: ErrorLogGuard, tmp_path: Path) -> AsyncIterator[World]:
    """Like ``world``, on a fake that can hold a request (``world.fake.hold``), for bots run
    as subprocesses (``tests.e2e.proc``)."""
    fake = HoldingFakeDiscord(clock=runnable)
    await fake.start()
    restore = point_discord_py_at(fake.api_base, fake.gateway_url)
    try:
        yield build_world(fake, tmp_path / "stella.sqlite3")
    finally:
        fake.release_all()
        restore()
        await fake.stop()


@pytest.fixture(scope="session")
def pg_url() -> str | None:
    return pg_server()  # asked here, outside any test's event loop


@pytest_asyncio.fixture
async def pg_schema_url(pg_url: str | None) -> AsyncIterator[str]:
    """A fresh PostgreSQL schema for the test, as a DATABASE_URL (dropped after)."""
    url = pg_url
    if url is None:
        pytest.skip(f"PostgreSQL tests skipped: {pg_status()}")
    import asyncpg

    schema = f"test_{uuid.uuid4().hex[:16]}"
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f'CREATE SCHEMA "{schema}"')
    finally:
        await conn.close()
    try:
        yield f"{url}?search_path={schema}"
    finally:
        await drop_schema(url, schema)
