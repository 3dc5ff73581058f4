"""``Referee``: the one object the bot holds. It wires the parts together and resumes games."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from db import Database

from .ai import AiRunner
from .config import Settings
from .context import Context
from .info import Info
from .lobby import Lobby
from .moderation import Moderation
from .notify import Notifier
from .outbox import Outbox
from .sessions import Sessions
from .timers import Timers

log = logging.getLogger(__name__)


class Referee:
    def __init__(self, db: Database, out: Outbox, settings: Settings | None = None, *,
                 clock: Callable[[], float] = time.time, ai: AiRunner | None = None) -> None:
        settings = settings or Settings(_env_file=None)  # type: ignore[call-arg]
        self.ctx = Context(db=db, out=out, settings=settings, clock=clock,
                           ai=ai or AiRunner(settings.ai_workers))
        self.notify = Notifier(self.ctx)
        self.sessions = Sessions(self.ctx, self.notify)
        self.lobby = Lobby(self.ctx, self.sessions, self.notify)
        self.moderation = Moderation(self.ctx, self.sessions, self.notify)
        self.info = Info(self.ctx, self.sessions)
        self.timers = Timers(self.ctx, self.sessions)
        self.ctx.on_timer_change = self.timers.poke

    @property
    def db(self) -> Database:
        return self.ctx.db

    async def resume(self) -> int:
        """After a restart: every running game continues (AI and absent seats move, games
        without a deadline get one). Timers come from the database; buttons are dynamic."""
        rows = await self.db.running_games()
        for row in rows:
            try:
                await self._resume(row.game_id)
            except Exception:
                log.exception("game %s could not be resumed", row.game_id)
                continue
            self.ctx.spawn(self.sessions.advance(row.game_id), f"advance-{row.game_id}")
        self.timers.poke()
        log.info("resumed %d running game(s)", len(rows))
        return len(rows)

    async def _resume(self, game_id: int) -> None:
        """Give the game a deadline if it has none, and post its turn prompt again if the
        bot stopped after committing a decision but before the prompt went out."""
        async with self.ctx.lock(game_id):
            table = await self.sessions.running(game_id)
            game = table.game
            deadline = game.deadline
            if deadline is None:
                deadline, remind_at = self.ctx.timer_for(game, table.state)
                await self.db.set_deadline(game_id, deadline, remind_at=remind_at)
            to_act = self.ctx.game.to_act(table.state)
            seat = None if to_act is None else game.seat_of_player(to_act.player)
            if seat is None or seat.is_ai or seat.absent or game.thread_id is None:
                return
            if await self.ctx.out.last_prompt(game.thread_id, game_id) != (table.version, table.tag):
                head = "♻️ I restarted before posting this prompt."
                log_ = await self.db.get_log(game_id, after_seq=0)
                if log_:
                    names = {s.player_id: s.display_name for s in game.seats}
                    last = log_[-1]
                    head += f" The last decision: {names.get(last.player_id, last.player_id)}: `{last.text}`."
                await self.notify.reprompt(game, table.state, deadline, head=head)

    async def start(self) -> None:
        await self.resume()
        self.timers.start()

    async def idle(self) -> None:
        await self.ctx.idle()

    async def close(self) -> None:
        await self.timers.stop()
        for task in list(self.ctx.tasks):
            task.cancel()
        if self.ctx.tasks:
            await asyncio.gather(*list(self.ctx.tasks), return_exceptions=True)
        self.ctx.ai.close()
