"""A rate budget shared by every process that uses one database (table ``budgets``, migration
0011): the bot's shards and machines drawing from Discord's one global limit of their token.

A generic cell rate algorithm (GCRA) in one row: ``tat`` (the theoretical arrival time, epoch
seconds) moves ``interval`` seconds on with each request taken; ``take`` reserves the next slot
in one atomic upsert and answers how long the caller must wait before sending (0 while the
budget has room; a burst of ``tolerance / interval + 1`` requests goes at once). A reservation
is never refused, so a process that asks is served in the order it asked, and a process that
dies holds nothing. Times are the callers' clocks (one database: machines kept in time by NTP,
a few milliseconds apart at worst).
"""

from __future__ import annotations

from db.storage.core import Core

_TAKE = (
    "INSERT INTO budgets (name, tat) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET tat = "
    "CASE WHEN budgets.tat > excluded.tat - ? THEN budgets.tat + ? ELSE excluded.tat END "
    "RETURNING tat"
)


async def take(db: Core, name: str, now: float, interval: float, tolerance: float) -> float:
    """Reserve one request of budget ``name`` (one every ``interval`` seconds, bursts of up to
    ``tolerance`` seconds' worth): the seconds to wait before sending it (0: at once)."""
    async with db._write_apart(None) as tx:
        row = await tx.one(_TAKE, (name, now + interval, interval, interval))
    assert row is not None
    return max(0.0, float(row[0]) - interval - tolerance - now)


async def forget(db: Core, name: str) -> None:
    """Drop budget ``name`` (tests, benchmarks)."""
    async with db._write_apart(None) as tx:
        await tx.run("DELETE FROM budgets WHERE name = ?", (name,))
