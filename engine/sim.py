"""The simulator of every game: ``python -m engine sim --game G`` (``main``). A game whose
package has its own report (``engine/<pkg>/sim.py``: Stella Digger's agents, targets and plot;
``engine/<pkg>/completable.py`` for ``--completable``) gets it; ``--generic``, or any other game,
plays here (``simulate``).

Random agents (each game's ``ai.random_decision``) answer every owed decision; when several
players owe at once, the next to answer is drawn at random too, so arrival orders vary. After
every decision the game's ``invariants.check`` runs. Reports speed, game length, score spread,
win shares per seat and every invariant violation (exit code 1 if any).

``--agents easy,strong`` seats the bot's AI levels instead (``engine.agents.levels``: the game's
own levels, the generic search for ``strong``, the heuristic for ``easy``), from each seat's
own view, rotated around the seats from game to game; the report adds each level's win rate
(95% Wilson interval). ``--budget-ms`` or ``--iterations`` set the search's effort.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import DEFAULT_GAME, GAMES, game_module, get_game
from .core.errors import IllegalDecision
from .core.game import parse_options
from .core.rng import Rng, seed_state


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Record:
    seed: int
    decisions: int
    ended: bool
    winners: list[int]  # seats
    totals: list[int]
    most_owed: int  # the most players owing at once
    violations: list[str] = field(default_factory=list)
    agents: list[str] = field(default_factory=list)  # by seat; [] for random play
    refused: int = 0  # agents' decisions the engine refused (the default was played)


class _Holder:
    """The generator state of the simulator's own choices (who answers next, random agents)."""

    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def play(name: str, players: int, seed: int, options: dict[str, Any] | None = None,
         check: bool = True, max_decisions: int = 100_000, agents: list[str] | None = None,
         effort: dict[str, Any] | None = None,
         on_end: Callable[[Any], None] | None = None) -> Record:
    """One game of random decisions, or of the AI levels ``agents`` (by seat); invariants
    checked after each one if ``check``. ``on_end`` is shown the final state (the solo
    benchmark reads what blocked a win from it)."""
    game = get_game(name)
    ai = game_module(name, "ai")
    checker = game_module(name, "invariants").check if check else None
    ids = [f"p{i + 1}" for i in range(players)]
    state = game.new_game(ids, options or {}, seed)
    rng = Rng(_Holder(seed * 7919 + 17))
    problems: list[str] = []
    decisions = most = refused = 0
    while decisions < max_decisions:
        owed = game.owed(state)
        if not owed:
            break
        most = max(most, len(owed))
        to_act = owed[rng.below(len(owed))]
        if agents:
            level = agents[ids.index(to_act.player)]
            refused += not _play_level(game, state, to_act.player, level,
                                       seed * 1_000_003 + decisions, effort or {})
        else:
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
    if on_end is not None:
        on_end(state)
    if not ended and not problems:
        problems.append(f"seed {seed}: no end after {decisions} decisions")
    scores = game.scores(state)
    seat_ids = [str(p) for p in _seats(state, ids)]
    winners = set(game.winners(state))
    by_seat = [agents[ids.index(p)] for p in seat_ids] if agents else []
    return Record(seed, decisions, ended, [i for i, p in enumerate(seat_ids) if p in winners],
                  [int(scores.get(p, {}).get("total", 0)) for p in seat_ids], most, problems,
                  by_seat, refused)


def _play_level(game: Any, state: Any, player: str, level: str, seed: int,
                effort: dict[str, Any]) -> bool:
    """``player``'s decision at the AI ``level``, from their own view, applied as the referee
    would (a refused one, or one that lacks the referee's clock, is stamped or replaced by the
    default). False if the level's own decision was not accepted."""
    from .agents.levels import choose_index

    legal = game.legal(state, player)
    if len(legal) == 1:
        game.apply(state, player, legal[0])
        return True
    chosen = choose_index(level, seed, game.view(state, player), legal, **effort)
    action = game.parse(chosen) if isinstance(chosen, str) else legal[chosen]
    try:
        game.apply(state, player, action)
        return True
    except IllegalDecision:
        pass
    try:
        game.apply(state, player, game.stamp(state, player, action, 0.0, {}))
        return True
    except IllegalDecision:
        game.apply(state, player, game.default(state, player))
        return False


def _seats(state: Any, ids: list[str]) -> list[str]:
    """Player ids in seat order (``state.players`` holds ids or objects with ``.id``)."""
    seats = getattr(state, "players", None) or ids
    return [getattr(p, "id", p) for p in seats]


