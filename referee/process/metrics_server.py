"""``/healthz`` and ``/metrics`` on ``METRICS_HOST:METRICS_PORT`` (127.0.0.1 unless told
otherwise), for a supervisor or a Prometheus server; off unless ``METRICS_PORT`` is set.

``/healthz`` answers 200 ``ok`` while the bot is healthy, else 503 with one line a reason: the
bot gives the reasons (``health``: not connected to Discord's gateway, not holding its database
lease, its event loop held more than ``STALLED_S`` lately: ``loop_problem`` over the bot's
``referee.process.looplag`` monitor; a loop stalled right now answers nothing at all, which a prober
counts as a failure too). ``/metrics`` is
``referee.process.metrics.REGISTRY`` in Prometheus' text format, the gauges read just before
(``refresh``). Served by aiohttp (discord.py's own HTTP library) on the bot's event loop."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from referee.process.looplag import LoopLag
from referee.process.metrics import REGISTRY

log = logging.getLogger(__name__)

STALLED_S = 2.0  # a loop held this long is not healthy


def loop_problem(lag: LoopLag, stalled: float = STALLED_S, within: float = 10.0) -> str | None:
    """Why the loop is not healthy (``referee.process.looplag``): a stall longer than ``stalled`` that
    ended within ``within`` seconds, or the loop late for its tick that long now."""
    late = max(lag.held_within(within), lag.clock() - lag.last - lag.interval)
    return f"the event loop was held for {late:.1f} s" if late > stalled else None


class MetricsServer:
    def __init__(self, host: str, port: int, health: Callable[[], list[str]],
                 refresh: Callable[[], Awaitable[None]]) -> None:
        self.host, self.port = host, port
        self.health, self.refresh = health, refresh
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/healthz", self._healthz)
        app.router.add_get("/metrics", self._metrics)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        log.info("health on http://%s:%d/healthz, metrics on /metrics", self.host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _healthz(self, _request: web.Request) -> web.Response:
        problems = self.health()
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
