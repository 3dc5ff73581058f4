-- 0013: the language of a member's direct messages (db/settings.py, issue 30): `language`, one
-- of en, ja, de, or NULL while unknown (their DMs are then in the game's language);
-- `language_chosen` 1 when the member chose it (/game notify language:), 0 when it was taken
-- from their latest interaction's client language (which a chosen one is not replaced by).
ALTER TABLE player_settings ADD COLUMN language TEXT;
ALTER TABLE player_settings ADD COLUMN language_chosen INTEGER NOT NULL DEFAULT 0;
