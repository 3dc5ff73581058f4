"""What the referee remembers about a game's thread between decisions (migration
0008_thread_memory.sql), so a restarted bot goes on as if it had not stopped: the same prompt
message edited, nobody pinged twice for one turn, runs of decisions continued.

    thread_memory (game_id) -> prompt_json, owing_json, digest_json (the referee's JSON texts,
                  stored as they are), lobby_message_id, lobby_head
    runs          (game_id, player_id) -> steps_json (a JSON list of decisions still to make)

Nothing here is read while a game is played: the referee keeps it in memory, writes it through
(``save`` inside ``db.notified.record``'s transaction and ``db.owed.reminder_told``'s,
``save_lobby``; runs with the decision, ``write_run`` inside ``append_decision``) and reads it
back once, at resume (``load``). Module
functions over a ``Database``, like ``db.settings``; plain SQL for SQLite and PostgreSQL.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field

from db.storage.core import Core, Tx


@dataclass(frozen=True, slots=True)
class ThreadMemory:
    """One game's row (``None``: nothing kept), and the runs of its players."""

    game_id: int
    guild_id: int = 0
    prompt_json: str | None = None
    owing_json: str | None = None
    digest_json: str | None = None
    lobby_message_id: int | None = None
    lobby_head: str = ""
    runs: dict[str, list[str]] = field(default_factory=dict)  # player -> steps left


async def save(tx: Tx, memory: ThreadMemory) -> None:
    """The prompt, owing and digest columns of ``memory``'s game (the lobby ones stay)."""
    await tx.run(
        "INSERT INTO thread_memory (game_id, prompt_json, owing_json, digest_json)"
        " VALUES (?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET"
        " prompt_json = excluded.prompt_json, owing_json = excluded.owing_json,"
        " digest_json = excluded.digest_json",
        (memory.game_id, memory.prompt_json, memory.owing_json, memory.digest_json))


async def clear(tx: Tx, game_id: int) -> None:
    """A game over: nothing of its thread is needed again."""
    await tx.run("DELETE FROM thread_memory WHERE game_id = ?", (game_id,))
    await tx.run("DELETE FROM runs WHERE game_id = ?", (game_id,))


async def save_lobby(db: Core, game_id: int, message_id: int, head: str = "") -> None:
    """The lobby message posted for ``game_id`` (and the lines above its text: a rematch's)."""
    async with db._write(game_id) as tx:
        await tx.run(
            "INSERT INTO thread_memory (game_id, lobby_message_id, lobby_head) VALUES (?, ?, ?)"
            " ON CONFLICT (game_id) DO UPDATE SET lobby_message_id = excluded.lobby_message_id,"
            " lobby_head = excluded.lobby_head", (game_id, message_id, head))


async def write_run(tx: Tx, game_id: int, player_id: str, steps: Sequence[str]) -> None:
    """``player_id``'s run is now ``steps`` (none: no run)."""
    if not steps:
        await tx.run("DELETE FROM runs WHERE game_id = ? AND player_id = ?", (game_id, player_id))
        return
    await tx.run(
        "INSERT INTO runs (game_id, player_id, steps_json) VALUES (?, ?, ?)"
        " ON CONFLICT (game_id, player_id) DO UPDATE SET steps_json = excluded.steps_json",
        (game_id, player_id, json.dumps(list(steps), ensure_ascii=False)))


async def drop_runs(tx: Tx, game_id: int) -> None:
    await tx.run("DELETE FROM runs WHERE game_id = ?", (game_id,))


async def load(db: Core) -> list[ThreadMemory]:
    """What is kept for every game still open (in its lobby or running), in two reads: once,
    when the referee resumes."""
    async with db._read() as tx:
        rows = await tx.all(
            "SELECT m.*, g.guild_id FROM thread_memory m JOIN games g ON g.id = m.game_id"
            " WHERE g.status IN ('lobby', 'running') ORDER BY m.game_id")
        runs = await tx.all(
            "SELECT r.game_id, r.player_id, r.steps_json, g.guild_id FROM runs r"
            " JOIN games g ON g.id = r.game_id WHERE g.status = 'running'"
            " ORDER BY r.game_id, r.player_id")
    found = {r["game_id"]: ThreadMemory(
        r["game_id"], r["guild_id"], r["prompt_json"], r["owing_json"], r["digest_json"],
        r["lobby_message_id"], r["lobby_head"]) for r in rows}
    for r in runs:
        memory = found.setdefault(r["game_id"], ThreadMemory(r["game_id"], r["guild_id"]))
        memory.runs[r["player_id"]] = list(json.loads(r["steps_json"]))
    return [found[k] for k in sorted(found)]
