-- 0008: what the referee remembers about a game's thread between two decisions, so a restarted
-- bot goes on as if it had not stopped (db/thread_memory.py). Plain SQL for SQLite and
-- PostgreSQL: ids BIGINT, texts TEXT, explicit defaults. The JSON texts are the referee's own
-- (referee/memory.py); db stores them as they are.
-- thread_memory: per game, the current turn prompt (its message, the lines above its question,
-- whom it asks and pinged, the turn it was posted in: referee/prompts.py), the players asked
-- at the last prompt (who is pinged next), the catch-up lines and each player's place in them
-- (referee/digest.py), and the lobby message (referee/announce.py). Written with what was
-- told (db.notified.record) and when the lobby is posted; read once, at resume.
CREATE TABLE thread_memory (
    game_id          BIGINT NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    prompt_json      TEXT,
    owing_json       TEXT,
    digest_json      TEXT,
    lobby_message_id BIGINT,
    lobby_head       TEXT   NOT NULL DEFAULT ''
);

-- runs: a player's next decisions chosen at once (referee/runs.py: "draw all 4"), still to be
-- made, in order (steps_json: a JSON list of notations). Written in the transaction of the
-- decision that sets or spends them (db.games.append_decision), dropped by an undo.
CREATE TABLE runs (
    game_id    BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player_id  TEXT   NOT NULL,
    steps_json TEXT   NOT NULL,
    PRIMARY KEY (game_id, player_id)
);
