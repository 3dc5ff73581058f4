"""The ``easy`` player of every game: its ``engine/<pkg>/ai.py`` heuristic, deciding from the
seat's own view. A game whose heuristic wants the agent's generator as it is (not a child of it)
gives ``easy(view, legal, rng)`` as well (Stella Digger does, so its seeded games play as they
always did). The game is the view's ``"game"`` (Stella Digger when a view names none) and the
player its ``"viewer"``."""

from __future__ import annotations

from typing import Any

from . import register
from .base import Agent


class EasyAgent(Agent):
    """The game's heuristic (see the module text)."""

    name = "easy"

    def choose(self, view: dict[str, Any], legal: list[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        from engine import DEFAULT_GAME, game_module, get_game

        name = view.get("game") or DEFAULT_GAME
        module = game_module(name, "ai")
        own = getattr(module, "easy", None)
        if own is not None:
            return own(view, legal, self.random)
        return module.heuristic(get_game(name), view, view.get("viewer"), legal or None,
                                self.random)


register("easy", EasyAgent)

__all__ = ["EasyAgent"]
