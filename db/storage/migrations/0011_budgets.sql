-- 0011: rate budgets shared by every process of the bot (db/storage/budget.py): one row per budget
-- (Discord's global limit of a bot token), its theoretical arrival time (GCRA: epoch seconds at
-- which the budget is next wholly free). Only a PostgreSQL deployment's processes use it; a
-- SQLite bot keeps its budget in its process.
CREATE TABLE budgets (
    name TEXT NOT NULL PRIMARY KEY,
    tat  REAL NOT NULL
);
