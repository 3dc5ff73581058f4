"""db/settings.py (migration 0007) on SQLite and PostgreSQL: a member's "your turn" DM setting,
off by default, per Discord user (the same in every server), turned on and off again, kept
across a reopen."""

from __future__ import annotations

from db import Database, settings
from tests.db.conftest import T0, Reopen


async def test_the_turn_dm_is_off_until_turned_on_and_can_be_turned_off(db: Database) -> None:
    big = 1_234_567_890_123_456_789  # a Discord id needs 64 bits
    assert not await settings.turn_dm(db, big)
    assert await settings.turn_dm_users(db, [big, 222]) == frozenset()
    assert await settings.turn_dm_users(db, []) == frozenset()
    await settings.set_turn_dm(db, big, True, now=T0)
    await settings.set_turn_dm(db, 333, True, now=T0)
    assert await settings.turn_dm(db, big)
    assert await settings.turn_dm_users(db, [big, 222, 333, big]) == {big, 333}
    await settings.set_turn_dm(db, big, False, now=T0 + 5)
    assert not await settings.turn_dm(db, big)
    assert await settings.turn_dm_users(db, [big, 222, 333]) == {333}
    await settings.set_turn_dm(db, big, True, now=T0 + 9)  # on again: one row, updated
    assert await settings.turn_dm_users(db, [big]) == {big}


async def test_the_setting_survives_a_reopen(reopen: Reopen) -> None:
    async with await reopen() as db:
        await settings.set_turn_dm(db, 111, True, now=T0)
    async with await reopen() as db:
        assert await settings.turn_dm(db, 111)
        assert not await settings.turn_dm(db, 222)
