"""db/life.py (migration 0009) on SQLite and PostgreSQL: the last sign of life per shard, and
at a restart the downtime taken off the running clocks, once (Out of Mine! R6)."""

from __future__ import annotations

from db import Database, OwedTimer
from db import life as life_db
from db import owed as owed_db
from tests.db.conftest import T0, running_game


async def test_the_downtime_moves_each_running_clock_once(db: Database) -> None:
    assert await life_db.last_seen(db, 0) is None
    first = await life_db.resume_clocks(db, 0, T0, [])  # a first start: nothing known
    assert first.since is None and first.seconds == 0.0 and first.clocks == 0
    game = await running_game(db)
    other = await running_game(db, (333, 444), thread_id=901)
    await owed_db.set_owed(db, game.id, [
        OwedTimer("111", "dig", T0, None, None, False, T0 + 10.0),  # running since 10 s
        OwedTimer("222", "dig", T0, None, None, False, T0 + 95.0),  # started after the last beat
    ])
    await owed_db.set_owed(db, other.id, [OwedTimer("333", "dig", T0, None, None, False, T0 + 10.0)])
    await life_db.seen(db, 0, T0 + 90.0)  # the last sign of life
    await life_db.seen(db, 1, T0 + 50.0)  # another shard's: not this one's
    down = await life_db.resume_clocks(db, 0, T0 + 130.0, [game.id])  # not the other game
    assert down.since == T0 + 90.0 and down.seconds == 40.0 and down.clocks == 2
    assert down.taken == 40.0
    clocks = {t.player_id: t.clock_at for t in await owed_db.owed_timers(db, game.id)}
    assert clocks == {"111": T0 + 50.0, "222": T0 + 130.0}  # 40 s off; 35 s off (it ran 35 s)
    assert [t.clock_at for t in await owed_db.owed_timers(db, other.id)] == [T0 + 10.0]
    assert await life_db.last_seen(db, 0) == T0 + 130.0 and await life_db.last_seen(db, 1) == T0 + 50.0
    again = await life_db.resume_clocks(db, 0, T0 + 130.0, [game.id])  # at once again: no more
    assert again.seconds == 0.0 and again.clocks == 0
    assert {t.player_id: t.clock_at for t in await owed_db.owed_timers(db, game.id)} == clocks
