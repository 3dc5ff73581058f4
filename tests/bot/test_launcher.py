"""The standby launcher (``referee.process.launcher``) takes over exactly the shards whose holder is
gone: a lease that ran out, or one whose process on this machine ended; not a live one, not a
shard stopped cleanly (its lease freed), not a shard outside its SHARD_IDS."""

from __future__ import annotations

from pathlib import Path

import pytest

from db import Database
from db.storage import lease
from db.storage.process_id import ProcessId, this_process
from referee.process.launcher import Launcher

from .conftest import settings

NOW = 1_700_000_000.0
ELSEWHERE = ProcessId("host-b", "boot-b pid:[1]", 4242, 1)


async def test_a_standby_takes_only_the_shards_whose_holder_is_gone(
        db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    me = this_process()
    if not me.pid_scope:
        pytest.skip("no /proc here: a holder is never provably gone")
    gone_here = ProcessId(me.host, me.pid_scope, me.pid, me.started + 1)  # its pid reused
    await lease.claim(db, "live", ELSEWHERE, ttl=45, now=NOW, shard=0, shards=5)
    await lease.claim(db, "ran-out", ELSEWHERE, ttl=45, now=NOW - 60, shard=1, shards=5)
    await lease.claim(db, "dead-here", gone_here, ttl=45, now=NOW, shard=2, shards=5)
    await lease.claim(db, "stopped", ELSEWHERE, ttl=45, now=NOW, shard=3, shards=5)
    await lease.release(db, "stopped", 3)  # a clean stop: not a machine that died
    await lease.claim(db, "not-mine", ELSEWHERE, ttl=45, now=NOW - 60, shard=4, shards=5)
    monkeypatch.setattr("referee.process.launcher.time.time", lambda: NOW)
    standby = Launcher(settings(shards=5, shard_ids="0,1,2,3", standby=True), Path("bot.py"), [])
    started: list[int] = []
    monkeypatch.setattr(standby, "start", started.append)
    await standby.check_count(db)  # the same SHARDS: no refusal
    await standby.take_over(db)
    assert started == [1, 2] and standby.taken == [1, 2]
    held = {o.shard: o.token for o in await lease.holders(db)}
    assert held == {0: "live", 1: standby.token, 2: standby.token, 4: "not-mine"}
    await standby.take_over(db)  # taken once
    assert started == [1, 2]


async def test_a_standby_with_another_shard_count_is_refused(db: Database) -> None:
    await lease.claim(db, "live", ELSEWHERE, ttl=1e9, now=NOW, shard=0, shards=4)
    standby = Launcher(settings(shards=2, standby=True), Path("bot.py"), [])
    with pytest.raises(lease.ShardCountDiffers, match="run with SHARDS=4"):
        await standby.check_count(db)
