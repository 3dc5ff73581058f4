"""Group commit in the SQLite backend (db/storage/sqlite.py): writes done together are committed
together, a failing one alone is undone, and a writer resumes only once its write is committed."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from db import Database, StaleVersion
from db import games as games_db
from db import guilds as guilds_db
from tests.db.conftest import running_game, state


async def test_concurrent_writes_share_commits_and_a_failing_one_changes_nothing(
    db: Database, db_path: Path
) -> None:
    games = [await running_game(db, thread_id=900 + i) for i in range(6)]
    commits: list[str] = []
    db._backend._writer.set_trace_callback(  # type: ignore[attr-defined]
        lambda sql: commits.append(sql) if sql == "COMMIT" else None
    )

    async def decide(i: int) -> str:
        game = games[i]
        expected = 5 if i == 3 else 0  # game 3: a stale prompt, refused
        try:
            await games_db.append_decision(
                db, game.id, expected, "111", "x", state(expected + 1), expected + 1, deadline=None
            )
        except StaleVersion:
            return "stale"
        # Committed (not only released into the batch): another connection sees it now.
        with sqlite3.connect(db_path) as raw:
            found = raw.execute("SELECT version FROM games WHERE id = ?", (game.id,)).fetchone()
        return f"seen {found[0]}"

    outcomes = await asyncio.gather(*(decide(i) for i in range(6)))
    assert outcomes == ["seen 1", "seen 1", "seen 1", "stale", "seen 1", "seen 1"]
    assert len(commits) < 5  # five writes, fewer fsyncs
    assert (await games_db.get_game(db, games[3].id)).version == 0
    assert await games_db.get_log(db, games[3].id) == []
    assert [len(await games_db.get_log(db, g.id)) for g in games] == [1, 1, 1, 0, 1, 1]


async def test_a_write_waits_for_another_process_without_blocking_the_loop(
    db: Database, db_path: Path
) -> None:
    game = await running_game(db)
    other = sqlite3.connect(db_path, isolation_level=None, check_same_thread=False)
    try:
        other.execute("BEGIN IMMEDIATE")  # another process is writing
        task = asyncio.create_task(
            games_db.append_decision(db, game.id, 0, "111", "x", state(1), 1, deadline=None)
        )
        ticks = 0
        for _ in range(20):  # the loop keeps running while the write waits for the lock
            await asyncio.sleep(0.005)
            ticks += 1
        assert ticks == 20 and not task.done()
        assert (await games_db.get_game(db, game.id)).version == 0  # reads are not blocked either
        other.execute("COMMIT")
        await asyncio.wait_for(task, 10)
    finally:
        other.close()
    assert (await games_db.get_game(db, game.id)).version == 1


async def test_reads_see_only_committed_writes(db: Database) -> None:
    game = await running_game(db)
    backend = db._backend
    async with backend.write() as tx:  # type: ignore[attr-defined]
        await tx.run("UPDATE games SET end_reason = 'pending' WHERE id = ?", (game.id,))
        # Inside the batch, before its COMMIT: a reader still sees the committed row.
        assert (await games_db.get_game(db, game.id)).end_reason is None
    assert (await games_db.get_game(db, game.id)).end_reason == "pending"


async def test_closing_commits_what_was_written(db_path: Path) -> None:
    db = await Database.open(db_path)
    game = await running_game(db)
    await asyncio.gather(
        games_db.append_decision(db, game.id, 0, "111", "x", state(1), 1, deadline=None),
        guilds_db.set_admin_role(db, 1, 55),
    )
    await db.close()
    with pytest.raises(Exception, match="closed"):
        await guilds_db.set_admin_role(db, 1, 56)
    async with await Database.open(db_path) as again:
        assert (await games_db.get_game(again, game.id)).version == 1
        assert await guilds_db.get_admin_role(again, 1) == 55


async def _turns_until(done: asyncio.Future[None]) -> int:
    """Turns of the event loop until ``done`` (each ``sleep(0)`` is one)."""
    turns = 0
    while not done.done():
        await asyncio.sleep(0)
        turns += 1
    return turns


async def test_the_gate_hands_the_writer_to_every_waiter_in_one_turn() -> None:
    """Five bodies queued behind a COMMIT all run in the turn after it: ``asyncio.Lock`` woke
    them one a turn (five turns, milliseconds each on a busy loop)."""
    from db.storage.sqlite import Gate

    gate = Gate()
    await gate.acquire()  # a COMMIT in flight
    ran: list[int] = []

    async def body(i: int) -> None:
        async with gate:
            ran.append(i)

    tasks = [asyncio.create_task(body(i)) for i in range(5)]
    await asyncio.sleep(0)  # all five wait at the gate
    gate.release()
    all_done = asyncio.ensure_future(asyncio.gather(*tasks))
    assert await _turns_until(all_done) <= 3
    assert ran == [0, 1, 2, 3, 4]  # in the order they came
    assert not gate.locked()


async def test_the_gate_keeps_order_and_survives_cancelled_waiters() -> None:
    from db.storage.sqlite import Gate

    gate = Gate()
    await gate.acquire()
    order: list[str] = []

    async def holder(name: str, hold: asyncio.Event | None = None) -> None:
        async with gate:
            order.append(name)
            if hold is not None:
                await hold.wait()  # a body that suspends keeps the gate

    slow = asyncio.Event()
    a = asyncio.create_task(holder("a", slow))
    b = asyncio.create_task(holder("b"))
    c = asyncio.create_task(holder("c"))
    await asyncio.sleep(0)
    b.cancel()  # gave up while waiting: the others still get their turn
    gate.release()
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    assert order == ["a"] and gate.locked()  # a holds it while suspended; c waits again
    slow.set()
    await asyncio.wait_for(asyncio.gather(a, c), 1)
    assert order == ["a", "c"] and b.cancelled() and not gate.locked()


async def test_a_waiter_woken_and_cancelled_leaves_the_gate_free() -> None:
    from db.storage.sqlite import Gate

    gate = Gate()
    await gate.acquire()
    w = asyncio.create_task(gate.acquire())
    await asyncio.sleep(0)
    gate.release()  # w is woken...
    w.cancel()  # ...and cancelled before it ran
    with pytest.raises(asyncio.CancelledError):
        await w
    assert not gate.locked()
    await asyncio.wait_for(gate.acquire(), 1)  # nobody is stranded
    gate.release()
