"""Turn deadlines, reminders and missed-deadline counters."""

from __future__ import annotations

from collections.abc import Collection

from db import rows
from db.errors import SeatError
from db.games import add_missed
from db.models import GameStatus, Seat, TimerRow
from db.owed import set_every_owed
from db.storage.core import Core

_RUNNING_TIMERS = f"SELECT {rows.TIMER_COLUMNS} FROM games WHERE status = 'running'"


async def set_deadline(
    db: Core, game_id: int, deadline: int | None, *, remind_at: int | None = None
) -> None:
    """Set (or clear, with None) a running game's deadline; re-arms the reminder."""
    async with db._write(game_id) as tx:
        await tx.game_row(game_id, GameStatus.RUNNING)
        await tx.run(
            "UPDATE games SET deadline = ?, remind_at = ?, reminder_sent = 0 WHERE id = ?",
            (deadline, remind_at, game_id),
        )
        await set_every_owed(tx, game_id, deadline, remind_at)


async def postpone_expired(
    db: Core, now: int, until: int, *, remind: Collection[int] = ()
) -> list[int]:
    """Running games whose deadline is at or before `now` get `until` instead (a grace
    after a restart), in one transaction; those in `remind` are due for a reminder at
    `now`. Returns the ids of the games changed."""
    async with db._write() as tx:
        found = await tx.all(
            "SELECT id FROM games WHERE status = 'running' AND deadline <= ?", (now,)
        )
        ids = [r[0] for r in found]
        await tx.many(
            "UPDATE games SET deadline = ?, remind_at = ?, reminder_sent = 0 WHERE id = ?",
            [(until, now if i in remind else None, i) for i in ids],
        )
        await tx.many(  # each owing player whose own deadline passed (db/owed.py)
            "UPDATE owed SET deadline = ?, remind_at = ?, reminder_sent = 0"
            " WHERE game_id = ? AND deadline <= ?",
            [(until, now if i in remind else None, i, now) for i in ids],
        )
    return ids


async def expired_games(db: Core, now: int) -> list[TimerRow]:
    """Running games whose deadline is at or before `now`, earliest first."""
    async with db._read() as tx:
        found = await tx.all(
            _RUNNING_TIMERS + " AND deadline <= ? ORDER BY deadline, id", (now,)
        )
    return [rows.timer(r) for r in found]


async def due_reminders(db: Core, now: int) -> list[TimerRow]:
    """Running games whose reminder time has come, not yet sent, deadline not yet passed."""
    async with db._read() as tx:
        found = await tx.all(
            _RUNNING_TIMERS + " AND remind_at <= ? AND reminder_sent = 0"
            " AND (deadline IS NULL OR deadline > ?) ORDER BY remind_at, id",
            (now, now),
        )
    return [rows.timer(r) for r in found]


async def next_timer(db: Core, *, exclude: Collection[int] = (),
                     shard: tuple[int, int] | None = None) -> int | None:
    """Earliest pending deadline or reminder time of any running game (for sleeping),
    leaving out the games in `exclude`; ``shard`` (id, count): of that Discord shard's
    guilds only (``(guild_id >> 22) % count == id``), so a process never wakes for the
    timers of another shard's games."""
    skip = f" AND id NOT IN ({', '.join('?' * len(exclude))})" if exclude else ""
    params: tuple[int, ...] = tuple(exclude)
    if shard is not None:
        skip += " AND (guild_id >> 22) % ? = ?"
        params += (shard[1], shard[0])
    async with db._read() as tx:
        row = await tx.one(
            "SELECT MIN(t) FROM ("
            f" SELECT MIN(deadline) AS t FROM games WHERE status = 'running'{skip}"
            " UNION ALL SELECT MIN(remind_at) FROM games"
            f"  WHERE status = 'running' AND reminder_sent = 0{skip}) AS timers",
            (*params, *params),
        )
    return None if row is None else row[0]


async def mark_reminder_sent(db: Core, game_id: int, deadline: int | None) -> bool:
    """Record that the reminder for `deadline` went out. False (nothing changed) if the
    game's deadline has changed since, so a new deadline's reminder is not lost."""
    async with db._write(game_id) as tx:
        changed = await tx.run(
            "UPDATE games SET reminder_sent = 1"
            " WHERE id = ? AND status = 'running' AND deadline IS ?",
            (game_id, deadline),
        )
    return changed == 1


async def record_missed_deadline(
    db: Core, game_id: int, player_id: str, *, absent_after: int | None = None
) -> Seat:
    """Missed count + 1 for a seat (absent once it reaches `absent_after`). Normally done
    by ``append_decision(source=TIMEOUT)``; this is for timeouts that decide nothing."""
    async with db._write(game_id) as tx:
        await tx.game_row(game_id, GameStatus.RUNNING)
        if await add_missed(tx, game_id, player_id, absent_after) != 1:
            raise SeatError(f"{player_id!r} has no seat in game {game_id}")
        row = await tx.one(
            "SELECT * FROM seats WHERE game_id = ? AND player_id = ?", (game_id, player_id)
        )
    assert row is not None
    return rows.seat(row)


async def set_absent(db: Core, game_id: int, player_id: str, absent: bool) -> None:
    """Mark a seat absent or back; coming back also resets the missed count."""
    async with db._write(game_id) as tx:
        await tx.game_row(game_id)
        changed = await tx.run(
            "UPDATE seats SET absent = ?,"
            " missed_deadlines = CASE WHEN ? = 1 THEN missed_deadlines ELSE 0 END"
            " WHERE game_id = ? AND player_id = ?",
            (int(absent), int(absent), game_id, player_id),
        )
        if changed != 1:
            raise SeatError(f"{player_id!r} has no seat in game {game_id}")
