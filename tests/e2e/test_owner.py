"""``python bot.py`` as an operator runs it: one bot process per database (a lease in the
database; a second process refuses to start, a crashed one's successor on the same machine takes
its lease over at once, a clean stop frees it at once), and what the operator is told at start:
the invite URL, where the commands were synced, no voice-library noise; a wrong token, a bad
LOG_LEVEL and a server the bot is not in each get one paragraph and no traceback."""

from __future__ import annotations

import asyncio

import pytest

from cogs.discordpy.operator import PERMISSIONS
from db import Database
from db.storage import lease

from .proc import DATABASE_IN_USE, BotProcess, identified

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]
VOICE_NOISE = ("PyNaCl", "davey", "audioop", "voice will NOT")


def bot_process(world, tmp_path, name: str, **env: str) -> BotProcess:
    return BotProcess(world.fake, world.db_path, world.guild.id, tmp_path / f"{name}.log", extra_env=env)


def one_paragraph(output: str, status: int, expected: int) -> str:
    assert status == expected, output
    assert "Traceback" not in output and " ERROR " not in output, output
    return output


async def test_two_processes_on_one_database(world, tmp_path):
    fake = world.fake
    first = await bot_process(world, tmp_path, "first", OWNER_LEASE_SECONDS="5",
                              OWNER_RENEW_SECONDS="1").start()
    db = await Database.open(world.db_path)
    try:
        held = await lease.holder(db)
        assert held is not None and held.pid == first.pid
        # what the operator sees at start
        out = first.output()
        assert f"client_id={fake.application_id}" in out and f"permissions={PERMISSIONS.value}" in out
        assert "bot+applications.commands" in out
        assert f"slash command(s) to the server {world.guild.id} only" in out
        assert not [w for w in VOICE_NOISE if w in out], out

        # a second process on the same file refuses, without connecting to Discord
        connected = identified(fake)
        second = bot_process(world, tmp_path, "second")
        status = await second.exit_status()
        text = one_paragraph(second.output(), status, DATABASE_IN_USE)
        assert "in use by another bot process" in text and f"process {first.pid}" in text
        assert identified(fake) == connected
        assert (await lease.holder(db)).token == held.token

        # the first one crashes: a new process on this machine sees it is gone and takes its
        # lease over at once (its first start: no exit 3 to retry)
        before_kill = await lease.holder(db)
        assert before_kill is not None
        await first.kill()
        third = await bot_process(world, tmp_path, "third").start(wait_for_lease=False)
        now = await lease.holder(db)
        assert now is not None and now.pid == third.pid
        assert now.acquired_at < before_kill.expires_at, "waited for a dead process's lease"
        assert f"took over the database lease of process {first.pid} on this host" in third.output()
        assert "Traceback" not in third.output()

        # a clean stop (Ctrl-C) frees the database at once
        assert await third.stop() == 0
        assert await lease.holder(db) is None
        fourth = await bot_process(world, tmp_path, "fourth").start(wait_for_lease=False)
        assert (await lease.holder(db)).pid == fourth.pid
        # so does SIGTERM (systemctl stop, docker stop)
        assert fourth.proc is not None
        fourth.proc.terminate()
        assert await asyncio.wait_for(fourth.proc.wait(), 30) == 0
        assert await lease.holder(db) is None
        assert "Traceback" not in fourth.output()
    finally:
        await db.close()


MISTAKES = {
    # the fake answers 401 to any token but its own
    "a wrong token": ({}, "the-real-token", ["Discord refused the bot token", "Reset Token"]),
    "a bad LOG_LEVEL": ({"LOG_LEVEL": "verbose"}, None, [
        "LOG_LEVEL = 'verbose': LOG_LEVEL is one of DEBUG, INFO, WARNING, ERROR, CRITICAL"]),
    "a server the bot is not in": ({"DISCORD_GUILD_ID": "123456789012345678"}, None, [
        "DISCORD_GUILD_ID is 123456789012345678, but the bot is not in that server",
        "guild_id=123456789012345678"]),  # the invite URL for that server
}


@pytest.mark.parametrize("mistake", list(MISTAKES))
async def test_an_operators_mistake_is_one_paragraph(world, tmp_path, mistake):
    env, real_token, expected = MISTAKES[mistake]
    world.fake.bot_token = real_token
    proc = bot_process(world, tmp_path, "mistake", **env)
    status = await proc.exit_status()
    text = one_paragraph(proc.output(), status, 2)
    assert all(e in text for e in expected), text
    assert "fake-token" not in text  # the token is never echoed
