-- 0009: the bot's last sign of life (db/life.py), per shard (0 when unsharded): written every
-- second or so while a race clock runs and once more when it stops cleanly. At a restart the time since
-- is the bot's downtime, taken off every race clock that was running (the Out of Mine! rules,
-- R6: the referee's absence is not the player's).
CREATE TABLE life (
    shard   INTEGER NOT NULL PRIMARY KEY,
    seen_at REAL    NOT NULL
);
