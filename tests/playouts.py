"""Shared helpers for tests that play whole games with seeded random decisions."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from engine import get_game
from engine.core.rng import Rng, seed_state
from engine.stella_digger.state import State

GAME = get_game("stella-digger")


@dataclass
class Step:
    state: State  # the live state after the decision (do not keep across steps: it mutates)
    player: str
    text: str
    events: list


class _Holder:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def playout(players: int, seed: int, red_tears: bool = False, max_steps: int = 4000,
            choice_seed: int | None = None) -> Iterator[Step]:
    """Play a whole game: random verb, then a random decision of that verb (deterministic)."""
    ids = ["ann", "bob", "cy", "dee"][:players]
    state = GAME.new_game(ids, {"red_tears": red_tears}, seed)
    rng = Rng(_Holder(seed * 7919 + 1 if choice_seed is None else choice_seed))
    for _ in range(max_steps):
        if state.ended:
            return
        owed = GAME.to_act(state)
        assert owed is not None
        legal = GAME.legal(state)
        verbs = sorted({a.verb for a in legal})
        verb = verbs[rng.below(len(verbs))]
        options = [a for a in legal if a.verb == verb]
        action = options[rng.below(len(options))]
        events = GAME.apply(state, owed.player, action)
        yield Step(state, owed.player, str(action), events)
    raise AssertionError(f"game {players}p seed {seed} did not end in {max_steps} decisions")
