"""The pure rules engine: a small game-agnostic core (engine/core) and one package per game.

Nothing here imports discord or a database or uses the global ``random``. See
docs/engine-api.md for the contract.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from .core.errors import (
    CorruptState,
    GameError,
    GameOver,
    IllegalDecision,
    NotationError,
    NotYourTurn,
)
from .core.events import Event
from .core.game import Game, OptionSpec, SequentialGame, ToAct


def _discover() -> tuple[str, ...]:
    """Every game package: a subpackage of engine/ with a ``game.py`` (its name with dashes)."""
    here = Path(__file__).parent
    return tuple(sorted(p.parent.name.replace("_", "-") for p in here.glob("*/game.py")
                        if p.parent.name != "core"))


GAMES = _discover()  # ("mining-colony", ..., "stella-digger"): a new game needs no line here


def get_game(name: str) -> Game:
    """The game object registered under ``name`` (e.g. ``"stella-digger"``)."""
    if name not in GAMES:
        raise KeyError(f"unknown game {name!r}")
    module = importlib.import_module(f"{__name__}.{name.replace('-', '_')}.game")
    return module.GAME  # type: ignore[no-any-return]

__all__ = ["CorruptState", "Event", "Game", "GameError", "GameOver", "GAMES", "IllegalDecision",
           "NotationError", "NotYourTurn", "OptionSpec", "SequentialGame", "ToAct", "get_game"]
