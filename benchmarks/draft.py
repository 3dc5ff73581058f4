"""One Out of Mine! draft step as a player waits for it: ``python -m benchmarks draft``.

A step is what ``/game draft`` does before it answers: the referee's ``Sessions.draft`` (the
engine's ``options`` check of the grown draft, the draft saved with its marks in SQLite, the
completeness check), ``Sessions.draft_picture`` (the player's own view, the private draft
picture) and ``Sessions.draft_panel`` (the take-back buttons and the select of the tile kinds
that still fit). Measured on seeded 2-player games, each player placing the first legal tile
until none fits; prints p50, p99 and the slowest step in wall-clock time and the p99 in CPU
time (this process's, which a loaded machine does not inflate), target p99 <= 150 ms, well
inside Discord's 3 s interaction limit.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from db import Database
from db import games as games_db
from engine import get_game
from referee.messages.outbox import MemoryOutbox
from referee.process.config import Settings
from referee.service import Referee

G = get_game("out-of-mine")
ANN, BOB = 101, 102


async def _game(ref: Referee, seed: int) -> int:
    game = await ref.lobby.open(guild_id=1, channel_id=10, host_id=ANN, host_name="Ann",
                                game_name="out-of-mine", options={"race": True}, turn_hours=1)
    await ref.lobby.join(game.id, BOB, "Bob")
    await ref.lobby.start(game.id, ANN, seed=seed)
    await ref.idle()
    return game.id


async def _steps(seeds: int) -> tuple[list[float], list[float]]:
    times: list[float] = []
    cpu: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        db = await Database.open(Path(tmp) / "bench.sqlite3", synchronous="OFF")
        ref = Referee(db, MemoryOutbox(), Settings(_env_file=None))  # type: ignore[call-arg]
        ref.sessions.draft_steps_per_minute = 10**9  # the steps back to back, unpaced
        try:
            for seed in range(1, seeds + 1):
                game_id = await _game(ref, seed)
                game = await games_db.get_game(db, game_id)
                for user in (ANN, BOB):
                    seat = game.seat_of_user(user)
                    assert seat is not None
                    table = await ref.sessions.table(game_id)
                    if any(o.player == seat.player_id and o.decision == "side"
                           for o in G.owed(table.state)):
                        await ref.sessions.decide(game_id, user, "side a")
                for user in (ANN, BOB):
                    seat = game.seat_of_user(user)
                    assert seat is not None
                    await ref.sessions.decide(game_id, user, "open")
                    words = ["dig"]
                    while True:
                        table = await ref.sessions.table(game_id)
                        nxt = G.options(table.state, seat.player_id, " ".join(words))
                        if not nxt:
                            break
                        words.append(nxt[0])
                        start, start_cpu = time.perf_counter(), time.process_time()
                        await ref.sessions.draft(game_id, user, " ".join(words))
                        picture = await ref.sessions.draft_picture(game_id, user)
                        panel = await ref.sessions.draft_panel(game_id, user)
                        times.append(time.perf_counter() - start)
                        cpu.append(time.process_time() - start_cpu)
                        assert picture is not None and panel is not None
        finally:
            await ref.close()
            await db.close()
    return times, cpu


def _p99(ms: list[float]) -> float:
    return round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 1)


def main(argv: list[str]) -> int:
    seeds = 6
    times, cpu = asyncio.run(_steps(seeds))
    ms = sorted(t * 1000 for t in times)
    cpu_ms = sorted(t * 1000 for t in cpu)
    figures = {"steps": len(ms), "p50_ms": round(statistics.median(ms), 1),
               "p99_ms": _p99(ms), "max_ms": round(ms[-1], 1), "cpu_p99_ms": _p99(cpu_ms),
               "target_p99_ms": 150}
    if "--json" in argv:
        print(json.dumps(figures))
    else:
        print(f"out-of-mine draft step (referee draft + private picture + panel), "
              f"{figures['steps']} steps: p50 {figures['p50_ms']} ms, p99 {figures['p99_ms']} ms, "
              f"max {figures['max_ms']} ms; CPU p99 {figures['cpu_p99_ms']} ms "
              f"(target p99 <= 150 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
