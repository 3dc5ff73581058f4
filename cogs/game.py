"""The ``/game`` command group: start and play any registered game (``games/``), acting on
the game of the thread it is used in. ``new`` takes the game from a list and its options as
``name=value`` words (each game's ``option_specs``); ``do`` completes the notation word by
word from the engine's ``options`` of the typed draft."""

from __future__ import annotations

from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

import games
from cogs.discordpy.panels import build_view
from engine import get_game
from games import Presentation
from texts import N_, _

from .common import defer, done_line, parse_options, referee_of, reply
from .info import InfoCommands, send_rules, send_stats, topic_choices
from .lifecycle import LifeCommands, LobbyHostCommands
from .lobby import LANGUAGE_HELP, LANGUAGES, LobbyCommands, open_lobby
from .play import PlayCommands, complete_words, decide
from .settings import SettingsCommands


def game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=games.get(n).title, value=n) for n in games.names()][:25]


async def _topics(interaction: discord.Interaction[Any],
                  current: str) -> list[app_commands.Choice[str]]:
    name = getattr(interaction.namespace, "game", None)
    try:
        present = games.get(name)
    except KeyError:
        return []
    return topic_choices(present, current)


async def _options(interaction: discord.Interaction[Any],
                   current: str) -> list[app_commands.Choice[str]]:
    """The options of the chosen game not yet written, each with its default."""
    name = getattr(interaction.namespace, "game", None)
    try:
        specs = get_game(name or games.DEFAULT).option_specs
    except KeyError:
        return []
    typed = current.split()
    done = {w.partition("=")[0] for w in typed}
    head = " ".join(typed)
    out = []
    for key, spec in specs.items():
        if key in done:
            continue
        value = str(spec.default).lower() if spec.kind is bool else str(spec.default)
        text = f"{head} {key}={value}".strip()
        out.append(app_commands.Choice(name=f"{text} ({spec.description})"[:100], value=text[:100]))
    return out[:25]


async def show_draft(interaction: discord.Interaction[Any], ref: Any, game_id: int,
                     action: str) -> None:
    """Set the user's draft (``action``: the text, or ``+WORDS`` / ``-WORD`` edits) and show it
    to them privately: the words, its picture, a button to take back each word."""
    shown = await ref.sessions.draft(game_id, interaction.user.id, action)
    picture = await ref.sessions.draft_picture(game_id, interaction.user.id)
    panel = await ref.sessions.draft_panel(game_id, interaction.user.id)
    await reply(interaction, shown, files=(picture,) if picture else (),
                view=build_view(panel) if panel is not None else None)


@app_commands.guild_only()
class GameGroup(LobbyCommands, LobbyHostCommands, PlayCommands, InfoCommands, LifeCommands,
                SettingsCommands, commands.GroupCog, group_name="game",
                group_description=N_("Start and play any of the bot's games")):
    present: ClassVar[Presentation | None] = None

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="new", description="Open a lobby of a game in a new thread")
    @app_commands.describe(game="The game to play",
                           options="The game's options as name=value words (autocomplete lists them)",
                           turn_hours="Time limit per decision, in hours (default 24)",
                           language=LANGUAGE_HELP)
    @app_commands.choices(game=game_choices(), language=LANGUAGES)
    @app_commands.autocomplete(options=_options)
    async def new(self, interaction: discord.Interaction[Any], game: str,
                  options: str | None = None,
                  turn_hours: app_commands.Range[float, 0.05, 336.0] | None = None,
                  language: str | None = None) -> None:
        await open_lobby(interaction, games.get(game), parse_options(game, options), turn_hours,
                         language)

    @app_commands.command(name="do", description="Make your decision in the game's notation")
    @app_commands.describe(action="A decision in the notation (autocomplete: your legal next words)")
    @app_commands.autocomplete(action=complete_words)
    async def do(self, interaction: discord.Interaction[Any], action: str) -> None:
        await decide(interaction, action, (), None)

    @app_commands.command(name="draft", description="Build your decision privately, word by word")
    @app_commands.describe(action="Your decision so far in the notation (autocomplete: next words)")
    @app_commands.autocomplete(action=complete_words)
    async def draft(self, interaction: discord.Interaction[Any], action: str) -> None:
        await defer(interaction)
        ref = referee_of(interaction)
        game = await ref.info.find(interaction.channel_id, interaction.user.id)
        await show_draft(interaction, ref, game.id, action)

    @app_commands.command(name="confirm", description="Commit your draft (a decision is final)")
    async def confirm(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        ref = referee_of(interaction)
        game = await ref.info.find(interaction.channel_id, interaction.user.id)
        done = await ref.sessions.confirm(game.id, interaction.user.id)
        picture = await ref.sessions.after_picture(game.id, interaction.user.id)
        await reply(interaction, done_line(done), files=(picture,) if picture else ())

    @app_commands.command(name="discard", description="Drop your draft")
    async def discard(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        ref = referee_of(interaction)
        game = await ref.info.find(interaction.channel_id, interaction.user.id)
        await ref.sessions.discard(game.id, interaction.user.id)
        await reply(interaction, _("Your draft is dropped."))

    @app_commands.command(name="rules", description="A game's rules: its topics and rulings")
    @app_commands.describe(game="The game", topic="A rules topic (leave empty for the first)")
    @app_commands.choices(game=game_choices())
    @app_commands.autocomplete(topic=_topics)
    async def rules(self, interaction: discord.Interaction[Any], game: str,
                    topic: str | None = None) -> None:
        await send_rules(interaction, games.get(game), topic)

    @app_commands.command(name="stats", description="Games, wins and average score on this server")
    @app_commands.describe(game="The game", member="Whose figures (default: yours)")
    @app_commands.choices(game=game_choices())
    async def stats(self, interaction: discord.Interaction[Any], game: str,
                    member: discord.Member | None = None) -> None:
        await send_stats(interaction, member, game)


__all__ = ["GameGroup", "parse_options", "referee_of"]
