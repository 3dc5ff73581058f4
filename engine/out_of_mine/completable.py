"""``python -m engine sim --game out-of-mine --completable``: how often each (card, side) pair is
completed by the AI levels, against the exhaustive search and the 789 of 800 that C5 states.

For every pair the exact cover search (solver.py, no budget) says whether the card's tiles can
cover the side; the ``strong`` level's dig (``ai.strong_dig``, its node budget) and the ``easy``
level's (``ai.heuristic_dig``) are played on it, and the report counts the complete boards of
each. ``strong`` must complete every completable pair (C5, R10): a pair it misses is listed.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from ..core.rng import Rng, seed_state
from . import ai
from .components import CARDS, GALLERY, SIDES
from .solver import cover

STATED = (789, 800)  # C5: pairs that can be covered completely, of all pairs


class _Held:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def _complete(dig: Any) -> bool:
    return sum(len(t.squares) for t in dig.tiles) == GALLERY


def report(sides: list[str] | None = None, cards: list[int] | None = None, seed: int = 1,
           options: dict[str, bool] | None = None) -> dict[str, Any]:
    """The counts over the pairs of ``sides`` x ``cards`` (default: all 20 x 40)."""
    sides = sides or sorted(SIDES, key=lambda s: (int(s[:-1]), s[-1]))
    cards = cards or sorted(CARDS)
    options = options or {"elves": True, "finds": True, "race": False}
    pairs = completable = strong = easy = 0
    misses: list[str] = []
    impossible: list[str] = []
    cpu: list[float] = []
    for side in sides:
        for card in cards:
            pairs += 1
            can = cover(side, card) is not None
            completable += can
            if not can:
                impossible.append(f"{card}@{side}")
            start = time.process_time()
            dig = ai.strong_dig(side, card, options, Rng(_Held(seed)))
            cpu.append(time.process_time() - start)
            done = _complete(dig)
            strong += done
            if can and not done:
                misses.append(f"{card}@{side}")
            easy += _complete(ai.heuristic_dig(side, card, options, Rng(_Held(seed))))
    cpu.sort()
    return {
        "pairs": pairs, "completable": completable, "stated": list(STATED),
        "strong_complete": strong, "easy_complete": easy,
        "strong_missed": misses, "impossible": impossible,
        "strong_cpu_ms": {"mean": round(1000 * sum(cpu) / len(cpu), 1),
                          "max": round(1000 * cpu[-1], 1)},
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine sim --game out-of-mine --completable",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--sides", help="board sides, comma-separated (default: all 20)")
    parser.add_argument("--cards", help="card numbers, comma-separated (default: all 40)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args([a for a in argv if a != "--completable"])
    sides = args.sides.split(",") if args.sides else None
    if sides and any(s not in SIDES for s in sides):
        parser.error(f"the sides are {', '.join(sorted(SIDES))}")
    try:
        cards = [int(c) for c in args.cards.split(",")] if args.cards else None
    except ValueError:
        parser.error("--cards takes card numbers, e.g. 1,7,20")
    if cards and any(c not in CARDS for c in cards):
        parser.error("the cards are numbered 1 to 40")
    out = report(sides, cards, args.seed)
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{out['pairs']} (card, side) pairs: {out['completable']} completable by the "
              f"exhaustive search (C5 states {STATED[0]} of {STATED[1]}); strong completed "
              f"{out['strong_complete']}, easy {out['easy_complete']}")
        print(f"strong missed {len(out['strong_missed'])} completable pairs"
              + (f": {', '.join(out['strong_missed'])}" if out["strong_missed"] else ""))
        print(f"not completable: {', '.join(out['impossible']) or 'none'}")
        print(f"strong dig CPU per pair: mean {out['strong_cpu_ms']['mean']} ms, "
              f"max {out['strong_cpu_ms']['max']} ms")
    return 1 if out["strong_missed"] else 0
