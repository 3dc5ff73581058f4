"""A game's life around its decisions (migration 0006_lifecycle.sql): moderator pauses,
resigned seats, takeback requests, rematches, and the lobbies that expire.

    pauses     (game_id) -> by_user_id, since, left_json: per owing player the seconds left to
               their deadline and reminder when the game was paused (given back on resume)
    resigned   (game_id, player_id) -> user_id who resigned, at_version, resigned_at
    takebacks  (game_id) -> the open request: player_id, user_id, seq of the decision, the
               version asked at, needed/approved (comma-separated user ids), created_at
    rematches  (game_id) -> new_game_id (the rematch lobby), by_user_id, created_at

Plain SQL only (SQLite and PostgreSQL); module functions over a ``Database`` like
``db.holds``. Each write that touches one game's rows names that game (``db._write(game_id)``):
a running bot then forgets only that game from memory (``referee.shared.cache``), and PostgreSQL runs
it beside other games' writes. A rematch, which writes two games, takes the whole-schema lock.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from db.models import GameStatus, OwedTimer
from db.owed import write_owed
from db.storage.core import Core

Left = dict[str, tuple[int, int | None]]  # player -> (seconds to deadline, to reminder or None)


@dataclass(frozen=True, slots=True)
class Pause:
    game_id: int
    by_user_id: int | None
    since: int
    left: Left


@dataclass(frozen=True, slots=True)
class Takeback:
    game_id: int
    player_id: str
    user_id: int
    seq: int
    version: int
    needed: tuple[int, ...]
    approved: tuple[int, ...]
    created_at: int

    @property
    def complete(self) -> bool:
        return set(self.needed) <= set(self.approved)


def _ids(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.split(",") if x)


def _text(ids: Sequence[int]) -> str:
    return ",".join(str(i) for i in ids)


# --- pauses ---------------------------------------------------------------------------------

async def pause(db: Core, game_id: int, *, by_user_id: int | None, now: int,
                left: Mapping[str, tuple[int, int | None]]) -> bool:
    """Pause a running game: remember the time ``left`` per owing player and clear every
    timer (no reminder, no timeout). False if it is already paused."""
    async with db._write(game_id) as tx:
        await tx.game_row(game_id, GameStatus.RUNNING)
        if await tx.one("SELECT game_id FROM pauses WHERE game_id = ?", (game_id,)) is not None:
            return False
        await tx.run("INSERT INTO pauses (game_id, by_user_id, since, left_json) VALUES (?, ?, ?, ?)",
                     (game_id, by_user_id, now, json.dumps({p: list(v) for p, v in left.items()})))
        await tx.run("UPDATE games SET deadline = NULL, remind_at = NULL, reminder_sent = 0,"
                     " updated_at = ? WHERE id = ?", (now, game_id))
        await tx.run("UPDATE owed SET deadline = NULL, remind_at = NULL WHERE game_id = ?",
                     (game_id,))
        await tx.audit(game_id, "pause", by_user_id, {}, now)
    return True


def _pause(row: object) -> Pause:
    r = row  # a database row
    left = {p: (int(v[0]), None if v[1] is None else int(v[1]))
            for p, v in json.loads(r["left_json"]).items()}  # type: ignore[index]
    return Pause(r["game_id"], r["by_user_id"], r["since"], left)  # type: ignore[index]


async def get_pause(db: Core, game_id: int) -> Pause | None:
    """The pause of a running game, None if it isn't paused."""
    async with db._read() as tx:
        row = await tx.one("SELECT p.* FROM pauses p JOIN games g ON g.id = p.game_id"
                           " WHERE p.game_id = ? AND g.status = 'running'", (game_id,))
    return None if row is None else _pause(row)


async def set_left(db: Core, game_id: int, left: Mapping[str, tuple[int, int | None]]) -> None:
    """Change the time left of a paused game's players (a deadline extended while paused)."""
    async with db._write(game_id) as tx:
        await tx.run("UPDATE pauses SET left_json = ? WHERE game_id = ?",
                     (json.dumps({p: list(v) for p, v in left.items()}), game_id))


async def unpause(db: Core, game_id: int, timers: Sequence[OwedTimer], *, by_user_id: int | None,
                  now: int) -> bool:
    """End a pause and give the owing players their ``timers`` (in one transaction). False
    if the game was not paused."""
    async with db._write(game_id) as tx:
        await tx.game_row(game_id, GameStatus.RUNNING)
        if not await tx.run("DELETE FROM pauses WHERE game_id = ?", (game_id,)):
            return False
        await write_owed(tx, game_id, timers)
        await tx.audit(game_id, "resume", by_user_id, {}, now)
    return True


# --- resigned seats -------------------------------------------------------------------------

async def resign(db: Core, game_id: int, player_id: str, *, user_id: int | None,
                 version: int, now: int) -> None:
    async with db._write(game_id) as tx:
        await tx.game_row(game_id, GameStatus.RUNNING)
        if await tx.one("SELECT player_id FROM resigned WHERE game_id = ? AND player_id = ?",
                        (game_id, player_id)) is None:
            await tx.run("INSERT INTO resigned (game_id, player_id, user_id, at_version,"
                         " resigned_at) VALUES (?, ?, ?, ?, ?)",
                         (game_id, player_id, user_id, version, now))
        await tx.audit(game_id, "resign", user_id, {"player_id": player_id}, now)


