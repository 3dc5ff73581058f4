"""Stella Digger referee bot: ``python bot.py``.

Configuration comes from the environment and ``.env`` (see ``.env.example``). Without a token
the bot explains how to get one and exits with status 2.
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
import yarl
from discord.ext import commands

from cogs import components
from cogs.admin import Admin
from cogs.common import StellaTree
from cogs.stella import Stella
from db import Database
from referee.config import HOW_TO_GET_A_TOKEN, Settings
from referee.discord_out import DiscordOutbox
from referee.outbox import Outbox
from referee.panels import GameComponent
from referee.service import Referee

log = logging.getLogger("stella")


def point_at(settings: Settings) -> None:
    """Talk to another Discord API/gateway (a local fake server in tests) when configured."""
    if settings.discord_api_base:
        discord.http.Route.BASE = settings.discord_api_base.rstrip("/")
    if settings.discord_gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway_url)


class StellaBot(commands.Bot):
    def __init__(self, settings: Settings, *, outbox: Outbox | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                         tree_cls=StellaTree, help_command=None)
        self.settings = settings
        self.outbox = outbox or DiscordOutbox(self)
        self.clock = clock
        self.db: Database | None = None
        self.referee: Referee | None = None
        self._caught_up = False

    async def prepare(self) -> None:
        """Everything but the network: database, referee, commands, persistent components."""
        self.db = await Database.open(self.settings.database_path)
        self.referee = Referee(self.db, self.outbox, self.settings, clock=self.clock)
        self.add_dynamic_items(GameComponent)
        await self.add_cog(Stella(self))
        await self.add_cog(Admin(self))

    async def setup_hook(self) -> None:
        await self.prepare()
        await self.sync_commands()
        assert self.referee is not None
        await self.referee.start()  # resumes running games and their timers

    async def sync_commands(self) -> None:
        if self.settings.discord_guild_id:
            guild = discord.Object(self.settings.discord_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d application command(s)", len(synced))

    async def on_ready(self) -> None:
        log.info("logged in as %s (%s) in %d server(s)", self.user, getattr(self.user, "id", "?"),
                 len(self.guilds))
        if self.referee is not None and not self._caught_up:
            self._caught_up = True  # on_ready comes again after a reconnect
            self.referee.ctx.spawn(self.referee.catch_up(), "catch-up")

    async def on_game_component(self, interaction: discord.Interaction[Any], custom_id: str,
                                values: list[str]) -> None:
        await components.handle(interaction, custom_id, values)

    async def close(self) -> None:
        if self.referee is not None:
            await self.referee.close()
        if self.db is not None:
            await self.db.close()
            self.db = None
        await super().close()


#: discord.py logs whole request and gateway payloads at DEBUG: hand DMs and players' own card
#: choices would land in the log. These loggers never go below INFO, whatever LOG_LEVEL says.
PAYLOAD_LOGGERS = ("discord.http", "discord.gateway", "discord.webhook.async_")


def setup_logging(level: str) -> None:
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    for name in PAYLOAD_LOGGERS:
        logger = logging.getLogger(name)
        logger.setLevel(max(logging.INFO, logging.getLevelName(level)))


def main() -> int:
    here = Path(__file__).resolve().parent
    settings = Settings(_env_file=(here / ".env", ".env"))  # type: ignore[call-arg]
    setup_logging(settings.log_level)
    token = settings.token
    if not token:
        print(HOW_TO_GET_A_TOKEN, file=sys.stderr)
        return 2
    point_at(settings)
    bot = StellaBot(settings)
    bot.run(token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
