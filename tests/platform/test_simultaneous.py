"""Properties of the protocol for every registered game whose ``owed`` can hold several
players at once (found by playing, not listed here, so a new game gets them when it lands):
any arrival order of the owed answers gives the same state, and a committed answer that is
still sealed changes nothing any other player can see."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
import games
from engine.core.rng import Rng

from .conftest import SEALED, register_sealed_bid, unregister_sealed_bid

MAX_STEPS = 400


class _Seed:
    def __init__(self, seed: int) -> None:
        self.rng = seed


def _game(name: str) -> tuple[Any, Any]:
    return engine.get_game(name), engine.game_module(name, "ai")


def simultaneous_states(name: str, seeds: range = range(1, 4)) -> list[Any]:
    """States of random games where several players owe at once (none for a game without)."""
    g, ai = _game(name)
    found = []
    for seed in seeds:
        state = g.new_game([f"p{i}" for i in range(g.max_players)], {}, seed)
        rng = Rng(_Seed(seed))
        for _ in range(MAX_STEPS):
            owed = g.owed(state)
            if len(owed) > 1:
                found.append(g.clone(state))
                break
            if not owed:
                break
            g.apply(state, owed[0].player, ai.random_decision(g, state, owed[0].player, rng))
    return found


def candidates() -> list[str]:
    register_sealed_bid()
    try:
        names = sorted(set(engine.GAMES) | set(games.names()))
        return [n for n in names if simultaneous_states(n, range(1, 2))]
    finally:
        unregister_sealed_bid()


SIMULTANEOUS = candidates()


@pytest.fixture(autouse=True)
def _registered(sealed_bid: str) -> None:
    return None


def test_the_sealed_bid_game_and_no_stella_are_found() -> None:
    assert SEALED in SIMULTANEOUS and "stella-digger" not in SIMULTANEOUS


def _answers(name: str, state: Any, seed: int) -> dict[str, Any]:
    g, ai = _game(name)
    rng = Rng(_Seed(seed))
    return {o.player: ai.random_decision(g, state, o.player, rng) for o in g.owed(state)}


@pytest.mark.parametrize("name", SIMULTANEOUS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_arrival_order_gives_the_same_state(name: str, data: st.DataObject) -> None:
    g, _ = _game(name)
    states = simultaneous_states(name)
    start = states[data.draw(st.integers(0, len(states) - 1))]
    answers = _answers(name, start, data.draw(st.integers(0, 2**32)))
    players = list(answers)
    dumps = set()
    for _ in range(3):
        order = data.draw(st.permutations(players))
        state = g.clone(start)
        for player in order:
            g.apply(state, player, answers[player])
        dumps.add(g.dump(state))
    assert len(dumps) == 1


def _seen(g: Any, state: Any, events: list[Any], viewer: str) -> str:
    """Everything ``viewer`` may see: their view and the events shown to them."""
    shown = [(e.kind, e.text) for e in events if e.to is None or viewer in e.to]
    return json.dumps([g.view(state, viewer), g.view(state, None), shown], sort_keys=True,
                      default=str)


@pytest.mark.parametrize("name", SIMULTANEOUS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_sealed_answer_shows_nothing_to_the_others(name: str, data: st.DataObject) -> None:
    g, _ = _game(name)
    states = simultaneous_states(name)
    start = states[data.draw(st.integers(0, len(states) - 1))]
    owed = g.owed(start)
    player = owed[data.draw(st.integers(0, len(owed) - 1))].player
    one = _answers(name, start, data.draw(st.integers(0, 2**32)))[player]
    two = _answers(name, start, data.draw(st.integers(0, 2**32)))[player]
    if str(one) == str(two) or not (g.sealed(start, player, one) and g.sealed(start, player, two)):
        return
    after = []
    for answer in (one, two):
        state = g.clone(start)
        events = g.apply(state, player, answer)
        if any(e.kind == "reveal" for e in events):
            return  # the last answer reveals them all: nothing left sealed
        after.append((state, events))
    for other in g.owed(start):
        if other.player != player:
            assert _seen(g, *after[0], other.player) == _seen(g, *after[1], other.player)
