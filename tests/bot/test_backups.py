"""Scheduled backups (``referee.process.backups``): the first copy at start when none is recent, else
when the interval since the newest has passed; then every interval; only the newest
``BACKUP_KEEP`` kept; a failing copy is logged and tried again, never fatal."""

from __future__ import annotations

import asyncio
import os
import sqlite3
from pathlib import Path

import pytest

from referee.process.backups import ScheduledBackups

T0 = 1_800_000_000.0
HOUR = 3600.0


class Clock:
    def __init__(self) -> None:
        self.now = T0
        self.waits: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.waits.append(seconds)
        if len(self.waits) > 3:
            raise asyncio.CancelledError  # enough rounds of the loop
        self.now += seconds


def database(tmp_path: Path) -> Path:
    path = tmp_path / "games.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
        conn.execute("INSERT INTO games VALUES (1)")
    return path


async def run(backups: ScheduledBackups) -> None:
    with pytest.raises(asyncio.CancelledError):
        await backups.run()


async def test_a_copy_at_start_then_every_interval_and_the_newest_kept(tmp_path: Path) -> None:
    clock = Clock()
    folder = tmp_path / "copies"
    backups = ScheduledBackups(database(tmp_path), folder, 6, 2, clock=clock, sleep=clock.sleep)
    await run(backups)
    assert clock.waits == [6 * HOUR] * 4  # one copy at once, then one every 6 h: 4 copies
    copies = sorted(p.name for p in folder.iterdir())
    assert copies == ["games-20270115-200000.sqlite3", "games-20270116-020000.sqlite3"]


async def test_a_recent_copy_postpones_the_first(tmp_path: Path) -> None:
    clock = Clock()
    folder = tmp_path / "copies"
    folder.mkdir()
    recent = folder / "games-20270115-060000.sqlite3"
    recent.write_bytes(b"")
    os.utime(recent, (T0 - 2 * HOUR, T0 - 2 * HOUR))
    backups = ScheduledBackups(database(tmp_path), folder, 6, 5, clock=clock, sleep=clock.sleep)
    await run(backups)
    assert clock.waits[0] == 4 * HOUR


async def test_a_failing_copy_is_logged_and_tried_again(tmp_path: Path, caplog) -> None:
    clock = Clock()
    backups = ScheduledBackups(tmp_path / "missing.sqlite3", tmp_path / "copies", 1, 3,
                               clock=clock, sleep=clock.sleep)
    await run(backups)
    failures = [r for r in caplog.records if "scheduled backup" in r.getMessage()]
    assert len(failures) == 4 and clock.waits == [HOUR] * 4
    assert not list((tmp_path / "copies").iterdir())
