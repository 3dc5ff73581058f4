"""``referee.messages.tell``: what a committed change means for the thread is told after the reply, in
commit order per game, games side by side, with a bounded backlog and replies first."""

from __future__ import annotations

import asyncio
from typing import Any

from referee.messages.outbox import Delivery, MemoryOutbox, Post
from referee.messages.tell import Teller
from referee.service import Referee

from .conftest import owed, settings, two_players


class Spawner:
    def __init__(self) -> None:
        self.tasks: set[asyncio.Task[Any]] = set()

    def __call__(self, coro: Any, name: str) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro, name=name)
        self.tasks.add(task)
        return task

    async def idle(self) -> None:
        await asyncio.gather(*self.tasks)


def job(seen: list[str], label: str, gate: asyncio.Event | None = None) -> Any:
    async def run() -> None:
        if gate is not None:
            await gate.wait()
        await asyncio.sleep(0)
        seen.append(label)
    return run


async def test_a_games_jobs_run_in_order_and_games_do_not_wait_for_each_other() -> None:
    spawn = Spawner()
    tell = Teller(spawn)
    seen: list[str] = []
    gate = asyncio.Event()
    tell.submit(1, job(seen, "1a", gate))
    tell.submit(1, job(seen, "1b"))
    tell.submit(1, job(seen, "1c"))
    await tell.submit(2, job(seen, "2a"))  # game 2 is told while game 1 waits
    assert seen == ["2a"] and tell.pending(1) == 3
    gate.set()
    await tell.flush(1)
    assert seen == ["2a", "1a", "1b", "1c"] and tell.size == 0
    await spawn.idle()


async def test_a_failing_job_is_logged_and_the_next_one_runs(caplog: Any) -> None:
    spawn = Spawner()
    tell = Teller(spawn)
    seen: list[str] = []

    async def broken() -> None:
        raise RuntimeError("boom")

    tell.submit(1, broken)
    await tell.submit(1, job(seen, "after"))
    assert seen == ["after"] and "telling what happened failed" in caplog.text
    await spawn.idle()


async def test_the_backlog_is_bounded_new_decisions_wait_for_room() -> None:
    spawn = Spawner()
    tell = Teller(spawn, backlog=2)
    gate = asyncio.Event()
    seen: list[str] = []
    tell.submit(1, job(seen, "a", gate))
    tell.submit(2, job(seen, "b", gate))
    admitted = asyncio.ensure_future(tell.admit())
    await asyncio.sleep(0.01)
    assert not admitted.done()  # two jobs queued: a new decision waits
    gate.set()
    await asyncio.wait_for(admitted, 1)
    await tell.wait_all()
    assert sorted(seen) == ["a", "b"]
    await spawn.idle()


async def test_jobs_hold_back_while_replies_are_answered() -> None:
    spawn = Spawner()
    tell = Teller(spawn)
    seen: list[str] = []
    with tell.answering():
        done = tell.submit(1, job(seen, "post"))
        await asyncio.sleep(0.01)
        assert seen == []  # the reply goes first
    await asyncio.wait_for(done, 1)
    assert seen == ["post"]
    await spawn.idle()


class SlowOutbox(MemoryOutbox):
    """Posts to threads wait for ``gate``."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = asyncio.Event()
        self.gate.set()
        self.order: list[str] = []  # posts and edits, as they went out

    async def post(self, thread_id: int, post: Post) -> Delivery:
        await self.gate.wait()
        self.order.append(post.text)
        return await super().post(thread_id, post)

    async def edit(self, thread_id: int, message_id: int, post: Post) -> Delivery:
        await self.gate.wait()
        self.order.append(post.text)
        return await super().edit(thread_id, message_id, post)


async def test_the_reply_does_not_wait_for_the_thread(db: Any, clock: Any) -> None:
    out = SlowOutbox()
    ref = Referee(db, out, settings(), clock=clock)
    try:
        game = await two_players(ref)
        assert game.thread_id is not None
        user, _, table = await owed(ref, game.id)
        posts = len(out.threads[game.thread_id])
        out.order.clear()
        out.gate.clear()  # Discord is slow now
        text = str(ref.ctx.game.default(table.state))
        done = await asyncio.wait_for(ref.sessions.decide(game.id, user, text), 5)
        assert done == text and len(out.threads[game.thread_id]) == posts
        assert ref.ctx.tell.pending(game.id) == 1
        # a later post to the thread (a moderator's, a reminder) comes after the queued ones
        later = asyncio.ensure_future(ref.notify.post(game, "later"))
        await asyncio.sleep(0.01)
        out.gate.set()
        assert (await later).ok
        await ref.idle()
        texts = out.order[-2:]  # the decision's prompt (edited in place or new), then "later"
        assert texts[-1] == "later" and len(texts) == 2 and "later" not in texts[0]
    finally:
        await ref.close()
