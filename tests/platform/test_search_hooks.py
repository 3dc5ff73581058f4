"""The search hooks of every registered game whose ai.py has ``determinize`` (found, not listed
here: a game gets these checks when its hook lands), on positions of random games: the sample
of a player's view is a state where that player owes the same decision with the same legal
list, where no other player's sealed, unrevealed decision is known (that player still owes
it), and the generic search answers with one of the legal decisions (or, not listed, one the
engine accepts), the same with the same seed and samples."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.agents.search import Hooks, search
from engine.core.rng import Rng, seed_state

from .conftest import SEALED, register_sealed_bid, unregister_sealed_bid

MAX_STEPS = 600
STRIDE = 7  # a position every so many decisions
POSITIONS = 5  # positions checked per game


class _Seed:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def _rng(seed: int) -> Rng:
    return Rng(_Seed(seed))


def _with_hooks() -> list[str]:
    register_sealed_bid()
    try:
        return [n for n in sorted({*engine.GAMES, SEALED})
                if Hooks.of(engine.game_module(n, "ai")) is not None]
    finally:
        unregister_sealed_bid()


SEARCHABLE = _with_hooks()


@pytest.fixture(autouse=True)
def _registered(sealed_bid: str) -> None:
    return None


def test_the_sealed_bid_game_and_stella_have_search_hooks() -> None:
    assert {SEALED, "stella-digger"} <= set(SEARCHABLE)


def positions(name: str, seed: int) -> list[tuple[Any, str, set[str]]]:
    """(state, a player owing a decision, the other players whose sealed decision is not yet
    revealed) along a random game."""
    g, ai = engine.get_game(name), engine.game_module(name, "ai")
    players = [f"p{i}" for i in range(1, min(3, g.max_players) + 1)]
    state = g.new_game(players, {}, seed)
    rng = _rng(seed)
    sealed: set[str] = set()
    found: list[tuple[Any, str, set[str]]] = []
    secrets = 0
    for step in range(MAX_STEPS):
        owed = g.owed(state)
        if not owed or len(found) >= POSITIONS:
            break
        waiting = [o.player for o in owed if sealed - {o.player}]
        if step % STRIDE == 0 or (waiting and secrets < POSITIONS // 2):
            # every so often, and whenever someone owes while another's decision is sealed
            who = waiting[0] if waiting else owed[rng.below(len(owed))].player
            if len(g.legal(state, who)) != 1:
                found.append((g.clone(state), who, sealed - {who}))
                secrets += bool(sealed - {who})
        player = owed[rng.below(len(owed))].player
        action = ai.random_decision(g, state, player, rng)
        secret = g.sealed(state, player, action)
        events = g.apply(state, player, action)
        if secret:
            sealed.add(player)
        if any(e.kind == "reveal" for e in events):  # reveals this decision too
            sealed.clear()
    return found


@pytest.mark.parametrize("name", SEARCHABLE)
def test_samples_agree_with_the_view_and_hide_sealed_decisions(name: str) -> None:
    g = engine.get_game(name)
    hooks = Hooks.of(engine.game_module(name, "ai"))
    assert hooks is not None
    cases = positions(name, 3)
    assert cases
    for k, (state, player, unrevealed) in enumerate(cases):
        view, legal = g.view(state, player), g.legal(state, player)
        sample = hooks.determinize(g, view, player, _rng(k))
        owing = {o.player: o.decision for o in g.owed(sample)}
        real = {o.player: o.decision for o in g.owed(state)}
        assert owing.get(player) == real[player]
        assert g.legal(sample, player) == legal
        for other in unrevealed:  # the searcher doesn't know it: the sample has it still owed
            assert other in owing, f"{other}'s sealed decision is in {player}'s sample"


@pytest.mark.parametrize("name", SEARCHABLE)
def test_the_search_answers_legally_and_deterministically(name: str) -> None:
    g = engine.get_game(name)
    hooks = Hooks.of(engine.game_module(name, "ai"))
    assert hooks is not None
    for k, (state, player, _) in enumerate(positions(name, 5)[:2]):
        view, legal = g.view(state, player), g.legal(state, player)
        first = search(g, hooks, view, player, legal, _rng(k), iterations=2, horizon=1)
        again = search(g, hooks, view, player, legal, _rng(k), iterations=2, horizon=1)
        assert first.decision == again.decision
        if legal:
            assert first.decision in legal
        else:
            g.check(state, player, first.decision)
