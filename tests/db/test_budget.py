"""The rate budget shared through the database (db/storage/budget.py): a GCRA row whose reservations
are atomic, so processes drawing from it together never exceed its rate (on SQLite and on
PostgreSQL, the `db` fixture)."""

from __future__ import annotations

import asyncio

from db import Database
from db.storage import budget

T = 0.02  # 50 a second
BURST = 4 * T  # 5 at once


async def test_a_burst_goes_at_once_then_one_every_interval(db: Database):
    waits = [await budget.take(db, "token-a", 1000.0, T, BURST) for _ in range(8)]
    assert [round(w, 6) for w in waits] == [0, 0, 0, 0, 0, T, 2 * T, 3 * T]
    # another budget is apart; time passing frees this one again
    assert await budget.take(db, "token-b", 1000.0, T, BURST) == 0.0
    assert await budget.take(db, "token-a", 1000.0 + 8 * T, T, BURST) == 0.0


async def test_concurrent_takers_get_distinct_slots(db: Database):
    waits = await asyncio.gather(*(budget.take(db, "shared", 500.0, T, 0.0) for _ in range(20)))
    # every reservation is a slot of its own: 0, T, 2T, ... whatever order they ran in
    assert sorted(round(w / T) for w in waits) == list(range(20))
    await budget.forget(db, "shared")
    assert await budget.take(db, "shared", 500.0, T, 0.0) == 0.0
