"""Engine speed: complete random 4-player games per second on one core, with legal-decision
listing, and the median cost of one apply and one listing; the size of a stored state.

    python -m benchmarks engine [--games N] [--players P] [--repeat R] [--json]
Targets (issue): >= 100 games/s; a stored state under 20 KB of JSON. The games are played R
times (default 3, each in a fresh process state of the same seeds); ``games_per_second`` is the
best run, as ``timeit`` advises (slower runs measure other load on the machine, not the engine),
and every run is listed. Games per CPU-second are printed too.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from engine import get_game
from engine.agents import RandomAgent
from engine.stella_digger.caches import clear as clear_caches


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks engine")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    g = get_game("stella-digger")
    ids = [f"p{i}" for i in range(args.players)]

    # 1. throughput: whole games, legal listing + random choice + apply, nothing else
    runs: list[tuple[float, float]] = []
    for _ in range(max(1, args.repeat)):
        clear_caches()  # every run starts cold, as a fresh process would
        decisions = 0
        finals = []
        start, cpu_start = time.perf_counter(), time.process_time()
        for i in range(args.games):
            state = g.new_game(ids, {}, args.seed + i)
            agent = RandomAgent(seed=i)
            while not state.ended:
                owed = g.to_act(state)
                g.apply(state, owed.player, agent.choose({}, g.legal(state)))
                decisions += 1
            finals.append(state)
        runs.append((time.perf_counter() - start, time.process_time() - cpu_start))
    largest = max(len(g.dump(state)) for state in finals)
    seconds = min(wall for wall, _ in runs)
    cpu_seconds = min(cpu for _, cpu in runs)

    # 2. per-call medians, timed one call at a time over a second pass of fewer games
    apply_us: list[float] = []
    legal_us: list[float] = []
    for i in range(min(args.games, 40)):
        state = g.new_game(ids, {}, args.seed + i)
        agent = RandomAgent(seed=i)
        while not state.ended:
            owed = g.to_act(state)
            t0 = time.perf_counter()
            legal = g.legal(state)
            t1 = time.perf_counter()
            action = agent.choose({}, legal)
            t2 = time.perf_counter()
            g.apply(state, owed.player, action)
            t3 = time.perf_counter()
            legal_us.append((t1 - t0) * 1e6)
            apply_us.append((t3 - t2) * 1e6)
            largest = max(largest, len(g.dump(state)))

    report = {
        "games": args.games,
        "players": args.players,
        "games_per_second": round(args.games / seconds, 1),
        "games_per_second_runs": [round(args.games / wall, 1) for wall, _ in runs],
        "cpu_games_per_second": round(args.games / cpu_seconds, 1),
        "decisions_per_game": round(decisions / args.games, 1),
        "apply_us_median": round(statistics.median(apply_us), 1),
        "legal_us_median": round(statistics.median(legal_us), 1),
        "state_json_bytes": largest,
    }
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{report['games']} random {args.players}-player games: "
              f"{report['games_per_second']} games/s (target >= 100; "
              f"{report['cpu_games_per_second']} per CPU-second; best of runs "
              f"{report['games_per_second_runs']}), {report['decisions_per_game']} decisions per game")
        print(f"median apply {report['apply_us_median']} us, median legal listing "
              f"{report['legal_us_median']} us")
        print(f"largest stored state: {largest} bytes of JSON (target < 20000)")
    return 0
