"""Several bot processes for one bot: ``SHARDS=N python bot.py`` (or ``--shards N``).

Discord splits a bot's servers into shards: shard ``i`` of ``N`` gets the events and the
interactions of the guilds with ``(guild_id >> 22) % N == i``. The launcher
(``referee.process.launcher``) starts one ``bot.py`` per shard of this machine (``SHARD_ID`` in its
environment; ``SHARD_IDS`` picks this machine's shards, so several machines can share the
shards of one bot on one PostgreSQL database); each connects as its shard and owns its guilds'
games: their commands come to it, and it alone resumes them, runs their timers, retries their
prompts and closes their stale lobbies (``owns``). Games never move between guilds, so never
between shards. Each shard has its own lease in the database (``db.storage.lease``).
"""

from __future__ import annotations


def shard_of(guild_id: int, count: int) -> int:
    """The shard Discord sends a guild's events to."""
    return (int(guild_id) >> 22) % count


def owns(shard: tuple[int, int] | None, guild_id: int | None) -> bool:
    """Does the process of ``shard`` (None: the only process) own this guild's games?"""
    if shard is None:
        return True
    if guild_id is None:
        return shard[0] == 0
    return shard_of(guild_id, shard[1]) == shard[0]
