"""The write-through cache of running games (``referee.shared.cache``): after every change made by the
referee, what it keeps is what the database holds, and a decision reads nothing from the
database."""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

from db import Database
from referee.messages import choices
from referee.service import Referee
from referee.shared.cache import CachingDatabase

from .conftest import ANN, CHANNEL, GUILD, MOD, owed, two_players

PREFERRED = ("mine", "draw", "target", "fight", "refill", "pass")


def raw(ref: Referee) -> Database:
    assert isinstance(ref.ctx.db, CachingDatabase)
    return ref.ctx.db.raw


async def agrees(ref: Referee, game_id: int) -> None:
    """What the cache keeps for the game is what the database holds."""
    entry = ref.ctx.cache.peek(game_id)
    if entry is None:
        return
    db = raw(ref)
    if entry.game is not None:
        assert entry.game == await db.get_game(game_id)
    if entry.snapshot is not None:
        assert entry.snapshot == await db.load_snapshot(game_id)
    if entry.owed is not None:
        assert entry.owed == await db.owed_timers(game_id)


async def step(ref: Referee, game_id: int) -> None:
    user, _, table = await owed(ref, game_id)
    texts = choices.ordered(ref.ctx.game.legal(table.state))
    pick = next((t for verb in PREFERRED for t in texts if t.startswith(verb)), texts[0])
    await ref.sessions.decide(game_id, user, pick)


class Reads:
    """Counts the read transactions of a database."""

    def __init__(self, db: Database) -> None:
        self.count = 0
        self._db = db
        self._inner = db._read

    @contextlib.asynccontextmanager
    async def _read(self) -> AsyncIterator[Any]:
        self.count += 1
        async with self._inner() as tx:
            yield tx

    def __enter__(self) -> Reads:
        self._db._read = self._read  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        del self._db._read


async def test_the_cache_agrees_with_the_database_after_each_decision(referee: Referee) -> None:
    game = await two_players(referee)
    for _ in range(25):
        await step(referee, game.id)
        entry = referee.ctx.cache.peek(game.id)
        assert entry is not None and entry.game is not None and entry.snapshot is not None
        await agrees(referee, game.id)
        await referee.idle()
        await agrees(referee, game.id)


async def test_a_decision_reads_nothing_from_the_database(referee: Referee) -> None:
    game = await two_players(referee)
    await step(referee, game.id)  # the game is read once, then kept
    await referee.idle()
    with Reads(raw(referee)) as reads:
        for _ in range(10):
            await step(referee, game.id)
            await referee.idle()
    assert reads.count == 0
    assert referee.ctx.cache.hits > 0


async def test_an_undo_and_an_import_update_the_cache(referee: Referee) -> None:
    game = await two_players(referee)
    for _ in range(6):
        await step(referee, game.id)
    await referee.idle()
    before = (await raw(referee).load_snapshot(game.id)).version
    await referee.moderation.undo(game.id, MOD)
    await referee.idle()
    await agrees(referee, game.id)
    table = await referee.sessions.running(game.id)  # what the next decision starts from
    assert table.version < before
    assert table.text == (await raw(referee).load_snapshot(game.id)).json
    await step(referee, game.id)  # the game goes on from the undone state
    await agrees(referee, game.id)
    doc = json.loads((await referee.moderation.export(game.id)).data)
    imported = await referee.moderation.import_game(json.dumps(doc).encode(), guild_id=GUILD + 1,
                                                    channel_id=CHANNEL, by_user=MOD)
    await referee.idle()
    for game_id in (game.id, imported.id):
        await agrees(referee, game_id)
        table = await referee.sessions.running(game_id)
        assert table.text == (await raw(referee).load_snapshot(game_id)).json


async def test_a_timer_change_and_a_replaced_seat_are_not_served_stale(referee: Referee) -> None:
    game = await two_players(referee)
    await step(referee, game.id)
    await referee.idle()
    await referee.db.set_deadline(game.id, 123, remind_at=None)
    assert (await referee.sessions.running(game.id)).game.deadline == 123
    await referee.moderation.replace(game.id, str(ANN), MOD, level="easy")
    await referee.idle()
    seat = (await referee.sessions.running(game.id)).game.seat_of_player(str(ANN))
    assert seat is not None and seat.is_ai
    await agrees(referee, game.id)


