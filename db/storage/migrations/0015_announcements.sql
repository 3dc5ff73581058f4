-- 0015: the channel announcements still to edit (db/announcements.py): a game's announcement
-- message (its id is the thread's) is edited in the background after the game changed
-- (referee/telling/announce.py); its wanted text is kept here until the edit was made, so a
-- bot killed before it makes the edit when it starts again. One row per message: the latest
-- text wanted.
CREATE TABLE announcements (
    message_id BIGINT NOT NULL PRIMARY KEY,
    game_id    BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    channel_id BIGINT NOT NULL,
    text       TEXT   NOT NULL
);
