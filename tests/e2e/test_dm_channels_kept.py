"""A restarted bot DMs its players through the DM channels it opened before (kept in the
database: db/dm_channels.py), opening none again: each ``POST /users/@me/channels`` counts
against Discord's global limit, and a restart used to open every player's at once."""

from __future__ import annotations

from .colony import ColonyTable
from .helpers import settle
from .world import stop

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]
OPEN_DM = ("POST", "/users/@me/channels")


async def test_a_restart_opens_no_dm_channel_again(world, db, stella):
    # Mining Colony: each round's new hands come by DM to all but the player whose bid dealt
    # them (theirs is in the answer to that bid: docs/limits.md)
    world.seed_first_game(12)
    first = await stella()
    table = ColonyTable(world, db, world.players[:2])
    await table.start()
    await table.play(("do",), stop=lambda s: s.round >= 4)
    fake = world.fake
    users = list(table.users.values())
    opened = fake.requests_matching(*OPEN_DM)
    assert 1 <= len(opened) <= 2  # once per player, whatever they were sent
    dms_before = {u.id: len(fake.dms(u)) for u in users}
    assert sum(dms_before.values()) >= 2
    await stop(world, first)

    await stella()
    await settle(world)
    seen = len(fake.requests)
    await table.play(("do",), stop=lambda s: s.round >= 8)
    assert any(len(fake.dms(u)) > dms_before[u.id] for u in users), "no DM after the restart"
    assert not [r for r in fake.requests[seen:] if (r.method, r.path) == OPEN_DM]
