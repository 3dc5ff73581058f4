"""discord.py's HTTP client, tuned for a bot that talks to many channels.

discord.py (checked against 2.7.1, ``HTTPClient.get_ratelimit``) keeps one rate-limit bucket per
route and channel and drops those idle for five minutes by scanning every bucket each time it
makes a new one, once it holds 256 or more. A referee posting in hundreds of game threads and
DM channels makes new buckets all the time, so the scan ran with most requests: 5% of the bot's
event-loop time in ``python -m benchmarks e2e``. Here the same sweep runs at most once a
``every`` seconds; buckets still go once idle, a little later.

``draw_from_budget``: every counted request (not the interaction callbacks and webhooks) waits
for its slot of the bot's one REST budget (``referee.process.budget``) just before it is sent,
retries of a 429 included: Discord's global limit is the whole bot's, discord.py's state one
process's.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

import aiohttp

from referee.process.budget import RestBudget, counted

log = logging.getLogger(__name__)
SWEEP_EVERY_S = 60.0


def sweep_buckets_now_and_then(http: Any, every: float = SWEEP_EVERY_S,
                               clock: Callable[[], float] = time.monotonic) -> bool:
    """Make ``http`` (a ``discord.http.HTTPClient``) sweep idle buckets at most every ``every``
    seconds. False (and nothing changed) if this discord.py has no such sweep."""
    sweep = getattr(http, "_try_clear_expired_ratelimits", None)
    if not callable(sweep):
        log.info("discord.py has no bucket sweep to throttle; left as it is")
        return False
    last = [float("-inf")]

    def now_and_then() -> None:
        now = clock()
        if now - last[0] >= every:
            last[0] = now
            sweep()

    http._try_clear_expired_ratelimits = now_and_then
    return True


def draw_from_budget(trace: aiohttp.TraceConfig, budget: RestBudget) -> None:
    """Make every request counted against Discord's global limit that goes through a session
    with ``trace`` (discord.py's, ``http_trace``) first acquire a slot of ``budget``."""

    async def before(_session: aiohttp.ClientSession, _context: Any,
                     params: aiohttp.TraceRequestStartParams) -> None:
        if counted(params.url.path):
            await budget.acquire()

    trace.on_request_start.append(before)
