from __future__ import annotations

import pytest

from db import Database, GameStatus, SeatError, StaleVersion, ThreadInUse, WrongStatus
from tests.db.conftest import T0, state


async def test_create_join_leave_start(db: Database) -> None:
    game = await db.create_game(
        guild_id=1,
        channel_id=10,
        thread_id=900,
        host_id=111,
        options={"red_tears": False, "turn_seconds": 86400},
        now=T0,
    )
    assert game.status == GameStatus.LOBBY and game.version is None and game.seats == ()
    assert game.options == {"red_tears": False, "turn_seconds": 86400}
    await db.join_seat(game.id, user_id=111, display_name="Ann", now=T0)
    await db.join_seat(game.id, user_id=222, display_name="Bob", now=T0)
    ai = await db.join_seat(game.id, user_id=None, display_name="Robo", is_ai=True, ai_level=3)
    await db.join_seat(game.id, user_id=333, display_name="岩田")
    assert ai.player_id == "ai-1" and ai.is_ai and ai.ai_level == 3

    left = await db.leave_seat(game.id, user_id=222)
    assert left.display_name == "Bob"
    game = await db.get_game(game.id)
    assert [(s.seat, s.player_id) for s in game.seats] == [(0, "111"), (1, "ai-1"), (2, "333")]
    assert game.seat_of_user(333).display_name == "岩田"  # type: ignore[union-attr]

    await db.update_options(game.id, {"red_tears": True, "turn_seconds": 3600})
    started = await db.start_game(
        game.id,
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
    snap = await db.load_snapshot(game.id)
    assert (snap.version, snap.json) == (0, state(0))
    initial = await db.load_initial(game.id)
    assert initial.json == state(0) and initial.seed == 2**80 + 7


async def test_lobby_rules(db: Database) -> None:
    game = await db.create_game(guild_id=1, channel_id=10, thread_id=900, host_id=111)
    await db.join_seat(game.id, user_id=111, display_name="Ann")
    with pytest.raises(SeatError, match="already has a seat"):
        await db.join_seat(game.id, user_id=111, display_name="Ann again")
    await db.join_seat(game.id, user_id=222, display_name="Bob", max_seats=2)
    with pytest.raises(SeatError, match="full"):
        await db.join_seat(game.id, user_id=333, display_name="Cy", max_seats=2)
    with pytest.raises(SeatError, match="no seat"):
        await db.leave_seat(game.id, user_id=444)
    with pytest.raises(ValueError):
        await db.join_seat(game.id, user_id=None, display_name="nobody")
    with pytest.raises(SeatError, match="reordering"):
        await db.start_game(game.id, initial_json=state(0), seed=1, seat_order=["111", "999"])
    with pytest.raises(ValueError, match="not valid JSON"):
        await db.start_game(game.id, initial_json="{oops", seed=1)
    # A failed start changed nothing.
    assert (await db.get_game(game.id)).status == GameStatus.LOBBY
    with pytest.raises(WrongStatus, match="started"):
        await db.load_snapshot(game.id)

    await db.start_game(game.id, initial_json=state(0), seed=1)
    with pytest.raises(WrongStatus, match="is running"):
        await db.join_seat(game.id, user_id=333, display_name="Cy")
    with pytest.raises(WrongStatus):
        await db.leave_seat(game.id, user_id=111)
    with pytest.raises(WrongStatus):
        await db.start_game(game.id, initial_json=state(0), seed=1)


async def test_empty_lobby_cannot_start(db: Database) -> None:
    game = await db.create_game(guild_id=1, channel_id=10, host_id=111)
    with pytest.raises(SeatError, match="no seats"):
        await db.start_game(game.id, initial_json=state(0), seed=1)


async def test_one_active_game_per_thread(db: Database) -> None:
    first = await db.create_game(guild_id=1, channel_id=10, thread_id=900, host_id=111)
    with pytest.raises(ThreadInUse):
        await db.create_game(guild_id=1, channel_id=10, thread_id=900, host_id=222)
    other = await db.create_game(guild_id=1, channel_id=10, host_id=222)
    with pytest.raises(ThreadInUse):
        await db.set_thread(other.id, 900)
    await db.abort_game(first.id)
    # The thread is free again once its game is over; lookups prefer the active game.
    await db.set_thread(other.id, 900)
    found = await db.find_game_by_thread(900)
    assert found is not None and found.id == other.id
    await db.abort_game(other.id)
    found = await db.find_game_by_thread(900)
    assert found is not None and found.id == other.id  # most recent
    assert await db.find_game_by_thread(12345) is None


async def test_lobby_has_no_version_to_decide_on(db: Database) -> None:
    game = await db.create_game(guild_id=1, channel_id=10, host_id=111)
    await db.join_seat(game.id, user_id=111, display_name="Ann")
    with pytest.raises(WrongStatus):
        await db.append_decision(game.id, 0, "111", "draw 1", state(1), 1, deadline=None)
    assert not isinstance(WrongStatus(1, "lobby", "running"), StaleVersion)


async def test_list_games_filters(db: Database) -> None:
    a = await db.create_game(guild_id=1, channel_id=10, host_id=111)
    b = await db.create_game(guild_id=2, channel_id=20, host_id=222)
    c = await db.create_game(guild_id=1, channel_id=10, host_id=333)
    await db.join_seat(a.id, user_id=111, display_name="Ann")
    await db.join_seat(c.id, user_id=111, display_name="Ann")
    await db.join_seat(c.id, user_id=333, display_name="Cy")
    await db.start_game(c.id, initial_json=state(0), seed=3)
    assert [g.id for g in await db.list_games()] == [c.id, b.id, a.id]
    assert [g.id for g in await db.list_games(guild_id=1)] == [c.id, a.id]
    assert [g.id for g in await db.list_games(user_id=111)] == [c.id, a.id]
    assert [g.id for g in await db.list_games(user_id=111, status=GameStatus.LOBBY)] == [a.id]
    assert [g.id for g in await db.list_games(limit=1, offset=1)] == [b.id]
    running = await db.list_games(status=GameStatus.RUNNING)
    assert running[0].version == 0 and running[0].started_at is not None
