"""A running game's life beside its decisions, for every game: a moderator pauses and resumes
it or gives a player more time, and a player resigns.

Pausing keeps each owing player's time left (table ``pauses``) and clears every timer; while
paused nobody plays (``referee.deciding.holds`` reports the pause like a hold, so decisions, drafts and
AI moves are refused or wait) and no reminder or timeout fires. Resuming gives each player the
time they had left (a measured clock, too, skips the pause).

Resigning (the rule, for every game, from the protocol alone: docs/rules/*.md "The bot"):
when the resigning player leaves fewer than two seats playing, or no human player, the game
ends at once: every other seat still playing wins, scores as they stand, and the resigner loses.
Otherwise the easy AI plays their seat to the end (the others' game is not spoiled), and
the seat's result is the resigner's loss whatever the AI makes of it.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import Any

from db import Game, OwedTimer, PlayerResult
from db import games as games_db
from db import lifecycle as lifecycle_db
from db import moderation as moderation_db
from db import owed as owed_db
from referee.deciding.committed import Committed
from referee.deciding.sessions import Sessions
from referee.errors import NotAPlayer, Refusal, WrongPhase
from referee.messages import texts
from referee.shared import ai
from referee.shared import cache as cached
from referee.shared.context import REMIND_LEAD_MAX, Context, earliest
from referee.telling.notify import Notifier
from texts import N_, _, ngettext, number

log = logging.getLogger(__name__)
MAX_EXTEND_HOURS = 14 * 24
RESIGN_LEVEL = "easy"


def duration(seconds: int) -> str:
    """``90061`` -> ``"25 h 1 min"`` (hours and minutes, for people)."""
    hours, minutes = divmod(max(0, seconds) // 60, 60)
    return f"{hours} h {minutes} min" if hours else f"{minutes} min"


def and_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + _(" and ") + items[-1]


class Lifecycle:
    def __init__(self, ctx: Context, sessions: Sessions, notifier: Notifier) -> None:
        self.ctx = ctx
        self.sessions = sessions
        self.notify = notifier

    def g(self, game: Game) -> Any:
        return self.ctx.engine(game)

    # --- pause, resume, more time -------------------------------------------------------------

    async def pause(self, game_id: int, by_user: int) -> Game:
        async with self.ctx.lock(game_id):
            table = await self.sessions.running(game_id)
            now = self.ctx.now()
            left: lifecycle_db.Left = {}
            for t in await self.ctx.stored_timers(table.game, table.state):
                if t.deadline is None:
                    continue
                remind = (None if t.remind_at is None or t.reminder_sent
                          else max(0, t.remind_at - now))
                left[t.player_id] = (max(0, t.deadline - now), remind)
            if not await lifecycle_db.pause(self.ctx.db, game_id, by_user_id=by_user, now=now,
                                            left=left):
                raise Refusal(_("Game #{game} is already paused.").format(game=game_id))
            game = table.game
            await self.sessions.after(Committed(game_id, game, advance=False))
        with self.notify.speaking(game):
            line = "⏸️ " + _("**Game #{game} is paused** by {member}: nobody can play and no time "
                             "runs until a moderator resumes it. Each player keeps the time "
                             "they had left.").format(game=game_id, member=f"<@{by_user}>")
        await self.notify.post(game, line)
        return game

    async def resume(self, game_id: int, by_user: int) -> Game:
        async with self.ctx.lock(game_id):
            table = await self.sessions.running(game_id)
            paused = await lifecycle_db.get_pause(self.ctx.db, game_id)
            if paused is None:
                raise Refusal(_("Game #{game} is not paused.").format(game=game_id))
            now = self.ctx.now()
            stored = {t.player_id: t for t in await cached.owed_timers(self.ctx, game_id)}
            timers: list[OwedTimer] = []
            for fresh in self.ctx.owed_timers(table.game, table.state):
                t, kept = stored.get(fresh.player_id), paused.left.get(fresh.player_id)
                if t is None or kept is None:
                    timers.append(fresh)
                    continue
                clock_at = None if t.clock_at is None else t.clock_at + (now - paused.since)
                timers.append(OwedTimer(t.player_id, t.decision, t.since, now + kept[0],
                                        None if kept[1] is None else now + kept[1],
                                        kept[1] is None, clock_at))
            await lifecycle_db.unpause(self.ctx.db, game_id, timers, by_user_id=by_user, now=now)
            game = await cached.get_game(self.ctx, game_id)
            deadline, _remind = earliest(timers)
            with self.notify.speaking(game):
                head = "▶️ " + _("**Game #{game} goes on**: {member} resumed it.").format(
                    game=game_id, member=f"<@{by_user}>")
            prompt = await self.notify.reprompt(game, table.state, deadline, timers=timers,
                                                head=head)
            await self.notify.record(game, table.state, prompt, {})
            await self.sessions.after(Committed(game_id, game))
        return game

    async def extend(self, game_id: int, by_user: int, hours: float,
                     player: str | None = None) -> int:
        """Give ``player`` (default: the first human owing a decision) ``hours`` more for their
        owed decision; returns their new deadline (or, while paused, the seconds they have)."""
        if not 0 < hours <= MAX_EXTEND_HOURS:
            raise Refusal(_("Give between a few minutes and {most} hours.").format(
                most=MAX_EXTEND_HOURS))
        extra = max(60, int(hours * 3600))
        async with self.ctx.lock(game_id):
            table = await self.sessions.running(game_id)
            game = table.game
            owing = [o.player for o in self.g(game).owed(table.state)]
            humans = [p for p in owing if (s := game.seat_of_player(p)) is not None
                      and not s.is_ai and s.user_id is not None]
            target = player if player is not None else next(iter(humans), None)
            if target is None or target not in owing:
                raise WrongPhase(_("That seat owes no decision now.") if player is not None
                                 else _("No player owes a decision now."))
            seat = game.seat_of_player(target)
            paused = await lifecycle_db.get_pause(self.ctx.db, game_id)
            if paused is not None:
                left = dict(paused.left)
                dl, rl = left.get(target, (self.ctx.turn_seconds(game), None))
                left[target] = (dl + extra, None if rl is None else rl + extra)
                await lifecycle_db.set_left(self.ctx.db, game_id, left)
                result = left[target][0]
                said = (N_("they will have {time} when the game resumes"),
                        {"time": duration(result)})
            else:
                now = self.ctx.now()
                timers = await self.ctx.stored_timers(game, table.state)
                changed = []
                for t in timers:
                    if t.player_id == target:
                        deadline = max(t.deadline or now, now) + extra
                        lead = min(self.ctx.turn_seconds(game) // 4, REMIND_LEAD_MAX)
                        remind = deadline - lead
                        t = dataclasses.replace(t, deadline=deadline,
                                                remind_at=remind if remind > now else None,
                                                reminder_sent=remind <= now)
                    changed.append(t)
                await owed_db.set_owed(self.ctx.db, game_id, changed)
                await self.sessions.after(Committed(game_id, game, advance=False))
                result = next(t.deadline for t in changed if t.player_id == target) or 0
                said = N_("their deadline is now {when}"), {"when": texts.when(result)}
        with self.notify.speaking(game):  # the thread's language, not the moderator's
            line = "⏰ " + _("{member} gave {player} {hours} more hour(s): {result}.").format(
                member=f"<@{by_user}>", player=texts.mention(seat), hours=number(hours),
                result=_(said[0]).format(**said[1]))
        await self.notify.post(game, line)
        return result

    # --- resigning ----------------------------------------------------------------------------

    async def resign_preview(self, game_id: int, user_id: int) -> str:
        """What resigning would do, for the confirmation (refused as the resignation would)."""
        table = await self.sessions.running(game_id)
        game = table.game
        seat = game.seat_of_user(user_id)
        if seat is None:
            raise NotAPlayer()
        await self.sessions.holds.check_open(game)
        gone = await lifecycle_db.resigned(self.ctx.db, game_id)
        playing = [s for s in game.seats if s.player_id not in gone and s is not seat]
        if len(playing) < 2 or not any(not s.is_ai and s.user_id is not None for s in playing):
            named = and_list([texts.mention(s) for s in playing]) if playing else _("nobody")
            what = ngettext("the game ends at once and {players} wins",
                            "the game ends at once and {players} win",
                            max(1, len(playing))).format(players=named)
        else:
            what = _("the easy AI plays your seat to the end, and the game counts as your loss")
        return _("Resign from game #{game}? If you do, {what}. This can't be undone: press "
                 "**Resign** to confirm, or just ignore this message.").format(game=game_id,
                                                                              what=what)

    async def resign(self, game_id: int, user_id: int) -> bool:
        """``user_id`` resigns from a running game (the rule above). True if the game ended."""
        async with self.ctx.lock(game_id):
            table = await self.sessions.running(game_id)
            game, state, g = table.game, table.state, self.g(table.game)
            seat = game.seat_of_user(user_id)
            if seat is None:
                raise NotAPlayer()
            await self.sessions.holds.check_open(game)  # paused: refused like any action
            gone = await lifecycle_db.resigned(self.ctx.db, game_id)
            playing = [s for s in game.seats if s.player_id not in gone and s is not seat]
            humans = [s for s in playing if not s.is_ai and s.user_id is not None]
            now = self.ctx.now()
            await lifecycle_db.resign(self.ctx.db, game_id, seat.player_id, user_id=user_id,
                                      version=table.version, now=now)
            await lifecycle_db.drop_takeback(self.ctx.db, game_id)
            who = texts.mention(seat)
            ends = len(playing) < 2 or not humans
            if ends:
                try:
                    scores = {p: int(s.get("total", 0)) for p, s in g.scores(state).items()}
                except Exception:  # a game whose scores need the end: nobody's points count
                    log.warning("game %s: no scores before the end", game_id, exc_info=True)
                    scores = {}
                winners = {s.player_id for s in playing}
                await games_db.finish_game(
                    self.ctx.db, game_id, table.version,
                    [PlayerResult(p, scores.get(p, 0), p in winners) for p in game.player_ids],
                    end_reason="resigned", now=now)
                game = await cached.get_game(self.ctx, game_id)
                named = [texts.mention(s) for s in playing]
                with self.notify.speaking(game):  # the thread's words
                    text = (_("🏳️ {player} resigned. **The game is over**:").format(player=who)
                            + " " + (ngettext("{players} wins.", "{players} win.", len(named))
                                     .format(players=and_list(named))
                                     if named else _("nobody else is playing."))
                            + " " + _("The scores as they stood:") + " "
                            + ", ".join(f"{texts.mention(game.seat_of_player(p))} "
                                        f"{number(scores.get(p, 0))}"
                                        for p in game.player_ids) + ".")
                await self.notify.post(game, text)
                await self.notify.refresh_board(game)  # the lobby message and announcement
            else:
                name = ai.BOT_NAMES[RESIGN_LEVEL]
                used = {s.display_name for s in game.seats}
                n = 2
                while name in used:
                    name, n = f"{ai.BOT_NAMES[RESIGN_LEVEL]} {n}", n + 1
                await moderation_db.replace_seat(
                    self.ctx.db, game_id, seat.player_id, user_id=None, display_name=name, is_ai=True,
                    ai_level=ai.LEVELS[RESIGN_LEVEL], by_user_id=user_id, reason="resigned",
                    now=now)
                game = await cached.get_game(self.ctx, game_id)
                previous = {t.player_id: t for t in await cached.owed_timers(self.ctx, game_id)}
                timers = self.ctx.owed_timers(game, state, previous)
                await owed_db.set_owed(self.ctx.db, game_id, timers)
                with self.notify.speaking(game):
                    text = _("🏳️ {player} resigned: 🤖 {bot} plays their seat to the end (the seat "
                             "counts as their loss).").format(player=who, bot=texts.name(name))
                await self.notify.post(game, text)
        # the end (``referee.desks.ending``), or the AI now in the seat decides
        await self.sessions.after(Committed(game_id, game, ended=state if ends else None))
        return ends
