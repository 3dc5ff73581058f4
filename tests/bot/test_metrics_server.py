"""``/healthz`` and ``/metrics`` (``referee.process.metrics_server``): 200 ``ok`` while healthy, 503
with every reason otherwise (the bot's own, and an event loop held too long); the metrics in
Prometheus' format with the gauges read at the scrape; REST routes as labels without ids or
tokens; Discord's invalid requests counted as Discord counts them."""

from __future__ import annotations

import socket

import aiohttp

from referee.process import metrics
from referee.process.looplag import LoopLag
from referee.process.metrics_server import MetricsServer, loop_problem


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_healthz_and_metrics() -> None:
    problems: list[str] = []
    refreshed: list[int] = []

    async def refresh() -> None:
        refreshed.append(1)
        metrics.RUNNING.set(3)

    now = [100.0]  # the monitor's clock, moved by hand: no wall time in the test
    lag = LoopLag(threshold=0.1, interval=0.05, clock=lambda: now[0])

    def health() -> list[str]:
        held = loop_problem(lag, stalled=0.3)
        return [*problems, *([held] if held else [])]

    server = MetricsServer("127.0.0.1", free_port(), health, refresh)
    await server.start()
    base = f"http://127.0.0.1:{server.port}"
    try:
        async with aiohttp.ClientSession() as http:
            async with http.get(f"{base}/healthz") as r:
                assert (r.status, await r.text()) == (200, "ok\n")
            problems.append("not connected to Discord's gateway")
            problems.append("not holding the database lease")
            async with http.get(f"{base}/healthz") as r:
                assert r.status == 503
                assert (await r.text()).splitlines() == problems
            problems.clear()
            now[0] += 0.05 + 0.5  # a tick half a second late: the loop was held
            assert lag.tick() is not None
            async with http.get(f"{base}/healthz") as r:
                text = await r.text()
                assert r.status == 503 and text.startswith("the event loop was held for"), text
            async with http.get(f"{base}/metrics") as r:
                assert r.status == 200 and r.headers["Content-Type"].startswith("text/plain")
                body = await r.text()
            assert refreshed and "referee_running_games 3.0" in body
            assert "referee_event_loop_lag_seconds_count" in body
    finally:
        await server.stop()


def test_routes_are_labels_without_ids_or_tokens() -> None:
    assert metrics.route("/api/v10/channels/123456/messages/789") == "/channels/{id}/messages/{id}"
    assert metrics.route("/api/v10/interactions/42/aW50ZXJhY3Rpb24/callback") == (
        "/interactions/{id}/{token}/callback")
    assert metrics.route("/api/v10/webhooks/42/c2VjcmV0/messages/@original") == (
        "/webhooks/{id}/{token}/messages/@original")
    assert metrics.route("/api/v10/users/@me/channels") == "/users/@me/channels"


def sample(name: str, **labels: str) -> float:
    return metrics.REGISTRY.get_sample_value(name, labels) or 0.0


def test_invalid_requests_are_counted_as_discord_counts_them() -> None:
    """401, 403 and 429 count toward Discord's ban of 10,000 in 10 minutes, except a 429 of a
    shared bucket (X-RateLimit-Scope: shared)."""
    before = {s: sample("referee_discord_invalid_requests_total", status=s)
              for s in ("401", "403", "429")}
    shared = sample("referee_discord_rate_limited_total", scope="shared")
    metrics.answered(403, "POST", "/api/v10/channels/1/messages")
    metrics.answered(429, "POST", "/api/v10/channels/1/messages", "user")
    metrics.answered(429, "POST", "/api/v10/channels/1/messages", "shared")
    metrics.answered(200, "POST", "/api/v10/channels/1/messages")
    after = {s: sample("referee_discord_invalid_requests_total", status=s)
             for s in ("401", "403", "429")}
    assert {s: after[s] - before[s] for s in after} == {"401": 0, "403": 1, "429": 1}
    assert sample("referee_discord_rate_limited_total", scope="shared") == shared + 1
    assert sample("referee_discord_requests_total", method="POST",
                  route="/channels/{id}/messages", status="200") >= 1
