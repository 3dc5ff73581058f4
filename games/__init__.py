"""The games the bot plays, in the order of the registry (``engine/registry.py``, one line per
game): each one's presentation ``games/<pkg>/`` (docs/adding-a-game.md), its engine
``engine/<pkg>/`` and its pictures ``render/<pkg>/`` found by the same name; ``referee/``,
``cogs/`` and ``db/`` ask this module and name no game.
"""

from __future__ import annotations

import importlib
from functools import cache

from engine import DEFAULT_GAME
from engine.registry import PACKAGES

from .base import Presentation, Who

REGISTERED: tuple[str, ...] = PACKAGES  # the registry's packages, in its order

# The game of data written before there were other games: stored games, exports and scenario
# files that name none.
DEFAULT = DEFAULT_GAME


@cache
def _load(pkg: str) -> Presentation:
    return importlib.import_module(f"{__name__}.{pkg}").PRESENTATION  # type: ignore[no-any-return]


_EXTRA: dict[str, Presentation] = {}  # registered at run time (the tests' own games)
_LOADED: dict[str, Presentation] = {}  # the registry's games asked for so far, by name


def register(present: Presentation) -> None:
    """Present a game that is not in ``REGISTERED`` (the test suite's sealed-bid game)."""
    _EXTRA[present.name] = present


def unregister(name: str) -> None:
    _EXTRA.pop(name, None)


def names() -> tuple[str, ...]:
    """Every registered game's name (``"stella-digger"``...), in registry order."""
    return tuple(pkg.replace("_", "-") for pkg in REGISTERED) + tuple(_EXTRA)


def get(name: str | None) -> Presentation:
    """The presentation of game ``name`` (None: the default game); ``UnknownGameName`` (a
    ``KeyError``) listing the games otherwise."""
    name = name or DEFAULT
    found = _EXTRA.get(name) or _LOADED.get(name)  # every decision asks several times
    if found is not None:
        return found
    if name not in names():
        from engine import unknown_game

        raise unknown_game(name, names())
    found = _LOADED[name] = _load(name.replace("-", "_"))
    return found


def all_games() -> list[Presentation]:
    return [get(n) for n in names()]


__all__ = ["DEFAULT", "Presentation", "REGISTERED", "Who", "all_games", "get", "names",
           "register", "unregister"]
