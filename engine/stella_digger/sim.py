"""Stella Digger's own simulator report: ``python -m engine sim --players N --games G --seed S
[--agents a,b] [--json]`` (the simulator, engine/sim.py, hands Stella Digger to it; ``--generic``
plays it like any game).

Plays whole games with agents (random by default), checks the invariants after every decision,
and reports speed, game length, how games ended, score spread, and win rates with 95% Wilson
intervals per seat, per turn position (counted from the first start player) and per agent.
``--budget-ms`` sets the strong agent's time per decision, ``--workers`` plays games in
parallel processes, ``--plot FILE.png`` draws the score distributions per agent and where
their points come from. With two agents of a pair the README sets a target for (easy against
random, strong against easy, 2 players), the report says whether the target is met.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from engine.agents import Agent, get_agent
from engine.sim import wilson
from engine.stella_digger.game import GAME
from engine.stella_digger.invariants import violations
from engine.stella_digger.rounds.scoring import PARTS as PART_NAMES
from engine.stella_digger.rounds.scoring import score
from engine.stella_digger.shape import shape_violations


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
    first: int = 0  # the seat of the first start player (turn position 0)


def play_game(players: int, seed: int, agent_names: list[str], red_tears: bool = False,
              check: bool = True, max_decisions: int = 20_000, **agent_options: Any) -> GameRecord:
    """One game; agent ``agent_names[i]`` sits in seat i (seats rotate with the seed upstream)."""
    ids = [f"p{i + 1}" for i in range(players)]
    state = GAME.new_game(ids, {"red_tears": red_tears}, seed)
    first = state.start
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
            found = shape_violations(state) or violations(state)
            if found:
                problems += [f"seed {seed}, decision {decisions}: {v}" for v in found]
                break
    if not state.ended:
        problems.append(f"seed {seed}: no end after {decisions} decisions")
    return GameRecord(seed, [agent_names[by_id[p.id]] for p in state.players], decisions,
                      state.round, state.end_reason or "unfinished",
                      [by_id[w] for w in state.winners], [score(p)["total"] for p in state.players],
                      [score(p) for p in state.players], problems, first)


def summarise(records: list[GameRecord], seconds: float) -> dict[str, Any]:
    n = len(records)
    seat_wins: defaultdict[int, float] = defaultdict(float)
    position_wins: defaultdict[int, float] = defaultdict(float)
    agent_wins: defaultdict[str, float] = defaultdict(float)
    agent_games: Counter[str] = Counter()
    parts: defaultdict[str, list[int]] = defaultdict(list)
    for r in records:
        for seat in r.winners:
            seat_wins[seat] += 1 / len(r.winners)
            position_wins[(seat - r.first) % len(r.agents)] += 1 / len(r.winners)
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
        "end_reason_shares": {k: _rate(v, n) for k, v in
                              sorted(Counter(r.end_reason for r in records).items())},
        "rounds": {"min": min((r.rounds for r in records), default=0),
                   "max": max((r.rounds for r in records), default=0)},
        "scores": {"min": min(totals, default=0), "max": max(totals, default=0),
                   "mean": round(statistics.mean(totals), 2) if totals else 0,
                   "stdev": round(statistics.pstdev(totals), 2) if totals else 0},
        "win_rate_by_seat": {str(s): _rate(seat_wins[s], n) for s in range(seats)},
        "win_rate_by_position": {str(s): _rate(position_wins[s], n) for s in range(seats)},
        "seat_order_test": _uniform_test([position_wins[s] for s in range(seats)]),
        "win_rate_by_agent": {a: _rate(agent_wins[a], agent_games[a]) for a in sorted(agent_games)},
        "scores_by_agent": {a: sorted(t for r in records for seat, t in enumerate(r.totals)
                                      if r.agents[seat] == a) for a in sorted(agent_games)},
        "targets": _targets(records, agent_wins, agent_games),
        "mean_score_parts": {k: round(statistics.mean(v), 2) for k, v in sorted(parts.items())},
        "invariant_violations": sum(len(r.violations) for r in records),
        "violations": [v for r in records for v in r.violations][:20],
    }


def _uniform_test(wins: list[float]) -> dict[str, float]:
    """Pearson's chi-square test that every turn position wins equally often (df = positions
    - 1, exact survival function for 1-3 degrees of freedom); a small p says seat order
    matters."""
    k, total_wins = len(wins), sum(wins)
    if k < 2 or total_wins == 0:
        return {"chi2": 0.0, "df": max(0, k - 1), "p": 1.0}
    expected = total_wins / k
    x = sum((w - expected) ** 2 / expected for w in wins)
    df = k - 1
    if df == 1:
        p = math.erfc(math.sqrt(x / 2))
    elif df == 2:
        p = math.exp(-x / 2)
    else:
        p = math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2)
    return {"chi2": round(x, 3), "df": df, "p": round(p, 4)}


#: README targets: (agent, opponent, players, minimum win rate over 2-player games).
TARGETS = (("easy", "random", 2, 0.80), ("strong", "easy", 2, 0.65))


def _targets(records: list[GameRecord], wins: dict[str, float], games: Counter[str]
             ) -> list[dict[str, Any]]:
    """The README's targets this run speaks to: same two agents, two players."""
    out = []
    names = {a for r in records for a in r.agents}
    for agent, other, players, goal in TARGETS:
        if names != {agent, other} or any(len(r.agents) != players for r in records):
            continue
        rate = wins[agent] / games[agent] if games[agent] else 0.0
        lo, hi = wilson(wins[agent], games[agent])
        out.append({"agent": agent, "against": other, "goal": goal, "rate": round(rate, 4),
                    "ci95": [round(lo, 4), round(hi, 4)], "met": rate >= goal})
    return out


