"""Games on hold: what the referee does when Discord refuses a game's messages, or when nobody
is left to play.

* Its turn prompt was refused (50013 Missing Permissions, a 5xx...): the game is held
  ``undelivered``: no deadline runs (nobody gets a strike for a message they never saw), the
  prompt is posted again with backoff (``schedule``, by the one timed loop; and after a
  restart by ``Referee.catch_up``),
  and the moderators are told once in the thread's parent channel.
* Its thread is gone (10003 Unknown Channel, 50001 Missing Access, 50083 locked/archived): held
  ``gone``: no timeouts, no automatic moves, players are told it is paused, the moderators are
  told where it is; ``/game-admin move`` gives it a new thread and it goes on.
* No human seat is present (every one absent): held ``nobody``: nothing is played or scored
  for absent players; the first of them to use a command of the game brings it back.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any, Protocol, cast

from db import DbError, Game, GameStatus
from db import holds as holds_db
from db import lifecycle as lifecycle_db
from db.holds import Hold, HoldReason
from referee.deciding.committed import Committed
from referee.errors import Refusal, WrongPhase
from referee.messages import texts
from referee.messages.outbox import Delivery, Failure, Post
from referee.process.background import TimedSource
from referee.process.retry import Schedule
from referee.shared import cache as cached
from referee.shared.context import Context
from referee.telling.notify import Notifier
from texts import N_, _, command

log = logging.getLogger(__name__)
RETRY_BASE = 30  # seconds before the first retry of a refused prompt; doubles each time
RETRY_MAX = 3600
TELL_AFTER = 3  # transient refusals: tell the moderators after this many attempts
MIN_SLEEP, MAX_SLEEP = 1.0, 300.0


#: A refused prompt is posted again after 30 s, 1 min, 2 min ... at most every hour.
PROMPTS = Schedule(RETRY_BASE, RETRY_MAX)
#: The head of a prompt posted again after it was refused (a msgid: said in the game's language).
RETRY_HEAD = N_("♻️ This prompt couldn't be posted earlier; the time to decide starts now.")


def paused_text(game: Game, hold: Hold) -> str:
    """What a player who acts in a held game is told."""
    if hold.reason == HoldReason.GONE:
        return _("Game #{game} is paused: I can't post in its thread any more (deleted, locked "
                 "or out of my reach). Nobody loses a turn meanwhile; a moderator can move it to "
                 "a new thread with /game-admin move. Nothing changed.").format(game=game.id)
    if hold.reason == HoldReason.PAUSED:
        return _("Game #{game} is paused by a moderator: nobody can play until they resume "
                 "it, and no time runs meanwhile. Nothing changed.").format(game=game.id)
    return _("Game #{game} is paused. Nothing changed.").format(game=game.id)


class Play(Protocol):
    """What the holds use of the ``Sessions`` that builds them."""

    notify: Notifier

    async def running(self, game_id: int) -> Any: ...

    def advance_soon(self, game_id: int) -> None: ...


class Holds(TimedSource):
    """Games on hold; refused prompts posted again on ``schedule``: a source of the one timed
    loop (``TimedWork``)."""

    what = "prompt retries"
    log = log
    min_sleep, max_sleep = MIN_SLEEP, MAX_SLEEP

    def __init__(self, ctx: Context, sessions: Play, *, schedule: Schedule = PROMPTS) -> None:
        self.ctx = ctx
        self.schedule = schedule
        self.sessions = sessions  # referee.deciding.sessions.Sessions, which builds this one
        ctx.signals.on_trouble(self.trouble)  # Discord refused a game's messages

    @property
    def notify(self) -> Notifier:
        return self.sessions.notify

    async def get(self, game_id: int) -> Hold | None:
        """The hold in force; a moderator's pause (``referee.desks.lifecycle``) comes first. From
        memory once read (``referee.shared.cache``)."""
        cache = self.ctx.cache
        kept = cache.hold(game_id)
        if cache.known(kept):
            return cast(Hold | None, kept)
        mark = cache.writes
        paused = await lifecycle_db.get_pause(self.ctx.db, game_id)
        if paused is not None:
            hold: Hold | None = Hold(game_id, HoldReason.PAUSED, "", paused.since, 1, None, True)
        else:
            hold = await holds_db.get(self.ctx.db, game_id)
        cache.fill(game_id, mark, hold=hold)
        return hold

    async def check_open(self, game: Game) -> Hold | None:
        """Refuse to act in a game whose thread is gone or that a moderator paused; the hold
        in force, if any."""
        hold = await self.get(game.id)
        if hold is not None and hold.reason in (HoldReason.GONE, HoldReason.PAUSED):
            raise WrongPhase(paused_text(game, hold))
        return hold

    # --- Discord refused something ---------------------------------------------------------

    async def trouble(self, game: Game, state: Any, refused: Delivery, prompt_lost: bool) -> None:
        """``Notifier.record``'s hook: put the game on hold if its thread is gone or its turn
        prompt was lost; tell the moderators (once)."""
        if game.status != GameStatus.RUNNING or state.ended:
            return
        now = self.ctx.now()
        try:
            if refused.failure == Failure.GONE:
                hold = await holds_db.hold(
                    self.ctx.db, game.id, HoldReason.GONE, detail=refused.detail, now=now)
            elif prompt_lost:
                current = await self.get(game.id)
                attempts = (current.attempts + 1 if current is not None
                            and current.reason == HoldReason.UNDELIVERED else 1)
                hold = await holds_db.hold(
                    self.ctx.db, game.id, HoldReason.UNDELIVERED, detail=refused.detail, now=now,
                    retry_at=now + self.schedule.delay(attempts))
            else:
                log.info("game %s: a message was refused (%s)", game.id, refused.failure)
                return
        except DbError as exc:
            log.warning("game %s: could not hold it: %s", game.id, exc)
            return
        log.warning("game %s held (%s, attempt %d): %s", game.id, hold.reason, hold.attempts,
                    refused.detail)
        self.ctx.signals.timer_changed()  # a retry's time was stored: the timed work looks again
        if not hold.told and (hold.reason == HoldReason.GONE or refused.failure == Failure.PERMISSION
                              or hold.attempts >= TELL_AFTER):
            await self.tell_moderators(game, hold, refused)

    async def thread_lost(self, thread_id: int, detail: str) -> bool:
        """Discord says a thread was deleted or locked: its running game pauses at once (before
        a timer could apply a default into a thread nobody sees). True if a game was held."""
        game = await cached.find_game_by_thread(self.ctx, thread_id)
        if game is None or game.status != GameStatus.RUNNING:
            return False
        async with self.ctx.lock(game.id):
            table = await self.sessions.running(game.id)
            await self.trouble(table.game, table.state, Delivery(Failure.GONE, detail), False)
        return True

    async def tell_moderators(self, game: Game, hold: Hold, refused: Delivery) -> None:
        """Once per hold, in the thread's parent channel (no pings)."""
        if not await holds_db.mark_told(self.ctx.db, game.id):
            return
        with self.notify.speaking(game):  # the game's language (its channel's people)
            text = self._moderators_text(game, hold, refused)
        told = await self.ctx.out.post(game.channel_id, Post(text))
        if not told.ok:
            log.warning("game %s: could not tell the moderators either (%s)", game.id, told.failure)

    @staticmethod
    def _moderators_text(game: Game, hold: Hold, refused: Delivery) -> str:
        where = f"<#{game.thread_id}>" if game.thread_id else _("its thread")
        if hold.reason == HoldReason.GONE:
            return _("⏸️ **Game #{game} is paused**: I can't post in {where} any more (it was "
                     "deleted or locked, or I lost access to it). Nobody loses a turn while it is "
                     "paused. A moderator can move it to a new thread: `/game-admin move game:"
                     "{game}` in the channel that should host it.").format(game=game.id, where=where)
        why = (_("I'm missing a permission there") if refused.failure == Failure.PERMISSION
               else _("Discord keeps refusing it"))
        return _("⚠️ **Game #{game}**: I couldn't post its turn prompt in {where} ({why}). The "
                 "deadline waits until the prompt is posted, and I keep trying. Check that I may "
                 "send messages in threads here, or move the game with "
                 "`/game-admin move game:{game}`.").format(game=game.id, where=where, why=why)

    # --- nobody present --------------------------------------------------------------------

    @staticmethod
    def nobody_present(game: Game) -> bool:
        return not any(s.user_id is not None and not s.is_ai and not s.absent for s in game.seats)

    async def pause_nobody(self, game: Game) -> None:
        """Every human seat is absent: stop, don't play the game out for them."""
        hold = await holds_db.hold(
            self.ctx.db, game.id, HoldReason.NOBODY, now=self.ctx.now())
        if hold.reason == HoldReason.NOBODY and hold.attempts == 1:
            with self.notify.speaking(game):
                text = _("⏸️ Every player of game #{game} is absent, so it is paused: nothing is "
                         "played for them and nothing is scored. Any player's {command} command "
                         "in this thread brings it back.").format(
                    game=game.id, command=command(self.ctx.present(game).command or "game"))
            await self.notify.post(game, text)

    async def wake_up(self, game_id: int) -> bool:
        """A player is back: end a ``nobody`` hold, give the decision a deadline, prompt."""
        async with self.ctx.lock(game_id):
            table = await self.sessions.running(game_id)
            if await lifecycle_db.get_pause(self.ctx.db, game_id) is not None:
                return False  # a moderator's pause: their resume gives the time back
            deadline, remind_at = self.ctx.timer_for(table.game, table.state)
            if not await holds_db.release(
                    self.ctx.db, game_id, reasons=(HoldReason.NOBODY,), deadline=deadline,
                    remind_at=remind_at):
                return False
            game = await cached.get_game(self.ctx, game_id)
            with self.notify.speaking(game):
                head = _("▶️ Game #{game} goes on.").format(game=game_id)
            prompt = await self.notify.reprompt(game, table.state, deadline, head=head)
            await self.notify.record(game, table.state, prompt, {})
            await self.sessions.after(Committed(game_id, game, at=deadline))
        return True

    # --- retrying a lost prompt ------------------------------------------------------------

    async def retry(self, game_id: int, head: str = RETRY_HEAD) -> bool:
        """Post the prompt of a game held ``undelivered`` again; True once it is delivered
        (the hold ends and the deadline starts). ``head``: a msgid (``N_``), said in the game's
        language."""
        async with self.ctx.lock(game_id):
            hold = await self.get(game_id)
            if hold is None or hold.reason != HoldReason.UNDELIVERED:
                return hold is None
            table = await self.sessions.running(game_id)
            game, state = table.game, table.state
            deadline, remind_at = self.ctx.timer_for(game, state)
            with self.notify.speaking(game):
                said = _(head)
            prompt = await self.notify.reprompt(game, state, deadline, head=said)
            delivered = prompt is None or prompt.ok
            if delivered:
                await holds_db.release(
                    self.ctx.db, game_id, reasons=(HoldReason.UNDELIVERED,), deadline=deadline,
                    remind_at=remind_at)
            await self.notify.record(game, state, prompt, {})
            if delivered:
                await self.sessions.after(Committed(
                    game_id, game, at=deadline, advance=self.notify.automatic_next(game, state)))
        return delivered

    async def retry_due(self, now: int | None = None) -> int:
        """Retry every prompt whose time has come; the number delivered."""
        now = self.ctx.now() if now is None else now
        done = 0
        for hold in await holds_db.due(self.ctx.db, now):
            if self.ctx.settings.shard is not None:  # one of several shards: its games only
                try:
                    if not self.ctx.owns((await cached.get_game(self.ctx, hold.game_id)).guild_id):
                        continue
                except DbError:
                    continue
            try:
                done += await self.retry(hold.game_id)
            except Exception:
                log.exception("game %s: retrying its prompt failed", hold.game_id)
                with contextlib.suppress(DbError):
                    await holds_db.hold(
                        self.ctx.db, hold.game_id, HoldReason.UNDELIVERED, now=now,
                        retry_at=now + self.schedule.delay(hold.attempts + 1))
        return done

    async def due(self) -> None:
        await self.retry_due()

    async def sleep_for(self) -> float:
        """Seconds until the next refused prompt is tried again (MIN_SLEEP to MAX_SLEEP)."""
        nxt = await holds_db.next_retry(self.ctx.db)
        return MAX_SLEEP if nxt is None else min(max(nxt - self.ctx.clock(), MIN_SLEEP), MAX_SLEEP)


    # --- moving a game ---------------------------------------------------------------------

    async def move(self, game_id: int, channel_id: int, by_user: int) -> Game:
        """Give a running game a new thread in ``channel_id``: the board and the prompt are
        posted there, a ``gone``/``undelivered`` hold ends and the deadline starts again."""
        async with self.ctx.lock(game_id):
            table = await self.sessions.running(game_id)
            title = self.ctx.present(table.game).title
            try:
                with self.notify.speaking(table.game):
                    opening = _("🚚 {title} game #{game} continues in a new thread (moved by "
                                "{member}).").format(title=title, game=game_id,
                                                     member=f"<@{by_user}>")
                thread_id = await self.ctx.out.create_thread(
                    channel_id, f"{title} #{game_id}", opening)
            except Exception as exc:
                log.warning("game %s: could not create a thread to move it: %s", game_id, exc)
                raise Refusal(_("I couldn't create a thread here. Check that I may create public "
                                "threads and send messages in threads in this channel.")) from None
            await holds_db.move(
                self.ctx.db, game_id, channel_id=channel_id, thread_id=thread_id,
                by_user_id=by_user, now=self.ctx.now())
            game = await cached.get_game(self.ctx, game_id)
            state = table.state
            players = ", ".join(texts.mention(s) for s in game.seats)
            with self.notify.speaking(game):
                moved = _("🚚 **Game #{game} moved here** by {member}. Players: {players}.").format(
                    game=game_id, member=f"<@{by_user}>", players=players)
            await self.notify.post(game, moved)
            await self.notify.round_post(game, state)
            deadline, remind_at = self.ctx.timer_for(game, state)
            if game.deadline is not None:
                deadline, remind_at = game.deadline, game.remind_at
            prompt = await self.notify.reprompt(game, state, deadline)
            if await lifecycle_db.get_pause(self.ctx.db, game_id) is not None:
                deadline = remind_at = None  # paused by a moderator: no time runs until resumed
            if prompt is None or prompt.ok:
                await holds_db.release(
                    self.ctx.db, game_id, reasons=(HoldReason.GONE, HoldReason.UNDELIVERED),
                    deadline=deadline, remind_at=remind_at)
            await self.notify.record(game, state, prompt, {})
            game = await cached.get_game(self.ctx, game_id)
            await self.sessions.after(Committed(game_id, game, at=deadline,
                                                timers=prompt is None or prompt.ok))
        return game
