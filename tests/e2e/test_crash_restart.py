"""A crash does not keep the bot down (``db.storage.lease``): ``python bot.py`` killed with SIGKILL in
the middle of a game and started again at once on the same machine takes the dead process's
lease over on its first start (no exit 3 to retry through) and the game goes on from where it
was: nothing lost, nothing applied twice. The time from the kill to the new process answering
a decision is printed (``-s``): docs/benchmarks.md."""

from __future__ import annotations

import os
import time

from db import Database
from db.storage import lease

from .driver import GameDriver, Policy
from .proc import BotProcess
from .test_restart import consistent

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]


async def test_sigkill_then_an_immediate_start_goes_on(holding_world, tmp_path):
    world = holding_world
    fake = world.fake
    db = await Database.open(world.db_path)
    log_path = tmp_path / "bot.log"
    # the default lease (45 s): only a takeover at once makes this quick
    env = {"OWNER_LEASE_SECONDS": "45", "OWNER_RENEW_SECONDS": "10"}
    proc = await BotProcess(fake, world.db_path, world.guild.id, log_path, extra_env=env).start()
    try:
        driver = GameDriver(world, db, world.players[:2], audit=False)
        await driver.setup()
        policy = Policy(13, budget=40)
        await driver.play(policy, stop_at=5)
        for _ in range(2):
            held = await lease.holder(db)
            assert held is not None and held.pid == proc.pid and held.expires_at > time.time() + 20
            log_before = await consistent(db, driver.game_id)
            killed_at = time.perf_counter()
            await proc.kill()
            proc = BotProcess(fake, world.db_path, world.guild.id, log_path, extra_env=env)
            seen = len(proc.output())
            await proc.start(wait_for_lease=False)  # one start, no retry
            tail = proc.output()[seen:]
            assert f"took over the database lease of process {held.pid} on this host" in tail, tail
            assert "is in use by another bot process" not in tail
            assert await consistent(db, driver.game_id) == log_before, "the restart changed the game"
            await driver.sync()
            await driver.decide(policy=policy, method="do")  # the new process answers
            answered_at = time.perf_counter()
            print(f"SIGKILL -> restarted bot answered a decision in {answered_at - killed_at:.2f} s"
                  f" (load average {os.getloadavg()[0]:.2f})")
            log = await consistent(db, driver.game_id)
            assert len(log) == len(driver.played), "a decision was lost or doubled"
        await driver.play(policy, stop_at=len(driver.played) + 4)
        assert len(await consistent(db, driver.game_id)) == len(driver.played)
    finally:
        await proc.stop()
        await db.close()
    errors = [line for line in proc.output().splitlines() if " ERROR " in line or line.startswith("Traceback")]
    assert not errors, "\n".join(errors)
