"""``/healthz`` and ``/metrics`` on ``METRICS_HOST:METRICS_PORT`` (127.0.0.1 unless told
otherwise), for a supervisor or a Prometheus server; off unless ``METRICS_PORT`` is set.

``/healthz`` answers 200 ``ok`` while the bot is healthy, else 503 with one line a reason: the
bot gives the reasons (``health``: not connected to Discord's gateway, not holding its database
lease), and this server adds the event loop's (``LoopWatch``: a timer due every half second
ran more than ``STALLED_S`` late, or has not run for that long; a loop stalled right now
answers nothing at all, which a prober counts as a failure too). ``/metrics`` is
``referee.metrics.REGISTRY`` in Prometheus' text format, the gauges read just before
(``refresh``). Served by aiohttp (discord.py's own HTTP library) on the bot's event loop."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from .background import Background
from .metrics import LOOP_LAG, REGISTRY

log = logging.getLogger(__name__)

EVERY_S = 0.5  # the loop watch's period
STALLED_S = 2.0  # a loop this late is not healthy


class LoopWatch(Background):
    """Sleeps ``EVERY_S`` again and again and records how late it woke (``LOOP_LAG``)."""

    task_name = "loop-watch"

    def __init__(self, every: float = EVERY_S, stalled: float = STALLED_S) -> None:
        self.every, self.stalled = every, stalled
        self.last_lag = 0.0
        self.last_beat: float | None = None

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        self.last_beat = loop.time()
        while True:
            await asyncio.sleep(self.every)
            now = loop.time()
            self.last_lag = max(0.0, now - self.last_beat - self.every)
            self.last_beat = now
            LOOP_LAG.observe(self.last_lag)

    def problem(self) -> str | None:
        if self.last_beat is None:
            return None
        late = max(self.last_lag, asyncio.get_running_loop().time() - self.last_beat - self.every)
        if late > self.stalled:
            return f"the event loop was held for {late:.1f} s"
        return None


class MetricsServer:
    def __init__(self, host: str, port: int, health: Callable[[], list[str]],
                 refresh: Callable[[], Awaitable[None]], watch: LoopWatch | None = None) -> None:
        self.host, self.port = host, port
        self.health, self.refresh = health, refresh
        self.watch = watch or LoopWatch()
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/healthz", self._healthz)
        app.router.add_get("/metrics", self._metrics)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        self.watch.start()
        log.info("health on http://%s:%d/healthz, metrics on /metrics", self.host, self.port)

    async def stop(self) -> None:
        await self.watch.stop()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    def problems(self) -> list[str]:
        loop = self.watch.problem()
        return [*self.health(), *([loop] if loop else [])]

    async def _healthz(self, _request: web.Request) -> web.Response:
        problems = self.problems()
        if problems:
            return web.Response(status=503, text="\n".join(problems) + "\n")
        return web.Response(text="ok\n")

    async def _metrics(self, _request: web.Request) -> web.Response:
        try:
            await self.refresh()
        except Exception as exc:  # the counters are still worth reading
            log.warning("could not read the gauges for /metrics: %s", exc)
        body = generate_latest(REGISTRY)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})
