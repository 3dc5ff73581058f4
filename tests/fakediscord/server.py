"""`FakeDiscord`: the aiohttp server (REST + gateway) on 127.0.0.1 and the state it keeps.

The test-facing methods are in `driver.py` (world, reading, faults) and `acting.py`
(interactions and messages as users), which `FakeDiscord` inherits.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import aiohttp
from aiohttp import web

from . import rest, rest_interactions
from . import state as st
from .acting import Acting
from .clock import Clock, wall
from .driver import Driver
from .faults import Faults
from .gateway import Gateway
from .interaction import InteractionHandle
from .limits import Limits
from .records import RECORD_KEY, RequestRecord, read_body
from .responses import ApiError, json_response

log = logging.getLogger(__name__)

API_PREFIX = "/api/v10"
T = TypeVar("T")


class FakeDiscord(Driver, Acting):
    """A fake Discord on 127.0.0.1: start it, point discord.py at `api_base` / `gateway_url`.

    Options: `require_synced_commands` (slash commands must have been synced by the bot before
    a test can send them, as with real Discord), `interaction_deadline` (seconds; when set, a
    callback arriving later fails with 10062 Unknown interaction, like Discord's 3 s limit),
    `interaction_lag` (seconds, an attribute: each interaction reaches the bot that long after
    Discord made it, its ID dated then; counted in the deadline),
    `validate` (refuse what Discord refuses: 2000+ character messages, 26 choices, ...),
    `bot_token` (when set, `GET /users/@me` with another token answers 401), `clock` (what
    deadlines, latencies and `wait_for`'s timeouts are measured with, ``clock.py``: the wall
    clock, or ``runnable``, which does not count the time spent waiting for a CPU), `limits`
    (``limits.Limits()``: Discord's global and per-route rate limits enforced, with 429s and
    ``X-RateLimit-*`` headers as Discord sends them, ``limits.py``; None, the default: never
    refused).
    """

    def __init__(
        self,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        bot_name: str = "FakeBot",
        bot_token: str | None = None,
        require_synced_commands: bool = True,
        interaction_deadline: float | None = None,
        validate: bool = True,
        heartbeat_interval_ms: int = 41250,
        clock: Clock = wall,
        limits: Limits | None = None,
    ):
        self.host, self.port = host, port
        # what interaction deadlines and latencies and ``wait_for`` timeouts are measured with
        # (``clock.py``): the wall clock, or ``runnable`` (the tests': not the time spent waiting
        # for a CPU on a loaded machine)
        self.clock = clock
        # the least any wait (``wait_for``, ``wait_until``, an interaction's ``reply``...) lasts
        # before it times out, whatever timeout it was given: the e2e tests set a generous one,
        # their waits ending on the events they wait for (0: each wait's own timeout)
        self.patience = 0.0
        self.bot_token = bot_token
        self.require_synced_commands = require_synced_commands
        self.interaction_deadline = interaction_deadline
        self.interaction_lag = 0.0
        self.validate = validate
        self.limits = limits
        self.ids = st.Snowflakes()
        self.users: dict[str, st.User] = {}
        self.guilds: dict[str, st.Guild] = {}
        self.channels: dict[str, st.Channel] = {}
        self.messages: dict[str, st.Message] = {}
        self.attachments: dict[str, st.Attachment] = {}  # every upload, by id (served as the CDN)
        self.interactions: dict[str, InteractionHandle] = {}  # by token
        self.interaction_log: list[InteractionHandle] = []
        self.commands: dict[str | None, dict[str, dict[str, Any]]] = {}  # guild id (None: global)
        self.requests: list[RequestRecord] = []
        self.unknown_requests: list[RequestRecord] = []
        self.internal_errors: list[BaseException] = []
        self.faults = Faults()
        self.tokens_seen: set[str] = set()
        self.bot_user = self.add_user(bot_name, bot=True)
        self.application_id = self.bot_user.id
        self.app_owner = self.add_user("app-owner")
        self.gateway = Gateway(self, heartbeat_interval_ms)
        # wait_for's waiters: each a future and its predicate, checked after every change
        self._waiters: set[tuple[asyncio.Future[None], Callable[[], Any]]] = set()
        self._check_due = False
        self._runner: web.AppRunner | None = None

    # -- lifecycle ----------------------------------------------------------------------------
    async def start(self) -> FakeDiscord:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        app[rest.FAKE_KEY] = self
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/gateway-resume", self.gateway.handle)
        rest.add_routes(app, API_PREFIX)
        rest_interactions.add_routes(app, API_PREFIX)
        app.router.add_route("*", "/{tail:.*}", self._unknown)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        self.port = self._runner.addresses[0][1]
        return self

    async def stop(self) -> None:
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def api_base(self) -> str:
        """What `DISCORD_API_BASE` should be, e.g. `http://127.0.0.1:8123/api/v10`."""
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        """What `DISCORD_GATEWAY_URL` should be, e.g. `ws://127.0.0.1:8123/gateway`."""
        return f"ws://{self.host}:{self.port}/gateway"

    @property
    def resume_gateway_url(self) -> str:
        return f"ws://{self.host}:{self.port}/gateway-resume"

    # -- waiting ------------------------------------------------------------------------------
    def notify(self) -> None:
        """Something changed (called on every state change): once the current step is done, the
        predicates of `wait_for`'s waiters are checked and only those now true are woken."""
        if self._waiters and not self._check_due:
            self._check_due = True
            asyncio.get_running_loop().call_soon(self._check_waiters)

    def _check_waiters(self) -> None:
        self._check_due = False
        for waiter in list(self._waiters):
            done, predicate = waiter
            if done.done():
                continue
            try:
                ready = predicate()
            except Exception:  # noqa: BLE001 - the waiter evaluates it again and gets the error
                ready = True
            if ready:
                done.set_result(None)

    async def wait_for(self, predicate: Callable[[], T], timeout: float = 5.0, what: str = "",
                       poll: float = 0.05) -> T:
        """Wait until `predicate()` is truthy and return its value. It is re-checked after every
        change of the fake and at least every `poll` seconds (so it may look at the bot's own
        state too). On timeout raise `TimeoutError` saying what was awaited and what the bot
        did last.

        A change costs each waiter a call of its predicate; its task is woken only when the
        predicate holds or its poll is due (a shared event used to wake every waiting task at
        every change)."""
        loop = asyncio.get_running_loop()
        timeout = max(timeout, self.patience)
        deadline = self.clock() + timeout
        while True:
            value = predicate()
            if value:
                return value
            remaining = deadline - self.clock()
            if remaining <= 0:
                raise TimeoutError(f"timed out after {timeout}s waiting for {what or predicate}\n{self.describe()}")
            done: asyncio.Future[None] = loop.create_future()
            waiter = (done, predicate)
            self._waiters.add(waiter)
            timer = loop.call_later(min(remaining, poll), _wake, done)
            try:
                await done
            finally:
                timer.cancel()
                self._waiters.discard(waiter)

    async def wait_until(self, check: Callable[[], Awaitable[T]], timeout: float = 5.0,
                         what: str = "", poll: float = 0.05) -> T:
        """``wait_for`` for an async ``check`` (one that reads the bot's database, say): it is
        awaited again after each change of the fake, and at least every ``poll`` seconds; its
        first truthy value is returned. On timeout, ``TimeoutError`` as ``wait_for``'s."""
        loop = asyncio.get_running_loop()
        timeout = max(timeout, self.patience)
        deadline = self.clock() + timeout
        while True:
            value = await check()
            if value:
                return value
            remaining = deadline - self.clock()
            if remaining <= 0:
                raise TimeoutError(f"timed out after {timeout}s waiting for {what or check}\n"
                                   f"{self.describe()}")
            done: asyncio.Future[None] = loop.create_future()
            waiter = (done, _always)
            self._waiters.add(waiter)
            timer = loop.call_later(min(remaining, poll), _wake, done)
            try:
                await done
            finally:
                timer.cancel()
                self._waiters.discard(waiter)

    def describe(self, last: int = 12) -> str:
        """A short report for failure messages: connection state and the latest requests."""
        live = [s.id[:8] for s in self.gateway.sessions.values() if s.live]
        lines = [f"fake discord: live gateway sessions {live or 'none'}; last requests:"]
        for rec in self.requests[-last:]:
            lines.append(f"  {rec.method} {rec.path} -> {rec.status}{' (fault)' if rec.fault else ''}")
        if self.unknown_requests:
            lines.append(f"  unknown routes asked for: {[f'{x.method} {x.path}' for x in self.unknown_requests]}")
        return "\n".join(lines)

    # -- HTTP plumbing ------------------------------------------------------------------------
    @web.middleware
    async def _middleware(self, request: web.Request, handler: Any) -> web.StreamResponse:
        if request.path.startswith(("/gateway", "/attachments/")):
            return await handler(request)
        try:
            body, files = await read_body(request)
        except (ConnectionResetError, aiohttp.ClientPayloadError):
            # the client went away mid-request (a bot SIGKILLed in a test): Discord would never
            # see the request; no record, nothing to answer
            return web.Response(status=499)
        resource = request.match_info.route.resource
        canonical = resource.canonical if resource is not None else ""
        path = request.path.removeprefix(API_PREFIX)
        rec = RequestRecord(request.method, path, dict(request.query), body, files,
                            route=canonical.removeprefix(API_PREFIX) if canonical.startswith(API_PREFIX) else None)
        request[RECORD_KEY] = rec
        self.requests.append(rec)
        fault = self.faults.take(request.method, path)
        limited, limit_headers = None, {}
        if self.limits is not None and fault is None:
            token = request.headers.get("Authorization", "").removeprefix("Bot ")
            limited, limit_headers = self.limits.admit(token, request.method, path, rec.route, body)
        try:
            if limited is not None:
                resp = limited
            elif fault is not None:
                rec.fault = True
                resp = fault.respond(path)
            else:
                resp = await handler(request)
        except ApiError as exc:
            resp = exc.response()
        except Exception as exc:  # a bug in the fake: fail loudly but do not make discord.py retry
            log.exception("fake discord crashed on %s %s", request.method, path)
            self.internal_errors.append(exc)
            resp = json_response({"message": f"fake discord internal error: {exc!r}", "code": 0}, 400)
        rec.status = resp.status
        if self.limits is not None:
            resp.headers.update(limit_headers)
            self.limits.answered(resp.status, resp.headers.get("X-RateLimit-Scope"))
        if isinstance(resp, web.Response) and resp.body and resp.content_type == "application/json":
            rec.response_body = bytes(resp.body)  # type: ignore[arg-type]
        self.notify()
        return resp

    async def _unknown(self, request: web.Request) -> web.Response:
        rec = request.get(RECORD_KEY)
        if rec is not None:
            self.unknown_requests.append(rec)
        log.warning("fake discord has no route for %s %s", request.method, request.path)
        return json_response({"message": "404: Not Found", "code": 0}, 404)


def _always() -> bool:
    return True


def _wake(done: asyncio.Future[None]) -> None:
    if not done.done():
        done.set_result(None)
