"""pytest fixtures: `fake_discord` (a started fake, discord.py pointed at it),
`error_log_guard` (fails the test on any ERROR log record, e.g. an exception discord.py
swallowed in a command or view handler) and `start_bot` (runs bots, stops them at teardown).

Use them from a test module with `pytest_plugins = ["tests.fakediscord.fixtures"]`.
"""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any

import discord
import pytest
import pytest_asyncio

from .clock import runnable
from .discordpy import BotRunner, point_discord_py_at
from .server import FakeDiscord

ENV_VARS = ("DISCORD_API_BASE", "DISCORD_GATEWAY_URL")


class ErrorLogGuard(logging.Handler):
    """Collects ERROR (and worse) records from every logger while a test runs."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []
        self.allowed: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def allow(self, text: str) -> None:
        """Do not fail on records whose message (or exception) contains `text`."""
        self.allowed.append(text)

    def _text(self, record: logging.LogRecord) -> str:
        text = record.getMessage()
        if record.exc_info:
            text += "\n" + logging.Formatter().formatException(record.exc_info)
        return text

    @property
    def unexpected(self) -> list[logging.LogRecord]:
        return [r for r in self.records if not any(a in self._text(r) for a in self.allowed)]

    def report(self) -> str:
        return "\n\n".join(f"[{r.name}] {self._text(r)}" for r in self.unexpected)

    def clear(self) -> None:
        self.records.clear()


@pytest.fixture
def error_log_guard() -> Iterator[ErrorLogGuard]:
    guard = ErrorLogGuard()
    root = logging.getLogger()
    root.addHandler(guard)
    try:
        yield guard
    finally:
        root.removeHandler(guard)
    if guard.unexpected:
        pytest.fail(f"ERROR log records during the test:\n{guard.report()}", pytrace=False)


@pytest_asyncio.fixture
async def fake_discord(error_log_guard: ErrorLogGuard) -> AsyncIterator[FakeDiscord]:
    """A started `FakeDiscord` with discord.py pointed at it and DISCORD_API_BASE /
    DISCORD_GATEWAY_URL set in os.environ (for a bot that reads them); stopped, and all of
    that restored, after the test. ERROR logs fail the test (`error_log_guard`)."""
    fake = FakeDiscord(clock=runnable)  # a loaded machine's waits for a CPU do not count
    await fake.start()
    restore = point_discord_py_at(fake.api_base, fake.gateway_url)
    old_env = {k: os.environ.get(k) for k in ENV_VARS}
    os.environ.update(DISCORD_API_BASE=fake.api_base, DISCORD_GATEWAY_URL=fake.gateway_url)
    try:
        yield fake
    finally:
        restore()
        for key, value in old_env.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        await fake.stop()


@pytest_asyncio.fixture
async def start_bot(fake_discord: FakeDiscord) -> AsyncIterator[Callable[..., Awaitable[BotRunner]]]:
    """`runner = await start_bot(client)` starts a discord.py client on the fake (see
    `BotRunner`); `await runner.stop()` stops it, and any still running at teardown are stopped
    (handlers drained first). Handy for restarts: stop one bot, start a new one, same fake."""
    runners: list[BotRunner] = []

    async def start(client: discord.Client, token: str = "fake-token", **kw: Any) -> BotRunner:
        runner = BotRunner(client, token, **kw)
        await runner.start()
        runners.append(runner)
        return runner

    yield start
    for runner in reversed(runners):
        if not runner.client.is_closed():
            await runner.stop()
