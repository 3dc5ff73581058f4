"""The package convention for AI players (docs/adding-a-game.md): a random decision and the
heuristic (the ``easy`` level). The agents themselves live in ``engine.agents``."""

from __future__ import annotations

from typing import Any

from ..agents import get_agent
from ..core.rng import Rng
from .actions import Action
from .state import State


def random_decision(game: Any, state: State, player: str, rng: Rng) -> Action:
    """A uniformly random legal decision of ``player`` (every Stella decision is listed)."""
    legal = game.legal(state, player)
    return legal[rng.below(len(legal))]  # type: ignore[no-any-return]


def heuristic(game: Any, view: dict[str, Any], player: str, legal: list[Action] | None,
              rng: Rng) -> Action:
    """The ``easy`` agent's choice from ``player``'s own view."""
    agent = get_agent("easy", seed=rng.next64())
    return agent.choose(view, legal or [])  # type: ignore[no-any-return]


def choose_index(level: str, seed: int, view: dict[str, Any], legal: list[Action]) -> int:
    """The bot's AI levels (``engine.agents``: random, easy, strong): the index in ``legal``
    of the agent's choice; an unknown level plays at random."""
    try:
        agent = get_agent(level, seed=seed)
    except KeyError:
        agent = get_agent("random", seed=seed)
    return legal.index(agent.choose(view, legal))
