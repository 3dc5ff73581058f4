"""Properties over random legal play (hypothesis picks player counts, card modes and seeds):
invariants after every decision, replay byte-identical, views never show a sealed commit,
simultaneous commits in any order, ``check`` accepts exactly what ``legal`` lists."""

from __future__ import annotations

import json
from collections.abc import Iterator

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import IllegalDecision
from engine.core.rng import Rng, seed_state
from engine.white_ranium.actions import Action
from engine.white_ranium.ai import random_decision
from engine.white_ranium.components import COLOURS, SYMBOL_CARD_VALUE
from engine.white_ranium.invariants import violations
from engine.white_ranium.rules import VERB_ORDER, available, block
from engine.white_ranium.state import State

from ..conftest import G

games = st.tuples(st.sampled_from([2, 3, 4]), st.sampled_from(["standard", "luck", "strategy"]),
                  st.integers(0, 10**9))
SETTINGS = settings(max_examples=8, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


class _Holder:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def playout(n: int, cards: str, seed: int, limit: int = 400
            ) -> Iterator[tuple[State, str, Action]]:
    """(state before, player, decision) for up to ``limit`` random decisions; the decision is
    applied after the caller resumes."""
    state = G.new_game([f"p{i}" for i in range(n)], {"cards": cards}, seed)
    rng = Rng(_Holder(seed + 1))
    for _ in range(limit):
        owed = G.owed(state)
        if not owed:
            return
        player = owed[rng.below(len(owed))].player
        action = random_decision(G, state, player, rng)
        yield state, player, action
        G.apply(state, player, action)


@SETTINGS
@given(games)
def test_invariants_hold_and_replay_is_byte_identical(game: tuple[int, str, int]) -> None:
    n, cards, seed = game
    initial = G.dump(G.new_game([f"p{i}" for i in range(n)], {"cards": cards}, seed))
    log: list[tuple[str, str]] = []
    state = None
    for state, player, action in playout(n, cards, seed):
        assert violations(state) == []
        log.append((player, str(action)))
    assert state is not None  # every logged decision has been applied to it
    final = G.dump(state)
    assert G.dump(G.replay(initial, log)) == final
    assert G.load(final) == state


@SETTINGS
@given(st.sampled_from([2, 3, 4]), st.integers(0, 10**9))
def test_views_and_public_events_never_show_a_sealed_commit(n: int, seed: int) -> None:
    """R15 and the hidden information: until the reveal, only the committer sees the card."""
    for state, player, action in playout(n, "strategy", seed, limit=1500):
        sealed = G.sealed(state, player, action)
        events = G.apply(G.clone(state), player, action)
        if not sealed:
            continue
        after = G.clone(state)
        G.apply(after, player, action)
        if not G.owed(after) or G.owed(after)[0].decision != "fight":
            continue  # both in: revealed at once
        assert all(str(action).split()[1] not in e.text + json.dumps(e.data) for e in events
                   if e.to is None and e.kind != "reveal")
        for viewer in [None, *(p.id for p in after.players if p.id != player)]:
            fight = G.view(after, viewer)["fight"]
            assert action.card not in json.dumps(fight)


@SETTINGS
@given(st.sampled_from([2, 3, 4]), st.integers(0, 10**9))
def test_simultaneous_commits_in_any_order_give_the_same_state(n: int, seed: int) -> None:
    """The protocol: two fighters answering in either order reach the same state."""
    for state, _player, _action in playout(n, "strategy", seed, limit=1500):
        owed = G.owed(state)
        if len(owed) == 2:
            a, b = (G.clone(state) for _ in range(2))
            first, second = owed
            pick = {t.player: f"fight {min(a.players[a.seat_of(t.player)].hand)}" for t in owed}
            G.apply(a, first.player, pick[first.player])
            G.apply(a, second.player, pick[second.player])
            G.apply(b, second.player, pick[second.player])
            G.apply(b, first.player, pick[first.player])
            assert G.dump(a) == G.dump(b)
            return


def _candidates(state: State) -> list[str]:
    """Every well-formed decision a player could type now (for the listing check)."""
    places = [f"{c}{r}" for c in "ABCDEF" for r in range(1, 7)]
    crews = [f" crew={c}" for c in COLOURS] if len(state.players) == 2 else [""]
    out = ["done", "end", "collect", *[f"colour {c}" for c in COLOURS],
           *[f"{v} {c}" for v in ("fight", "card") for c in SYMBOL_CARD_VALUE],
           *[f"loader {n} {d}" for n in (1, 2, 3) for d in ("forward", "back")]]
    out += [f"{v} {p}" for v in ("rotate", "flip-long", "flip-short", "place") for p in places]
    for crew in crews:
        out += [f"collect{crew}", *[f"steal {c}{crew}" for c in COLOURS]]
        out += [f"{v} {p}{crew}" for v in ("move", "tunnel", "transport") for p in places]
        out += [f"deliver {p} {k}{crew}" for p in places for k in (1, 2)]
    out += [f"swap A1 {p}" for p in places if p != "A1"]
    return out


@SETTINGS
@given(games)
def test_check_accepts_exactly_what_legal_lists(game: tuple[int, str, int]) -> None:
    n, cards, seed = game
    for i, (state, player, _action) in enumerate(playout(n, cards, seed, limit=300)):
        if i % 37:
            continue
        legal = {str(a) for a in G.legal(state, player)}
        for text in _candidates(state):
            try:
                G.check(state, player, text)
                ok = True
            except IllegalDecision:
                ok = False
            assert ok == (text in legal), (text, ok)
        assert all(G.check(state, player, t) is not None for t in legal)


def test_random_self_play_games_end_with_invariants_after_every_decision() -> None:
    """Whole seeded games, 2-4 players, each card mode: every game ends, nothing breaks."""
    for n, cards, seed in ((2, "standard", 1), (3, "luck", 2), (4, "strategy", 3),
                           (4, "standard", 4)):
        state = G.new_game([f"p{i}" for i in range(n)], {"cards": cards}, seed)
        rng = Rng(_Holder(seed))
        decisions = 0
        while G.owed(state) and decisions < 60_000:
            owed = G.owed(state)
            player = owed[rng.below(len(owed))].player
            G.apply(state, player, random_decision(G, state, player, rng))
            decisions += 1
            assert violations(state) == [], decisions
        assert state.ended and len(G.winners(state)) == 1, (n, cards, seed, decisions)


@SETTINGS
@given(games)
def test_available_verbs_are_exactly_the_non_empty_blocks(game: tuple[int, str, int]) -> None:
    """The random player picks a verb from ``available`` before listing it: the same verbs
    ``block`` lists something for, actions and free actions alike."""
    n, cards, seed = game
    for state, player, _action in playout(n, cards, seed, limit=300):
        seat = state.seat_of(player)
        for free in (False, True):
            listed = [v for v in VERB_ORDER if block(state, seat, free, v)]
            assert available(state, seat, free) == listed
