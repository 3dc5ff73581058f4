"""discord.py-side helpers: point the library at the fake, run a bot, shut it down cleanly."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable

import discord
import discord.gateway
import discord.http
import yarl

from .clock import runnable

log = logging.getLogger(__name__)

# Tasks discord.py spawns per event / interaction; drained before close() so no handler is cut off
DISCORD_TASK_PREFIXES = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch-",
    "discord-ui-modal-dispatch-",
    "discord-ui-view-timeout-",
    "discord.py: on_",
)


def point_discord_py_at(api_base: str, gateway_url: str) -> Callable[[], None]:
    """Make every discord.py client in this process use the given REST base and gateway
    (the same two settings the bot applies from DISCORD_API_BASE / DISCORD_GATEWAY_URL).
    Returns a function that restores the previous values."""
    old_base = discord.http.Route.BASE
    old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)

    def restore() -> None:
        discord.http.Route.BASE = old_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway

    return restore


def pending_discord_tasks() -> list[asyncio.Task]:
    me = asyncio.current_task()
    return [t for t in asyncio.all_tasks()
            if t is not me and not t.done() and t.get_name().startswith(DISCORD_TASK_PREFIXES)]


async def drain_discord_tasks(timeout: float = 30.0) -> None:
    """Wait until discord.py's handler tasks (commands, views, modals, events) have finished;
    after `timeout` (on the ``runnable`` clock: a loaded machine's waits for a CPU do not count)
    cancel the rest and log a warning naming them. Tests wait for handlers with it, so it only
    cancels a handler that hangs."""
    deadline = runnable() + timeout
    while tasks := pending_discord_tasks():
        remaining = deadline - runnable()
        if remaining <= 0:
            log.warning("cancelling discord.py tasks still running at shutdown: %s", [t.get_name() for t in tasks])
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            return
        await asyncio.wait(tasks, timeout=remaining)


class BotRunner:
    """Runs a discord.py client against the fake: `await runner.start()` logs in, connects
    (reconnect=False) and waits for on_ready; `await runner.stop()` drains and closes."""

    def __init__(self, client: discord.Client, token: str = "fake-token", *, ready_timeout: float = 60.0,
                 guild_ready_timeout: float | None = 0.05):
        self.client, self.token, self.ready_timeout = client, token, ready_timeout
        if guild_ready_timeout is not None:
            # discord.py waits this long after the last GUILD_CREATE before on_ready (default 2 s)
            client._connection.guild_ready_timeout = guild_ready_timeout
        self.task: asyncio.Task | None = None

    async def start(self) -> discord.Client:
        try:
            return await self._start()
        except BaseException:
            await self.stop(drain_timeout=1.0)
            raise

    async def _start(self) -> discord.Client:
        await self.client.login(self.token)
        self.task = asyncio.create_task(self.client.connect(reconnect=False), name="fakediscord-bot-connect")
        ready = asyncio.create_task(self.client.wait_until_ready())
        done, _ = await asyncio.wait({self.task, ready}, timeout=self.ready_timeout,
                                     return_when=asyncio.FIRST_COMPLETED)
        if ready not in done:
            ready.cancel()
            if self.task in done:
                self.task.result()  # raises what connect() raised
                raise RuntimeError("the bot's connect() returned before it was ready")
            raise TimeoutError(f"the bot was not ready within {self.ready_timeout}s")
        return self.client

    async def stop(self, drain_timeout: float = 5.0) -> None:
        await drain_discord_tasks(drain_timeout)
        await self.client.close()
        if self.task is not None:
            with contextlib.suppress(asyncio.CancelledError, discord.ConnectionClosed):
                await asyncio.wait_for(self.task, 5.0)


@contextlib.asynccontextmanager
async def running_bot(client: discord.Client, token: str = "fake-token", **kw: object) -> AsyncIterator[discord.Client]:
    """`async with running_bot(bot): ...` runs the bot (already pointed at the fake) until the
    block ends; see `BotRunner` for the keyword arguments."""
    runner = BotRunner(client, token, **kw)  # type: ignore[arg-type]
    await runner.start()
    try:
        yield client
    finally:
        await runner.stop()
