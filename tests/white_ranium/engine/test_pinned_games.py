"""Whole random games pinned to a digest: the decisions (with every legal listing), the events
and the final stored state of a few seeds. Speed work on the engine must leave these games
exactly as they were (rules, wording, random draws); a deliberate rule change updates the
digests in the same commit, saying why."""

from __future__ import annotations

import hashlib

import pytest

from engine.core.rng import Rng, seed_state
from engine.white_ranium.ai import random_decision

from ..conftest import G


class _Holder:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def _digest(players: int, cards: str, seed: int) -> str:
    """The benchmark's loop (benchmarks/engine.py ``generic``) with everything recorded."""
    h = hashlib.sha256()
    state, events = G.new_game_with_events([f"p{i}" for i in range(players)], {"cards": cards},
                                           seed)
    rng = Rng(_Holder(seed))
    for e in events:
        h.update(repr(tuple(e)).encode())
    while owed := G.owed(state):
        player = owed[rng.below(len(owed))].player
        h.update("|".join(map(str, G.legal(state, player))).encode())
        action = random_decision(G, state, player, rng)
        h.update(str(action).encode())
        for e in G.apply(state, player, action):
            h.update(repr(tuple(e)).encode())
    h.update(G.dump(state).encode())
    return h.hexdigest()[:16]


@pytest.mark.parametrize(("players", "cards", "seed", "digest"), [
    (4, "standard", 1, "8bf70ee1a87e7d3b"),
    (3, "luck", 2, "84f90cc2b60f9a14"),
    (2, "strategy", 3, "f86de969f1cb7ad5"),
])
def test_random_games_play_out_exactly_as_pinned(players: int, cards: str, seed: int,
                                                 digest: str) -> None:
    assert _digest(players, cards, seed) == digest
