"""Games on hold (migration 0003_holds.sql): a running game the bot cannot (or should not) go on
with. Holding a game clears its deadline in the same transaction, so no timer fires for it: no
timeout, no strike. Releasing it deletes the row and, if the game has no deadline, sets the one
given.

    holds  (game_id) -> reason ('undelivered' | 'gone' | 'nobody'), detail, since, attempts,
           retry_at (for 'undelivered': when to post the prompt again), told (moderators told)

A stronger reason is never replaced by a weaker one (gone > undelivered > nobody).

Holding, releasing and marking a hold told touch that game's rows only and name it
(``db._write(game_id)``, as ``db.lifecycle`` does); moving a game to another thread takes the
whole-schema lock, since no two running games may share a thread.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from enum import StrEnum

from db.lobby import check_thread_free
from db.models import GameStatus
from db.owed import set_every_owed
from db.storage.core import Core


class HoldReason(StrEnum):
    UNDELIVERED = "undelivered"
    GONE = "gone"
    NOBODY = "nobody"
    # a moderator paused it: never stored here (table ``pauses``, db/lifecycle.py), but
    # ``referee.deciding.holds.Holds.get`` reports it like a hold so that every check of a hold sees it
    PAUSED = "paused"


RANK = {HoldReason.NOBODY: 1, HoldReason.UNDELIVERED: 2, HoldReason.GONE: 3, HoldReason.PAUSED: 4}


@dataclass(frozen=True, slots=True)
class Hold:
    game_id: int
    reason: HoldReason
    detail: str
    since: int
    attempts: int
    retry_at: int | None
    told: bool


def _hold(r: sqlite3.Row) -> Hold:
    return Hold(r["game_id"], HoldReason(r["reason"]), r["detail"], r["since"], r["attempts"],
                r["retry_at"], bool(r["told"]))


async def hold(db: Core, game_id: int, reason: HoldReason, *, detail: str = "", now: int,
               retry_at: int | None = None) -> Hold:
    """Put a running game on hold (or count one more attempt of the same hold); its deadline
    is cleared. Returns the hold now in force (a stronger one is kept)."""
    async with db._write(game_id) as tx:
        await tx.game_row(game_id, GameStatus.RUNNING)
        await tx.run("UPDATE games SET deadline = NULL, remind_at = NULL, reminder_sent = 0"
                     " WHERE id = ?", (game_id,))
        row = await tx.one("SELECT * FROM holds WHERE game_id = ?", (game_id,))
        current = None if row is None else _hold(row)
        if current is None or RANK[reason] > RANK[current.reason]:
            await tx.run(
                "INSERT INTO holds (game_id, reason, detail, since, attempts, retry_at, told)"
                " VALUES (?, ?, ?, ?, 1, ?, 0) ON CONFLICT (game_id) DO UPDATE SET"
                " reason = excluded.reason, detail = excluded.detail, since = excluded.since,"
                " attempts = 1, retry_at = excluded.retry_at, told = 0",
                (game_id, str(reason), detail[:300], now, retry_at))
        elif current.reason == reason:
            await tx.run("UPDATE holds SET attempts = attempts + 1, retry_at = ?, detail = ?"
                         " WHERE game_id = ?", (retry_at, detail[:300], game_id))
        found = await tx.one("SELECT * FROM holds WHERE game_id = ?", (game_id,))
    assert found is not None
    return _hold(found)


async def get(db: Core, game_id: int) -> Hold | None:
    async with db._read() as tx:
        row = await tx.one("SELECT * FROM holds WHERE game_id = ?", (game_id,))
    return None if row is None else _hold(row)


async def release(db: Core, game_id: int, *, reasons: tuple[HoldReason, ...] = tuple(HoldReason),
                  deadline: int | None = None, remind_at: int | None = None) -> bool:
    """End a hold of one of ``reasons``; a game left without a deadline gets ``deadline``.
    False if there was no such hold."""
    marks = ", ".join("?" for _ in reasons)
    async with db._write(game_id) as tx:
        gone = await tx.run(f"DELETE FROM holds WHERE game_id = ? AND reason IN ({marks})",  # noqa: S608
                            (game_id, *map(str, reasons)))
        if gone and deadline is not None:
            changed = await tx.run("UPDATE games SET deadline = ?, remind_at = ?, reminder_sent = 0"
                                   " WHERE id = ? AND status = 'running' AND deadline IS NULL",
                                   (deadline, remind_at, game_id))
            if changed:  # everyone owing starts again from this deadline (db/owed.py)
                await set_every_owed(tx, game_id, deadline, remind_at)
    return gone > 0


async def mark_told(db: Core, game_id: int) -> bool:
    """The moderators were told; False if they already had been (tell them once)."""
    async with db._write(game_id) as tx:
        changed = await tx.run("UPDATE holds SET told = 1 WHERE game_id = ? AND told = 0", (game_id,))
    return changed == 1


async def due(db: Core, now: int) -> list[Hold]:
    """Holds of running games whose retry time has come, earliest first."""
    async with db._read() as tx:
        found = await tx.all(
            "SELECT h.* FROM holds h JOIN games g ON g.id = h.game_id WHERE g.status = 'running'"
            " AND h.retry_at IS NOT NULL AND h.retry_at <= ? ORDER BY h.retry_at, h.game_id", (now,))
    return [_hold(r) for r in found]


async def next_retry(db: Core) -> int | None:
    async with db._read() as tx:
        row = await tx.one("SELECT MIN(h.retry_at) FROM holds h JOIN games g ON g.id = h.game_id"
                           " WHERE g.status = 'running'")
    return None if row is None else row[0]


async def count(db: Core) -> int:
    """How many running games are held (the /metrics gauge)."""
    async with db._read() as tx:
        row = await tx.one("SELECT COUNT(*) FROM holds h JOIN games g ON g.id = h.game_id"
                           " WHERE g.status = 'running'")
    return 0 if row is None else int(row[0])


async def held(db: Core, guild_id: int) -> list[Hold]:
    """The holds of a server's running games (for /game-admin list)."""
    async with db._read() as tx:
        found = await tx.all("SELECT h.* FROM holds h JOIN games g ON g.id = h.game_id"
                             " WHERE g.status = 'running' AND g.guild_id = ? ORDER BY h.game_id",
                             (guild_id,))
    return [_hold(r) for r in found]


async def move(db: Core, game_id: int, *, channel_id: int, thread_id: int, by_user_id: int | None,
               now: int) -> None:
    """Attach a game to a new thread (under ``channel_id``)."""
    async with db._write() as tx:
        await tx.game_row(game_id)
        await check_thread_free(tx, thread_id, game_id)
        await tx.run("UPDATE games SET channel_id = ?, thread_id = ?, updated_at = ? WHERE id = ?",
                     (channel_id, thread_id, now, game_id))
        await tx.audit(game_id, "move", by_user_id, {"channel_id": channel_id, "thread_id": thread_id}, now)
