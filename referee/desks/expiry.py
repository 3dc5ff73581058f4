"""Lobbies expire: one nobody started within ``LOBBY_EXPIRY_HOURS`` of its last change (opened,
a seat taken or left, its options changed) is closed (aborted, reason "expired"), and its
thread says so; its buttons then answer that it expired."""

from __future__ import annotations

import logging

from db import GameStatus
from db import lifecycle as lifecycle_db
from db import moderation as moderation_db
from referee.process.background import TimedSource
from referee.shared import cache as cached
from referee.shared.context import Context
from referee.telling.notify import Notifier
from texts import command, ngettext, number

log = logging.getLogger(__name__)
MIN_SLEEP, MAX_SLEEP = 5.0, 3600.0


class LobbyExpiry(TimedSource):
    """Lobbies nobody started: a source of the one timed loop (``TimedWork``)."""

    what = "lobby expiry"
    log = log
    min_sleep, max_sleep = MIN_SLEEP, MAX_SLEEP

    def __init__(self, ctx: Context, notifier: Notifier) -> None:
        self.ctx = ctx
        self.notify = notifier

    @property
    def seconds(self) -> int:
        return int(self.ctx.settings.lobby_expiry_hours * 3600)

    async def expire(self, now: int | None = None) -> list[int]:
        """Close every lobby unchanged for the expiry time; their ids."""
        now = self.ctx.now() if now is None else now
        closed = []
        for game_id in await lifecycle_db.stale_lobbies(self.ctx.db, now - self.seconds):
            async with self.ctx.lock(game_id):
                game = await cached.get_game(self.ctx, game_id)
                if game.status != GameStatus.LOBBY or game.updated_at >= now - self.seconds:
                    continue  # started or changed meanwhile
                if not self.ctx.owns(game.guild_id):
                    continue  # another shard's (referee.process.shards)
                await moderation_db.abort_game(self.ctx.db, game_id, reason="expired", now=now)
                game = await cached.get_game(self.ctx, game_id)
            closed.append(game_id)
            await self.notify.refresh_board(game)  # the lobby message says it expired
            hours = self.ctx.settings.lobby_expiry_hours
            with self.notify.speaking(game):  # the thread's words
                how = (self.ctx.present(game).cmd("new") if self.ctx.present(game).command
                       else command("game new"))
                text = ngettext(
                    "⌛ **Lobby #{game} expired**: nobody started it within {hours} hour of its "
                    "last change, so it is closed. Open a new one with {command} in the channel.",
                    "⌛ **Lobby #{game} expired**: nobody started it within {hours} hours of its "
                    "last change, so it is closed. Open a new one with {command} in the channel.",
                    int(hours) if float(hours).is_integer() else 2).format(
                        game=game_id, hours=number(hours), command=how)
            await self.notify.post(game, text)
        return closed

    async def sleep_for(self) -> float:
        oldest = await lifecycle_db.oldest_lobby(self.ctx.db)
        if oldest is None:
            return MAX_SLEEP
        return min(max(oldest + self.seconds - self.ctx.clock() + 1, MIN_SLEEP), MAX_SLEEP)

    async def due(self) -> None:
        await self.expire()

