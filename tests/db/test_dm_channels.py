"""Each user's DM channel id kept in the database (db/dm_channels.py), so a restarted bot opens
none again (cogs/discordpy/outbox.py); a channel Discord says is gone is opened again."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord

from cogs.discordpy.outbox import DiscordOutbox
from db import Database, dm_channels
from referee.messages.outbox import Post


class Client:
    def __init__(self, base: int, gone: set[int] | None = None) -> None:
        self.base = base  # the channel ids it opens: base + user id
        self.opened: list[int] = []
        self.sent: list[int] = []
        self.gone = gone or set()
        self.http = SimpleNamespace(send_message=self.send_message)
        self.allowed_mentions = None

    async def create_dm(self, user: Any) -> Any:
        self.opened.append(user.id)
        return SimpleNamespace(id=self.base + user.id)

    async def send_message(self, channel_id: int, *, params: Any) -> dict[str, Any]:
        if channel_id in self.gone:
            raise discord.NotFound(SimpleNamespace(status=404, reason="Not Found"),
                                   {"code": 10003, "message": "Unknown Channel"})
        self.sent.append(channel_id)
        return {"id": "1"}


async def test_kept_and_read_back(db: Database):
    assert await dm_channels.get(db, 7) is None
    await dm_channels.put(db, 7, 70)
    await dm_channels.put(db, 7, 71)  # opened again: the new one kept
    assert await dm_channels.get(db, 7) == 71
    await dm_channels.forget(db, 7)
    assert await dm_channels.get(db, 7) is None


async def test_a_restarted_outbox_opens_no_dm_channel_again(db: Database):
    first = Client(500)
    out = DiscordOutbox(first)  # type: ignore[arg-type]
    out.keep_dm_channels(db)
    assert await out.dm(1, Post("your hand")) and await out.dm(1, Post("again"))
    assert first.opened == [1] and first.sent == [501, 501]
    second = Client(600)  # the bot started again: nothing in memory
    out = DiscordOutbox(second)  # type: ignore[arg-type]
    out.keep_dm_channels(db)
    assert await out.dm(1, Post("your hand"))
    assert second.opened == [] and second.sent == [501]
    # a kept channel Discord no longer knows: opened again, and the new one kept
    third = Client(700, gone={501})
    out = DiscordOutbox(third)  # type: ignore[arg-type]
    out.keep_dm_channels(db)
    assert await out.dm(1, Post("your hand"))
    assert third.opened == [1] and third.sent == [701]
    assert await dm_channels.get(db, 1) == 701
