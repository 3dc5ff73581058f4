"""A shard process acts only on its own shard's games (``referee.process.shards.owns``): two shard
referees on one database, a game and a lobby in a guild of each shard; deadlines, prompt
retries and lobby expiry of the other shard's guild are left to that shard's process."""

from __future__ import annotations

from db import games as games_db
from db import holds as holds_db
from db.holds import HoldReason
from referee.messages.outbox import MemoryOutbox
from referee.service import Referee

from .conftest import ANN, BOB, CHANNEL, Clock, settings

GUILDS = (2 << 22, 3 << 22)  # shards 0 and 1 of 2


async def game_in(ref: Referee, guild_id: int, *, start: bool = True) -> int:
    game = await ref.lobby.open(guild_id=guild_id, channel_id=CHANNEL, host_id=ANN,
                                host_name="Ann", red_tears=False, turn_hours=1)
    await ref.lobby.join(game.id, BOB, "Bob")
    if start:
        await ref.lobby.start(game.id, ANN, seed=5)
        await ref.idle()
    return game.id


async def test_each_shard_acts_on_its_own_games_only(db, clock: Clock) -> None:
    refs = [Referee(db, MemoryOutbox(), settings(shards=2, shard_id=i, lobby_expiry_hours=1),
                    clock=clock) for i in (0, 1)]
    try:
        games = [await game_in(refs[0], g) for g in GUILDS]
        lobbies = [await game_in(refs[0], g, start=False) for g in GUILDS]
        assert [len(await games_db.get_log(db, g)) for g in games] == [0, 0]
        clock.advance(2 * 3600)  # every deadline passed, every lobby stale

        async def logged() -> list[int]:
            return [len(await games_db.get_log(db, g)) for g in games]

        async def status() -> list[str]:
            return [str((await games_db.get_game(db, g)).status.value) for g in lobbies]

        for shard, ref in enumerate(refs):  # shard 0 acts first, then shard 1
            await ref.timers.tick()
            await ref.idle()
            assert [n > 0 for n in await logged()] == [True, shard == 1]
            await ref.expiry.expire()
            assert await status() == ["aborted", "aborted" if shard == 1 else "lobby"]

        # both games' prompts refused, both due for a retry
        now = int(clock())
        for g in games:
            await holds_db.hold(db, g, HoldReason.UNDELIVERED, now=now - 10, retry_at=now - 5)
        assert await refs[0].holds.retry_due(now) == 1
        assert await holds_db.get(db, games[0]) is None
        assert await holds_db.get(db, games[1]) is not None  # shard 1's, left alone
        assert await refs[1].holds.retry_due(now) == 1
        assert await holds_db.get(db, games[1]) is None
    finally:
        for ref in refs:
            await ref.close()
