"""Loading games and states, the decision log, and the end of a game."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Sequence
from typing import Any

from db import rows
from db.errors import CorruptGame, GameNotFound, SeatError, StaleVersion, WrongStatus
from db.lobby import check_dumped_json, load_game, load_seats
from db.models import (
    Decision,
    DecisionSource,
    Game,
    GameStatus,
    GameSummary,
    InitialState,
    OwedTimer,
    PlayerResult,
    Result,
    Snapshot,
    TimerRow,
)
from db.owed import earliest_owed, reveal_sealed, write_owed
from db.storage.core import Core, Tx, now_or
from db.thread_memory import write_run

log = logging.getLogger(__name__)
RUNNING = GameStatus.RUNNING


# --- loading ---------------------------------------------------------------------------


async def get_game(db: Core, game_id: int) -> Game:
    """Game row, options and seats. GameNotFound; CorruptGame if its options are unreadable."""
    async with db._read() as tx:
        return await load_game(tx, game_id)


async def find_game_by_thread(db: Core, thread_id: int) -> Game | None:
    """The active (lobby/running) game of a thread, else its most recent game, else None."""
    async with db._read() as tx:
        row = await tx.one(
            "SELECT id FROM games WHERE thread_id = ?"
            " ORDER BY status IN ('lobby', 'running') DESC, id DESC LIMIT 1",
            (thread_id,),
        )
        return None if row is None else await load_game(tx, row["id"])


async def list_games(
    db: Core,
    *,
    status: GameStatus | None = None,
    guild_id: int | None = None,
    user_id: int | None = None,
    limit: int = 100,
    offset: int = 0,
) -> list[GameSummary]:
    """Newest first. Reads no JSON; a row that cannot be converted is logged and skipped."""
    where: list[str] = []
    params: list[object] = []
    if status is not None:
        where.append("g.status = ?")
        params.append(str(status))
    if guild_id is not None:
        where.append("g.guild_id = ?")
        params.append(guild_id)
    if user_id is not None:
        where.append("g.id IN (SELECT game_id FROM seats WHERE user_id = ?)")
        params.append(user_id)
    columns = ", ".join("g." + c.strip() for c in rows.SUMMARY_COLUMNS.split(","))
    sql = f"SELECT {columns} FROM games g"  # noqa: S608 - fixed fragments only
    if where:
        sql += " WHERE " + " AND ".join(where)
    sql += " ORDER BY g.id DESC LIMIT ? OFFSET ?"
    async with db._read() as tx:
        found = await tx.all(sql, [*params, limit, offset])
    out = []
    for row in found:
        try:
            out.append(rows.summary(row))
        except (ValueError, TypeError, KeyError) as exc:
            log.warning("skipping unreadable games row %s: %s", row["id"], exc)
    return out


async def running_games(db: Core) -> list[TimerRow]:
    """Every running game: ids, thread ids, versions and timers; no JSON is read."""
    async with db._read() as tx:
        found = await tx.all(
            f"SELECT {rows.TIMER_COLUMNS} FROM games WHERE status = 'running' ORDER BY id"
        )
    return [rows.timer(r) for r in found]


async def load_snapshot(db: Core, game_id: int) -> Snapshot:
    """Latest state text and its version. CorruptGame if it is missing or not JSON."""
    async with db._read() as tx:
        row = await _state_row(tx, game_id, "s.snapshot_json, json_valid(s.snapshot_json)")
    if not row[2]:
        raise CorruptGame(game_id, f"the saved state (version {row[0]}) is not valid JSON")
    return Snapshot(game_id, row[0], row[1])


async def load_initial(db: Core, game_id: int) -> InitialState:
    """Initial state text and seed (both secret while the game runs)."""
    async with db._read() as tx:
        row = await _state_row(
            tx, game_id, "s.initial_json, json_valid(s.initial_json), s.seed"
        )
    if not row[2]:
        raise CorruptGame(game_id, "the initial state is not valid JSON")
    try:
        seed = int(row[3])
    except (TypeError, ValueError) as exc:
        raise CorruptGame(game_id, f"the seed {row[3]!r} is not an integer") from exc
    return InitialState(game_id, row[1], seed)


async def get_log(db: Core, game_id: int, *, after_seq: int = 0) -> list[Decision]:
    """The decision log in order (only decisions with seq > `after_seq`)."""
    async with db._read() as tx:
        await tx.game_row(game_id)
        found = await tx.all(
            "SELECT * FROM decisions WHERE game_id = ? AND seq > ? ORDER BY seq",
            (game_id, after_seq),
        )
    return [rows.decision(r) for r in found]


async def get_results(db: Core, game_id: int) -> list[Result]:
    async with db._read() as tx:
        found = await tx.all(
            "SELECT * FROM results WHERE game_id = ? ORDER BY seat", (game_id,)
        )
    return [rows.result(r) for r in found]


# --- deciding --------------------------------------------------------------------------


async def append_decision(
    db: Core,
    game_id: int,
    expected_version: int,
    player_id: str,
    text: str,
    new_snapshot_json: str,
    new_version: int,
    *,
    deadline: int | None,
    remind_at: int | None = None,
    source: DecisionSource = DecisionSource.PLAYER,
    by_user_id: int | None = None,
    absent_after: int | None = None,
    results: Sequence[PlayerResult] | None = None,
    now: int | None = None,
    sealed: bool = False,
    reveal: bool = False,
    owed: Sequence[OwedTimer] | None = None,
    run: Sequence[str] | None = None,
) -> Decision:
    """Log one decision and store the state after it, in one committed transaction.

    ``sealed``: a secret commit, logged hidden until a decision with ``reveal`` (the
    engine emitted a public "reveal" event) unseals every sealed one. ``owed``: each
    player's owed decision and timer after it (0005); the game's timer becomes the
    earliest of them (``deadline``/``remind_at`` are then ignored).
    StaleVersion (nothing changed) unless the stored version is `expected_version`.
    `deadline`/`remind_at` become the game's next timer (None: no timer) and the reminder
    is re-armed. `source` updates the deciding seat's missed-deadline count: PLAYER resets
    it (and `absent`), TIMEOUT adds one (and sets `absent` once it reaches `absent_after`).
    With `results` (the decision ended the game) the game is finished in the same
    transaction, as by `finish_game`. ``run``: the deciding player's decisions chosen
    ahead that are still to make after this one (``db.thread_memory``; empty: none left),
    so a run is never replayed nor lost across a crash; None leaves it as it is.
    """
    source = DecisionSource(source)
    check_dumped_json(new_snapshot_json, "new snapshot")
    if new_version <= expected_version:
        raise ValueError(
            f"new_version {new_version} must exceed expected_version {expected_version}"
        )
    now = now_or(now)
    if owed is not None:  # the game's timer is the earliest owed one (as write_owed sets)
        deadline, remind_at = earliest_owed(owed)
    async with db._write(game_id) as tx:
        # One conditional write checks the version and moves the game on; the row is read
        # only to name the error when it changes nothing (stale, finished, missing).
        changed = await tx.run(
            "UPDATE games SET version = ?, deadline = ?, remind_at = ?, reminder_sent = 0,"
            " updated_at = ? WHERE id = ? AND version = ? AND status = 'running'",
            (new_version, deadline, remind_at, now, game_id, expected_version),
        )
        if changed != 1:
            await versioned_row(tx, game_id, expected_version)
            raise StaleVersion(game_id, expected_version, None)  # guard: writes serialise
        if not await _count_missed(tx, game_id, player_id, source, absent_after):
            raise SeatError(f"{player_id!r} has no seat in game {game_id}")
        last = await tx.one("SELECT MAX(seq) FROM decisions WHERE game_id = ?", (game_id,))
        seq = (last[0] or 0) + 1 if last else 1
        await tx.run(
            "INSERT INTO decisions (game_id, seq, player_id, text, prev_version, version,"
            " source, by_user_id, created_at, sealed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game_id,
                seq,
                player_id,
                text,
                expected_version,
                new_version,
                str(source),
                by_user_id,
                now,
                int(sealed),
            ),
        )
        changed = await tx.run(
            "UPDATE game_states SET snapshot_json = ? WHERE game_id = ?",
            (new_snapshot_json, game_id),
        )
        if changed != 1:
            raise CorruptGame(game_id, "its saved state is missing")
        if reveal:
            await reveal_sealed(tx, game_id)
        if owed is not None:
            await write_owed(tx, game_id, owed, game_timer=False)
        await tx.run("DELETE FROM drafts WHERE game_id = ? AND player_id = ?",
                     (game_id, player_id))
        if run is not None:
            await write_run(tx, game_id, player_id, run)
        if results is not None:
            await _finish(tx, await tx.game_row(game_id), results, None, now)
    return Decision(
        game_id, seq, player_id, text, expected_version, new_version, source, by_user_id, now,
        sealed and not reveal,
    )


async def finish_game(
    db: Core,
    game_id: int,
    expected_version: int,
    results: Sequence[PlayerResult],
    *,
    end_reason: str | None = None,
    now: int | None = None,
) -> None:
    """Running -> finished, with one result row per seat (for the stats)."""
    now = now_or(now)
    async with db._write(game_id) as tx:
        row = await versioned_row(tx, game_id, expected_version)
        await _finish(tx, row, results, end_reason, now)


async def _state_row(tx: Tx, game_id: int, columns: str) -> tuple[Any, ...]:
    """(version, *columns) of a started game's state; GameNotFound/WrongStatus/CorruptGame."""
    row = await tx.one(
        f"SELECT g.version, g.status, s.game_id IS NOT NULL, {columns}"  # noqa: S608 - constants
        " FROM games g LEFT JOIN game_states s ON s.game_id = g.id WHERE g.id = ?",
        (game_id,),
    )
    if row is None:
        raise GameNotFound(game_id)
    if row[1] == GameStatus.LOBBY:
        raise WrongStatus(game_id, row[1], "started")
    if not row[2]:
        raise CorruptGame(game_id, "its saved state is missing")
    if not isinstance(row[0], int):
        raise CorruptGame(game_id, f"its state version {row[0]!r} is not a number")
    return (row[0], *tuple(row)[3:])