def _rate(wins: float, n: int) -> dict[str, Any]:
    """Share of ``n`` seat-games won (an agent in two seats of a game counts it twice)."""
    lo, hi = wilson(wins, n)
    return {"rate": round(wins / n, 4) if n else 0.0, "ci95": [round(lo, 4), round(hi, 4)],
            "games": n}


def run(args: argparse.Namespace, clock: Callable[[], float]) -> dict[str, Any]:
    """The games of ``args``, played and summarised; ``clock`` (seconds) times them for the
    report's games per second (given by ``engine.sim``: the rules read no clock)."""
    agents = args.agents.split(",") if args.agents else ["random"] * args.players
    if len(agents) != args.players:
        raise SystemExit(f"--agents names {len(agents)} agents for {args.players} players")
    options: dict[str, Any] = {}
    if getattr(args, "budget_ms", None) is not None:
        options["budget_ms"] = args.budget_ms
    # rotate agents around the seats so that seat order and agent strength separate
    jobs = [(args.players, args.seed + i, agents[i % len(agents):] + agents[:i % len(agents)],
             args.red_tears, not args.no_check) for i in range(args.games)]
    records: list[GameRecord] = []
    start = clock()
    progress = None
    if not args.json and sys.stderr.isatty():
        from rich.progress import Progress

        progress = Progress(transient=True)
    task = progress.add_task("playing", total=args.games) if progress else None
    if progress:
        progress.start()

    log = None
    if getattr(args, "records", None):
        log = open(args.records, "w", encoding="utf-8")  # noqa: SIM115  (closed below)

    def done(record: GameRecord) -> None:
        records.append(record)
        if log is not None:
            log.write(json.dumps(asdict(record)) + "\n")
            log.flush()
        if progress and task is not None:
            progress.advance(task)
        elif not args.json and len(records) % max(1, args.games // 10) == 0:
            print(f"  {len(records)}/{args.games} games", file=sys.stderr)

    try:
        workers = max(1, getattr(args, "workers", 1) or 1)
        if workers == 1:
            for job in jobs:
                done(play_game(*job, **options))
        else:
            from concurrent.futures import ProcessPoolExecutor, as_completed

            with ProcessPoolExecutor(max_workers=workers) as pool:
                futures = [pool.submit(play_game, *job, **options) for job in jobs]
                for future in as_completed(futures):
                    done(future.result())
    finally:
        if progress:
            progress.stop()
        if log is not None:
            log.close()
    records.sort(key=lambda r: r.seed)
    report = summarise(records, clock() - start)
    if options:
        report["agent_options"] = options
    return report


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--agents", help="comma-separated agent per seat, e.g. easy,random")
    parser.add_argument("--red-tears", action="store_true", help="play with the Red Tears rule")
    parser.add_argument("--no-check", action="store_true", help="skip the invariant checks")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--budget-ms", type=float, default=None,
                        help="the strong agent's time per decision in ms (default 1000)")
    parser.add_argument("--workers", type=int, default=1,
                        help="play games in this many processes (default 1)")
    parser.add_argument("--records", metavar="FILE.jsonl",
                        help="write each finished game's record to this file, one JSON per line")
    parser.add_argument("--plot", metavar="FILE.png",
                        help="draw the score distributions per agent to this PNG file")