def run(name: str, players: int, games: int, seed: int, options: dict[str, Any] | None = None,
        check: bool = True, agents: list[str] | None = None,
        effort: dict[str, Any] | None = None) -> dict[str, Any]:
    start = time.perf_counter()
    records = [play(name, players, seed + i, options, check,
                    agents=agents[i % len(agents):] + agents[:i % len(agents)] if agents else None,
                    effort=effort)
               for i in range(games)]
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
        **({"win_rate_by_agent": _by_agent(records), "refused": sum(r.refused for r in records)}
           if agents else {}),
    }


def _by_agent(records: list[Record]) -> dict[str, dict[str, Any]]:
    """Each level's share of the seat-games it won (a shared win split), with its interval."""
    wins: defaultdict[str, float] = defaultdict(float)
    seats: defaultdict[str, int] = defaultdict(int)
    for r in records:
        for seat, level in enumerate(r.agents):
            seats[level] += 1
            if seat in r.winners:
                wins[level] += 1 / len(r.winners)
    out = {}
    for level in sorted(seats):
        lo, hi = wilson(wins[level], seats[level])
        out[level] = {"rate": round(wins[level] / seats[level], 4),
                      "ci95": [round(lo, 4), round(hi, 4)], "games": seats[level]}
    return out


def simulate(name: str, argv: list[str]) -> int:
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
    parser.add_argument("--agents", help="the AI level per seat (random, easy, strong), "
                        "rotated around the seats from game to game, e.g. strong,easy")
    parser.add_argument("--budget-ms", type=float, default=None,
                        help="the strong level's time per decision in ms (default 1000)")
    parser.add_argument("--iterations", type=int, default=None,
                        help="the strong level's samples per decision instead of a time budget")
    args = parser.parse_args(argv)
    agents = args.agents.split(",") if args.agents else None
    if agents is not None and (len(agents) != args.players
                               or any(a not in ("random", "easy", "strong") for a in agents)):
        parser.error(f"--agents names one of random, easy, strong for each of the "
                     f"{args.players} players")
    effort: dict[str, Any] = {}
    if args.budget_ms is not None:
        effort["budget_ms"] = args.budget_ms
    if args.iterations is not None:
        effort["iterations"] = args.iterations
    try:
        options = parse_options(game, args.option)
    except ValueError as exc:
        parser.error(str(exc))
    report = run(name, args.players, args.games, args.seed, options, not args.no_check, agents,
                 effort)
    if args.json:
        print(json.dumps(report))
    else:
        kind = "AI" if agents else "random"
        print(f"{report['games']} {kind} {args.players}-player games of {name}: "
              f"{report['games_per_second']} games/s, {report['decisions_per_game']} decisions per "
              f"game, {report['ended']} ended, at most {report['most_owed_at_once']} owing at once")
        print(f"scores {report['scores']}; win share by seat {report['win_share_by_seat']}")
        for level, rate in report.get("win_rate_by_agent", {}).items():
            print(f"{level}: won {rate['rate']:.1%} of {rate['games']} seat-games "
                  f"(95% CI {rate['ci95'][0]:.1%}-{rate['ci95'][1]:.1%})")
        if report.get("refused"):
            print(f"AI decisions refused by the engine: {report['refused']}")
        print(f"invariant violations: {len(report['invariant_violations'])}")
        for v in report["invariant_violations"][:10]:
            print(f"  {v}")
    return 1 if report["invariant_violations"] else 0


def game_option(argv: list[str]) -> tuple[str, list[str]]:
    """``--game G`` (or ``--game=G``) taken out of ``argv``: (G or the default, the rest)."""
    rest: list[str] = []
    name = DEFAULT_GAME
    i = 0
    while i < len(argv):
        if argv[i] == "--game" and i + 1 < len(argv):
            name, i = argv[i + 1], i + 2
            continue
        if argv[i].startswith("--game="):
            name = argv[i].split("=", 1)[1]
        else:
            rest.append(argv[i])
        i += 1
    return name, rest


def main(argv: list[str]) -> int:
    """``python -m engine sim [--game G] ...``: a game's own report when its package has one
    (``--completable``: ``engine/<pkg>/completable.py``; Stella Digger's agents, targets and
    plot: ``engine/stella_digger/sim.py``, unless ``--generic``), else ``simulate``."""
    name, rest = game_option(argv)
    if name not in GAMES:
        print(f"There is no game called {name!r}. The games are: {', '.join(GAMES)}.",
              file=sys.stderr)
        return 2
    if "--completable" in rest:  # a game's own completability report (Out of Mine!, C5)
        try:
            report = game_module(name, "completable")
        except ModuleNotFoundError:
            print(f"{name} has no --completable report.", file=sys.stderr)
            return 2
        code: int = report.main(rest)
        return code
    if "--generic" not in rest:
        try:
            own = game_module(name, "sim")
        except ModuleNotFoundError:
            own = None
        if own is not None:
            return own.main(rest, time.perf_counter)  # type: ignore[no-any-return]
    return simulate(name, [a for a in rest if a != "--generic"])
