"""What the person running the bot is told when something is wrong before any game is touched:
one paragraph each, no traceback (``bot.main``); and the invite URL with the permissions the bot
needs."""

from __future__ import annotations

import sys

import discord
from pydantic import ValidationError

#: What the bot does in a server: read and post in the game channel, open a thread per game,
#: post there with images and embeds, and read the thread's history.
PERMISSIONS = discord.Permissions(
    view_channel=True, send_messages=True, create_public_threads=True,
    send_messages_in_threads=True, attach_files=True, embed_links=True,
    read_message_history=True)
SCOPES = ("bot", "applications.commands")
SECRET_SETTINGS = {"discord_token"}

WRONG_TOKEN = (
    "Discord refused the bot token (401 Unauthorized): DISCORD_TOKEN is not a valid bot token, "
    "or it was reset since. Open https://discord.com/developers/applications, choose the "
    "application, in \"Bot\" press \"Reset Token\", put the new token in .env "
    "(DISCORD_TOKEN=...) and start the bot again.")


def invite_url(application_id: int, guild_id: int | None = None) -> str:
    guild = None if guild_id is None else discord.Object(guild_id)
    return discord.utils.oauth_url(application_id, permissions=PERMISSIONS, guild=guild or
                                   discord.utils.MISSING, scopes=SCOPES)


class NotInGuild(Exception):
    """DISCORD_GUILD_ID names a server the bot is not in (Discord refused the command sync)."""

    def __init__(self, guild_id: int, application_id: int | None) -> None:
        invite = ("" if application_id is None else
                  f" Invite it there with {invite_url(application_id, guild_id)} and start again;"
                  " or")
        super().__init__(
            f"DISCORD_GUILD_ID is {guild_id}, but the bot is not in that server: Discord refused "
            f"to set up its slash commands there.{invite} check the id (with Developer Mode on, "
            "right-click the server and Copy Server ID), or leave DISCORD_GUILD_ID empty to set "
            "the commands up in every server the bot is in (they can take up to an hour to "
            "appear).")
        self.guild_id = guild_id


def bad_settings(exc: ValidationError) -> str:
    """One paragraph naming each bad setting as it is written in .env, its value (never a
    secret's) and what is wrong with it."""
    lines = []
    for error in exc.errors():
        field = ".".join(str(part) for part in error["loc"])
        message = str(error["msg"]).removeprefix("Value error, ")
        if not field:
            lines.append(f"  {message}")
            continue
        value = "" if field in SECRET_SETTINGS else f" = {error.get('input')!r}"
        lines.append(f"  {field.upper()}{value}: {message}")
    return ("The bot's settings (from the environment or .env) are not valid, so it does not "
            "start:\n" + "\n".join(lines) + "\nFix them (see .env.example) and start again.")


def explain(text: str, status: int) -> int:
    """Tell the operator (stderr) and hand back the exit status."""
    print(text, file=sys.stderr)
    return status
