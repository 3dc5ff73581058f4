"""Lobbies: open one (with its thread), join, leave, seat an AI, start."""

from __future__ import annotations

import logging
import secrets
from typing import Any

from db import Game, GameStatus, SeatError

from . import ai, ids, texts
from .choices import Button, Panel
from .context import GAME_NAME, Context
from .errors import NotAllowed, Refusal, WrongPhase
from .notify import Notifier
from .sessions import Sessions

log = logging.getLogger(__name__)
MIN_PLAYERS, MAX_PLAYERS = 2, 4


def lobby_panel(game_id: int) -> Panel:
    return Panel(buttons=(
        Button("Join", ids.lobby_id(game_id, "join"), "success"),
        Button("Leave", ids.lobby_id(game_id, "leave"), "secondary"),
        Button("Start", ids.lobby_id(game_id, "start"), "primary"),
    ))


class Lobby:
    def __init__(self, ctx: Context, sessions: Sessions, notifier: Notifier) -> None:
        self.ctx = ctx
        self.sessions = sessions
        self.notify = notifier

    @property
    def g(self) -> Any:
        return self.ctx.game

    async def _lobby(self, game_id: int) -> Game:
        game = await self.sessions.get_game(game_id)
        if game.status != GameStatus.LOBBY:
            raise WrongPhase(f"Game #{game_id} has already {'started' if game.status == 'running' else 'ended'}"
                             ": its lobby is closed.")
        return game

    async def open(self, *, guild_id: int, channel_id: int, host_id: int, host_name: str,
                   red_tears: bool = False, turn_hours: float | None = None) -> Game:
        """A new lobby with its own thread; the host takes the first seat."""
        hours = turn_hours if turn_hours is not None else self.ctx.settings.default_turn_hours
        if not 0 < hours <= 24 * 14:
            raise Refusal("The turn time limit is between a few minutes and 14 days (336 hours).")
        options = {"red_tears": bool(red_tears), "turn_seconds": max(60, int(hours * 3600))}
        now = self.ctx.now()
        game = await self.ctx.db.create_game(guild_id=guild_id, channel_id=channel_id,
                                             host_id=host_id, game_name=GAME_NAME,
                                             options=options, now=now)
        try:
            thread_id = await self.ctx.out.create_thread(
                channel_id, f"Stella Digger #{game.id}",
                f"🪐 <@{host_id}> opened Stella Digger game #{game.id}: join in the thread.")
        except Exception as exc:
            log.warning("game %s: could not create a thread: %s", game.id, exc)
            await self.ctx.db.abort_game(game.id, reason="no thread", now=now)
            raise Refusal("I couldn't create a thread for the game here. Check that I may create "
                          "public threads and send messages in threads in this channel.") from None
        await self.ctx.db.set_thread(game.id, thread_id, now=now)
        await self.ctx.db.join_seat(game.id, user_id=host_id, display_name=host_name,
                                    max_seats=MAX_PLAYERS, now=now)
        game = await self.ctx.db.get_game(game.id)
        await self.notify.post(game, texts.lobby_text(game, MAX_PLAYERS), panel=lobby_panel(game.id))
        return game

    async def join(self, game_id: int, user_id: int, name: str) -> Game:
        async with self.ctx.lock(game_id):
            game = await self._lobby(game_id)
            if game.seat_of_user(user_id):
                raise Refusal("You already have a seat in this game.")
            if len(game.seats) >= MAX_PLAYERS:
                raise Refusal(f"This game is full ({MAX_PLAYERS} players).")
            try:
                await self.ctx.db.join_seat(game_id, user_id=user_id, display_name=name,
                                            max_seats=MAX_PLAYERS, now=self.ctx.now())
            except SeatError:
                raise Refusal("You can't join this game (it is full or you are already in).") from None
            game = await self.ctx.db.get_game(game_id)
        await self.notify.post(game, f"➕ {name} joined ({len(game.seats)}/{MAX_PLAYERS}).")
        return game

    async def leave(self, game_id: int, user_id: int) -> Game:
        async with self.ctx.lock(game_id):
            game = await self._lobby(game_id)
            seat = game.seat_of_user(user_id)
            if seat is None:
                raise Refusal("You don't have a seat in this game.")
            await self.ctx.db.leave_seat(game_id, user_id=user_id, now=self.ctx.now())
            game = await self.ctx.db.get_game(game_id)
        await self.notify.post(game, f"➖ {seat.display_name} left ({len(game.seats)}/{MAX_PLAYERS}).")
        return game

    async def add_bot(self, game_id: int, by_user: int, level: str, *, moderator: bool = False) -> Game:
        if level not in ai.LEVELS:
            raise Refusal(f"Unknown AI level '{level}': use {', '.join(ai.PLAYER_LEVELS)}.")
        async with self.ctx.lock(game_id):
            game = await self._lobby(game_id)
            if by_user != game.host_id and not moderator:
                raise NotAllowed(f"Only the host (<@{game.host_id}>) can seat an AI.")
            if len(game.seats) >= MAX_PLAYERS:
                raise Refusal(f"This game is full ({MAX_PLAYERS} players).")
            used = {s.display_name for s in game.seats}
            name, n = ai.BOT_NAMES[level], 2
            while name in used:
                name, n = f"{ai.BOT_NAMES[level]} {n}", n + 1
            await self.ctx.db.join_seat(game_id, user_id=None, display_name=name, is_ai=True,
                                        ai_level=ai.LEVELS[level], max_seats=MAX_PLAYERS,
                                        now=self.ctx.now())
            game = await self.ctx.db.get_game(game_id)
        await self.notify.post(game, f"🤖 {name} takes a seat ({len(game.seats)}/{MAX_PLAYERS}).")
        return game

    async def start(self, game_id: int, by_user: int, *, moderator: bool = False,
                    seed: int | None = None) -> Game:
        async with self.ctx.lock(game_id):
            game = await self._lobby(game_id)
            if by_user != game.host_id and not moderator:
                raise NotAllowed(f"Only the host (<@{game.host_id}>) can start this game.")
            if not MIN_PLAYERS <= len(game.seats) <= MAX_PLAYERS:
                raise Refusal(f"Stella Digger needs {MIN_PLAYERS} to {MAX_PLAYERS} players; "
                              f"this lobby has {len(game.seats)}.")
            if not self.ctx.unattended and not any(s.user_id is not None and not s.is_ai
                                                   for s in game.seats):
                raise Refusal("A game needs at least one human player: take a seat (Join) "
                              "before starting.")
            seed = secrets.randbits(62) if seed is None else seed
            names = {s.player_id: s.display_name for s in game.seats}
            state, events = self.g.new_game_with_events(
                list(names), {"red_tears": bool(game.options.get("red_tears"))}, seed, names)
            text = self.g.dump(state)
            deadline, remind_at = self.ctx.timer_for(game, state)
            game = await self.ctx.db.start_game(
                game_id, initial_json=text, seed=seed, version=state.version,
                seat_order=[p.id for p in state.players], deadline=deadline,
                remind_at=remind_at, now=self.ctx.now())
            self.ctx.on_timer_change()
            try:
                await self.notify.started(game, state, events, deadline)
            except Exception:
                log.exception("game %s: announcing the start failed", game_id)
        self.ctx.spawn(self.sessions.advance(game_id), f"advance-{game_id}")
        return game
