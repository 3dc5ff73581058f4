"""Self-play: ``python -m engine sim --players N --games G --seed S [--agents a,b] [--json]``.

Plays whole games with agents (random by default), checks the invariants after every decision,
and reports speed, game length, how games ended, score spread, and win rates with 95% Wilson
intervals per seat and per agent.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from .agents import Agent, get_agent
from .stella_digger.game import GAME
from .stella_digger.invariants import violations
from .stella_digger.scoring import score

PART_NAMES = ("vp_tiles", "monsters", "gadgets", "gadget_bonus", "crystals", "drills",
              "unplaced_drills")


@dataclass
class GameRecord:
    seed: int
    agents: list[str]  # by seat
    decisions: int
    rounds: int
    end_reason: str
    winners: list[int]  # seats
    totals: list[int]
    parts: list[dict[str, int]]
    violations: list[str] = field(default_factory=list)


def play_game(players: int, seed: int, agent_names: list[str], red_tears: bool = False,
              check: bool = True, max_decisions: int = 20_000, **agent_options: Any) -> GameRecord:
    """One game; agent ``agent_names[i]`` sits in seat i (seats rotate with the seed upstream)."""
    ids = [f"p{i + 1}" for i in range(players)]
    state = GAME.new_game(ids, {"red_tears": red_tears}, seed)
    by_id = {p.id: seat for seat, p in enumerate(state.players)}
    agents: dict[str, Agent] = {
        p.id: get_agent(agent_names[seat], seed=seed * 31 + seat, **agent_options)
        for seat, p in enumerate(state.players)}
    problems: list[str] = []
    decisions = 0
    while not state.ended and decisions < max_decisions:
        owed = GAME.to_act(state)
        assert owed is not None
        agent = agents[owed.player]
        view = GAME.view(state, owed.player) if getattr(agent, "needs_view", True) else {}
        action = agent.choose(view, GAME.legal(state))
        GAME.apply(state, owed.player, action)
        decisions += 1
        if check:
            found = violations(state)
            if found:
                problems += [f"seed {seed}, decision {decisions}: {v}" for v in found]
                break
    if not state.ended:
        problems.append(f"seed {seed}: no end after {decisions} decisions")
    return GameRecord(seed, [agent_names[by_id[p.id]] for p in state.players], decisions,
                      state.round, state.end_reason or "unfinished",
                      [by_id[w] for w in state.winners], [score(p)["total"] for p in state.players],
                      [score(p) for p in state.players], problems)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarise(records: list[GameRecord], seconds: float) -> dict[str, Any]:
    n = len(records)
    seat_wins: defaultdict[int, float] = defaultdict(float)
    agent_wins: defaultdict[str, float] = defaultdict(float)
    agent_games: Counter[str] = Counter()
    parts: defaultdict[str, list[int]] = defaultdict(list)
    for r in records:
        for seat in r.winners:
            seat_wins[seat] += 1 / len(r.winners)
            agent_wins[r.agents[seat]] += 1 / len(r.winners)
        for seat, name in enumerate(r.agents):
            agent_games[name] += 1
            for part in PART_NAMES:
                parts[f"{name}.{part}"].append(r.parts[seat][part])
    seats = max((len(r.agents) for r in records), default=0)
    totals = [t for r in records for t in r.totals]
    return {
        "games": n,
        "seconds": round(seconds, 3),
        "games_per_second": round(n / seconds, 2) if seconds else None,
        "decisions_per_game": round(statistics.mean(r.decisions for r in records), 1) if n else 0,
        "mean_rounds": round(statistics.mean(r.rounds for r in records), 2) if n else 0,
        "end_reasons": dict(Counter(r.end_reason for r in records)),
        "scores": {"min": min(totals, default=0), "max": max(totals, default=0),
                   "mean": round(statistics.mean(totals), 2) if totals else 0,
                   "stdev": round(statistics.pstdev(totals), 2) if totals else 0},
        "win_rate_by_seat": {str(s): _rate(seat_wins[s], n) for s in range(seats)},
        "win_rate_by_agent": {a: _rate(agent_wins[a], agent_games[a]) for a in sorted(agent_games)},
        "mean_score_parts": {k: round(statistics.mean(v), 2) for k, v in sorted(parts.items())},
        "invariant_violations": sum(len(r.violations) for r in records),
        "violations": [v for r in records for v in r.violations][:20],
    }


def _rate(wins: float, n: int) -> dict[str, Any]:
    """Share of ``n`` seat-games won (an agent in two seats of a game counts it twice)."""
    lo, hi = wilson(wins, n)
    return {"rate": round(wins / n, 4) if n else 0.0, "ci95": [round(lo, 4), round(hi, 4)],
            "games": n}


def run(args: argparse.Namespace) -> dict[str, Any]:
    agents = args.agents.split(",") if args.agents else ["random"] * args.players
    if len(agents) != args.players:
        raise SystemExit(f"--agents names {len(agents)} agents for {args.players} players")
    records: list[GameRecord] = []
    start = time.perf_counter()
    progress = None
    if not args.json and sys.stderr.isatty():
        from rich.progress import Progress

        progress = Progress(transient=True)
    task = progress.add_task("playing", total=args.games) if progress else None
    if progress:
        progress.start()
    try:
        for i in range(args.games):
            # rotate agents around the seats so that seat order and agent strength separate
            rotated = agents[i % len(agents):] + agents[:i % len(agents)]
            records.append(play_game(args.players, args.seed + i, rotated, args.red_tears,
                                     check=not args.no_check))
            if progress and task is not None:
                progress.advance(task)
            elif not args.json and (i + 1) % max(1, args.games // 10) == 0:
                print(f"  {i + 1}/{args.games} games", file=sys.stderr)
    finally:
        if progress:
            progress.stop()
    return summarise(records, time.perf_counter() - start)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--agents", help="comma-separated agent per seat, e.g. easy,random")
    parser.add_argument("--red-tears", action="store_true", help="play with the Red Tears rule")
    parser.add_argument("--no-check", action="store_true", help="skip the invariant checks")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def print_report(report: dict[str, Any]) -> None:
    print(f"{report['games']} games in {report['seconds']} s "
          f"({report['games_per_second']} games/s)")
    print(f"decisions per game {report['decisions_per_game']}, mean rounds "
          f"{report['mean_rounds']}")
    print("end reasons: " + ", ".join(f"{k} {v}" for k, v in sorted(report["end_reasons"].items())))
    s = report["scores"]
    print(f"scores: min {s['min']}, mean {s['mean']}, max {s['max']}, stdev {s['stdev']}")
    for label, key in (("seat", "win_rate_by_seat"), ("agent", "win_rate_by_agent")):
        for name, r in report[key].items():
            print(f"win rate {label} {name}: {r['rate']:.1%} "
                  f"(95% CI {r['ci95'][0]:.1%}-{r['ci95'][1]:.1%}, {r['games']} games)")
    print("mean score parts: " + ", ".join(f"{k} {v}" for k, v in report["mean_score_parts"].items()))
    print(f"invariant violations: {report['invariant_violations']}")
    for v in report["violations"]:
        print(f"  {v}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine sim", description=__doc__)
    add_arguments(parser)
    args = parser.parse_args(argv)
    report = run(args)
    if args.json:
        print(json.dumps(report))
    else:
        print_report(report)
    return 1 if report["invariant_violations"] else 0
