"""Discord's rate limits, enforced: ``FakeDiscord(limits=Limits())`` (off by default).

What real Discord does (https://discord.com/developers/docs/topics/rate-limits), and so this:

- **A global limit per bot token**: 50 requests a second across every connection, shard and
  process that sends the token (the fake is one server: it counts per token). Modelled as a
  token bucket of 50 refilled at 50 a second. Interaction callbacks
  (``POST /interactions/{id}/{token}/callback``) and the interaction's webhook
  (``/webhooks/{application_id}/{token}...``: follow-ups, ``@original``) are not counted
  against it ("Interaction endpoints are not bound to the bot's Global Rate Limit").
- **Per-route buckets**, per major parameter (channel, guild, webhook): a window of ``per``
  seconds opened by its first request, ``limit`` requests in it; told in every answer through
  ``X-RateLimit-Limit``, ``-Remaining``, ``-Reset`` (epoch seconds), ``-Reset-After``
  (seconds) and ``-Bucket`` (an opaque id shared by the routes of one bucket). The figures
  (``ROUTE_LIMITS``) are Discord's as observed and widely reported, not published per route
  (Discord says not to hard-code them; the bot does not):
  messages posted in one channel 5 per 5 s, edits and deletes in one channel 5 per 5 s,
  reactions 1 per 0.25 s, a channel's name or topic 2 per 10 min, DM channels opened 10 per
  10 s (an assumption: no public figure), every other route 50 per second.
- **429s** as Discord sends them: JSON ``{"message", "retry_after", "global"}``, a
  ``Retry-After`` header (whole seconds), ``X-RateLimit-Global: true`` on global ones,
  ``X-RateLimit-Scope`` (``global``, ``user`` for a route's, ``shared`` for a shared resource's)
  and ``Via`` (discord.py reads a 429 without it as Cloudflare's ban).
- **Invalid requests**: 401, 403 and 429 answers (a ``shared``-scope 429 excepted, as Discord
  does) are counted; 10,000 in 10 minutes get the bot's address banned on Discord (not
  modelled: ``counts`` says how close a run came).

``counts`` holds what tests and benchmarks read: ``counted`` (requests under the global limit),
``exempt``, ``global_429``, ``route_429``, ``invalid`` and ``by_status``.
"""

from __future__ import annotations

import math
import re
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from .responses import json_response

GLOBAL_PER_S = 50.0  # Discord's global limit, per bot token
BAN_INVALID = 10_000  # invalid requests in BAN_WINDOW_S that get an address banned
BAN_WINDOW_S = 600.0
EXEMPT = re.compile(r"^/(interactions/[^/]+/[^/]+/callback|webhooks/[^/]+/[^/]+)")
MAJOR = ("channels", "guilds", "webhooks")


@dataclass(frozen=True)
class RouteLimit:
    """``limit`` requests per ``per`` seconds for the routes matching ``method`` and ``route``
    (a template as the fake registers it), per major parameter; ``when`` narrows it to some
    bodies (a channel's name or topic changed)."""

    bucket: str
    method: str
    route: str
    limit: int
    per: float
    scope: str = "user"
    when: Callable[[Any], bool] | None = None


def _renames(body: Any) -> bool:
    return isinstance(body, dict) and ("name" in body or "topic" in body)


MESSAGES = "/channels/{channel_id}/messages"
ROUTE_LIMITS: tuple[RouteLimit, ...] = (
    RouteLimit("post-message", "POST", MESSAGES, 5, 5.0),
    RouteLimit("edit-message", "PATCH", MESSAGES + "/{message_id}", 5, 5.0),
    RouteLimit("edit-message", "DELETE", MESSAGES + "/{message_id}", 5, 5.0),
    RouteLimit("reaction", "PUT", MESSAGES + "/{message_id}/reactions/{emoji}/@me", 1, 0.25),
    RouteLimit("reaction", "DELETE", MESSAGES + "/{message_id}/reactions/{emoji}/@me", 1, 0.25),
    RouteLimit("rename-channel", "PATCH", "/channels/{channel_id}", 2, 600.0, "shared", _renames),
    RouteLimit("open-dm", "POST", "/users/@me/channels", 10, 10.0),
)
DEFAULT_LIMIT, DEFAULT_PER = 50, 1.0


