"""Helpers for the White Ranium rule tests.

``table(...)`` builds a scenario document (white-ranium-notation.md) with all 36 places named:
the centre crossings, ``FILL`` elsewhere (a white dead end that connects to nothing), unless a
test names a place. ``Table`` runs it and plays on with ``G.apply``. Scenario files under
``scenarios/`` carry an ``expect`` key checked like Stella Digger's (tests/stella_digger/conftest.py).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from engine import get_game
from engine.white_ranium.board import PLACES
from engine.white_ranium.components import BASES
from engine.white_ranium.scenario import run
from engine.white_ranium.state import State
from tests.stella_digger.conftest import check_expect

G = get_game("white-ranium")
SCENARIOS = Path(__file__).with_name("scenarios")
FILL = "white-u/white-u"  # one exit, upwards, into another FILL that has none down: no tunnel
CENTRE = {place: f"{c}-urdl/{c}-urdl" for c, place in BASES.items()}
COLOURS4 = {"ann": "white", "bob": "red", "cy": "blue", "dee": "yellow"}
COLOURS3 = {"ann": "red", "bob": "blue", "cy": "yellow"}
COLOURS2 = {"ann": ["red", "white"], "bob": ["blue", "yellow"]}


def board(**named: str) -> dict[str, str]:
    out = {p: CENTRE.get(p, FILL) for p in PLACES}
    out.update(named)
    return out


def table(players: tuple[str, ...] = ("ann", "bob", "cy"), *, cards: str = "standard",
          actions: list[list[str]] | None = None, seed: int = 1,
          cells: dict[str, str] | None = None, **setup: Any) -> dict[str, Any]:
    """A scenario in play (swaps done, colours chosen), start player ann."""
    setup = copy.deepcopy(setup)
    setup.setdefault("start_player", players[0])
    setup.setdefault("swaps_left", 0)
    setup.setdefault("colours", {4: COLOURS4, 3: COLOURS3, 2: COLOURS2}[len(players)])
    setup["board"] = board(**(cells or {}))
    setup.setdefault("ranium", [])
    return {"game": "white-ranium", "players": list(players), "seed": seed,
            "options": {"cards": cards}, "setup": setup, "actions": actions or []}


class Table:
    def __init__(self, document: dict[str, Any]) -> None:
        r = run(document)
        assert r.result["ok"], r.result
        assert r.state is not None
        self.state: State = r.state
        self.events: list[Any] = list(r.events)

    def do(self, player: str, *texts: str) -> list[Any]:
        out: list[Any] = []
        for text in texts:
            out += G.apply(self.state, player, text)
        self.events += out
        return out

    @property
    def summary(self) -> dict[str, Any]:
        return G.summary(self.state)

    def owes(self) -> list[tuple[str, str]]:
        return [(t.player, t.decision) for t in G.owed(self.state)]

    def legal(self, player: str | None = None) -> list[str]:
        return [str(a) for a in G.legal(self.state, player)]


def load_scenario(name: str) -> dict[str, Any]:
    return json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))


def check_scenario(name: str) -> dict[str, Any]:
    doc = load_scenario(name)
    assert "expect" in doc, f"{name}.json has no expect"
    result = run(doc).result
    check_expect(result, doc["expect"])
    return result