def print_report(report: dict[str, Any]) -> None:
    print(f"{report['games']} games in {report['seconds']} s "
          f"({report['games_per_second']} games/s)")
    print(f"decisions per game {report['decisions_per_game']}, mean rounds "
          f"{report['mean_rounds']}")
    print("end reasons: " + ", ".join(
        f"{k} {v['rate']:.1%} ({v['ci95'][0]:.1%}-{v['ci95'][1]:.1%})"
        for k, v in report["end_reason_shares"].items()))
    if "agent_options" in report:
        print("agent options: " + ", ".join(f"{k}={v}" for k, v in report["agent_options"].items()))
    s = report["scores"]
    print(f"scores: min {s['min']}, mean {s['mean']}, max {s['max']}, stdev {s['stdev']}")
    for label, key in (("seat", "win_rate_by_seat"), ("turn position", "win_rate_by_position"),
                       ("agent", "win_rate_by_agent")):
        for name, r in report[key].items():
            print(f"win rate {label} {name}: {r['rate']:.1%} "
                  f"(95% CI {r['ci95'][0]:.1%}-{r['ci95'][1]:.1%}, {r['games']} games)")
    t = report["seat_order_test"]
    print(f"seat order (turn position from the first start player): chi-square {t['chi2']}, "
          f"df {t['df']}, p {t['p']}" + (" (matters)" if t["p"] < 0.05 else " (no evidence)"))
    print("mean score parts: " + ", ".join(f"{k} {v}" for k, v in report["mean_score_parts"].items()))
    for t in report["targets"]:
        print(f"target: {t['agent']} beats {t['against']} in at least {t['goal']:.0%} of 2-player "
              f"games: {t['rate']:.1%} (95% CI {t['ci95'][0]:.1%}-{t['ci95'][1]:.1%}) "
              f"{'MET' if t['met'] else 'NOT MET'}")
    print(f"invariant violations: {report['invariant_violations']}")
    for v in report["violations"]:
        print(f"  {v}")


_PALETTE = ((31, 119, 180), (214, 39, 40), (44, 160, 44), (148, 103, 189), (255, 127, 14),
            (140, 86, 75))


