"""The channel announcements are edited in the background (referee/telling/announce.py,
``Announcements``): one edit at a time per channel, the latest text of each message only, and a
channel that waits (Discord's per-channel limit) holds nobody else: not another channel, not
the job telling a game (docs/limits.md). The text wanted is kept until the edit is made
(``db.announcements``): a crash in between leaves no announcement behind."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import pytest

from db import Database, Game
from db import announcements as announcements_db
from referee.messages.outbox import Delivery, Failure, MemoryOutbox, Post
from referee.service import Referee
from referee.telling.announce import Announcements

from .conftest import CHANNEL, MOD, Clock, settings, two_players


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
    """A clean shutdown waits for the announcements (``Referee.close``, 6 s at most; what it
    leaves is edited after the restart, below)."""
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


# --- kept until edited (db.announcements): a crash leaves none behind ------------------------


@dataclass
class HeldOutbox(MemoryOutbox):
    """Edits of the channel announcements wait while ``go`` is not set."""

    go: asyncio.Event = field(default_factory=asyncio.Event)

    async def edit(self, thread_id: int, message_id: int, post: Post) -> Delivery:
        if message_id in self.intros:
            await self.go.wait()
        return await super().edit(thread_id, message_id, post)


def announced(out: MemoryOutbox, game: Game) -> str:
    """The game's announcement as the channel shows it now."""
    assert game.thread_id is not None
    channel, index = out.intros[game.thread_id]
    return out.channel_intros[channel][index]


def edits_of(out: MemoryOutbox, game: Game) -> list[str]:
    return [post.text for message_id, post in out.edited if message_id == game.thread_id]


async def kept(db: Database) -> list[str]:
    return [w.text for w in await announcements_db.wanted(db)]


async def restarted(db: Database, out: MemoryOutbox, clock: Clock) -> Referee:
    """A new referee on the same database, resumed and connected (``catch_up``)."""
    ref = Referee(db, out, settings(), clock=clock)
    await ref.resume()
    await ref.catch_up(spacing=0)
    await ref.idle()
    return ref


async def test_an_announcement_edit_a_crash_cut_off_is_made_after_the_restart(
        db: Database, clock: Clock) -> None:
    out = HeldOutbox()
    out.go.set()
    first = Referee(db, out, settings(), clock=clock)
    game = await two_players(first)
    assert "under way" in announced(out, game)
    out.go.clear()  # the channel's edits wait (Discord's per-channel limit, say)
    await first.moderation.abort(game.id, MOD, moderator=True)
    await asyncio.sleep(0.01)  # its announcement's edit is out, waiting
    assert len(first.notify.boards.announcements.tasks) == 1
    assert ["aborted" in text for text in await kept(db)] == [True]
    for task in list(first.ctx.tasks):  # killed: nothing more of it runs
        task.cancel()
    await asyncio.gather(*first.ctx.tasks, return_exceptions=True)
    await first.close()  # (nothing is left to wait for)
    assert "aborted" not in announced(out, game)  # an aborted game's: left behind for good

    out.go.set()
    second = Referee(db, out, settings(), clock=clock)
    await second.resume()
    assert "aborted" not in announced(out, game)  # nothing is sent before the bot is connected
    await second.catch_up(spacing=0)
    await second.idle()
    assert "aborted" in announced(out, game)
    assert await kept(db) == []
    await second.close()
    third = await restarted(db, out, clock)  # made: not again
    assert edits_of(out, game).count(announced(out, game)) == 1
    await third.close()


async def test_an_announcement_edit_already_made_is_not_made_again_after_a_restart(
        db: Database, out: MemoryOutbox, clock: Clock) -> None:
    first = Referee(db, out, settings(), clock=clock)
    game = await two_players(first)
    await first.moderation.abort(game.id, MOD, moderator=True)
    await first.idle()
    await first.close()
    made = edits_of(out, game)
    assert made and "aborted" in made[-1] and await kept(db) == []
    second = await restarted(db, out, clock)
    assert edits_of(out, game) == made
    await second.close()


@pytest.mark.parametrize(("failure", "again"), [(Failure.TRANSIENT, True), (Failure.GONE, False)])
async def test_an_announcement_edit_refused_for_now_is_made_after_a_restart(
        db: Database, out: MemoryOutbox, clock: Clock, failure: Failure, again: bool) -> None:
    """A 5xx or a timeout: kept and tried again at the next start; a message that is gone (the
    benchmark's threads have no starter message): not tried again."""
    first = Referee(db, out, settings(), clock=clock)
    game = await two_players(first)
    out.refusals[CHANNEL] = failure
    await first.moderation.abort(game.id, MOD, moderator=True)
    await first.idle()
    await first.close()
    assert "aborted" not in announced(out, game)
    del out.refusals[CHANNEL]
    second = await restarted(db, out, clock)
    assert ("aborted" in announced(out, game)) == again
    assert await kept(db) == []
    await second.close()
