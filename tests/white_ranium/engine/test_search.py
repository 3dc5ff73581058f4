"""The strong search's hooks (engine/white_ranium/search.py): a determinised sample agrees with
the player's view (same view, same legal decisions, a state ``validate`` accepts), draws only
what the view hides (pile orders), never holds another fighter's secret card (that fighter owes
it again), and ``evaluate`` and ``clone`` behave."""

from __future__ import annotations

import pytest

from engine import game_module
from engine.agents.search import Hooks, search
from engine.core.rng import Rng, seed_state
from engine.white_ranium.ai import clone, determinize, evaluate, random_decision

from ..conftest import G, Table, table
from .test_fights import BLUE, RED

AI = game_module("white-ranium", "ai")


class _Holder:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def _states(players: int, cards: str, seed: int, every: int = 23) -> list:
    """States met along a random game, every ``every`` decisions."""
    state = G.new_game([f"p{i}" for i in range(players)], {"cards": cards}, seed)
    rng = Rng(_Holder(seed))
    out, k = [], 0
    while G.owed(state) and k < 1500:
        if k % every == 0:
            out.append(G.clone(state))
        owed = G.owed(state)
        who = owed[rng.below(len(owed))].player
        G.apply(state, who, random_decision(G, state, who, rng))
        k += 1
    return out


@pytest.mark.parametrize(("players", "cards"), [(2, "strategy"), (3, "luck"), (4, "standard"),
                                                (4, "strategy")])
def test_a_sample_agrees_with_the_view(players: int, cards: str) -> None:
    rng = Rng(_Holder(5))
    for state in _states(players, cards, seed=players):
        for o in G.owed(state):
            view = G.view(state, o.player)
            sample = determinize(G, view, o.player, rng)
            G.validate(sample)
            assert G.view(sample, o.player) == view
            assert [str(a) for a in G.legal(sample, o.player)] == \
                [str(a) for a in G.legal(state, o.player)]


def test_piles_are_drawn_from_their_known_cards_in_a_new_order() -> None:
    state = _states(4, "standard", seed=9)[-1]
    view = G.view(state, "p0")
    orders = set()
    for seed in range(6):
        sample = determinize(G, view, "p0", Rng(_Holder(seed)))
        for real, drawn in zip(state.players, sample.players, strict=True):
            assert sorted(real.pile) == sorted(drawn.pile)
        orders.add(tuple(tuple(p.pile) for p in sample.players))
    assert len(orders) > 1


def test_another_fighters_secret_card_is_not_in_the_sample() -> None:
    """R15: bob has committed; ann's sample has bob owing his card again, with his whole hand,
    whichever card he chose."""
    samples = []
    for card in ("blue-3", "blue-6"):
        t = Table(table(cards="strategy", crews={"red": "E4", "blue": "E4"}, held={"blue": 1},
                        hands={"ann": RED, "bob": BLUE}))
        t.do("ann", "steal blue")
        t.do("bob", f"fight {card}")
        sample = determinize(G, G.view(t.state, "ann"), "ann", Rng(_Holder(1)))
        G.validate(sample)
        assert sorted(sample.players[1].hand) == BLUE
        assert {o.player for o in G.owed(sample)} == {"ann", "bob"}
        samples.append(G.dump(sample))
    assert samples[0] == samples[1]
    # bob's own sample keeps his commit
    own = determinize(G, G.view(t.state, "bob"), "bob", Rng(_Holder(1)))
    assert own.stack[-1].defender_card == "blue-6"
    assert [o.player for o in G.owed(own)] == ["ann"]


def test_evaluate_is_a_share_of_the_win() -> None:
    for state in _states(3, "standard", seed=4, every=60):
        values = evaluate(G, state)
        assert set(values) == {p.id for p in state.players}
        assert all(0.0 <= v <= 1.0 for v in values.values())
        assert sum(values.values()) == pytest.approx(1.0)
    ahead = Table(table(markers={"ann": 2}, held={"red": 1}))
    values = evaluate(G, ahead.state)
    assert values["ann"] > values["bob"] and values["ann"] > values["cy"]
    done = _states(2, "standard", seed=3, every=1)[-1]
    while G.owed(done):
        o = G.owed(done)[0]
        G.apply(done, o.player, random_decision(G, done, o.player, Rng(_Holder(2))))
    assert evaluate(G, done) == {p.id: float(p.id in done.winners) for p in done.players}


def test_clone_is_an_independent_copy() -> None:
    state = _states(4, "strategy", seed=6)[-1]
    copy = clone(G, state)
    assert G.dump(copy) == G.dump(state)
    copy.players[0].hand.clear()
    copy.board[0] = 0
    copy.trail.append(["crew", "red", "A1", "A2"])
    assert G.dump(copy) != G.dump(state)
    G.validate(state)


def test_the_search_answers_a_legal_decision() -> None:
    hooks = Hooks.of(AI)
    assert hooks is not None and hooks.evaluate is not None
    state = _states(2, "standard", seed=7)[3]
    o = G.owed(state)[0]
    legal = G.legal(state, o.player)
    choice = search(G, hooks, G.view(state, o.player), o.player, legal, Rng(_Holder(3)),
                    iterations=8)
    assert choice.decision in legal


@pytest.mark.parametrize(("players", "cards"), [(2, "standard"), (2, "strategy"), (3, "luck"),
                                                (4, "standard")])
def test_the_playout_policy_decides_as_the_heuristic_on_the_view(players: int,
                                                                 cards: str) -> None:
    # the fast playout hook reads the state, never a view: same decision (and the same
    # draws from the generator) as the easy heuristic on the player's own view, and the same
    # again on a sample of that view (so it reads nothing the view hides)
    hooks = Hooks.of(AI)
    assert hooks is not None and hooks.playout is not None
    checked = 0
    for seed in range(3):
        for state in _states(players, cards, seed=10 * players + seed, every=5):
            for o in G.owed(state):
                view = G.view(state, o.player)
                r_view, r_state = Rng(_Holder(seed)), Rng(_Holder(seed))
                want = AI.heuristic(G, view, o.player, G.legal(state, o.player), r_view)
                got = AI.playout(G, state, o.player, r_state)
                assert r_view.below(1 << 30) == r_state.below(1 << 30)
                sample = determinize(G, view, o.player, Rng(_Holder(seed + 1)))
                assert str(got) == str(want)
                assert str(AI.playout(G, sample, o.player, Rng(_Holder(seed)))) == str(want)
                checked += 1
    assert checked > 50
