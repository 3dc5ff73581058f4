"""A member's own settings, in ``/game``: ``notify turn_dm:on|off`` asks for (or stops) a
short direct message when the turn passes to them, for members who mute game threads;
``notify language:`` chooses the language of their direct messages (else their latest
interaction's client language). The settings are the member's, the same in every server and
game (``db.settings``, kept by the referee's notifier)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from texts import N_, NAMES, _

from .common import defer, referee_of, reply
from .lobby import LANGUAGES

ON = N_("🔔 You'll get a short direct message when the turn passes to you, in every game and "
        "server (it says which game, with a link to its thread). "
        "`/game notify turn_dm:off` stops them.")
OFF = N_("🔕 No \"your turn\" direct messages: the game's thread pings you when the turn "
         "passes to you. `/game notify turn_dm:on` asks for them.")


class SettingsCommands:
    @app_commands.command(name="notify",
                          description="A direct message when it's your turn (for muted threads)")
    @app_commands.describe(turn_dm="on: a short DM whenever the turn passes to you, in every "
                                   "game; off: none (leave empty to see your setting)",
                           language="The language of your direct messages (default: your "
                                    "Discord's, else the game's)")
    @app_commands.choices(turn_dm=[app_commands.Choice(name="on", value="on"),
                                   app_commands.Choice(name="off", value="off")],
                          language=LANGUAGES)
    async def notify(self, interaction: discord.Interaction[Any],
                     turn_dm: str | None = None, language: str | None = None) -> None:
        await defer(interaction)
        ref = referee_of(interaction)
        if turn_dm is None:
            on = await ref.notify.wants_turn_dm(interaction.user.id)
        else:
            on = turn_dm == "on"
            await ref.notify.set_turn_dm(interaction.user.id, on)
        text = _(ON) if on else _(OFF)
        if language is not None:
            await ref.notify.languages.choose(interaction.user.id, language)
            text += "\n" + _("🌐 Your direct messages are in {language}.").format(
                language=NAMES[language])
        await reply(interaction, text)
