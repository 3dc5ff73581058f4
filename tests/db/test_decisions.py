from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from pathlib import Path

import pytest

from db import (
    Database,
    DecisionSource,
    GameNotFound,
    GameStatus,
    PlayerResult,
    SeatError,
    StaleVersion,
    WrongStatus,
)
from db import games as games_db
from tests.db.conftest import T0, Reopen, decide, running_game, state


async def test_append_and_log(db: Database) -> None:
    game = await running_game(db)
    d1 = await games_db.append_decision(
        db, game.id,
        0,
        "111",
        "target B1",
        state(1),
        1,
        deadline=T0 + 500,
        remind_at=T0 + 400,
        by_user_id=111,
        now=T0 + 5,
    )
    assert (d1.seq, d1.prev_version, d1.version, d1.source) == (1, 0, 1, DecisionSource.PLAYER)
    await games_db.append_decision(
        db, game.id, 1, "222", "mine blue-4 super=pink", state(3), 3, deadline=None
    )
    log = await games_db.get_log(db, game.id)
    assert [(d.seq, d.player_id, d.text, d.prev_version, d.version) for d in log] == [
        (1, "111", "target B1", 0, 1),
        (2, "222", "mine blue-4 super=pink", 1, 3),
    ]
    assert [d.seq for d in await games_db.get_log(db, game.id, after_seq=1)] == [2]
    snap = await games_db.load_snapshot(db, game.id)
    assert (snap.version, snap.json) == (3, state(3))
    after = await games_db.get_game(db, game.id)
    assert after.version == 3 and after.deadline is None and not after.reminder_sent


async def test_stale_version_changes_nothing(db: Database, db_path: Path) -> None:
    game = await running_game(db)
    await decide(db, game, 2)
    before = sqlite3.connect(db_path).execute("SELECT * FROM games").fetchall()
    with pytest.raises(StaleVersion, match="out of date") as info:
        await games_db.append_decision(db, game.id, 1, "111", "draw 1", state(99), 99, deadline=T0)
    assert (info.value.expected, info.value.actual) == (1, 2)
    assert (await games_db.load_snapshot(db, game.id)).json == state(2)
    assert len(await games_db.get_log(db, game.id)) == 2
    assert sqlite3.connect(db_path).execute("SELECT * FROM games").fetchall() == before


async def test_bad_appends_are_refused(db: Database) -> None:
    game = await running_game(db)
    with pytest.raises(SeatError):
        await games_db.append_decision(db, game.id, 0, "999", "draw 1", state(1), 1, deadline=None)
    with pytest.raises(ValueError, match="not valid JSON"):
        await games_db.append_decision(db, game.id, 0, "111", "draw 1", "{", 1, deadline=None)
    with pytest.raises(ValueError, match="must exceed"):
        await games_db.append_decision(db, game.id, 0, "111", "draw 1", state(0), 0, deadline=None)
    with pytest.raises(GameNotFound):
        await games_db.append_decision(db, 12345, 0, "111", "draw 1", state(1), 1, deadline=None)
    assert await games_db.get_log(db, game.id) == []
    assert (await games_db.load_snapshot(db, game.id)).version == 0


async def test_concurrent_appends_one_wins(db: Database) -> None:
    game = await running_game(db)

    async def attempt(player: str) -> str:
        try:
            await games_db.append_decision(
                db, game.id, 0, player, f"by {player}", state(1, by=player), 1, deadline=None
            )
            return "won"
        except StaleVersion:
            return "stale"

    outcomes = await asyncio.gather(*(attempt(p) for p in ["111", "222"] * 5))
    assert outcomes.count("won") == 1
    log = await games_db.get_log(db, game.id)
    assert len(log) == 1
    assert (await games_db.load_snapshot(db, game.id)).json == state(1, by=log[0].player_id)


