-- 0003: games on hold (db/holds.py). A running game with a hold row is paused: its deadline is
-- cleared (no timeouts, no strikes) and nothing is decided for it automatically.
-- reason: 'undelivered' (its turn prompt was refused; retried at retry_at), 'gone' (its thread
-- was deleted, locked or lost to the bot; a moderator moves it), 'nobody' (no human present).
-- told: the moderators were told (once).
CREATE TABLE holds (
    game_id  INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    reason   TEXT    NOT NULL CHECK (reason IN ('undelivered', 'gone', 'nobody')),
    detail   TEXT    NOT NULL DEFAULT '',
    since    INTEGER NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 1 CHECK (attempts >= 1),
    retry_at INTEGER,
    told     INTEGER NOT NULL DEFAULT 0 CHECK (told IN (0, 1))
);
CREATE INDEX holds_retry ON holds (retry_at) WHERE retry_at IS NOT NULL;
