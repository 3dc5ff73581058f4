"""Tables kept per user or per game stay bounded however many users and games come by."""

from __future__ import annotations

import asyncio
import gc
from typing import Any

from referee.context import Context
from referee.discord_out import DiscordOutbox


class Client:
    def __init__(self) -> None:
        self.opened: list[int] = []

    async def create_dm(self, user: Any) -> str:
        self.opened.append(user.id)
        return f"dm-{user.id}"


async def test_dm_channels_are_kept_for_the_most_recent_users_only() -> None:
    client = Client()
    out = DiscordOutbox(client, dms_kept=2)  # type: ignore[arg-type]
    for user in (1, 2, 1, 3):  # 1 used again, so 2 is the least recent when 3 comes
        assert await out._dm_channel(user) == f"dm-{user}"
    assert client.opened == [1, 2, 3]
    assert await out._dm_channel(1) == "dm-1"
    assert client.opened == [1, 2, 3]
    assert await out._dm_channel(2) == "dm-2"  # opened again
    assert client.opened == [1, 2, 3, 2]
    assert len(out._dms) == 2


async def test_a_games_lock_lives_only_while_it_is_used() -> None:
    ctx = Context(db=None, out=None, settings=None)  # type: ignore[arg-type]
    async with ctx.lock(7):
        assert ctx.lock(7).locked()  # the same lock while it is held
        waiter = asyncio.ensure_future(_take(ctx, 7))
        await asyncio.sleep(0)
        assert not waiter.done()
    await waiter
    for n in range(1000):
        async with ctx.lock(n):
            pass
    gc.collect()
    assert len(ctx.locks) == 0


async def _take(ctx: Context, game_id: int) -> None:
    async with ctx.lock(game_id):
        pass