async def versioned_row(tx: Tx, game_id: int, expected_version: int) -> sqlite3.Row:
    """The running game's row, checking the optimistic version first."""
    row = await tx.game_row(game_id)
    if (
        row["status"] in (GameStatus.RUNNING, GameStatus.FINISHED)
        and row["version"] != expected_version
    ):
        raise StaleVersion(game_id, expected_version, row["version"])
    if row["status"] != GameStatus.RUNNING:
        raise WrongStatus(game_id, row["status"], "running")
    return row


async def _count_missed(
    tx: Tx, game_id: int, player_id: str, source: DecisionSource, absent_after: int | None
) -> bool:
    """Update the deciding seat's missed-deadline count; False if the player has no seat."""
    if source == DecisionSource.PLAYER:
        return await tx.run(
            "UPDATE seats SET missed_deadlines = 0, absent = 0 WHERE game_id = ? AND player_id = ?",
            (game_id, player_id),
        ) == 1
    if source == DecisionSource.TIMEOUT:
        return await add_missed(tx, game_id, player_id, absent_after) == 1
    seat = await tx.one(
        "SELECT 1 FROM seats WHERE game_id = ? AND player_id = ?", (game_id, player_id)
    )
    return seat is not None


async def add_missed(tx: Tx, game_id: int, player_id: str, absent_after: int | None) -> int:
    """Missed count + 1 (absent once it reaches `absent_after`); return how many rows changed."""
    return await tx.run(
        "UPDATE seats SET missed_deadlines = missed_deadlines + 1,"
        " absent = CASE WHEN CAST(? AS INTEGER) IS NOT NULL AND missed_deadlines + 1 >= ?"
        " THEN 1 ELSE absent END"
        " WHERE game_id = ? AND player_id = ?",
        (absent_after, absent_after, game_id, player_id),
    )


async def _finish(
    tx: Tx, game: sqlite3.Row, results: Sequence[PlayerResult], end_reason: str | None, now: int
) -> None:
    game_id = game["id"]
    seats = await load_seats(tx, game_id)
    by_player = {r.player_id: r for r in results}
    if len(by_player) != len(results) or set(by_player) != {s.player_id for s in seats}:
        raise ValueError(
            f"results must name each seated player once: got {[r.player_id for r in results]},"
            f" seats {[s.player_id for s in seats]}"
        )
    await tx.many(
        "INSERT INTO results (game_id, seat, player_id, user_id, is_ai, guild_id, game_name,"
        " score, won, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                game_id,
                s.seat,
                s.player_id,
                s.user_id,
                int(s.is_ai),
                game["guild_id"],
                game["game_name"],
                int(by_player[s.player_id].score),
                int(bool(by_player[s.player_id].won)),
                now,
            )
            for s in seats
        ],
    )
    await tx.run(
        "UPDATE games SET status = 'finished', end_reason = ?, deadline = NULL, remind_at = NULL,"
        " ended_at = ?, updated_at = ? WHERE id = ?",
        (end_reason, now, now, game_id),
    )
