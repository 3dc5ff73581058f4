"""Scenario files of the sealed-bid test game: players, options, seed, actions."""

from __future__ import annotations

from typing import Any

from engine.core.errors import GameError

from .game import GAME


def scenario_state(doc: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    state = GAME.new_game(list(doc.get("players") or ["a", "b"]), doc.get("options"),
                          int(doc.get("seed", 0)))
    events: list[Any] = []
    for index, (player, text) in enumerate(doc.get("actions") or []):
        try:
            events += GAME.apply(state, player, text)
        except GameError as exc:
            return state, {"ok": False, "index": index, "error": str(exc)}
    return state, {"ok": True, "summary": GAME.summary(state),
                   "events": [e.as_dict() for e in events]}


def run_scenario(doc: dict[str, Any]) -> dict[str, Any]:
    return scenario_state(doc)[1]
