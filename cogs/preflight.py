"""What would stop a game before it stalls: the permissions the bot lacks, server by server and
channel by channel, each with what it is needed for. Read from what the gateway sent (the
servers, their channels, the bot's roles), never by posting: ``python bot.py --check`` prints
it (``bot.preflight``), and the bot logs it once at every start.

Channels "with games" are those where a lobby is open or a game runs (their threads live
there); every other server is checked for the permissions a new game needs. Direct messages
cannot be checked without sending one: a player who refuses them gets their hands as private
replies instead (the bot says so then).
"""

from __future__ import annotations

from collections import Counter

import discord

from db import Database, GameStatus
from db import games as games_db

#: Each permission the bot uses, and what for (in the order a game needs them).
NEEDS: dict[str, str] = {
    "view_channel": "see the channel",
    "send_messages": "open lobbies and answer in the channel",
    "create_public_threads": "open a thread for each game",
    "send_messages_in_threads": "post turns, prompts and results in the game threads",
    "attach_files": "post the pictures of the board",
    "embed_links": "post the game summaries",
    "read_message_history": "edit its own turn messages in place",
}


def _label(name: str) -> str:
    return name.replace("_", " ").title()


def lacking(permissions: discord.Permissions) -> list[str]:
    """The permissions the bot needs and ``permissions`` lacks, each with what it is for."""
    return [f"{_label(name)} (to {why})" for name, why in NEEDS.items()
            if not getattr(permissions, name)]


async def channels_with_games(db: Database) -> dict[int, Counter[int]]:
    """guild id -> channel id -> how many open lobbies and running games it holds."""
    found: dict[int, Counter[int]] = {}
    for status in (GameStatus.RUNNING, GameStatus.LOBBY):
        offset = 0
        while True:
            page = await games_db.list_games(db, status=status, limit=500, offset=offset)
            for game in page:
                found.setdefault(game.guild_id, Counter())[game.channel_id] += 1
            offset += len(page)
            if len(page) < 500:
                break
    return found


def server_problems(guild: discord.Guild, games: Counter[int]) -> list[str]:
    """What the bot lacks in ``guild``: in each channel with games, or server-wide if none."""
    me = guild.me
    if me is None:
        return [f"Server {guild.name!r} ({guild.id}): the bot's own member is unknown."]
    problems = []
    if not games:
        missing = lacking(me.guild_permissions)
        if missing:
            problems.append(f"Server {guild.name!r} ({guild.id}): the bot lacks "
                            f"{', '.join(missing)}; a game cannot be played there.")
    for channel_id, count in sorted(games.items()):
        channel = guild.get_channel(channel_id)
        games_there = f"{count} game{'s' if count != 1 else ''}"
        if channel is None:
            problems.append(f"Server {guild.name!r}: channel {channel_id} ({games_there}) is "
                            "gone or hidden from the bot; a moderator can move its games with "
                            "/game-admin move.")
            continue
        missing = lacking(channel.permissions_for(me))
        if missing:
            problems.append(f"Server {guild.name!r}, #{channel.name} ({games_there}): the bot "
                            f"lacks {', '.join(missing)}.")
    return problems


async def preflight(client: discord.Client, db: Database | None,
                    guild_id: int | None = None) -> tuple[list[str], list[str]]:
    """(what was checked, what is wrong) for every server the bot is in (``db`` None: no
    database yet; one of schema 0: no games yet)."""
    games = {} if db is None or not await db.schema_version() else await channels_with_games(db)
    checked, problems = [], []
    known = {g.id for g in client.guilds}
    if guild_id is not None and guild_id not in known:
        problems.append(f"DISCORD_GUILD_ID is {guild_id}, but the bot is not in that server.")
    for guild in client.guilds:
        here = games.get(guild.id, Counter())
        checked.append(f"Server {guild.name!r} ({guild.id}): {sum(here.values())} game(s) in "
                       f"{len(here)} channel(s).")
        problems += server_problems(guild, here)
    for gone in sorted(set(games) - known):
        problems.append(f"Server {gone} has {sum(games[gone].values())} game(s), but the bot "
                        "is no longer in it.")
    return checked, problems


def report(lines: list[str], problems: list[str]) -> str:
    text = "\n".join(lines)
    if problems:
        text += "\n\nWhat would stop a game:\n" + "\n".join(f"  - {p}" for p in problems)
    else:
        text += "\n\nNothing is missing."
    return text
