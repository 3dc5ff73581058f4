"""The agent interface and the uniformly random agent used by the simulator."""

from __future__ import annotations

from itertools import groupby
from operator import attrgetter
from typing import Any

from ..core.rng import Rng, seed_state

_VERB = attrgetter("verb")


class Agent:
    """Chooses one of ``legal`` from ``view`` (the deciding player's own view)."""

    name = "agent"

    def __init__(self, seed: int = 0, **options: object) -> None:
        self.rng = seed_state(seed)
        self.options = options

    @property
    def random(self) -> Rng:
        return Rng(self)

    def choose(self, view: dict[str, Any], legal: list[Any]) -> Any:
        raise NotImplementedError


class RandomAgent(Agent):
    """Random legal decisions: first a kind of decision (its verb), then one of that kind, so
    that the many ways to pay for a gadget don't crowd out mining."""

    name = "random"
    needs_view = False

    def choose(self, view: dict[str, Any], legal: list[Any]) -> Any:
        by_verb: dict[str, list[Any]] = {}
        for verb, group in groupby(legal, _VERB):  # legal lists keep each verb together
            by_verb.setdefault(verb, []).extend(group)
        rng = self.random
        of_verb = by_verb[sorted(by_verb)[rng.below(len(by_verb))]]
        return of_verb[rng.below(len(of_verb))]