async def test_concurrent_appends_from_two_connections(db: Database, reopen: Reopen) -> None:
    game = await running_game(db)
    async with await reopen() as other:

        async def attempt(conn: Database, player: str) -> str:
            try:
                await games_db.append_decision(
                    conn, game.id, 0, player, "x", state(1, by=player), 1, deadline=None
                )
                return "won"
            except StaleVersion:
                return "stale"

        outcomes = await asyncio.gather(
            *(attempt(conn, p) for conn, p in [(db, "111"), (other, "222")] * 4)
        )
    assert sorted(outcomes) == ["stale"] * 7 + ["won"]
    assert len(await games_db.get_log(db, game.id)) == 1


async def test_finish_with_the_last_decision(db: Database) -> None:
    game = await running_game(db, ai=1)
    await decide(db, game, 3)
    results = [
        PlayerResult("111", 30, True),
        PlayerResult("222", 25, False),
        PlayerResult("ai-1", 31, False),
    ]
    with pytest.raises(ValueError, match="each seated player"):
        await games_db.append_decision(
            db, game.id, 3, "111", "pass", state(4), 4, deadline=None, results=results[:2]
        )
    assert (await games_db.get_game(db, game.id)).version == 3  # rolled back entirely
    await games_db.append_decision(
        db, game.id, 3, "111", "pass", state(4), 4, deadline=None, results=results, now=T0 + 50
    )
    done = await games_db.get_game(db, game.id)
    assert done.status == GameStatus.FINISHED and done.ended_at == T0 + 50 and done.deadline is None
    res = await games_db.get_results(db, game.id)
    assert [(r.player_id, r.user_id, r.score, r.won, r.is_ai) for r in res] == [
        ("111", 111, 30, True, False),
        ("222", 222, 25, False, False),
        ("ai-1", None, 31, False, True),
    ]
    with pytest.raises(StaleVersion):
        await games_db.append_decision(db, game.id, 3, "222", "late", state(4), 4, deadline=None)
    with pytest.raises(WrongStatus, match="finished"):
        await games_db.append_decision(db, game.id, 4, "222", "late", state(5), 5, deadline=None)


async def test_finish_game_separately(db: Database) -> None:
    game = await running_game(db)
    await decide(db, game, 1)
    with pytest.raises(StaleVersion):
        await games_db.finish_game(
            db, game.id, 0, [PlayerResult("111", 1, True), PlayerResult("222", 0, False)]
        )
    await games_db.finish_game(
        db, game.id,
        1,
        [PlayerResult("111", 1, True), PlayerResult("222", 0, False)],
        end_reason="deck out",
    )
    done = await games_db.get_game(db, game.id)
    assert done.status == GameStatus.FINISHED and done.end_reason == "deck out"
    # The state stays loadable after the end (for a final board picture).
    assert (await games_db.load_snapshot(db, game.id)).version == 1


async def test_cancelled_callers_leave_the_database_usable(db: Database) -> None:
    game = await running_game(db)
    for delay in range(40):  # cancel at many different points of the transaction
        version = (await games_db.load_snapshot(db, game.id)).version
        task = asyncio.create_task(
            games_db.append_decision(
                db, game.id, version, "111", "x", state(version + 1), version + 1, deadline=None
            )
        )
        await asyncio.sleep(delay * 0.0001)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        # Whatever happened, the log and the snapshot agree and the next append works.
        snap = await games_db.load_snapshot(db, game.id)
        log = await games_db.get_log(db, game.id)
        assert snap.version == len(log)
        assert snap.version == 0 or snap.json == state(snap.version)
        await games_db.append_decision(
            db, game.id,
            snap.version,
            "222",
            "y",
            state(snap.version + 1),
            snap.version + 1,
            deadline=None,
        )


async def test_log_keys_refuse_a_double_apply(db: Database, db_path: Path) -> None:
    game = await running_game(db)
    await decide(db, game, 1)
    with sqlite3.connect(db_path) as raw:
        for seq, prev in [(1, 5), (2, 0)]:  # same position; same state applied to twice
            with pytest.raises(sqlite3.IntegrityError):
                raw.execute(
                    "INSERT INTO decisions (game_id, seq, player_id, text, prev_version, version,"
                    " created_at) VALUES (?, ?, '111', 'x', ?, ?, 0)",
                    (game.id, seq, prev, prev + 1),
                )
