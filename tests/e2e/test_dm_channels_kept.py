"""A restarted bot DMs its players through the DM channels it opened before (kept in the
database: db/dm_channels.py), opening none again: each ``POST /users/@me/channels`` counts
against Discord's global limit, and a restart used to open every player's at once."""

from __future__ import annotations

from .driver import GameDriver, Policy
from .helpers import settle
from .world import stop

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]
OPEN_DM = ("POST", "/users/@me/channels")


async def test_a_restart_opens_no_dm_channel_again(world, db, stella):
    first = await stella()
    driver = GameDriver(world, db, world.players[:2], audit=False)
    await driver.setup()
    policy = Policy(5, budget=40)
    await driver.play(policy, stop_at=4)
    fake = world.fake
    opened = fake.requests_matching(*OPEN_DM)
    assert 1 <= len(opened) <= 2  # once per player, whatever they were sent
    dms_before = {u.id: len(fake.dms(u)) for u in driver.users}
    await stop(world, first)

    await stella()
    await settle(world)
    seen = len(fake.requests)
    await driver.play(policy, stop_at=30)
    assert any(len(fake.dms(u)) > dms_before[u.id] for u in driver.users), "no DM after the restart"
    assert not [r for r in fake.requests[seen:] if (r.method, r.path) == OPEN_DM]
