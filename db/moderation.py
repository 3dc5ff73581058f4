"""Moderator actions: undo the last decision, replace a seat's player, abort; their history."""

from __future__ import annotations

from db import rows
from db.errors import NothingToUndo, SeatError, StaleVersion
from db.games import versioned_row
from db.lobby import check_json
from db.models import Decision, GameStatus, ModerationEntry, Seat, SeatChange
from db.storage.core import Core, now_or
from db.thread_memory import drop_runs


async def undo_last(
    db: Core,
    game_id: int,
    expected_version: int,
    new_snapshot_json: str,
    new_version: int,
    *,
    deadline: int | None,
    remind_at: int | None = None,
    by_user_id: int | None = None,
    now: int | None = None,
) -> Decision:
    """Delete the last decision and store the state the bot rebuilt by replaying the rest.

    StaleVersion unless the stored version is `expected_version`; `new_version` must be
    the version the removed decision was applied to. Returns the removed decision.
    """
    check_json(new_snapshot_json, "new snapshot")
    now = now_or(now)
    async with db._write() as tx:
        await versioned_row(tx, game_id, expected_version)
        row = await tx.one(
            "SELECT * FROM decisions WHERE game_id = ? ORDER BY seq DESC LIMIT 1", (game_id,)
        )
        if row is None:
            raise NothingToUndo(game_id)
        last = rows.decision(row)
        if last.version != expected_version:
            raise StaleVersion(game_id, expected_version, last.version)
        if new_version != last.prev_version:
            raise ValueError(
                f"undoing decision {last.seq} must restore version {last.prev_version},"
                f" not {new_version}"
            )
        await tx.run("DELETE FROM decisions WHERE game_id = ? AND seq = ?", (game_id, last.seq))
        await drop_runs(tx, game_id)  # runs chosen before are not chosen any more
        await tx.run(
            "UPDATE games SET version = ?, deadline = ?, remind_at = ?, reminder_sent = 0,"
            " updated_at = ? WHERE id = ? AND version = ?",
            (new_version, deadline, remind_at, now, game_id, expected_version),
        )
        await tx.run(
            "UPDATE game_states SET snapshot_json = ? WHERE game_id = ?",
            (new_snapshot_json, game_id),
        )
        await tx.audit(
            game_id,
            "undo",
            by_user_id,
            {
                "seq": last.seq,
                "player_id": last.player_id,
                "text": last.text,
                "from_version": last.version,
                "to_version": new_version,
            },
            now,
        )
    return last


async def replace_seat(
    db: Core,
    game_id: int,
    player_id: str,
    *,
    user_id: int | None,
    display_name: str,
    is_ai: bool = False,
    ai_level: int | None = None,
    by_user_id: int | None = None,
    reason: str | None = None,
    now: int | None = None,
) -> Seat:
    """Put another user (or an AI) in a seat of a lobby or running game. The engine
    player id stays; missed count and absent flag are reset; the change is kept in
    `seat_history`."""
    if user_id is None and not is_ai:
        raise ValueError("a human seat needs a user_id")
    now = now_or(now)
    async with db._write() as tx:
        game = await tx.game_row(game_id, GameStatus.LOBBY, GameStatus.RUNNING)
        old_row = await tx.one(
            "SELECT * FROM seats WHERE game_id = ? AND player_id = ?", (game_id, player_id)
        )
        if old_row is None:
            raise SeatError(f"{player_id!r} has no seat in game {game_id}")
        old = rows.seat(old_row)
        if user_id is not None and user_id != old.user_id:
            taken = await tx.one(
                "SELECT player_id FROM seats WHERE game_id = ? AND user_id = ?",
                (game_id, user_id),
            )
            if taken is not None:
                raise SeatError(
                    f"user {user_id} already plays seat {taken[0]!r} in game {game_id}"
                )
        await tx.run(
            "UPDATE seats SET user_id = ?, display_name = ?, is_ai = ?, ai_level = ?,"
            " missed_deadlines = 0, absent = 0 WHERE game_id = ? AND player_id = ?",
            (user_id, display_name, int(is_ai), ai_level, game_id, player_id),
        )
        await tx.run(
            "INSERT INTO seat_history (game_id, seat, player_id, old_user_id, old_display_name,"
            " old_is_ai, old_ai_level, new_user_id, new_display_name, new_is_ai, new_ai_level,"
            " by_user_id, reason, at_version, replaced_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game_id,
                old.seat,
                player_id,
                old.user_id,
                old.display_name,
                int(old.is_ai),
                old.ai_level,
                user_id,
                display_name,
                int(is_ai),
                ai_level,
                by_user_id,
                reason,
                game["version"],
                now,
            ),
        )
        await tx.audit(
            game_id,
            "replace",
            by_user_id,
            {
                "player_id": player_id,
                "old_user_id": old.user_id,
                "new_user_id": user_id,
                "reason": reason,
            },
            now,
        )
        await tx.run("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
    return Seat(
        game_id,
        old.seat,
        player_id,
        user_id,
        display_name,
        is_ai,
        ai_level,
        0,
        False,
        old.joined_at,
    )


async def seat_history(db: Core, game_id: int) -> list[SeatChange]:
    async with db._read() as tx:
        found = await tx.all(
            "SELECT * FROM seat_history WHERE game_id = ? ORDER BY id", (game_id,)
        )
    return [rows.seat_change(r) for r in found]


async def abort_game(
    db: Core,
    game_id: int,
    *,
    by_user_id: int | None = None,
    reason: str | None = None,
    now: int | None = None,
) -> None:
    """Lobby or running -> aborted (timers cleared; state and log are kept)."""
    now = now_or(now)
    async with db._write() as tx:
        await tx.game_row(game_id, GameStatus.LOBBY, GameStatus.RUNNING)
        await tx.run(
            "UPDATE games SET status = 'aborted', end_reason = ?, deadline = NULL,"
            " remind_at = NULL, ended_at = ?, updated_at = ? WHERE id = ?",
            (reason, now, now, game_id),
        )
        await tx.audit(game_id, "abort", by_user_id, {"reason": reason}, now)


async def moderation_log(db: Core, game_id: int) -> list[ModerationEntry]:
    async with db._read() as tx:
        found = await tx.all(
            "SELECT * FROM moderation_log WHERE game_id = ? ORDER BY id", (game_id,)
        )
    return [rows.moderation(r) for r in found]
