from __future__ import annotations

import pytest

from db import Database, GameStatus, SeatError, StaleVersion, ThreadInUse, WrongStatus
from db import games as games_db
from db import lobby as lobby_db
from db import moderation as moderation_db
from tests.db.conftest import T0, state


async def test_create_join_leave_start(db: Database) -> None:
    game = await lobby_db.create_game(
        db, guild_id=1,
        channel_id=10,
        thread_id=900,
        host_id=111,
        options={"red_tears": False, "turn_seconds": 86400},
        now=T0,
    )
    assert game.status == GameStatus.LOBBY and game.version is None and game.seats == ()
    assert game.options == {"red_tears": False, "turn_seconds": 86400}
    await lobby_db.join_seat(db, game.id, user_id=111, display_name="Ann", now=T0)
    await lobby_db.join_seat(db, game.id, user_id=222, display_name="Bob", now=T0)
    ai = await lobby_db.join_seat(db, game.id, user_id=None, display_name="Robo", is_ai=True, ai_level=3)
    await lobby_db.join_seat(db, game.id, user_id=333, display_name="岩田")
    assert ai.player_id == "ai-1" and ai.is_ai and ai.ai_level == 3

    left = await lobby_db.leave_seat(db, game.id, user_id=222)
    assert left.display_name == "Bob"
    game = await games_db.get_game(db, game.id)
    assert [(s.seat, s.player_id) for s in game.seats] == [(0, "111"), (1, "ai-1"), (2, "333")]
    assert game.seat_of_user(333).display_name == "岩田"  # type: ignore[union-attr]

    await lobby_db.update_options(db, game.id, {"red_tears": True, "turn_seconds": 3600})
    started = await lobby_db.start_game(
        db, game.id,
        initial_json=state(0),
        seed=2**80 + 7,
        seat_order=["333", "111", "ai-1"],
        deadline=T0 + 100,
        remind_at=T0 + 50,
        now=T0 + 1,
    )
    assert started.status == GameStatus.RUNNING and started.version == 0
    assert started.player_ids == ["333", "111", "ai-1"]
    assert started.options["red_tears"] is True
    assert started.started_at == T0 + 1 and started.deadline == T0 + 100
    snap = await games_db.load_snapshot(db, game.id)
    assert (snap.version, snap.json) == (0, state(0))
    initial = await games_db.load_initial(db, game.id)
    assert initial.json == state(0) and initial.seed == 2**80 + 7


async def test_lobby_rules(db: Database) -> None:
    game = await lobby_db.create_game(db, guild_id=1, channel_id=10, thread_id=900, host_id=111)
    await lobby_db.join_seat(db, game.id, user_id=111, display_name="Ann")
    with pytest.raises(SeatError, match="already has a seat"):
        await lobby_db.join_seat(db, game.id, user_id=111, display_name="Ann again")
    await lobby_db.join_seat(db, game.id, user_id=222, display_name="Bob", max_seats=2)
    with pytest.raises(SeatError, match="full"):
        await lobby_db.join_seat(db, game.id, user_id=333, display_name="Cy", max_seats=2)
    with pytest.raises(SeatError, match="no seat"):
        await lobby_db.leave_seat(db, game.id, user_id=444)
    with pytest.raises(ValueError):
        await lobby_db.join_seat(db, game.id, user_id=None, display_name="nobody")
    with pytest.raises(SeatError, match="reordering"):
        await lobby_db.start_game(db, game.id, initial_json=state(0), seed=1, seat_order=["111", "999"])
    with pytest.raises(ValueError, match="not valid JSON"):
        await lobby_db.start_game(db, game.id, initial_json="{oops", seed=1)
    # A failed start changed nothing.
    assert (await games_db.get_game(db, game.id)).status == GameStatus.LOBBY
    with pytest.raises(WrongStatus, match="started"):
        await games_db.load_snapshot(db, game.id)

    await lobby_db.start_game(db, game.id, initial_json=state(0), seed=1)
    with pytest.raises(WrongStatus, match="is running"):
        await lobby_db.join_seat(db, game.id, user_id=333, display_name="Cy")
    with pytest.raises(WrongStatus):
        await lobby_db.leave_seat(db, game.id, user_id=111)
    with pytest.raises(WrongStatus):
        await lobby_db.start_game(db, game.id, initial_json=state(0), seed=1)


async def test_empty_lobby_cannot_start(db: Database) -> None:
    game = await lobby_db.create_game(db, guild_id=1, channel_id=10, host_id=111)
    with pytest.raises(SeatError, match="no seats"):
        await lobby_db.start_game(db, game.id, initial_json=state(0), seed=1)


async def test_one_active_game_per_thread(db: Database) -> None:
    first = await lobby_db.create_game(db, guild_id=1, channel_id=10, thread_id=900, host_id=111)
    with pytest.raises(ThreadInUse):
        await lobby_db.create_game(db, guild_id=1, channel_id=10, thread_id=900, host_id=222)
    other = await lobby_db.create_game(db, guild_id=1, channel_id=10, host_id=222)
    with pytest.raises(ThreadInUse):
        await lobby_db.set_thread(db, other.id, 900)
    await moderation_db.abort_game(db, first.id)
    # The thread is free again once its game is over; lookups prefer the active game.
    await lobby_db.set_thread(db, other.id, 900)
    found = await games_db.find_game_by_thread(db, 900)
    assert found is not None and found.id == other.id
    await moderation_db.abort_game(db, other.id)
    found = await games_db.find_game_by_thread(db, 900)
    assert found is not None and found.id == other.id  # most recent
    assert await games_db.find_game_by_thread(db, 12345) is None


async def test_lobby_has_no_version_to_decide_on(db: Database) -> None:
    game = await lobby_db.create_game(db, guild_id=1, channel_id=10, host_id=111)
    await lobby_db.join_seat(db, game.id, user_id=111, display_name="Ann")
    with pytest.raises(WrongStatus):
        await games_db.append_decision(db, game.id, 0, "111", "draw 1", state(1), 1, deadline=None)
    assert not isinstance(WrongStatus(1, "lobby", "running"), StaleVersion)


async def test_list_games_filters(db: Database) -> None:
    a = await lobby_db.create_game(db, guild_id=1, channel_id=10, host_id=111)
    b = await lobby_db.create_game(db, guild_id=2, channel_id=20, host_id=222)
    c = await lobby_db.create_game(db, guild_id=1, channel_id=10, host_id=333)
    await lobby_db.join_seat(db, a.id, user_id=111, display_name="Ann")
    await lobby_db.join_seat(db, c.id, user_id=111, display_name="Ann")
    await lobby_db.join_seat(db, c.id, user_id=333, display_name="Cy")
    await lobby_db.start_game(db, c.id, initial_json=state(0), seed=3)
    assert [g.id for g in await games_db.list_games(db)] == [c.id, b.id, a.id]
    assert [g.id for g in await games_db.list_games(db, guild_id=1)] == [c.id, a.id]
    assert [g.id for g in await games_db.list_games(db, user_id=111)] == [c.id, a.id]
    assert [g.id for g in await games_db.list_games(db, user_id=111, status=GameStatus.LOBBY)] == [a.id]
    assert [g.id for g in await games_db.list_games(db, limit=1, offset=1)] == [b.id]
    running = await games_db.list_games(db, status=GameStatus.RUNNING)
    assert running[0].version == 0 and running[0].started_at is not None
