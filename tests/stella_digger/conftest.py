"""Helpers for the Stella Digger rule tests.

Two ways to check a rule:

* a scenario file under ``scenarios/`` (the notation document's format) with an ``expect`` key of
  our own: dotted paths into the runner's result mapped to the exact value expected
  (``"summary.players.cy.crystals.purple": 1``). A key ending in ``~`` checks containment: a
  fragment of a string, or items that must all be in a list. ``"events~"`` lists fragments that
  must each occur in some event's text, ``"events!~"`` fragments that must occur in none.
  ``check_scenario(name)`` runs the file and checks every entry;
* Python: ``Table`` builds the same kind of document (with every tile square named, so the seed
  cannot put a monster where a test doesn't want one), runs it, then plays on with
  ``g.apply`` and looks at the State.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from engine import IllegalDecision, get_game
from engine.stella_digger.board import TERRAIN
from engine.stella_digger.scenario import run

G = get_game("stella-digger")
SCENARIOS = Path(__file__).with_name("scenarios")
#: Every square that holds a mining tile at the start (C8 zone letters), reading order.
TILE_SQUARES = [sq for sq, t in TERRAIN.items() if t in "abcY"]
FILL = "blue:1"  # the filler tile: plain, one crystal, never special
_MISSING = object()


# -- dotted paths and expectations ------------------------------------------------------------

def dig(data: Any, path: str) -> Any:
    """``dig(result, "summary.decks.0.count")``: dict keys and list indexes, dot-separated."""
    for part in path.split("."):
        if isinstance(data, list):
            data = data[int(part)]
        elif isinstance(data, dict) and part in data:
            data = data[part]
        else:
            return _MISSING
    return data


def check_expect(result: dict[str, Any], expect: dict[str, Any]) -> None:
    texts = [e["text"] for e in result.get("events", [])]
    problems = []
    for key, want in expect.items():
        if key == "events~":
            problems += [f"no event mentions {f!r}" for f in want
                         if not any(f in t for t in texts)]
            continue
        if key == "events!~":
            problems += [f"an event mentions {f!r}: {[t for t in texts if f in t]}" for f in want
                         if any(f in t for t in texts)]
            continue
        contains = key.endswith("~")
        got = dig(result, key.rstrip("~"))
        if got is _MISSING:
            problems.append(f"{key}: missing from the result")
        elif contains and isinstance(got, str):
            if want not in got:
                problems.append(f"{key}: {want!r} not in {got!r}")
        elif contains:
            missing = [w for w in (want if isinstance(want, list) else [want]) if w not in got]
            if missing:
                problems.append(f"{key}: {missing} not in {got!r}")
        elif got != want:
            problems.append(f"{key}: expected {want!r}, got {got!r}")
    assert not problems, "\n".join(problems) + (
        f"\nerror: {result.get('error')!r}" if not result.get("ok") else "")


def load_scenario(name: str) -> dict[str, Any]:
    return json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))


def check_scenario(name: str) -> dict[str, Any]:
    """Run ``scenarios/NAME.json`` and check its ``expect``; returns the result."""
    doc = load_scenario(name)
    assert "expect" in doc, f"{name}.json has no expect"
    result = run(doc).result
    check_expect(result, doc["expect"])
    return result


# -- building tables in Python -----------------------------------------------------------------

def tiles(**named: str) -> dict[str, str]:
    """Every tile square named: FILL unless given (``tiles(A2="pink:1", B1="empty")``)."""
    out = {sq: FILL for sq in TILE_SQUARES}
    for sq, code in named.items():
        assert sq in out, f"{sq} holds no tile (C8)"
        out[sq] = code
    return out


def doc(players: tuple[str, ...] = ("ann", "bob", "cy"), *, start: str | None = None,
        tile_map: dict[str, str] | None = None, actions: list[list[str]] | None = None,
        seed: int = 1, red_tears: bool = False, draws: bool = False,
        **setup: Any) -> dict[str, Any]:
    """A scenario document. Hands default to empty for every player, so that the setup draws
    (R4) are skipped, unless ``draws``; decks default to nothing named (the rest of the cards
    shuffled into three decks)."""
    setup = copy.deepcopy(setup)
    setup.setdefault("hands", {})
    for p in players:
        if not draws:
            setup["hands"].setdefault(p, [])
    setup["start_player"] = start or players[0]
    setup["tiles"] = tile_map if tile_map is not None else tiles()
    return {"game": "stella-digger", "players": list(players), "seed": seed,
            "options": {"red_tears": red_tears}, "setup": setup, "actions": actions or []}


class Table:
    """A running game built from a scenario document."""

    def __init__(self, document: dict[str, Any]) -> None:
        r = run(document)
        assert r.ok, r.result
        assert r.state is not None
        self.state = r.state
        self.events: list[Any] = list(r.events)

    @classmethod
    def of(cls, state: Any) -> Table:
        """A Table around an existing state (e.g. from ``g.new_game``)."""
        t = cls.__new__(cls)
        t.state, t.events = state, []
        return t

    # decisions
    def do(self, player: str, *texts: str) -> list[Any]:
        out = []
        for text in texts:
            out += G.apply(self.state, player, text)
        self.events += out
        return out

    def play(self, *pairs: tuple[str, str]) -> None:
        for player, text in pairs:
            self.do(player, text)

    def refuse(self, player: str, text: str, fragment: str) -> str:
        """The decision is refused with a message containing ``fragment``; nothing changes."""
        before = G.dump(self.state)
        with pytest.raises(IllegalDecision) as info:
            G.apply(self.state, player, text)
        assert fragment in str(info.value), str(info.value)
        assert G.dump(self.state) == before
        return str(info.value)

    # looking
    @property
    def s(self) -> dict[str, Any]:
        return G.summary(self.state)

    def p(self, name: str) -> dict[str, Any]:
        return self.s["players"][name]

    @property
    def to_act(self) -> tuple[str, str] | None:
        t = G.to_act(self.state)
        return None if t is None else (t.player, t.decision)

    def legal(self) -> list[str]:
        return [str(a) for a in G.legal(self.state)]

    def texts(self) -> list[str]:
        return [e.text for e in self.events]

    def said(self, fragment: str) -> bool:
        return any(fragment in t for t in self.texts())

    def passes(self, *players: str) -> None:
        for p in players:
            self.do(p, "pass")
