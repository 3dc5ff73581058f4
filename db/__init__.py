"""Persistence for the game referee: SQLite (WAL, group commit) through the stdlib `sqlite3`.

A game is stored as its initial state, an append-only decision log and the latest snapshot
with its version. `db` never imports a game's engine: states are the engine's JSON texts and
decisions its one-line notation, stored verbatim (it takes only ``engine.DEFAULT_GAME``, the
game of rows and exports written before there were other games).

Tables (``db/storage/migrations/0001_init.sql``; applied versions in ``schema_migrations``)
    games          one row per game: ids (guild, channel, thread, host), game name, options
                   JSON, status lobby|running|finished|aborted, snapshot version, timer
                   (deadline, remind_at, reminder_sent), timestamps. No big texts, so listing
                   10,000 games stays fast.
    game_states    per started game: secret seed, initial state JSON, latest snapshot JSON.
    seats          (game, seat) -> engine player id, Discord user now playing it (NULL for
                   AI), display name, is_ai, ai_level, missed-deadline count, absent flag.
    seat_history   every replacement of a seat's player.
    decisions      (game, seq) -> player id, notation text, version before/after, source
                   (player|ai|timeout|auto|admin), sending user, time. Keys (game, seq) and
                   (game, version before) make a double apply impossible.
    results        per finished game and seat: user, guild, score, won, finished_at (stats).
    guild_config   per guild: optional admin role id.
    moderation_log undo / replace / abort / import audit.
    leases         (0010, was 0004's owner) the bot process holding the database: token,
                   host, pid scope, pid, start time, lease expiry (``db.storage.lease``: acquire,
                   claim, renew, release, holder; ``db.storage.process_id``: is the holder gone?)
    owed           (0005) each player owing a decision now, with their own deadline/reminder;
                   queued_reminders (0014): reminders marked sent, not yet posted (``db.owed``)
    drafts         (0005) a player's private draft of a decision; decisions.sealed: secret
    thread_memory  (0008) what the referee remembers of a game's thread (the prompt to edit,
                   who was pinged, catch-ups, the lobby message); runs: a player's decisions
                   chosen ahead (``db.thread_memory``, read once at resume)
    budgets        (0011) the REST budget every process of the bot draws from (PostgreSQL;
                   ``db.storage.budget``, ``referee.process.budget``)
    dm_channels    (0012) each user's DM channel id, not opened again after a restart
                   (``db.dm_channels``)
    announcements  (0015) the channel announcements' edits still to make, kept until made
                   (``db.announcements``, read once at resume)
    life           (0009) per shard, the bot's last sign of life: at a restart the downtime
                   since is taken off the running race clocks (``db.life``, ``referee.shared.heartbeat``)

API: ``db = await Database.open(path)`` (or ``async with await Database.open(path) as db``);
`Database` holds the storage only (``close``, ``schema_version``, ``checkpoint``, the
transactions of `db.storage.core`). What is stored is read and written by a module per topic of
coroutines over it, ``db.<topic>.<verb>(db, ...)`` (each safe to call from concurrent tasks):
    db.lobby       create_game, join_seat, leave_seat, update_options, set_thread, start_game
    db.games       get_game, find_game_by_thread, list_games, running_games, load_snapshot,
                   load_initial, get_log, get_results, append_decision (optimistic:
                   StaleVersion), finish_game
    db.timers      set_deadline, postpone_expired, expired_games, due_reminders, next_timer,
                   mark_reminder_sent, record_missed_deadline, set_absent
    db.owed        owed_timers, set_owed, mark_owed_reminded, reminder_told, rearm_reminders,
                   sealed_count, get_draft, save_draft, drop_draft
    db.moderation  undo_last, replace_seat, seat_history, abort_game, moderation_log
    db.transfer    export_game, import_game, find_duplicate
    db.stats       player_stats, leaderboard
    db.guilds      get_admin_role, set_admin_role
    db.holds, db.lifecycle, db.life, db.storage.lease, db.thread_memory, db.notified, db.settings,
    db.dm_channels, db.announcements, db.storage.budget
Storage is behind a seam (`db.storage.core`: `Core`, `Tx` and `Backend`): `db.storage.sqlite` runs each
transaction's statements on the event loop's thread in one piece and commits writes in groups,
resuming a writer only once its transaction is durable (the durability argument is in
`db.storage.sqlite`'s docstring). ``Database.open("postgresql://...")`` (``DATABASE_URL``) uses a
PostgreSQL server instead (`db.storage.postgres`, asyncpg): the same migrations and queries, translated
from SQLite's dialect in `db.storage.dialect`; the lease works there too. Queries in `db` keep to what
both engines accept (upserts with ON CONFLICT, no INSERT OR REPLACE, no two-argument MAX/MIN,
aliased subqueries, typed parameters); tests/db runs each test of the `db` fixture on both.
Rows are frozen dataclasses (`db.models`); errors derive from `DbError` (`db.errors`) and
read as plain sentences. Conventions: times are UTC epoch seconds (``now=`` overrides the
clock in tests); a seat's engine ``player_id`` never changes, its Discord ``user_id`` can
(`db.moderation.replace_seat`); the seed, the states and therefore exports of running games are secret.
At start-up, resume from `db.games.running_games(db)` (no state is read) and load each game's snapshot
when it is first needed.
"""

from db.errors import (
    CorruptGame,
    DatabaseCorrupt,
    DbError,
    GameNotFound,
    ImportRejected,
    MigrationError,
    NothingToUndo,
    SchemaTooNew,
    SeatError,
    StaleVersion,
    ThreadInUse,
    WrongStatus,
)
from db.models import (
    Decision,
    DecisionSource,
    Draft,
    Game,
    GameStatus,
    GameSummary,
    InitialState,
    ModerationEntry,
    OwedTimer,
    PlayerResult,
    PlayerStats,
    Result,
    Seat,
    SeatChange,
    Snapshot,
    TimerRow,
)
from db.storage.database import Database

__all__ = [
    "CorruptGame",
    "Database",
    "DatabaseCorrupt",
    "DbError",
    "Decision",
    "DecisionSource",
    "Draft",
    "Game",
    "GameNotFound",
    "GameStatus",
    "GameSummary",
    "ImportRejected",
    "InitialState",
    "MigrationError",
    "ModerationEntry",
    "NothingToUndo",
    "OwedTimer",
    "PlayerResult",
    "PlayerStats",
    "Result",
    "SchemaTooNew",
    "Seat",
    "SeatChange",
    "SeatError",
    "Snapshot",
    "StaleVersion",
    "ThreadInUse",
    "TimerRow",
    "WrongStatus",
]
