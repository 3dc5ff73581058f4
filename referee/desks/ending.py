"""The end of every game: the replay picture (if the game's render package draws one) and a
**Rematch** button, which opens a new lobby for the same game, options and seats in a new
thread of the same channel, as ``/game new`` does."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any

from db import Decision, Game, GameStatus
from db import games as games_db
from db import lifecycle as lifecycle_db
from games import Presentation
from referee.deciding.sessions import Sessions
from referee.desks.lobby import PLATFORM_OPTIONS, Lobby
from referee.errors import NotAllowed, Refusal, WrongPhase
from referee.messages import ids, texts
from referee.messages.choices import Button, Panel
from referee.messages.outbox import File
from referee.shared import cache as cached
from referee.shared.context import Context
from referee.telling import images
from referee.telling.notify import Notifier
from texts import _, command, using

log = logging.getLogger(__name__)


def replay_views(g: Any, present: Presentation, initial: str,
                 log_: Sequence[Decision]) -> list[dict[str, Any]]:
    """The public view at the start and at every frame the game's presentation wants (a new
    round, the end), replayed from the initial state and the log."""
    state = g.load(initial)
    views = [g.view(state, None)]
    for d in log_:
        before = g.clone(state)
        g.apply(state, d.player_id, d.text)
        if present.replay_frame(before, state):
            views.append(g.view(state, None))
    return views


def rematch_panel(game_id: int) -> Panel:
    return Panel(buttons=(Button(_("Rematch"), ids.life_id(game_id, "rematch"), "primary"),))


class Ending:
    def __init__(self, ctx: Context, sessions: Sessions, notifier: Notifier, lobby: Lobby) -> None:
        self.ctx = ctx
        self.sessions = sessions
        self.notify = notifier
        self.lobby = lobby
        ctx.signals.on_finished(self.finished)  # a game's final post went out

    async def replay(self, game: Game) -> File | None:
        """The game's replay picture (None: its render package has none, or drawing failed)."""
        present = self.ctx.present(game)
        g = self.ctx.engine(game)
        try:
            initial = await games_db.load_initial(self.ctx.db, game.id)
            log_ = await games_db.get_log(self.ctx.db, game.id)
            views = await asyncio.to_thread(replay_views, g, present, initial.json, log_)
        except Exception:
            log.exception("game %s: replaying it for its replay picture failed", game.id)
            return None
        with using(self.ctx.language(game)):  # a public picture: the game's language
            return await images.replay_gif(present, views, game.id)

    async def finished(self, game: Game, state: Any) -> None:
        """After the final post of any game (the engine's end or a resignation): resigned
        seats' results, the replay picture and the rematch button. Never raises."""
        try:
            await lifecycle_db.resigned_results(self.ctx.db, game.id)
            await lifecycle_db.drop_takeback(self.ctx.db, game.id)
            picture = await self.replay(game)
            present = self.ctx.present(game)
            with self.notify.speaking(game):
                how = present.cmd("new") if present.command else command("game new")
                text = ("🎞️ " + _("The whole game, round by round. **Rematch** opens a new lobby "
                                  "with the same seats and options (or start another with "
                                  "{command}).") if picture is not None else
                        "🏁 " + _("Thanks for playing. **Rematch** opens a new lobby with the "
                                  "same seats and options (or start another with {command}).")
                        ).format(command=how)
                panel = rematch_panel(game.id)
            await self.notify.post(game, text, files=(picture,) if picture else (),
                                   panel=panel)
        except Exception:
            log.exception("game %s: the end-of-game post failed", game.id)

    async def rematch(self, game_id: int, user_id: int, name: str) -> Game:
        """A new lobby of the same game with the same options and seats (the clicker hosts
        it); one rematch per game."""
        async with self.ctx.lock(game_id):
            game = await self.sessions.get_game(game_id)
            if game.status != GameStatus.FINISHED:
                raise WrongPhase(_("Game #{game} isn't over: a rematch comes after its end.")
                                 .format(game=game_id))
            played = {s.user_id for s in game.seats if s.user_id is not None}
            played |= {u for u in (await lifecycle_db.resigned(self.ctx.db, game_id)).values()
                       if u is not None}
            if user_id not in played:
                raise NotAllowed(_("Only the players of this game can ask for its rematch."))
            existing = await lifecycle_db.rematch_of(self.ctx.db, game_id)
            if existing is not None:
                old = await cached.get_game(self.ctx, existing)
                raise Refusal(_("The rematch is already open: game #{game} in {thread}.").format(
                    game=old.id, thread=f"<#{old.thread_id}>"))
            options = {k: v for k, v in game.options.items() if k not in PLATFORM_OPTIONS}
            others = [s for s in game.seats if s.user_id != user_id]
            new = await self.lobby.open(
                guild_id=game.guild_id, channel_id=game.channel_id, host_id=user_id,
                host_name=name, turn_hours=self.ctx.turn_seconds(game) / 3600,
                game_name=game.game_name, options=options, seats=others,
                language=self.ctx.language(game),
                head="🔁 " + _("Rematch of game #{game}.").format(game=game_id))
            await lifecycle_db.record_rematch(self.ctx.db, game_id, new.id, by_user_id=user_id,
                                              now=self.ctx.now())
        with self.notify.speaking(game):
            line = "🔁 " + _("{member} opened the rematch: game #{game} in {thread}.").format(
                member=f"<@{user_id}>", game=new.id, thread=f"<#{new.thread_id}>")
        await self.notify.post(game, line)
        return new


def players_line(game: Game) -> str:
    return ", ".join(texts.mention(s) for s in game.seats)
