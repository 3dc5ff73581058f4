"""The /stella command group, assembled from the lobby, play and info commands."""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from .info import InfoCommands
from .lobby import LobbyCommands
from .play import PlayCommands


@app_commands.guild_only()
class Stella(LobbyCommands, PlayCommands, InfoCommands, commands.GroupCog, group_name="stella",
             group_description="Play Stella Digger"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()
