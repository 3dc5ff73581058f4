from __future__ import annotations

from db import Database, DecisionSource
from tests.db.conftest import T0, running_game, state


async def test_expired_and_reminders(db: Database) -> None:
    a = await running_game(db, thread_id=1, deadline=T0 + 100)
    b = await running_game(db, thread_id=2, deadline=T0 + 200)
    c = await running_game(db, thread_id=3, deadline=None)
    lobby = await db.create_game(guild_id=1, channel_id=10, host_id=111)
    assert lobby.deadline is None

    assert await db.expired_games(T0) == []
    assert [t.game_id for t in await db.expired_games(T0 + 100)] == [a.id]
    assert [t.game_id for t in await db.expired_games(T0 + 10_000)] == [a.id, b.id]
    assert await db.next_timer() == T0 + 100 - 600  # a's reminder

    # Reminders: remind_at = deadline - 600 (see running_game).
    due = await db.due_reminders(T0 - 450)
    assert [t.game_id for t in due] == [a.id]
    assert await db.mark_reminder_sent(a.id, due[0].deadline)
    assert await db.due_reminders(T0 - 450) == []
    # Deadline passed: no reminder any more, it is an expiry now.
    assert [t.game_id for t in await db.due_reminders(T0 + 150)] == [b.id]

    # A decision sets the next deadline and re-arms the reminder.
    await db.append_decision(
        a.id, 0, "111", "draw 1", state(1), 1, deadline=T0 + 5000, remind_at=T0 + 4000
    )
    assert [t.game_id for t in await db.due_reminders(T0 + 4000)] == [a.id]
    # A reminder computed for an old deadline is not marked against the new one.
    assert not await db.mark_reminder_sent(a.id, T0 + 100)

    await db.set_deadline(c.id, T0 + 50, remind_at=None)
    assert [t.game_id for t in await db.expired_games(T0 + 60)] == [c.id]
    await db.set_deadline(c.id, None)
    assert await db.expired_games(T0 + 60) == []


async def test_missed_deadlines_and_absent(db: Database) -> None:
    game = await running_game(db)
    version = 0
    for expected_missed, expected_absent in [(1, False), (2, True)]:
        await db.append_decision(
            game.id,
            version,
            "222",
            "draw 1",
            state(version + 1),
            version + 1,
            deadline=None,
            source=DecisionSource.TIMEOUT,
            absent_after=2,
        )
        version += 1
        seat = (await db.get_game(game.id)).seat_of_player("222")
        assert seat is not None
        assert (seat.missed_deadlines, seat.absent) == (expected_missed, expected_absent)
    # Auto-played while absent: no change; the player acting again: reset.
    await db.append_decision(
        game.id,
        version,
        "222",
        "draw 1",
        state(version + 1),
        version + 1,
        deadline=None,
        source=DecisionSource.AUTO,
    )
    seat = (await db.get_game(game.id)).seat_of_player("222")
    assert seat is not None and (seat.missed_deadlines, seat.absent) == (2, True)
    await db.append_decision(
        game.id, version + 1, "222", "draw 1", state(version + 2), version + 2, deadline=None
    )
    seat = (await db.get_game(game.id)).seat_of_player("222")
    assert seat is not None and (seat.missed_deadlines, seat.absent) == (0, False)

    missed = await db.record_missed_deadline(game.id, "111")
    assert (missed.missed_deadlines, missed.absent) == (1, False)
    await db.set_absent(game.id, "111", True)
    seat = (await db.get_game(game.id)).seat_of_player("111")
    assert seat is not None and (seat.missed_deadlines, seat.absent) == (1, True)
    await db.set_absent(game.id, "111", False)
    seat = (await db.get_game(game.id)).seat_of_player("111")
    assert seat is not None and (seat.missed_deadlines, seat.absent) == (0, False)


async def test_next_timer_of_one_shard(db: Database) -> None:
    """A shard process sleeps until its own guilds' next timer, not another shard's."""
    g0, g1 = 5 << 22, (6 << 22) + 12345  # shards 1 and 0 of 2; 5 and 6 of 7
    a = await running_game(db, thread_id=1, deadline=T0 + 100, guild_id=g0)
    await running_game(db, thread_id=2, deadline=T0 + 5000, guild_id=g1)
    assert await db.next_timer() == T0 + 100 - 600
    assert await db.next_timer(shard=(1, 2)) == T0 + 100 - 600  # 5 % 2 == 1
    assert await db.next_timer(shard=(0, 2)) == T0 + 5000 - 600  # 6 % 2 == 0
    assert await db.next_timer(shard=(5, 7)) == T0 + 100 - 600
    assert await db.next_timer(shard=(3, 7)) is None
    assert await db.next_timer(shard=(1, 2), exclude=[a.id]) is None
