"""Running games kept in memory, written through: a decision reads nothing from the database.

``GameCache`` holds, per recently used game, its ``Game`` row, its latest snapshot (the JSON
text: parsing it is well under a millisecond, and every caller gets a state of its own), its
owed timers and its hold. It is bounded
(least recently used games go first) and only ever describes what this process wrote or read:
the database lease (``referee.process.ownership``) makes this process the only writer of its games.

``CachingDatabase`` is the ``Database`` the referee talks to. It answers ``get_game``,
``load_snapshot``, ``owed_timers`` and ``find_game_by_thread`` (for a kept game: every slash
command in a game thread asks it) from the cache, passes every other read through, and
after any write forgets what the write may have changed: the game named by a method that takes
a ``game_id`` first (``GAME_WRITES``), else every game (a method it does not know is taken for
a write that may touch any game, and so is a write transaction opened by one of ``db``'s
module functions, but for those that write only what is not kept: ``KEEPS_CACHE``). ``Sessions.commit`` then puts the state it just committed
back (``put``), so the next decision starts from memory. Holds (``db.holds``, module
functions) are cached by ``referee.deciding.holds.Holds``; a write made by such a function is awaited
through ``GameCache.write``, which forgets the game.
"""

from __future__ import annotations

import contextlib
import functools
import sys
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any, TypeVar

from db import Database, Game, GameStatus, OwedTimer, Snapshot

GAMES_KEPT = 500  # games kept at most (a running game is a few kilobytes)

#: methods that only read (passed through, nothing forgotten)
READS = frozenset({
    "list_games", "running_games", "load_initial", "get_log",
    "get_results", "get_draft", "sealed_count", "expired_games", "due_reminders", "next_timer",
    "seat_history", "moderation_log", "export_game", "find_duplicate", "player_stats",
    "leaderboard", "get_admin_role", "schema_version",
})
#: writes whose first argument is the one game they change
GAME_WRITES = frozenset({
    "append_decision", "finish_game", "set_thread", "update_options", "join_seat", "leave_seat",
    "start_game", "set_owed", "mark_owed_reminded", "save_draft", "drop_draft", "set_deadline",
    "mark_reminder_sent", "record_missed_deadline", "set_absent", "undo_last", "replace_seat",
    "abort_game",
})
#: modules whose functions write only what is not kept here (``CachingDatabase._write``)
KEEPS_CACHE = frozenset({"db.notified", "db.lease", "db.thread_memory"})
#: of those, writes that never change a hold (``db.holds``)
HOLD_KEPT = frozenset({"append_decision"})
_UNKNOWN: Any = object()
T = TypeVar("T")


@dataclass
class Entry:
    game: Game | None = None
    snapshot: Snapshot | None = None
    owed: list[OwedTimer] | None = None
    hold: Any = _UNKNOWN  # db.holds.Hold | None once known
    #: ``snapshot`` parsed (``state_of``): shared by every reader, so never changed in place
    #: (``Sessions.commit`` applies a decision to a clone of it)
    state: Any = None


@dataclass
class GameCache:
    limit: int = GAMES_KEPT
    _entries: OrderedDict[int, Entry] = field(default_factory=OrderedDict)
    hits: int = 0
    misses: int = 0
    #: bumped by every forgetting: a read that started before one is not kept (``fill``)
    writes: int = 0
    #: thread id -> the running game seen in it. Only a hint: it is believed while that game
    #: is kept with this thread (a thread holds one running game at a time, db.lobby's
    #: check_thread_free), so forgetting the game (any write to it: a thread set or moved, the
    #: game finished) makes the next look-up read the database again.
    _threads: dict[int, int] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self._entries)

    def entry(self, game_id: int) -> Entry:
        found = self._entries.get(game_id)
        if found is None:
            found = self._entries[game_id] = Entry()
            while len(self._entries) > self.limit:
                self._entries.popitem(last=False)
        else:
            self._entries.move_to_end(game_id)
        return found

    def by_thread(self, thread_id: int) -> Game | None:
        """The kept running game of ``thread_id``, if one is kept."""
        game_id = self._threads.get(thread_id)
        entry = None if game_id is None else self._entries.get(game_id)
        game = None if entry is None else entry.game
        if game is None or game.thread_id != thread_id or game.status != GameStatus.RUNNING:
            return None
        self._entries.move_to_end(game.id)
        return game

    def note_thread(self, game: Game) -> None:
        """Remember ``game``'s thread (a hint, see ``_threads``); bounded like the games."""
        if game.thread_id is None or game.status != GameStatus.RUNNING:
            return
        if len(self._threads) >= 2 * self.limit:
            self._threads = {t: g for t, g in self._threads.items() if g in self._entries}
        self._threads[game.thread_id] = game.id

    def peek(self, game_id: int) -> Entry | None:
        return self._entries.get(game_id)

    def forget(self, game_id: int, *, keep_hold: bool = False) -> None:
        self.writes += 1
        entry = self._entries.pop(game_id, None)
        if keep_hold and entry is not None and entry.hold is not _UNKNOWN:
            self._entries[game_id] = Entry(hold=entry.hold)

    def clear(self) -> None:
        self.writes += 1
        self._entries.clear()

    async def write(self, game_id: int, pending: Awaitable[T]) -> T:
        """Await a write to ``game_id`` made outside ``Database``'s methods (``db.holds``'
        functions), then forget the game (however it ended)."""
        try:
            return await pending
        finally:
            self.forget(game_id)

    def fill(self, game_id: int, mark: int, **values: Any) -> None:
        """Keep what a read found (``mark``: ``writes`` when the read began), unless anything
        was forgotten meanwhile (the read may predate a write) or the game isn't kept."""
        if mark != self.writes:
            return
        game = values.get("game")
        if game is not None and game.status != GameStatus.RUNNING:
            return
        entry = self.entry(game_id) if game is not None else self._entries.get(game_id)
        if entry is None:
            return
        for name, value in values.items():
            setattr(entry, name, value)
        if "snapshot" in values:
            entry.state = None

    def state_of(self, game_id: int, snapshot: Snapshot, load: Callable[[str], Any]) -> Any:
        """``snapshot`` of ``game_id`` parsed by ``load``, once while it is kept: the shared,
        read-only state (a decision is applied to a clone of it)."""
        entry = self._entries.get(game_id)
        if entry is None or entry.snapshot is not snapshot:
            return load(snapshot.json)
        if entry.state is None:
            entry.state = load(snapshot.json)
        return entry.state

    def put(self, game: Game, snapshot: Snapshot | None = None,
            owed: list[OwedTimer] | None = None, state: Any = None) -> None:
        """What this process just wrote (or read) for ``game`` (``state``: ``snapshot``
        parsed, if at hand); only running games are kept (lobbies change seat by seat,
        finished games are not played)."""
        if game.status != GameStatus.RUNNING:
            self.forget(game.id)
            return
        entry = self.entry(game.id)
        entry.game = game
        self.note_thread(game)
        if snapshot is not None:
            entry.snapshot, entry.state = snapshot, state
        if owed is not None:
            entry.owed = list(owed)

    # --- holds (``referee.deciding.holds.Holds``) ---------------------------------------------------

    def hold(self, game_id: int) -> Any:
        entry = self._entries.get(game_id)
        return _UNKNOWN if entry is None else entry.hold

    def known(self, value: Any) -> bool:
        return value is not _UNKNOWN

    def forget_hold(self, game_id: int) -> None:
        self.writes += 1
        entry = self._entries.get(game_id)
        if entry is not None:
            entry.hold = _UNKNOWN


