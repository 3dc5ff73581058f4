"""cogs/discordpy/http.py: discord.py's idle-bucket sweep runs now and then, not at every new
rate-limit bucket (one per route and channel)."""

from __future__ import annotations

import asyncio

import discord
import pytest

from cogs.discordpy.http import sweep_buckets_now_and_then


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
