"""Rows handed out by `Database`: frozen dataclasses holding plain values.

State texts (`initial_json`, `snapshot_json`) are the engine's ``g.dump()`` output, stored and
returned verbatim; `db` never parses them beyond checking they are valid JSON.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class GameStatus(StrEnum):
    LOBBY = "lobby"
    RUNNING = "running"
    FINISHED = "finished"
    ABORTED = "aborted"


class DecisionSource(StrEnum):
    """Who produced a decision; drives the per-seat missed-deadline counter."""

    PLAYER = "player"  # the seated user: resets the seat's missed count and absent flag
    AI = "ai"  # an AI seat
    TIMEOUT = "timeout"  # default decision at a passed deadline: missed count + 1
    AUTO = "auto"  # default played for an absent player right away: no counter change
    ADMIN = "admin"  # a moderator decided for the seat


@dataclass(frozen=True, slots=True)
class Seat:
    game_id: int
    seat: int  # 0-based position (turn order once started)
    player_id: str  # engine player id (stable for the whole game)
    user_id: int | None  # Discord user playing the seat now; None for AI
    display_name: str
    is_ai: bool
    ai_level: int | None
    missed_deadlines: int  # consecutive deadlines missed
    absent: bool
    joined_at: int


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A `games` row without options, seats or state (cheap to list)."""

    id: int
    game_name: str
    guild_id: int
    channel_id: int
    thread_id: int | None
    host_id: int
    status: GameStatus
    version: int | None
    deadline: int | None
    remind_at: int | None
    reminder_sent: bool
    end_reason: str | None
    created_at: int
    started_at: int | None
    ended_at: int | None
    updated_at: int


@dataclass(frozen=True, slots=True)
class Game:
    """A game's row with its parsed options and its seats in seat order."""

    id: int
    game_name: str
    guild_id: int
    channel_id: int
    thread_id: int | None
    host_id: int
    options: dict[str, Any]
    status: GameStatus
    version: int | None
    deadline: int | None
    remind_at: int | None
    reminder_sent: bool
    end_reason: str | None
    created_at: int
    started_at: int | None
    ended_at: int | None
    updated_at: int
    seats: tuple[Seat, ...] = field(default=())

    def seat_of_player(self, player_id: str) -> Seat | None:
        return next((s for s in self.seats if s.player_id == player_id), None)

    def seat_of_user(self, user_id: int) -> Seat | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    @property
    def player_ids(self) -> list[str]:
        return [s.player_id for s in self.seats]


@dataclass(frozen=True, slots=True)
class TimerRow:
    """What resuming and timer loops need about a running game (no state texts)."""

    game_id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    game_name: str
    version: int
    deadline: int | None
    remind_at: int | None
    reminder_sent: bool


@dataclass(frozen=True, slots=True)
class Snapshot:
    game_id: int
    version: int
    json: str


@dataclass(frozen=True, slots=True)
class InitialState:
    game_id: int
    json: str
    seed: int  # secret until the game ends


@dataclass(frozen=True, slots=True)
class Decision:
    game_id: int
    seq: int  # 1, 2, 3, ... (position in the log)
    player_id: str
    text: str  # engine notation, e.g. "mine blue-4"
    prev_version: int  # state version it was applied to
    version: int  # state version after it
    source: DecisionSource
    by_user_id: int | None
    created_at: int
    sealed: bool = False  # a secret commit not yet revealed: shown to its player only


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """Input to `finish_game` / `append_decision(results=...)`: one per seat."""

    player_id: str
    score: int
    won: bool


@dataclass(frozen=True, slots=True)
class Result:
    game_id: int
    seat: int
    player_id: str
    user_id: int | None
    is_ai: bool
    guild_id: int
    game_name: str
    score: int
    won: bool
    finished_at: int


@dataclass(frozen=True, slots=True)
class PlayerStats:
    user_id: int
    games: int
    wins: int
    average_score: float
    best_score: int


@dataclass(frozen=True, slots=True)
class SeatChange:
    id: int
    game_id: int
    seat: int
    player_id: str
    old_user_id: int | None
    old_display_name: str
    old_is_ai: bool
    old_ai_level: int | None
    new_user_id: int | None
    new_display_name: str
    new_is_ai: bool
    new_ai_level: int | None
    by_user_id: int | None
    reason: str | None
    at_version: int | None
    replaced_at: int


@dataclass(frozen=True, slots=True)
class ModerationEntry:
    id: int
    game_id: int
    action: str  # "undo", "replace", "abort", "import"
    by_user_id: int | None
    detail: dict[str, Any]
    created_at: int


@dataclass(frozen=True, slots=True)
class OwedTimer:
    """One player's owed decision and its own timer (table ``owed``)."""

    player_id: str
    decision: str
    since: int  # when they began owing it
    deadline: int | None
    remind_at: int | None = None
    reminder_sent: bool = False
    clock_at: float | None = None  # when their measured clock started (a "start" decision)


@dataclass(frozen=True, slots=True)
class Draft:
    """A player's private draft (table ``drafts``): notation typed so far, for the state
    ``version``, and the seconds at which each word was last placed."""

    game_id: int
    player_id: str
    version: int
    text: str
    marks: dict[str, float]
    updated_at: int
