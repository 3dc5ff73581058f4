"""/stella new, join, leave, start, addbot."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands

from referee.errors import Refusal

from .common import defer, display_name, moderator_facts, referee_of, reply


async def is_moderator(interaction: discord.Interaction[Any]) -> bool:
    manage, roles = moderator_facts(interaction)
    return await referee_of(interaction).moderation.is_moderator(interaction.guild_id, manage, roles)


class LobbyCommands:
    @app_commands.command(name="new", description="Open a Stella Digger lobby in a new thread")
    @app_commands.describe(red_tears="Play with the Red Tears option (R20)",
                           turn_hours="Time limit per decision, in hours (default 24)")
    async def new(self, interaction: discord.Interaction[Any], red_tears: bool = False,
                  turn_hours: app_commands.Range[float, 0.05, 336.0] | None = None) -> None:
        await defer(interaction)
        if isinstance(interaction.channel, discord.Thread) or interaction.guild_id is None:
            raise Refusal("Use /stella new in a server's text channel: the game gets its own thread.")
        assert interaction.channel_id is not None
        game = await referee_of(interaction).lobby.open(
            guild_id=interaction.guild_id, channel_id=interaction.channel_id,
            host_id=interaction.user.id, host_name=display_name(interaction.user),
            red_tears=red_tears, turn_hours=turn_hours)
        await reply(interaction, f"Lobby #{game.id} is open in <#{game.thread_id}>: players press "
                    "**Join** there, then you press **Start**.")

    @app_commands.command(name="join", description="Take a seat in this thread's lobby")
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        ref = referee_of(interaction)
        game = await ref.info.find(interaction.channel_id)
        game = await ref.lobby.join(game.id, interaction.user.id, display_name(interaction.user))
        await reply(interaction, f"You joined game #{game.id} ({len(game.seats)}/4).")

    @app_commands.command(name="leave", description="Leave this thread's lobby")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        ref = referee_of(interaction)
        game = await ref.info.find(interaction.channel_id)
        await ref.lobby.leave(game.id, interaction.user.id)
        await reply(interaction, f"You left game #{game.id}.")

    @app_commands.command(name="start", description="Start this thread's game (host)")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        ref = referee_of(interaction)
        game = await ref.info.find(interaction.channel_id)
        await ref.lobby.start(game.id, interaction.user.id, moderator=await is_moderator(interaction))
        await reply(interaction, f"Game #{game.id} has started.")

    @app_commands.command(name="addbot", description="Seat an AI player in this lobby (host)")
    @app_commands.describe(level="How well the AI plays")
    async def addbot(self, interaction: discord.Interaction[Any],
                     level: Literal["easy", "strong", "random"] = "easy") -> None:
        await defer(interaction)
        ref = referee_of(interaction)
        game = await ref.info.find(interaction.channel_id)
        game = await ref.lobby.add_bot(game.id, interaction.user.id, level,
                                       moderator=await is_moderator(interaction))
        await reply(interaction, f"An AI ({level}) took a seat ({len(game.seats)}/4).")
