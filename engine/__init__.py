"""The pure rules engine: a small game-agnostic core (engine/core) and one package per game.

Nothing here imports discord or a database or uses the global ``random``. See
docs/engine-api.md for the contract.
"""

from __future__ import annotations

import importlib
from types import ModuleType

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
from .registry import PACKAGES

# ("mining-colony", ..., "stella-digger"), sorted: every game of the registry (engine/registry.py,
# one line per game), whose rules are engine/<pkg>/
GAMES = tuple(sorted(pkg.replace("_", "-") for pkg in PACKAGES))
# The game of data written before there were other games: stored games, exports, scenario files
# and views that name none.
DEFAULT_GAME = "stella-digger"


class UnknownGameName(KeyError):
    """A game name no package answers to; ``str()`` is a sentence listing the games."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


def unknown_game(name: str, games: tuple[str, ...] | None = None) -> UnknownGameName:
    """The error for a game name nobody registered, naming the games there are."""
    games = GAMES if games is None else games
    return UnknownGameName(f"There is no game called {name!r}. The games are: "
                           f"{', '.join(games) or 'none'}.")


_EXTRA: dict[str, str] = {}  # games registered at run time (tests): name -> package
#: (name, part) -> the module found: the referee asks for a game's engine many times a decision,
#: and ``importlib.import_module`` of a loaded module still costs a few microseconds each time
_FOUND: dict[tuple[str, str], ModuleType] = {}


def register(name: str, package: str) -> None:
    """Make the game package ``package`` (a dotted module path holding ``game.py`` and the
    other conventional modules) known as ``name``, beside the discovered ones. For games
    outside ``engine/``: the test suite's own sealed-bid game."""
    _EXTRA[name] = package
    _FOUND.clear()


def unregister(name: str) -> None:
    _EXTRA.pop(name, None)
    _FOUND.clear()


def get_game(name: str) -> Game:
    """The game object registered under ``name`` (e.g. ``"stella-digger"``); an
    ``UnknownGameName`` (a ``KeyError``) listing the games otherwise."""
    return game_module(name, "game").GAME  # type: ignore[no-any-return]


def game_module(name: str, part: str) -> ModuleType:
    """``engine.<pkg>.<part>`` of game ``name`` (``"scenario"``, ``"ai"``, ``"invariants"``...).
    ``UnknownGameName`` for an unknown game; ``ModuleNotFoundError`` if the game has no such
    module."""
    found = _FOUND.get((name, part))
    if found is not None:
        return found
    if name in _EXTRA:
        found = importlib.import_module(f"{_EXTRA[name]}.{part}")
    elif name not in GAMES:
        raise unknown_game(name)
    else:
        found = importlib.import_module(f"{__name__}.{name.replace('-', '_')}.{part}")
    _FOUND[name, part] = found
    return found

__all__ = ["DEFAULT_GAME", "CorruptState", "Event", "Game", "GameError", "GameOver", "GAMES", "IllegalDecision",
           "NotationError", "NotYourTurn", "OptionSpec", "SequentialGame", "ToAct", "UnknownGameName",
           "game_module", "get_game", "register", "unknown_game", "unregister"]