async def test_the_cache_is_bounded() -> None:
    from referee.shared.cache import GameCache

    cache = GameCache(limit=3)
    for game_id in range(10):
        cache.entry(game_id)
    assert len(cache) == 3 and cache.peek(9) is not None and cache.peek(0) is None


async def test_a_moderators_pause_is_seen_by_the_next_decision(referee: Referee) -> None:
    from referee.errors import WrongPhase

    game = await two_players(referee)
    await step(referee, game.id)
    await referee.idle()  # the game and its hold are kept now
    await referee.lifecycle.pause(game.id, MOD)  # db.lifecycle: a module function's write
    user, _, table = await owed(referee, game.id)
    try:
        await referee.sessions.decide(game.id, user, str(referee.ctx.game.default(table.state)))
    except WrongPhase as exc:
        assert "paused" in str(exc)
    else:
        raise AssertionError("a paused game took a decision")
    await agrees(referee, game.id)
    await referee.lifecycle.resume(game.id, MOD)
    await referee.idle()
    await agrees(referee, game.id)
    await step(referee, game.id)


async def test_a_command_in_a_game_thread_reads_nothing_from_the_database(
    referee: Referee,
) -> None:
    game = await two_players(referee)
    await step(referee, game.id)
    await referee.idle()
    thread_id = (await referee.db.get_game(game.id)).thread_id
    assert thread_id is not None
    await referee.ctx.db.find_game_by_thread(thread_id)  # read once, then kept
    with Reads(raw(referee)) as reads:
        found = await referee.ctx.db.find_game_by_thread(thread_id)
        await step(referee, game.id)
        again = await referee.ctx.db.find_game_by_thread(thread_id)
    assert reads.count == 0
    assert found is not None and found.id == game.id
    assert again == await raw(referee).get_game(game.id)


async def test_a_moved_thread_and_a_finished_game_are_not_found_from_memory(
    referee: Referee,
) -> None:
    game = await two_players(referee)
    await step(referee, game.id)
    await referee.idle()
    old = (await referee.db.get_game(game.id)).thread_id
    assert old is not None and (await referee.ctx.db.find_game_by_thread(old)) is not None
    await referee.ctx.db.set_thread(game.id, old + 1)
    assert (await referee.ctx.db.find_game_by_thread(old + 1)).id == game.id  # type: ignore[union-attr]
    moved = await referee.ctx.db.find_game_by_thread(old)
    assert moved == await raw(referee).find_game_by_thread(old)  # the database's answer
    assert moved is None or moved.thread_id == old
    await referee.ctx.db.abort_game(game.id, by_user_id=MOD)
    ended = await referee.ctx.db.find_game_by_thread(old + 1)
    assert ended is not None and ended.status != "running"


async def test_a_write_to_one_game_leaves_the_other_games_in_memory(referee: Referee) -> None:
    """Every write that touches one game's rows names it (``db.lifecycle``, ``db.holds``): only
    that game is forgotten. The end of a game (resigned seats' results, a pending take-back
    dropped) named none, so every game's end emptied the whole cache and each running game's
    next decision read it back; a pause, a resignation or a hold did the same."""
    from db import holds, lifecycle
    from db.lifecycle import Takeback

    touched, other = await two_players(referee), await two_players(referee)
    for game in (touched, other):
        await step(referee, game.id)
    await referee.idle()
    db: Any = referee.ctx.db
    g = touched.id
    writes = [
        lifecycle.resigned_results(db, g),
        lifecycle.drop_takeback(db, g),
        lifecycle.open_takeback(db, Takeback(g, "p0", ANN, 1, 2, (ANN,), (), 3)),
        lifecycle.approve_takeback(db, g, ANN),
        lifecycle.pause(db, g, by_user_id=MOD, now=4, left={}),
        lifecycle.set_left(db, g, {}),
        lifecycle.unpause(db, g, [], by_user_id=MOD, now=5),
        lifecycle.resign(db, g, "p0", user_id=ANN, version=2, now=6),
        holds.hold(db, g, holds.HoldReason.NOBODY, now=7),
        holds.mark_told(db, g),
        holds.release(db, g),
    ]
    for write in writes:
        await write
        assert referee.ctx.cache.peek(g) is None
        kept = referee.ctx.cache.peek(other.id)
        assert kept is not None and kept.snapshot is not None, write
    with Reads(raw(referee)) as reads:
        await step(referee, other.id)
        await referee.idle()
    assert reads.count == 0
    await agrees(referee, other.id)
