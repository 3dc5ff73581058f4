-- 0006: a game's life around its decisions (db/lifecycle.py, referee/lifecycle.py). Plain SQL
-- for SQLite and PostgreSQL: ids and times BIGINT, texts TEXT, explicit defaults.
-- pauses: a running game a moderator paused. Its timers are cleared while it is paused;
-- left_json keeps, per owing player, the seconds that were left to their deadline and to their
-- reminder ({"player": [deadline_left, remind_left or null]}), given back when it resumes.
CREATE TABLE pauses (
    game_id    BIGINT NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    by_user_id BIGINT,
    since      BIGINT NOT NULL,
    left_json  TEXT   NOT NULL DEFAULT '{}'
);

-- resigned: the seats whose player resigned (the easy AI plays them out, or the game ended);
-- user_id: the member who resigned (their result is a loss).
CREATE TABLE resigned (
    game_id     BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player_id   TEXT   NOT NULL,
    user_id     BIGINT,
    at_version  BIGINT NOT NULL DEFAULT 0,
    resigned_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, player_id)
);

-- takebacks: a player's open request to take back their last decision (one per game): the
-- decision (seq) and the state version it was asked at; needed/approved: comma-separated user
-- ids of the players who must approve and of those who did.
CREATE TABLE takebacks (
    game_id    BIGINT NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    player_id  TEXT   NOT NULL,
    user_id    BIGINT NOT NULL,
    seq        BIGINT NOT NULL,
    version    BIGINT NOT NULL,
    needed     TEXT   NOT NULL DEFAULT '',
    approved   TEXT   NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL
);

-- rematches: the lobby opened as the rematch of a finished game (one per game).
CREATE TABLE rematches (
    game_id     BIGINT NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    new_game_id BIGINT NOT NULL,
    by_user_id  BIGINT NOT NULL,
    created_at  BIGINT NOT NULL
);
