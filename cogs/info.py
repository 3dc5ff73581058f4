"""status, hand, log of every game group: answers that change nothing (ephemeral). Each
group writes its own ``rules`` and ``stats`` (``/game`` asks which game)."""

from __future__ import annotations

from typing import Any, ClassVar

import discord
from discord import app_commands

from games import Presentation
from referee.desks.rules import rules_reply

from .common import defer, display_name, referee_of, reply


async def send_rules(interaction: discord.Interaction[Any], present: Presentation | None,
                     topic: str | None) -> None:
    """The topic's text, with its picture if it has one (the answer waits for the drawing)."""
    import games

    shown = present or games.get(None)
    if shown.topic_key(topic) in shown.picture_topics:
        await defer(interaction)
    text, files = await rules_reply(topic, shown)
    await reply(interaction, text, files=files)


async def send_stats(interaction: discord.Interaction[Any], member: discord.Member | None,
                     game_name: str | None) -> None:
    await defer(interaction)
    who = member or interaction.user
    assert interaction.guild_id is not None
    text = await referee_of(interaction).info.stats(interaction.guild_id, who.id,
                                                    display_name(who), game_name)
    await reply(interaction, text)


def topic_choices(present: Presentation | None, current: str) -> list[app_commands.Choice[str]]:
    import games

    titles = (present or games.get(None)).topic_titles()
    needle = current.strip().lower()
    return [app_commands.Choice(name=title[:100], value=key) for key, title in titles.items()
            if needle in key or needle in title.lower()][:25]


class InfoCommands:
    present: ClassVar[Presentation | None] = None

    @app_commands.command(name="status", description="The game's board, players and who must decide")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        ref = referee_of(interaction)
        game = await ref.info.find(interaction.channel_id, interaction.user.id, self.present)
        await ref.info.back(game, interaction.user.id)
        text, files = await ref.info.status(game, interaction.user.id)
        await reply(interaction, text, files=files)

    @app_commands.command(name="hand", description="See your hand (only you see it)")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        ref = referee_of(interaction)
        game = await ref.info.find(interaction.channel_id, interaction.user.id, self.present)
        await ref.info.back(game, interaction.user.id)
        text, files = await ref.info.hand(game, interaction.user.id)
        await reply(interaction, text, files=files)

    @app_commands.command(name="log", description="The game's recent decisions, in sentences")
    @app_commands.describe(count="How many of the last decisions to show",
                           notation="Also show each decision in the notation (for /game do)")
    async def log(self, interaction: discord.Interaction[Any],
                  count: app_commands.Range[int, 1, 50] = 20, notation: bool = False) -> None:
        await defer(interaction)
        ref = referee_of(interaction)
        game = await ref.info.find(interaction.channel_id, interaction.user.id, self.present)
        await ref.info.back(game, interaction.user.id)
        await reply(interaction, await ref.info.log(game, count, interaction.user.id, notation))
