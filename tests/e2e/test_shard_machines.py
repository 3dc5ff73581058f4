"""One bot's shards on two machines and a standby, on one PostgreSQL database (per-shard leases:
``db.storage.lease``, ``referee.process.launcher``). Two launchers on this machine stand in for two machines:
``SHARDS=2 SHARD_IDS=0`` and ``SHARD_IDS=1``, and a third, ``--standby``. A second launcher for a
shard a live process holds, or one with another SHARDS, is refused with one paragraph. Then the
second machine dies (its launcher and its shard SIGKILLed at once; or frozen by SIGSTOP, which
no one can tell from a machine that is gone): the standby takes its shard over and resumes its
game; the games of both shards go on, nothing lost or doubled. The takeover time is printed
(``-s``). Skipped when no PostgreSQL server answers (as tests/db)."""

from __future__ import annotations

import contextlib
import os
import signal
import time

import pytest

from db import Database
from db.storage import lease

from .driver import GameDriver, Policy
from .proc import DATABASE_IN_USE, BotProcess, identified
from .test_restart import consistent
from .test_shards import one_world_per_shard
from .world import World

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]
LEASE = {"OWNER_LEASE_SECONDS": "3", "OWNER_RENEW_SECONDS": "0.5"}


def launcher(world: World, url: str, log_path, **env: str) -> BotProcess:
    return BotProcess(world.fake, world.db_path, world.guild.id, log_path, extra_env={
        "DATABASE_URL": url, "SHARDS": "2", "DISCORD_GUILD_ID": "", **LEASE, **env})


async def connected(proc: BotProcess, shards: int) -> BotProcess:
    """Start a launcher and wait until its shards are connected and ready."""
    fake = proc.fake
    before = identified(fake)
    await proc.spawn()
    await fake.wait_for(lambda: proc.proc.returncode is not None or (
        identified(fake) >= before + shards and proc.output().count("logged in as") >= shards),
        90, "the launcher's shards ready")
    assert proc.proc.returncode is None, proc.output()[-3000:]
    return proc


async def refused(world: World, url: str, log_path, **env: str) -> str:
    proc = launcher(world, url, log_path, **env)
    status = await proc.exit_status()
    out = proc.output()
    assert status == DATABASE_IN_USE, out
    assert "Traceback" not in out and " ERROR " not in out, out
    return out


@pytest.mark.parametrize("death", ["killed", "frozen"])
async def test_a_standby_takes_over_the_shards_of_a_machine_that_died(world, pg_schema_url, tmp_path, death):
    url = pg_schema_url
    worlds = one_world_per_shard(world)
    fake = world.fake
    db = await Database.open(url)
    a = launcher(world, url, tmp_path / "a.log", SHARD_IDS="0")
    b = launcher(world, url, tmp_path / "b.log", SHARD_IDS="1")
    standby = launcher(world, url, tmp_path / "standby.log", STANDBY="true")
    stopped_b: list[int] = []
    try:
        await connected(a, 1)
        await connected(b, 1)
        held = {o.shard: o for o in await lease.holders(db)}
        assert sorted(held) == [0, 1] and held[0].token != held[1].token

        # a shard a live process holds, and another shard count, are refused: one paragraph each
        out = await refused(world, url, tmp_path / "again.log", SHARD_IDS="1")
        assert f"shard 1 of 2 is held by process {held[1].pid}" in out, out
        out = await refused(world, url, tmp_path / "count.log", SHARDS="3", SHARD_IDS="2")
        assert "The database" in out and "is run with SHARDS=2" in out and "SHARDS=3" in out, out

        await standby.spawn()
        await fake.wait_for(lambda: "standby for shard(s) 0,1 of 2" in standby.output(), 60,
                            "the standby's start")
        drivers = [GameDriver(w, db, w.players[:2], audit=False) for w in worlds]
        policy = Policy(17, budget=40)
        for driver in drivers:
            await driver.setup()
            await driver.play(policy, stop_at=3)

        # the second machine dies: its launcher and its shard at once
        b_child = held[1].pid
        assert b_child != b.pid
        died_at = time.perf_counter()
        how = signal.SIGKILL if death == "killed" else signal.SIGSTOP
        for pid in (b.pid, b_child):
            os.kill(pid, how)
            stopped_b.append(pid)
        died_wall = time.time()
        try:
            await fake.wait_for(lambda: "logged in as" in standby.output(), 60, "the standby's shard")
        except TimeoutError as exc:
            rows = await lease.holders(db)
            raise AssertionError(f"machine B stopped at {time.strftime('%X', time.localtime(died_wall))}"
                                 f" (epoch {died_wall:.1f}); leases now {rows}; the standby "
                                 f"said:\n{standby.output()}") from exc
        took = standby.output()
        assert "standby: taking over shard 1/2" in took, took
        assert ("holder's process ended" if death == "killed" else "ran out") in took, took
        assert "shard 1/2 INFO referee.service: resumed 1 running game(s)" in took, took
        assert "taking over shard 0/2" not in took  # the first machine's shard is alive
        now_held = await lease.holder(db, 1)
        assert now_held is not None and now_held.pid not in (b.pid, b_child)

        log_before = [await consistent(db, d.game_id) for d in drivers]
        assert [len(log) for log in log_before] == [len(d.played) for d in drivers]
        await drivers[1].decide(policy=policy, method="do")  # answered by the standby's shard
        answered_at = time.perf_counter()
        print(f"standby ({death}): second machine down -> its game answered by the standby in "
              f"{answered_at - died_at:.2f} s (lease 3 s; load average {os.getloadavg()[0]:.2f})")
        for driver in drivers:  # both games go on
            await driver.play(policy, stop_at=len(driver.played) + 3)
            assert len(await consistent(db, driver.game_id)) == len(driver.played), \
                "a decision was lost or doubled"
        assert (await lease.holder(db, 0)).pid == held[0].pid  # untouched
    finally:
        for pid in stopped_b:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        if b.proc is not None:
            await b.proc.wait()
        for proc in (a, standby):
            if proc.proc is not None:
                await proc.stop(30)
        await db.close()
    for proc in (a, standby):
        errors = [line for line in proc.output().splitlines()
                  if " ERROR " in line or line.startswith("Traceback")]
        assert not errors, "\n".join(errors)