@dataclass
class _Window:
    start: float
    used: int = 0


@dataclass
class _Global:
    tokens: float
    at: float


@dataclass
class Limits:
    """The limits of one fake Discord (all its connections). ``clock``: monotonic seconds."""

    global_per_s: float = GLOBAL_PER_S
    routes: tuple[RouteLimit, ...] = ROUTE_LIMITS
    clock: Callable[[], float] = time.monotonic
    counts: Counter[str] = field(default_factory=Counter)
    by_status: Counter[int] = field(default_factory=Counter)
    _windows: dict[tuple[str, str, str], _Window] = field(default_factory=dict)
    _global: dict[str, _Global] = field(default_factory=dict)

    def rule(self, method: str, route: str | None, body: Any) -> RouteLimit:
        for rule in self.routes:
            if rule.method == method and rule.route == route and (rule.when is None or rule.when(body)):
                return rule
        return RouteLimit(f"{method} {route}", method, route or "", DEFAULT_LIMIT, DEFAULT_PER)

    def admit(self, token: str, method: str, path: str, route: str | None,
              body: Any) -> tuple[web.Response | None, dict[str, str]]:
        """Before a request is handled: (a 429 to answer instead, or None; the rate-limit headers
        to add to the answer)."""
        if EXEMPT.match(path):
            self.counts["exempt"] += 1
            return None, {}
        now = self.clock()
        self.counts["counted"] += 1
        glob = self._global.setdefault(token, _Global(self.global_per_s, now))
        glob.tokens = min(self.global_per_s, glob.tokens + (now - glob.at) * self.global_per_s)
        glob.at = now
        if glob.tokens < 1.0:
            self.counts["global_429"] += 1
            return _too_many((1.0 - glob.tokens) / self.global_per_s, "global"), {}
        rule = self.rule(method, route, body)
        parts = path.strip("/").split("/")
        major = parts[1] if len(parts) > 1 and parts[0] in MAJOR else ""
        key = (token, rule.bucket, major)
        window = self._windows.get(key)
        if window is None or now - window.start >= rule.per:
            window = self._windows[key] = _Window(now)
        reset_after = max(0.001, rule.per - (now - window.start))
        headers = {
            "X-RateLimit-Limit": str(rule.limit),
            "X-RateLimit-Remaining": str(max(0, rule.limit - window.used - 1)),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": "fake-" + rule.bucket.replace(" ", "_").replace("/", "."),
        }
        if window.used >= rule.limit:
            self.counts["route_429"] += 1
            return _too_many(reset_after, rule.scope, {**headers, "X-RateLimit-Remaining": "0"}), {}
        glob.tokens -= 1.0
        window.used += 1
        return None, headers

    def answered(self, status: int, scope: str | None) -> None:
        """After a request is answered (429s included): the invalid requests counted."""
        self.by_status[status] += 1
        if status in (401, 403) or (status == 429 and scope != "shared"):
            self.counts["invalid"] += 1

    def summary(self) -> dict[str, int]:
        return {k: self.counts[k] for k in ("counted", "exempt", "global_429", "route_429", "invalid")}


def _too_many(retry_after: float, scope: str, headers: dict[str, str] | None = None) -> web.Response:
    glob = scope == "global"
    all_headers = {**(headers or {}), "Retry-After": str(max(1, math.ceil(retry_after))),
                   "X-RateLimit-Scope": scope, "Via": "1.1 google"}
    if glob:
        all_headers["X-RateLimit-Global"] = "true"
    body = {"message": "You are being rate limited.", "retry_after": round(retry_after, 3),
            "global": glob}
    if glob:
        body["code"] = 0
    return json_response(body, 429, all_headers)
