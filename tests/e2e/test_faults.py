"""Discord answers some of the bot's requests with 429 (``retry_after``) and 5xx: the game still
completes, every decision once, every message once, every interaction answered in time."""

from __future__ import annotations

from collections import Counter

import pytest

from cogs import common
from tests.fakediscord import state as st

from .audit import assert_everything_public_is_public
from .driver import GameDriver, Policy, interactions_ok, split_id

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]


@pytest.fixture(params=["answered at once", "deferred"])
def answering(request, monkeypatch):
    """Answers as the acknowledgement itself, or (``QUICK_S`` 0) each deferred first and sent
    as a follow-up, the path of a slow moment (``cogs.common``)."""
    if request.param == "deferred":
        monkeypatch.setattr(common, "QUICK_S", 0.0)
    return request.param


async def test_the_game_completes_through_429s_and_500s(world, db, stella, answering):
    await stella()
    fake = world.fake
    faults = [
        fake.rate_limit("POST", "/channels/*/messages", times=3, retry_after=0.05),
        fake.rate_limit("POST", "/channels/*/messages/*/threads", times=1, retry_after=0.1),
        fake.rate_limit("POST", "/interactions/*/*/callback", times=2, retry_after=0.05),
    ]
    driver = GameDriver(world, db, world.players[:2])
    await driver.setup()
    # the second player's "your turn" DMs: a player's own hands come in their answers now
    # (docs/limits.md), so their DM channel is used for these (the 429 below)
    h = await driver.send(driver.users[1], world.channel, "game notify", {"turn_dm": "on"})
    await h.reply(10)
    policy = Policy(31, budget=40)
    await driver.play(policy, stop_at=8)
    faults += [
        fake.server_error("POST", "/channels/*/messages", times=1, status=500),
        fake.rate_limit(None, "/webhooks/**", times=2, retry_after=0.05, is_global=True),
        fake.rate_limit("POST", f"/channels/{fake.dm_channel(driver.users[1]).id}/messages", times=1, retry_after=0.05),
    ]
    await driver.play(policy, stop_at=16)
    faults += [
        fake.server_error("PATCH", "/webhooks/*/*/messages/@original", times=1, status=502),
        fake.server_error("POST", "/interactions/*/*/callback", times=1, status=503),
        fake.rate_limit("POST", "/channels/*/messages", times=2, retry_after=0.2),
    ]
    await driver.play(policy)
    await driver.check_final()

    if answering != "deferred":  # no follow-ups were sent: the webhook faults never came due
        faults = [f for f in faults if "/webhooks/" not in f.path]
    unfired = [f for f in faults if f.remaining]
    assert not unfired, [(f.method, f.path, f.remaining) for f in unfired]
    assert all(f.hits for f in faults)
    interactions_ok(driver.interactions)
    # every turn prompt once: a retried post did not post twice (a prompt edited in place or
    # down keeps its earlier versions in its history: each state version is in one message)
    versions: Counter[int] = Counter()
    for m in driver.thread.public_messages:
        asked = set()
        for version in [*m.history, m.snapshot()]:
            for c in st.walk_components(version["components"]):
                parts = split_id(str(c.get("custom_id", "")))
                if parts is not None:
                    asked.add(parts[1])
        versions.update(asked)
    assert versions and max(versions.values()) == 1, versions
    texts = Counter(m.content for m in driver.thread.public_messages)
    assert not [t for t, n in texts.items() if n > 1 and t.startswith(("**Round", "🏁", "🚀"))]
    assert_everything_public_is_public(world, [driver])
    failed = [r for r in fake.requests if r.status and r.status >= 400 and not r.fault]
    assert not failed, failed
