"""The channel announcements still to edit (migration 0015_announcements.sql): each game's
announcement message is edited in the background after the game changed
(``referee.telling.announce``); the text wanted is kept here first and forgotten once the edit
was made, so a bot killed in between makes it when it starts again (``wanted``, at resume).

    announcements (message_id) -> game_id, channel_id, text (the latest text wanted)

Module functions over a ``Database``, like ``db.dm_channels``; plain SQL for SQLite and
PostgreSQL.
"""

from __future__ import annotations

from dataclasses import dataclass

from db.storage.core import Core


@dataclass(frozen=True, slots=True)
class Wanted:
    """An edit still to make: ``text`` in ``message_id`` of ``channel_id`` (game ``game_id``
    of guild ``guild_id``)."""

    game_id: int
    guild_id: int
    channel_id: int
    message_id: int
    text: str


async def want(db: Core, game_id: int, channel_id: int, message_id: int, text: str) -> None:
    """``text`` is wanted in the announcement ``message_id`` (replacing any text wanted
    before)."""
    async with db._write(game_id) as tx:
        await tx.run(
            "INSERT INTO announcements (message_id, game_id, channel_id, text) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (message_id) DO UPDATE SET game_id = excluded.game_id,"
            " channel_id = excluded.channel_id, text = excluded.text",
            (message_id, game_id, channel_id, text))


async def sent(db: Core, game_id: int, message_id: int, text: str) -> None:
    """The edit to ``text`` was made (or refused for good): forgotten, unless a newer text
    was wanted meanwhile."""
    async with db._write(game_id) as tx:
        await tx.run("DELETE FROM announcements WHERE message_id = ? AND text = ?",
                     (message_id, text))


async def wanted(db: Core) -> list[Wanted]:
    """Every edit still to make, by game (read once, at resume)."""
    async with db._read() as tx:
        rows = await tx.all(
            "SELECT a.game_id, g.guild_id, a.channel_id, a.message_id, a.text"
            " FROM announcements a JOIN games g ON g.id = a.game_id ORDER BY a.game_id")
    return [Wanted(r["game_id"], r["guild_id"], r["channel_id"], r["message_id"], r["text"])
            for r in rows]
