"""/stella status, hand, log, rules, stats: answers that change nothing (ephemeral)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from referee.rules import TOPICS, rules_text

from .common import defer, display_name, referee_of, reply


class InfoCommands:
    @app_commands.command(name="status", description="The game's map, players and whose turn it is")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        ref = referee_of(interaction)
        game = await ref.info.find(interaction.channel_id, interaction.user.id)
        await ref.info.back(game, interaction.user.id)
        text, files = await ref.info.status(game)
        await reply(interaction, text, files=files)

    @app_commands.command(name="hand", description="See your hand (only you see it)")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        ref = referee_of(interaction)
        game = await ref.info.find(interaction.channel_id, interaction.user.id)
        await ref.info.back(game, interaction.user.id)
        text, files = await ref.info.hand(game, interaction.user.id)
        await reply(interaction, text, files=files)

    @app_commands.command(name="log", description="The game's recent decisions")
    async def log(self, interaction: discord.Interaction[Any],
                  count: app_commands.Range[int, 1, 50] = 20) -> None:
        await defer(interaction)
        ref = referee_of(interaction)
        game = await ref.info.find(interaction.channel_id, interaction.user.id)
        await ref.info.back(game, interaction.user.id)
        await reply(interaction, await ref.info.log(game, count))

    @app_commands.command(name="rules", description="A short rules reference")
    @app_commands.choices(topic=[app_commands.Choice(name=t, value=t) for t in TOPICS])
    async def rules(self, interaction: discord.Interaction[Any], topic: str | None = None) -> None:
        await reply(interaction, rules_text(topic))

    @app_commands.command(name="stats", description="Games, wins and average score on this server")
    async def stats(self, interaction: discord.Interaction[Any],
                    member: discord.Member | None = None) -> None:
        await defer(interaction)
        who = member or interaction.user
        assert interaction.guild_id is not None
        text = await referee_of(interaction).info.stats(interaction.guild_id, who.id, display_name(who))
        await reply(interaction, text)
