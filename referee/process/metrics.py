"""What the bot counts, in Prometheus' format (``prometheus_client``), served on
``/metrics`` when ``METRICS_PORT`` is set (``referee.process.metrics_server``).

Every metric lives in the one registry ``REGISTRY`` (not the library's global one, so a test's
bots do not mix with another's and nothing else of the process is exported). Code that does a
thing counts it here with one line; what is read rather than counted (queue depths, running
and held games, timers due) is a gauge set at each scrape (``Referee.read_gauges``). Labels take few values: game names, decision verbs, sources, HTTP methods,
routes with their ids replaced by ``{id}``, statuses; never a user, a guild or a game id.
"""

from __future__ import annotations

import re

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

REGISTRY = CollectorRegistry(auto_describe=True)

DECISIONS = Counter(
    "referee_decisions", "Decisions committed, by game, kind (its first word) and source "
    "(player, ai, timeout, auto, admin).", ["game", "kind", "source"], registry=REGISTRY)
REPLY = Histogram(
    "referee_reply_seconds", "From an interaction's creation by Discord to the bot's answer "
    "(the private reply, or the component's message updated).",
    buckets=(0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0), registry=REGISTRY)
LOOP_LAG = Histogram(
    "referee_event_loop_lag_seconds", "How late the event loop ran a tick that was due "
    "(every 50 ms, referee.process.looplag): the time something else held the loop.",
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0), registry=REGISTRY)
REST = Counter(
    "referee_discord_requests", "REST requests to Discord, by method, route and status.",
    ["method", "route", "status"], registry=REGISTRY)
INVALID = Counter(
    "referee_discord_invalid_requests", "Answers 401, 403 and 429 from Discord, which bans "
    "an address after 10,000 of them in 10 minutes.", ["status"], registry=REGISTRY)
RATE_LIMITED = Counter(
    "referee_discord_rate_limited", "429 answers from Discord, by scope (user, global, "
    "shared).", ["scope"], registry=REGISTRY)
RENDER = Histogram(
    "referee_render_seconds", "Time to draw a picture, by picture.", ["picture"],
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5), registry=REGISTRY)
AI = Histogram(
    "referee_ai_seconds", "Time an AI seat took to choose, by level.", ["level"],
    buckets=(0.001, 0.01, 0.05, 0.1, 0.5, 1.0, 2.0, 5.0), registry=REGISTRY)
QUEUE = Gauge("referee_tell_queue", "What is waiting to be told (posted, edited, sent by DM) "
              "after a reply, all games together.", registry=REGISTRY)
RUNNING = Gauge("referee_running_games", "Games running in this process's memory.",
                registry=REGISTRY)
HELD = Gauge("referee_held_games", "Games paused by a failure that is not a player's "
             "(a thread out of reach, a prompt refused).", registry=REGISTRY)
TIMERS_DUE = Gauge("referee_timers_due", "Deadlines and reminders due now and not yet acted "
                   "on.", registry=REGISTRY)


_ID = re.compile(r"/\d+(?=/|$)")
_TOKEN = re.compile(r"/(webhooks|interactions)/\{id\}/[^/]+")


def route(path: str) -> str:
    """A request path as a label: ids as ``{id}``, interaction and webhook tokens as
    ``{token}``, the API version prefix dropped (``/api/v10/channels/1/messages`` ->
    ``/channels/{id}/messages``)."""
    path = re.sub(r"^.*?/api/v\d+", "", path)
    path = _ID.sub("/{id}", path)
    return _TOKEN.sub(lambda m: f"/{m[1]}/{{id}}/{{token}}", path)


def answered(status: int, method: str, path: str, scope: str | None = None) -> None:
    """One REST answer from Discord."""
    REST.labels(method, route(path), str(status)).inc()
    if status in (401, 403) or (status == 429 and scope != "shared"):  # Discord's own count
        INVALID.labels(str(status)).inc()
    if status == 429:
        RATE_LIMITED.labels(scope or "user").inc()
