"""cogs/discordpy/http.py: discord.py's idle-bucket sweep runs now and then, not at every new
rate-limit bucket (one per route and channel); every counted request takes a slot of the REST
budget, and one sent ``checked`` that is not wanted any more once its slot came is not sent."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import aiohttp
import discord
import pytest
from discord.http import HTTPClient

from cogs.discordpy.http import draw_from_budget, sweep_buckets_now_and_then
from cogs.discordpy.outbox import DiscordOutbox
from referee.messages.outbox import Post
from referee.process import budget
from referee.process.budget import RestBudget
from tests.fakediscord import FakeDiscord

pytest_plugins = ["tests.fakediscord.fixtures"]


async def test_new_buckets_no_longer_scan_every_bucket(monkeypatch: pytest.MonkeyPatch) -> None:
    scanned = {"n": 0}
    inactive = discord.http.Ratelimit.is_inactive

    def counting(self: discord.http.Ratelimit) -> bool:
        scanned["n"] += 1
        return inactive(self)

    monkeypatch.setattr(discord.http.Ratelimit, "is_inactive", counting)
    now = [0.0]
    plain = discord.http.HTTPClient(asyncio.get_running_loop())
    tuned = discord.http.HTTPClient(asyncio.get_running_loop())
    assert sweep_buckets_now_and_then(tuned, every=60.0, clock=lambda: now[0])
    for http in (plain, tuned):
        scanned["n"] = 0
        for channel in range(600):  # a new thread or DM channel each: a new bucket each
            http.get_ratelimit(f"POST /channels/{{channel_id}}/messages:{channel}")
        http.counted = scanned["n"]  # type: ignore[attr-defined]
    assert plain.counted > 50_000  # type: ignore[attr-defined]  # discord.py as it comes
    assert tuned.counted <= 256  # type: ignore[attr-defined]  # one sweep
    now[0] = 61.0  # a minute on, the next new bucket sweeps again and idle ones still go
    for bucket in tuned._buckets.values():
        bucket._last_request = -1000.0
    tuned.get_ratelimit("POST /channels/{channel_id}/messages:new")
    assert len(tuned._buckets) == 1
    await plain.close()
    await tuned.close()


def test_a_discord_py_without_the_sweep_is_left_alone() -> None:
    class Other:
        pass

    other = Other()
    assert not sweep_buckets_now_and_then(other)
    assert not hasattr(other, "_try_clear_expired_ratelimits")


async def test_a_post_not_wanted_once_its_slot_came_is_not_sent(fake_discord: FakeDiscord) -> None:
    """The whole way a reminder's post takes (``Timers._tell_reminder``): ``DiscordOutbox.post``,
    discord.py, the budget's slot taken in aiohttp's trace; found stale there, it raises
    ``Unwanted`` to the referee (no ``Delivery``: nothing was refused) and Discord gets
    nothing."""
    channel = fake_discord.add_guild("budget").add_text_channel("game")
    rest = RestBudget(1000.0, 5)
    trace = aiohttp.TraceConfig()
    draw_from_budget(trace, rest)
    http = HTTPClient(asyncio.get_running_loop(), aiohttp.TCPConnector(limit=0), http_trace=trace)
    await http.static_login("fake-token")
    out = DiscordOutbox(SimpleNamespace(http=http, allowed_mentions=None))  # type: ignore[arg-type]

    async def stale() -> bool:
        return False

    try:
        taken = rest.taken
        with budget.checked(stale), pytest.raises(budget.Unwanted):
            await out.post(channel.id, Post("Reminder", ping=(5,)))
        assert rest.taken == taken + 1 and channel.messages == []
        assert (await out.post(channel.id, Post("the next prompt"))).ok  # unchecked: sent
    finally:
        await http.close()
    assert [m.content for m in channel.messages] == ["the next prompt"]
