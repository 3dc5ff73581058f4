"""One budget for the whole bot's counted REST requests (issue 29, docs/limits.md).

Discord allows a bot token 50 requests a second across every shard and process; interaction
callbacks and the interaction's webhook (follow-ups, edits of the original response) are not
counted. discord.py keeps its rate-limit state per process, so N processes that each respect
50 a second send 50N. Here every counted request first ``acquire``s a slot of one budget, a
GCRA of ``per_s`` a second with bursts of ``burst``:

- on PostgreSQL (``share_through``) the budget is a row every process of the bot updates
  atomically (``db.storage.budget``): shards and machines draw from one budget;
- on SQLite (one machine) it lives in the process: one process has the whole budget; each of
  ``SHARDS=N`` processes gets 1/N of it (``share``).

If the database cannot be reached the process falls back to its own share, logged once.

When the budget is short, a process's requests take their slots by priority (``priority``, set
around a send: ``PROMPT`` turn prompts and their edits, ``POST`` other posts, ``PICTURE`` and
``DM``, ``REMINDER``), then in the order they came: one at a time, so a prompt that comes while
a DM waits goes first. A player's reply never waits here: it is the interaction's own answer,
not counted. Nothing is dropped; the queue is bounded by what may wait for it (the Teller's
``WORKERS`` jobs and its ``BACKLOG``, ``referee.messages.tell``).

A request that may be stale by the time its slot comes (a reminder, which waits last) is sent
``checked``: once its slot came it is sent only if still wanted, else ``Unwanted`` is raised
in its sender (the slot is spent).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Iterator
from contextvars import ContextVar
from typing import Any

from db.storage import budget as shared_budget
from referee.process.background import Turns

log = logging.getLogger(__name__)

PROMPT, POST, PICTURE, DM, REMINDER = range(5)  # lower first
#: the priority of the requests sent now (in this task)
priority: ContextVar[int] = ContextVar("rest_priority", default=POST)
Still = Callable[[], Awaitable[bool]]
#: the check of the next counted request sent in this task (``checked``), spent by it
_checks: ContextVar[list[Still] | None] = ContextVar("rest_checks", default=None)


class Unwanted(Exception):
    """A request found not wanted any more once its slot came (``checked``): not sent."""


@contextlib.contextmanager
def checked(still: Still) -> Iterator[None]:
    """The next counted request sent meanwhile (in this task) is sent only if ``still()``
    says so once its slot came; else its sender gets ``Unwanted``. Later ones are not
    checked (a reminder's post is: it pings; the edit of the prompt before it is not)."""
    token = _checks.set([still])
    try:
        yield
    finally:
        _checks.reset(token)


@contextlib.contextmanager
def at(level: int) -> Iterator[None]:
    """The requests sent meanwhile (in this task) have priority ``level``."""
    token = priority.set(level)
    try:
        yield
    finally:
        priority.reset(token)


def of(level: int) -> int:
    """A message's own priority (``level``), unless it is sent as a reminder: a reminder's
    prompt comes last."""
    return REMINDER if priority.get() == REMINDER else level


def counted(path: str) -> bool:
    """Is a request to ``path`` (a URL's path) counted against Discord's global limit? Every
    API route but the interaction's own: its callback and its webhook (follow-ups, edits; the
    bot uses no other webhook). Not the gateway, not the CDN."""
    parts = path.split("/")
    if "api" not in parts:
        return False
    route = parts[parts.index("api") + 2:]  # after the API version
    if route[:1] == ["interactions"]:
        return not (len(route) == 4 and route[3] == "callback")
    return not (route[:1] == ["webhooks"] and len(route) >= 3)


class RestBudget:
    def __init__(self, per_s: float = 45.0, burst: int = 5, *, share: float = 1.0,
                 clock: Callable[[], float] = time.time,
                 sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep) -> None:
        self.per_s, self.burst, self.share = per_s, burst, share
        self._rate(share)
        self.clock, self.sleep = clock, sleep
        self._tat = 0.0
        self._db: Any = None
        self.name = ""
        self.taken = 0  # requests that acquired a slot
        self.delayed = 0  # ... of them that had to wait
        self.waited_s = 0.0  # in all
        self.shared_s = 0.0  # time spent asking the database
        self._turns = Turns(1)  # one request takes its slot at a time, by priority
        self.waited_by_priority = [0.0] * (REMINDER + 1)

    def share_through(self, db: Any, name: str) -> None:
        """Draw from the budget ``name`` in ``db`` (PostgreSQL), with every process that does:
        the whole ``per_s``, whatever this process's share was."""
        self._db, self.name = db, name
        self._rate(1.0)

    def _rate(self, share: float) -> None:
        """One request every ``interval`` seconds, bursts of ``burst``: ``share`` of the whole."""
        self.interval = 1.0 / (self.per_s * share)
        self.tolerance = (self.burst - 1) * self.interval

    @property
    def shared(self) -> bool:
        return self._db is not None

    def _local(self, now: float) -> float:
        self._tat = max(self._tat, now) + self.interval
        return max(0.0, self._tat - self.interval - self.tolerance - now)

    async def acquire(self) -> float:
        """Wait for this request's slot (by ``priority``, then in order); the seconds waited
        for the budget."""
        level = priority.get()
        async with self._turns.held(level):
            wait = await self._take()
            if wait > 0:
                self.delayed += 1
                self.waited_s += wait
                self.waited_by_priority[min(level, REMINDER)] += wait
                await self.sleep(wait)
        checks = _checks.get()
        if checks and not await checks.pop()():  # the next request is let in meanwhile
            raise Unwanted
        return wait

    async def _take(self) -> float:
        now = self.clock()
        self.taken += 1
        if self._db is None:
            return self._local(now)
        try:
            wait = await shared_budget.take(self._db, self.name, now, self.interval,
                                            self.tolerance)
        except Exception:  # noqa: BLE001 - the bot goes on within its own share
            log.exception("the shared REST budget could not be read: this process keeps "
                          "to 1/%s of it on its own from now on", round(1 / self.share))
            self._db = None
            self._rate(self.share)
            wait = self._local(now)
        self.shared_s += self.clock() - now
        return wait
