"""Mining Colony's solo winnability (issue 28): ``python -m benchmarks solo [--json] --agent
strong|easy --difficulty N --games G [--iterations K | --budget-ms B]``.

Plays ``G`` solo games against Zorlord with ``engine.sim.play`` (the simulator's own loop) and
prints wins / games with the 95% Wilson interval, seconds per game and the load average beside
them, and what blocked the lost games at the end (R24): squares left undeveloped, structure
colours missing, how many structures, items in the colony, credits left. ``--bound``
prints an upper bound from the resources a solo game offers instead (``resource_bound``);
``--plan [--widths 2,4,8] [--tiles 3]`` runs the omniscient planner (``solo_plan.py``) on each
seed instead of an agent (``planned``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from collections import Counter
from typing import Any

from engine.mining_colony.components import CREW_COLOURS, CRYSTAL_COLOURS, RESOURCE_CARDS
from engine.sim import play, wilson

COLOURS = CREW_COLOURS + CRYSTAL_COLOURS  # R24: outposts of crew colours, stations of crystal


def blockers(state: Any) -> dict[str, Any]:
    """What the solo player's final colony lacks for R24 (36 developed, 7 structure colours)."""
    p = state.players[0]
    built = {s.partition("/")[2] for s in p.colony.structures.values()}
    return {"undeveloped": 36 - len(p.colony.board), "structures": len(p.colony.structures),
            "missing": [c for c in COLOURS if c not in built], "items": len(p.colony.items),
            "credits": p.credits, "won": state.winners == [p.id]}


def resource_bound() -> dict[str, Any]:
    """An upper bound from what a solo game offers, geometry ignored: every resource card is
    flipped (R4, R19), zones 1 and 2 each round (R21); of the 1024 ways to take one zone per
    round, those holding 3 workers, 3 ships and 8 crystals (R14, R24), and those whose credits
    also balance at each difficulty (surplus items and tile squares over 30 discarded, R12;
    the round-10 award of 4, R22; against tokens on undeveloped squares at difficulty + 1 and
    colour exchanges at 1, R23). Ignored: tile packing, buildings, the 5-credit cap (R15)."""
    need = Counter({f"crystal/{c}": 2 for c in CRYSTAL_COLOURS})
    need.update({f"{k}/{c}": 1 for c in CREW_COLOURS for k in ("worker", "ship")})
    cards = [zones[:2] for zones in RESOURCE_CARDS.values()]
    kinds = 0
    credits: Counter[str] = Counter()
    for mask in range(1 << len(cards)):
        taken = [card[(mask >> i) & 1] for i, card in enumerate(cards)]
        squares = sum(int(size) for size, _ in taken)
        items = Counter(i for _, its in taken for i in its)
        have = Counter(i.partition("/")[0] for i in items.elements())
        if have["worker"] < 3 or have["ship"] < 3 or have["crystal"] < 8:
            continue
        kinds += 1
        swaps = sum(max(0, n - items[i]) for i, n in need.items())
        for level in range(1, 5):
            for award in (0, 4):
                gain = sum(items.values()) - 14 + max(0, squares - 30) + award
                if gain - swaps - (level + 1) * max(0, 30 - squares) >= 0:
                    credits[f"difficulty {level}, award {award}"] += 1
    return {"choices": 1 << len(cards), "items_suffice": kinds, "credits_balance": dict(credits)}


