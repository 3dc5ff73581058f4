from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from db import CorruptGame, Database, DatabaseCorrupt, GameStatus
from db import games as games_db
from db import transfer as transfer_db
from tests.db.conftest import running_game


def vandalise(path: Path, sql: str, params: tuple[object, ...]) -> None:
    """Damage a row behind the API's back (the CHECK constraints would refuse it)."""
    with sqlite3.connect(path) as raw:
        raw.execute("PRAGMA ignore_check_constraints = ON")
        raw.execute(sql, params)


async def test_corrupt_snapshot(db: Database, db_path: Path) -> None:
    good = await running_game(db, thread_id=1)
    bad = await running_game(db, thread_id=2)
    vandalise(
        db_path, "UPDATE game_states SET snapshot_json = ? WHERE game_id = ?", ('{"trunc', bad.id)
    )
    # Listing and resuming do not read states, so they still work.
    assert [t.game_id for t in await games_db.running_games(db)] == [good.id, bad.id]
    assert len(await games_db.list_games(db, status=GameStatus.RUNNING)) == 2
    assert (await games_db.get_game(db, bad.id)).status == GameStatus.RUNNING
    with pytest.raises(CorruptGame, match=f"game {bad.id} is damaged.*not valid JSON"):
        await games_db.load_snapshot(db, bad.id)
    assert (await games_db.load_snapshot(db, good.id)).version == 0
    # Still exportable for a post-mortem, but such a document is not importable.
    doc = await transfer_db.export_game(db, bad.id)
    assert doc["snapshot"]["state"] == '{"trunc'


async def test_corrupt_options_and_missing_state(db: Database, db_path: Path) -> None:
    game = await running_game(db, thread_id=1)
    other = await running_game(db, thread_id=2)
    vandalise(db_path, "UPDATE games SET options_json = ? WHERE id = ?", ("not json", game.id))
    vandalise(db_path, "DELETE FROM game_states WHERE game_id = ?", (other.id,))
    with pytest.raises(CorruptGame, match="options"):
        await games_db.get_game(db, game.id)
    with pytest.raises(CorruptGame, match="options"):
        await games_db.find_game_by_thread(db, 1)
    with pytest.raises(CorruptGame, match="missing"):
        await games_db.load_snapshot(db, other.id)
    assert [s.id for s in await games_db.list_games(db)] == [other.id, game.id]


async def test_unreadable_row_is_skipped_in_listing(db: Database, db_path: Path) -> None:
    game = await running_game(db, thread_id=1)
    other = await running_game(db, thread_id=2)
    vandalise(db_path, "UPDATE games SET status = ? WHERE id = ?", ("???", game.id))
    assert [s.id for s in await games_db.list_games(db)] == [other.id]


async def overwritten_database(path: Path) -> None:
    """Thirty running games, then three pages in the middle of the file overwritten."""
    db = await Database.open(path)
    for thread in range(30):
        await running_game(db, thread_id=100 + thread)
    await db.checkpoint()
    await db.close()
    page = 4096
    assert path.stat().st_size > 8 * page
    with open(path, "r+b") as raw:
        raw.seek(3 * page)
        raw.write(b"\xde\xad\xbe\xef" * (3 * page // 4))


async def test_overwritten_pages_refuse_to_open(tmp_path: Path) -> None:
    path = tmp_path / "damaged.sqlite3"
    await overwritten_database(path)
    with pytest.raises(DatabaseCorrupt, match="is damaged .*Restore the file from a backup") as info:
        await Database.open(path)
    assert "\n" not in str(info.value) and info.value.findings


def test_bot_refuses_to_start_on_overwritten_pages(tmp_path: Path) -> None:
    path = tmp_path / "damaged.sqlite3"
    asyncio.run(overwritten_database(path))
    repo = Path(__file__).resolve().parents[2]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
    env.update(DISCORD_TOKEN="not-a-real-token", DATABASE_PATH=str(path),
               DISCORD_API_BASE="http://127.0.0.1:9/api/v10")  # never reached
    done = subprocess.run([sys.executable, str(repo / "bot.py")], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 3
    assert "The database file" in done.stderr and "is damaged" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout
