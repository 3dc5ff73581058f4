"""Export a game as one JSON document, and import such a document as a new game.

The document holds secrets while the game runs (the seed, and the RNG inside the states), so
the bot should hand exports of running games to moderators only.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic_core import ErrorDetails, from_json

from db import rows
from db.errors import ImportRejected
from db.lobby import load_seats
from db.models import DecisionSource, GameStatus
from db.storage.core import Core, Tx, now_or
from engine import DEFAULT_GAME

FORMAT: Literal["stella-bot/game-export"] = "stella-bot/game-export"
FORMAT_VERSION: Literal[1] = 1
NAME_MAX = 100  # characters in an imported display name


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class GameDoc(_Model):
    id: int
    game_name: str = DEFAULT_GAME  # exports written before there were other games name none
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


class SeatDoc(_Model):
    seat: int
    player_id: str
    user_id: int | None
    display_name: str
    is_ai: bool
    ai_level: int | None
    missed_deadlines: int
    absent: bool
    joined_at: int


class SnapshotDoc(_Model):
    version: int
    state: str  # the engine's JSON text


class DecisionDoc(_Model):
    seq: int
    player_id: str
    text: str
    prev_version: int
    version: int
    source: DecisionSource
    by_user_id: int | None
    created_at: int


class ResultDoc(_Model):
    player_id: str
    score: int
    won: bool
    finished_at: int


class SeatChangeDoc(_Model):
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


class ExportDoc(_Model):
    format: Literal["stella-bot/game-export"]
    format_version: Literal[1]
    exported_at: int
    game: GameDoc
    seats: list[SeatDoc]
    seed: int | None
    initial_state: str | None
    snapshot: SnapshotDoc | None
    log: list[DecisionDoc]
    results: list[ResultDoc]
    seat_history: list[SeatChangeDoc]


def parse_document(document: Mapping[str, Any] | str | bytes | ExportDoc) -> ExportDoc:
    """Shape and consistency checks; ImportRejected listing every problem found, each a short
    sentence naming the field (never the parser's own wording)."""
    if isinstance(document, ExportDoc):
        doc = document
    else:
        try:
            # Always through JSON: strict JSON mode accepts enum values as strings and rejects
            # 1.0 for an int or true for a number, and a Mapping must be JSON-serialisable
            # anyway. pydantic's parser refuses absurd nesting instead of recursing.
            text = document if isinstance(document, str | bytes) else json.dumps(dict(document))
            doc = ExportDoc.model_validate_json(text)
        except ValidationError as exc:
            raise ImportRejected([field_problem(e) for e in exc.errors()]) from None
        except (TypeError, ValueError, RecursionError):
            raise ImportRejected(["the document is not a JSON object of plain values"]) from None
    problems = consistency_problems(doc)
    if problems:
        raise ImportRejected(problems)
    return doc


def field_problem(error: ErrorDetails) -> str:
    """One validation error as a plain sentence naming the field."""
    where = ".".join(str(p) for p in error["loc"]) or "the document"
    kind = error["type"]
    if kind == "json_invalid":
        return "the file is not valid JSON, or is nested too deeply"
    if kind == "missing":
        return f"{where} is missing"
    if kind == "extra_forbidden":
        return f"{where} is not part of a game export"
    return f"{where} has the wrong type or value"


def consistency_problems(doc: ExportDoc) -> list[str]:
    problems: list[str] = []
    game, status = doc.game, doc.game.status
    positions = [s.seat for s in doc.seats]
    if positions != list(range(len(positions))):
        problems.append(
            f"seats: positions must be 0..{len(positions) - 1} in order, got {positions}"
        )
    players = [s.player_id for s in doc.seats]
    if len(set(players)) != len(players):
        problems.append("seats: player ids are not unique")
    users = [s.user_id for s in doc.seats if s.user_id is not None]
    if len(set(users)) != len(users):
        problems.append("seats: a user holds two seats")
    problems += [
        f"seats.{s.seat}: a human seat needs a user_id"
        for s in doc.seats
        if s.user_id is None and not s.is_ai
    ]
    problems += [
        f"seats.{s.seat}: the display name must be 1 to {NAME_MAX} characters, no control ones"
        for s in doc.seats
        if not 0 < len(s.display_name) <= NAME_MAX
        or any(ord(c) < 32 or c == "\x7f" for c in s.display_name)
    ]
    started = doc.snapshot is not None
    if (doc.initial_state is None) != (doc.snapshot is None) or (doc.seed is None) != (
        doc.snapshot is None
    ):
        problems.append("initial_state, seed and snapshot must be all present or all null")
    if status == GameStatus.LOBBY and (started or doc.log or game.version is not None):
        problems.append("a lobby game has no state, no log and no version")
    if status in (GameStatus.RUNNING, GameStatus.FINISHED) and not started:
        problems.append(f"a {status} game needs initial_state, seed and snapshot")
    if doc.snapshot is not None and game.version != doc.snapshot.version:
        problems.append(
            f"game.version {game.version} differs from snapshot.version {doc.snapshot.version}"
        )
    for name, text in (
        ("initial_state", doc.initial_state),
        ("snapshot.state", doc.snapshot.state if doc.snapshot else None),
    ):
        if text is not None:
            try:
                from_json(text)  # refuses absurd nesting instead of recursing
            except ValueError:
                problems.append(f"{name}: not valid JSON, or nested too deeply")
    if doc.log and not started:
        problems.append("log: decisions without a state")
    for i, d in enumerate(doc.log):
        if d.seq != i + 1:
            problems.append(f"log.{i}: seq {d.seq}, expected {i + 1}")
        if d.version <= d.prev_version:
            problems.append(
                f"log.{i}: version {d.version} does not exceed prev_version {d.prev_version}"
            )
        if i and d.prev_version != doc.log[i - 1].version:
            problems.append(
                f"log.{i}: prev_version {d.prev_version} does not follow version {doc.log[i - 1].version}"
            )
        if d.player_id not in players:
            problems.append(f"log.{i}: player {d.player_id!r} has no seat")
    if doc.log and doc.snapshot is not None and doc.log[-1].version != doc.snapshot.version:
        problems.append(
            f"log ends at version {doc.log[-1].version} but snapshot is version {doc.snapshot.version}"
        )
    result_players = [r.player_id for r in doc.results]
    if status == GameStatus.FINISHED and sorted(result_players) != sorted(players):
        problems.append("results: a finished game needs one result per seat")
    if status != GameStatus.FINISHED and doc.results:
        problems.append(f"results: a {status} game has no results")
    problems += [
        f"seat_history.{i}: player {c.player_id!r} has no seat"
        for i, c in enumerate(doc.seat_history)
        if c.player_id not in players
    ]
    return problems


async def export_game(db: Core, game_id: int, *, now: int | None = None) -> dict[str, Any]:
    """The whole game as a JSON-ready dict (see `ExportDoc`)."""
    async with db._read() as tx:
        row = await tx.game_row(game_id)
        game = rows.game(row, await load_seats(tx, game_id))
        state = await tx.one("SELECT * FROM game_states WHERE game_id = ?", (game_id,))
        log = await tx.all("SELECT * FROM decisions WHERE game_id = ? ORDER BY seq", (game_id,))
        results = await tx.all(
            "SELECT * FROM results WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        history = await tx.all(
            "SELECT * FROM seat_history WHERE game_id = ? ORDER BY id", (game_id,)
        )
    game_fields = {k: getattr(game, k) for k in GameDoc.model_fields}
    doc = ExportDoc(
        format=FORMAT,
        format_version=FORMAT_VERSION,
        exported_at=now_or(now),
        game=GameDoc(**game_fields),
        seats=[SeatDoc(**{k: getattr(s, k) for k in SeatDoc.model_fields}) for s in game.seats],
        seed=None if state is None else int(state["seed"]),
        initial_state=None if state is None else state["initial_json"],
        snapshot=None
        if state is None
        else SnapshotDoc(version=row["version"], state=state["snapshot_json"]),
        log=[
            DecisionDoc(**{k: getattr(rows.decision(r), k) for k in DecisionDoc.model_fields})
            for r in log
        ],
        results=[
            ResultDoc(**{k: getattr(rows.result(r), k) for k in ResultDoc.model_fields})
            for r in results
        ],
        seat_history=[
            SeatChangeDoc(
                **{k: getattr(rows.seat_change(r), k) for k in SeatChangeDoc.model_fields}
            )
            for r in history
        ],
    )
    return doc.model_dump(mode="json")


async def import_game(
    db: Core,
    document: Mapping[str, Any] | str | bytes | ExportDoc,
    *,
    guild_id: int | None = None,
    channel_id: int | None = None,
    thread_id: int | None = None,
    by_user_id: int | None = None,
    now: int | None = None,
) -> int:
    """Store an exported game under a new id (the ids given here replace the document's).
    ImportRejected, with nothing written, if the document is malformed or inconsistent, its
    thread already hosts an active game, or the same game (initial state and decision log)
    is already stored in its guild."""
    doc = parse_document(document)
    game = doc.game.model_copy(
        update={
            k: v
            for k, v in (
                ("guild_id", guild_id),
                ("channel_id", channel_id),
                ("thread_id", thread_id),
            )
            if v is not None
        }
    )
    now = now_or(now)
    async with db._write() as tx:
        if game.thread_id is not None and game.status in (GameStatus.LOBBY, GameStatus.RUNNING):
            clash = await tx.one(
                "SELECT id FROM games WHERE thread_id = ? AND status IN ('lobby', 'running')",
                (game.thread_id,),
            )
            if clash is not None:
                raise ImportRejected(
                    [
                        f"thread {game.thread_id} already hosts active game {clash[0]}; import into another thread"
                    ]
                )
        duplicate = await _duplicate(tx, doc, game.guild_id)
        if duplicate is not None:
            raise ImportRejected([f"this game is already stored on this server as game "
                                  f"#{duplicate}"])
        new_id = await _write_doc(tx, doc, game)
        await tx.audit(new_id, "import", by_user_id, {"original_id": doc.game.id}, now)
    return new_id



async def find_duplicate(db: Core, document: ExportDoc, guild_id: int) -> int | None:
    """The id of a game of ``guild_id`` with the same seed, initial state and decision log
    (the same export imported twice, or imported where its original still is), or None."""
    async with db._read() as tx:
        return await _duplicate(tx, document, guild_id)


async def _duplicate(tx: Tx, doc: ExportDoc, guild_id: int) -> int | None:
    if doc.initial_state is None:
        return None  # a lobby: nothing played, nothing to count twice
    candidates = await tx.all(
        "SELECT g.id FROM games g JOIN game_states s ON s.game_id = g.id"
        " WHERE g.guild_id = ? AND s.seed = ? AND s.initial_json = ? ORDER BY g.id",
        (guild_id, str(doc.seed), doc.initial_state),
    )
    wanted = [(d.player_id, d.text) for d in doc.log]
    for row in candidates:
        log = await tx.all(
            "SELECT player_id, text FROM decisions WHERE game_id = ? ORDER BY seq", (row[0],)
        )
        if [(r[0], r[1]) for r in log] == wanted:
            return int(row[0])
    return None


async def _write_doc(tx: Tx, doc: ExportDoc, game: GameDoc) -> int:
    game_id = await tx.insert(
        "INSERT INTO games (game_name, guild_id, channel_id, thread_id, host_id, options_json,"
        " status, version, deadline, remind_at, reminder_sent, end_reason, created_at,"
        " started_at, ended_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            game.game_name,
            game.guild_id,
            game.channel_id,
            game.thread_id,
            game.host_id,
            json.dumps(game.options, ensure_ascii=False, sort_keys=True),
            str(game.status),
            game.version,
            game.deadline,
            game.remind_at,
            int(game.reminder_sent),
            game.end_reason,
            game.created_at,
            game.started_at,
            game.ended_at,
            game.updated_at,
        ),
    )
    await tx.many(
        "INSERT INTO seats (game_id, seat, player_id, user_id, display_name, is_ai, ai_level,"
        " missed_deadlines, absent, joined_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                game_id,
                s.seat,
                s.player_id,
                s.user_id,
                s.display_name,
                int(s.is_ai),
                s.ai_level,
                s.missed_deadlines,
                int(s.absent),
                s.joined_at,
            )
            for s in doc.seats
        ],
    )
    if doc.snapshot is not None:
        await tx.run(
            "INSERT INTO game_states (game_id, seed, initial_json, snapshot_json) VALUES (?, ?, ?, ?)",
            (game_id, str(doc.seed), doc.initial_state, doc.snapshot.state),
        )
    await tx.many(
        "INSERT INTO decisions (game_id, seq, player_id, text, prev_version, version, source,"
        " by_user_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                game_id,
                d.seq,
                d.player_id,
                d.text,
                d.prev_version,
                d.version,
                str(d.source),
                d.by_user_id,
                d.created_at,
            )
            for d in doc.log
        ],
    )
    seat_of = {s.player_id: s for s in doc.seats}
    await tx.many(
        "INSERT INTO results (game_id, seat, player_id, user_id, is_ai, guild_id, game_name,"
        " score, won, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                game_id,
                seat_of[r.player_id].seat,
                r.player_id,
                seat_of[r.player_id].user_id,
                int(seat_of[r.player_id].is_ai),
                game.guild_id,
                game.game_name,
                r.score,
                int(r.won),
                r.finished_at,
            )
            for r in doc.results
        ],
    )
    await tx.many(
        "INSERT INTO seat_history (game_id, seat, player_id, old_user_id, old_display_name,"
        " old_is_ai, old_ai_level, new_user_id, new_display_name, new_is_ai, new_ai_level,"
        " by_user_id, reason, at_version, replaced_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                game_id,
                c.seat,
                c.player_id,
                c.old_user_id,
                c.old_display_name,
                int(c.old_is_ai),
                c.old_ai_level,
                c.new_user_id,
                c.new_display_name,
                int(c.new_is_ai),
                c.new_ai_level,
                c.by_user_id,
                c.reason,
                c.at_version,
                c.replaced_at,
            )
            for c in doc.seat_history
        ],
    )
    return game_id
