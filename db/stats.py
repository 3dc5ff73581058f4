"""Per-player statistics from finished games' result rows (AI seats are not counted)."""

from __future__ import annotations

import sqlite3

from db.models import PlayerStats
from db.storage.core import Core
from engine import DEFAULT_GAME

# {where} is one of the fixed fragments below; values are always parameters.
_STATS = (
    "SELECT user_id, COUNT(*) AS games, SUM(won) AS wins, AVG(score) AS average_score,"
    " MAX(score) AS best_score"
    " FROM results WHERE game_name = ? AND user_id IS NOT NULL {where}"
    " GROUP BY user_id"
)
_IN_GUILD = "AND guild_id = ?"
_FOR_USER = "AND user_id = ?"
_ORDER = {
    "wins": "wins DESC, average_score DESC, games DESC, user_id",
    "average": "average_score DESC, games DESC, user_id",
    "games": "games DESC, wins DESC, user_id",
}


def _stats(row: sqlite3.Row) -> PlayerStats:
    return PlayerStats(
        user_id=row["user_id"],
        games=row["games"],
        wins=row["wins"],
        average_score=float(row["average_score"]),
        best_score=row["best_score"],
    )


async def player_stats(
    db: Core, user_id: int, *, guild_id: int | None = None, game_name: str = DEFAULT_GAME
) -> PlayerStats:
    """Games played, wins, average and best score of one user, on one server or everywhere
    (all zero if the user has finished no game)."""
    where, params = _FOR_USER, [game_name, user_id]
    if guild_id is not None:
        where += " " + _IN_GUILD
        params.append(guild_id)
    async with db._read() as tx:
        row = await tx.one(_STATS.format(where=where), params)
    return PlayerStats(user_id, 0, 0, 0.0, 0) if row is None else _stats(row)


async def leaderboard(
    db: Core,
    *,
    guild_id: int | None = None,
    game_name: str = DEFAULT_GAME,
    order: str = "wins",
    min_games: int = 1,
    limit: int = 10,
) -> list[PlayerStats]:
    """Per-player stats of a server (or of all servers), best first by `order`
    ("wins", "average" or "games")."""
    if order not in _ORDER:
        raise ValueError(f"order must be one of {sorted(_ORDER)}")
    where = ""
    params: list[object] = [game_name]
    if guild_id is not None:
        where = _IN_GUILD
        params.append(guild_id)
    sql = _STATS.format(where=where) + f" HAVING COUNT(*) >= ? ORDER BY {_ORDER[order]} LIMIT ?"
    async with db._read() as tx:
        found = await tx.all(sql, [*params, min_games, limit])
    return [_stats(r) for r in found]