def run(agent: str, difficulty: int, games: int, seed: int, effort: dict[str, Any]
        ) -> dict[str, Any]:
    ends: list[dict[str, Any]] = []
    load_before = os.getloadavg()
    start = time.perf_counter()
    for i in range(games):
        play("mining-colony", 1, seed + i, {"difficulty": difficulty}, check=False,
             agents=[agent], effort=effort, on_end=lambda s: ends.append(blockers(s)))
    seconds = time.perf_counter() - start
    wins = sum(e["won"] for e in ends)
    lo, hi = wilson(wins, games)
    missing = Counter(c for e in ends for c in e["missing"])

    def mean(key: str) -> float:
        return round(statistics.mean(e[key] for e in ends), 2) if ends else 0.0

    return {"agent": agent, "difficulty": difficulty, "games": games, "wins": wins,
            "ci95": [round(lo, 4), round(hi, 4)], **effort,
            "seconds_per_game": round(seconds / games, 2) if games else 0.0,
            "load_before": [round(x, 2) for x in load_before],
            "load_after": [round(x, 2) for x in os.getloadavg()],
            "undeveloped_mean": mean("undeveloped"),
            "undeveloped_min": min((e["undeveloped"] for e in ends), default=0),
            "structures_mean": mean("structures"),
            "structures_max": max((e["structures"] for e in ends), default=0),
            "items_mean": mean("items"), "credits_mean": mean("credits"),
            "missing_colour_games": dict(sorted(missing.items()))}


def planned(difficulty: int, games: int, seed: int, widths: tuple[int, ...], tiles: int
            ) -> dict[str, Any]:
    """The omniscient planner on seeds ``seed``..``seed + games - 1``: each seed's line found
    (the widths tried in turn until one wins), replayed from the seed by the engine; wins with
    the 95% Wilson interval, what the lost ones missed at the end, seconds and load."""
    from benchmarks.solo_plan import plan_seed

    load_before = os.getloadavg()
    start = time.perf_counter()
    per_seed = []
    for i in range(games):
        found = plan_seed(seed + i, difficulty, widths, tiles)
        per_seed.append(found)
    seconds = time.perf_counter() - start
    wins = sum(f["won"] for f in per_seed)
    lo, hi = wilson(wins, games)
    lost = [f for f in per_seed if not f["won"]]
    missing = Counter(c for f in lost for c in f["missing"])
    return {"planner": "omniscient", "difficulty": difficulty, "games": games, "wins": wins,
            "ci95": [round(lo, 4), round(hi, 4)], "widths": list(widths), "tiles": tiles,
            "won_seeds": [f["seed"] for f in per_seed if f["won"]],
            "seconds_per_seed": round(seconds / games, 2) if games else 0.0,
            "load_before": [round(x, 2) for x in load_before],
            "load_after": [round(x, 2) for x in os.getloadavg()],
            "lost_undeveloped_mean": round(statistics.mean(f["undeveloped"] for f in lost), 2)
            if lost else 0.0,
            "lost_structures_mean": round(statistics.mean(f["structures"] for f in lost), 2)
            if lost else 0.0,
            "lost_missing_colour_games": dict(sorted(missing.items())), "seeds": per_seed}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks solo", description=__doc__)
    parser.add_argument("--agent", choices=("strong", "easy"), default="strong")
    parser.add_argument("--difficulty", type=int, choices=range(1, 5), default=1)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--budget-ms", type=float, default=None)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--bound", action="store_true",
                        help="print the resource bound (no games played)")
    parser.add_argument("--plan", action="store_true",
                        help="the omniscient planner (benchmarks/solo_plan.py) on each seed")
    parser.add_argument("--widths", default="2,4,8",
                        help="--plan: beam widths tried in turn until a line wins")
    parser.add_argument("--tiles", type=int, default=3,
                        help="--plan: tile placements tried per development turn")
    args = parser.parse_args(argv)
    if args.bound:
        print(json.dumps(resource_bound()))
        return 0
    if args.plan:
        widths = tuple(int(w) for w in args.widths.split(","))
        r = planned(args.difficulty, args.games, args.seed, widths, args.tiles)
        print(json.dumps(r) if args.json else "\n".join(f"{k}: {v}" for k, v in r.items()))
        return 0
    effort: dict[str, Any] = {}
    if args.iterations is not None:
        effort["iterations"] = args.iterations
    if args.budget_ms is not None:
        effort["budget_ms"] = args.budget_ms
    r = run(args.agent, args.difficulty, args.games, args.seed, effort)
    if args.json:
        print(json.dumps(r))
    else:
        for k, v in r.items():
            print(f"{k}: {v}")
    return 0
