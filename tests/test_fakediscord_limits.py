"""The fake Discord's rate limits (tests/fakediscord/limits.py): the global budget per token,
the exempt interaction routes, per-route and per-channel buckets, 429s as Discord sends them,
the invalid-request count, and an unmodified discord.py living within them."""

from __future__ import annotations

import time

import aiohttp
import discord
from discord.http import HTTPClient, Route

from tests.fakediscord import FakeDiscord
from tests.fakediscord.limits import MESSAGES, Limits, RouteLimit

pytest_plugins = ["tests.fakediscord.fixtures"]


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_global_budget_is_per_token_and_interaction_routes_are_exempt():
    clock = Clock()
    limits = Limits(clock=clock)
    for i in range(50):  # 50 at once on 50 channels: the whole budget, no route bucket full
        refused, headers = limits.admit("a", "GET", f"/channels/{i}", "/channels/{channel_id}", None)
        assert refused is None and headers["X-RateLimit-Limit"] == "50"
    refused, _ = limits.admit("a", "GET", "/channels/99", "/channels/{channel_id}", None)
    assert refused is not None and refused.status == 429
    assert refused.headers["X-RateLimit-Global"] == "true"
    assert refused.headers["X-RateLimit-Scope"] == "global" and refused.headers["Retry-After"] == "1"
    assert b'"global":true' in refused.body  # type: ignore[operator]
    # another token has its own budget; the interaction's routes are not counted at all
    assert limits.admit("b", "GET", "/channels/1", "/channels/{channel_id}", None)[0] is None
    for path in ("/interactions/5/tok/callback", "/webhooks/7/tok", "/webhooks/7/tok/messages/@original"):
        assert limits.admit("a", "POST", path, None, None) == (None, {})
    clock.now += 0.1001  # 5 tokens back at 50 a second
    assert all(limits.admit("a", "GET", f"/guilds/{i}", "/guilds/{guild_id}", None)[0] is None
               for i in range(5))
    assert limits.admit("a", "GET", "/guilds/9", "/guilds/{guild_id}", None)[0] is not None
    assert limits.summary() == {"counted": 58, "exempt": 3, "global_429": 2, "route_429": 0,
                                "invalid": 0}


def test_messages_per_channel_and_invalid_requests():
    clock = Clock()
    limits = Limits(clock=clock)
    route = MESSAGES
    seen = [limits.admit("a", "POST", "/channels/1/messages", route, {"content": "x"}) for _ in range(6)]
    assert [r is None for r, _ in seen] == [True] * 5 + [False]
    assert [h.get("X-RateLimit-Remaining") for _, h in seen[:5]] == ["4", "3", "2", "1", "0"]
    refused = seen[5][0]
    assert refused is not None and refused.headers["X-RateLimit-Scope"] == "user"
    assert "X-RateLimit-Global" not in refused.headers and refused.headers["Retry-After"] == "5"
    # another channel has its own bucket; the first opens again 5 s after its first message
    assert limits.admit("a", "POST", "/channels/2/messages", route, {})[0] is None
    clock.now += 5.0
    assert limits.admit("a", "POST", "/channels/1/messages", route, {})[0] is None
    # a channel's name: 2 per 10 minutes, a shared limit (not counted as invalid)
    for expected in (None, None):
        assert limits.admit("a", "PATCH", "/channels/3", "/channels/{channel_id}", {"name": "n"})[0] is expected
    renamed = limits.admit("a", "PATCH", "/channels/3", "/channels/{channel_id}", {"name": "n"})[0]
    assert renamed is not None and renamed.headers["X-RateLimit-Scope"] == "shared"
    for status, scope in ((200, None), (404, None), (403, None), (401, None), (429, "user"),
                          (429, "global"), (429, "shared")):
        limits.answered(status, scope)
    assert limits.counts["invalid"] == 4 and limits.counts["route_429"] == 2


async def test_discord_py_lives_within_the_limits_unchanged(fake_discord: FakeDiscord):
    fake = fake_discord
    fake.limits = Limits(global_per_s=4.0,
                         routes=(RouteLimit("post-message", "POST", MESSAGES, 2, 0.4),))
    guild = fake.add_guild("limits")
    channels = [guild.add_text_channel(f"c{i}") for i in range(6)]
    http = HTTPClient(aiohttp.TCPConnector(limit=0))
    await http.static_login("fake-token")
    try:
        t0 = time.perf_counter()
        for _ in range(3):  # one channel: its bucket told by the headers, waited out before a 429
            await http.request(Route("POST", "/channels/{channel_id}/messages",
                                     channel_id=channels[0].id), json={"content": "one"})
        assert time.perf_counter() - t0 >= 0.3 and fake.limits.counts["route_429"] == 0
        for channel in channels[1:]:  # past the global budget: a global 429, retried
            await http.request(Route("POST", "/channels/{channel_id}/messages",
                                     channel_id=channel.id), json={"content": "many"})
    finally:
        await http.close()
    assert [len(c.messages) for c in channels] == [3, 1, 1, 1, 1, 1]
    assert fake.limits.counts["global_429"] >= 1
    refused = [r for r in fake.requests if r.status == 429]
    assert refused and all(r.response["global"] is True and r.response["retry_after"] > 0
                           for r in refused)
    assert fake.limits.counts["invalid"] == len(refused)
    assert discord.__version__  # the library as installed, not patched
