"""What the bot last told each running game: the version of the last turn prompt it posted, the
version it finished notifying, and per seat the hand its last hand DM showed.

Used after a restart to re-post only what is missing (no REST calls needed to find out), and to
load a game and its snapshot in one read. The tables come from migration 0002_notified.sql.

    notified  (game_id) -> version (every message for this state version went out),
              prompt_version (the last turn prompt posted), auto (an AI/absent seat owes next)
    hand_dms  (game_id, player_id) -> version and hand (sorted cards, comma-separated) of the
              last hand DM delivered
A running game without a ``notified`` row (imported, or created before this table) is taken
as fully notified.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from db.errors import CorruptGame
from db.games import _state_row
from db.lobby import load_game
from db.models import Game, Snapshot
from db.storage.core import Core
from db.thread_memory import ThreadMemory, clear, save


@dataclass(frozen=True, slots=True)
class Behind:
    """A running game whose bot-side messages may be missing or whose next decider is automatic."""

    game_id: int
    version: int
    notified_version: int | None
    prompt_version: int | None
    auto: bool


async def load_table(db: Core, game_id: int) -> tuple[Game, Snapshot | None]:
    """The game and (unless it is still a lobby) its snapshot, in one read."""
    async with db._read() as tx:
        game = await load_game(tx, game_id)
        if game.status == "lobby":
            return game, None
        row = await _state_row(tx, game_id, "s.snapshot_json, json_valid(s.snapshot_json)")
    if not row[2]:
        raise CorruptGame(game_id, f"the saved state (version {row[0]}) is not valid JSON")
    return game, Snapshot(game_id, row[0], row[1])


async def record(db: Core, game_id: int, version: int, *, prompt_version: int | None,
                 auto: bool, hands: Mapping[str, str], complete: bool = True,
                 memory: ThreadMemory | None = None, over: bool = False) -> None:
    """Everything for state ``version`` went out (``prompt_version``: a prompt for it was
    posted, else the last one stays; ``hands``: player id -> hand DM'd now). Not ``complete``
    (its prompt was refused): the game stays behind, so a restart posts the prompt again.
    ``memory``: what the referee now remembers of the thread (``db.thread_memory``), kept in
    the same transaction; ``over``: the game ended, nothing of its thread is kept."""
    async with db._write(game_id) as tx:
        if over:
            await clear(tx, game_id)
        elif memory is not None:
            await save(tx, memory)
        if complete:
            await tx.run(
                "INSERT INTO notified (game_id, version, prompt_version, auto) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET version = CASE"
                " WHEN excluded.version > notified.version THEN excluded.version"
                " ELSE notified.version END,"
                " prompt_version = COALESCE(excluded.prompt_version, notified.prompt_version),"
                " auto = excluded.auto",
                (game_id, version, prompt_version, int(auto)),
            )
        else:  # behind: version - 1 at most, so ``behind`` lists it after a restart
            await tx.run(
                "INSERT INTO notified (game_id, version, prompt_version, auto) VALUES (?, ?, NULL, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET version = CASE"
                " WHEN excluded.version < notified.version THEN excluded.version"
                " ELSE notified.version END,"
                " auto = excluded.auto",
                (game_id, version - 1, int(auto)),
            )
        if hands:
            await tx.many(
                "INSERT INTO hand_dms (game_id, player_id, version, hand) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id, player_id) DO UPDATE SET version = excluded.version,"
                " hand = excluded.hand",
                [(game_id, pid, version, hand) for pid, hand in hands.items()],
            )


async def last_told(db: Core, game_id: int) -> tuple[int | None, dict[str, str]]:
    """(version of the last prompt posted, player id -> hand of their last DM)."""
    async with db._read() as tx:
        row = await tx.one("SELECT prompt_version FROM notified WHERE game_id = ?", (game_id,))
        found = await tx.all("SELECT player_id, hand FROM hand_dms WHERE game_id = ?", (game_id,))
    return (None if row is None else row[0]), {r["player_id"]: r["hand"] for r in found}


async def behind(db: Core) -> list[Behind]:
    """Running games notified for an older version than their state's, or whose next
    decision is an AI's / absent player's. One query, no JSON read."""
    async with db._read() as tx:
        found = await tx.all(
            "SELECT g.id, g.version, n.version AS nv, n.prompt_version, n.auto"
            " FROM games g JOIN notified n ON n.game_id = g.id"
            " WHERE g.status = 'running' AND (n.version < g.version OR n.auto = 1)"
            " ORDER BY g.id"
        )
    return [Behind(r["id"], r["version"], r["nv"], r["prompt_version"], bool(r["auto"]))
            for r in found]
