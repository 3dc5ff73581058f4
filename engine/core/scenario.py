"""What every game's scenario runner does the same way: play the file's ``actions``."""

from __future__ import annotations

from typing import Any

from .errors import GameError, IllegalDecision
from .events import Event


def play_actions(game: Any, state: Any, actions: Any, events: list[Event]) -> dict[str, Any] | None:
    """Apply a scenario's ``[player, decision]`` pairs in order, adding their events to
    ``events``. Returns the failure result ``{"ok": false, "index", "error"}`` of the first
    refused entry, None when every entry was applied."""
    for index, entry in enumerate(actions or []):
        try:
            if not (isinstance(entry, list) and len(entry) == 2
                    and all(isinstance(x, str) for x in entry)):
                raise IllegalDecision("Each action is a pair [player, decision].")
            player, text = entry
            if player not in {p.id for p in state.players}:
                raise IllegalDecision(f"'{player}' is not one of the players.")
            events += game.apply(state, player, text)
        except GameError as exc:
            return {"ok": False, "index": index, "error": str(exc)}
    return None


class ScenarioError(IllegalDecision):
    """The scenario's setup describes no table the game's runner can build."""


def read_header(doc: Any, game: str, setup_keys: set[str]) -> tuple[list[str], int, dict[str, Any]]:
    """The parts every scenario file has: ``players``, ``seed`` and ``setup`` (checked against
    the game's known ``setup_keys``). A file naming another game is refused."""
    if doc.get("game", game) != game:
        raise ScenarioError(f"This runner plays {game}, not {doc.get('game')}.")
    players = doc.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ScenarioError("'players' must be a list of names.")
    seed = doc.get("seed", 0)
    if not isinstance(seed, int):
        raise ScenarioError("'seed' must be an integer.")
    setup = doc.get("setup") or {}
    if not isinstance(setup, dict):
        raise ScenarioError("'setup' must be an object.")
    unknown = sorted(set(setup) - setup_keys)
    if unknown:
        raise ScenarioError(f"Unknown setup key(s): {', '.join(unknown)}.")
    return players, seed, setup
