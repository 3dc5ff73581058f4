"""Properties over random games: replay is byte-identical, arrival order doesn't matter, views
never show a sealed dig or an unopened card, ``check`` agrees with ``legal`` and ``options``,
and every random game ends with its invariants intact."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import IllegalDecision
from engine.core.rng import Rng, seed_state
from engine.out_of_mine import ai
from engine.out_of_mine.invariants import check

from ..conftest import G


class _Holder:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def random_game(seed: int, players: int = 4, options: dict[str, Any] | None = None,
                each: Any = None) -> tuple[Any, str, list[tuple[str, str]]]:
    """A whole random game: (final state, initial dump, log)."""
    state = G.new_game([f"p{i}" for i in range(players)], options or {}, seed)
    initial = G.dump(state)
    rng = Rng(_Holder(seed + 99))
    log: list[tuple[str, str]] = []
    while G.owed(state):
        owed = G.owed(state)
        who = owed[rng.below(len(owed))].player
        action = ai.random_decision(G, state, who, rng)
        if each is not None:
            each(state, who, action)
        G.apply(state, who, action)
        log.append((who, str(action)))
        check(state)
    return state, initial, log


OPTIONS = st.fixed_dictionaries({"elves": st.booleans(), "finds": st.booleans(),
                                 "race": st.booleans()})


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), options=OPTIONS)
def test_replay_from_the_log_is_byte_identical(seed: int, players: int,
                                               options: dict[str, bool]) -> None:
    state, initial, log = random_game(seed, players, options)
    assert state.ended and len(state.winners) >= 1
    replayed = G.replay(initial, log)
    assert G.dump(replayed) == G.dump(state)
    assert G.dump(G.load(G.dump(state))) == G.dump(state)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), order=st.randoms(use_true_random=False),
       race=st.booleans())
def test_any_arrival_order_gives_the_same_state(seed: int, order: Any, race: bool) -> None:
    """R5, R17: the same answers in another order (each player's own order kept)."""
    _, initial, log = random_game(seed, 3, {"race": race, "elves": True})
    state = G.load(initial)
    pending = list(log)
    while pending:
        step = _step(state, pending)  # the answers owed at once (sides, or opens and digs)
        order.shuffle(step)
        step.sort(key=lambda e: e[1] != "open")  # each player's open before their dig
        for who, text in step:
            G.apply(state, who, text)
        del pending[:len(step)]
    assert G.dump(state) == G.dump(G.replay(initial, log))


def _step(state: Any, pending: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The answers of one simultaneous step (sides, or opens and digs of a round)."""
    phase = state.phase
    n = len(state.players)
    if phase == "side":
        count = sum(1 for p in state.players if p.side is None)
    else:
        count = n * (2 if state.options.race else 1)
    return list(pending[:count])


def test_views_never_show_a_sealed_dig_or_an_unopened_card() -> None:  # R3
    leaks: list[str] = []

    def each(state: Any, who: str, action: Any) -> None:
        for viewer in [None, *(p.id for p in state.players)]:
            view = G.view(state, viewer)
            assert "hidden" not in view  # pile, unused boards, deck order, seed
            for pid, seen in view["players"].items():
                p = state.player(pid)
                if viewer != pid and seen["dig"] is not None:
                    leaks.append(f"{viewer} sees {pid}'s dig")
                if state.options.race and viewer != pid and seen["card"] is not None:
                    leaks.append(f"{viewer} sees {pid}'s card")
                if viewer == pid and not p.opened and state.options.race and seen["card"]:
                    leaks.append(f"{pid} sees their card before open")
                if viewer == pid and p.dig is not None:
                    assert seen["dig"] == p.dig
        text = str(G.view(state, None))
        for p in state.players:
            if p.dig and p.dig != "dig" and p.dig in text:
                leaks.append("a dig in the spectator view")

    for seed in range(4):
        random_game(seed, 3, {"race": seed % 2 == 0}, each)
    assert leaks == []


def test_public_events_carry_no_dig_before_the_reveal() -> None:  # R3
    state = G.new_game(["a", "b"], {"race": True}, seed=8)
    rng = Rng(_Holder(1))
    sealed: list[str] = []
    while G.owed(state):
        who = G.owed(state)[0].player
        action = ai.random_decision(G, state, who, rng)
        events = G.apply(state, who, action)
        if str(action).startswith("dig") and str(action) != "dig":
            sealed.append(str(action))
        for e in events:
            if e.to is None and e.kind != "reveal":
                assert not any(s in e.text or s in str(e.data) for s in sealed)
            if e.kind == "reveal":
                assert e.to is None
                sealed.clear()


@pytest.mark.parametrize("seed", range(6))
def test_check_accepts_exactly_what_legal_lists(seed: int) -> None:
    state = G.new_game(["a", "b", "c"], {"race": True}, seed=seed)
    rng = Rng(_Holder(seed))
    while G.owed(state):
        for o in G.owed(state):
            listed = G.legal(state, o.player)
            if o.listed:
                assert listed
                for action in listed:
                    G.check(state, o.player, action)
                for text in ("side a", "side b", "open"):
                    if G.parse(text) not in listed:
                        with pytest.raises(IllegalDecision):
                            G.check(state, o.player, text)
            else:
                assert listed == []
        who = G.owed(state)[0].player
        G.apply(state, who, ai.random_decision(G, state, who, rng))


@pytest.mark.parametrize("seed", range(4))
def test_every_option_word_completes_to_a_legal_draft(seed: int) -> None:  # R7, R17
    state = G.new_game(["a", "b"], {"race": False}, seed=seed)
    for o in G.owed(state):
        G.apply(state, o.player, "side a")
    who = G.owed(state)[0].player
    rng = Rng(_Holder(seed))
    draft = "dig"
    while True:
        words = G.options(state, who, draft)
        for word in words[:: max(1, len(words) // 25)]:
            G.check(state, who, f"{draft} {word}")  # each listed word keeps the draft legal
        if not words:
            break
        draft += " " + words[rng.below(len(words))]
    G.apply(state, who, draft)


def test_random_self_play_ends_with_invariants_after_every_decision() -> None:
    for seed in range(30):
        state, _, log = random_game(seed, 2 + seed % 3, {"race": seed % 2 == 0,
                                                         "elves": seed % 3 == 0,
                                                         "finds": seed % 5 == 0})
        assert state.ended and state.round == 7 and not state.pile
        assert all(len(p.rounds) == 7 for p in state.players)
        assert len(G.dump(state)) < 20_000
