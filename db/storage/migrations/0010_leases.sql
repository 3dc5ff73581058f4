-- 0010: the database lease, one row per shard (db/lease.py), replacing 0004's single `owner`
-- row. A row records who holds the lease well enough to tell a dead holder from a live one:
-- the host name, its pid scope (the boot id and the pid namespace: two processes with the same
-- host and scope can look up each other's pids), the pid and that process's start time (clock
-- ticks since boot: a pid reused by another process has another start time). `shards`: the
-- shard count the holder runs with (one process: shard 0 of 1).
CREATE TABLE leases (
    shard       INTEGER NOT NULL,
    shards      INTEGER NOT NULL,
    token       TEXT    NOT NULL,
    host        TEXT    NOT NULL,
    pid_scope   TEXT    NOT NULL DEFAULT '',
    pid         INTEGER NOT NULL,
    started     INTEGER NOT NULL DEFAULT 0,
    acquired_at REAL    NOT NULL,
    expires_at  REAL    NOT NULL,
    PRIMARY KEY (shard)
);

-- a lease held when the schema was upgraded stays held (its holder's scope unknown: it runs out)
INSERT INTO leases (shard, shards, token, host, pid, acquired_at, expires_at)
SELECT 0, 1, token, host, pid, acquired_at, expires_at FROM owner;

DROP TABLE owner;
