"""Several players owing at once: each owed decision's own timer (table ``owed``), sealed
log entries, and players' private drafts (table ``drafts``). ``games.deadline``/``remind_at``
stay the earliest owed timer, so the timer loop needs one index."""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence

from db.models import Draft, GameStatus, OwedTimer
from db.storage.core import Core, Tx, now_or
from db.thread_memory import ThreadMemory, save


def _timer(row: object) -> OwedTimer:
    r = row  # sqlite3.Row
    return OwedTimer(r["player_id"], r["decision"], r["since"], r["deadline"],  # type: ignore[index]
                     r["remind_at"], bool(r["reminder_sent"]), r["clock_at"])  # type: ignore[index]


def earliest_owed(timers: Sequence[OwedTimer]) -> tuple[int | None, int | None]:
    """The game's own (deadline, remind_at): the earliest of its owed timers."""
    deadlines = [t.deadline for t in timers if t.deadline is not None]
    reminders = [t.remind_at for t in timers if t.remind_at is not None and not t.reminder_sent]
    return min(deadlines, default=None), min(reminders, default=None)


async def write_owed(tx: Tx, game_id: int, timers: Sequence[OwedTimer], *,
                     game_timer: bool = True) -> None:
    """Replace the game's owed rows; the game's own timer becomes the earliest of them
    (``game_timer=False``: the caller has already set it, in its own UPDATE of the game)."""
    await tx.run("DELETE FROM owed WHERE game_id = ?", (game_id,))
    if timers:
        await tx.many(
            "INSERT INTO owed (game_id, player_id, decision, since, deadline, remind_at,"
            " reminder_sent, clock_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(game_id, t.player_id, t.decision, t.since, t.deadline, t.remind_at,
              int(t.reminder_sent), t.clock_at) for t in timers],
        )
    if game_timer:
        deadline, remind_at = earliest_owed(timers)
        await tx.run(
            "UPDATE games SET deadline = ?, remind_at = ?, reminder_sent = 0 WHERE id = ?",
            (deadline, remind_at, game_id),
        )


async def set_every_owed(tx: Tx, game_id: int, deadline: int | None,
                         remind_at: int | None) -> None:
    """The game's timer was set as a whole (a hold ended, a safety deadline): every owing
    player's timer becomes it."""
    await tx.run("UPDATE owed SET deadline = ?, remind_at = ?, reminder_sent = 0"
                 " WHERE game_id = ?", (deadline, remind_at, game_id))


async def reveal_sealed(tx: Tx, game_id: int) -> int:
    """Unseal every sealed decision of the game (the engine emitted a "reveal")."""
    return await tx.run("UPDATE decisions SET sealed = 0 WHERE game_id = ? AND sealed = 1",
                        (game_id,))


async def owed_timers(db: Core, game_id: int) -> list[OwedTimer]:
    """The players owing a decision now with their timers, in no particular order
    (empty for a game stored before 0005 until its next decision)."""
    async with db._read() as tx:
        found = await tx.all("SELECT * FROM owed WHERE game_id = ? ORDER BY player_id",
                             (game_id,))
    return [_timer(r) for r in found]


async def set_owed(db: Core, game_id: int, timers: Sequence[OwedTimer]) -> None:
    """Set a running game's owed timers (after a start, an undo, a replaced seat...)."""
    async with db._write(game_id) as tx:
        await tx.game_row(game_id, GameStatus.RUNNING)
        await write_owed(tx, game_id, timers)


async def mark_owed_reminded(db: Core, game_id: int, player_id: str, deadline: int | None,
                             *, queued: bool = False) -> bool:
    """The reminder of ``player_id``'s owed decision is spent; False if their deadline
    changed since. The game's reminder time becomes the next unsent one. ``queued``: its
    message is still to be posted (table ``queued_reminders``, in the same transaction) until
    ``reminder_told``; a restart re-arms it (``rearm_reminders``)."""
    async with db._write(game_id) as tx:
        changed = await tx.run(
            "UPDATE owed SET reminder_sent = 1 WHERE game_id = ? AND player_id = ?"
            " AND deadline IS ?", (game_id, player_id, deadline))
        await _next_reminder(tx, game_id)
        if queued:
            await tx.run(
                "INSERT INTO queued_reminders (game_id, player_id, deadline) VALUES (?, ?, ?)"
                " ON CONFLICT (game_id, player_id) DO UPDATE SET deadline = excluded.deadline",
                (game_id, player_id, deadline))
    return changed == 1


