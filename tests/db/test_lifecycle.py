"""db/lifecycle.py (migration 0006) on SQLite and PostgreSQL: pauses keep the time left and
clear every timer, resigned seats' results, takeback requests, rematches, stale lobbies."""

from __future__ import annotations

from db import Database, OwedTimer, PlayerResult
from db import games as games_db
from db import lifecycle as lc
from db import lobby as lobby_db
from db import moderation as moderation_db
from db import owed as owed_db
from db import timers as timers_db
from tests.db.conftest import T0, running_game


async def test_a_pause_clears_the_timers_and_gives_the_time_back(db: Database) -> None:
    game = await running_game(db)
    await owed_db.set_owed(db, game.id, [OwedTimer("111", "draw", T0, T0 + 3600, T0 + 3000, False)])
    assert await lc.pause(db, game.id, by_user_id=9, now=T0 + 600, left={"111": (3000, 2400)})
    assert not await lc.pause(db, game.id, by_user_id=9, now=T0 + 700, left={})
    paused = await lc.get_pause(db, game.id)
    assert paused is not None and paused.left == {"111": (3000, 2400)} and paused.since == T0 + 600
    row = await games_db.get_game(db, game.id)
    assert row.deadline is None and row.remind_at is None
    assert [t.deadline for t in await owed_db.owed_timers(db, game.id)] == [None]
    assert await timers_db.next_timer(db) is None
    await lc.set_left(db, game.id, {"111": (6600, None)})
    assert (await lc.get_pause(db, game.id)).left == {"111": (6600, None)}  # type: ignore[union-attr]

    back = [OwedTimer("111", "draw", T0, T0 + 9000, None, True)]
    assert await lc.unpause(db, game.id, back, by_user_id=9, now=T0 + 2400)
    assert not await lc.unpause(db, game.id, back, by_user_id=9, now=T0 + 2400)
    assert await lc.get_pause(db, game.id) is None
    assert (await games_db.get_game(db, game.id)).deadline == T0 + 9000
    assert [e.action for e in await moderation_db.moderation_log(db, game.id)] == ["pause", "resume"]


async def test_resigned_seats_lose_in_the_results(db: Database) -> None:
    game = await running_game(db, (111, 222, 333))
    await lc.resign(db, game.id, "111", user_id=111, version=0, now=T0)
    await lc.resign(db, game.id, "111", user_id=111, version=0, now=T0)  # once
    await moderation_db.replace_seat(db, game.id, "111", user_id=None, display_name="Easy bot", is_ai=True,
                          ai_level=1, now=T0)
    assert await lc.resigned(db, game.id) == {"111": 111}
    await games_db.finish_game(db, game.id, 0, [PlayerResult("111", 9, True), PlayerResult("222", 5, False),
                                      PlayerResult("333", 9, True)], now=T0 + 5)
    assert await lc.resigned_results(db, game.id) == 1
    results = {r.player_id: (r.user_id, r.won) for r in await games_db.get_results(db, game.id)}
    assert results == {"111": (111, False), "222": (222, False), "333": (333, True)}


async def test_a_takeback_request(db: Database) -> None:
    game = await running_game(db, (111, 222, 333))
    ask = lc.Takeback(game.id, "111", 111, 4, 7, (222, 333), (), T0)
    assert await lc.open_takeback(db, ask)
    assert not await lc.open_takeback(db, ask)  # one per game
    half = await lc.approve_takeback(db, game.id, 222)
    assert half is not None and half.approved == (222,) and not half.complete
    assert (await lc.approve_takeback(db, game.id, 222)).approved == (222,)  # type: ignore[union-attr]
    done = await lc.approve_takeback(db, game.id, 333)
    assert done is not None and done.complete and done.seq == 4 and done.version == 7
    assert await lc.get_takeback(db, game.id) == done
    assert await lc.drop_takeback(db, game.id)
    assert await lc.get_takeback(db, game.id) is None
    assert await lc.approve_takeback(db, game.id, 222) is None


async def test_rematches_and_stale_lobbies(db: Database) -> None:
    game = await running_game(db)
    lobby = await lobby_db.create_game(db, guild_id=1, channel_id=10, host_id=111, now=T0 + 100)
    later = await lobby_db.create_game(db, guild_id=1, channel_id=10, host_id=222, now=T0 + 200)
    assert await lc.rematch_of(db, game.id) is None
    assert await lc.record_rematch(db, game.id, lobby.id, by_user_id=111, now=T0)
    assert not await lc.record_rematch(db, game.id, later.id, by_user_id=222, now=T0)
    assert await lc.rematch_of(db, game.id) == lobby.id
    assert await lc.oldest_lobby(db) == T0 + 100
    assert await lc.stale_lobbies(db, T0 + 150) == [lobby.id]
    assert await lc.stale_lobbies(db, T0 + 300) == [lobby.id, later.id]
