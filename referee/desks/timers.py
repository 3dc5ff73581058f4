"""Turn deadlines: reminders, timeouts (the R21 default is applied), absent seats.

Deadlines live in the database (``games.deadline``/``remind_at``), so they survive restarts:
the one timed loop (``TimedWork``) sleeps until the earliest one (or a poke after a new
deadline was set), then handles everything due. A game whose timer fails (a full disk, a bug)
is retried with a growing pause (``Backoff`` on the ``schedule`` given): its traceback is
logged once, then one line now and then, never a spin.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import logging
from typing import Any

from db import DecisionSource, Game, GameStatus, OwedTimer
from db import owed as owed_db
from db import timers as timers_db
from referee.deciding.automatic import AutoRun
from referee.deciding.committed import Committed
from referee.deciding.sessions import Sessions
from referee.errors import Refusal, StalePrompt
from referee.messages import texts
from referee.process import budget, retry
from referee.process.background import TimedSource
from referee.process.retry import Backoff, Schedule
from referee.shared import cache as cached
from referee.shared.context import AUTO_GRACE, Context, earliest
from referee.telling import memory
from referee.telling.notify import hands
from texts import _, command, using

log = logging.getLogger(__name__)
MAX_LATE = 50  # decisions made for late players in one timeout (an opening then its decision...)
MAX_SLEEP = 300.0
MIN_SLEEP = 0.2  # never spin, even if something stays due


class Timers(TimedSource):
    """Turn deadlines and reminders: a source of the one timed loop (``TimedWork``); a timer
    that keeps failing backs off on ``schedule``."""

    what = "timer loop"
    log = log
    min_sleep, max_sleep = MIN_SLEEP, MAX_SLEEP

    def __init__(self, ctx: Context, sessions: Sessions, *,
                 schedule: Schedule = retry.TIMERS) -> None:
        self.ctx = ctx
        self.sessions = sessions
        self.backoff = Backoff(schedule)

    # --- the handlers ----------------------------------------------------------------------

    async def remind(self, game_id: int, now: int) -> None:
        """Remind each owing player whose own reminder is due (their line of the prompt,
        pinging only them). Chosen and marked under the game's lock, each queued to be told
        (``_tell_reminder``, after what the game's earlier changes tell), so the lock is not
        held while it waits for Discord's budget, where it comes last."""
        async with self.ctx.lock(game_id):
            game = await cached.get_game(self.ctx, game_id)
            if (game.status != GameStatus.RUNNING or game.reminder_sent or game.remind_at is None
                    or game.remind_at > now):
                return
            table = await self.sessions.running(game_id, game)
            timers = await self.ctx.stored_timers(game, table.state)
            marked = False
            for t in timers:
                if (t.reminder_sent or t.remind_at is None or t.remind_at > now
                        or (t.deadline is not None and t.deadline <= now)):
                    continue
                seat = game.seat_of_player(t.player_id)
                told = seat is not None and not seat.is_ai and not seat.absent and bool(seat.user_id)
                # marked and queued in one transaction: a crash before it is posted leaves it
                # queued, and the restart re-arms it (``db.owed.rearm_reminders``)
                await owed_db.mark_owed_reminded(self.ctx.db, game_id, t.player_id, t.deadline,
                                                 queued=told)
                marked = True
                if told:
                    await self.sessions.after(Committed(game_id, game, tell=functools.partial(
                        self._tell_reminder, game, table.state, timers,
                        dataclasses.replace(t, reminder_sent=True)),
                        timers=False, advance=False))
            if not marked:  # nobody's reminder was due after all: the game's is spent
                await timers_db.mark_reminder_sent(self.ctx.db, game_id, game.deadline)

    async def _tell_reminder(self, game: Game, state: Any, timers: list[OwedTimer],
                             timer: OwedTimer) -> None:
        """One reminder queued by ``remind``, told in the game's order: the game as it was
        then, posted if ``timer`` is still the player's (``_still_owed``) when its turn in
        the queue comes and again when its slot of Discord's budget does (``budget.checked``):
        a player who decided meanwhile, a game that ended or was held, is not pinged."""
        still = functools.partial(self._still_owed, game.id, timer)
        prompt = None
        try:
            if await still():
                with budget.at(budget.REMINDER), budget.checked(still):  # last when it is short
                    prompt = await self.sessions.notify.reprompt(
                        game, state, timer.deadline,
                        head="⏳ " + _("**Reminder**: time is running out."), timers=timers,
                        only=timer.player_id)
        except budget.Unwanted:
            pass
        if prompt is None or not prompt.ok:  # not posted (stale), no prompt, or refused
            await owed_db.reminder_told(self.ctx.db, game.id, timer.player_id)
            if prompt is not None:  # refused: the game is held
                await self.sessions.notify.record(game, state, prompt, {})
            return
        # the reminder is the prompt now (edited next): kept with it being told
        await owed_db.reminder_told(self.ctx.db, game.id, timer.player_id,
                                    memory.kept(self.sessions.notify, game.id))

    async def _still_owed(self, game_id: int, timer: OwedTimer) -> bool:
        """Is the game still running with ``timer`` its player's (the same owed decision,
        its reminder still marked: a decision of theirs, an undo, a hold make new ones)?
        True when that cannot be read: a reminder is not lost to a failed read."""
        try:
            game = await cached.get_game(self.ctx, game_id)
            if game.status != GameStatus.RUNNING:
                return False
            owed = await cached.owed_timers(self.ctx, game_id)
        except Exception:
            log.exception("game %s: could not check a reminder before sending it", game_id)
            return True
        if not owed:  # stored before per-player timers: the game's own
            return game.deadline == timer.deadline and game.reminder_sent
        return any(t.player_id == timer.player_id and t.since == timer.since
                   and t.deadline == timer.deadline and t.reminder_sent for t in owed)

    async def timeout(self, game_id: int, now: int) -> None:
        """Deadlines passed: each owing player whose own deadline passed gets their saved
        draft if it is legal, else the default decision (the game's defaults table), and the
        miss is counted for them."""
        run = AutoRun()  # told together once made, as they end (an `open` then its default
        # dig: its own telling, after both, asked for a dig already made)
        async with self.ctx.lock(game_id):
            game = await cached.get_game(self.ctx, game_id)
            if game.status != GameStatus.RUNNING or game.deadline is None or game.deadline > now:
                return
            stale = False
            try:
                table = await self.sessions.running(game_id, game)
                for _attempt in range(MAX_LATE):
                    if not await self._late_one(table, now, run):
                        break
            except StalePrompt:
                # the game moved on meanwhile (someone decided first): already handled, and
                # whoever moved it set the new deadline
                log.info("game %s: the deadline was already handled", game_id)
                stale = True
            except (Refusal, ValueError, KeyError) as exc:
                log.warning("game %s: timeout could not be applied: %s", game_id, exc)
                await timers_db.set_deadline(self.ctx.db, game_id, now + 3600)
            finally:
                await self.sessions.after(await self._told(game_id, run, advance=not stale))

    async def _told(self, game_id: int, run: AutoRun, *, advance: bool) -> Committed:
        """What one timeout changed: its decisions told in one message (then the round's
        picture or the next prompt and the DMs, from the state they end in), queued in commit
        order (``referee.messages.tell``). Caller holds the game's lock."""
        game, state = run.game, run.state
        if game is None:
            return Committed(game_id, advance=advance)
        timers = await cached.owed_timers(self.ctx, game.id)
        return Committed(game_id, game, run.events, tell=functools.partial(
            self.sessions.notify.after_decision, game, run.before, state, run.events,
            game.deadline, None, lines=texts.collapse(run.lines), timers=timers,
            deciders=run.deciders), advance=advance)

    async def _late_one(self, table: Any, now: int, run: AutoRun) -> bool:
        """Decide for the first owing player whose deadline passed, added to ``run`` (told
        later); False when nobody's has (the game's timer is then set from the remaining
        ones)."""
        game = table.game
        g = self.ctx.engine(game)
        timers = await self.ctx.stored_timers(game, table.state)
        owing = {o.player for o in g.owed(table.state)}
        due = [t for t in timers if t.player_id in owing and t.deadline is not None
               and t.deadline <= now]
        if not due:
            if not g.owed(table.state):
                return False
            deadline, remind_at = earliest(timers)
            if deadline is None or deadline <= now:  # stale: everyone's timer anew
                await self.ctx.reset_timers(game, table.state)
            return False
        t = due[0]
        seat = game.seat_of_player(t.player_id)
        if seat is None or seat.is_ai or seat.absent:
            await timers_db.set_deadline(self.ctx.db, game.id, now + AUTO_GRACE)
            return False
        action, how = await self.sessions.late_decision(table, t.player_id, t.deadline)
        note = "⏰ " + _("{player} ran out of time: {how}").format(player=texts.mention(seat),
                                                                  how=how)
        if run.game is None:
            run.before = hands(self.ctx, game, table.state)
        done = await self.sessions.commit(table, t.player_id, action, DecisionSource.TIMEOUT,
                                          note=note, quiet=True)  # told by ``timeout``
        game, events = table.game, done.events
        run.add(self.ctx.present(game), note, events, t.player_id)
        run.game, run.state = game, table.state  # what the run's message tells
        after = game.seat_of_player(t.player_id)
        if after is not None and after.absent and not seat.absent:
            run.lines.append(
                "💤 " + _("{player} has missed {count} deadlines in a row and is now marked "
                          "absent: their decisions are made by default at once until they act "
                          "again (any {group} command in this thread brings them back).").format(
                              player=texts.mention(seat), count=after.missed_deadlines,
                              group=command(self.ctx.present(game).command or "game")))
        return True

    # --- the loop --------------------------------------------------------------------------

    async def tick(self, now: int | None = None) -> None:
        """Handle every reminder and deadline due at ``now``."""
        now = self.ctx.now() if now is None else now
        for row in await timers_db.due_reminders(self.ctx.db, now):
            if not self.ctx.owns(row.guild_id) or not self.backoff.ready(row.game_id, now):
                continue
            try:
                with using(await self.ctx.language_of(row.game_id)):  # the thread's words
                    await self.remind(row.game_id, now)
            except Exception as exc:
                self.backoff.failed(row.game_id, "reminder", now, exc)
                with contextlib.suppress(Exception):  # give the reminder up
                    await timers_db.mark_reminder_sent(self.ctx.db, row.game_id, row.deadline)
        for row in await timers_db.expired_games(self.ctx.db, now):
            if not self.ctx.owns(row.guild_id) or not self.backoff.ready(row.game_id, now):
                continue
            try:
                with using(await self.ctx.language_of(row.game_id)):
                    await self.timeout(row.game_id, now)
            except Exception as exc:
                self.backoff.failed(row.game_id, "timeout", now, exc)
            else:
                self.backoff.recovered(row.game_id, "timeout")

    async def sleep_for(self) -> float:
        """Seconds until the next timer that is not held back, or the next retry of one that
        is (between MIN_SLEEP and MAX_SLEEP)."""
        now = self.ctx.clock()
        waiting = self.backoff.waiting(int(now))
        nxt = await timers_db.next_timer(self.ctx.db, exclude=waiting, shard=self.ctx.settings.shard)
        times = [t for t in (nxt, min(waiting.values(), default=None)) if t is not None]
        return MAX_SLEEP if not times else min(max(min(times) - now, MIN_SLEEP), MAX_SLEEP)

    async def due(self) -> None:
        await self.tick()
