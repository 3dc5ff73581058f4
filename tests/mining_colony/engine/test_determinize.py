"""The strong search's samples (engine/mining_colony/determinize.py): a determinised state
agrees with the searching player's view (hidden information), passes validate(), leaves another
player's sealed bid owed, and different seeds draw different hidden parts."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core.rng import Rng
from engine.mining_colony.ai import determinize, random_decision
from engine.mining_colony.state import State

from ..conftest import G


class Seed:
    def __init__(self, seed: int) -> None:
        self.rng = seed


def states(players: int, seed: int, every: int = 7) -> list[State]:
    """States along a random game (every ``every``-th decision, and mid-bid ones)."""
    state = G.new_game([f"p{i}" for i in range(players)], seed=seed)
    rng = Rng(Seed(seed))
    out = [G.clone(state)]
    n = 0
    while not state.ended:
        owed = G.owed(state)
        player = owed[rng.below(len(owed))].player
        G.apply(state, player, random_decision(G, state, player, rng))
        n += 1
        if n % every == 0 or (state.phase == "bid" and len(G.owed(state)) < players):
            out.append(G.clone(state))
    return out


def agrees(view: dict[str, Any], sample: State, player: str, sealed: set[str]) -> None:
    """The sample's view for ``player`` is ``view``, but for other players' sealed bids (still
    owed in the sample) and what follows from them."""
    mine = G.view(sample, player)
    for pid in sealed:
        for v in (view, mine):
            for key in ("has_bid", "hand_size", "deck_size"):  # the bid is owed again
                v["players"][pid].pop(key)
        view["waiting"] = sorted(set(view["waiting"]) | {pid})
        mine["waiting"] = sorted(mine["waiting"])
    for key in ("to_act",):
        view.pop(key), mine.pop(key)
    if sealed:
        view["waiting"], mine["waiting"] = sorted(view["waiting"]), sorted(mine["waiting"])
    differ = {k for k in view if json.dumps(view[k], sort_keys=True)
              != json.dumps(mine.get(k), sort_keys=True)}
    assert not differ, {k: (view[k], mine.get(k)) for k in differ}


@pytest.mark.parametrize(("players", "seed"), [(1, 3), (2, 4), (4, 5)])
def test_a_sample_agrees_with_the_view_and_is_a_valid_state(players: int, seed: int) -> None:
    for state in states(players, seed):
        for o in G.owed(state):
            view = G.view(state, o.player)
            sample = determinize(G, view, o.player, Rng(Seed(seed)))
            G.validate(sample)  # conservation, shape: a reachable table
            sealed = {p.id for p in state.players
                      if p.id != o.player and state.phase == "bid" and p.bid is not None}
            for pid in sealed:  # another's sealed bid stays owed in the sample
                assert sample.player(pid).bid is None and len(sample.player(pid).hand) == 3
            agrees(view, sample, o.player, sealed)
            assert sorted(map(str, G.legal(sample, o.player))) == sorted(
                map(str, G.legal(state, o.player)))


def test_different_seeds_draw_different_hidden_parts() -> None:
    state = states(4, 9)[0]
    view = G.view(state, "p0")
    a = determinize(G, view, "p0", Rng(Seed(1)))
    b = determinize(G, view, "p0", Rng(Seed(2)))
    assert a.player("p0").hand == b.player("p0").hand == state.player("p0").hand  # her own
    hidden = [(p.deck, p.hand) for p in a.players[1:]], a.resource_deck, a.piles
    other = [(p.deck, p.hand) for p in b.players[1:]], b.resource_deck, b.piles
    assert hidden != other
    assert all(sorted(x.deck + x.hand) == sorted(y.deck + y.hand)
               for x, y in zip(a.players, b.players, strict=True))  # the same cards held


def test_the_cards_slid_under_the_deck_stay_where_their_owner_put_them() -> None:
    """R6: the owner remembers the bottom of their deck; the sample keeps it there."""
    state = G.new_game(["a", "b"], seed=2)
    hand = sorted(state.player("a").hand)
    G.apply(state, "a", f"play {hand[1]} bottom={hand[2]},{hand[0]}")
    sample = determinize(G, G.view(state, "b"), "b", Rng(Seed(3)))
    assert sample.player("a").bid is None  # owed again in b's sample
    own = determinize(G, G.view(state, "a"), "a", Rng(Seed(3)))
    assert own.player("a").deck[-2:] == [hand[2], hand[0]] and own.player("a").seen == 2
    assert own.player("a").bid == hand[1]