async def resigned(db: Core, game_id: int) -> dict[str, int | None]:
    """player id -> the member who resigned that seat."""
    async with db._read() as tx:
        found = await tx.all("SELECT player_id, user_id FROM resigned WHERE game_id = ?",
                             (game_id,))
    return {r["player_id"]: r["user_id"] for r in found}


async def resigned_results(db: Core, game_id: int) -> int:
    """A finished game's results for resigned seats: the member who resigned, a loss
    (whoever played the seat out). Returns the rows changed."""
    changed = 0
    async with db._write(game_id) as tx:
        for r in await tx.all("SELECT player_id, user_id FROM resigned WHERE game_id = ?",
                              (game_id,)):
            changed += await tx.run(
                "UPDATE results SET user_id = ?, is_ai = ?, won = 0 WHERE game_id = ?"
                " AND player_id = ?",
                (r["user_id"], 0 if r["user_id"] is not None else 1, game_id, r["player_id"]))
    return changed


# --- takebacks ------------------------------------------------------------------------------

async def open_takeback(db: Core, t: Takeback) -> bool:
    """Record a request; False if the game already has one open."""
    async with db._write(t.game_id) as tx:
        await tx.game_row(t.game_id, GameStatus.RUNNING)
        if await tx.one("SELECT game_id FROM takebacks WHERE game_id = ?", (t.game_id,)):
            return False
        await tx.run("INSERT INTO takebacks (game_id, player_id, user_id, seq, version, needed,"
                     " approved, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                     (t.game_id, t.player_id, t.user_id, t.seq, t.version, _text(t.needed),
                      _text(t.approved), t.created_at))
    return True


def _takeback(r: object) -> Takeback:
    row = r  # a database row
    return Takeback(row["game_id"], row["player_id"], row["user_id"], row["seq"],  # type: ignore[index]
                    row["version"], _ids(row["needed"]), _ids(row["approved"]),  # type: ignore[index]
                    row["created_at"])  # type: ignore[index]


async def get_takeback(db: Core, game_id: int) -> Takeback | None:
    async with db._read() as tx:
        row = await tx.one("SELECT * FROM takebacks WHERE game_id = ?", (game_id,))
    return None if row is None else _takeback(row)


async def approve_takeback(db: Core, game_id: int, user_id: int) -> Takeback | None:
    """Add ``user_id`` to the approvals; the request as it now stands (None: there is none)."""
    async with db._write(game_id) as tx:
        row = await tx.one("SELECT * FROM takebacks WHERE game_id = ?", (game_id,))
        if row is None:
            return None
        t = _takeback(row)
        if user_id not in t.approved:
            approved = (*t.approved, user_id)
            await tx.run("UPDATE takebacks SET approved = ? WHERE game_id = ?",
                         (_text(approved), game_id))
            t = Takeback(t.game_id, t.player_id, t.user_id, t.seq, t.version, t.needed, approved,
                         t.created_at)
    return t


async def drop_takeback(db: Core, game_id: int) -> bool:
    async with db._write(game_id) as tx:
        return await tx.run("DELETE FROM takebacks WHERE game_id = ?", (game_id,)) > 0


# --- rematches ------------------------------------------------------------------------------

async def rematch_of(db: Core, game_id: int) -> int | None:
    """The rematch lobby opened for ``game_id``, if any."""
    async with db._read() as tx:
        row = await tx.one("SELECT new_game_id FROM rematches WHERE game_id = ?", (game_id,))
    return None if row is None else int(row[0])


async def record_rematch(db: Core, game_id: int, new_game_id: int, *, by_user_id: int,
                         now: int) -> bool:
    """False if the game already has a rematch."""
    async with db._write() as tx:
        if await tx.one("SELECT game_id FROM rematches WHERE game_id = ?", (game_id,)):
            return False
        await tx.run("INSERT INTO rematches (game_id, new_game_id, by_user_id, created_at)"
                     " VALUES (?, ?, ?, ?)", (game_id, new_game_id, by_user_id, now))
    return True


# --- lobbies that expire ----------------------------------------------------------------------

async def stale_lobbies(db: Core, before: int, limit: int = 100) -> list[int]:
    """Lobbies unchanged since before ``before`` (epoch seconds), oldest first."""
    async with db._read() as tx:
        found = await tx.all("SELECT id FROM games WHERE status = 'lobby' AND updated_at < ?"
                             " ORDER BY updated_at, id LIMIT ?", (before, limit))
    return [int(r["id"]) for r in found]


async def oldest_lobby(db: Core) -> int | None:
    """The last change of the lobby that expires first (epoch seconds), None: no lobby."""
    async with db._read() as tx:
        row = await tx.one("SELECT MIN(updated_at) FROM games WHERE status = 'lobby'")
    return None if row is None or row[0] is None else int(row[0])