def plot(report: dict[str, Any], path: str) -> None:
    """Score distributions per agent (share of seat-games per 5-point bin) and, beside them, the
    mean score parts per agent (where the points come from), as a PNG drawn with Pillow."""
    from PIL import Image, ImageDraw, ImageFont

    width, height = 1000, 520
    img = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(img)
    font = ImageFont.load_default(size=13)
    small = ImageFont.load_default(size=11)
    scores: dict[str, list[int]] = report["scores_by_agent"]
    agents = sorted(scores)
    colour = {a: _PALETTE[i % len(_PALETTE)] for i, a in enumerate(agents)}
    draw.text((20, 10), f"Final scores over {report['games']} games "
              f"({', '.join(f'{a} {len(scores[a])} seat-games' for a in agents)})",
              fill="black", font=font)
    # -- left: histograms as step lines ---------------------------------------------------
    left, top, right, bottom = 60, 50, 560, 460
    everything = [t for a in agents for t in scores[a]] or [0]
    lo, hi = 5 * (min(everything) // 5), 5 * (max(everything) // 5 + 1)
    bins = list(range(lo, hi + 1, 5))
    shares: dict[str, list[float]] = {}
    for a in agents:
        counts = [0] * (len(bins) - 1)
        for t in scores[a]:
            counts[min(len(counts) - 1, (t - lo) // 5)] += 1
        shares[a] = [c / max(1, len(scores[a])) for c in counts]
    peak = max((max(v) for v in shares.values() if v), default=1.0) or 1.0
    draw.rectangle((left, top, right, bottom), outline="black")

    def x_of(value: float) -> float:
        return left + (value - lo) / max(1, hi - lo) * (right - left)

    def y_of(share: float) -> float:
        return bottom - share / peak * (bottom - top - 10)

    for b in bins[::max(1, len(bins) // 10)]:
        draw.line((x_of(b), bottom, x_of(b), bottom + 4), fill="black")
        draw.text((x_of(b) - 8, bottom + 6), str(b), fill="black", font=small)
    for frac in (0.25, 0.5, 0.75, 1.0):
        y = y_of(peak * frac)
        draw.line((left - 4, y, left, y), fill="black")
        draw.text((8, y - 6), f"{peak * frac:.0%}", fill="black", font=small)
    draw.text((left + 150, bottom + 22), "final score (5-point bins)", fill="black", font=font)
    for a in agents:
        points: list[tuple[float, float]] = []
        for i, share in enumerate(shares[a]):
            points += [(x_of(bins[i]), y_of(share)), (x_of(bins[i + 1]), y_of(share))]
        if points:
            draw.line(points, fill=colour[a], width=2)
    for i, a in enumerate(agents):
        mean = statistics.mean(scores[a]) if scores[a] else 0
        draw.rectangle((right - 150, top + 10 + 18 * i, right - 138, top + 22 + 18 * i),
                       fill=colour[a])
        draw.text((right - 132, top + 9 + 18 * i), f"{a} (mean {mean:.1f})", fill="black",
                  font=small)
    # -- right: mean score parts, one stacked bar per agent ---------------------------------
    parts = report["mean_score_parts"]
    px0, px1 = 620, 960
    draw.text((px0, top - 20), "mean score parts per agent", fill="black", font=font)
    part_colours = dict(zip(PART_NAMES, ((31, 119, 180), (140, 86, 75), (44, 160, 44),
                                         (152, 223, 138), (255, 187, 120), (148, 103, 189),
                                         (214, 39, 40)), strict=True))
    biggest = max((sum(max(0.0, parts.get(f"{a}.{p}", 0.0)) for p in PART_NAMES)
                   for a in agents), default=1.0) or 1.0
    least = min((parts.get(f"{a}.unplaced_drills", 0.0) for a in agents), default=0.0)
    span = biggest - least or 1.0
    zero = px0 + 70 + (-least) / span * (px1 - px0 - 70)
    scale = (px1 - px0 - 70) / span
    for i, a in enumerate(agents):
        y = top + 10 + 40 * i
        draw.text((px0, y + 6), a, fill="black", font=small)
        x = zero
        for p in PART_NAMES:
            v = parts.get(f"{a}.{p}", 0.0)
            if v > 0:
                draw.rectangle((x, y, x + v * scale, y + 24), fill=part_colours[p])
                x += v * scale
            elif v < 0:
                draw.rectangle((zero + v * scale, y, zero, y + 24), fill=part_colours[p])
    draw.line((zero, top, zero, top + 40 * len(agents) + 10), fill="black")
    for j, p in enumerate(PART_NAMES):
        y = top + 40 * len(agents) + 30 + 18 * j
        draw.rectangle((px0, y, px0 + 12, y + 12), fill=part_colours[p])
        draw.text((px0 + 18, y - 1), p.replace("_", " "), fill="black", font=small)
    img.save(path)


def main(argv: list[str], clock: Callable[[], float]) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine sim", description=__doc__)
    add_arguments(parser)
    args = parser.parse_args(argv)
    report = run(args, clock)
    if args.plot:
        plot(report, args.plot)
    if args.json:
        print(json.dumps(report))
    else:
        print_report(report)
    return 1 if report["invariant_violations"] else 0
