"""The strong search's hooks for Mining Colony (engine/mining_colony/search.py, ai.py): the
playout policy and the candidates only ever offer legal decisions, the candidates keep every
card of a bid and ``done``, the worth of a state is in [0, 1] and favours the leader, and the
generic search (engine/agents/search.py) answers every kind of decision from a view alone."""

from __future__ import annotations

from engine.agents.search import Hooks, search
from engine.core.rng import Rng
from engine.mining_colony import ai
from engine.mining_colony.actions import Play, Refresh

from ..conftest import G, develop_table, play
from .test_determinize import Seed, states


def test_playouts_and_candidates_stay_legal() -> None:
    rng = Rng(Seed(4))
    for state in states(2, 6, every=3):
        for o in G.owed(state):
            legal = G.legal(state, o.player)
            texts = {str(a) for a in legal}
            assert str(ai.playout(G, state, o.player, rng)) in texts
            cands = ai.candidates(G, state, o.player, legal)
            assert cands and {str(a) for a in cands} <= texts
            assert ai.candidates(G, state, o.player, None) == cands  # from the state alone
            if state.phase == "develop":
                assert cands[-1].verb == "done"
            if state.phase == "bid":  # each card once, one refresh at most
                plays = [a.card for a in cands if isinstance(a, Play)]
                assert sorted(plays) == sorted(state.player(o.player).hand)
                assert sum(isinstance(a, Refresh) for a in cands) <= 1


def test_worth_is_a_chance_that_favours_the_leader() -> None:
    for state in states(2, 7, every=11):
        worth = ai.evaluate(G, state)
        assert set(worth) == {p.id for p in state.players}
        assert all(0.0 <= v <= 1.0 for v in worth.values())
        table = G.scores(state)
        a, b = (p.id for p in state.players)
        if table[a]["total"] > table[b]["total"]:
            assert worth[a] > worth[b]
    solo = states(1, 8)[-1]
    assert 0.0 <= ai.evaluate(G, solo)[solo.players[0].id] <= 1.0


def test_the_search_answers_from_a_view_every_kind_of_decision() -> None:
    hooks = Hooks.of(ai)
    assert hooks is not None and hooks.horizon == 1
    seen = set()
    for state in states(2, 9, every=5)[:25]:
        for o in G.owed(state)[:1]:
            legal = G.legal(state, o.player)
            choice = search(G, hooks, G.view(state, o.player), o.player, legal,
                            Rng(Seed(1)), iterations=4)
            assert str(choice.decision) in {str(a) for a in legal}
            seen.add(state.phase)
    assert seen == {"bid", "take", "develop"}


def test_solo_worth_counts_lines_towards_structures_and_credits() -> None:  # R14, R23, R24
    """A worker on the dome at A1 starts a red outpost's line (R14): the solo worth (the
    planner's progress worth, progress.py, scaled) rises before any structure stands, so the
    search keeps such an item rather than discarding it; a white crystal on C1 starts white's;
    credits up to the cap of 5 (R15) count, since they buy the tokens that develop the last
    squares (R23)."""
    from engine.mining_colony.search import solo_worth

    state = develop_table(credits=2, solo=True,
                          zone1={"tiles": [], "items": ["worker/red", "crystal/white"]})
    before = solo_worth(state)
    play(state, ("ann", "put worker/red A1"))
    after_worker = solo_worth(state)
    assert after_worker > before
    play(state, ("ann", "put crystal/white C1"))
    assert solo_worth(state) > after_worker
    richer = develop_table(credits=5, solo=True)
    poorer = develop_table(credits=1, solo=True)
    assert solo_worth(richer) > solo_worth(poorer)
    assert all(0.0 <= solo_worth(s) < 1.0 for s in (state, richer, poorer))


def test_ending_the_turn_earns_no_longer_playout() -> None:
    """The horizon counts from the searched state, not from the state after the candidate: a
    ``done`` that ends the round once got a whole extra round of playout, so the solo search
    ended every turn at once and discarded its tile and items (issue 28: 4 items in the colony
    per game, 0.35 structures)."""
    state = develop_table(solo=True, zone1={"tiles": ["t3-09"], "items": ["crystal/green"]})
    legal = G.legal(state, "ann")
    hooks = Hooks.of(ai)
    assert hooks is not None
    choice = search(G, hooks, G.view(state, "ann"), "ann", legal, Rng(Seed(1)), iterations=4)
    assert choice.decision.verb != "done"
    assert str(choice.decision).startswith(("place t3-09", "put crystal/green"))
