"""A member's own settings (migration 0007_player_settings.sql), per Discord user and the same
in every server: they follow the member, like the direct messages they govern.

    player_settings (user_id) -> turn_dm (1: a short DM when the turn passes to them), updated_at,
                                 language, language_chosen (0013: their DMs' language)

A member without a row has every setting off. Plain SQL only (SQLite and PostgreSQL); module
functions over a ``Database`` like ``db.lifecycle``.
"""

from __future__ import annotations

from collections.abc import Iterable

from db.storage.core import Core


async def set_turn_dm(db: Core, user_id: int, on: bool, *, now: int) -> None:
    """Turn the "your turn" DM on or off for ``user_id`` (everywhere)."""
    async with db._write() as tx:
        await tx.run("INSERT INTO player_settings (user_id, turn_dm, updated_at) VALUES (?, ?, ?)"
                     " ON CONFLICT (user_id) DO UPDATE SET turn_dm = excluded.turn_dm,"
                     " updated_at = excluded.updated_at", (user_id, int(on), now))


async def turn_dm(db: Core, user_id: int) -> bool:
    """Does ``user_id`` want the "your turn" DM?"""
    return user_id in await turn_dm_users(db, (user_id,))


async def turn_dm_users(db: Core, user_ids: Iterable[int]) -> frozenset[int]:
    """Those of ``user_ids`` who want the "your turn" DM (one read)."""
    wanted = sorted(set(user_ids))
    if not wanted:
        return frozenset()
    marks = ", ".join("?" for _ in wanted)
    async with db._read() as tx:
        found = await tx.all(f"SELECT user_id FROM player_settings WHERE turn_dm = 1"  # noqa: S608
                             f" AND user_id IN ({marks})", tuple(wanted))
    return frozenset(int(r["user_id"]) for r in found)


async def set_language(db: Core, user_id: int, language: str, *, chosen: bool, now: int) -> None:
    """The language of ``user_id``'s DMs: ``chosen`` by them (``/game notify``), or seen in
    their latest interaction, which does not replace a chosen one."""
    keep_chosen = "" if chosen else " WHERE player_settings.language_chosen = 0"
    async with db._write() as tx:
        await tx.run("INSERT INTO player_settings (user_id, language, language_chosen, updated_at)"
                     " VALUES (?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET"
                     " language = excluded.language, language_chosen = excluded.language_chosen,"
                     f" updated_at = excluded.updated_at{keep_chosen}",
                     (user_id, language, int(chosen), now))


async def languages(db: Core, user_ids: Iterable[int]) -> dict[int, tuple[str, bool]]:
    """user -> (language, chosen) for those of ``user_ids`` whose language is known (one read)."""
    wanted = sorted(set(user_ids))
    if not wanted:
        return {}
    marks = ", ".join("?" for _ in wanted)
    async with db._read() as tx:
        found = await tx.all("SELECT user_id, language, language_chosen FROM player_settings"  # noqa: S608
                             f" WHERE language IS NOT NULL AND user_id IN ({marks})", tuple(wanted))
    return {int(r["user_id"]): (str(r["language"]), bool(r["language_chosen"])) for r in found}
