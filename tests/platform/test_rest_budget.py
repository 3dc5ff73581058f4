"""The bot's one REST budget (referee/process/budget.py): what is counted against Discord's
global limit, the in-process GCRA, a shard's share, and the fall-back when the shared budget
can't be read."""

from __future__ import annotations

import asyncio

import pytest

from referee.process import budget
from referee.process.budget import RestBudget, counted


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(round(seconds, 6))
        self.now += seconds


def test_interaction_routes_the_gateway_and_the_cdn_are_not_counted():
    assert counted("/api/v10/channels/1/messages")
    assert counted("/api/v10/users/@me/channels")
    assert not counted("/api/v10/interactions/123/tok-en/callback")
    assert not counted("/api/v10/webhooks/55/tok-en")
    assert not counted("/api/v10/webhooks/55/tok-en/messages/@original")
    assert not counted("/gateway") and not counted("/attachments/1/2/map.png")


async def test_a_burst_then_one_request_every_interval():
    clock = Clock()
    budget = RestBudget(50.0, 3, clock=clock, sleep=clock.sleep)
    waits = [await budget.acquire() for _ in range(5)]
    assert [round(w, 6) for w in waits] == [0, 0, 0, 0.02, 0.02]  # 3 at once, then 50 a second
    assert (budget.taken, budget.delayed) == (5, 2) and clock.slept == [0.02, 0.02]
    clock.now += 10  # idle: the burst is back
    assert await budget.acquire() == 0


async def test_a_shard_has_its_share_until_the_budget_is_shared():
    clock = Clock()
    budget = RestBudget(40.0, 1, share=0.5, clock=clock, sleep=clock.sleep)
    assert budget.interval == pytest.approx(0.05) and not budget.shared
    budget.share_through(object(), "discord:x")  # not a database: the first take fails
    assert budget.shared and budget.interval == pytest.approx(0.025)
    assert await budget.acquire() == 0  # logged, and back to its own share
    assert not budget.shared and budget.interval == pytest.approx(0.05)
    assert await budget.acquire() == pytest.approx(0.05)


async def test_when_short_prompts_go_first_then_posts_then_dms_then_reminders():
    clock = Clock()

    async def sleep(seconds: float) -> None:  # the others queue while one waits its slot
        clock.now += seconds
        for _ in range(5):
            await asyncio.sleep(0)

    rest = RestBudget(1.0, 1, clock=clock, sleep=sleep)
    served: list[str] = []

    async def send(name: str, level: int) -> None:
        with budget.at(level):
            await rest.acquire()
        served.append(name)

    await asyncio.gather(send("first", budget.POST), send("waits", budget.POST),
                         send("dm", budget.DM), send("reminder", budget.REMINDER),
                         send("picture", budget.PICTURE), send("prompt", budget.PROMPT),
                         send("post", budget.POST))
    assert served == ["first", "waits", "prompt", "post", "picture", "dm", "reminder"]
    assert rest.taken == 7 and rest.waited_s == pytest.approx(6.0)  # nothing dropped or doubled
    assert rest.waited_by_priority[budget.REMINDER] == pytest.approx(1.0)


def test_a_reminder_keeps_its_priority_whatever_it_sends():
    assert budget.of(budget.PROMPT) == budget.PROMPT
    with budget.at(budget.REMINDER):
        assert budget.of(budget.PROMPT) == budget.REMINDER


async def test_a_waiter_cancelled_passes_its_turn_on():
    clock = Clock()
    gate = asyncio.Event()

    async def sleep(seconds: float) -> None:
        clock.now += seconds
        await gate.wait()

    rest = RestBudget(1.0, 1, clock=clock, sleep=sleep)
    await rest.acquire()  # the burst
    holder = asyncio.ensure_future(rest.acquire())  # waits its slot in ``sleep``
    await asyncio.sleep(0)
    cancelled = asyncio.ensure_future(rest.acquire())
    later = asyncio.ensure_future(rest.acquire())
    await asyncio.sleep(0)
    cancelled.cancel()
    gate.set()
    await holder
    assert await later == pytest.approx(1.0) and cancelled.cancelled()


async def test_a_checked_request_is_asked_again_once_its_slot_came():
    """A reminder waits last (``checked``): what happened while it waited may have made it
    stale; its post is then not sent, and only its post is checked."""
    clock = Clock()
    rest = RestBudget(1.0, 1, clock=clock, sleep=clock.sleep)
    await rest.acquire()  # the burst: the next waits a second
    asked: list[float] = []
    wanted = True

    async def still() -> bool:
        asked.append(clock.now)
        return wanted

    with budget.checked(still):
        assert await rest.acquire() == pytest.approx(1.0)  # still wanted: sent
        await rest.acquire()  # the next request of the same sender: not asked
    assert asked == [pytest.approx(1001.0)]  # asked after the wait, not before
    wanted = False
    with budget.checked(still), pytest.raises(budget.Unwanted):
        await rest.acquire()
    assert asked[-1] == pytest.approx(1003.0)
    await rest.acquire()  # outside: never asked
    assert len(asked) == 2
