-- 0001: games, seats, decision log, state blobs, timers, results, guild config, audit.
-- Times are UTC epoch seconds (INTEGER). Discord ids are INTEGER (snowflakes fit in 63 bits).
-- Engine player ids are TEXT (the engine's own ids; a seat keeps its player id when the
-- Discord user playing it is replaced).

CREATE TABLE games (
    id            INTEGER PRIMARY KEY,
    game_name     TEXT    NOT NULL,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    thread_id     INTEGER,
    host_id       INTEGER NOT NULL,
    options_json  TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(options_json)),
    status        TEXT    NOT NULL DEFAULT 'lobby'
                  CHECK (status IN ('lobby', 'running', 'finished', 'aborted')),
    version       INTEGER,                       -- snapshot version; NULL before start
    deadline      INTEGER,                       -- current turn deadline; NULL = none
    remind_at     INTEGER,                       -- when the reminder for it is due
    reminder_sent INTEGER NOT NULL DEFAULT 0 CHECK (reminder_sent IN (0, 1)),
    end_reason    TEXT,
    created_at    INTEGER NOT NULL,
    started_at    INTEGER,
    ended_at      INTEGER,
    updated_at    INTEGER NOT NULL
);
CREATE INDEX games_status_deadline ON games (status, deadline);
CREATE INDEX games_status_remind ON games (status, remind_at);
CREATE INDEX games_guild_status ON games (guild_id, status);
CREATE INDEX games_thread ON games (thread_id);
-- One active (lobby or running) game per thread.
CREATE UNIQUE INDEX games_thread_active ON games (thread_id)
    WHERE thread_id IS NOT NULL AND status IN ('lobby', 'running');

-- Kept apart from `games` so that listing games never touches the large JSON texts.
-- seed: decimal text (any Python int); secret until the game ends, like the RNG in the states.
CREATE TABLE game_states (
    game_id       INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    seed          TEXT    NOT NULL,
    initial_json  TEXT    NOT NULL CHECK (json_valid(initial_json)),
    snapshot_json TEXT    NOT NULL CHECK (json_valid(snapshot_json))
);

CREATE TABLE seats (
    game_id          INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat             INTEGER NOT NULL CHECK (seat >= 0),
    player_id        TEXT    NOT NULL,           -- engine player id
    user_id          INTEGER,                    -- Discord user now playing it; NULL for AI
    display_name     TEXT    NOT NULL,
    is_ai            INTEGER NOT NULL DEFAULT 0 CHECK (is_ai IN (0, 1)),
    ai_level         INTEGER,
    missed_deadlines INTEGER NOT NULL DEFAULT 0 CHECK (missed_deadlines >= 0),
    absent           INTEGER NOT NULL DEFAULT 0 CHECK (absent IN (0, 1)),
    joined_at        INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, player_id)
) WITHOUT ROWID;
CREATE UNIQUE INDEX seats_game_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX seats_user ON seats (user_id) WHERE user_id IS NOT NULL;

-- Replacements of the user playing a seat.
CREATE TABLE seat_history (
    id               INTEGER PRIMARY KEY,
    game_id          INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat             INTEGER NOT NULL,
    player_id        TEXT    NOT NULL,
    old_user_id      INTEGER,
    old_display_name TEXT    NOT NULL,
    old_is_ai        INTEGER NOT NULL,
    old_ai_level     INTEGER,
    new_user_id      INTEGER,
    new_display_name TEXT    NOT NULL,
    new_is_ai        INTEGER NOT NULL,
    new_ai_level     INTEGER,
    by_user_id       INTEGER,
    reason           TEXT,
    at_version       INTEGER,
    replaced_at      INTEGER NOT NULL
);
CREATE INDEX seat_history_game ON seat_history (game_id, id);

-- Append-only decision log; (game_id, seq) makes applying the same step twice impossible.
CREATE TABLE decisions (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq          INTEGER NOT NULL CHECK (seq >= 1),
    player_id    TEXT    NOT NULL,
    text         TEXT    NOT NULL,
    prev_version INTEGER NOT NULL,               -- state version the decision was applied to
    version      INTEGER NOT NULL,               -- state version after it
    source       TEXT    NOT NULL DEFAULT 'player'
                 CHECK (source IN ('player', 'ai', 'timeout', 'auto', 'admin')),
    by_user_id   INTEGER,                        -- Discord user who sent it, if any
    created_at   INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq),
    UNIQUE (game_id, prev_version),              -- never two decisions on the same state
    CHECK (version > prev_version)
) WITHOUT ROWID;

CREATE TABLE results (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    player_id   TEXT    NOT NULL,
    user_id     INTEGER,                         -- NULL for AI seats
    is_ai       INTEGER NOT NULL CHECK (is_ai IN (0, 1)),
    guild_id    INTEGER NOT NULL,
    game_name   TEXT    NOT NULL,
    score       INTEGER NOT NULL,
    won         INTEGER NOT NULL CHECK (won IN (0, 1)),
    finished_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX results_guild_user ON results (game_name, guild_id, user_id);
CREATE INDEX results_user ON results (game_name, user_id);

CREATE TABLE guild_config (
    guild_id      INTEGER PRIMARY KEY,
    admin_role_id INTEGER,
    updated_at    INTEGER NOT NULL
);

-- Moderation audit: undo, replace, abort, import.
CREATE TABLE moderation_log (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    action      TEXT    NOT NULL,
    by_user_id  INTEGER,
    detail_json TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(detail_json)),
    created_at  INTEGER NOT NULL
);
CREATE INDEX moderation_log_game ON moderation_log (game_id, id);
