"""Engine speed: complete random 4-player games per second on one core, with legal-decision
listing, and the median cost of one apply and one listing; the size of a stored state.

    python -m benchmarks engine [--game G] [--games N] [--players P] [--repeat R] [--json]
Targets (issue): >= 100 games/s; a stored state under 20 KB of JSON. The games are played R
times (default 3, each in a fresh process state of the same seeds); ``games_per_second`` is the
best run, as ``timeit`` advises (slower runs measure other load on the machine, not the engine),
and every run is listed. Games per CPU-second are printed too. ``--game`` measures any
registered game the same way (random decisions from its ``ai.random_decision``, every owed
player answering in a random order; default stella-digger, whose random agent picks a kind of
decision first).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from engine import GAMES, game_module, get_game
from engine.agents import RandomAgent
from engine.core.rng import Rng, seed_state
from engine.stella_digger.agents.caches import clear as clear_caches


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks engine")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--game", default="stella-digger", help=f"one of {', '.join(GAMES)}")
    args = parser.parse_args(argv)
    if args.game not in GAMES:
        parser.error(f"there is no game called {args.game!r}; the games are {', '.join(GAMES)}")
    if args.game != "stella-digger":
        report = generic(args.game, args.games, args.players, args.seed, args.repeat)
        _print(report, args.json)
        return 0
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
    validate_us: list[float] = []  # every state the referee loads is validated (issue 10)
    most_legal = 0
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
            g.validate(state)
            t4 = time.perf_counter()
            legal_us.append((t1 - t0) * 1e6)
            apply_us.append((t3 - t2) * 1e6)
            validate_us.append((t4 - t3) * 1e6)
            most_legal = max(most_legal, len(legal))
            largest = max(largest, len(g.dump(state)))

    report = {
        "game": "stella-digger",
        "games": args.games,
        "players": args.players,
        "games_per_second": round(args.games / seconds, 1),
        "games_per_second_runs": [round(args.games / wall, 1) for wall, _ in runs],
        "cpu_games_per_second": round(args.games / cpu_seconds, 1),
        "decisions_per_game": round(decisions / args.games, 1),
        "apply_us_median": round(statistics.median(apply_us), 1),
        "legal_us_median": round(statistics.median(legal_us), 1),
        "legal_us_p99": round(_p99(legal_us), 1),
        "legal_us_max": round(max(legal_us), 1),
        "legal_most_decisions": most_legal,
        "validate_us_median": round(statistics.median(validate_us), 1),
        "validate_us_p99": round(_p99(validate_us), 1),
        "state_json_bytes": largest,
    }
    _print(report, args.json)
    return 0


def _p99(values: list[float]) -> float:
    return sorted(values)[int(len(values) * 0.99)]


def _print(report: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(report))
        return
    print(f"{report['games']} random {report['players']}-player games of {report['game']}: "
          f"{report['games_per_second']} games/s (target >= 100; "
          f"{report['cpu_games_per_second']} per CPU-second; best of runs "
          f"{report['games_per_second_runs']}), {report['decisions_per_game']} decisions per game")
    print(f"median apply {report['apply_us_median']} us, median legal listing "
          f"{report['legal_us_median']} us")
    if "validate_us_median" in report:
        print(f"legal listing p99 {report['legal_us_p99']} us, max {report['legal_us_max']} us, "
              f"at most {report['legal_most_decisions']} decisions; validate median "
              f"{report['validate_us_median']} us, p99 {report['validate_us_p99']} us")
    print(f"largest stored state: {report['state_json_bytes']} bytes of JSON (target < 20000)")


class _Holder:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def generic(name: str, games: int, players: int, seed: int, repeat: int) -> dict[str, Any]:
    """Whole random games of any game: ``ai.random_decision`` for whoever owes (a random one
    of them when several do), then ``apply``; the per-call medians time one call at a time."""
    g = get_game(name)
    ai = game_module(name, "ai")
    players = max(g.min_players, min(players, g.max_players))
    ids = [f"p{i}" for i in range(players)]
    runs: list[tuple[float, float]] = []
    apply_us: list[float] = []
    legal_us: list[float] = []
    decisions = largest = 0
    for run in range(max(1, repeat) + 1):  # the last pass times single calls
        timed = run == max(1, repeat)
        start, cpu_start = time.perf_counter(), time.process_time()
        for i in range(games if not timed else min(games, 40)):
            state = g.new_game(ids, {}, seed + i)
            rng = Rng(_Holder(seed + i))
            while owed := g.owed(state):
                player = owed[rng.below(len(owed))].player
                t0 = time.perf_counter()
                action = ai.random_decision(g, state, player, rng)
                t1 = time.perf_counter()
                g.apply(state, player, action)
                t2 = time.perf_counter()
                if timed:
                    legal_us.append((t1 - t0) * 1e6)
                    apply_us.append((t2 - t1) * 1e6)
                    largest = max(largest, len(g.dump(state)))
                elif run == 0:
                    decisions += 1
        if not timed:
            runs.append((time.perf_counter() - start, time.process_time() - cpu_start))
    seconds = min(wall for wall, _ in runs)
    return {
        "game": name,
        "games": games,
        "players": players,
        "games_per_second": round(games / seconds, 1),
        "games_per_second_runs": [round(games / wall, 1) for wall, _ in runs],
        "cpu_games_per_second": round(games / min(cpu for _, cpu in runs), 1),
        "decisions_per_game": round(decisions / games, 1),
        "apply_us_median": round(statistics.median(apply_us), 1) if apply_us else 0.0,
        "legal_us_median": round(statistics.median(legal_us), 1) if legal_us else 0.0,
        "state_json_bytes": largest,
    }
