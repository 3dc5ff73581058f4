"""The bot's one REST budget (referee/process/budget.py): what is counted against Discord's
global limit, the in-process GCRA, a shard's share, and the fall-back when the shared budget
can't be read."""

from __future__ import annotations

import pytest

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
