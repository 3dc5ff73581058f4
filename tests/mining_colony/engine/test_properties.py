"""Properties over random legal playouts of 1-4 players (hypothesis picks the games): invariants
after every decision, replay byte-identical, views hide hands and bids, any arrival order of
bids gives the same state, ``check`` accepts exactly what ``legal`` lists."""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import permutations
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import IllegalDecision
from engine.core.rng import Rng, seed_state
from engine.mining_colony.ai import heuristic, random_decision
from engine.mining_colony.invariants import check
from engine.mining_colony.state import State

from ..conftest import G

games = st.tuples(st.sampled_from([1, 2, 3, 4]), st.integers(0, 10**9))
SETTINGS = settings(max_examples=8, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


class _Seed:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def playout(players: int, seed: int) -> Iterator[tuple[State, str, str]]:
    """Each (state after, player, decision) of a random game; the first item is the start."""
    ids = [f"p{i}" for i in range(players)]
    options = {"difficulty": 1 + seed % 4, "free_undeveloped": bool(seed % 2)} if players == 1 \
        else {"side": "advanced" if seed % 2 else "standard"}
    state = G.new_game(ids, options, seed)
    rng = Rng(_Seed(seed))
    yield state, "", ""
    while not state.ended:
        owed = G.owed(state)
        who = owed[rng.below(len(owed))].player  # simultaneous bids arrive in any order
        action = random_decision(G, state, who, rng)
        G.apply(state, who, action)
        yield state, who, str(action)


@SETTINGS
@given(games)
def test_invariants_hold_and_replay_is_byte_identical(game: tuple[int, int]) -> None:
    players, seed = game
    ids = [f"p{i}" for i in range(players)]
    options = {"difficulty": 1 + seed % 4, "free_undeveloped": bool(seed % 2)} if players == 1 \
        else {"side": "advanced" if seed % 2 else "standard"}
    initial = G.dump(G.new_game(ids, options, seed))
    log: list[tuple[str, str]] = []
    state = None
    for state, who, text in playout(players, seed):
        check(state)
        assert (G.owed(state) == []) == state.ended
        if text:
            log.append((who, text))
    assert state is not None and state.ended
    assert G.dump(G.replay(initial, log)) == G.dump(state)
    assert G.dump(G.load(G.dump(state))) == G.dump(state)


def _hidden(view: dict[str, Any], viewer: str | None, state: State) -> None:
    for pid, p in view["players"].items():
        if pid == viewer:
            continue
        assert p["hand"] is None and p["deck"] is None and p["bottom"] is None
        if state.phase == "bid":
            assert p["bid"] is None
    if state.zorlord is not None:
        assert view["zorlord"]["deck"] is None
    assert "rng" not in json.dumps(view) and "seed" not in view


@SETTINGS
@given(games)
def test_views_never_show_hands_or_bids_before_the_reveal(game: tuple[int, int]) -> None:
    players, seed = game
    for i, (state, _, _) in enumerate(playout(players, seed)):
        if i % 5:
            continue
        for viewer in [None, *(p.id for p in state.players)]:
            _hidden(G.view(state, viewer), viewer, state)


@SETTINGS
@given(st.tuples(st.sampled_from([2, 3, 4]), st.integers(0, 10**9)))
def test_any_arrival_order_of_bids_gives_the_same_state(game: tuple[int, int]) -> None:  # R6
    players, seed = game
    state = G.new_game([f"p{i}" for i in range(players)], seed=seed)
    rng = Rng(_Seed(seed))
    for _ in range(3):  # three rounds, each bid compared in every arrival order
        bids = [(p.id, random_decision(G, state, p.id, rng)) for p in state.players]
        # a bid step may hold other decisions (a staged put); keep only the plays
        bids = [(pid, G.default(state, pid)) for pid, _ in bids]
        dumps = set()
        for order in permutations(bids):
            copy = G.clone(state)
            for pid, action in order:
                G.apply(copy, pid, action)
            dumps.add(G.dump(copy))
        assert len(dumps) == 1
        for pid, action in bids:
            G.apply(state, pid, action)
        while not state.ended and state.phase != "bid":
            who = G.to_act(state).player
            G.apply(state, who, random_decision(G, state, who, rng))


@SETTINGS
@given(games)
def test_check_accepts_exactly_what_legal_lists(game: tuple[int, int]) -> None:
    players, seed = game
    for i, (state, _, _) in enumerate(playout(players, seed)):
        if i % 9 or state.ended:
            continue
        for owed in G.owed(state):
            legal = G.legal(state, owed.player)
            texts = {str(a) for a in legal}
            assert len(texts) == len(legal)
            for action in legal:
                assert G.check(state, owed.player, action) == action
            # near misses: every placement, put and buy on every square
            me = state.player(owed.player)
            candidates = [f"buy {t} {c}{r}" for t in ("blank", "dome", "purple")
                          for c in "ABCDEF" for r in "123456"]
            for tile in me.pending_tiles:
                candidates += [f"place {tile} {c}{r} {rot}" for c in "ABCDEF" for r in "123456"
                               for rot in (0, 90, 180, 270)]
            for item in set(me.pending_items) | set(me.staging):
                candidates += [f"put {item} {c}{r}" for c in "ABCDEF" for r in "123456"]
                candidates += [f"put {item} {c}{r} from=staging" for c in "ABCDEF"
                               for r in "123456"]
            for text in candidates:
                action = G.parse(text)
                try:
                    G.check(state, owed.player, action)
                    ok = True
                except IllegalDecision:
                    ok = False
                assert ok == (str(action) in texts), text


def test_random_self_play_ends_with_invariants_kept() -> None:
    for seed in range(12):
        players = 1 + seed % 4
        state = None
        for state, _, _ in playout(players, seed):
            check(state)
        assert state is not None and state.ended and len(state.winners) == 1


def test_heuristic_beats_random() -> None:
    wins = 0
    for seed in range(20):
        state = G.new_game(["h", "r"], seed=seed)
        rng = Rng(_Seed(seed))
        while not state.ended:
            who = G.to_act(state).player
            if who == "h":
                action = heuristic(G, G.view(state, "h"), "h", G.legal(state, "h"), rng)
            else:
                action = random_decision(G, state, who, rng)
            G.apply(state, who, action)
        wins += state.winners == ["h"]
    assert wins >= 16


@SETTINGS
@given(games)
def test_develop_verbs_are_exactly_the_non_empty_blocks(game: tuple[int, int]) -> None:
    from engine.mining_colony.listing import develop_block, develop_verbs

    players, seed = game
    for i, (state, _, _) in enumerate(playout(players, seed)):
        if i % 3 or state.phase != "develop" or state.ended:
            continue
        who = G.to_act(state).player
        p = state.player(who)
        legal = G.legal(state, who)
        verbs = list(dict.fromkeys(a.verb for a in legal))
        assert develop_verbs(state, p) == verbs
        assert [a for v in verbs for a in develop_block(state, p, v)] == legal
