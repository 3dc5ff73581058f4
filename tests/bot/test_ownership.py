"""The bot holds its database (``referee.process.ownership`` over ``db.storage.lease``): a second bot on the file
is refused while the lease is live; one that lost the lease (it froze, its lease ran out, another
process took over) stops acting on games at once and says so loudly."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot import RefereeBot
from cogs.common import referee_of
from db.storage import lease
from db.storage.lease import DatabaseInUse
from referee.errors import Refusal
from referee.messages.outbox import MemoryOutbox

from .conftest import ANN, CHANNEL, Clock, settings, two_players
from .fakes import FakeInteraction, FakeMember


def bot(db_path: Path, clock: Clock) -> RefereeBot:
    return RefereeBot(settings(database_path=db_path, owner_lease_seconds=30,
                              owner_renew_seconds=10), outbox=MemoryOutbox(), clock=clock)


async def test_one_bot_per_database(db_path: Path, clock: Clock,
                                    caplog: pytest.LogCaptureFixture) -> None:
    first = bot(db_path, clock)
    await first.prepare()
    assert first.referee is not None and first.db is not None
    await first.referee.start()
    game = await two_players(first.referee)
    second = bot(db_path, clock)
    with pytest.raises(DatabaseInUse, match="in use by another bot process"):
        await second.prepare()
    assert second.db is None  # nothing left open

    # the first one freezes past its lease; a successor takes the database over
    clock.advance(31)
    third = bot(db_path, clock)
    await third.prepare()
    assert third.referee is not None
    caplog.set_level(logging.CRITICAL, logger="referee")
    assert await first.ownership.renew() is False  # type: ignore[union-attr]
    assert first.referee.suspended and first.referee.timed._task is None
    assert "LOST THE DATABASE" in caplog.text
    with pytest.raises(Refusal, match="handed its games over"):
        referee_of(FakeInteraction(first.referee, FakeMember(ANN, "Ann"), game.thread_id or CHANNEL))
    await first.close()  # does not free the successor's lease
    held = await lease.holder(third.referee.db)
    assert held is not None and held.token == third.ownership.token  # type: ignore[union-attr]
    assert referee_of(FakeInteraction(third.referee, FakeMember(ANN, "Ann"), CHANNEL)) is third.referee
    await third.close()  # a clean stop frees it at once
    fourth = bot(db_path, clock)
    await fourth.prepare()
    await fourth.close()
