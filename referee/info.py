"""Answers that change nothing: status, hand, log, stats, and finding the game of a channel."""

from __future__ import annotations

from typing import Any

from db import Game, GameStatus

from . import images, texts
from .context import GAME_NAME, Context
from .errors import NotAPlayer, UnknownGame
from .lobby import MAX_PLAYERS
from .outbox import File
from .sessions import Sessions


class Info:
    def __init__(self, ctx: Context, sessions: Sessions) -> None:
        self.ctx = ctx
        self.sessions = sessions

    @property
    def g(self) -> Any:
        return self.ctx.game

    async def find(self, channel_id: int | None, user_id: int | None = None) -> Game:
        """The game of this thread; outside a game thread, the user's only active game."""
        if channel_id is not None:
            game = await self.ctx.db.find_game_by_thread(channel_id)
            if game is not None:
                return game
        if user_id is not None:
            mine = [g for status in (GameStatus.RUNNING, GameStatus.LOBBY)
                    for g in await self.ctx.db.list_games(status=status, user_id=user_id, limit=3)]
            if len(mine) == 1:
                return await self.ctx.db.get_game(mine[0].id)
            if mine:
                raise UnknownGame("You are in several games: use this command in the game's thread.")
        raise UnknownGame()

    async def status(self, game: Game) -> tuple[str, tuple[File, ...]]:
        """Public: built from the spectator view only."""
        if game.status == GameStatus.LOBBY or (game.status == GameStatus.ABORTED and game.version is None):
            return texts.lobby_text(game, MAX_PLAYERS), ()
        table = await self.sessions.table(game.id, game)
        view = self.g.view(table.state, None)
        seats = {s.player_id: s for s in game.seats}
        scores = self.g.scores(table.state)
        parts = [texts.status_header(game, view, self.g.prompt(table.state), game.deadline),
                 texts.round_summary(view, scores, seats)]
        if view["ended"]:
            parts.append(texts.final_text(view, scores, seats))
        picture = await images.map_png(view, game.id)
        return "\n".join(parts), (picture,) if picture else ()

    async def hand(self, game: Game, user_id: int) -> tuple[str, tuple[File, ...]]:
        """Private: the asking player's own view."""
        seat = game.seat_of_user(user_id)
        if seat is None:
            raise NotAPlayer()
        if game.status == GameStatus.LOBBY:
            return "The game hasn't started yet: no cards dealt.", ()
        table = await self.sessions.table(game.id, game)
        view = self.g.view(table.state, seat.player_id)
        picture = await images.hand_png(view, seat.player_id, game.id)
        return texts.hand_text(view, seat.player_id, game.id), (picture,) if picture else ()

    async def log(self, game: Game, count: int = 20) -> str:
        if game.status == GameStatus.LOBBY:
            return "The game hasn't started yet."
        decisions = await self.ctx.db.get_log(game.id)
        names = {s.player_id: s.display_name for s in game.seats}
        return texts.log_text(decisions[-count:], names, len(decisions))

    async def stats(self, guild_id: int, user_id: int, name: str) -> str:
        mine = await self.ctx.db.player_stats(user_id, guild_id=guild_id, game_name=GAME_NAME)
        board = await self.ctx.db.leaderboard(guild_id=guild_id, game_name=GAME_NAME, limit=10)
        lines = [f"**{name}** on this server: {mine.games} game(s), {mine.wins} win(s), "
                 f"average score {mine.average_score:.1f}, best {mine.best_score}."]
        if board:
            lines.append("**Leaderboard** (wins, games, average score):")
            lines += [f"{i + 1}. <@{s.user_id}> — {s.wins} wins, {s.games} games, "
                      f"avg {s.average_score:.1f}" for i, s in enumerate(board)]
        else:
            lines.append("No finished games on this server yet.")
        return "\n".join(lines)

    async def back(self, game: Game, user_id: int) -> bool:
        """An absent player who uses any command in their game is back: True if they were away."""
        seat = game.seat_of_user(user_id)
        if seat is None or not seat.absent or game.status != GameStatus.RUNNING:
            return False
        await self.ctx.db.set_absent(game.id, seat.player_id, False)
        game = await self.ctx.db.get_game(game.id)
        await self.sessions.notify.post(game, f"👋 {texts.mention(seat)} is back: decisions wait "
                                        "for them again.")
        await self.sessions.holds.wake_up(game.id)  # a game paused with nobody present goes on
        return True
