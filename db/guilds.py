"""Per-guild configuration: the optional admin role."""

from __future__ import annotations

from db.storage.core import Core, now_or


async def get_admin_role(db: Core, guild_id: int) -> int | None:
    async with db._read() as tx:
        row = await tx.one(
            "SELECT admin_role_id FROM guild_config WHERE guild_id = ?", (guild_id,)
        )
    return None if row is None else row[0]


async def set_admin_role(
    db: Core, guild_id: int, role_id: int | None, *, now: int | None = None
) -> None:
    """Set or (with None) clear the role whose members may moderate games."""
    async with db._write() as tx:
        await tx.run(
            "INSERT INTO guild_config (guild_id, admin_role_id, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET admin_role_id = excluded.admin_role_id,"
            " updated_at = excluded.updated_at",
            (guild_id, role_id, now_or(now)),
        )
