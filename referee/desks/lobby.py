"""Lobbies: open one (with its thread), join, leave, seat an AI, start."""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Sequence
from typing import Any

from db import Game, GameStatus, Seat, SeatError
from db import games as games_db
from db import lobby as lobby_db
from db import moderation as moderation_db
from referee.deciding.committed import Committed
from referee.deciding.sessions import Sessions
from referee.errors import NotAllowed, Refusal, WrongPhase
from referee.messages import names, texts
from referee.shared import ai
from referee.shared import cache as cached
from referee.shared.context import Context
from referee.telling.announce import lobby_panel
from referee.telling.notify import Notifier
from texts import DEFAULT, LOCALES, N_, NAMES, _, ngettext, number

log = logging.getLogger(__name__)
LOBBIES_PER_MEMBER = 3  # open lobbies one member may host at once
LOBBIES_PER_CHANNEL = 10  # open lobbies in one channel at once


TURN_LIMIT = N_("The turn time limit is between a few minutes and 14 days (336 hours).")
#: the options every game has beside its own (``option_specs``), stored with them
PLATFORM_OPTIONS = ("turn_seconds", "language")


def game_options(g: Any, given: dict[str, Any], *, stored: bool = False) -> dict[str, Any]:
    """The game's options from ``given`` (a command's or a stored game's), typed and checked
    against ``g.option_specs``: every option of the game, its default where not given. A
    stored game's other keys (``turn_seconds``) are skipped; a command's unknown one refused."""
    specs = getattr(g, "option_specs", {}) or {}
    out: dict[str, Any] = {}
    for key, value in given.items():
        spec = specs.get(key)
        if spec is None:
            if stored:
                continue
            raise Refusal(_("{game} has no option '{option}'. Its options: {options}.").format(
                game=g.title, option=key, options=", ".join(specs) or _("none")))
        if spec.kind is bool:
            value = bool(value)
        elif spec.kind is int:
            if isinstance(value, bool) or not isinstance(value, int) or (
                    spec.minimum is not None and value < spec.minimum) or (
                    spec.maximum is not None and value > spec.maximum):
                raise Refusal(_("The option {option} is a whole number from {least} to "
                                "{most}.").format(option=key, least=spec.minimum,
                                                  most=spec.maximum))
        elif spec.choices and value not in spec.choices:
            raise Refusal(_("The option {option} is one of: {values}.").format(
                option=key, values=", ".join(spec.choices)))
        out[key] = value
    for key, spec in specs.items():
        out.setdefault(key, spec.default)
    return out


