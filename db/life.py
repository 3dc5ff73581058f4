"""The bot's last sign of life (migration 0009_life.sql), and its downtime taken off the
running clocks at a restart (the Out of Mine! rules, R6).

A running bot writes ``seen`` every second or so while a clock runs (``referee.shared.heartbeat``) and
once more when it stops cleanly. ``resume_clocks`` at the next start, in one transaction: the downtime is the time
from that last sign of life to now; every measured clock running in the given games (an
``owed`` row's ``clock_at``: when the player's clock started) starts later by the part of the
downtime it was running for, so the seconds from ``clock_at`` to any later moment leave the
downtime out; and the sign of life becomes now, so a second restart never counts it twice.
Seconds measured before the downtime (a draft's marks) are unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from db.storage.core import Core


@dataclass(frozen=True, slots=True)
class Downtime:
    since: float | None  # the last sign of life (None: none recorded, a first start)
    seconds: float  # how long the bot was down (0 when unknown)
    clocks: int  # running clocks moved
    taken: float = 0.0  # the most taken off one clock (a clock started since the last sign of
    # life loses only the time since it started)


async def last_seen(db: Core, shard: int) -> float | None:
    async with db._read() as tx:
        row = await tx.one("SELECT seen_at FROM life WHERE shard = ?", (shard,))
    return None if row is None else float(row[0])


async def clocks_running(db: Core) -> bool:
    """Does any measured clock run now (an ``owed`` row with a ``clock_at``)? Only then is a
    sign of life worth writing (a read, no write, while none runs)."""
    async with db._read() as tx:
        row = await tx.one("SELECT 1 FROM owed WHERE clock_at IS NOT NULL LIMIT 1")
    return row is not None


async def seen(db: Core, shard: int, at: float) -> None:
    """The bot is alive at ``at`` (epoch seconds)."""
    async with db._write() as tx:
        await tx.run("INSERT INTO life (shard, seen_at) VALUES (?, ?) ON CONFLICT (shard)"
                     " DO UPDATE SET seen_at = excluded.seen_at", (shard, at))


async def resume_clocks(db: Core, shard: int, now: float, game_ids: Iterable[int]
                        ) -> Downtime:
    """At a restart: the downtime since the last sign of life taken off the clocks running in
    ``game_ids`` (this process's running games), and the sign of life set to ``now``."""
    games = sorted(set(game_ids))
    async with db._write() as tx:
        row = await tx.one("SELECT seen_at FROM life WHERE shard = ?", (shard,))
        since = None if row is None else float(row[0])
        moved, taken = 0, 0.0
        if since is not None and now > since:
            for i in range(0, len(games), 500):
                chunk = games[i:i + 500]
                marks = ", ".join("?" for _ in chunk)
                rows = await tx.all(
                    f"SELECT game_id, player_id, clock_at FROM owed WHERE clock_at IS NOT NULL"
                    f" AND clock_at < ? AND game_id IN ({marks})", (now, *chunk))
                for game_id, player_id, clock_at in rows:
                    # the part of the downtime this clock ran for: from the later of its start
                    # and the last sign of life, to now
                    off = now - max(float(clock_at), since)
                    later = float(clock_at) + off
                    taken = max(taken, off)
                    await tx.run("UPDATE owed SET clock_at = ? WHERE game_id = ? AND"
                                 " player_id = ?", (later, game_id, player_id))
                    moved += 1
        await tx.run("INSERT INTO life (shard, seen_at) VALUES (?, ?) ON CONFLICT (shard)"
                     " DO UPDATE SET seen_at = excluded.seen_at", (shard, now))
    return Downtime(since, max(0.0, now - since) if since is not None else 0.0, moved, taken)