async def _next_reminder(tx: Tx, game_id: int) -> None:
    """The game's reminder time: its owing players' earliest unsent one."""
    row = await tx.one("SELECT MIN(remind_at) FROM owed WHERE game_id = ?"
                       " AND reminder_sent = 0", (game_id,))
    nxt = None if row is None else row[0]
    await tx.run("UPDATE games SET remind_at = ?, reminder_sent = ? WHERE id = ?",
                 (nxt, int(nxt is None), game_id))


async def reminder_told(db: Core, game_id: int, player_id: str,
                        memory: ThreadMemory | None = None) -> None:
    """``player_id``'s queued reminder was posted (or is not wanted any more): no restart
    sends it again. ``memory``: the thread's memory after it (``db.thread_memory``), kept in
    the same transaction."""
    async with db._write(game_id) as tx:
        await tx.run("DELETE FROM queued_reminders WHERE game_id = ? AND player_id = ?",
                     (game_id, player_id))
        if memory is not None:
            await save(tx, memory)


async def rearm_reminders(db: Core, game_ids: Collection[int]) -> int:
    """At resume: the reminders of ``game_ids`` marked sent but never posted (a crash while
    they were queued) are due again, each while its owed decision is the one it was for (the
    same deadline, still marked); the queue is emptied. Returns how many were re-armed."""
    async with db._read() as tx:
        rows = await tx.all("SELECT game_id, player_id, deadline FROM queued_reminders"
                            " ORDER BY game_id")
    found = [r for r in rows if r["game_id"] in game_ids]
    if not rows:
        return 0
    async with db._write() as tx:  # at resume: the timers queue none meanwhile
        await tx.run("DELETE FROM queued_reminders WHERE game_id IN"  # ended: never wanted
                     " (SELECT id FROM games WHERE status <> 'running')")
        again = 0
        for r in found:
            again += await tx.run(
                "UPDATE owed SET reminder_sent = 0 WHERE game_id = ? AND player_id = ?"
                " AND deadline IS ? AND reminder_sent = 1",
                (r["game_id"], r["player_id"], r["deadline"]))
        for game_id in sorted({r["game_id"] for r in found}):
            await _next_reminder(tx, game_id)
            await tx.run("DELETE FROM queued_reminders WHERE game_id = ?", (game_id,))
    return again


async def sealed_count(db: Core, game_id: int) -> int:
    async with db._read() as tx:
        row = await tx.one("SELECT COUNT(*) FROM decisions WHERE game_id = ? AND sealed = 1",
                           (game_id,))
    return 0 if row is None else int(row[0])


# --- drafts ---------------------------------------------------------------------------


async def get_draft(db: Core, game_id: int, player_id: str) -> Draft | None:
    async with db._read() as tx:
        row = await tx.one("SELECT * FROM drafts WHERE game_id = ? AND player_id = ?",
                           (game_id, player_id))
    if row is None:
        return None
    return Draft(game_id, player_id, row["version"], row["text"],
                 json.loads(row["marks_json"]), row["updated_at"])


async def save_draft(db: Core, game_id: int, player_id: str, version: int, text: str,
                     marks: dict[str, float], *, now: int | None = None) -> None:
    async with db._write(game_id) as tx:
        await tx.game_row(game_id, GameStatus.RUNNING)
        await tx.run(
            "INSERT INTO drafts (game_id, player_id, version, text, marks_json, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, player_id) DO UPDATE SET"
            " version = excluded.version, text = excluded.text,"
            " marks_json = excluded.marks_json, updated_at = excluded.updated_at",
            (game_id, player_id, version, text, json.dumps(marks), now_or(now)))


async def drop_draft(db: Core, game_id: int, player_id: str) -> None:
    async with db._write(game_id) as tx:
        await tx.run("DELETE FROM drafts WHERE game_id = ? AND player_id = ?",
                     (game_id, player_id))
