"""Every game's ``clone``: the same state (its stored JSON), sharing nothing that can change.

The referee applies each decision to a clone of the shared, read-only state it keeps (referee
``Sessions.commit``) and searches play on clones, so a clone that shared a list with the
original would let a decision change the kept state in place. Hand-written clones (Stella
Digger's, White Ranium's) must copy every field a new version of the state adds: the walk below
finds any list, dict, set or dataclass reachable from both."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine import GAMES, game_module, get_game
from engine.core.rng import Rng, seed_state


class _Holder:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def _mutable_ids(obj: Any, found: dict[int, Any]) -> dict[int, Any]:
    """Every list, dict, set and dataclass instance reachable from ``obj`` (id -> object)."""
    if isinstance(obj, (str, int, float, bool, bytes, type(None), frozenset)):
        return found
    if isinstance(obj, tuple):
        for x in obj:
            _mutable_ids(x, found)
        return found
    if id(obj) in found:
        return found
    found[id(obj)] = obj
    if isinstance(obj, dict):
        for k, v in obj.items():
            _mutable_ids(k, found)
            _mutable_ids(v, found)
    elif isinstance(obj, (list, set)):
        for x in obj:
            _mutable_ids(x, found)
    elif dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            _mutable_ids(getattr(obj, f.name), found)
    else:
        raise AssertionError(f"a state holds a {type(obj).__name__}: teach this walk about it")
    return found


def _states(name: str, players: int, seed: int, every: int = 7) -> list[Any]:
    g, ai = get_game(name), game_module(name, "ai")
    state = g.new_game([f"p{i}" for i in range(players)], {}, seed)
    rng = Rng(_Holder(seed))
    out = []
    step = 0
    while owed := g.owed(state):
        if step % every == 0:
            out.append(g.clone(state))
        player = owed[rng.below(len(owed))].player
        g.apply(state, player, ai.random_decision(g, state, player, rng))
        step += 1
    return [*out, state]


@pytest.mark.parametrize("name", GAMES)
def test_a_clone_is_the_same_state_and_shares_nothing_that_can_change(name: str) -> None:
    g = get_game(name)
    players = max(g.min_players, min(3, g.max_players))
    states = _states(name, players, 5) + _states(name, g.max_players, 6)
    assert len(states) > 10
    for state in states:
        copy = g.clone(state)
        assert g.dump(copy) == g.dump(state)
        shared = _mutable_ids(state, {}).keys() & _mutable_ids(copy, {}).keys()
        assert not shared, f"{name}: the clone shares {type(_mutable_ids(state, {})[shared.pop()])}"
