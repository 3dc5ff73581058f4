"""Conversions from `sqlite3.Row` to the dataclasses of `db.models`."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from db.errors import CorruptGame
from db.models import (
    Decision,
    DecisionSource,
    Game,
    GameStatus,
    GameSummary,
    ModerationEntry,
    Result,
    Seat,
    SeatChange,
    TimerRow,
)

SUMMARY_COLUMNS = (
    "id, game_name, guild_id, channel_id, thread_id, host_id, status, version, deadline,"
    " remind_at, reminder_sent, end_reason, created_at, started_at, ended_at, updated_at"
)
TIMER_COLUMNS = (
    "id, guild_id, channel_id, thread_id, game_name, version, deadline, remind_at, reminder_sent"
)


def _opt_int(value: Any) -> int | None:
    return None if value is None else int(value)


def summary(row: sqlite3.Row) -> GameSummary:
    return GameSummary(
        id=row["id"],
        game_name=row["game_name"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        host_id=row["host_id"],
        status=GameStatus(row["status"]),
        version=row["version"],
        deadline=row["deadline"],
        remind_at=row["remind_at"],
        reminder_sent=bool(row["reminder_sent"]),
        end_reason=row["end_reason"],
        created_at=row["created_at"],
        started_at=row["started_at"],
        ended_at=row["ended_at"],
        updated_at=row["updated_at"],
    )


def game(row: sqlite3.Row, seats: list[Seat]) -> Game:
    """Full game; CorruptGame if its options are not a JSON object."""
    try:
        options = json.loads(row["options_json"])
    except (TypeError, ValueError) as exc:
        raise CorruptGame(row["id"], f"options are not valid JSON ({exc})") from exc
    if not isinstance(options, dict):
        raise CorruptGame(row["id"], "options are not a JSON object")
    base = summary(row)
    return Game(
        id=base.id,
        game_name=base.game_name,
        guild_id=base.guild_id,
        channel_id=base.channel_id,
        thread_id=base.thread_id,
        host_id=base.host_id,
        options=options,
        status=base.status,
        version=base.version,
        deadline=base.deadline,
        remind_at=base.remind_at,
        reminder_sent=base.reminder_sent,
        end_reason=base.end_reason,
        created_at=base.created_at,
        started_at=base.started_at,
        ended_at=base.ended_at,
        updated_at=base.updated_at,
        seats=tuple(seats),
    )


def timer(row: sqlite3.Row) -> TimerRow:
    return TimerRow(
        game_id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        thread_id=row[3],
        game_name=row[4],
        version=row[5],
        deadline=row[6],
        remind_at=row[7],
        reminder_sent=bool(row[8]),
    )


def seat(row: sqlite3.Row) -> Seat:
    return Seat(
        game_id=row["game_id"],
        seat=row["seat"],
        player_id=row["player_id"],
        user_id=row["user_id"],
        display_name=row["display_name"],
        is_ai=bool(row["is_ai"]),
        ai_level=_opt_int(row["ai_level"]),
        missed_deadlines=row["missed_deadlines"],
        absent=bool(row["absent"]),
        joined_at=row["joined_at"],
    )


def decision(row: sqlite3.Row) -> Decision:
    return Decision(
        game_id=row["game_id"],
        seq=row["seq"],
        player_id=row["player_id"],
        text=row["text"],
        prev_version=row["prev_version"],
        version=row["version"],
        source=DecisionSource(row["source"]),
        by_user_id=row["by_user_id"],
        created_at=row["created_at"],
        sealed=bool(row["sealed"]),
    )


def result(row: sqlite3.Row) -> Result:
    return Result(
        game_id=row["game_id"],
        seat=row["seat"],
        player_id=row["player_id"],
        user_id=row["user_id"],
        is_ai=bool(row["is_ai"]),
        guild_id=row["guild_id"],
        game_name=row["game_name"],
        score=row["score"],
        won=bool(row["won"]),
        finished_at=row["finished_at"],
    )


def seat_change(row: sqlite3.Row) -> SeatChange:
    return SeatChange(
        id=row["id"],
        game_id=row["game_id"],
        seat=row["seat"],
        player_id=row["player_id"],
        old_user_id=row["old_user_id"],
        old_display_name=row["old_display_name"],
        old_is_ai=bool(row["old_is_ai"]),
        old_ai_level=_opt_int(row["old_ai_level"]),
        new_user_id=row["new_user_id"],
        new_display_name=row["new_display_name"],
        new_is_ai=bool(row["new_is_ai"]),
        new_ai_level=_opt_int(row["new_ai_level"]),
        by_user_id=row["by_user_id"],
        reason=row["reason"],
        at_version=row["at_version"],
        replaced_at=row["replaced_at"],
    )


def moderation(row: sqlite3.Row) -> ModerationEntry:
    try:
        detail = json.loads(row["detail_json"])
    except (TypeError, ValueError):
        detail = {"unreadable": row["detail_json"]}
    return ModerationEntry(
        id=row["id"],
        game_id=row["game_id"],
        action=row["action"],
        by_user_id=row["by_user_id"],
        detail=detail if isinstance(detail, dict) else {"value": detail},
        created_at=row["created_at"],
    )
