"""One budget for the whole bot's counted REST requests (issue 29, docs/limits.md).

Discord allows a bot token 50 requests a second across every shard and process; interaction
callbacks and the interaction's webhook (follow-ups, edits of the original response) are not
counted. discord.py keeps its rate-limit state per process, so N processes that each respect
50 a second send 50N. Here every counted request first ``acquire``s a slot of one budget, a
GCRA of ``per_s`` a second with bursts of ``burst``:

- on PostgreSQL (``share_through``) the budget is a row every process of the bot updates
  atomically (``db.budget``): shards and machines draw from one budget;
- on SQLite (one machine) it lives in the process: one process has the whole budget; each of
  ``SHARDS=N`` processes gets 1/N of it (``share``).

If the database cannot be reached the process falls back to its own share, logged once.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any

from db import budget as shared_budget

log = logging.getLogger(__name__)

#: Discord's own routes not counted against the global limit: interaction callbacks and the
#: interaction's webhook (the bot sends nothing else to a webhook)
EXEMPT = re.compile(r"/interactions/[^/]+/[^/]+/callback$|/webhooks/[^/]+/[^/]+(/|$)")


def counted(path: str) -> bool:
    """Is a request to ``path`` (a URL's path) counted against the global limit? Every API
    route but the interaction ones; not the gateway or the CDN."""
    return "/api/" in path and EXEMPT.search(path) is None


class RestBudget:
    def __init__(self, per_s: float = 45.0, burst: int = 5, *, share: float = 1.0,
                 clock: Callable[[], float] = time.time,
                 sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep) -> None:
        self.per_s, self.burst, self.share = per_s, burst, share
        self.interval = 1.0 / (per_s * share)
        self.tolerance = (burst - 1) * self.interval
        self.clock, self.sleep = clock, sleep
        self._tat = 0.0
        self._db: Any = None
        self.name = ""
        self.taken = 0  # requests that acquired a slot
        self.delayed = 0  # ... of them that had to wait
        self.waited_s = 0.0  # in all
        self.shared_s = 0.0  # time spent asking the database

    def share_through(self, db: Any, name: str) -> None:
        """Draw from the budget ``name`` in ``db`` (PostgreSQL), with every process that does:
        the whole ``per_s``, whatever this process's share was."""
        self._db, self.name = db, name
        self.interval = 1.0 / self.per_s
        self.tolerance = (self.burst - 1) * self.interval

    @property
    def shared(self) -> bool:
        return self._db is not None

    def _local(self, now: float) -> float:
        self._tat = max(self._tat, now) + self.interval
        return max(0.0, self._tat - self.interval - self.tolerance - now)

    async def acquire(self) -> float:
        """Wait for this request's slot; the seconds waited."""
        now = self.clock()
        if self._db is not None:
            try:
                wait = await shared_budget.take(self._db, self.name, now, self.interval,
                                                self.tolerance)
            except Exception:  # noqa: BLE001 - the bot goes on within its own share
                log.exception("the shared REST budget could not be read: this process keeps "
                              "to 1/%s of it on its own from now on", round(1 / self.share))
                self._db = None
                self.interval = 1.0 / (self.per_s * self.share)
                self.tolerance = (self.burst - 1) * self.interval
                wait = self._local(now)
            self.shared_s += self.clock() - now
        else:
            wait = self._local(now)
        self.taken += 1
        if wait > 0:
            self.delayed += 1
            self.waited_s += wait
            await self.sleep(wait)
        return wait