class CachingDatabase:
    """The referee's ``Database``: the same API, with ``GameCache`` in front (see above)."""

    def __init__(self, db: Database, cache: GameCache) -> None:
        self._db = db
        self.cache = cache

    @property
    def raw(self) -> Database:
        return self._db

    async def get_game(self, game_id: int) -> Game:
        entry = self.cache.peek(game_id)
        if entry is not None and entry.game is not None:
            self.cache.hits += 1
            self.cache.entry(game_id)  # most recently used
            return entry.game
        self.cache.misses += 1
        mark = self.cache.writes
        game = await self._db.get_game(game_id)
        self.cache.fill(game_id, mark, game=game)
        return game

    async def find_game_by_thread(self, thread_id: int) -> Game | None:
        game = self.cache.by_thread(thread_id)
        if game is not None:
            self.cache.hits += 1
            return game
        self.cache.misses += 1
        mark = self.cache.writes
        game = await self._db.find_game_by_thread(thread_id)
        if game is not None and game.status == GameStatus.RUNNING:
            self.cache.fill(game.id, mark, game=game)
            self.cache.note_thread(game)
        return game

    async def load_snapshot(self, game_id: int) -> Snapshot:
        entry = self.cache.peek(game_id)
        if entry is not None and entry.snapshot is not None:
            self.cache.hits += 1
            return entry.snapshot
        self.cache.misses += 1
        mark = self.cache.writes
        snapshot = await self._db.load_snapshot(game_id)
        self.cache.fill(game_id, mark, snapshot=snapshot)
        return snapshot

    async def owed_timers(self, game_id: int) -> list[OwedTimer]:
        entry = self.cache.peek(game_id)
        if entry is not None and entry.owed is not None:
            self.cache.hits += 1
            return list(entry.owed)
        self.cache.misses += 1
        mark = self.cache.writes
        timers = await self._db.owed_timers(game_id)
        self.cache.fill(game_id, mark, owed=list(timers))  # only beside a kept game
        return timers

    def _write(self, game_id: int | None = None) -> AbstractAsyncContextManager[Any]:
        """A write transaction opened by one of ``db``'s module functions (``db.holds``,
        ``db.lifecycle``...): once it ends, the game it names is forgotten (every game when
        it names none), unless the function's module writes nothing kept here
        (``KEEPS_CACHE``: what was told, the lease)."""
        caller = sys._getframe(1).f_globals.get("__name__", "")
        keeps = caller in KEEPS_CACHE
        return self._forgetting_tx(self._db._write(game_id), None if keeps else game_id, keeps)

    @contextlib.asynccontextmanager
    async def _forgetting_tx(self, inner: AbstractAsyncContextManager[Any], game_id: int | None,
                             keeps: bool) -> AsyncIterator[Any]:
        try:
            async with inner as tx:
                yield tx
        finally:
            if keeps:
                pass
            elif game_id is not None:
                self.cache.forget(game_id)
            else:
                self.cache.clear()

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._db, name)
        if name.startswith("_") or name in READS or not callable(attr):
            return attr
        return self._forgetting(name, attr)

    def _forgetting(self, name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        cache = self.cache

        @functools.wraps(method)
        async def write(*args: Any, **kwargs: Any) -> Any:
            game_id = kwargs.get("game_id", args[0] if args else None)
            try:
                return await method(*args, **kwargs)
            finally:  # changed or not (an error may come after the commit): read it again
                if name in GAME_WRITES and isinstance(game_id, int):
                    cache.forget(game_id, keep_hold=name in HOLD_KEPT)
                else:
                    cache.clear()

        return write
