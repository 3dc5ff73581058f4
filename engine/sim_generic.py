"""Generic self-play for any registered game: ``python -m engine sim --game G``.

Random agents (each game's ``ai.random_decision``) answer every owed decision; when several
players owe at once, the next to answer is drawn at random too, so arrival orders vary. After
every decision the game's ``invariants.check`` runs. Reports speed, game length, score spread,
win shares per seat and every invariant violation (exit code 1 if any).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from . import game_module, get_game
from .core.game import parse_options
from .core.rng import Rng, seed_state


@dataclass
class Record:
    seed: int
    decisions: int
    ended: bool
    winners: list[int]  # seats
    totals: list[int]
    most_owed: int  # the most players owing at once
    violations: list[str] = field(default_factory=list)


class _Holder:
    """The generator state of the simulator's own choices (who answers next, random agents)."""

    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def play(name: str, players: int, seed: int, options: dict[str, Any] | None = None,
         check: bool = True, max_decisions: int = 100_000) -> Record:
    """One game of random decisions; invariants checked after each one if ``check``."""
    game = get_game(name)
    ai = game_module(name, "ai")
    checker = game_module(name, "invariants").check if check else None
    ids = [f"p{i + 1}" for i in range(players)]
    state = game.new_game(ids, options or {}, seed)
    rng = Rng(_Holder(seed * 7919 + 17))
    problems: list[str] = []
    decisions = most = 0
    while decisions < max_decisions:
        owed = game.owed(state)
        if not owed:
            break
        most = max(most, len(owed))
        to_act = owed[rng.below(len(owed))]
        action = ai.random_decision(game, state, to_act.player, rng)
        game.apply(state, to_act.player, action)
        decisions += 1
        if checker is not None:
            try:
                checker(state)
            except AssertionError as exc:
                problems.append(f"seed {seed}, decision {decisions}: {exc}")
                break
    ended = not game.owed(state)
    if not ended and not problems:
        problems.append(f"seed {seed}: no end after {decisions} decisions")
    scores = game.scores(state)
    seat_ids = [str(p) for p in _seats(state, ids)]
    winners = set(game.winners(state))
    return Record(seed, decisions, ended, [i for i, p in enumerate(seat_ids) if p in winners],
                  [int(scores.get(p, {}).get("total", 0)) for p in seat_ids], most, problems)


def _seats(state: Any, ids: list[str]) -> list[str]:
    """Player ids in seat order (``state.players`` holds ids or objects with ``.id``)."""
    seats = getattr(state, "players", None) or ids
    return [getattr(p, "id", p) for p in seats]


def run(name: str, players: int, games: int, seed: int, options: dict[str, Any] | None = None,
        check: bool = True) -> dict[str, Any]:
    start = time.perf_counter()
    records = [play(name, players, seed + i, options, check) for i in range(games)]
    seconds = time.perf_counter() - start
    wins: defaultdict[int, float] = defaultdict(float)
    for r in records:
        for seat in r.winners:
            wins[seat] += 1 / len(r.winners)
    totals = [t for r in records for t in r.totals]
    return {
        "game": name,
        "players": players,
        "games": games,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 2) if seconds else None,
        "decisions_per_game": round(statistics.mean(r.decisions for r in records), 1) if records else 0,
        "ended": sum(r.ended for r in records),
        "most_owed_at_once": max((r.most_owed for r in records), default=0),
        "scores": {"min": min(totals, default=0), "max": max(totals, default=0),
                   "mean": round(statistics.mean(totals), 2) if totals else 0},
        "win_share_by_seat": {str(s): round(wins[s] / games, 4) if games else 0.0
                              for s in range(players)},
        "invariant_violations": [v for r in records for v in r.violations],
    }


def main(name: str, argv: list[str]) -> int:
    game = get_game(name)
    parser = argparse.ArgumentParser(prog=f"python -m engine sim --game {name}",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=game.max_players,
                        choices=range(game.min_players, game.max_players + 1))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option (repeatable), e.g. race=false")
    parser.add_argument("--no-check", action="store_true", help="skip the invariant checks")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    try:
        options = parse_options(game, args.option)
    except ValueError as exc:
        parser.error(str(exc))
    report = run(name, args.players, args.games, args.seed, options, not args.no_check)
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{report['games']} random {args.players}-player games of {name}: "
              f"{report['games_per_second']} games/s, {report['decisions_per_game']} decisions per "
              f"game, {report['ended']} ended, at most {report['most_owed_at_once']} owing at once")
        print(f"scores {report['scores']}; win share by seat {report['win_share_by_seat']}")
        print(f"invariant violations: {len(report['invariant_violations'])}")
        for v in report["invariant_violations"][:10]:
            print(f"  {v}")
    return 1 if report["invariant_violations"] else 0
