"""Back-off: a ``Schedule`` (wait ``first`` seconds, doubling up to ``most``), the one rule of every
retry of timed work (the turn timers' failures here, refused prompts in
``referee.deciding.holds``), and ``Backoff``, per game, for timers that keep failing (a full
disk, a bug): never spin, never flood the log."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

log = logging.getLogger("referee.desks.timers")
RETRY_FIRST, RETRY_MAX = 5, 15 * 60  # seconds: pause after a failing timer, doubling up to max
SUMMARY_EVERY = 15 * 60  # seconds between two "still failing" lines of one game


@dataclass(frozen=True, slots=True)
class Schedule:
    """Seconds to wait before attempt ``attempts + 1``: ``first``, doubling, at most ``most``."""

    first: int
    most: int

    def delay(self, attempts: int) -> int:
        return int(min(self.most, self.first * 2 ** max(0, attempts - 1)))


#: A failing timer is tried again after 5 s, 10 s, 20 s ... at most 15 min.
TIMERS = Schedule(RETRY_FIRST, RETRY_MAX)


@dataclass
class Failing:
    """A game whose timer keeps failing: since when, how often, when to try again."""

    since: int
    count: int = 0
    retry_at: int = 0
    said_at: int = 0


class Backoff:
    """Per game: retry a failing timer after 5 s, 10 s, 20 s ... at most 15 min; log the first
    failure with its traceback, then a one-line summary at most every 15 min."""

    def __init__(self, schedule: Schedule = TIMERS) -> None:
        self.schedule = schedule
        self.failing: dict[int, Failing] = {}

    def ready(self, game_id: int, now: int) -> bool:
        f = self.failing.get(game_id)
        return f is None or f.retry_at <= now

    def waiting(self, now: int) -> dict[int, int]:
        """Games held back at ``now`` and when each is tried again."""
        return {g: f.retry_at for g, f in self.failing.items() if f.retry_at > now}

    def failed(self, game_id: int, what: str, now: int, exc: BaseException) -> None:
        f = self.failing.get(game_id)
        if f is None:
            f = self.failing[game_id] = Failing(since=now, said_at=now)
            log.error("game %s: %s failed; retrying in %d s, then less and less often (up to "
                      "every %d min); further failures are summarised", game_id, what,
                      self.schedule.first, self.schedule.most // 60, exc_info=exc)
        f.count += 1
        f.retry_at = now + self.schedule.delay(f.count)
        if f.count > 1 and now - f.said_at >= SUMMARY_EVERY:
            f.said_at = now
            since = time.strftime("%H:%M UTC", time.gmtime(f.since))
            log.error("game %s: %s still failing (%d times since %s): %s", game_id, what,
                      f.count, since, exc)

    def recovered(self, game_id: int, what: str) -> None:
        f = self.failing.pop(game_id, None)
        if f is not None:
            log.info("game %s: %s works again after %d failure(s)", game_id, what, f.count)
