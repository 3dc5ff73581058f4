from __future__ import annotations

from db import Database, GameStatus
from tests.db.conftest import T0, Reopen, decide, running_game, state


async def test_everything_survives_a_restart(reopen: Reopen) -> None:
    async with await reopen() as db:
        game = await running_game(db, ai=1)
        await decide(db, game, 5)
        await db.undo_last(game.id, 5, state(4), 4, deadline=T0 + 42)
        await db.replace_seat(game.id, "222", user_id=333, display_name="Cy")
        await db.record_missed_deadline(game.id, "111")
        await db.set_admin_role(1, 777)
        lobby = await db.create_game(guild_id=1, channel_id=10, thread_id=901, host_id=5)
        await db.join_seat(lobby.id, user_id=5, display_name="Fay")
        before = (await db.export_game(game.id, now=T0), await db.export_game(lobby.id, now=T0))
    db2 = await reopen()
    try:
        after = (await db2.export_game(game.id, now=T0), await db2.export_game(lobby.id, now=T0))
        assert after == before
        assert [t.game_id for t in await db2.running_games()] == [game.id]
        assert (await db2.get_game(lobby.id)).status == GameStatus.LOBBY
        assert (await db2.load_snapshot(game.id)).json == state(4)
        assert (await db2.get_game(game.id)).deadline == T0 + 42
        assert await db2.get_admin_role(1) == 777
        assert len(await db2.seat_history(game.id)) == 1
        await db2.append_decision(game.id, 4, "111", "draw 1", state(5), 5, deadline=None)
    finally:
        await db2.close()
    async with await reopen() as db3:
        assert [d.seq for d in await db3.get_log(game.id)] == [1, 2, 3, 4, 5]


async def test_guild_config(db: Database) -> None:
    assert await db.get_admin_role(1) is None
    await db.set_admin_role(1, 10)
    await db.set_admin_role(1, 11)
    await db.set_admin_role(2, 20)
    assert (await db.get_admin_role(1), await db.get_admin_role(2)) == (11, 20)
    await db.set_admin_role(1, None)
    assert await db.get_admin_role(1) is None
