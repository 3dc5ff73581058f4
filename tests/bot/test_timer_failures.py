"""Timers that cannot do their work: a deadline another process (or a player) handled first is
already handled, not shoved an hour; a database whose writes fail (a full disk) is retried with
a growing pause, its traceback logged once and then one line now and then."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from db import Database
from db import games as games_db
from db import timers as timers_db
from referee.messages.outbox import MemoryOutbox
from referee.process.retry import RETRY_MAX
from referee.service import Referee
from referee.shared import cache as cached

from .conftest import Clock, owed, settings, thread_posts, two_players


async def test_a_deadline_handled_by_someone_else_meanwhile_is_already_handled(
        referee: Referee, db_path: Path, out: MemoryOutbox, clock: Clock) -> None:
    game = await two_players(referee)
    clock.t = game.deadline
    posts = thread_posts(out, game)
    async with await Database.open(db_path) as db2:
        other = Referee(db2, out, settings(), clock=clock)  # a second process on the file
        loaded = other.sessions.running

        async def meanwhile(game_id: int, g: Any = None) -> Any:
            table = await loaded(game_id, g)
            await referee.timers.tick()  # the first process applies the deadline now
            await referee.idle()
            return table  # ... so the second one's table is one version behind

        other.sessions.running = meanwhile  # type: ignore[method-assign]
        await other.timers.tick()
        await other.idle()
        await other.close()
    log = await games_db.get_log(referee.db, game.id)
    assert [d.source for d in log] == ["timeout"]  # applied once
    after = await cached.get_game(referee.ctx, game.id)
    assert after.version == log[-1].version
    assert after.deadline == clock.t + 86400, "the deadline was shoved instead of kept"
    assert sum("ran out of time" in p.text for p in posts) == 1


def disk_full(*_args: Any, **_kwargs: Any) -> Any:
    raise sqlite3.OperationalError("database or disk is full")


async def test_a_full_disk_backs_off_and_summarises(
        referee: Referee, clock: Clock, caplog: pytest.LogCaptureFixture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = await two_players(referee)
    start = clock.t = game.deadline
    attempts = 0

    async def full(*args: Any, **kwargs: Any) -> Any:
        nonlocal attempts
        attempts += 1
        disk_full()

    for topic, write in ((games_db, "append_decision"), (timers_db, "set_deadline"),
                         (timers_db, "mark_reminder_sent")):
        monkeypatch.setattr(topic, write, full if write == "append_decision" else disk_full)
    caplog.set_level(logging.INFO, logger="referee")
    wakes = 0
    while clock.t < start + 3600:  # an hour of the timer loop, in simulated time
        await referee.timers.tick()
        await referee.idle()
        clock.advance(await referee.timers.sleep_for())
        wakes += 1
    # retried after 5 s, 10 s, 20 s ... then every 15 min: 11 attempts, not 18,000
    assert attempts == 11 and wakes <= 2 * attempts, (attempts, wakes)
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len([r for r in errors if r.exc_info]) == 1  # one traceback
    summaries = [r.getMessage() for r in errors if not r.exc_info]
    assert len(summaries) == 3 and all("\n" not in s for s in summaries)
    assert summaries[-1].startswith(f"game {game.id}: timeout still failing (11 times since ")
    assert summaries[-1].endswith("UTC): database or disk is full")
    assert await games_db.get_log(referee.db, game.id) == []

    # the disk has room again: the next retry applies the deadline, and says so
    monkeypatch.undo()
    clock.advance(RETRY_MAX)
    await referee.timers.tick()
    await referee.idle()
    assert [d.source for d in await games_db.get_log(referee.db, game.id)] == ["timeout"]
    assert "timeout works again after 11 failure(s)" in caplog.text
    user, _, _ = await owed(referee, game.id)
    assert user is not None
