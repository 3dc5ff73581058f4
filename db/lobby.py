"""Creating a game, seats joining and leaving, and starting it."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from db import rows
from db.errors import SeatError, ThreadInUse
from db.models import Game, GameStatus, Seat
from db.storage.core import Core, Tx, now_or
from engine import DEFAULT_GAME

LOBBY = GameStatus.LOBBY


def options_text(options: Mapping[str, Any] | None) -> str:
    if options is None:
        return "{}"
    if not isinstance(options, Mapping):
        raise TypeError("options must be a mapping")
    return json.dumps(dict(options), ensure_ascii=False, sort_keys=True)


def check_json(text: str, what: str) -> None:
    if not isinstance(text, str):
        raise TypeError(f"{what} must be a JSON string, not {type(text).__name__}")
    try:
        json.loads(text)
    except ValueError as exc:
        raise ValueError(f"{what} is not valid JSON: {exc}") from exc


def check_dumped_json(text: str, what: str) -> None:
    """A cheap guard for state text the engine itself just dumped: a string that opens and
    closes like a JSON object or array. Not parsed again (a full ``json.loads`` per decision
    cost ~2% of the bot's CPU); text from outside (an import) is parsed where it is read,
    in ``referee/desks/imports.py`` and ``db/transfer.py``."""
    if not isinstance(text, str):
        raise TypeError(f"{what} must be a JSON string, not {type(text).__name__}")
    body = text.strip()
    if len(body) < 2 or (body[0], body[-1]) not in (("{", "}"), ("[", "]")):
        raise ValueError(f"{what} is not valid JSON: it is not an object nor an array")


async def check_thread_free(tx: Tx, thread_id: int | None, game_id: int | None = None) -> None:
    if thread_id is None:
        return
    row = await tx.one(
        "SELECT id FROM games WHERE thread_id = ? AND status IN ('lobby', 'running') AND id IS NOT ?",
        (thread_id, game_id),
    )
    if row is not None:
        raise ThreadInUse(thread_id, row["id"])


async def load_seats(tx: Tx, game_id: int) -> list[Seat]:
    return [
        rows.seat(r)
        for r in await tx.all("SELECT * FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
    ]


async def load_game(tx: Tx, game_id: int) -> Game:
    row = await tx.game_row(game_id)
    return rows.game(row, await load_seats(tx, game_id))


async def create_game(
    db: Core,
    *,
    guild_id: int,
    channel_id: int,
    host_id: int,
    game_name: str = DEFAULT_GAME,
    options: Mapping[str, Any] | None = None,
    thread_id: int | None = None,
    now: int | None = None,
) -> Game:
    """A new game in status `lobby`, with no seats (the host joins like anyone else)."""
    now = now_or(now)
    text = options_text(options)
    async with db._write() as tx:
        await check_thread_free(tx, thread_id)
        game_id = await tx.insert(
            "INSERT INTO games (game_name, guild_id, channel_id, thread_id, host_id,"
            " options_json, status, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, 'lobby', ?, ?)",
            (game_name, guild_id, channel_id, thread_id, host_id, text, now, now),
        )
        return await load_game(tx, game_id)


async def set_thread(
    db: Core, game_id: int, thread_id: int | None, *, now: int | None = None
) -> None:
    """Attach the game to a (new) Discord thread."""
    async with db._write() as tx:
        await tx.game_row(game_id)
        await check_thread_free(tx, thread_id, game_id)
        await tx.run(
            "UPDATE games SET thread_id = ?, updated_at = ? WHERE id = ?",
            (thread_id, now_or(now), game_id),
        )


async def update_options(
    db: Core, game_id: int, options: Mapping[str, Any], *, now: int | None = None
) -> None:
    """Replace the options of a game still in its lobby."""
    text = options_text(options)
    async with db._write() as tx:
        await tx.game_row(game_id, LOBBY)
        await tx.run(
            "UPDATE games SET options_json = ?, updated_at = ? WHERE id = ?",
            (text, now_or(now), game_id),
        )


async def join_seat(
    db: Core,
    game_id: int,
    *,
    user_id: int | None,
    display_name: str,
    is_ai: bool = False,
    ai_level: int | None = None,
    player_id: str | None = None,
    max_seats: int | None = None,
    now: int | None = None,
) -> Seat:
    """Take the next free seat. The engine player id defaults to ``str(user_id)`` for
    humans and ``ai-N`` for AI seats. SeatError if already seated or full."""
    if user_id is None and not is_ai:
        raise ValueError("a human seat needs a user_id")
    now = now_or(now)
    async with db._write() as tx:
        await tx.game_row(game_id, LOBBY)
        seats = await load_seats(tx, game_id)
        if user_id is not None and any(s.user_id == user_id for s in seats):
            raise SeatError(f"user {user_id} already has a seat in game {game_id}")
        if max_seats is not None and len(seats) >= max_seats:
            raise SeatError(f"game {game_id} is full ({max_seats} seats)")
        if player_id is None:
            player_id = str(user_id) if user_id is not None else _next_ai_id(seats)
        if any(s.player_id == player_id for s in seats):
            raise SeatError(f"player id {player_id!r} is already used in game {game_id}")
        position = len(seats)
        await tx.run(
            "INSERT INTO seats (game_id, seat, player_id, user_id, display_name, is_ai,"
            " ai_level, joined_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (game_id, position, player_id, user_id, display_name, int(is_ai), ai_level, now),
        )
        await tx.run("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
        return Seat(
            game_id, position, player_id, user_id, display_name, is_ai, ai_level, 0, False, now
        )


async def leave_seat(
    db: Core,
    game_id: int,
    *,
    user_id: int | None = None,
    player_id: str | None = None,
    now: int | None = None,
) -> Seat:
    """Remove a seat from a lobby (by user or by player id); later seats move up one."""
    if (user_id is None) == (player_id is None):
        raise ValueError("give exactly one of user_id and player_id")
    async with db._write() as tx:
        await tx.game_row(game_id, LOBBY)
        seats = await load_seats(tx, game_id)
        if user_id is not None:
            who = f"user {user_id}"
            leaving = next((s for s in seats if s.user_id == user_id), None)
        else:
            who = repr(player_id)
            leaving = next((s for s in seats if s.player_id == player_id), None)
        if leaving is None:
            raise SeatError(f"{who} has no seat in game {game_id}")
        await tx.run(
            "DELETE FROM seats WHERE game_id = ? AND player_id = ?",
            (game_id, leaving.player_id),
        )
        await tx.renumber_seats(game_id, [s.player_id for s in seats if s is not leaving])
        await tx.run("UPDATE games SET updated_at = ? WHERE id = ?", (now_or(now), game_id))
        return leaving


async def start_game(
    db: Core,
    game_id: int,
    *,
    initial_json: str,
    seed: int,
    snapshot_json: str | None = None,
    version: int = 0,
    seat_order: Sequence[str] | None = None,
    deadline: int | None = None,
    remind_at: int | None = None,
    now: int | None = None,
) -> Game:
    """Lobby -> running: store the initial state (also the first snapshot unless given),
    its version and the secret seed. `seat_order` (player ids) reorders the seats to the
    engine's seat order."""
    check_json(initial_json, "initial state")
    snapshot_json = initial_json if snapshot_json is None else snapshot_json
    check_json(snapshot_json, "snapshot")
    if not isinstance(seed, int):
        raise TypeError("seed must be an int")
    now = now_or(now)
    async with db._write() as tx:
        await tx.game_row(game_id, LOBBY)
        seats = await load_seats(tx, game_id)
        if not seats:
            raise SeatError(f"game {game_id} has no seats")
        if seat_order is not None:
            if sorted(seat_order) != sorted(s.player_id for s in seats):
                raise SeatError(
                    f"seat_order {list(seat_order)} is not a reordering of the seated players"
                )
            await tx.renumber_seats(game_id, list(seat_order))
        await tx.run(
            "INSERT INTO game_states (game_id, seed, initial_json, snapshot_json)"
            " VALUES (?, ?, ?, ?)",
            (game_id, str(seed), initial_json, snapshot_json),
        )
        await tx.run(
            "UPDATE games SET status = 'running', version = ?, deadline = ?, remind_at = ?,"
            " reminder_sent = 0, started_at = ?, updated_at = ? WHERE id = ?",
            (version, deadline, remind_at, now, now, game_id),
        )
        return await load_game(tx, game_id)


def _next_ai_id(seats: list[Seat]) -> str:
    used = {s.player_id for s in seats}
    n = 1
    while f"ai-{n}" in used:
        n += 1
    return f"ai-{n}"
