"""The ``strong`` player: the generic search (``search.py``) over determinised samples of its own
view, for any game whose ``engine/<pkg>/ai.py`` has the search hooks (``determinize`` at least;
docs/engine-api.md). The game is the view's ``"game"`` (Stella Digger when a view names none)
and the player its ``"viewer"``. It never receives the real state.

Options: ``budget_ms`` (wall-clock time per decision, default 1000), ``iterations`` (a fixed
number of samples instead, for deterministic tests), ``horizon`` (overrides the game's
``HORIZON``; 0 plays to the end), ``mode`` (``flat`` or ``ismcts``), ``exploration`` (UCB
constant for ``ismcts``, default 0.7), ``max_depth`` (of the ``ismcts`` tree, default 12), and
``scale``, passed to the game's ``evaluate`` as a keyword (Stella Digger: points of lead worth
e=2.7 times the odds, default 4).
"""

from __future__ import annotations

from functools import partial
from typing import Any, cast

from . import register
from .base import Agent
from .search import Hooks, search


def _number(options: dict[str, object], key: str, default: float) -> float:
    value = options.get(key, default)
    if not isinstance(value, int | float | str):
        raise ValueError(f"option {key} must be a number, not {value!r}")
    return float(value)


def game_hooks(name: str) -> tuple[Any, Hooks]:
    """The game registered as ``name`` and its search hooks; ``ValueError`` if it has none."""
    from engine import game_module, get_game

    hooks = Hooks.of(game_module(name, "ai"))
    if hooks is None:
        raise ValueError(f"{name} has no search hooks (its ai.py has no determinize)")
    return get_game(name), hooks


class StrongAgent(Agent):
    """Search over determinised states (see the module text)."""

    name = "strong"

    def __init__(self, seed: int = 0, **options: object) -> None:
        super().__init__(seed, **options)
        self.budget_ms = _number(options, "budget_ms", 1000.0)
        iterations = options.get("iterations")
        self.iterations = None if iterations is None else int(_number(options, "iterations", 0))
        horizon = options.get("horizon")
        self.horizon = None if horizon is None else int(_number(options, "horizon", 0))
        self.exploration = _number(options, "exploration", 0.7)
        self.max_depth = int(_number(options, "max_depth", 12))
        self.mode = str(options.get("mode", "flat"))
        if self.mode not in ("flat", "ismcts"):
            raise ValueError(f"unknown search mode {self.mode!r}: use flat or ismcts")
        self.scale = None if "scale" not in options else _number(options, "scale", 0.0)
        self.last_iterations = 0

    def choose(self, view: dict[str, Any], legal: list[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        from engine import DEFAULT_GAME

        game, hooks = game_hooks(view.get("game") or DEFAULT_GAME)
        if self.scale is not None and hooks.evaluate is not None:
            hooks = hooks.with_(evaluate=partial(cast(Any, hooks.evaluate), scale=self.scale))
        choice = search(game, hooks, view, view["viewer"], legal, self.random,
                        budget_ms=self.budget_ms, iterations=self.iterations, mode=self.mode,
                        horizon=self.horizon, exploration=self.exploration,
                        max_depth=self.max_depth)
        self.last_iterations = choice.iterations
        return choice.decision


register("strong", StrongAgent)

__all__ = ["StrongAgent", "game_hooks"]
