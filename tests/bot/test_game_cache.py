"""The write-through cache of running games (``referee.shared.cache``): after every change made by the
referee, what it keeps is what the database holds, and a decision reads nothing from the
database."""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import AsyncIterator
from typing import Any

from db import Database
from db import games as games_db
from db import lobby as lobby_db
from db import moderation as moderation_db
from db import owed as owed_db
from db import settings as settings_db
from db import timers as timers_db
from referee.messages import choices
from referee.service import Referee
from referee.shared import cache as cached

from .conftest import ANN, CHANNEL, GUILD, MOD, owed, two_players

PREFERRED = ("mine", "draw", "target", "fight", "refill", "pass")


def raw(ref: Referee) -> Database:
    """The referee's database, read beside its cache (``referee.shared.cache``)."""
    return ref.ctx.db


async def agrees(ref: Referee, game_id: int) -> None:
    """What the cache keeps for the game is what the database holds."""
    entry = ref.ctx.cache.peek(game_id)
    if entry is None:
        return
    db = raw(ref)
    if entry.game is not None:
        assert entry.game == await games_db.get_game(db, game_id)
    if entry.snapshot is not None:
        assert entry.snapshot == await games_db.load_snapshot(db, game_id)
    if entry.owed is not None:
        assert entry.owed == await owed_db.owed_timers(db, game_id)


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
    before = (await games_db.load_snapshot(raw(referee), game.id)).version
    await referee.moderation.undo(game.id, MOD)
    await referee.idle()
    await agrees(referee, game.id)
    table = await referee.sessions.running(game.id)  # what the next decision starts from
    assert table.version < before
    assert table.text == (await games_db.load_snapshot(raw(referee), game.id)).json
    await step(referee, game.id)  # the game goes on from the undone state
    await agrees(referee, game.id)
    doc = json.loads((await referee.moderation.export(game.id)).data)
    imported = await referee.moderation.import_game(json.dumps(doc).encode(), guild_id=GUILD + 1,
                                                    channel_id=CHANNEL, by_user=MOD)
    await referee.idle()
    for game_id in (game.id, imported.id):
        await agrees(referee, game_id)
        table = await referee.sessions.running(game_id)
        assert table.text == (await games_db.load_snapshot(raw(referee), game_id)).json


async def test_a_timer_change_and_a_replaced_seat_are_not_served_stale(referee: Referee) -> None:
    game = await two_players(referee)
    await step(referee, game.id)
    await referee.idle()
    await timers_db.set_deadline(referee.db, game.id, 123, remind_at=None)
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
    thread_id = (await cached.get_game(referee.ctx, game.id)).thread_id
    assert thread_id is not None
    await cached.find_game_by_thread(referee.ctx, thread_id)  # read once, then kept
    with Reads(raw(referee)) as reads:
        found = await cached.find_game_by_thread(referee.ctx, thread_id)
        await step(referee, game.id)
        again = await cached.find_game_by_thread(referee.ctx, thread_id)
    assert reads.count == 0
    assert found is not None and found.id == game.id
    assert again == await games_db.get_game(raw(referee), game.id)


async def test_a_moved_thread_and_a_finished_game_are_not_found_from_memory(
    referee: Referee,
) -> None:
    game = await two_players(referee)
    await step(referee, game.id)
    await referee.idle()
    old = (await cached.get_game(referee.ctx, game.id)).thread_id
    assert old is not None and (await cached.find_game_by_thread(referee.ctx, old)) is not None
    await lobby_db.set_thread(referee.ctx.db, game.id, old + 1)
    assert (await cached.find_game_by_thread(referee.ctx, old + 1)).id == game.id  # type: ignore[union-attr]
    moved = await cached.find_game_by_thread(referee.ctx, old)
    assert moved == await games_db.find_game_by_thread(raw(referee), old)  # the database's answer
    assert moved is None or moved.thread_id == old
    await moderation_db.abort_game(referee.ctx.db, game.id, by_user_id=MOD)
    ended = await cached.find_game_by_thread(referee.ctx, old + 1)
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


