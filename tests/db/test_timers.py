from __future__ import annotations

from db import Database, DecisionSource, OwedTimer
from db import games as games_db
from db import lobby as lobby_db
from db import moderation as moderation_db
from db import owed as owed_db
from db import timers as timers_db
from tests.db.conftest import T0, running_game, state


async def test_expired_and_reminders(db: Database) -> None:
    a = await running_game(db, thread_id=1, deadline=T0 + 100)
    b = await running_game(db, thread_id=2, deadline=T0 + 200)
    c = await running_game(db, thread_id=3, deadline=None)
    lobby = await lobby_db.create_game(db, guild_id=1, channel_id=10, host_id=111)
    assert lobby.deadline is None

    assert await timers_db.expired_games(db, T0) == []
    assert [t.game_id for t in await timers_db.expired_games(db, T0 + 100)] == [a.id]
    assert [t.game_id for t in await timers_db.expired_games(db, T0 + 10_000)] == [a.id, b.id]
    assert await timers_db.next_timer(db) == T0 + 100 - 600  # a's reminder

    # Reminders: remind_at = deadline - 600 (see running_game).
    due = await timers_db.due_reminders(db, T0 - 450)
    assert [t.game_id for t in due] == [a.id]
    assert await timers_db.mark_reminder_sent(db, a.id, due[0].deadline)
    assert await timers_db.due_reminders(db, T0 - 450) == []
    # Deadline passed: no reminder any more, it is an expiry now.
    assert [t.game_id for t in await timers_db.due_reminders(db, T0 + 150)] == [b.id]

    # A decision sets the next deadline and re-arms the reminder.
    await games_db.append_decision(
        db, a.id, 0, "111", "draw 1", state(1), 1, deadline=T0 + 5000, remind_at=T0 + 4000
    )
    assert [t.game_id for t in await timers_db.due_reminders(db, T0 + 4000)] == [a.id]
    # A reminder computed for an old deadline is not marked against the new one.
    assert not await timers_db.mark_reminder_sent(db, a.id, T0 + 100)

    await timers_db.set_deadline(db, c.id, T0 + 50, remind_at=None)
    assert [t.game_id for t in await timers_db.expired_games(db, T0 + 60)] == [c.id]
    await timers_db.set_deadline(db, c.id, None)
    assert await timers_db.expired_games(db, T0 + 60) == []


async def test_missed_deadlines_and_absent(db: Database) -> None:
    game = await running_game(db)
    version = 0
    for expected_missed, expected_absent in [(1, False), (2, True)]:
        await games_db.append_decision(
            db, game.id,
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
        seat = (await games_db.get_game(db, game.id)).seat_of_player("222")
        assert seat is not None
        assert (seat.missed_deadlines, seat.absent) == (expected_missed, expected_absent)
    # Auto-played while absent: no change; the player acting again: reset.
    await games_db.append_decision(
        db, game.id,
        version,
        "222",
        "draw 1",
        state(version + 1),
        version + 1,
        deadline=None,
        source=DecisionSource.AUTO,
    )
    seat = (await games_db.get_game(db, game.id)).seat_of_player("222")
    assert seat is not None and (seat.missed_deadlines, seat.absent) == (2, True)
    await games_db.append_decision(
        db, game.id, version + 1, "222", "draw 1", state(version + 2), version + 2, deadline=None
    )
    seat = (await games_db.get_game(db, game.id)).seat_of_player("222")
    assert seat is not None and (seat.missed_deadlines, seat.absent) == (0, False)

    missed = await timers_db.record_missed_deadline(db, game.id, "111")
    assert (missed.missed_deadlines, missed.absent) == (1, False)
    await timers_db.set_absent(db, game.id, "111", True)
    seat = (await games_db.get_game(db, game.id)).seat_of_player("111")
    assert seat is not None and (seat.missed_deadlines, seat.absent) == (1, True)
    await timers_db.set_absent(db, game.id, "111", False)
    seat = (await games_db.get_game(db, game.id)).seat_of_player("111")
    assert seat is not None and (seat.missed_deadlines, seat.absent) == (0, False)


async def test_next_timer_of_one_shard(db: Database) -> None:
    """A shard process sleeps until its own guilds' next timer, not another shard's."""
    g0, g1 = 5 << 22, (6 << 22) + 12345  # shards 1 and 0 of 2; 5 and 6 of 7
    a = await running_game(db, thread_id=1, deadline=T0 + 100, guild_id=g0)
    await running_game(db, thread_id=2, deadline=T0 + 5000, guild_id=g1)
    assert await timers_db.next_timer(db) == T0 + 100 - 600
    assert await timers_db.next_timer(db, shard=(1, 2)) == T0 + 100 - 600  # 5 % 2 == 1
    assert await timers_db.next_timer(db, shard=(0, 2)) == T0 + 5000 - 600  # 6 % 2 == 0
    assert await timers_db.next_timer(db, shard=(5, 7)) == T0 + 100 - 600
    assert await timers_db.next_timer(db, shard=(3, 7)) is None
    assert await timers_db.next_timer(db, shard=(1, 2), exclude=[a.id]) is None


async def test_a_reminder_queued_but_not_told_is_due_again_after_a_restart(db: Database) -> None:
    """``mark_owed_reminded(queued=True)`` / ``reminder_told`` / ``rearm_reminders``: a reminder
    is marked before it is posted (referee/desks/timers.py); one a restart finds still queued is
    due again, while its owed decision is the one it was for."""
    game = await running_game(db, thread_id=1, deadline=T0 + 1000)
    later = await running_game(db, thread_id=2, deadline=T0 + 1000)
    for g in (game, later):
        await owed_db.set_owed(db, g.id, [OwedTimer("111", "draw", T0, T0 + 1000, T0 + 400),
                                          OwedTimer("222", "draw", T0, T0 + 1000, T0 + 400)])
        for player in ("111", "222"):
            assert await owed_db.mark_owed_reminded(db, g.id, player, T0 + 1000, queued=True)
    assert await timers_db.due_reminders(db, T0 + 500) == []
    await owed_db.reminder_told(db, game.id, "222")  # posted; 111's was not when the bot died
    # later: 222 decided meanwhile (a new owed decision), then the game is another shard's
    await owed_db.set_owed(db, later.id, [OwedTimer("111", "draw", T0, T0 + 1000, T0 + 400, True),
                                          OwedTimer("222", "draw", T0 + 9, T0 + 2000, T0 + 1400)])
    assert await owed_db.rearm_reminders(db, {game.id}) == 1
    assert [t.game_id for t in await timers_db.due_reminders(db, T0 + 500)] == [game.id]
    sent = {t.player_id: t.reminder_sent for t in await owed_db.owed_timers(db, game.id)}
    assert sent == {"111": False, "222": True}
    assert await owed_db.rearm_reminders(db, {game.id}) == 0  # once
    # the other shard's turn: 111's is due again, 222's was for a decision since replaced
    assert await owed_db.rearm_reminders(db, {later.id}) == 1
    sent = {t.player_id: t.reminder_sent for t in await owed_db.owed_timers(db, later.id)}
    assert sent == {"111": False, "222": False}
    # a game that ended with a reminder queued: dropped by whoever resumes
    assert await owed_db.mark_owed_reminded(db, later.id, "111", T0 + 1000, queued=True)
    await moderation_db.abort_game(db, later.id, now=T0)
    assert await owed_db.rearm_reminders(db, {game.id}) == 0
    async with db._read() as tx:
        assert await tx.all("SELECT * FROM queued_reminders") == []
