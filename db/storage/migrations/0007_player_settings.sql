-- 0007: a member's own settings (db/settings.py), one row per Discord user, the same in every
-- server (they follow the member, like their DMs do). Plain SQL for SQLite and PostgreSQL.
-- turn_dm: 1 = a short direct message when the turn passes to them in any game (for members
-- who mute game threads); 0 = none (the default, like a member without a row).
CREATE TABLE player_settings (
    user_id    BIGINT  NOT NULL PRIMARY KEY,
    turn_dm    INTEGER NOT NULL DEFAULT 0,
    updated_at BIGINT  NOT NULL DEFAULT 0
);
