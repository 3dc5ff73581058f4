"""One owner per database (db/storage/lease.py): a live lease refuses everyone else, one that ran out
can be taken over, renewal tells the holder whether it still owns the file, release frees it.
A holder that is provably gone (same machine, its process gone or its pid reused) is taken over
at once; one that may be alive elsewhere is waited out, and refused if it renews meanwhile."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest

from db import Database
from db.storage import lease, process_id
from db.storage.lease import RENEWED, RUNNING, DatabaseInUse
from db.storage.process_id import ProcessId

from .conftest import T0, Reopen

SCOPE = "boot-1 pid:[4026531836]"
A = ProcessId("host-a", SCOPE, 111, 5000)
A_AGAIN = ProcessId("host-a", SCOPE, 112, 9000)  # a new process on A's machine
B = ProcessId("host-b", "boot-2 pid:[4026531836]", 222, 7000)
C = ProcessId("host-c", "", 333, 0)  # no /proc: its scope is unknown


def alive(*processes: ProcessId):
    """A probe: these processes run, no other does."""
    return lambda pid, started: any((p.pid, p.started) == (pid, started) for p in processes)


class FakeTime:
    """The clock and sleep ``lease.acquire`` is given: sleeping moves the clock, and may let
    the holder act (``during``)."""

    def __init__(self, now: float, during=None) -> None:
        self.now = now
        self.slept: list[float] = []
        self.during = during

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds
        if self.during is not None:
            await self.during(self.now)


def no_sleep_time(now: float) -> FakeTime:
    async def fail(_now: float) -> None:
        raise AssertionError("waited for a lease it could take at once")
    return FakeTime(now, fail)


async def test_a_live_lease_refuses_another_process(db: Database, reopen: Reopen) -> None:
    mine = await lease.claim(db, "a" * 32, A, ttl=45, now=T0)
    assert (mine.pid, mine.expires_at) == (111, T0 + 45)
    async with await reopen() as other:  # a second process on the same file
        with pytest.raises(DatabaseInUse) as refused:
            await lease.claim(other, "b" * 32, B, ttl=45, now=T0 + 44)
    text = str(refused.value)
    assert "process 111 on host 'host-a'" in text and "runs out in 1 s" in text
    assert db.path in text and "\n" not in text
    assert (await lease.holder(db)).token == "a" * 32
    # the holder may claim again (a re-claim is a renewal)
    assert (await lease.claim(db, "a" * 32, A, ttl=45, now=T0 + 10)).expires_at == T0 + 55


async def test_a_lease_that_ran_out_is_taken_over_and_its_holder_learns_it(db: Database) -> None:
    await lease.claim(db, "a" * 32, A, ttl=45, now=T0)
    assert await lease.renew(db, "a" * 32, ttl=45, now=T0 + 10)  # expires at T0 + 55 now
    with pytest.raises(DatabaseInUse):
        await lease.claim(db, "b" * 32, B, ttl=45, now=T0 + 54)
    taken = await lease.claim(db, "b" * 32, B, ttl=45, now=T0 + 55)
    assert taken.pid == 222
    assert not await lease.renew(db, "a" * 32, ttl=45, now=T0 + 56)  # A was frozen: lost
    await lease.release(db, "a" * 32)  # A's release does not free B's lease
    assert (await lease.holder(db)).token == "b" * 32
    await lease.release(db, "b" * 32)
    assert await lease.holder(db) is None
    await lease.claim(db, "c" * 32, C, ttl=45, now=T0 + 57)  # free at once


async def test_a_dead_holder_on_this_machine_is_taken_over_at_once(
        db: Database, caplog: pytest.LogCaptureFixture) -> None:
    await lease.claim(db, "a" * 32, A, ttl=45, now=T0)  # then A is killed (SIGKILL)
    time = no_sleep_time(T0 + 6)
    caplog.set_level(logging.INFO, logger="db.storage.lease")
    taken = await lease.acquire(db, "n" * 32, A_AGAIN, ttl=45, clock=time.clock, sleep=time.sleep,
                                running=alive(A_AGAIN))
    assert (taken.pid, taken.started, taken.acquired_at) == (112, 9000, T0 + 6)
    assert (await lease.holder(db)).token == "n" * 32
    said = [r.getMessage() for r in caplog.records if r.name == "db.storage.lease"]
    assert len(said) == 1 and "took over the database lease of process 111" in said[0], said
    assert not await lease.renew(db, "a" * 32, ttl=45, now=T0 + 7)


async def test_a_reused_pid_does_not_keep_a_dead_holders_lease(db: Database) -> None:
    """The holder's pid now belongs to another process (this very test process, started at
    another time than the lease records): the holder is gone, its lease taken over at once."""
    me = process_id.this_process()
    if not me.pid_scope:
        pytest.skip("no /proc here: a holder is never provably gone")
    dead = ProcessId(me.host, me.pid_scope, me.pid, me.started + 1)
    await lease.claim(db, "a" * 32, dead, ttl=45, now=T0)
    assert process_id.running(me.pid, me.started)  # the pid runs, as another process
    time = no_sleep_time(T0 + 1)
    taken = await lease.acquire(db, "n" * 32, me, ttl=45, clock=time.clock, sleep=time.sleep)
    assert taken.token == "n" * 32 and (await lease.holder(db)).token == "n" * 32


async def test_a_running_holder_on_this_machine_is_refused_at_once(db: Database) -> None:
    me = process_id.this_process()
    if not me.pid_scope:
        pytest.skip("no /proc here: a holder is never provably gone")
    await lease.claim(db, "a" * 32, me, ttl=45, now=T0)  # held by a process that runs
    time = no_sleep_time(T0 + 1)
    with pytest.raises(DatabaseInUse) as refused:
        await lease.acquire(db, "n" * 32, me, ttl=45, clock=time.clock, sleep=time.sleep)
    assert refused.value.why == RUNNING and RUNNING in str(refused.value)
    assert (await lease.holder(db)).token == "a" * 32


@pytest.mark.parametrize("holder", [B, C, ProcessId("host-a", "boot-0 pid:[4026531836]", 111, 5000)],
                         ids=["another host", "unknown scope", "another boot"])
async def test_a_holder_elsewhere_is_waited_out_then_taken_over(
        db: Database, holder: ProcessId, caplog: pytest.LogCaptureFixture) -> None:
    """Not provably gone (another host, its scope unknown, or a holder from before this
    machine's last boot under the same name): wait, saying so every 10 s, take it at expiry."""
    await lease.claim(db, "b" * 32, holder, ttl=45, now=T0)  # its last renewal
    held: list[str] = []

    async def look(now: float) -> None:
        current = await lease.holder(db)
        assert current is not None and current.token == "b" * 32, f"taken early, at T0 + {now - T0}"
        held.append(current.token)

    time = FakeTime(T0 + 3, look)
    caplog.set_level(logging.INFO, logger="db.storage.lease")
    taken = await lease.acquire(db, "n" * 32, A, ttl=45, clock=time.clock, sleep=time.sleep,
                                running=alive())  # no process runs: it would not matter
    assert taken.acquired_at == T0 + 45 and taken.token == "n" * 32
    assert sum(time.slept) == 42 and max(time.slept) <= 10
    waiting = [r.getMessage() for r in caplog.records if "waiting for the database lease" in r.getMessage()]
    assert len(waiting) == 5, waiting  # at T0+3, 13, 23, 33, 43
    assert "runs out in 42 s" in waiting[0] and f"process {holder.pid}" in waiting[0]


async def test_a_holder_that_renews_while_we_wait_is_refused(db: Database) -> None:
    await lease.claim(db, "b" * 32, B, ttl=45, now=T0)

    async def renews(now: float) -> None:  # B is alive: it renews every 10 s
        assert await lease.renew(db, "b" * 32, ttl=45, now=now)

    time = FakeTime(T0 + 3, renews)
    with pytest.raises(DatabaseInUse) as refused:
        await lease.acquire(db, "n" * 32, A, ttl=45, clock=time.clock, sleep=time.sleep,
                            running=alive())
    assert refused.value.why == RENEWED and len(time.slept) == 1
    text = str(refused.value)
    assert "process 222 on host 'host-b'" in text and RENEWED in text and "\n" not in text
    assert (await lease.holder(db)).token == "b" * 32


async def test_a_released_lease_is_taken_while_waiting(db: Database) -> None:
    await lease.claim(db, "b" * 32, B, ttl=45, now=T0)

    async def stops(_now: float) -> None:  # B stops cleanly
        await lease.release(db, "b" * 32)

    time = FakeTime(T0 + 3, stops)
    taken = await lease.acquire(db, "n" * 32, A, ttl=45, clock=time.clock, sleep=time.sleep)
    assert taken.acquired_at == T0 + 13 and len(time.slept) == 1


def test_a_process_start_time_is_read_from_proc(tmp_path: Path) -> None:
    """``/proc/<pid>/stat`` field 22, after a command name that holds spaces and parentheses."""
    fields = ["S"] + [str(n) for n in range(4, 22)] + ["123456", "0"]
    (tmp_path / "42").mkdir()
    (tmp_path / "42" / "stat").write_text(f"42 (a (b) c) {' '.join(fields)}\n")
    assert process_id.start_time(42, tmp_path) == 123456
    assert process_id.running(42, 123456, tmp_path) and not process_id.running(42, 123457, tmp_path)
    assert process_id.start_time(43, tmp_path) is None and not process_id.running(43, 1, tmp_path)
    (tmp_path / "42" / "stat").write_text(f"42 (x) Z {' '.join(fields[1:])}\n")
    assert not process_id.running(42, 123456, tmp_path)  # a zombie runs nothing
    me = process_id.this_process()
    if me.pid_scope:
        assert me.pid == os.getpid() and process_id.running(me.pid, me.started)


async def test_each_shard_has_its_own_lease(db: Database) -> None:
    """Two machines each hold their own shards of four; a shard held by a live process is
    refused to anyone else, with a paragraph naming it."""
    for shard in (0, 1):
        await lease.claim(db, "a" * 32, A, ttl=45, now=T0, shard=shard, shards=4)
    for shard in (2, 3):
        await lease.claim(db, "b" * 32, B, ttl=45, now=T0, shard=shard, shards=4)
    assert [(o.shard, o.token[0]) for o in await lease.holders(db)] == [
        (0, "a"), (1, "a"), (2, "b"), (3, "b")]
    with pytest.raises(DatabaseInUse) as refused:
        await lease.claim(db, "c" * 32, C, ttl=45, now=T0 + 1, shard=2, shards=4)
    text = str(refused.value)
    assert "shard 2 of 4 is held by process 222 on host 'host-b'" in text and "SHARD_IDS" in text
    assert "\n" not in text
    # renewing one shard's lease leaves the others alone; a launcher renews only while it is
    # still named the holder (its shard's own process took the lease over)
    assert await lease.renew(db, "b" * 32, ttl=45, now=T0 + 40, shard=3)
    assert not await lease.renew(db, "b" * 32, ttl=45, now=T0 + 40, shard=2, pid=999)
    # B's machine dies: shard 2 runs out at T0 + 45, shard 3 (renewed) at T0 + 85
    await lease.claim(db, "s" * 32, C, ttl=45, now=T0 + 45, shard=2, shards=4)
    with pytest.raises(DatabaseInUse):
        await lease.claim(db, "s" * 32, C, ttl=45, now=T0 + 45, shard=3, shards=4)
    assert (await lease.holder(db, 0)).token == "a" * 32  # A's shards untouched
    await lease.release(db, "a" * 32, 0)
    assert [o.shard for o in await lease.holders(db)] == [1, 2, 3]


@pytest.mark.parametrize("shards", [1, 2])
async def test_another_shard_count_is_refused_while_the_other_runs(db: Database, shards: int) -> None:
    for shard in range(4):
        await lease.claim(db, "a" * 32, A, ttl=45, now=T0, shard=shard, shards=4)
    with pytest.raises(lease.ShardCountDiffers) as refused:
        await lease.claim(db, "b" * 32, B, ttl=45, now=T0 + 1, shard=0, shards=shards)
    text = str(refused.value)
    assert "run with SHARDS=4" in text and f"started with SHARDS={shards}" in text
    assert "\n" not in text
    time = no_sleep_time(T0 + 1)  # not waited for: refused at once
    with pytest.raises(lease.ShardCountDiffers):
        await lease.acquire(db, "b" * 32, B, ttl=45, clock=time.clock, sleep=time.sleep,
                            shards=shards)
    # once the other count's leases ran out, the new count takes the database, and the old
    # count's leftover rows go
    await lease.claim(db, "b" * 32, B, ttl=45, now=T0 + 45, shard=0, shards=shards)
    assert [(o.shard, o.shards) for o in await lease.holders(db)] == [(0, shards)]


async def test_a_dead_holder_of_another_count_on_this_machine_does_not_block(db: Database) -> None:
    await lease.claim(db, "a" * 32, A, ttl=45, now=T0, shard=1, shards=2)  # then killed
    taken = await lease.claim(db, "n" * 32, A_AGAIN, ttl=45, now=T0 + 1, running=alive(A_AGAIN))
    assert (taken.shard, taken.shards) == (0, 1)
    assert [(o.shard, o.shards) for o in await lease.holders(db)] == [(0, 1)]
