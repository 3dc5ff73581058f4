-- 0004: the one process that owns this database (db/lease.py). At most one row: the running
-- bot's random token, host name and process id, when it took the lease, and when the lease
-- runs out unless renewed. Another process may take the lease over only once it ran out.
CREATE TABLE owner (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    token TEXT NOT NULL,
    host TEXT NOT NULL,
    pid INTEGER NOT NULL,
    acquired_at REAL NOT NULL,
    expires_at REAL NOT NULL
);