# --- every write tells the cache: one path (``db.storage.core``'s ``_write``), observed ---------------

#: the write path itself, the backends under it and what runs before a ``Database`` exists
#: (the migrations on the connection, the backup copy): nothing else reaches a backend's writes
WRITE_SQL = re.compile(r"\s*(INSERT|UPDATE|DELETE)\s")  # a write statement's start (not prose)
WRITE_PATH = {"db.storage.core", "db.storage.database", "db.storage.sqlite", "db.storage.postgres", "db.storage.migrate", "db.storage.backup"}


def db_modules() -> list[Any]:
    import importlib
    import pkgutil

    import db as db_package

    return [importlib.import_module(m.name)
            for m in pkgutil.walk_packages(db_package.__path__, prefix="db.")
            if not m.name.endswith("__main__")]


def calls_in(function: Any) -> tuple[set[str], list[str]]:
    """The attributes ``function`` calls (``x._write(...)`` -> ``_write``) and its strings."""
    import ast
    import inspect
    import textwrap

    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    called = {n.func.attr for n in ast.walk(tree)
              if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)}
    strings = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    return called, strings


def db_writes() -> dict[str, tuple[set[str], list[str]]]:
    """Every public coroutine of ``Database`` and every function of a ``db`` module that opens
    a write transaction: its name -> (what it calls, its strings)."""
    import inspect

    from db import Database

    found = {}
    candidates = [(f"Database.{name}", f) for name, f in inspect.getmembers(Database)
                  if not name.startswith("_") and inspect.iscoroutinefunction(f)]
    for module in db_modules():
        candidates += [(f"{module.__name__}.{name}", f) for name, f in inspect.getmembers(module)
                       if inspect.isfunction(f) and f.__module__ == module.__name__]
    for name, function in candidates:
        called, strings = calls_in(function)
        if called & {"_write", "_write_apart", "write", "write_apart"}:
            found[name] = (called, strings)
    return found


def test_every_write_in_db_goes_through_the_one_observed_path() -> None:
    """Every write of ``db`` (``Database``'s methods and ``db``'s module functions) opens its
    transaction with ``_write`` or ``_write_apart``, which tell the observers (the referee's
    cache) the game and the tables written; no module outside the write path reaches a
    backend's writes; every write statement in ``db`` names a table the cache can tell apart;
    the lease's writes apart write nothing the cache keeps."""
    import ast
    from pathlib import Path

    from db.storage.core import ANY_TABLE, written_table
    from referee.shared.cache import NOT_KEPT

    writes = db_writes()
    assert len(writes) > 40, sorted(writes)
    for known in ("db.games.append_decision", "db.moderation.undo_last", "db.transfer.import_game",
                  "db.holds.hold", "db.lifecycle.pause", "db.notified.record", "db.storage.lease.renew"):
        assert known in writes, known
    bypass = {name: sorted(called & {"write", "write_apart"}) for name, (called, _) in writes.items()
              if called & {"write", "write_apart"}}
    assert bypass == {}, "a write that does not go through Core._write: " + repr(bypass)
    for name, (called, strings) in writes.items():
        if "_write_apart" in called:
            tables = {written_table(s) for s in strings if WRITE_SQL.match(s)}
            assert tables <= NOT_KEPT, (name, tables)
    for module in db_modules():
        if module.__name__ in WRITE_PATH:
            continue
        tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "_backend":
                raise AssertionError(f"{module.__name__} reaches the backend beside Core._write")
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                    WRITE_SQL.match(node.value):
                assert written_table(node.value) not in (None, ANY_TABLE), node.value


