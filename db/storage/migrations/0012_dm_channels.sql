-- 0012: each player's DM channel with the bot (db/dm_channels.py), opened once
-- (POST /users/@me/channels: a request counted against Discord's global limit) and kept, so a
-- restarted bot DMs its players without opening every channel again. Discord gives one user
-- and one bot one DM channel, the same id for good.
CREATE TABLE dm_channels (
    user_id    INTEGER NOT NULL PRIMARY KEY,
    channel_id INTEGER NOT NULL
);
