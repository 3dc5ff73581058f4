"""Fixtures: a fresh database file per test, and helpers building games through the API."""

from __future__ import annotations

import inspect
import json
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from db import Database, Game
from db import games as games_db
from db import lobby as lobby_db
from tests.db.pgserver import drop_schema, pg_server, pg_status

T0 = 1_700_000_000


def state(version: int, **extra: object) -> str:
    """A stand-in for the engine's dump: any JSON text works for `db`."""
    return json.dumps({"game": "stella-digger", "version": version, **extra})


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Every test of the `db` fixture runs on SQLite and on PostgreSQL, except those that
    read or write the SQLite file themselves (they ask for `db_path`)."""
    if "db" in metafunc.fixturenames or "reopen" in metafunc.fixturenames:
        own = inspect.signature(metafunc.function).parameters
        if metafunc.definition.get_closest_marker("postgres_only"):
            backends = ["postgres"]
        elif "db_path" in own:
            backends = ["sqlite"]
        else:
            backends = ["sqlite", "postgres"]
        metafunc.parametrize("backend", backends)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "postgres_only: a test of the PostgreSQL backend alone")


@pytest.fixture
async def db(backend: str, db_path: Path, reopen: Reopen) -> AsyncIterator[Database]:
    async with await reopen() as database:
        yield database


Reopen = Callable[[], Awaitable[Database]]


@pytest.fixture(scope="session")
def pg_url() -> str | None:
    return pg_server()  # asked here, outside any test's event loop


@pytest.fixture
async def reopen(backend: str, db_path: Path, pg_url: str | None) -> AsyncIterator[Reopen]:
    """Opens (another) `Database` on the test's store: its SQLite file, or its PostgreSQL
    schema (fresh per test, dropped after it)."""
    if backend == "sqlite":

        async def open_file() -> Database:
            return await Database.open(db_path)

        yield open_file
        return
    url = pg_url
    if url is None:
        pytest.skip(f"PostgreSQL tests skipped: {pg_status()}")
    from db.storage.postgres import PgBackend

    schema = f"test_{uuid.uuid4().hex[:16]}"

    async def open_schema() -> Database:
        return Database(await PgBackend.open(url, schema=schema, max_size=4))

    try:
        yield open_schema
    finally:
        await drop_schema(url, schema)


async def running_game(
    db: Database,
    users: tuple[int, ...] = (111, 222),
    *,
    thread_id: int | None = 900,
    guild_id: int = 1,
    deadline: int | None = T0 + 3600,
    ai: int = 0,
) -> Game:
    game = await lobby_db.create_game(
        db, guild_id=guild_id,
        channel_id=10,
        host_id=users[0],
        thread_id=thread_id,
        options={"red_tears": False, "turn_seconds": 86400},
        now=T0,
    )
    for user in users:
        await lobby_db.join_seat(db, game.id, user_id=user, display_name=f"user{user}", now=T0)
    for _ in range(ai):
        await lobby_db.join_seat(
            db, game.id, user_id=None, display_name="Bot", is_ai=True, ai_level=2, now=T0
        )
    return await lobby_db.start_game(
        db, game.id,
        initial_json=state(0, seed=42),
        seed=42,
        deadline=deadline,
        remind_at=None if deadline is None else deadline - 600,
        now=T0,
    )


async def decide(db: Database, game: Game, n: int) -> None:
    """Append `n` decisions, players taking turns, each one version up."""
    snap = await games_db.load_snapshot(db, game.id)
    version = snap.version
    for i in range(n):
        player = game.seats[i % len(game.seats)].player_id
        await games_db.append_decision(
            db, game.id,
            version,
            player,
            f"draw {i % 3 + 1}",
            state(version + 1),
            version + 1,
            deadline=T0 + 7200 + i,
            now=T0 + i,
        )
        version += 1
