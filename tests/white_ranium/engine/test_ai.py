"""The computer players: random decisions are always legal; the easy heuristic beats random."""

from __future__ import annotations

from engine.core.rng import Rng, seed_state
from engine.white_ranium.ai import heuristic, random_decision

from ..conftest import G


class _Holder:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def _game(seed: int) -> list[str]:
    state = G.new_game(["easy", "random"], {}, seed)
    rng = Rng(_Holder(seed))
    decisions = 0
    while G.owed(state) and decisions < 20_000:
        owed = G.owed(state)
        player = owed[rng.below(len(owed))].player
        if player == "easy":
            legal = G.legal(state, player)
            action = heuristic(G, G.view(state, player), player, legal, rng)
            assert str(action) in {str(a) for a in legal}
        else:
            action = random_decision(G, state, player, rng)
        G.apply(state, player, action)
        decisions += 1
    return G.winners(state)


def test_easy_beats_random_in_two_player_games() -> None:
    """The issue's target is 80% over many games (measured in the report); here 4 seeded
    games, of which the heuristic must win at least 3."""
    wins = sum(_game(seed) == ["easy"] for seed in range(4))
    assert wins >= 3


def test_the_random_player_banks_units_and_never_forfeits_ore() -> None:
    """random_decision: a delivery or collection whenever one is legal, never ``end``, and
    every 4-player game it plays ends (uniform choices lasted some 190 rounds)."""
    for seed in range(3):
        state = G.new_game(["a", "b", "c", "d"], {}, seed)
        rng = Rng(_Holder(seed))
        decisions = 0
        while G.owed(state):
            owed = G.owed(state)
            player = owed[rng.below(len(owed))].player
            legal = {a.verb for a in G.legal(state, player)}
            action = random_decision(G, state, player, rng)
            assert action.verb != "end"
            if legal & {"deliver", "collect"}:
                assert action.verb in ("deliver", "collect")
            G.apply(state, player, action)
            decisions += 1
            assert decisions < 5000
        assert len(G.winners(state)) == 1
