-- 0005: several players owing at once (db/owed.py). The game's kind is `games.game_name` since
-- 0001 (every row so far: 'stella-digger'); results carry it too, so stats are per game.
-- owed: one row per player who owes a decision now, with their own deadline and reminder;
-- `games.deadline`/`remind_at` stay the earliest of them (what the timer loop sleeps on).
-- clock_at: when the player's measured clock started (a "start" decision, epoch seconds with
-- fractions), NULL when no clock runs.
CREATE TABLE owed (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player_id     TEXT    NOT NULL,
    decision      TEXT    NOT NULL,
    since         INTEGER NOT NULL,
    deadline      INTEGER,
    remind_at     INTEGER,
    reminder_sent INTEGER NOT NULL DEFAULT 0 CHECK (reminder_sent IN (0, 1)),
    clock_at      REAL,
    PRIMARY KEY (game_id, player_id)
) WITHOUT ROWID;

-- A sealed decision (a secret commit) is shown to nobody but its player until the engine
-- reveals it; `sealed` is 1 until then.
ALTER TABLE decisions ADD COLUMN sealed INTEGER NOT NULL DEFAULT 0 CHECK (sealed IN (0, 1));

-- drafts: a player's private draft of a decision built word by word (the referee's, not the
-- engine's), with the seconds at which each word was last placed (marks_json).
CREATE TABLE drafts (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player_id  TEXT    NOT NULL,
    version    INTEGER NOT NULL,
    text       TEXT    NOT NULL,
    marks_json TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(marks_json)),
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, player_id)
) WITHOUT ROWID;
