"""Helpers for the Out of Mine! rule tests.

``table(...)`` builds a scenario document (out-of-mine-notation.md) and runs it, returning the
final State and the runner's result, so a test can check the result and play on with ``G``.
Scenario files under ``scenarios/`` carry an ``expect`` key of our own: dotted paths into the
result mapped to the exact value expected (``"summary.players.ann.total": 8``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine import get_game
from engine.out_of_mine.scenario import run
from engine.out_of_mine.state import State

G = get_game("out-of-mine")
SCENARIOS = Path(__file__).with_name("scenarios")

#: Card 1 (green 1, red 3, white 1; gold+2, woodworm-1) covering side 1a completely.
FULL_1A = ("dig green-i:A2,A3,A4 red-i:A5,B5,C5,D5 red-l:B1,B2,C1,D1 red-l:D4,E4,F3,F4 "
           "white-v:E1,F1,G1,G2,G3")


def table(players: tuple[str, ...] = ("ann", "bob"), options: dict[str, Any] | None = None,
          actions: list[tuple[str, str]] | None = None, seed: int = 1,
          **setup: Any) -> tuple[State, dict[str, Any]]:
    """Run a scenario: seats in the order given, options (race off unless said)."""
    setup.setdefault("seats", list(players))
    doc = {"game": "out-of-mine", "players": list(players), "seed": seed,
           "options": {"race": False, **(options or {})}, "setup": setup,
           "actions": [list(a) for a in actions or []]}
    state, result = run(doc)
    assert state is not None, result
    return state, result


def ok(result: dict[str, Any]) -> dict[str, Any]:
    assert result["ok"], result
    return result["summary"]


def at(data: Any, path: str) -> Any:
    """``at(result, "summary.players.ann.rounds.0.score")``."""
    for key in path.split("."):
        data = data[int(key)] if isinstance(data, list) else data[key]
    return data


def scenario(name: str) -> dict[str, Any]:
    return json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))


def stamp_all(text: str, seconds: float, step: float = 1.0) -> str:
    """``text`` as the referee would stamp it: tile i placed at (i+1)*step, time ``seconds``."""
    action = G.parse(text)
    marks = {str(t): (i + 1) * step for i, t in enumerate(action.tiles)}
    return str(G.stamp(_RACE_STATE, "x", action, seconds, marks))


_RACE_STATE = G.new_game(["x", "y"], {"race": True}, seed=0)


def full(side: str, card: int) -> str:
    """A dig covering ``side`` completely with ``card``'s tiles (the C5 solver), plain kinds
    where the box has them."""
    from engine.out_of_mine.components import KINDS, square_text
    from engine.out_of_mine.solver import cover

    found = cover(side, card)
    assert found is not None, f"card {card} can't cover {side}"
    words = []
    for shape, mask in found:
        kind = shape if shape in KINDS else next(k for k in KINDS if k.startswith(shape + "/"))
        words.append(f"{kind}:{square_text(mask)}")
    return str(G.parse("dig " + " ".join(words)))
