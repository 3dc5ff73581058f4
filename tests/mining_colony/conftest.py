"""Helpers: tables built through the scenario format (mining-colony-notation.md)."""

from __future__ import annotations

from typing import Any

from engine.mining_colony.game import GAME
from engine.mining_colony.scenario import build
from engine.mining_colony.state import State

G = GAME


def table(players: list[str], setup: dict[str, Any] | None = None,
          options: dict[str, Any] | None = None, seed: int = 7) -> State:
    """The table a scenario with this setup describes, ready for its first decision."""
    doc = {"game": "mining-colony", "players": players, "seed": seed, "setup": setup or {}}
    if options:
        doc["options"] = options
    return build(doc)[0]


def play(state: State, *moves: tuple[str, str]) -> list[Any]:
    events: list[Any] = []
    for player, text in moves:
        events += G.apply(state, player, text)
    return events


def develop_table(colony: dict[str, Any] | None = None, credits: int = 0,
                  zone1: dict[str, Any] | None = None, solo: bool = False,
                  options: dict[str, Any] | None = None, **extra: Any) -> State:
    """Ann (card 40) before Bob (card 9), in Ann's development turn after taking zone 1."""
    players = ["ann"] if solo else ["ann", "bob"]
    zones = {"1": zone1 or {"tiles": [], "items": []}, "2": {"tiles": [], "items": []}}
    decks = {"ann": [40, 2, 3, 12, 13, 18, 28, 29, 33, 34]}
    setup: dict[str, Any] = {"zones": zones, "credits": {"ann": credits}, "decks": decks}
    if solo:
        setup["zorlord"] = {"deck": [10, 11, 15, 16, 17, 19, 20, 21, 22, 23], "supply": []}
    else:
        decks["bob"] = [9, 5, 6, 14, 19, 24, 25, 30, 31, 32]
    if colony:
        setup["colonies"] = {"ann": colony}
    setup.update(extra)
    state = table(players, setup, options)
    play(state, ("ann", "play 40"))
    if not solo:
        play(state, ("bob", "play 9"))
    if state.phase == "take":
        play(state, ("ann", "take 1"))
    assert state.phase == "develop" and state.order[state.turn] == "ann"
    return state
