"""A decision answered late (a loaded machine: "thinking..." first, the answer as the follow-up
that fills it) still takes its thread posts through its interaction's webhook, once its answer
filled that message: not through the channel, where Discord counts them against the bot's
global limit and a thread's posts wait for each other (5 in 5 s). docs/limits.md, "Third
step"; ``cogs.discordpy.outbox._answered``, ``cogs.common.reply`` (``FILLED``)."""

from __future__ import annotations

from typing import Any

from cogs import common

from .driver import GameDriver, Policy

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]


async def test_late_answers_still_post_through_their_interactions(world: Any, db: Any, stella: Any,
                                                                  monkeypatch: Any) -> None:
    await stella()
    fake = world.fake
    driver = GameDriver(world, db, world.players[:3])
    await driver.setup()
    await driver.play(Policy(2, budget=20), stop_at=2)
    monkeypatch.setattr(common, "QUICK_S", 0.0)  # every answer deferred first ("thinking...")
    since = len(fake.requests)
    for _ in range(6):
        await driver.decide(method="do", policy=Policy(3, budget=20))
    await driver.prompt()  # the next turn is prompted as usual
    made = fake.requests[since:]
    callbacks = [r for r in made if r.route and r.route.endswith("/callback")]
    thinking = [r for r in callbacks if isinstance(r.json, dict) and r.json.get("type") == 5]
    assert len(thinking) == len(callbacks) >= 6  # every answer was late
    thread = f"/channels/{driver.thread.id}/messages"
    through_channel = [f"{r.method} {r.path}" for r in made if r.path.startswith(thread)]
    assert through_channel == []  # the thread posts and their edits: none through the channel
    follow_ups = [r for r in made if r.method == "POST" and r.route == "/webhooks/{app_id}/{token}"]
    assert len(follow_ups) > len(thinking)  # each answer fills its message, the posts follow
