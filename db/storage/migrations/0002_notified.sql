-- 0002: what the bot last told each running game, so a restart re-sends only what a crash cut
-- off, with no REST calls (db/notified.py).
-- notified: per game, the state version whose messages all went out, the version of the last
-- turn prompt posted, and whether an AI or absent seat decides next.
CREATE TABLE notified (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    prompt_version INTEGER,
    auto INTEGER NOT NULL DEFAULT 0
);

-- hand_dms: per seat, the version and hand (sorted cards, comma-separated) of the last hand DM
-- that was delivered.
CREATE TABLE hand_dms (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player_id TEXT NOT NULL,
    version INTEGER NOT NULL,
    hand TEXT NOT NULL,
    PRIMARY KEY (game_id, player_id)
) WITHOUT ROWID;
