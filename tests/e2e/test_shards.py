"""Two shard processes from one command (``SHARDS=2 python bot.py``): each connects as one of
Discord's shards, gets only its guilds' interactions and owns their games (resumes them and
runs their timers); each shard holds its own lease in the database, freed when the set stops."""

from __future__ import annotations

from db import Database
from db.storage import lease
from referee.process.shards import shard_of

from .driver import GameDriver, Policy
from .proc import BotProcess, identified
from .world import World, build_world

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]


def one_world_per_shard(world: World) -> list[World]:
    """The fixture's world, and another guild on the same fake and database served by the
    other shard of two."""
    worlds = {shard_of(int(world.guild.id), 2): world}
    while len(worlds) < 2:
        other = build_world(world.fake, world.db_path)
        worlds.setdefault(shard_of(int(other.guild.id), 2), other)
    return [worlds[0], worlds[1]]


async def started(world: World, log_path) -> BotProcess:
    fake = world.fake
    before = identified(fake)
    proc = await BotProcess(fake, world.db_path, world.guild.id, log_path,
                            extra_env={"SHARDS": "2", "DISCORD_GUILD_ID": ""}).start()
    await fake.wait_for(lambda: identified(fake) >= before + 2
                        and proc.output().count("logged in as") >= 2, 60, "both shards ready")
    return proc


async def test_two_shards_each_serve_their_own_guilds(holding_world, tmp_path):
    worlds = one_world_per_shard(holding_world)
    fake = holding_world.fake
    log_path = tmp_path / "bot.log"
    db = await Database.open(holding_world.db_path)
    proc = await started(holding_world, log_path)
    try:
        sessions = [e for e in fake.gateway.sessions.values() if e.live]
        assert sorted(tuple(s.shard) for s in sessions) == [(0, 2), (1, 2)]
        for shard, world in enumerate(worlds):  # each guild's interactions go to its own shard
            assert fake.gateway.target(world.guild.id).shard == [shard, 2]
        drivers = [GameDriver(world, db, world.players[:2], audit=False) for world in worlds]
        for driver in drivers:
            await driver.setup()
        policy = Policy(3, budget=30)
        for round_ in range(3):  # the two games side by side, each through its own shard
            for driver in drivers:
                await driver.play(policy, stop_at=2 * (round_ + 1))
        held = await lease.holders(db)  # one lease per shard, each held by its own process
        assert [(o.shard, o.shards) for o in held] == [(0, 2), (1, 2)]
        assert len({o.pid for o in held}) == 2 and proc.pid not in {o.pid for o in held}
        for shard in (0, 1):
            assert f"shard {shard}/2 owns the database" in proc.output()
        await proc.stop()
        assert await lease.holders(db) == []  # freed once both shards stopped
        out = proc.output()
        assert "shard 0/2" in out and "shard 1/2" in out

        # one command again: each shard resumes its own guild's game, and only that one
        proc = await started(holding_world, log_path)
        tail = proc.output()[len(out):]
        for shard in (0, 1):
            assert f"shard {shard}/2 INFO referee.service: resumed 1 running game(s)" in tail, tail[-3000:]
        for driver in drivers:
            await driver.sync()
            await driver.play(policy, stop_at=len(driver.played) + 2)
    finally:
        await proc.stop()
        await db.close()
    errors = [line for line in proc.output().splitlines() if " ERROR " in line or line.startswith("Traceback")]
    assert not errors, "\n".join(errors)
