"""The channel announcements' edits still to make (db/announcements.py): the latest text of each
message, kept until its edit was made, read back at resume with the game's guild."""

from __future__ import annotations

from db import Database
from db import announcements as announcements_db
from db.announcements import Wanted
from tests.db.conftest import running_game


async def test_the_latest_text_is_kept_until_it_was_sent(db: Database) -> None:
    a = await running_game(db, thread_id=1, guild_id=5)
    b = await running_game(db, thread_id=2, guild_id=6)
    await announcements_db.want(db, a.id, 10, 1, "a: 2 players")
    await announcements_db.want(db, a.id, 10, 1, "a: running")  # replaces the one wanted
    await announcements_db.want(db, b.id, 10, 2, "b: finished")
    assert await announcements_db.wanted(db) == [Wanted(a.id, 5, 10, 1, "a: running"),
                                                 Wanted(b.id, 6, 10, 2, "b: finished")]
    await announcements_db.sent(db, a.id, 1, "a: 2 players")  # an older text went: still wanted
    await announcements_db.sent(db, b.id, 2, "b: finished")
    assert await announcements_db.wanted(db) == [Wanted(a.id, 5, 10, 1, "a: running")]
    await announcements_db.sent(db, a.id, 1, "a: running")
    assert await announcements_db.wanted(db) == []
