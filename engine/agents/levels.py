"""The AI levels of every game, as the bot plays them: ``choose_index(level, seed, view, legal)``
is the index in ``legal`` of the level's choice, or, for a decision that is not listed
(``legal`` empty), the decision's text. The game and the player are the view's ``"game"`` and
``"viewer"``. In order: the game's own ``choose_index`` if its ``engine/<pkg>/ai.py`` has levels
of its own; ``strong``: the generic search (``search.py``) if the game has the ``determinize``
hook; ``random``: a random listed decision; otherwise the game's ``heuristic``. The referee runs
it in its workers (``referee/shared/ai.py``), the simulator in its seats (``python -m engine sim``)."""

from __future__ import annotations

from typing import Any

from ..core.rng import Rng, seed_state

STRONG_BUDGET_MS = 1000.0  # the strong level's thinking time per decision (README: 1 s)


class _Seed:
    def __init__(self, seed: int) -> None:
        self.rng = seed


def choose_index(level: str, seed: int, view: dict[str, Any], legal: list[Any],
                 budget_ms: float = STRONG_BUDGET_MS, iterations: int | None = None
                 ) -> int | str:
    """See the module text. ``budget_ms`` (or a fixed number of samples, ``iterations``) is the
    generic search's per decision."""
    from engine import DEFAULT_GAME, game_module, get_game

    name = view.get("game") or DEFAULT_GAME
    module = game_module(name, "ai")
    own = getattr(module, "choose_index", None)
    if own is not None and (legal or getattr(module, "CHOOSES_UNLISTED", False)):
        # a game's own levels; one that says so also composes its unlisted decisions (text)
        chosen = own(level, seed, view, legal)
        return chosen if isinstance(chosen, str) else int(chosen)
    rng = Rng(_Seed(seed_state(seed)))
    if level == "strong" and getattr(module, "determinize", None) is not None:
        from .search import Hooks, search

        hooks = Hooks.of(module)
        assert hooks is not None
        choice = search(get_game(name), hooks, view, view["viewer"], legal, rng,
                        budget_ms=budget_ms, iterations=iterations).decision
        return legal.index(choice) if legal else str(choice)
    if legal and level == "random":
        return rng.below(len(legal))
    choice = module.heuristic(get_game(name), view, view.get("viewer"), legal or None, rng)
    return legal.index(choice) if legal else str(choice)


__all__ = ["STRONG_BUDGET_MS", "choose_index"]
