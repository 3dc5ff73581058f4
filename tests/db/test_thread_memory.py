"""db/thread_memory.py (migration 0008) on SQLite and PostgreSQL: what the referee remembers of
a game's thread is written with what was told (``notified.record``), the lobby message on its
own, a run with the decision that sets or spends it, and read back in one go at resume, for
open games only (a finished game's is gone)."""

from __future__ import annotations

from db import Database, PlayerResult, notified, owed
from db import games as games_db
from db import lobby as lobby_db
from db import moderation as moderation_db
from db import thread_memory as memory
from tests.db.conftest import T0, Reopen, running_game, state

BIG = 1_234_567_890_123_456_789  # a Discord message id needs 64 bits


async def test_the_thread_memory_is_written_with_what_was_told_and_read_back(
        reopen: Reopen) -> None:
    async with await reopen() as db:
        game = await running_game(db)
        await memory.save_lobby(db, game.id, BIG, "🔁 A rematch of game #0.")
        kept = memory.ThreadMemory(game.id, prompt_json='{"message_id": 5, "head": "é"}',
                                   owing_json='["p1"]', digest_json='{"lines": []}')
        await notified.record(db, game.id, 1, prompt_version=1, auto=False, hands={},
                              memory=kept)
        other = await running_game(db, (333, 444), thread_id=901, guild_id=2)
        # a reminder's prompt, kept as its queued reminder is told
        await owed.reminder_told(db, other.id, "333",
                                 memory.ThreadMemory(other.id, prompt_json='{"message_id": 6}'))
        lobby = await lobby_db.create_game(db, guild_id=1, channel_id=10, host_id=555, thread_id=902,
                                     options={}, now=T0)  # still open: its lobby message
        await memory.save_lobby(db, lobby.id, 12)
    async with await reopen() as db:  # a new process: everything as it was written
        found = {m.game_id: m for m in await memory.load(db)}
    assert found[game.id] == memory.ThreadMemory(
        game.id, 1, kept.prompt_json, kept.owing_json, kept.digest_json, BIG,
        "🔁 A rematch of game #0.")
    assert found[other.id] == memory.ThreadMemory(other.id, 2, '{"message_id": 6}')
    assert found[lobby.id] == memory.ThreadMemory(lobby.id, 1, lobby_message_id=12)


async def test_a_later_record_replaces_the_prompt_and_keeps_the_lobby_message(
        db: Database) -> None:
    game = await running_game(db)
    await memory.save_lobby(db, game.id, 77)
    for version, prompt in ((1, '{"message_id": 1}'), (2, None)):
        await notified.record(db, game.id, version, prompt_version=version, auto=False,
                              hands={}, memory=memory.ThreadMemory(game.id, prompt_json=prompt))
    (found,) = await memory.load(db)
    assert (found.prompt_json, found.lobby_message_id, found.lobby_head) == (None, 77, "")
    # a record without the memory (a caller that keeps none) leaves it as it is
    await notified.record(db, game.id, 3, prompt_version=3, auto=False, hands={})
    assert await memory.load(db) == [found]


async def test_a_run_is_stored_with_its_decisions_and_dropped_by_an_undo(db: Database) -> None:
    game = await running_game(db)
    p1, p2 = (s.player_id for s in game.seats)

    async def decide(version: int, player: str, run: list[str] | None) -> None:
        await games_db.append_decision(db, game.id, version, player, "draw 1", state(version + 1),
                                 version + 1, deadline=None, now=T0, run=run)

    await decide(0, p1, ["draw 1", "draw 3"])  # the run chosen: its first step made now
    await decide(1, p2, None)  # another player's decision leaves it alone
    (found,) = await memory.load(db)
    assert found.runs == {p1: ["draw 1", "draw 3"]} and found.prompt_json is None
    await decide(2, p1, ["draw 3"])  # a step spent
    assert (await memory.load(db))[0].runs == {p1: ["draw 3"]}
    await decide(3, p1, [])  # the last one
    assert await memory.load(db) == []
    await decide(4, p2, ["draw 2"])
    await moderation_db.undo_last(db, game.id, 5, state(4), 4, deadline=None, now=T0)
    assert await memory.load(db) == []  # an undo: runs chosen before are not chosen any more


async def test_a_game_over_keeps_nothing(db: Database) -> None:
    game = await running_game(db)
    p1, p2 = (s.player_id for s in game.seats)
    await memory.save_lobby(db, game.id, 70)
    await games_db.append_decision(db, game.id, 0, p1, "draw 1", state(1), 1, deadline=None, now=T0,
                             run=["draw 2"])
    assert len(await memory.load(db)) == 1
    await games_db.append_decision(db, game.id, 1, p2, "pass", state(2), 2, deadline=None, now=T0,
                             results=[PlayerResult(p1, 3, True), PlayerResult(p2, 1, False)])
    assert await memory.load(db) == []  # finished: not an open game
    await notified.record(db, game.id, 2, prompt_version=None, auto=False, hands={}, over=True)
    async with db._read() as tx:
        left = [await tx.one(f"SELECT COUNT(*) FROM {t} WHERE game_id = ?", (game.id,))  # noqa: S608
                for t in ("thread_memory", "runs")]
    assert [row[0] for row in left] == [0, 0]
