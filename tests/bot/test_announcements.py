"""The channel announcements are edited in the background (referee/telling/announce.py,
``Announcements``): one edit at a time per channel, the latest text of each message only, and a
channel that waits (Discord's per-channel limit) holds nobody else: not another channel, not
the job telling a game (docs/limits.md)."""

from __future__ import annotations

import asyncio
from typing import Any

from referee.messages.outbox import Delivery, Post
from referee.telling.announce import Announcements


class SlowOutbox:
    """Edits of channel ``slow`` wait until ``go`` is set; every edit is recorded as sent."""

    def __init__(self, slow: int) -> None:
        self.slow, self.go = slow, asyncio.Event()
        self.sent: list[tuple[int, int, str]] = []

    async def edit(self, channel_id: int, message_id: int, post: Post) -> Delivery:
        if channel_id == self.slow:
            await self.go.wait()
        self.sent.append((channel_id, message_id, post.text))
        return Delivery(message_id=message_id)


def spawner() -> tuple[Any, set[asyncio.Task[Any]]]:
    tasks: set[asyncio.Task[Any]] = set()

    def spawn(coro: Any, name: str) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro, name=name)
        tasks.add(task)
        return task

    return spawn, tasks


async def test_a_waiting_channel_sends_only_the_latest_text_and_holds_no_other() -> None:
    out = SlowOutbox(slow=1)
    spawn, tasks = spawner()
    boards = Announcements(spawn)
    boards.want(out, 1, 10, Post("game 10: open"))
    await asyncio.sleep(0)  # its edit is out, waiting for channel 1's limit
    for text in ("game 10: 2 players", "game 10: running"):
        boards.want(out, 1, 10, Post(text))  # each replaces the one waiting
    boards.want(out, 1, 11, Post("game 11: open"))
    boards.want(out, 2, 20, Post("game 20: finished"))  # another channel
    for _ in range(5):
        await asyncio.sleep(0)
    assert out.sent == [(2, 20, "game 20: finished")]
    assert boards.waiting == 2
    out.go.set()
    await asyncio.gather(*tasks)
    assert out.sent[1:] == [(1, 10, "game 10: open"), (1, 10, "game 10: running"),
                            (1, 11, "game 11: open")]
    assert boards.waiting == 0
    assert len(tasks) == 2  # one task per channel, not per edit


async def test_an_edit_that_fails_does_not_stop_the_channel() -> None:
    class Failing(SlowOutbox):
        async def edit(self, channel_id: int, message_id: int, post: Post) -> Delivery:
            if message_id == 10:
                raise RuntimeError("a bug in the outbox")
            return await super().edit(channel_id, message_id, post)

    out = Failing(slow=0)
    spawn, tasks = spawner()
    boards = Announcements(spawn)
    boards.want(out, 1, 10, Post("broken"))
    boards.want(out, 1, 11, Post("fine"))
    await asyncio.gather(*tasks)
    assert out.sent == [(1, 11, "fine")]
    boards.want(out, 1, 12, Post("later"))  # the channel's task ended: a new one starts
    await asyncio.gather(*tasks)
    assert out.sent[-1] == (1, 12, "later")


async def test_settled_waits_until_every_wanted_edit_is_sent() -> None:
    """A clean shutdown waits for the announcements (``Referee.close``): they are not redone
    after a restart."""
    out = SlowOutbox(slow=1)
    spawn, _tasks = spawner()
    boards = Announcements(spawn)
    boards.want(out, 1, 10, Post("game 10: finished"))
    settled = asyncio.create_task(boards.settled())
    await asyncio.sleep(0.01)
    assert not settled.done()
    out.go.set()
    await asyncio.wait_for(settled, 1)
    assert out.sent == [(1, 10, "game 10: finished")]
    await asyncio.wait_for(boards.settled(), 1)  # nothing wanted: at once
