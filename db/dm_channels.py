"""Each user's DM channel id with the bot (migration 0012_dm_channels.sql), so a restarted bot
does not open them again (``POST /users/@me/channels`` is counted against Discord's global
limit, and a restart used to open every player's at once: docs/limits.md). Module functions
over a ``Database``, like ``db.thread_memory``; plain SQL for SQLite and PostgreSQL."""

from __future__ import annotations

from db.storage.core import Core


async def get(db: Core, user_id: int) -> int | None:
    """The DM channel kept for ``user_id``, None if none is."""
    async with db._read() as tx:
        row = await tx.one("SELECT channel_id FROM dm_channels WHERE user_id = ?", (user_id,))
    return None if row is None else int(row[0])


async def put(db: Core, user_id: int, channel_id: int) -> None:
    async with db._write_apart(None) as tx:
        await tx.run("INSERT INTO dm_channels (user_id, channel_id) VALUES (?, ?) ON CONFLICT"
                     " (user_id) DO UPDATE SET channel_id = excluded.channel_id",
                     (user_id, channel_id))


async def forget(db: Core, user_id: int) -> None:
    """The channel kept for ``user_id`` is gone (Discord said so): opened again next time."""
    async with db._write_apart(None) as tx:
        await tx.run("DELETE FROM dm_channels WHERE user_id = ?", (user_id,))
