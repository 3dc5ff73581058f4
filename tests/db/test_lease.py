"""One owner per database (db/lease.py): a live lease refuses everyone else, one that ran out
can be taken over, renewal tells the holder whether it still owns the file, release frees it."""

from __future__ import annotations

import pytest

from db import Database, lease
from db.lease import DatabaseInUse

from .conftest import T0, Reopen


async def test_a_live_lease_refuses_another_process(db: Database, reopen: Reopen) -> None:
    mine = await lease.claim(db, "a" * 32, "host-a", 111, ttl=45, now=T0)
    assert (mine.pid, mine.expires_at) == (111, T0 + 45)
    async with await reopen() as other:  # a second process on the same file
        with pytest.raises(DatabaseInUse) as refused:
            await lease.claim(other, "b" * 32, "host-b", 222, ttl=45, now=T0 + 44)
    text = str(refused.value)
    assert "process 111 on host 'host-a'" in text and "runs out in 1 s" in text
    assert db.path in text
    assert (await lease.holder(db)).token == "a" * 32
    # the holder may claim again (a re-claim is a renewal)
    assert (await lease.claim(db, "a" * 32, "host-a", 111, ttl=45, now=T0 + 10)).expires_at == T0 + 55


async def test_a_lease_that_ran_out_is_taken_over_and_its_holder_learns_it(db: Database) -> None:
    await lease.claim(db, "a" * 32, "host-a", 111, ttl=45, now=T0)
    assert await lease.renew(db, "a" * 32, ttl=45, now=T0 + 10)  # expires at T0 + 55 now
    with pytest.raises(DatabaseInUse):
        await lease.claim(db, "b" * 32, "host-b", 222, ttl=45, now=T0 + 54)
    taken = await lease.claim(db, "b" * 32, "host-b", 222, ttl=45, now=T0 + 55)
    assert taken.pid == 222
    assert not await lease.renew(db, "a" * 32, ttl=45, now=T0 + 56)  # A was frozen: lost
    await lease.release(db, "a" * 32)  # A's release does not free B's lease
    assert (await lease.holder(db)).token == "b" * 32
    await lease.release(db, "b" * 32)
    assert await lease.holder(db) is None
    await lease.claim(db, "c" * 32, "host-c", 333, ttl=45, now=T0 + 57)  # free at once
