"""Telling a game's thread and players what happened, after the reply to the one who acted.

A decision is committed, the player gets their reply at once, and what the decision means for
everyone else (public posts, the round map, the next prompt, hand DMs, then the ``notified``
record of what went out) is a *job* queued here. ``Teller`` keeps one ordered queue per game:
a game's messages go out in the order its changes were committed; games are independent of
each other and run side by side (at most ``workers`` jobs at once).

The backlog is bounded: a new decision waits in ``admit`` (after its interaction was
acknowledged, before it does any work) while ``backlog`` jobs are queued, so a burst slows the
followers' replies down rather than piling up posts without end. Replies come first: a job does
not start while players' decisions are being answered (``answering``), for at most
``YIELD_MAX`` seconds.

Each job runs with ``telling_for`` set to the request (``replying_to``) of the decision that
queued it: the outbox may post its messages through that interaction (docs/limits.md).

Anything else that posts in a game's thread (a reminder, an undo, a retried prompt) first waits
for the game's queued jobs (``flush``), so the thread reads in commit order whoever posts.

A crash between a decision's reply and its job loses nothing: the job's last step is
``Notifier.record``, and a game whose record is behind its state is caught up after a restart
(``Referee.resume``/``catch_up``).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine, Iterator
from typing import Any

from referee.messages.outbox import replying_to, telling_for

log = logging.getLogger(__name__)

Job = Callable[[], Awaitable[None]]
Spawn = Callable[[Coroutine[Any, Any, Any], str], "asyncio.Task[Any]"]

BACKLOG = 256  # jobs queued at most before new decisions wait (``admit``): ~5 s of posts at 50/s
#: jobs running at once. They mostly wait: for Discord (a rate-limited route such as opening a
#: DM channel holds its job), for the render workers. At 16, jobs waiting on the DM channels a
#: restarted bot opens again (``POST /users/@me/channels``, one bucket for all users) filled
#: every slot, the backlog filled behind them and new decisions waited in ``admit``: reply p99
#: 572 ms against 88 ms at 64 (185 decisions/s, ``python -m benchmarks e2e``); 128 gained nothing.
WORKERS = 64
YIELD_MAX = 0.05  # seconds a job start may wait for replies being answered

#: the game whose job runs in this task (its own posts need not wait for its queue)
_inside: contextvars.ContextVar[int | None] = contextvars.ContextVar("tell_inside", default=None)


class Teller:
    def __init__(self, spawn: Spawn, *, backlog: int = BACKLOG, workers: int = WORKERS) -> None:
        self._spawn = spawn
        self.backlog = backlog
        # per game: each job, its future, and the request it tells for (``telling_for``)
        self._queues: dict[int, deque[tuple[Job, asyncio.Future[None], Any]]] = {}
        self._size = 0
        self._slots = asyncio.Semaphore(workers)
        self._room: asyncio.Event | None = None
        self._answering = 0
        self._calm: asyncio.Event | None = None

    # --- bookkeeping -----------------------------------------------------------------------

    @property
    def size(self) -> int:
        """Jobs queued or running, all games together."""
        return self._size

    def pending(self, game_id: int) -> int:
        queue = self._queues.get(game_id)
        return len(queue) if queue else 0

    def _events(self) -> tuple[asyncio.Event, asyncio.Event]:
        if self._room is None or self._calm is None:  # made on the running loop
            self._room, self._calm = asyncio.Event(), asyncio.Event()
            self._room.set()
            self._calm.set()
        return self._room, self._calm

    # --- the player's side -----------------------------------------------------------------

    async def admit(self) -> None:
        """Wait while the backlog is full (a new decision, before it does any work)."""
        room, _ = self._events()
        while self._size >= self.backlog:
            room.clear()
            await room.wait()

    @contextlib.contextmanager
    def answering(self) -> Iterator[None]:
        """A player's decision is being answered: queued jobs hold back meanwhile."""
        _, calm = self._events()
        self._answering += 1
        calm.clear()
        try:
            yield
        finally:
            self._answering -= 1
            if not self._answering:
                calm.set()

    # --- jobs ------------------------------------------------------------------------------

    def submit(self, game_id: int, job: Job) -> asyncio.Future[None]:
        """Queue ``job`` after the game's earlier ones; a future done once it ran (a failing
        job is logged, never raised)."""
        self._events()
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        queue = self._queues.get(game_id)
        fresh = queue is None
        if queue is None:
            queue = self._queues[game_id] = deque()
        queue.append((job, done, replying_to.get()))
        self._size += 1
        if fresh:
            self._spawn(self._drain(game_id, queue), f"tell-{game_id}")
        return done

    async def wait_all(self) -> None:
        """Wait until every job queued so far ran (a clean shutdown tells what it can)."""
        waiting = [queue[-1][1] for queue in self._queues.values() if queue]
        if waiting:
            await asyncio.wait(waiting)

    async def flush(self, game_id: int) -> None:
        """Wait until the game's jobs queued so far ran (at once inside one of them)."""
        if _inside.get() == game_id:
            return
        queue = self._queues.get(game_id)
        if queue:
            await asyncio.wait([queue[-1][1]])  # done or cancelled: never raises

    async def _drain(self, game_id: int,
                     queue: deque[tuple[Job, asyncio.Future[None], Any]]) -> None:
        room, calm = self._events()
        try:
            while queue:
                job, done, request = queue[0]
                if not calm.is_set():  # replies first, for a moment
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(calm.wait(), YIELD_MAX)
                async with self._slots:
                    token, told = _inside.set(game_id), telling_for.set(request)
                    try:
                        await job()
                    except Exception:
                        log.exception("game %s: telling what happened failed", game_id)
                    finally:
                        telling_for.reset(told)
                        _inside.reset(token)
                queue.popleft()
                self._size -= 1
                if not done.done():
                    done.set_result(None)
                if self._size < self.backlog:
                    room.set()
        finally:  # cancelled (shutdown): what was not told is caught up after a restart
            if self._queues.get(game_id) is queue:
                del self._queues[game_id]
            for _, done, _ in queue:
                self._size -= 1
                if not done.done():
                    done.cancel()
            queue.clear()
            room.set()
