"""Answers that change nothing: status, hand, log, stats, and finding the game of a channel."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from db import Game, GameStatus
from db import games as games_db
from db import stats as stats_db
from db import timers as timers_db
from games import Presentation
from referee.deciding.sessions import Sessions
from referee.errors import NotAPlayer, UnknownGame
from referee.messages import readable, texts
from referee.messages.outbox import File
from referee.shared import cache as cached
from referee.shared import origin
from referee.shared.context import Context
from referee.telling import images
from texts import _, number

log = logging.getLogger(__name__)


class Info:
    def __init__(self, ctx: Context, sessions: Sessions) -> None:
        self.ctx = ctx
        self.sessions = sessions

    def g(self, game: Game) -> Any:
        return self.ctx.engine(game)

    async def find(self, channel_id: int | None, user_id: int | None = None,
                   present: Presentation | None = None) -> Game:
        """The game of this thread; outside a game thread, the user's only active game.
        ``present``: the game the command belongs to (a game's own group), None for ``/game``;
        a game of another kind is refused with the command to use."""
        game = await self._find(channel_id, user_id, present)
        if present is not None and game.game_name != present.name:
            other = self.ctx.present(game)
            raise UnknownGame(_("This thread's game is {game}, not {other}: use {command} "
                                "here.").format(game=other.title, other=present.title,
                                                command=other.cmd("...")))
        return game

    async def _find(self, channel_id: int | None, user_id: int | None,
                    present: Presentation | None) -> Game:
        if channel_id is not None:
            game = await cached.find_game_by_thread(self.ctx, channel_id)
            if game is not None:
                return origin.check(game)
        if user_id is not None:
            here = origin.guild()
            mine = [g for status in (GameStatus.RUNNING, GameStatus.LOBBY)
                    for g in await games_db.list_games(self.ctx.db, status=status, user_id=user_id,
                                                          guild_id=here, limit=3)]
            if present is not None:
                mine = [g for g in mine if g.game_name == present.name]
            if len(mine) == 1:
                return origin.check(await cached.get_game(self.ctx, mine[0].id))
            if mine:
                raise UnknownGame(_("You are in several games: use this command in the game's "
                                    "thread."))
        if present is not None and present.command:
            raise UnknownGame(_("There is no {game} game here. Start one with {command} in a "
                                "channel, or use this command in a game's thread.").format(
                                    game=present.title, command=present.cmd("new")))
        raise UnknownGame()

    async def status(self, game: Game, user_id: int | None = None) -> tuple[str, tuple[File, ...]]:
        """Public: built from the spectator view only."""
        g, present = self.g(game), self.ctx.present(game)
        if game.status == GameStatus.LOBBY or (game.status == GameStatus.ABORTED and game.version is None):
            return texts.lobby_text(game, present, g.min_players, g.max_players), ()
        table = await self.sessions.table(game.id, game)
        view = g.view(table.state, None)
        who = texts.who(game, view)
        scores = g.scores(table.state)
        owing = [(o.player, present.prompt_text(g, table.state, o.player))
                 for o in g.owed(table.state)]
        parts = [texts.status_header(game, present, owing, game.deadline),
                 present.round_summary(view, scores, who)]
        if table.state.ended:
            parts.append(present.final_text(view, scores, g.winners(table.state), who))
        picture = await images.map_png(present, view, game.id)
        return "\n".join(parts), (picture,) if picture else ()

    async def hand(self, game: Game, user_id: int) -> tuple[str, tuple[File, ...]]:
        """Private: the asking player's own view."""
        seat = game.seat_of_user(user_id)
        if seat is None:
            raise NotAPlayer()
        if game.status == GameStatus.LOBBY:
            return _("The game hasn't started yet: no cards dealt."), ()
        table = await self.sessions.table(game.id, game)
        present = self.ctx.present(game)
        view = self.g(game).view(table.state, seat.player_id)
        picture = await images.hand_png(present, view, seat.player_id, game.id)
        return present.hand_text(view, seat.player_id, game.id), (picture,) if picture else ()

    async def log(self, game: Game, count: int = 20, user_id: int | None = None,
                  notation: bool = True) -> str:
        """The last ``count`` decisions as sentences (the public lines each caused, replayed
        from the initial state: ``referee.messages.readable``), each with its notation when asked (a
        sealed one's only for its own player until the reveal)."""
        if game.status == GameStatus.LOBBY:
            return _("The game hasn't started yet.")
        decisions = await games_db.get_log(self.ctx.db, game.id)
        names = {s.player_id: s.display_name for s in game.seats}
        seat = None if user_id is None else game.seat_of_user(user_id)
        g = self.g(game)
        shown = texts.unsealed(decisions, None if seat is None else seat.player_id, g)
        try:
            initial = await games_db.load_initial(self.ctx.db, game.id)
            told = await asyncio.to_thread(readable.sentences, g, self.ctx.present(game),
                                           initial.json, decisions)
        except Exception:
            log.exception("game %s: the log could not be replayed; the notation instead", game.id)
            return texts.log_text(shown[-count:], names, len(decisions))
        return readable.log_text(shown, told, names, len(decisions), count, notation)

    async def stats(self, guild_id: int, user_id: int, name: str,
                    game_name: str | None = None) -> str:
        """One member's figures and the server's leaderboard, for one game (None: the
        default game)."""
        present = self.ctx.present(game_name)
        mine = await stats_db.player_stats(self.ctx.db, user_id, guild_id=guild_id, game_name=present.name)
        board = await stats_db.leaderboard(self.ctx.db, guild_id=guild_id, game_name=present.name, limit=10)
        title = "" if game_name is None else f" ({present.title})"
        lines = [_("**{member}** on this server{game}: {games} game(s), {wins} win(s), average "
                   "score {average}, best {best}.").format(
                       member=texts.name(name), game=title, games=mine.games, wins=mine.wins,
                       average=number(mine.average_score, 1), best=mine.best_score)]
        if board:
            lines.append(_("**Leaderboard** (wins, games, average score):"))
            lines += [f"{i + 1}. <@{s.user_id}> — " + _("{wins} wins, {games} games, avg "
                                                        "{average}").format(
                          wins=s.wins, games=s.games, average=number(s.average_score, 1))
                      for i, s in enumerate(board)]
        else:
            lines.append(_("No finished games on this server yet."))
        return "\n".join(lines)

    async def back(self, game: Game, user_id: int) -> bool:
        """An absent player who uses any command in their game is back: True if they were away."""
        seat = game.seat_of_user(user_id)
        if seat is None or not seat.absent or game.status != GameStatus.RUNNING:
            return False
        await timers_db.set_absent(self.ctx.db, game.id, seat.player_id, False)
        game = await cached.get_game(self.ctx, game.id)
        with self.sessions.notify.speaking(game):
            line = "👋 " + _("{player} is back: decisions wait for them again.").format(
                player=texts.mention(seat))
        await self.sessions.notify.post(game, line)
        await self.sessions.holds.wake_up(game.id)  # a game paused with nobody present goes on
        return True
