from __future__ import annotations

import pytest

from db import Database, PlayerResult
from db import games as games_db
from db import moderation as moderation_db
from db import stats as stats_db
from tests.db.conftest import T0, running_game


async def finished(
    db: Database, guild: int, scores: dict[int, int], ai_score: int | None = None
) -> None:
    game = await running_game(
        db, tuple(scores), thread_id=None, guild_id=guild, ai=ai_score is not None
    )
    best = max([*scores.values(), ai_score or -1])
    results = [PlayerResult(str(u), s, s == best) for u, s in scores.items()]
    if ai_score is not None:
        results.append(PlayerResult("ai-1", ai_score, ai_score == best))
    await games_db.finish_game(db, game.id, 0, results, now=T0)


async def test_stats_per_player_and_server(db: Database) -> None:
    await finished(db, 1, {111: 30, 222: 20})
    await finished(db, 1, {111: 10, 222: 41, 333: 25})
    await finished(db, 1, {111: 50, 333: 5}, ai_score=60)
    await finished(db, 2, {111: 99, 444: 1})
    aborted = await running_game(db, (111, 222), thread_id=None, guild_id=1)
    await moderation_db.abort_game(db, aborted.id)  # does not count

    s = await stats_db.player_stats(db, 111, guild_id=1)
    assert (s.games, s.wins, s.average_score, s.best_score) == (3, 1, 30.0, 50)
    everywhere = await stats_db.player_stats(db, 111)
    assert (everywhere.games, everywhere.wins, everywhere.average_score) == (
        4,
        2,
        pytest.approx(47.25),
    )
    nobody = await stats_db.player_stats(db, 555, guild_id=1)
    assert (nobody.games, nobody.wins, nobody.average_score) == (0, 0, 0.0)

    board = await stats_db.leaderboard(db, guild_id=1)
    # AI seats are not players in the stats.
    assert [(p.user_id, p.games, p.wins) for p in board] == [(222, 2, 1), (111, 3, 1), (333, 2, 0)]
    by_avg = await stats_db.leaderboard(db, guild_id=1, order="average")
    assert [p.user_id for p in by_avg] == [222, 111, 333]
    assert [p.user_id for p in await stats_db.leaderboard(db, guild_id=1, min_games=3)] == [111]
    assert [p.user_id for p in await stats_db.leaderboard(db, guild_id=2)] == [111, 444]
    assert await stats_db.leaderboard(db, guild_id=1, game_name="other-game") == []
    with pytest.raises(ValueError):
        await stats_db.leaderboard(db, order="name; DROP TABLE results")
