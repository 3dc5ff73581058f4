"""A member's own settings, in ``/game``: ``notify turn_dm:on|off`` asks for (or stops) a
short direct message when the turn passes to them, for members who mute game threads. The
setting is the member's, the same in every server and game (``db.settings``, kept by the
referee's notifier)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from .common import defer, referee_of, reply

ON = ("🔔 You'll get a short direct message when the turn passes to you, in every game and "
      "server (it says which game, with a link to its thread). "
      "`/game notify turn_dm:off` stops them.")
OFF = ("🔕 No \"your turn\" direct messages: the game's thread pings you when the turn passes "
       "to you. `/game notify turn_dm:on` asks for them.")


class SettingsCommands:
    @app_commands.command(name="notify",
                          description="A direct message when it's your turn (for muted threads)")
    @app_commands.describe(turn_dm="on: a short DM whenever the turn passes to you, in every "
                                   "game; off: none (leave empty to see your setting)")
    @app_commands.choices(turn_dm=[app_commands.Choice(name="on", value="on"),
                                   app_commands.Choice(name="off", value="off")])
    async def notify(self, interaction: discord.Interaction[Any],
                     turn_dm: str | None = None) -> None:
        await defer(interaction)
        ref = referee_of(interaction)
        if turn_dm is None:
            on = await ref.notify.wants_turn_dm(interaction.user.id)
        else:
            on = turn_dm == "on"
            await ref.notify.set_turn_dm(interaction.user.id, on)
        await reply(interaction, ON if on else OFF)
