-- 0014: the turn reminders marked sent (owed.reminder_sent) whose message is still queued in
-- the game's telling (referee/desks/timers.py): a reminder is chosen and marked under the
-- game's lock and posted after it, when its turn in the game's queue and in Discord's budget
-- comes. A row here says it was not posted yet: deleted once it was (or found stale), and
-- what a crash left is re-armed when the bot resumes (db/owed.py), so that reminder goes out
-- then, as it did when the lock was held until it was posted.
CREATE TABLE queued_reminders (
    game_id   BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player_id TEXT   NOT NULL,
    deadline  BIGINT,
    PRIMARY KEY (game_id, player_id)
);
