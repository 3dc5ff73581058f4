"""Fixtures: a fresh database file per test, and helpers building games through the API."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from db import Database, Game

T0 = 1_700_000_000


def state(version: int, **extra: object) -> str:
    """A stand-in for the engine's dump: any JSON text works for `db`."""
    return json.dumps({"game": "stella-digger", "version": version, **extra})


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
async def db(db_path: Path) -> AsyncIterator[Database]:
    async with await Database.open(db_path) as database:
        yield database


async def running_game(
    db: Database,
    users: tuple[int, ...] = (111, 222),
    *,
    thread_id: int | None = 900,
    guild_id: int = 1,
    deadline: int | None = T0 + 3600,
    ai: int = 0,
) -> Game:
    game = await db.create_game(
        guild_id=guild_id,
        channel_id=10,
        host_id=users[0],
        thread_id=thread_id,
        options={"red_tears": False, "turn_seconds": 86400},
        now=T0,
    )
    for user in users:
        await db.join_seat(game.id, user_id=user, display_name=f"user{user}", now=T0)
    for _ in range(ai):
        await db.join_seat(
            game.id, user_id=None, display_name="Bot", is_ai=True, ai_level=2, now=T0
        )
    return await db.start_game(
        game.id,
        initial_json=state(0, seed=42),
        seed=42,
        deadline=deadline,
        remind_at=None if deadline is None else deadline - 600,
        now=T0,
    )


async def decide(db: Database, game: Game, n: int) -> None:
    """Append `n` decisions, players taking turns, each one version up."""
    snap = await db.load_snapshot(game.id)
    version = snap.version
    for i in range(n):
        player = game.seats[i % len(game.seats)].player_id
        await db.append_decision(
            game.id,
            version,
            player,
            f"draw {i % 3 + 1}",
            state(version + 1),
            version + 1,
            deadline=T0 + 7200 + i,
            now=T0 + i,
        )
        version += 1
