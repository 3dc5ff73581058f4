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
