"""The one loop of the timed work (``referee.process.background.TimedWork``, issue 26): one task
asks each source (the turn timers, refused prompts' retries, lobby expiry) what is due and how
long until its next thing, sleeps the shortest, and wakes early when poked. On the fake clock:
no real sleep."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from referee.deciding.holds import PROMPTS, Holds
from referee.desks.timers import Timers
from referee.process import retry
from referee.process.background import TimedSource, TimedWork
from referee.process.retry import Schedule
from referee.service import Referee

from .conftest import Clock


class Source(TimedSource):
    """A source due every ``every`` seconds on the fake clock."""

    def __init__(self, clock: Clock, name: str, every: float, *, fails: bool = False) -> None:
        self.ctx = type("Ctx", (), {"clock": clock})()
        self.what = name
        self.every = every
        self.next = clock() + every
        self.ran: list[float] = []
        self.fails = fails

    async def due(self) -> None:
        now = self.ctx.clock()
        if self.fails:
            raise RuntimeError(f"{self.what} broke")
        if now >= self.next:
            self.ran.append(now)
            self.next = now + self.every

    async def sleep_for(self) -> float:
        return self.until(self.next)


class Stop(Exception):
    pass


def fake_wait(clock: Clock, rounds: int, slept: list[float],
              pokes: dict[int, Any] | None = None) -> Any:
    """Sleeps on the fake clock (``pokes``: at round n, something pokes the loop: it wakes
    at once); stops the loop after ``rounds``."""

    async def wait(wake: asyncio.Event, seconds: float) -> None:
        if pokes and len(slept) in pokes:
            pokes[len(slept)]()
        slept.append(0.0 if wake.is_set() else seconds)
        if not wake.is_set():
            clock.advance(seconds)
        if len(slept) >= rounds:
            raise Stop

    return wait


async def test_one_task_runs_every_source_and_sleeps_until_the_soonest(clock: Clock) -> None:
    fast, slow = Source(clock, "fast", 10), Source(clock, "slow", 25)
    slept: list[float] = []
    work = TimedWork(clock, (fast, slow), wait=fake_wait(clock, 6, slept))
    with pytest.raises(Stop):
        await work.run()
    start = clock.t - sum(slept)
    assert slept == [10, 10, 5, 5, 10, 10]
    assert [t - start for t in fast.ran] == [10, 20, 30, 40]
    assert [t - start for t in slow.ran] == [25]


async def test_a_failing_source_is_logged_and_holds_up_no_other(
        clock: Clock, caplog: pytest.LogCaptureFixture) -> None:
    broken, fine = Source(clock, "broken", 1, fails=True), Source(clock, "fine", 30)
    broken.max_sleep = 120.0
    work = TimedWork(clock, (broken, fine))
    caplog.set_level(logging.ERROR)
    clock.advance(30)
    assert await work.once() == 30  # the fine source's next, not a spin, not the broken's
    assert fine.ran == [clock.t]
    assert "broken" in caplog.text
    only_broken = TimedWork(clock, (broken,))
    assert await only_broken.once() == 120  # a failing source waits its longest: never spins


async def test_a_poke_wakes_the_loop_only_for_something_sooner(clock: Clock) -> None:
    source = Source(clock, "timers", 100)
    slept: list[float] = []
    work = TimedWork(clock, (source,), wait=fake_wait(
        clock, 3, slept, pokes={1: lambda: work.poke(clock() + 500),  # later: sleeps on
                                2: lambda: work.poke(clock() + 5)}))  # sooner: wakes
    with pytest.raises(Stop):
        await work.run()
    assert slept == [100, 100, 0.0]


async def test_the_referee_runs_its_timed_work_in_one_task(referee: Referee, clock: Clock) -> None:
    timed = referee.timed
    assert timed.sources == (referee.timers, referee.holds, referee.expiry)
    timed._next_wake = clock() + 1000
    referee.ctx.signals.timer_changed(int(clock() + 10))  # a stored deadline, sooner
    assert timed._wake.is_set()
    await referee.start()
    try:
        names = {t.get_name() for t in asyncio.all_tasks()}
        assert "timed-work" in names
        assert not names & {"timers", "prompt-retries", "lobby-expiry"}
    finally:
        await referee.close()


def test_the_back_off_schedules_are_parameters(referee: Referee) -> None:
    assert referee.timers.backoff.schedule == retry.TIMERS
    assert referee.holds.schedule == PROMPTS
    quick = Schedule(1, 4)
    assert Timers(referee.ctx, referee.sessions, schedule=quick).backoff.schedule is quick
    assert Holds(referee.ctx, referee.sessions, schedule=quick).schedule is quick
    assert [quick.delay(n) for n in range(1, 6)] == [1, 2, 4, 4, 4]
