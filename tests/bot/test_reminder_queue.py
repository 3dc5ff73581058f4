"""A reminder is told in its game's queue (``Timers.remind`` / ``_tell_reminder``): chosen and
marked under the game's lock, posted after it when its turn comes, last in Discord's budget.
A decision of the same game does not wait for it; one that makes it stale stops it, even while
it waits for its slot; a bot stopped before it was posted sends it after the restart."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

from db import Database
from db import games as games_db
from referee.messages.outbox import Delivery, MemoryOutbox, Post
from referee.process.budget import RestBudget
from referee.service import Referee
from referee.shared import cache as cached

from .conftest import MOD, Clock, owed, settings, thread_posts, two_players

WAIT_S = 5.0  # what "does not wait" allows, on a loaded machine


class Short:
    """A budget of one request a second whose next slot comes only once ``gate`` is set."""

    def __init__(self) -> None:
        self.gate = asyncio.Event()
        self.now = 0.0
        self.sleeping = 0  # requests waiting for their slot

        async def sleep(_seconds: float) -> None:
            self.sleeping += 1
            try:
                await self.gate.wait()
            finally:
                self.sleeping -= 1

        self.budget = RestBudget(1.0, 1, clock=lambda: self.now, sleep=sleep)

    async def spent(self) -> Short:
        await self.budget.acquire()  # its burst: whatever comes next waits
        return self


class BudgetedOutbox(MemoryOutbox):
    """Every post and edit takes a slot of ``budget`` first (as ``cogs.discordpy.http`` makes
    discord.py's counted requests do), once one is set (``shorten``)."""

    budget: RestBudget | None = None
    short: Short | None = None

    async def shorten(self) -> Short:
        self.short = await Short().spent()
        self.budget = self.short.budget
        return self.short

    async def post(self, thread_id: int, post: Post) -> Delivery:
        if self.budget is not None:
            await self.budget.acquire()
        return await super().post(thread_id, post)

    async def edit(self, thread_id: int, message_id: int, post: Post) -> Delivery:
        if self.budget is not None:
            await self.budget.acquire()
        return await super().edit(thread_id, message_id, post)


@pytest.fixture
async def ref(db: Database, clock: Clock) -> AsyncIterator[Referee]:
    referee = Referee(db, BudgetedOutbox(), settings(), clock=clock)
    yield referee
    out = referee.ctx.out
    assert isinstance(out, BudgetedOutbox)
    if out.short is not None:  # a test that failed leaves nothing waiting
        out.short.gate.set()
    await referee.close()


def outbox(ref: Referee) -> BudgetedOutbox:
    out = ref.ctx.out
    assert isinstance(out, BudgetedOutbox)
    return out


async def until(condition: Callable[[], bool], what: str) -> None:
    for _ in range(1000):
        if condition():
            return
        await asyncio.sleep(0.001)
    raise AssertionError(f"never: {what}")


def reminders(posts: list[Post]) -> list[Post]:
    return [p for p in posts if "Reminder" in p.text]


async def waiting_reminder(ref: Referee, out: BudgetedOutbox, clock: Clock,
                           game_id: int) -> tuple[Short, asyncio.Task[None]]:
    """The game's reminder due and its post waiting for a slot of a short budget."""
    short = await out.shorten()
    game = await cached.get_game(ref.ctx, game_id)
    assert game.remind_at is not None
    clock.t = game.remind_at
    ticking = asyncio.ensure_future(ref.timers.tick())
    await until(lambda: short.sleeping == 1, "the reminder waits for its slot")
    return short, ticking


async def decided(ref: Referee, game_id: int) -> Callable[[], Awaitable[str]]:
    user, _, table = await owed(ref, game_id)
    default = str(ref.ctx.game.default(table.state))
    return lambda: ref.sessions.decide(game_id, user, default)


async def test_a_decision_does_not_wait_for_a_reminder_waiting_for_the_budget(
        ref: Referee, clock: Clock) -> None:
    out = outbox(ref)
    game = await two_players(ref)
    decide = await decided(ref, game.id)
    short, ticking = await waiting_reminder(ref, out, clock, game.id)
    # the reminder holds no lock while it waits: the player's decision is made and answered
    await asyncio.wait_for(decide(), WAIT_S)
    assert [d.source for d in await games_db.get_log(ref.db, game.id)] == ["player"]
    await asyncio.wait_for(ticking, WAIT_S)  # nor does the timer loop wait for it
    short.gate.set()
    await ref.idle()


async def test_a_reminder_made_stale_while_it_waited_pings_nobody(
        ref: Referee, clock: Clock) -> None:
    out = outbox(ref)
    game = await two_players(ref)
    posts = thread_posts(out, game)
    user, _, _ = await owed(ref, game.id)
    decide = await decided(ref, game.id)
    short, ticking = await waiting_reminder(ref, out, clock, game.id)
    await asyncio.wait_for(decide(), WAIT_S)  # the turn it was for is taken meanwhile
    count = len(posts)
    short.gate.set()  # its slot comes: it is found stale then
    await ticking
    await ref.idle()
    assert reminders(posts) == [], "a reminder for a turn already taken"
    assert all(user not in p.ping for p in posts[count:])
    _, _, table = await owed(ref, game.id)  # the thread asks for the next decision, as ever
    assert await out.last_prompt(game.thread_id, game.id) == (table.version, table.tag)
    # spent, not queued for a restart
    async with ref.db._read() as tx:
        assert await tx.all("SELECT * FROM queued_reminders") == []


async def test_a_reminder_still_wanted_when_its_slot_comes_is_posted(
        ref: Referee, clock: Clock) -> None:
    out = outbox(ref)
    game = await two_players(ref)
    posts = thread_posts(out, game)
    user, _, _ = await owed(ref, game.id)
    short, ticking = await waiting_reminder(ref, out, clock, game.id)
    short.gate.set()
    await ticking
    await ref.idle()
    assert [p.ping for p in reminders(posts)] == [(user,)]


async def test_a_reminder_of_a_game_aborted_meanwhile_is_not_posted(
        ref: Referee, clock: Clock) -> None:
    out = outbox(ref)
    game = await two_players(ref)
    posts = thread_posts(out, game)
    short, ticking = await waiting_reminder(ref, out, clock, game.id)
    # the abort is stored at once; its post comes after the reminder, in the game's order
    aborting = asyncio.ensure_future(ref.moderation.abort(game.id, MOD, moderator=True))
    await asyncio.wait_for(until_aborted(ref, game.id), WAIT_S)
    short.gate.set()
    await asyncio.wait_for(asyncio.gather(ticking, aborting), WAIT_S)
    await ref.idle()
    assert reminders(posts) == [] and "aborted" in posts[-1].text


async def until_aborted(ref: Referee, game_id: int) -> None:
    while (await cached.get_game(ref.ctx, game_id)).status != "aborted":
        await asyncio.sleep(0.001)


async def test_a_reminder_queued_when_the_bot_stopped_is_sent_after_the_restart(
        ref: Referee, clock: Clock) -> None:
    out = outbox(ref)
    game = await two_players(ref)
    posts = thread_posts(out, game)
    user, _, _ = await owed(ref, game.id)
    _short, ticking = await waiting_reminder(ref, out, clock, game.id)
    await asyncio.wait_for(ticking, WAIT_S)
    assert (await cached.get_game(ref.ctx, game.id)).reminder_sent  # marked, not posted
    for task in list(ref.ctx.tasks):  # the bot dies: nothing more of it runs
        task.cancel()
    await asyncio.gather(*ref.ctx.tasks, return_exceptions=True)
    assert reminders(posts) == []

    out.budget = None
    second = Referee(ref.db, out, settings(), clock=clock)
    try:
        await second.resume()
        await second.timers.tick()
        await second.idle()
        assert [p.ping for p in reminders(posts)] == [(user,)]
        await second.timers.tick()  # once
        await second.idle()
        assert len(reminders(posts)) == 1
    finally:
        await second.close()
