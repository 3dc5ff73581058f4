"""What every part of the referee shares: database, outbox, settings, clock, engine, AI runner,
per-game locks and background tasks."""

from __future__ import annotations

import asyncio
import contextvars
import logging
import time
import weakref
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass, field
from typing import Any

import engine
import games
import texts
from db import Database, Game, OwedTimer
from db import owed as owed_db
from games import Presentation
from referee.messages.outbox import Outbox
from referee.messages.runs import Plans
from referee.messages.tell import Teller
from referee.messages.texts import language_of
from referee.process import shards
from referee.process.config import Settings
from referee.shared import cache as cached
from referee.shared.ai import AiRunner
from referee.shared.cache import GameCache
from referee.shared.log_fields import working_on
from referee.shared.signals import Signals

log = logging.getLogger(__name__)

AUTO_GRACE = 120  # seconds: safety deadline while an AI or an absent seat is about to move
REMIND_LEAD_MAX = 6 * 3600  # remind at most 6 h before the deadline (a quarter of the turn)


@dataclass
class Context:
    db: Database
    out: Outbox
    settings: Settings
    clock: Callable[[], float] = time.time
    ai: AiRunner = field(default_factory=AiRunner)
    game: Any = field(default_factory=lambda: engine.get_game(games.DEFAULT))  # the default game
    # a game's lock lives while someone holds or awaits it: the table does not grow with games
    locks: weakref.WeakValueDictionary[int, asyncio.Lock] = field(default_factory=weakref.WeakValueDictionary)
    tasks: set[asyncio.Task[Any]] = field(default_factory=set)
    # what a part tells the parts built on it (a timer changed, messages refused, a game over)
    signals: Signals = field(default_factory=Signals)
    # the runs of decisions players chose at once (``referee.messages.runs``): play state, used
    # by the decision's path (taken, set, saved with a decision) and by the prompts (who is asked)
    plans: Plans = field(default_factory=Plans)
    # play games without a present human (the offline demo only): on Discord a game needs a
    # human seat to start and pauses when no human is present (``referee.deciding.holds``)
    unattended: bool = False
    # seconds between two summaries of a long run of automatic decisions (referee.deciding.sessions)
    auto_pace: float = 2.0
    # what a committed change means for the thread and the players, told after the reply
    tell: Teller = field(init=False)
    # running games kept in memory, written through (``referee.shared.cache``: the
    # ``Referee`` has it observe ``db``'s writes)
    cache: GameCache = field(default_factory=GameCache)

    def __post_init__(self) -> None:
        self.tell = Teller(self.spawn)

    def engine(self, game: Game | str | None) -> Any:
        """The rules engine of a stored game (or of a game name; None: the default game)."""
        name = game.game_name if isinstance(game, Game) else game
        return engine.get_game(games.get(name).name)  # only registered games: KeyError else

    def present(self, game: Game | str | None) -> Presentation:
        """How the bot presents a stored game (or a game name; None: the default game)."""
        return games.get(game.game_name if isinstance(game, Game) else game)

    def owns(self, guild_id: int | None) -> bool:
        """Are this guild's games this process's (one of several shards: ``referee.process.shards``)?"""
        return shards.owns(self.settings.shard, guild_id)

    def now(self) -> int:
        return int(self.clock())

    def lock(self, game_id: int) -> asyncio.Lock:
        """Decisions on one game are applied one at a time. The task asking works on that
        game: its log lines name it (``referee.shared.log_fields``)."""
        working_on(game_id)
        lock = self.locks.get(game_id)
        if lock is None:
            lock = self.locks[game_id] = asyncio.Lock()
        return lock

    def spawn(self, coro: Coroutine[Any, Any, Any], name: str) -> asyncio.Task[Any]:
        """A background task of the referee's own: it writes in the source language, not in
        the language of the request that started it (a game's posts set the game's)."""
        context = contextvars.copy_context()
        context.run(texts.speak, texts.DEFAULT)
        task = asyncio.get_running_loop().create_task(coro, name=name, context=context)
        self.tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task %s failed", task.get_name(), exc_info=task.exception())

    async def idle(self) -> None:
        """Wait until no background task is left (they may start others)."""
        while self.tasks:
            await asyncio.gather(*list(self.tasks), return_exceptions=True)

    @staticmethod
    def language(game: Game | None) -> str:
        """The language of ``game``'s public posts and pictures (its lobby option ``language``;
        ``en`` for a game opened before there was one)."""
        return language_of(game.options) if game is not None else texts.DEFAULT

    async def language_of(self, game_id: int) -> str:
        """``language`` of the game ``game_id`` (from memory for a running game)."""
        return self.language(await cached.get_game(self, game_id))

    def turn_seconds(self, game: Game) -> int:
        value = game.options.get("turn_seconds")
        if isinstance(value, int | float) and value > 0:
            return int(value)
        return int(self.settings.default_turn_hours * 3600)

    def timer_for(self, game: Game, state: Any) -> tuple[int | None, int | None]:
        """(deadline, remind_at) for the decision now owed in ``state``."""
        to_act = self.engine(game).to_act(state)
        if to_act is None:
            return None, None
        now = self.now()
        seat = game.seat_of_player(to_act.player)
        if seat is None or seat.is_ai or seat.absent:
            return now + AUTO_GRACE, None
        turn = self.turn_seconds(game)
        deadline = now + turn
        return deadline, deadline - min(turn // 4, REMIND_LEAD_MAX)

    def owed_timers(self, game: Game, state: Any, previous: Mapping[str, OwedTimer] | None = None,
                    actor: str | None = None, timing: str | None = None) -> list[OwedTimer]:
        """Each owed decision's own timer after a change of ``state``. A player who owed
        before (``previous``) and did not act keeps their deadline, reminder and clock; so does
        ``actor`` after a decision that started their clock (``timing`` "start": one deadline
        for an opening and the decision it times). Everyone else gets a new deadline; AI and
        absent seats a short safety one. ``clock_at``: when the actor's clock started."""
        previous = previous or {}
        now, exact = self.now(), self.clock()
        turn = self.turn_seconds(game)
        out: list[OwedTimer] = []
        for owed in self.engine(game).owed(state):
            prev = previous.get(owed.player)
            seat = game.seat_of_player(owed.player)
            carry = prev is not None and (owed.player != actor or timing == "start")
            clock_at = exact if owed.player == actor and timing == "start" else (
                prev.clock_at if carry and prev is not None else None)
            if seat is None or seat.is_ai or seat.absent:
                out.append(OwedTimer(owed.player, owed.decision, now, now + AUTO_GRACE, None,
                                     False, clock_at))
            elif carry and prev is not None and prev.deadline is not None:
                out.append(OwedTimer(owed.player, owed.decision, prev.since, prev.deadline,
                                     prev.remind_at, prev.reminder_sent, clock_at))
            else:
                deadline = now + turn
                out.append(OwedTimer(owed.player, owed.decision, now, deadline,
                                     deadline - min(turn // 4, REMIND_LEAD_MAX), False, clock_at))
        return out

    async def stored_timers(self, game: Game, state: Any) -> list[OwedTimer]:
        """The owing players' stored timers; for a game stored before there were per-player
        timers, everyone owing shares the game's own."""
        timers = await cached.owed_timers(self, game.id)
        if timers:
            return timers
        return [OwedTimer(o.player, o.decision, game.started_at or 0, game.deadline,
                          game.remind_at, game.reminder_sent)
                for o in self.engine(game).owed(state)]

    async def reset_timers(self, game: Game, state: Any) -> tuple[int | None, int | None]:
        """Fresh timers for everyone owing in ``state`` (a start, an undo, a new seat, an
        import); returns the game's (deadline, remind_at): the earliest of them. The caller
        hands the change to ``Sessions.after``, which pokes the timers."""
        timers = self.owed_timers(game, state)
        await owed_db.set_owed(self.db, game.id, timers)
        return earliest(timers)


def earliest(timers: list[OwedTimer]) -> tuple[int | None, int | None]:
    """The game's own timer: the earliest deadline and the earliest unsent reminder."""
    return (min((t.deadline for t in timers if t.deadline is not None), default=None),
            min((t.remind_at for t in timers if t.remind_at is not None and not t.reminder_sent),
                default=None))
