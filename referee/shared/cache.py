"""Running games kept in memory, written through: a decision reads nothing from the database.

``GameCache`` holds, per recently used game, its ``Game`` row, its latest snapshot (the JSON
text: parsing it is well under a millisecond, and every caller gets a state of its own), its
owed timers and its hold. It is bounded
(least recently used games go first) and only ever describes what this process wrote or read:
the database lease (``referee.process.ownership``) makes this process the only writer of its games.

The referee reads four things through the functions here rather than ``db``'s own:
``get_game``, ``load_snapshot``, ``owed_timers`` and ``find_game_by_thread`` (for a kept game:
every slash command in a game thread asks it), given the ``Context`` (``Kept``: the database
and this cache); they answer from memory for a kept game and call ``db``'s otherwise. Every
other read and write goes straight to ``db``'s functions. What a write may have changed is
forgotten by one path, whoever wrote: the cache observes every write transaction of the
``Database`` (``keep``; ``db.storage.core``: ``observe_writes``; every function of ``db`` opens its
writes with ``_write(game_id)``), told the game it named and the tables it wrote
(``written``). A write only to tables nothing kept is read from (``NOT_KEPT``:
what was told, the thread's memory, the lease, the sign of life, the REST budget, the DM
channels, members' and servers' settings) forgets nothing; any other
forgets its game (every game when it names none), and the holds too if it wrote theirs
(``HOLD_TABLES``). ``Sessions.commit`` then puts the state it just committed back (``put``), so
the next decision starts from memory. Holds are kept beside the games for
``referee.deciding.holds.Holds``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from db import Game, GameStatus, OwedTimer, Snapshot
from db import games as games_db
from db import owed as owed_db
from db.storage.core import ANY_TABLE, Core, Written

GAMES_KEPT = 500  # games kept at most (a running game is a few kilobytes)

#: tables nothing kept here is read from (the cached reads below, ``Holds.get``): a write
#: only to these forgets nothing (what was told, the thread's memory and chosen runs, the
#: reminders and announcements' edits still to make, the lease, the sign of life, the REST
#: budget, the DM channels, a member's settings and a server's). A table missing here is only
#: read again after a write; a write naming no game forgets every game (a member's language
#: seen in their first interaction did, and every running game's state was parsed again).
NOT_KEPT = frozenset({"notified", "hand_dms", "thread_memory", "runs", "queued_reminders",
                      "announcements", "leases", "life", "budgets", "dm_channels",
                      "player_settings", "guild_config"})
#: the tables a hold is read from (``Holds.get``): a write to neither keeps the holds
HOLD_TABLES = frozenset({"holds", "pauses"})
_UNKNOWN: Any = object()


@dataclass
class Entry:
    game: Game | None = None
    snapshot: Snapshot | None = None
    owed: list[OwedTimer] | None = None
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
    #: game id -> its hold (``db.holds.Hold`` or None) once read; bounded like the games
    _holds: OrderedDict[int, Any] = field(default_factory=OrderedDict)

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
        self._entries.pop(game_id, None)
        if not keep_hold:
            self._holds.pop(game_id, None)

    def clear(self, *, keep_holds: bool = False) -> None:
        self.writes += 1
        self._entries.clear()
        if not keep_holds:
            self._holds.clear()

    def written(self, written: Written) -> None:
        """A write transaction ended (``Database.observe_writes``): forget what it may have
        changed."""
        tables = written.tables
        if tables and tables <= NOT_KEPT:
            return  # nothing kept here was written (a write that ran nothing forgets, too)
        keep_hold = ANY_TABLE not in tables and not tables & HOLD_TABLES
        if written.game_id is None:
            self.clear(keep_holds=keep_hold)
        else:
            self.forget(written.game_id, keep_hold=keep_hold)

    def fill(self, game_id: int, mark: int, **values: Any) -> None:
        """Keep what a read found (``mark``: ``writes`` when the read began), unless anything
        was forgotten meanwhile (the read may predate a write) or the game isn't kept."""
        if mark != self.writes:
            return
        if "hold" in values:
            self._holds[game_id] = values.pop("hold")
            self._holds.move_to_end(game_id)
            while len(self._holds) > self.limit:
                self._holds.popitem(last=False)
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
        return self._holds.get(game_id, _UNKNOWN)

    def known(self, value: Any) -> bool:
        return value is not _UNKNOWN

    def forget_hold(self, game_id: int) -> None:
        self.writes += 1
        self._holds.pop(game_id, None)


class Kept(Protocol):
    """What the cached reads need: the database and the cache in front of it (a ``Context``)."""

    @property
    def db(self) -> Core: ...

    @property
    def cache(self) -> GameCache: ...


def keep(db: Core, cache: GameCache) -> None:
    """Make ``cache`` forget what each write of ``db`` may have changed, by whoever it was
    made (see the module's docstring)."""
    db.observe_writes(cache.written)


async def get_game(kept: Kept, game_id: int) -> Game:
    """``db.games.get_game``, answered from memory for a kept game."""
    cache = kept.cache
    entry = cache.peek(game_id)
    if entry is not None and entry.game is not None:
        cache.hits += 1
        cache.entry(game_id)  # most recently used
        return entry.game
    cache.misses += 1
    mark = cache.writes
    game = await games_db.get_game(kept.db, game_id)
    cache.fill(game_id, mark, game=game)
    return game


async def find_game_by_thread(kept: Kept, thread_id: int) -> Game | None:
    """``db.games.find_game_by_thread``, answered from memory for a kept running game."""
    cache = kept.cache
    game = cache.by_thread(thread_id)
    if game is not None:
        cache.hits += 1
        return game
    cache.misses += 1
    mark = cache.writes
    game = await games_db.find_game_by_thread(kept.db, thread_id)
    if game is not None and game.status == GameStatus.RUNNING:
        cache.fill(game.id, mark, game=game)
        cache.note_thread(game)
    return game


async def load_snapshot(kept: Kept, game_id: int) -> Snapshot:
    """``db.games.load_snapshot``, answered from memory for a kept game."""
    cache = kept.cache
    entry = cache.peek(game_id)
    if entry is not None and entry.snapshot is not None:
        cache.hits += 1
        return entry.snapshot
    cache.misses += 1
    mark = cache.writes
    snapshot = await games_db.load_snapshot(kept.db, game_id)
    cache.fill(game_id, mark, snapshot=snapshot)
    return snapshot


async def owed_timers(kept: Kept, game_id: int) -> list[OwedTimer]:
    """``db.owed.owed_timers``, answered from memory for a kept game."""
    cache = kept.cache
    entry = cache.peek(game_id)
    if entry is not None and entry.owed is not None:
        cache.hits += 1
        return list(entry.owed)
    cache.misses += 1
    mark = cache.writes
    timers = await owed_db.owed_timers(kept.db, game_id)
    cache.fill(game_id, mark, owed=list(timers))  # only beside a kept game
    return timers