async def test_a_write_made_beside_the_referees_database_is_told_to_the_cache(
    referee: Referee,
) -> None:
    """The cache learns of a write however it was made: straight on the ``Database`` the
    referee wraps, by a module function, or through the referee."""
    from db import holds

    one, other = await two_players(referee), await two_players(referee)
    for game in (one, other):
        await step(referee, game.id)
    await referee.idle()
    cache, db = referee.ctx.cache, raw(referee)

    async def kept() -> tuple[bool, bool]:
        return cache.peek(one.id) is not None, cache.peek(other.id) is not None

    async def keep_both() -> None:
        for game in (one, other):
            await referee.sessions.running(game.id)
            await cached.get_game(referee.ctx, game.id)
        assert await kept() == (True, True)

    async with db._write(one.id) as tx:  # a write to one game: that game only
        await tx.run("UPDATE games SET deadline = 5 WHERE id = ?", (one.id,))
    assert await kept() == (False, True)
    assert (await cached.get_game(referee.ctx, one.id)).deadline == 5  # not served stale
    await keep_both()
    async with db._write() as tx:  # a write naming no game: every game
        await tx.run("UPDATE seats SET absent = absent WHERE game_id = ?", (other.id,))
    assert await kept() == (False, False)
    await keep_both()
    async with db._write(one.id) as tx:  # what was told: nothing kept is forgotten
        await tx.run("DELETE FROM notified WHERE game_id = ?", (one.id,))
    assert await kept() == (True, True)
    # a member's language, seen in their interaction (a write naming no game): no game's
    # state is parsed again for it
    await settings_db.set_language(db, 4242, "de", chosen=False, now=1)
    await settings_db.set_turn_dm(db, 4242, True, now=1)
    assert await kept() == (True, True)
    await holds.hold(db, one.id, holds.HoldReason.NOBODY, now=1)  # a module function, raw
    assert await kept() == (False, True)
    assert (await referee.holds.get(one.id)) is not None  # the hold is read again
    await holds.release(db, one.id)
    assert await referee.holds.get(one.id) is None
    await timers_db.set_deadline(db, other.id, 77, remind_at=None)  # a method, raw
    assert (await referee.sessions.running(other.id)).game.deadline == 77


async def test_what_the_cache_keeps_is_read_from_tables_a_kept_write_reaches(
    referee: Referee,
) -> None:
    """``NOT_KEPT`` (tables whose writes forget nothing) holds no table the cache's reads read:
    every read the cache keeps the answer of is recorded, and none reads from them."""
    from db import holds, lifecycle
    from db.storage.core import Tx
    from referee.shared.cache import NOT_KEPT

    game = await two_players(referee)
    await step(referee, game.id)
    await referee.idle()
    db = raw(referee)
    read: set[str] = set()
    inner = db._read

    class Seen(Tx):  # the helpers (``game_row``...) run on these, so are seen too
        def __init__(self, tx: Tx) -> None:
            self._tx = tx

        async def all(self, sql: str, params: Any = ()) -> Any:
            read.update(t.lower() for t in re.findall(r"\b(?:FROM|JOIN)\s+(\w+)", sql, re.I))
            return await self._tx.all(sql, params)

        async def one(self, sql: str, params: Any = ()) -> Any:
            read.update(t.lower() for t in re.findall(r"\b(?:FROM|JOIN)\s+(\w+)", sql, re.I))
            return await self._tx.one(sql, params)

    @contextlib.asynccontextmanager
    async def seen() -> AsyncIterator[Any]:
        async with inner() as tx:
            yield Seen(tx)

    db._read = seen  # type: ignore[method-assign]
    try:
        thread_id = (await games_db.get_game(db, game.id)).thread_id
        assert thread_id is not None
        await games_db.find_game_by_thread(db, thread_id)
        await games_db.load_snapshot(db, game.id)
        await owed_db.owed_timers(db, game.id)
        await holds.get(db, game.id)
        await lifecycle.get_pause(db, game.id)
    finally:
        del db._read
    assert {"games", "seats", "game_states", "owed", "holds", "pauses"} <= read
    assert read & NOT_KEPT == set()
