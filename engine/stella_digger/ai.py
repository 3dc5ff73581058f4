"""The package convention for AI players (docs/adding-a-game.md): a random decision, the
heuristic (the ``easy`` level) and the hooks of the ``strong`` search (``engine/agents/search.py``;
docs/engine-api.md, "Search hooks"), whose Stella Digger parts live in ``search.py`` and
``determinize.py``. The heuristic is ``easy.py``; the agents that seat it live in
``engine.agents``."""

from __future__ import annotations

from typing import Any

from engine.agents import get_agent
from engine.core.rng import Rng, seed_state
from engine.stella_digger.actions import Action
from engine.stella_digger.agents import determinize as _determinize
from engine.stella_digger.agents import easy as _easy
from engine.stella_digger.agents import search as _search
from engine.stella_digger.state import State

HORIZON = _search.HORIZON  # rounds per playout (see ``progress``)


def random_decision(game: Any, state: State, player: str, rng: Rng) -> Action:
    """A uniformly random legal decision of ``player`` (every Stella decision is listed)."""
    legal = game.legal(state, player)
    return legal[rng.below(len(legal))]  # type: ignore[no-any-return]


class _Seed:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def easy(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """The ``easy`` level's choice from the player's own view, with the agent's generator."""
    return _easy.choose(view, legal, rng)


def heuristic(game: Any, view: dict[str, Any], player: str, legal: list[Action] | None,
              rng: Rng) -> Action:
    """The ``easy`` level's choice from ``player``'s own view (with a generator of its own,
    seeded from ``rng``)."""
    return _easy.choose(view, legal or [], Rng(_Seed(rng.next64())))


def choose_index(level: str, seed: int, view: dict[str, Any], legal: list[Action]) -> int:
    """The bot's AI levels (``engine.agents``: random, easy, strong): the index in ``legal``
    of the agent's choice; an unknown level plays at random."""
    try:
        agent = get_agent(level, seed=seed)
    except KeyError:
        agent = get_agent("random", seed=seed)
    return legal.index(agent.choose(view, legal))


# -- the search hooks ------------------------------------------------------------------------

def determinize(game: Any, view: dict[str, Any], player: str, rng: Rng,
                legal: list[Action] | None = None) -> State:
    """A full state agreeing with ``player``'s view (R2; ``determinize.py``). ``legal`` tells
    the number of gold crystals owed, which the view leaves out."""
    return _determinize.determinize(view, legal or None, rng)


def playout(game: Any, state: State, player: str, rng: Rng) -> Action:
    """The easy heuristic's decision on the state (it reads nothing ``player`` can't see)."""
    return _easy.policy(state)


def evaluate(game: Any, state: State, scale: float = _search.SCALE) -> dict[str, float]:
    return _search.worth(state, scale)


def candidates(game: Any, state: State, player: str, legal: list[Action] | None
               ) -> list[Action]:
    return _search.search_candidates(state)


def progress(game: Any, state: State) -> int:
    """Playouts are measured in rounds."""
    return state.round


def clone(game: Any, state: State) -> State:
    return _determinize.fast_clone(state)


def apply(game: Any, state: State, player: str, action: Action) -> None:
    """Unchecked (the search only plays legal decisions), without events."""
    _determinize.quiet_apply(state, action)
