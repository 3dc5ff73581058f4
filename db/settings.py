"""A member's own settings (migration 0007_player_settings.sql), per Discord user and the same
in every server: they follow the member, like the direct messages they govern.

    player_settings (user_id) -> turn_dm (1: a short DM when the turn passes to them), updated_at

A member without a row has every setting off. Plain SQL only (SQLite and PostgreSQL); module
functions over a ``Database`` like ``db.lifecycle``.
"""

from __future__ import annotations

from collections.abc import Iterable

from db.storage.core import Core


async def set_turn_dm(db: Core, user_id: int, on: bool, *, now: int) -> None:
    """Turn the "your turn" DM on or off for ``user_id`` (everywhere)."""
    async with db._write() as tx:
        await tx.run("INSERT INTO player_settings (user_id, turn_dm, updated_at) VALUES (?, ?, ?)"
                     " ON CONFLICT (user_id) DO UPDATE SET turn_dm = excluded.turn_dm,"
                     " updated_at = excluded.updated_at", (user_id, int(on), now))


async def turn_dm(db: Core, user_id: int) -> bool:
    """Does ``user_id`` want the "your turn" DM?"""
    return user_id in await turn_dm_users(db, (user_id,))


async def turn_dm_users(db: Core, user_ids: Iterable[int]) -> frozenset[int]:
    """Those of ``user_ids`` who want the "your turn" DM (one read)."""
    wanted = sorted(set(user_ids))
    if not wanted:
        return frozenset()
    marks = ", ".join("?" for _ in wanted)
    async with db._read() as tx:
        found = await tx.all(f"SELECT user_id FROM player_settings WHERE turn_dm = 1"  # noqa: S608
                             f" AND user_id IN ({marks})", tuple(wanted))
    return frozenset(int(r["user_id"]) for r in found)
