"""Two shard processes of one bot on one PostgreSQL database draw from one REST budget
(referee/process/budget.py, db/storage/budget.py) against a fake Discord that enforces the global limit
per token (tests/fakediscord/limits.py): not one global 429. The contrast: the same two
processes each keeping to the budget on its own (``REST_BUDGET=process``, what discord.py alone
does) go past the limit together and are refused. Skipped without PostgreSQL (as tests/db)."""

from __future__ import annotations

import asyncio

from db import Database
from tests.fakediscord.limits import Limits

from .driver import GameDriver, Policy
from .proc import BotProcess, identified
from .test_shards import one_world_per_shard
from .world import World

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]
# A small global limit keeps the test short: 2 counted requests a second for the token, the
# bot told 1.8 (Discord: 50, the bot 45)
FAKE_PER_S, BOT_PER_S = 2.0, "1.8"


async def two_shards_play(world: World, url: str, log_path, budget: str) -> Limits:
    worlds = one_world_per_shard(world)
    fake = world.fake
    fake.limits = limits = Limits(global_per_s=FAKE_PER_S)
    db = await Database.open(url)
    before = identified(fake)
    proc = BotProcess(fake, world.db_path, world.guild.id, log_path, extra_env={
        "DATABASE_URL": url, "SHARDS": "2", "DISCORD_GUILD_ID": "", "REST_PER_S": BOT_PER_S,
        "REST_BURST": "1", "REST_BUDGET": budget})
    try:
        await proc.spawn()
        await fake.wait_for(lambda: identified(fake) >= before + 2
                            and proc.output().count("logged in as") >= 2, 90, "both shards ready")
        drivers = [GameDriver(w, db, w.players[:2], audit=False) for w in worlds]
        for driver in drivers:
            await driver.setup()
        await asyncio.gather(*(d.play(Policy(3, budget=30), stop_at=3) for d in drivers))
        assert all(len(d.played) == 3 for d in drivers)
    finally:
        await proc.stop()
        await db.close()
    return limits


async def test_two_shards_share_one_budget_and_meet_no_global_429(world, pg_schema_url, tmp_path):
    limits = await two_shards_play(world, pg_schema_url, tmp_path / "bot.log", "shared")
    assert limits.counts["counted"] > 20  # enough requests to have gone past the limit
    assert limits.counts["global_429"] == 0, limits.summary()


async def test_without_the_shared_budget_the_shards_are_refused(world, pg_schema_url, tmp_path):
    limits = await two_shards_play(world, pg_schema_url, tmp_path / "bot.log", "process")
    assert limits.counts["global_429"] > 0, limits.summary()
