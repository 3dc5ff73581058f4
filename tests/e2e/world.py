"""The server the e2e tests play on, and starting the real bot (in this process) on it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot import RefereeBot
from engine import get_game
from referee.process.config import Settings
from tests.fakediscord import FakeDiscord
from tests.fakediscord import state as st

GAME = get_game("stella-digger")
# Discord's limit for the first answer to an interaction; the fake enforces it in these tests.
INTERACTION_DEADLINE = 3.0
#: How long a wait for the bot may last before the test calls it a hang (``fake.patience``, the
#: least every wait of the fake lasts). Every wait of the e2e tests ends on the event it waits
#: for (a change of the fake, or what the bot stored), so this is only the bound on a bot that
#: never gets there: generous, because a 2-core machine loaded by other work can be many times
#: slower than an idle one (issue 32).
PATIENCE = 120.0
PLAYER_NAMES = [("ann", None), ("bob", "ボブ"), ("iwata", "岩田"), ("dora", "Dora 🌸")]


@dataclass
class World:
    fake: FakeDiscord
    guild: st.Guild
    channel: st.Channel
    players: list[st.User]
    stranger: st.User
    moderator: st.User
    db_path: Path
    bots: list[RefereeBot] = field(default_factory=list)
    # the bots' GAME_SEED: game N starts from seed game_seed + N, so each test plays the same
    # games every run (a random seed each run made some runs play a game no other run played)
    game_seed: int | None = 0

    def settings(self, **overrides: Any) -> Settings:
        values: dict[str, Any] = {
            "database_path": self.db_path,
            "discord_guild_id": int(self.guild.id),
            "discord_token": "fake-token",
            "log_level": "INFO",
            "game_seed": self.game_seed,
        }
        values.update(overrides)
        return Settings(_env_file=None, **values)  # type: ignore[call-arg]

    def seed_first_game(self, seed: int) -> None:
        """The first game opened (game 1 of the test's fresh database) starts from ``seed``."""
        self.game_seed = seed - 1

    def user(self, user_id: int | str | None) -> st.User:
        return self.fake.users[str(user_id)]

    @property
    def bot(self) -> RefereeBot:
        """The bot started last."""
        return self.bots[-1]


def build_world(fake: FakeDiscord, db_path: Path) -> World:
    """A guild "ステラ" with a #games channel, four players, a stranger and a moderator."""
    fake.interaction_deadline = INTERACTION_DEADLINE
    fake.patience = PATIENCE
    guild = fake.add_guild("ステラ")
    channel = guild.add_text_channel("games")
    mod_role = guild.add_role("Mod", "manage_guild")
    players = [fake.add_member(guild, fake.add_user(name, global_name=display)).user
               for name, display in PLAYER_NAMES]
    stranger = fake.add_member(guild, "stranger").user
    moderator = fake.add_member(guild, "mod", roles=[mod_role]).user
    return World(fake, guild, channel, players, stranger, moderator, db_path)


StartBot = Callable[..., Awaitable[Any]]


async def launch(world: World, start_bot: StartBot, **settings: Any) -> RefereeBot:
    """Start a fresh ``RefereeBot`` (the one ``python bot.py`` runs) on the world's database."""
    bot = RefereeBot(world.settings(**settings))
    await start_bot(bot)
    world.bots.append(bot)
    return bot


async def stop(world: World, bot: RefereeBot) -> None:
    """Stop a bot the way the fixtures do: drain discord.py's handler tasks, then close."""
    from tests.fakediscord.discordpy import BotRunner

    runner = BotRunner(bot)
    await runner.stop()
