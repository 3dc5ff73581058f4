"""Resume listing over 10,000 stored games (correctness only; timing is for benchmarks)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from db import Database, GameStatus
from db import games as games_db
from db import timers as timers_db

N = 10_000
BIG_STATE = json.dumps({"map": ["x" * 40] * 200})  # ~9 KB, like a real snapshot


def bulk_insert(path: Path) -> None:
    rows = []
    for i in range(1, N + 1):
        status = "running" if i % 10 else "finished"
        rows.append(
            (i, 1000 + i % 7, 20, 50_000 + i, status, i % 13, 1_700_000_000 + i if i % 3 else None)
        )
    with sqlite3.connect(path) as raw:
        raw.executemany(
            "INSERT INTO games (id, game_name, guild_id, channel_id, thread_id, host_id, status,"
            " version, deadline, created_at, updated_at)"
            " VALUES (?, 'stella-digger', ?, ?, ?, 1, ?, ?, ?, 0, 0)",
            rows,
        )
        raw.executemany(
            "INSERT INTO game_states (game_id, seed, initial_json, snapshot_json) VALUES (?, '1', ?, ?)",
            [(i, BIG_STATE, BIG_STATE) for i in range(1, N + 1)],
        )


async def test_running_games_over_ten_thousand(db_path: Path) -> None:
    async with await Database.open(db_path):
        pass
    bulk_insert(db_path)
    async with await Database.open(db_path) as db:
        running = await games_db.running_games(db)
        assert len(running) == N - N // 10
        assert [t.game_id for t in running] == [i for i in range(1, N + 1) if i % 10]
        sample = running[6]  # game 7
        assert (sample.thread_id, sample.version, sample.deadline) == (50_007, 7, 1_700_000_007)
        assert running[2].deadline is None  # game 3
        expired = await timers_db.expired_games(db, 1_700_000_000 + 100)
        assert [t.game_id for t in expired] == [i for i in range(1, 101) if i % 10 and i % 3]
        finished = await games_db.list_games(db, status=GameStatus.FINISHED, limit=N)
        assert len(finished) == N // 10
