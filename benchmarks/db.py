"""The database alone, as the referee uses it per decision: ``python -m benchmarks db``.

``--games`` running games (default 200) in a fresh SQLite file (``synchronous=FULL``, on
``--dir``, the system temp dir by default), played by ``--players`` concurrent tasks (50), each
deciding in its own games as fast as the database answers: a decision is ``append_decision``
(log row, snapshot, timers) then ``notified.record``, the referee's two transactions (with the
thread memory, ``db.thread_memory``, when the code has it: a prompt and a catch-up of realistic
size, as ``referee.telling.memory`` writes them). Prints
decisions per second, per-decision latency p50/p99, the process's CPU per decision
(process_time), SQL statements per decision, COMMITs (fsyncs) per decision, and how long the
writer's lock is held per decision (the time other writers wait for).

``--url postgresql://...`` runs the same on a PostgreSQL server instead (in a fresh schema,
dropped after; the lock figure is then not measured: the server serialises writes).

``--code DIR`` imports ``db`` from another checkout (e.g. main before a change), so two versions
are compared with the same driver: it needs only the public ``Database`` API.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from db import games as games_db
from db import lobby as lobby_db

T0 = 1_700_000_000


def _state(version: int) -> str:
    # About the size of a real snapshot (a few KB of JSON).
    return json.dumps({"game": "stella-digger", "version": version, "pad": "x" * 3000})


class TimedLock(asyncio.Lock):
    """An asyncio.Lock that adds up how long it was held."""

    held = 0.0
    _since = 0.0

    async def acquire(self) -> bool:
        await super().acquire()
        self._since = time.perf_counter()
        return True

    def release(self) -> None:
        TimedLock.held += time.perf_counter() - self._since
        super().release()


def _memory(notified: Any, game_id: int, v: int) -> dict[str, Any]:
    """``notified.record``'s thread memory argument, if this code's ``db`` has it: the prompt
    (a few lines above its question) and eight catch-up lines, about what a game keeps."""
    if "memory" not in inspect.signature(notified.record).parameters:
        return {}
    from db.thread_memory import ThreadMemory

    line = "Ann mined blue-4 and drilled at C3: 2 points, the deck has 31 cards left."
    prompt = {"message_id": 1_300_000_000_000_000_000 + v, "head": "\n".join([line] * 3),
              "asked": ["p1"], "key": None, "pinged": [1000 + game_id]}
    digest = {"lines": [line] * 8, "offset": v, "seen": {"p1": v, "p2": v + 4}}
    return {"memory": ThreadMemory(game_id, prompt_json=json.dumps(prompt),
                                   owing_json='["p1"]', digest_json=json.dumps(digest))}


async def _setup(db: Any, games: int) -> list[int]:
    ids = []
    for i in range(games):
        game = await lobby_db.create_game(db, guild_id=1, channel_id=10, host_id=1000 + i,
                                    thread_id=5000 + i, options={}, now=T0)
        for user in (1000 + i, 2000 + i):
            await lobby_db.join_seat(db, game.id, user_id=user, display_name=f"u{user}", now=T0)
        await lobby_db.start_game(db, game.id, initial_json=_state(0), seed=1, deadline=T0 + 3600,
                            remind_at=None, now=T0)
        ids.append(game.id)
    return ids


async def _instrument(db: Any, count: list[int]) -> None:
    """Count statements and COMMITs; time the writer lock (old: aiosqlite, new: backends)."""

    def trace(sql: str) -> None:
        count[0] += 1
        if sql.strip().upper().startswith("COMMIT"):
            count[1] += 1

    backend = getattr(db, "_backend", None)
    if backend is not None and not hasattr(backend, "_writer"):
        return  # PostgreSQL: no statement trace, no lock of ours
    if backend is not None:
        backend._writer.set_trace_callback(trace)
        backend._reader.set_trace_callback(trace)
        lock = TimedLock()
        backend._lock = lock
        if backend._read_lock is not lock and backend._reader is backend._writer:
            backend._read_lock = lock
    else:
        await db._conn.set_trace_callback(trace)  # aiosqlite (before the SQLite backend)
        db._lock = TimedLock()


async def run(args: argparse.Namespace) -> dict[str, Any]:
    from db import Database, notified

    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        if args.url:
            schema = f"bench_{os.getpid()}"
            url = args.url + ("&" if "?" in args.url else "?") + f"search_path={schema}"
            await _pg(args.url, f'CREATE SCHEMA "{schema}"')
            db = await Database.open(url)
        else:
            db = await Database.open(Path(tmp) / "bench.sqlite3", synchronous=args.synchronous)
        try:
            ids = await _setup(db, args.games)
            versions = dict.fromkeys(ids, 0)
            count = [0, 0]
            await _instrument(db, count)
            latencies: list[float] = []
            queue = list(ids) * (args.decisions // len(ids) + 1)
            queue = queue[: args.decisions]

            async def player(mine: list[int]) -> None:
                for game_id in mine:
                    v = versions[game_id]
                    start = time.perf_counter()
                    player_id = str((1000 if v % 2 == 0 else 2000) + ids.index(game_id))
                    await games_db.append_decision(db, game_id, v, player_id,
                                             f"move {v}", _state(v + 1), v + 1,
                                             deadline=T0 + 7200, now=T0 + v)
                    await notified.record(db, game_id, v + 1, prompt_version=v + 1, auto=False,
                                          hands={player_id: "a,b"},
                                          **_memory(notified, game_id, v))
                    latencies.append(time.perf_counter() - start)
                    versions[game_id] = v + 1

            # Each player owns its games, so no decision is stale (as the referee's per-game lock).
            owned: list[list[int]] = [[] for _ in range(args.players)]
            for game_id in queue:
                owned[ids.index(game_id) % args.players].append(game_id)
            cpu0, wall0 = time.process_time(), time.perf_counter()
            await asyncio.gather(*(player(m) for m in owned))
            cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
        finally:
            await db.close()
            if args.url:
                await _pg(args.url, f'DROP SCHEMA "{schema}" CASCADE')
    n = len(latencies)
    q = statistics.quantiles(latencies, n=100)
    return {
        "decisions": n, "players": args.players,
        "backend": "postgresql" if args.url else f"sqlite synchronous={args.synchronous}",
        "decisions_per_s": round(n / wall, 1),
        "latency_p50_ms": round(1000 * q[49], 2), "latency_p99_ms": round(1000 * q[98], 2),
        "cpu_ms_per_decision": round(1000 * cpu / n, 3),
        "statements_per_decision": round(count[0] / n, 1),
        "commits_per_decision": round(count[1] / n, 3),
        "lock_held_ms_per_decision": round(1000 * TimedLock.held / n, 3),
        "load_avg": [round(x, 2) for x in os.getloadavg()],
    }


async def _pg(url: str, sql: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks db")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=50, help="concurrent deciding tasks")
    parser.add_argument("--decisions", type=int, default=2000)
    parser.add_argument("--synchronous", default="FULL", choices=["OFF", "NORMAL", "FULL"])
    parser.add_argument("--dir", default=None, help="where the database file goes")
    parser.add_argument("--url", default=None, help="a postgresql:// server instead of SQLite")
    parser.add_argument("--code", default=None, help="import db from this checkout")
    args = parser.parse_args(argv)
    if args.code:
        sys.path.insert(0, str(Path(args.code).resolve()))
        for name in [m for m in sys.modules if m == "db" or m.startswith("db.")]:
            del sys.modules[name]
    result = asyncio.run(run(args))
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:28} {value}")
    return 0
