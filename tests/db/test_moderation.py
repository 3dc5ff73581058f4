from __future__ import annotations

import pytest

from db import Database, GameStatus, NothingToUndo, SeatError, StaleVersion, WrongStatus
from db import games as games_db
from db import moderation as moderation_db
from db import timers as timers_db
from tests.db.conftest import T0, decide, running_game, state


async def test_undo_last(db: Database) -> None:
    game = await running_game(db)
    with pytest.raises(NothingToUndo):
        await moderation_db.undo_last(db, game.id, 0, state(0), 0, deadline=None)
    await decide(db, game, 3)
    with pytest.raises(StaleVersion):
        await moderation_db.undo_last(db, game.id, 2, state(1), 1, deadline=None)
    with pytest.raises(ValueError, match="restore version 2"):
        await moderation_db.undo_last(db, game.id, 3, state(1), 1, deadline=None)
    assert len(await games_db.get_log(db, game.id)) == 3  # refused undos changed nothing

    removed = await moderation_db.undo_last(
        db, game.id, 3, state(2, replayed=True), 2, deadline=T0 + 9, by_user_id=7
    )
    assert (removed.seq, removed.text, removed.version) == (3, "draw 3", 3)
    assert [d.seq for d in await games_db.get_log(db, game.id)] == [1, 2]
    snap = await games_db.load_snapshot(db, game.id)
    assert (snap.version, snap.json) == (2, state(2, replayed=True))
    assert (await games_db.get_game(db, game.id)).deadline == T0 + 9
    # The next decision takes the freed sequence number.
    again = await games_db.append_decision(db, game.id, 2, "111", "draw 2", state(3), 3, deadline=None)
    assert again.seq == 3
    audit = await moderation_db.moderation_log(db, game.id)
    assert [(e.action, e.by_user_id, e.detail["text"]) for e in audit] == [("undo", 7, "draw 3")]


async def test_replace_seat_keeps_history(db: Database) -> None:
    game = await running_game(db, (111, 222, 333))
    await decide(db, game, 2)
    await timers_db.record_missed_deadline(db, game.id, "222", absent_after=1)
    with pytest.raises(SeatError, match="already plays"):
        await moderation_db.replace_seat(db, game.id, "222", user_id=333, display_name="Cy")
    seat = await moderation_db.replace_seat(
        db, game.id,
        "222",
        user_id=444,
        display_name="Dee",
        by_user_id=111,
        reason="left the server",
        now=T0 + 9,
    )
    assert (seat.seat, seat.player_id, seat.user_id, seat.missed_deadlines, seat.absent) == (
        1,
        "222",
        444,
        0,
        False,
    )
    await moderation_db.replace_seat(db, game.id, "222", user_id=None, display_name="Robo", is_ai=True, ai_level=1)
    now_game = await games_db.get_game(db, game.id)
    s = now_game.seat_of_player("222")
    assert s is not None and s.is_ai and s.user_id is None and s.ai_level == 1
    history = await moderation_db.seat_history(db, game.id)
    assert [(h.old_user_id, h.new_user_id, h.new_is_ai, h.at_version) for h in history] == [
        (222, 444, False, 2),
        (444, None, True, 2),
    ]
    assert history[0].reason == "left the server" and history[0].by_user_id == 111
    # The engine player id stays, so decisions keep flowing for that seat.
    await games_db.append_decision(
        db, game.id, 2, "222", "draw 1", state(3), 3, deadline=None, by_user_id=None
    )
    with pytest.raises(SeatError, match="no seat"):
        await moderation_db.replace_seat(db, game.id, "999", user_id=5, display_name="x")


async def test_abort(db: Database) -> None:
    game = await running_game(db)
    await moderation_db.abort_game(db, game.id, by_user_id=1, reason="host asked", now=T0 + 3)
    aborted = await games_db.get_game(db, game.id)
    assert aborted.status == GameStatus.ABORTED and aborted.deadline is None
    assert aborted.end_reason == "host asked" and aborted.ended_at == T0 + 3
    assert await games_db.running_games(db) == []
    with pytest.raises(WrongStatus):
        await moderation_db.abort_game(db, game.id)
    with pytest.raises(WrongStatus):
        await games_db.append_decision(db, game.id, 0, "111", "draw 1", state(1), 1, deadline=None)
    assert (await moderation_db.moderation_log(db, game.id))[0].action == "abort"
