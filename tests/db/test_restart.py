from __future__ import annotations

from db import Database, GameStatus
from db import games as games_db
from db import guilds as guilds_db
from db import lobby as lobby_db
from db import moderation as moderation_db
from db import timers as timers_db
from db import transfer as transfer_db
from tests.db.conftest import T0, Reopen, decide, running_game, state


async def test_everything_survives_a_restart(reopen: Reopen) -> None:
    async with await reopen() as db:
        game = await running_game(db, ai=1)
        await decide(db, game, 5)
        await moderation_db.undo_last(db, game.id, 5, state(4), 4, deadline=T0 + 42)
        await moderation_db.replace_seat(db, game.id, "222", user_id=333, display_name="Cy")
        await timers_db.record_missed_deadline(db, game.id, "111")
        await guilds_db.set_admin_role(db, 1, 777)
        lobby = await lobby_db.create_game(db, guild_id=1, channel_id=10, thread_id=901, host_id=5)
        await lobby_db.join_seat(db, lobby.id, user_id=5, display_name="Fay")
        before = (await transfer_db.export_game(db, game.id, now=T0), await transfer_db.export_game(db, lobby.id, now=T0))
    db2 = await reopen()
    try:
        after = (await transfer_db.export_game(db2, game.id, now=T0), await transfer_db.export_game(db2, lobby.id, now=T0))
        assert after == before
        assert [t.game_id for t in await games_db.running_games(db2)] == [game.id]
        assert (await games_db.get_game(db2, lobby.id)).status == GameStatus.LOBBY
        assert (await games_db.load_snapshot(db2, game.id)).json == state(4)
        assert (await games_db.get_game(db2, game.id)).deadline == T0 + 42
        assert await guilds_db.get_admin_role(db2, 1) == 777
        assert len(await moderation_db.seat_history(db2, game.id)) == 1
        await games_db.append_decision(db2, game.id, 4, "111", "draw 1", state(5), 5, deadline=None)
    finally:
        await db2.close()
    async with await reopen() as db3:
        assert [d.seq for d in await games_db.get_log(db3, game.id)] == [1, 2, 3, 4, 5]


async def test_guild_config(db: Database) -> None:
    assert await guilds_db.get_admin_role(db, 1) is None
    await guilds_db.set_admin_role(db, 1, 10)
    await guilds_db.set_admin_role(db, 1, 11)
    await guilds_db.set_admin_role(db, 2, 20)
    assert (await guilds_db.get_admin_role(db, 1), await guilds_db.get_admin_role(db, 2)) == (11, 20)
    await guilds_db.set_admin_role(db, 1, None)
    assert await guilds_db.get_admin_role(db, 1) is None
