"""The pure rules engine: a small game-agnostic core (engine/core) and one package per game.

Nothing here imports discord or a database or uses the global ``random``. See
docs/engine-api.md for the contract.
"""

from __future__ import annotations

from .core.errors import (
    CorruptState,
    GameError,
    GameOver,
    IllegalDecision,
    NotationError,
    NotYourTurn,
)
from .core.events import Event
from .core.game import Game, ToAct


def get_game(name: str) -> Game:
    """The game object registered under ``name`` (e.g. ``"stella-digger"``)."""
    if name == "stella-digger":
        from .stella_digger.game import GAME

        return GAME
    raise KeyError(f"unknown game {name!r}")


GAMES = ("stella-digger",)

__all__ = ["CorruptState", "Event", "Game", "GameError", "GameOver", "GAMES", "IllegalDecision",
           "NotationError", "NotYourTurn", "ToAct", "get_game"]
