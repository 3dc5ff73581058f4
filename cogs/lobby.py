"""Lobby commands of every game group: join, leave, start, addbot; ``open_lobby`` behind each
group's ``new``. ``present`` (the group's game, None for /game) picks the thread's game."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

import discord
from discord import app_commands

import texts
from games import Presentation
from referee.errors import Refusal

from .common import defer, display_name, moderator_facts, referee_of, reply


async def is_moderator(interaction: discord.Interaction[Any]) -> bool:
    manage, roles = moderator_facts(interaction)
    return await referee_of(interaction).moderation.is_moderator(interaction.guild_id, manage, roles)


#: the lobby option ``language``: each language named in its own words
LANGUAGES = [app_commands.Choice(name=texts.NAMES[lang], value=lang) for lang in texts.LOCALES]
LANGUAGE_HELP = texts.N_("The language of the game's posts and pictures (default: the server's)")


async def open_lobby(interaction: discord.Interaction[Any], present: Presentation,
                     options: dict[str, Any], turn_hours: float | None,
                     language: str | None = None) -> None:
    """A group's ``new``: a lobby of ``present``'s game in a new thread of this channel, in
    ``language`` (by default the server's preferred language when the bot speaks it)."""
    await defer(interaction)
    if isinstance(interaction.channel, discord.Thread) or interaction.guild_id is None:
        raise Refusal(texts._("Use {command} in a server's text channel: the game gets its own "
                              "thread.").format(
                                  command=present.cmd("new") if present.command else texts.command("game new")))
    assert interaction.channel_id is not None
    game = await referee_of(interaction).lobby.open(
        guild_id=interaction.guild_id, channel_id=interaction.channel_id,
        host_id=interaction.user.id, host_name=display_name(interaction.user),
        turn_hours=turn_hours, game_name=present.name, options=options,
        language=language or texts.from_discord(interaction.guild_locale))
    await reply(interaction, texts._("Lobby #{game} is open in {thread}: players press **Join** "
                                     "there, then you press **Start**.").format(
                                         game=game.id, thread=f"<#{game.thread_id}>"))


class LobbyCommands:
    present: ClassVar[Presentation | None] = None

    @app_commands.command(name="join", description="Take a seat in this thread's lobby")
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        ref = referee_of(interaction)
        game = await ref.info.find(interaction.channel_id, present=self.present)
        game = await ref.lobby.join(game.id, interaction.user.id, display_name(interaction.user))
        most = ref.ctx.engine(game).max_players
        await reply(interaction, texts._("You joined game #{game} ({seated}/{most}).").format(
            game=game.id, seated=len(game.seats), most=most))

    @app_commands.command(name="leave", description="Leave this thread's lobby")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        ref = referee_of(interaction)
        game = await ref.info.find(interaction.channel_id, present=self.present)
        await ref.lobby.leave(game.id, interaction.user.id)
        await reply(interaction, texts._("You left game #{game}.").format(game=game.id))

    @app_commands.command(name="start", description="Start this thread's game (host)")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        ref = referee_of(interaction)
        game = await ref.info.find(interaction.channel_id, present=self.present)
        await ref.lobby.start(game.id, interaction.user.id, moderator=await is_moderator(interaction))
        await reply(interaction, texts._("Game #{game} has started.").format(game=game.id))

    @app_commands.command(name="addbot", description="Seat an AI player in this lobby (host)")
    @app_commands.describe(level="How well the AI plays")
    async def addbot(self, interaction: discord.Interaction[Any],
                     level: Literal["easy", "strong", "random"] = "easy") -> None:
        await defer(interaction)
        ref = referee_of(interaction)
        game = await ref.info.find(interaction.channel_id, present=self.present)
        game = await ref.lobby.add_bot(game.id, interaction.user.id, level,
                                       moderator=await is_moderator(interaction))
        most = ref.ctx.engine(game).max_players
        await reply(interaction, texts._("An AI ({level}) took a seat ({seated}/{most}).").format(
            level=texts.pgettext("slash choice", level), seated=len(game.seats), most=most))
