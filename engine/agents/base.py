"""The agent interface and the uniformly random agent used by the simulator."""

from __future__ import annotations

from typing import Any

from ..core.rng import Rng, seed_state


class Agent:
    """Chooses one of ``legal`` from ``view`` (the deciding player's own view)."""

    name = "agent"

    def __init__(self, seed: int = 0, **options: object) -> None:
        self.rng = seed_state(seed)
        self.options = options
        self._random = Rng(self)

    @property
    def random(self) -> Rng:
        """The agent's generator; its state is ``self.rng``."""
        return self._random

    def choose(self, view: dict[str, Any], legal: list[Any]) -> Any:
        raise NotImplementedError


class RandomAgent(Agent):
    """Random legal decisions: first a kind of decision (its verb), then one of that kind, so
    that the many ways to pay for a gadget don't crowd out mining."""

    name = "random"
    needs_view = False

    def choose(self, view: dict[str, Any], legal: list[Any]) -> Any:
        rng = self.random
        if legal[0].verb == legal[-1].verb:  # one kind only, as every draw (verbs stay together)
            rng.below(1)  # the kind drawn below, so that the choices are the same
            return legal[rng.below(len(legal))]
        blocks = _blocks(legal)
        kinds = sorted(blocks)
        start, end = blocks[kinds[rng.below(len(kinds))]]
        return legal[start + rng.below(end - start)]


def _blocks(legal: list[Any]) -> dict[str, tuple[int, int]]:
    """Each verb's (start, end) in a list keeping each verb together, found by galloping and
    bisecting rather than reading every entry (long lists hold many ways to pay)."""
    blocks: dict[str, tuple[int, int]] = {}
    start, n = 0, len(legal)
    while start < n:
        verb = legal[start].verb
        lo, hi, step = start, start + 1, 1  # legal[lo] has this verb
        while hi < n and legal[hi].verb == verb:
            lo, step = hi, step * 2
            hi = start + step
        hi = min(hi, n)  # the block ends in (lo, hi]
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if legal[mid].verb == verb:
                lo = mid
            else:
                hi = mid
        blocks[verb] = (start, hi)
        start = hi
    return blocks
