"""``Referee``: the one object the bot holds. It wires the parts together and resumes games."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

from db import Database
from db import announcements as announcements_db
from db import games as games_db
from db import holds as holds_db
from db import life as life_db
from db import notified as notified_db
from db import owed as owed_db
from db import thread_memory as memory_db
from db import timers as timers_db
from db.holds import HoldReason
from games import Presentation
from referee.deciding.committed import Committed
from referee.deciding.sessions import Sessions
from referee.desks.ending import Ending
from referee.desks.expiry import LobbyExpiry
from referee.desks.info import Info
from referee.desks.lifecycle import Lifecycle
from referee.desks.lobby import Lobby
from referee.desks.moderation import Moderation
from referee.desks.takeback import Takebacks
from referee.desks.timers import Timers
from referee.errors import UnknownGame, WrongPhase
from referee.messages import texts
from referee.messages.outbox import Outbox
from referee.process import metrics
from referee.process.background import TimedWork
from referee.process.config import Settings
from referee.shared.ai import AiRunner
from referee.shared.cache import GameCache, keep
from referee.shared.context import Context
from referee.shared.heartbeat import Heartbeat, shard_key
from referee.telling import images, memory
from referee.telling.notify import Notifier, hand_key, hands
from texts import N_, _

log = logging.getLogger(__name__)
CATCH_UP_SPACING = 0.05  # seconds between two games re-posted after a restart
CLOSE_TELL_SECONDS = 10.0  # a clean shutdown waits this long at most for queued posts
CLOSE_ANNOUNCE_SECONDS = 6.0  # ... then for the channel announcements (a channel's 5-s limit)


def untold(g: Any, present: Presentation, initial: str, log_: list[Any], posted: int) -> list[str]:
    """The public lines of the logged decisions made since the prompt of version ``posted``
    (replayed from the initial state: a restart lost them before they were posted). Public
    events never name a sealed decision, so they may be told again as they are."""
    state = g.load(initial)
    lines: list[str] = []
    for d in log_:
        events = g.apply(state, d.player_id, d.text)
        if d.prev_version >= posted:
            lines += texts.public_lines(events, present)
    return lines


class Referee:
    def __init__(self, db: Database, out: Outbox, settings: Settings | None = None, *,
                 clock: Callable[[], float] = time.time, ai: AiRunner | None = None,
                 unattended: bool = False) -> None:
        settings = settings or Settings(_env_file=None)  # type: ignore[call-arg]
        cache = GameCache()
        keep(db, cache)  # every write of db, by whoever, tells the cache
        self.ctx = Context(db=db, cache=cache,
                           out=out, settings=settings, clock=clock,
                           ai=ai or AiRunner(settings.ai_workers), unattended=unattended,
                           auto_pace=0.0 if unattended else 2.0)
        self.notify = Notifier(self.ctx)
        self.sessions = Sessions(self.ctx, self.notify)
        self.lobby = Lobby(self.ctx, self.sessions, self.notify)
        self.moderation = Moderation(self.ctx, self.sessions, self.notify)
        self.info = Info(self.ctx, self.sessions)
        self.timers = Timers(self.ctx, self.sessions)
        self.holds = self.sessions.holds  # listens to refused messages
        self.lifecycle = Lifecycle(self.ctx, self.sessions, self.notify)
        self.ending = Ending(self.ctx, self.sessions, self.notify, self.lobby)  # listens to ends
        self.expiry = LobbyExpiry(self.ctx, self.notify)
        self.takebacks = Takebacks(self.ctx, self.sessions, self.notify, self.moderation)
        self.heartbeat = Heartbeat(self.ctx)
        # the one task of the timed work; a stored timer's change (ctx.signals) wakes it
        self.timed = TimedWork(clock, (self.timers, self.holds, self.expiry),
                               signals=self.ctx.signals)
        self._pending: list[int] = []  # games to catch up once connected (resume)
        self.suspended = False  # another process took the database over: hands off (suspend)

    @property
    def db(self) -> Database:
        return self.ctx.db

    async def resume(self) -> int:
        """After a restart: every running game continues. No state is read and nothing is
        sent here: timers come from the database (``running_games``), the thread memory (the
        prompt to edit next, who was pinged, catch-ups, lobby messages, runs: ``referee.telling.memory``)
        is loaded back in one go, reminders a stop left queued are due again, buttons are dynamic,
        AI/absent seats owing a decision move now, and games whose messages a crash may have
        cut off (their recorded notified version is behind their state's, ``db.notified``) or
        without a deadline are queued for ``catch_up`` (run once connected). A deadline that
        passed while the bot was down is no missed deadline: it moves to now + the restart
        grace, with a reminder (or the caught-up prompt) to say so. The time the bot was down
        (since its last sign of life, ``referee.shared.heartbeat``) is taken off every measured clock
        that was running (Out of Mine!'s race, R6: the referee's absence is not the player's)."""
        rows = [r for r in await games_db.running_games(self.db) if self.ctx.owns(r.guild_id)]
        down = await life_db.resume_clocks(self.db, shard_key(self.ctx), self.ctx.clock(),
                                           (r.game_id for r in rows))
        if down.clocks:
            log.info("the bot was down %.1f s since its last sign of life: up to %.1f s taken "
                     "off %d running race clock(s)", down.seconds, down.taken, down.clocks)  # R6
        kept = memory.load(self.notify, await memory_db.load(self.db), self.ctx.owns)
        # the channel announcements' edits a stop cut off: made once connected (``catch_up``)
        edits = self.notify.boards.announcements.load(await announcements_db.wanted(self.db),
                                                      self.ctx.owns)
        mine = {r.game_id for r in rows}  # one of several shards: its own guilds' games only
        # reminders marked but not yet posted when the bot stopped: due again (``Timers.remind``)
        rearmed = await owed_db.rearm_reminders(self.db, mine)
        if rearmed:
            log.info("%d reminder(s) queued but not posted before the bot stopped: sent again",
                     rearmed)
        behind = [b for b in await notified_db.behind(self.db) if b.game_id in mine]
        queued = {b.game_id for b in behind if b.notified_version is None or b.notified_version < b.version}
        queued.update(r.game_id for r in rows if r.deadline is None)
        self._pending = sorted(queued)
        now = self.ctx.now()
        grace = int(self.ctx.settings.restart_grace_minutes * 60)
        postponed = await timers_db.postpone_expired(
            self.db, now, now + grace, remind={r.game_id for r in rows} - queued)
        if postponed:
            log.info("%d deadline(s) passed while the bot was down: %d more minute(s) for each",
                     len(postponed), grace // 60)
        for b in behind:
            if b.auto and b.game_id not in queued:  # an automatic seat owes: it decides now
                await self.sessions.after(Committed(b.game_id, timers=False))
        self.timed.poke()  # every game's timers, once
        log.info("resumed %d running game(s) (%d with a thread memory); %d to catch up, "
                 "%d announcement(s) to edit", len(rows), kept, len(self._pending), edits)
        return len(rows)

    async def catch_up(self, spacing: float = CATCH_UP_SPACING) -> int:
        """Post what a crash cut off for the games ``resume`` queued, one game at a time
        (``spacing`` seconds apart, so a restart doesn't burst): the missing turn prompt, the
        hand DMs of players whose hand changed since their last one; then AI/absent seats move.
        Returns the number of games handled. The channel announcements a stop left behind
        are edited meanwhile, in the background (``referee.telling.announce``)."""
        self.notify.boards.announcements.resume(self.ctx.out)
        pending, self._pending = self._pending, []
        done = 0
        for i, game_id in enumerate(pending):
            if i and spacing:
                await asyncio.sleep(spacing)
            try:
                automatic = await self._catch_up(game_id)
            except Exception:
                log.exception("game %s could not be caught up", game_id)
                continue
            done += 1
            await self.sessions.after(Committed(game_id, timers=False, advance=automatic))
        return done

    async def _catch_up(self, game_id: int) -> bool:
        hold = await self.holds.get(game_id)
        if hold is not None:  # paused: only a lost prompt is tried again (now, then with backoff)
            if hold.reason == HoldReason.UNDELIVERED:
                await self.holds.retry(game_id, head=N_(
                    "♻️ I restarted; this prompt couldn't be posted before. The time to decide "
                    "starts now."))
            return False
        async with self.ctx.lock(game_id):
            try:
                table = await self.sessions.running(game_id)
            except (UnknownGame, WrongPhase):
                return False
            game, state = table.game, table.state
            deadline = game.deadline
            if deadline is None:
                deadline, remind_at = self.ctx.timer_for(game, state)
                await timers_db.set_deadline(self.db, game_id, deadline, remind_at=remind_at)
                self.timed.poke()
            posted, sent = await notified_db.last_told(self.db, game_id)
            prompted = None
            if posted != table.version and self.notify.prompt(game, state, deadline)[1] is not None:
                with self.notify.speaking(game):  # told in the thread: its language
                    head, lines = _("♻️ I restarted before posting this prompt."), []
                log_ = await games_db.get_log(self.db, game_id, after_seq=0)
                if log_:
                    g = self.sessions.g(game)
                    names = {s.player_id: s.display_name for s in game.seats}
                    last = texts.unsealed(log_[-1:], None, g)[0]
                    who = texts.name(names.get(last.player_id, last.player_id))
                    with self.notify.speaking(game):
                        head += " " + _("The last decision: {player}: `{decision}`.").format(
                            player=who, decision=last.text)
                    if posted is not None:  # what those decisions made happen (a reveal...)
                        initial = (await games_db.load_initial(self.db, game_id)).json
                        missed = await asyncio.to_thread(untold, g, self.ctx.present(game), initial,
                                                       log_, posted)
                        lines = texts.collapse(missed)
                prompted = await self._prompt_again(game, state, deadline, head, lines)
            delivered: dict[str, str] = {}
            now_keys = hands(self.ctx, game, state)
            for seat in game.seats:
                if seat.is_ai or seat.user_id is None:
                    continue
                hand = hand_key(now_keys.get(seat.player_id))
                # never told, or nothing private left ("": a game with no secret now, as
                # ``Notifier.dm_hands``): no DM
                if hand and (sent.get(seat.player_id) or "") != hand and await self.notify.dm_hand(
                        game, state, seat, []):
                    delivered[seat.player_id] = hand
            await self.notify.record(game, state, prompted, delivered)
            return self.notify.automatic_next(game, state)

    async def _prompt_again(self, game: Any, state: Any, deadline: int | None, head: str,
                            lines: list[str]) -> Any:
        """The prompt a crash cut off, after ``head`` and the public ``lines`` the decisions
        since the last prompt made happen: in the turn's own message when the game keeps one
        per turn (``Presentation.turn_key``) and the remembered prompt is of this turn (edited
        in place as after any decision, ``Notifier.ask``: nobody pinged again); else the
        remembered prompt is edited down to ``lines`` (what the killed process may have
        written there already: nothing is lost, nothing told twice) and a new one is posted."""
        last = self.notify.trail.drop(game.id)
        key = self.ctx.present(game).turn_key(self.sessions.g(game).view(state, None))
        if last is not None and key is not None and last.key == key:
            return await self.notify.ask(game, state, deadline, None, last,
                                         "\n".join([head, *lines]))
        if last is not None and await self.notify.edit_down(game, last, "\n".join(lines)):
            lines = []  # told under the prompt they followed
        return await self.notify.reprompt(game, state, deadline, head="\n".join([head, *lines]))

    async def suspend(self) -> None:
        """Stop acting on games at once (another process owns the database now): no timers,
        no prompt retries, no background moves; commands are refused (``suspended``)."""
        self.suspended = True
        await self.heartbeat.stop(last=False)  # the other process's signs of life now
        await self.timed.stop()
        for task in list(self.ctx.tasks):
            task.cancel()

    async def start(self) -> None:
        images.start(self.ctx.settings.picture_workers)
        await self.resume()
        self.heartbeat.start()
        self.timed.start()

    async def idle(self) -> None:
        await self.ctx.idle()

    async def read_gauges(self) -> None:
        """Set what ``/metrics`` reads rather than counts (at each scrape): this process's
        running games, the held ones, the timers due now, and what waits to be told."""
        now, owns = self.ctx.now(), self.ctx.owns
        metrics.RUNNING.set(sum(owns(r.guild_id) for r in await games_db.running_games(self.ctx.db)))
        metrics.HELD.set(await holds_db.count(self.ctx.db))
        due = [*await timers_db.due_reminders(self.ctx.db, now), *await timers_db.expired_games(self.ctx.db, now)]
        metrics.TIMERS_DUE.set(len({r.game_id for r in due if owns(r.guild_id)}))
        metrics.QUEUE.set(self.ctx.tell.size)

    async def close(self) -> None:
        await self.timed.stop()
        try:  # what was decided but not yet told goes out first (a restart would re-post it)
            await asyncio.wait_for(self.ctx.tell.wait_all(), CLOSE_TELL_SECONDS)
        except TimeoutError:
            log.warning("closing with %d message job(s) untold: they are posted after a restart",
                        self.ctx.tell.size)
        # every other background task (an AI's turn...) is cancelled first, as before the
        # announcements waited: none starts work while they are sent
        announcements = self.notify.boards.announcements
        sending = announcements.tasks
        for task in list(self.ctx.tasks):
            if task not in sending:
                task.cancel()
        if sending:
            try:  # edited in the background (referee.telling.announce)
                await asyncio.wait_for(announcements.settled(), CLOSE_ANNOUNCE_SECONDS)
            except TimeoutError:
                log.warning("closing with %d channel announcement(s) not edited: they are "
                            "edited after a restart", announcements.waiting)
        for task in list(self.ctx.tasks):
            task.cancel()
        if self.ctx.tasks:
            await asyncio.gather(*list(self.ctx.tasks), return_exceptions=True)
        await self.heartbeat.stop(last=not self.suspended)  # the downtime starts now, exactly
        self.ctx.ai.close()
