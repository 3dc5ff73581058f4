"""Every game's ``Presentation.private_keys`` (a game may read its own state instead of
building each player's view: it runs twice per decision) gives exactly
``private_key(game.view(state, p), p)``, the definition of record, for every player at every
state of seeded random whole games (players from the fewest to the most, and the options that
change what a view shows)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import engine
import games
from engine.core.rng import Rng

#: the options that change a view's private part (a game not named: its defaults only), each
#: with whether its games hold anything private at some state
VIEW_OPTIONS: dict[str, list[tuple[dict[str, Any], bool]]] = {
    "out-of-mine": [({"race": True}, True), ({"race": False}, True)],  # R3: the commit; the
    # card too with the race on
    "white-ranium": [({"cards": "strategy"}, True), ({"cards": "standard"}, False)],  # R17:
    # only a strategy fight card is secret
}
SEEDS = (1, 2, 3)
MAX_STEPS = 3000  # decisions a game at most (White Ranium's random games are the longest)


class _Seed:
    def __init__(self, seed: int) -> None:
        self.rng = seed


def cases() -> list[tuple[str, int, dict[str, Any], bool]]:
    found = []
    for name in games.names():
        g = engine.get_game(name)
        for options, secret in VIEW_OPTIONS.get(name, [({}, True)]):
            found += [(name, n, options, secret) for n in range(g.min_players, g.max_players + 1)]
    return found


def states(name: str, n: int, options: dict[str, Any], seed: int) -> Iterator[Any]:
    """Every state of one seeded random game, a random owing player deciding each time (the
    game's own ``ai.random_decision``), so simultaneous decisions come in every order."""
    g, ai = engine.get_game(name), engine.game_module(name, "ai")
    state = g.new_game([f"p{i}" for i in range(n)], dict(options), seed)
    rng = Rng(_Seed(seed))
    yield state
    for _ in range(MAX_STEPS):
        owed = g.owed(state)
        if not owed:
            return
        who = owed[rng.below(len(owed))].player
        g.apply(state, who, ai.random_decision(g, state, who, rng))
        yield state
    raise AssertionError(f"{name}: no end after {MAX_STEPS} decisions")


@pytest.mark.parametrize(("name", "n", "options", "secret"), cases())
def test_private_keys_read_from_the_state_match_the_views(name: str, n: int,
                                                          options: dict[str, Any],
                                                          secret: bool) -> None:
    g, present = engine.get_game(name), games.get(name)
    ids = [f"p{i}" for i in range(n)] + ["nobody"]  # a player id not seated: as its view says
    private = 0
    for seed in SEEDS:
        for state in states(name, n, options, seed):
            fast = present.private_keys(g, state, ids)
            assert fast == {p: present.private_key(g.view(state, p), p) for p in ids}, (
                f"{name} seed {seed} version {state.version}")
            private += sum(1 for key in fast.values() if key)
    assert bool(private) == secret  # something private at some state (a hand, a card, a commit)