class Lobby:
    def __init__(self, ctx: Context, sessions: Sessions, notifier: Notifier) -> None:
        self.ctx = ctx
        self.sessions = sessions
        self.notify = notifier
        self._opening = asyncio.Lock()  # lobbies are counted and opened one at a time

    def g(self, game: Game) -> Any:
        return self.ctx.engine(game)

    def text(self, game: Game) -> str:
        """The lobby message of ``game``."""
        g = self.g(game)
        return texts.lobby_text(game, self.ctx.present(game), g.min_players, g.max_players)

    async def _lobby(self, game_id: int) -> Game:
        game = await self.sessions.get_game(game_id)
        if game.status == GameStatus.ABORTED and game.end_reason == "expired":
            raise WrongPhase(_("Lobby #{game} expired: nobody started it in time. Open a new "
                               "one to play.").format(game=game_id))
        if game.status != GameStatus.LOBBY:
            raise WrongPhase((_("Game #{game} has already started: its lobby is closed.")
                              if game.status == "running" else
                              _("Game #{game} has already ended: its lobby is closed.")).format(
                                  game=game_id))
        return game

    async def open(self, *, guild_id: int, channel_id: int, host_id: int, host_name: str,
                   turn_hours: float | None = None, game_name: str | None = None,
                   options: dict[str, Any] | None = None, seats: Sequence[Seat] = (),
                   head: str = "", language: str | None = None, **more_options: Any) -> Game:
        """A new lobby with its own thread; the host takes the first seat. ``game_name``:
        the registered game (None: the default game); ``options`` (and keyword options, e.g.
        ``name=value``): the game's options, checked against its ``option_specs``.
        ``seats``: more seats taken at once (a rematch's: its members are pinged), ``head``: a
        line above the lobby message. ``language``: of the game's public posts and pictures
        (one of ``texts.LOCALES``; ``en`` by default)."""
        present = self.ctx.present(game_name)
        g = self.ctx.engine(present.name)
        hours = turn_hours if turn_hours is not None else self.ctx.settings.default_turn_hours
        if not 0 < hours <= 24 * 14:
            raise Refusal(_(TURN_LIMIT))
        chosen = game_options(g, {**(options or {}), **more_options})
        options = {**chosen, "turn_seconds": max(60, int(hours * 3600)),
                   "language": language if language in LOCALES else DEFAULT}
        async with self._opening:
            await self._check_room(guild_id, channel_id, host_id)
            now = self.ctx.now()
            game = await lobby_db.create_game(self.ctx.db, guild_id=guild_id, channel_id=channel_id,
                                                 host_id=host_id, game_name=present.name,
                                                 options=options, now=now)
        with self.notify.speaking(game):
            first = present.emoji + " " + _("{host} opened {title} game #{game}: join in the "
                                            "thread.").format(host=f"<@{host_id}>",
                                                              title=present.title, game=game.id)
        try:
            thread_id = await self.ctx.out.create_thread(channel_id, f"{present.title} #{game.id}",
                                                         first)
        except Exception as exc:
            log.warning("game %s: could not create a thread: %s", game.id, exc)
            await moderation_db.abort_game(self.ctx.db, game.id, reason="no thread", now=now)
            raise Refusal(_("I couldn't create a thread for the game here. Check that I may "
                            "create public threads and send messages in threads in this "
                            "channel.")) from None
        await lobby_db.set_thread(self.ctx.db, game.id, thread_id, now=now)
        await lobby_db.join_seat(self.ctx.db, game.id, user_id=host_id, display_name=names.clean(host_name),
                                    max_seats=g.max_players, now=now)
        for seat in seats[:g.max_players - 1]:
            await lobby_db.join_seat(self.ctx.db, game.id, user_id=None if seat.is_ai else seat.user_id,
                                        display_name=seat.display_name, is_ai=seat.is_ai,
                                        ai_level=seat.ai_level, max_seats=g.max_players, now=now)
        game = await cached.get_game(self.ctx, game.id)
        invited = tuple(s.user_id for s in seats if not s.is_ai and s.user_id is not None)
        with self.notify.speaking(game):
            text, panel = "\n".join(x for x in (head, self.text(game)) if x), lobby_panel(game.id)
        delivery = await self.notify.post(game, text, panel=panel, ping=invited)
        await self.notify.lobby_posted(game, delivery, head)
        await self.notify.refresh_board(game)
        return game

    async def _check_room(self, guild_id: int, channel_id: int, host_id: int) -> None:
        """At most ``LOBBIES_PER_MEMBER`` open lobbies per host, ``LOBBIES_PER_CHANNEL`` per
        channel: a member can't flood a server with lobbies and threads."""
        limit = LOBBIES_PER_CHANNEL + LOBBIES_PER_MEMBER
        lobbies = await games_db.list_games(self.ctx.db, status=GameStatus.LOBBY, guild_id=guild_id,
                                               limit=10 * limit)
        if sum(g.host_id == host_id for g in lobbies) >= LOBBIES_PER_MEMBER:
            raise Refusal(_("You already host {count} open lobbies: start or abort one of them "
                            "before opening another.").format(count=LOBBIES_PER_MEMBER))
        if sum(g.channel_id == channel_id for g in lobbies) >= LOBBIES_PER_CHANNEL:
            raise Refusal(_("This channel already has {count} open lobbies: join one of them, or "
                            "wait until some start.").format(count=LOBBIES_PER_CHANNEL))

    async def join(self, game_id: int, user_id: int, name: str) -> Game:
        name = names.clean(name)  # the one way a member's name enters a game
        async with self.ctx.lock(game_id):
            game = await self._lobby(game_id)
            most = self.g(game).max_players
            if game.seat_of_user(user_id):
                raise Refusal(_("You already have a seat in this game."))
            if len(game.seats) >= most:
                raise Refusal(_("This game is full ({most} players).").format(most=most))
            try:
                await lobby_db.join_seat(self.ctx.db, game_id, user_id=user_id, display_name=name,
                                            max_seats=most, now=self.ctx.now())
            except SeatError:
                raise Refusal(_("You can't join this game (it is full or you are already in)."))\
                    from None
            game = await cached.get_game(self.ctx, game_id)
        with self.notify.speaking(game):
            line = "➕ " + _("{name} joined ({seated}/{most}).").format(
                name=texts.name(name), seated=len(game.seats), most=most)
        await self.notify.post(game, line)
        await self.notify.refresh_board(game)
        return game

    async def leave(self, game_id: int, user_id: int) -> Game:
        async with self.ctx.lock(game_id):
            game = await self._lobby(game_id)
            seat = game.seat_of_user(user_id)
            if seat is None:
                raise Refusal(_("You don't have a seat in this game."))
            await lobby_db.leave_seat(self.ctx.db, game_id, user_id=user_id, now=self.ctx.now())
            game = await cached.get_game(self.ctx, game_id)
        most = self.g(game).max_players
        await self.notify.post(game, self._left(game, texts.name(seat.display_name), most))
        await self.notify.refresh_board(game)
        return game

    def _left(self, game: Game, name: str, most: int) -> str:
        with self.notify.speaking(game):
            return "➖ " + _("{name} left ({seated}/{most}).").format(
                name=name, seated=len(game.seats), most=most)

    async def add_bot(self, game_id: int, by_user: int, level: str, *, moderator: bool = False) -> Game:
        if level not in ai.LEVELS:
            raise Refusal(_("Unknown AI level '{level}': use {levels}.").format(
                level=level, levels=", ".join(ai.PLAYER_LEVELS)))
        async with self.ctx.lock(game_id):
            game = await self._lobby(game_id)
            if by_user != game.host_id and not moderator:
                raise NotAllowed(_("Only the host ({host}) can seat an AI.").format(
                    host=f"<@{game.host_id}>"))
            most = self.g(game).max_players
            if len(game.seats) >= most:
                raise Refusal(ngettext("This game is full ({n} player).",
                                       "This game is full ({n} players).", most).format(n=most))
            used = {s.display_name for s in game.seats}
            name, n = ai.BOT_NAMES[level], 2
            while name in used:
                name, n = f"{ai.BOT_NAMES[level]} {n}", n + 1
            await lobby_db.join_seat(self.ctx.db, game_id, user_id=None, display_name=name, is_ai=True,
                                        ai_level=ai.LEVELS[level], max_seats=most,
                                        now=self.ctx.now())
            game = await cached.get_game(self.ctx, game_id)
        with self.notify.speaking(game):
            line = "🤖 " + _("{name} takes a seat ({seated}/{most}).").format(
                name=name, seated=len(game.seats), most=most)
        await self.notify.post(game, line)
        await self.notify.refresh_board(game)
        return game

    async def start(self, game_id: int, by_user: int, *, moderator: bool = False,
                    seed: int | None = None) -> Game:
        async with self.ctx.lock(game_id):
            game = await self._lobby(game_id)
            if by_user != game.host_id and not moderator:
                raise NotAllowed(_("Only the host ({host}) can start this game.").format(
                    host=f"<@{game.host_id}>"))
            g = self.g(game)
            if not g.min_players <= len(game.seats) <= g.max_players:
                raise Refusal(_("{game} needs {least} to {most} players; this lobby has "
                                "{seated}.").format(game=g.title, least=g.min_players,
                                                    most=g.max_players, seated=len(game.seats)))
            if not self.ctx.unattended and not any(s.user_id is not None and not s.is_ai
                                                   for s in game.seats):
                raise Refusal(_("A game needs at least one human player: take a seat (Join) "
                                "before starting."))
            if seed is None:  # GAME_SEED: a test's fixed games (referee.process.config)
                fixed = self.ctx.settings.game_seed
                seed = secrets.randbits(62) if fixed is None else fixed + game_id
            names = {s.player_id: s.display_name for s in game.seats}
            state, events = g.new_game_with_events(
                list(names), game_options(g, game.options, stored=True), seed, names)
            text = g.dump(state)
            deadline, remind_at = self.ctx.timer_for(game, state)
            game = await lobby_db.start_game(
                self.ctx.db, game_id, initial_json=text, seed=seed, version=state.version,
                seat_order=[getattr(p, "id", p) for p in state.players], deadline=deadline,
                remind_at=remind_at, now=self.ctx.now())
            deadline, _remind = await self.ctx.reset_timers(game, state)  # each owing player's own
            try:
                await self.notify.started(game, state, events, deadline)
            except Exception:
                log.exception("game %s: announcing the start failed", game_id)
            await self.sessions.after(Committed(game_id, game, at=deadline))
        return game

    # --- the host's changes before the start ----------------------------------------------------

    async def remove_bot(self, game_id: int, by_user: int, player_id: str | None = None, *,
                         moderator: bool = False) -> Game:
        """Take an AI seat out of the lobby (``player_id``; default: the last AI seated)."""
        async with self.ctx.lock(game_id):
            game = await self._lobby(game_id)
            if by_user != game.host_id and not moderator:
                raise NotAllowed(_("Only the host ({host}) can remove an AI.").format(
                    host=f"<@{game.host_id}>"))
            bots = [s for s in game.seats if s.is_ai]
            seat = (bots[-1] if bots and player_id is None else
                    next((s for s in bots if s.player_id == player_id), None))
            if seat is None:
                raise Refusal(_("There is no such AI seat in this lobby.") if bots else
                              _("This lobby has no AI seat."))
            await lobby_db.leave_seat(self.ctx.db, game_id, player_id=seat.player_id, now=self.ctx.now())
            game = await cached.get_game(self.ctx, game_id)
        most = self.g(game).max_players
        await self.notify.post(game, self._left(game, f"🤖 {texts.name(seat.display_name)}",
                                                most))
        await self.notify.refresh_board(game)
        return game

    def options_text(self, game: Game) -> str:
        """A game's options as its lobby message says them: the game's own, the time per
        decision and the language of its posts and pictures."""
        hours = game.options.get("turn_seconds", 86400) / 3600
        return (self.ctx.present(game).options_line(game.options, len(game.seats)) + " "
                + _("Turn time limit: {hours} h.").format(hours=number(hours)) + " "
                + _("Language: {language}.").format(
                    language=NAMES[texts.language_of(game.options)]))

    async def set_options(self, game_id: int, by_user: int, options: dict[str, Any],
                          turn_hours: float | None = None, *, moderator: bool = False,
                          language: str | None = None) -> Game:
        """Change the lobby's options (``name=value`` ones, checked like ``open``'s), its
        time per decision and its language (``language``: one of ``texts.LOCALES``: its posts
        and pictures from now on); the options not named keep their value."""
        if language is not None and language not in LOCALES:
            raise Refusal(_("The language is one of {languages}.").format(
                languages=", ".join(LOCALES)))
        async with self.ctx.lock(game_id):
            game = await self._lobby(game_id)
            if by_user != game.host_id and not moderator:
                raise NotAllowed(_("Only the host ({host}) can change the options.").format(
                    host=f"<@{game.host_id}>"))
            if not options and turn_hours is None and language is None:
                raise Refusal(_("Name an option to change (name=value), the time per "
                                "decision or the language."))
            g = self.g(game)
            chosen = game_options(g, {**game_options(g, game.options, stored=True), **options})
            seconds = game.options.get("turn_seconds", int(self.ctx.settings.default_turn_hours * 3600))
            if turn_hours is not None:
                if not 0 < turn_hours <= 24 * 14:
                    raise Refusal(_(TURN_LIMIT))
                seconds = max(60, int(turn_hours * 3600))
            kept = {k: game.options[k] for k in PLATFORM_OPTIONS if k in game.options}
            if language is not None:
                kept["language"] = language
            await lobby_db.update_options(self.ctx.db, game_id,
                                          {**chosen, **kept, "turn_seconds": seconds},
                                          now=self.ctx.now())
            game = await cached.get_game(self.ctx, game_id)
        with self.notify.speaking(game):  # the new language, if it changed
            line = ("⚙️ " + _("{member} changed the options:").format(member=f"<@{by_user}>")
                    + " " + self.options_text(game))
        await self.notify.post(game, line)
        await self.notify.refresh_board(game)  # the lobby message shows them too
        return game
