"""The mutation harness (issue 25): how many impossible states does a game's ``load`` refuse?

Real states come from seeded random playouts (each game's ``ai.random_decision``); every
single-field mutation of each one's JSON is tried: an integer +1, -1, huge or negative, a
boolean flipped, a player reference turned into someone who is not seated, a string swapped
for another value the same field takes elsewhere (an enum swap), a list element dropped or
doubled, a key naming a player renamed. Each mutated text goes through ``game.load`` (parse
and ``validate``); the report counts how many it accepts.

Not every mutation is impossible (a card swapped inside a hidden deck gives another legal
state), so the goal is not a 100% refusal rate: it is refusing every mutation that breaks a
bound, a conservation law or a player reference, and that every accepted state still plays
on (someone owes a decision, or the game is over: ``plays_on``).

Pure: no clock, no global random. ``python -m engine mutate [--game G] [--seeds N]``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .errors import GameError
from .rng import Rng, seed_state

HUGE = 10**9
NOBODY = "nobody-seated"
#: Fields whose every value is another legal state's (the generator's hidden state).
FREE = frozenset({"rng"})


@dataclass(frozen=True)
class Mutation:
    path: str  # "players.0.crystals.blue"
    change: str  # "+1", "drop 3", "-> nobody-seated"
    text: str  # the mutated state's JSON


@dataclass
class Report:
    game: str
    states: int = 0
    mutations: int = 0
    accepted: int = 0
    examples: list[str] = field(default_factory=list)  # "path change" of accepted ones

    @property
    def refused(self) -> int:
        return self.mutations - self.accepted

    def line(self) -> str:
        rate = 100 * self.refused / self.mutations if self.mutations else 0.0
        return (f"{self.game}: {self.states} states, {self.mutations} mutations, "
                f"{self.accepted} accepted, {self.refused} refused ({rate:.1f}%)")


class _Holder:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def player_ids(game: Any, state: Any) -> list[str]:
    return [str(p) for p in game.scores(state)]


def sample_states(name: str, seeds: range, players: int | None = None, every: int = 7,
                  options: dict[str, Any] | None = None) -> Iterator[str]:
    """Dumps of real states: the start, every ``every``-th decision and the end of a random
    playout per seed."""
    from .. import game_module, get_game

    game = get_game(name)
    ai = game_module(name, "ai")
    n = players or game.max_players
    for seed in seeds:
        state = game.new_game([f"p{i + 1}" for i in range(n)], options or {}, seed)
        rng = Rng(_Holder(seed * 7919 + 17))
        yield game.dump(state)
        for step in range(1, 5000):
            owed = game.owed(state)
            if not owed:
                break
            who = owed[rng.below(len(owed))].player
            game.apply(state, who, ai.random_decision(game, state, who, rng))
            if step % every == 0:
                yield game.dump(state)
        yield game.dump(state)


def mutations(text: str, players: list[str]) -> Iterator[Mutation]:
    """Every single-field mutation of the JSON state ``text`` (distinct, each unlike it)."""
    doc = json.loads(text)
    by_key: dict[str, set[str]] = {}
    _strings(doc, "", by_key)
    seen = {text}
    for path, change, new in _walk(doc, [], players, by_key):
        out = json.dumps(new, ensure_ascii=False)
        if out not in seen:
            seen.add(out)
            yield Mutation(".".join(map(str, path)), change, out)


def _strings(node: Any, key: str, out: dict[str, set[str]]) -> None:
    if isinstance(node, dict):
        for k, v in node.items():
            _strings(v, k, out)
    elif isinstance(node, list):
        for v in node:
            _strings(v, key, out)
    elif isinstance(node, str):
        out.setdefault(key, set()).add(node)


def _set(doc: Any, path: list[Any], value: Any) -> Any:
    copy = json.loads(json.dumps(doc))
    node = copy
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    return copy


def _walk(doc: Any, path: list[Any], players: list[str], by_key: dict[str, set[str]],
          node: Any = None, key: str = "") -> Iterator[tuple[list[Any], str, Any]]:
    node = doc if not path else node
    if key in FREE:
        return
    if isinstance(node, bool):
        yield path, "flip", _set(doc, path, not node)
    elif isinstance(node, int):
        for change, value in (("+1", node + 1), ("-1", node - 1), ("huge", HUGE),
                              ("negative", -1 - abs(node))):
            yield path, change, _set(doc, path, value)
    elif isinstance(node, str):
        if node in players:
            yield path, f"-> {NOBODY}", _set(doc, path, NOBODY)
            for other in players:
                if other != node:
                    yield path, f"-> {other}", _set(doc, path, other)
                    break
        for other in sorted(by_key.get(key, ()))[:3]:
            if other != node:
                yield path, f"-> {other[:20]}", _set(doc, path, other)
    elif isinstance(node, list):
        shown: set[str] = set()
        for i, item in enumerate(node):
            mark = json.dumps(item)
            if mark in shown:
                continue
            shown.add(mark)
            yield path, f"drop [{i}]", _set(doc, path, node[:i] + node[i + 1:])
            yield path, f"dup [{i}]", _set(doc, path, node[:i + 1] + node[i:])
        for i, item in enumerate(node):
            yield from _walk(doc, [*path, i], players, by_key, item, key)
    elif isinstance(node, dict):
        for k, v in node.items():
            if k in players and path:
                renamed = {(NOBODY if kk == k else kk): vv for kk, vv in node.items()}
                yield path, f"key {k} -> {NOBODY}", _set(doc, path, renamed)
            yield from _walk(doc, [*path, k], players, by_key, v, k)


def accepted(game: Any, mutation: Mutation) -> Any | None:
    """The loaded state if ``game.load`` accepts the mutated text, else None."""
    try:
        return game.load(mutation.text)
    except GameError:
        return None


def plays_on(game: Any, state: Any) -> bool:
    """Someone owes a decision and their default is a legal decision, or the game is over."""
    owed = game.owed(state)
    if not owed:
        return bool(game.winners(state)) or bool(getattr(state, "ended", True))
    clone = game.clone(state)
    first = owed[0].player
    action = game.default(clone, first)
    if game.timing(clone, first) == "stop":
        action = game.stamp(clone, first, action, 1.0, {})
    game.apply(clone, first, action)
    return True


def measure(name: str, seeds: range, players: int | None = None, every: int = 7,
            keep: int = 0) -> Report:
    from .. import get_game

    game = get_game(name)
    report = Report(name)
    for text in sample_states(name, seeds, players, every):
        report.states += 1
        ids = player_ids(game, game.load(text))
        for m in mutations(text, ids):
            report.mutations += 1
            if accepted(game, m) is not None:
                report.accepted += 1
                if len(report.examples) < keep:
                    report.examples.append(f"{m.path} {m.change}")
    return report


def main(argv: list[str]) -> int:
    import argparse
    from collections import Counter

    from .. import GAMES

    parser = argparse.ArgumentParser(prog="python -m engine mutate",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=GAMES,
                        help="a game (repeatable; default: every game)")
    parser.add_argument("--seeds", type=int, default=3, help="playouts per game")
    parser.add_argument("--every", type=int, default=7, help="a state every N decisions")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--show", type=int, default=0,
                        help="list the fields of up to N accepted mutations, most common first")
    args = parser.parse_args(argv)
    for name in args.game or GAMES:
        report = measure(name, range(1, args.seeds + 1), args.players, args.every,
                         keep=10**9 if args.show else 0)
        print(report.line())
        if args.show:
            fields = Counter(".".join(p for p in e.split(" ")[0].split(".")
                                      if not p.isdigit()) + " " + e.split(" ", 1)[1]
                             for e in report.examples)
            for what, count in fields.most_common(args.show):
                print(f"  {count:5d}  {what}")
    return 0
