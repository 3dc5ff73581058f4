"""Properties over random legal playouts for 2, 3 and 4 players (hypothesis picks the games)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import product

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.stella_digger.actions import Action, Buy, Drill, Exchange, Mine, Pass, Refill
from engine.stella_digger.agents import caches
from engine.stella_digger.board import DIRECTIONS, NEIGHBOURS, PRINTED, START
from engine.stella_digger.components import (
    CARD_COLOUR,
    COLOURS,
    DRILL_COST,
    GADGET_COST,
    card_key,
    gadget_type,
)
from engine.stella_digger.invariants import violations
from engine.stella_digger.rounds.scoring import score, total_score
from engine.stella_digger.rounds.turn import drill_problem
from engine.stella_digger.rules.crystals import multisets
from engine.stella_digger.rules.reach import connected_passages, is_passage
from engine.stella_digger.state import State
from tests.playouts import GAME, playout

games = st.tuples(st.sampled_from([2, 3, 4]), st.integers(0, 10**9), st.booleans())
SETTINGS = settings(max_examples=12, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(games)
def test_invariants_hold_after_every_decision(game: tuple[int, int, bool]) -> None:
    """32 cards and 32 crystals each exactly once, VP tiles, gadgets and accidents conserved,
    hands and crystals within limits, exactly one player owes a decision until the end."""
    players, seed, tears = game
    steps = 0
    for step in playout(players, seed, tears):
        assert violations(step.state) == [], (steps, step.text)
        owed = GAME.to_act(step.state)
        assert (owed is None) == step.state.ended
        if owed is not None:
            seat = step.state.seat_of(owed.player)
            assert not step.state.players[seat].out
        steps += 1
    assert steps > 0


@SETTINGS
@given(games)
def test_views_never_show_another_players_hand_numbers(game: tuple[int, int, bool]) -> None:
    """R2: in a player's view only their own hand has card names; a spectator sees none."""
    players, seed, tears = game
    for i, step in enumerate(playout(players, seed, tears)):
        if i % 7:
            continue
        state = step.state
        for viewer in [None, *(p.id for p in state.players)]:
            view = GAME.view(state, viewer)
            assert "hidden_tiles" not in view
            for pid, pv in view["players"].items():
                if pid == viewer:
                    assert sorted(pv["hand"]) == sorted(state.players[state.seat_of(pid)].hand)
                else:
                    assert pv["hand"] is None
                assert pv["hand_colours"] == sorted(
                    pv["hand_colours"], key=["blue", "green", "pink", "purple"].index)
                assert len(pv["hand_colours"]) == pv["hand_size"]
            text = json.dumps(view)
            assert "rng" not in view and str(state.rng) not in text


@SETTINGS
@given(games)
def test_private_events_reach_only_their_player(game: tuple[int, int, bool]) -> None:
    """A drawn card's number is told to its drawer only; public events name only its colour."""
    players, seed, tears = game
    for step in playout(players, seed, tears):
        for event in step.events:
            if event.kind == "drew":
                assert event.to == (event.data["player"],)
            if event.to is None and event.kind == "draw":
                assert "card" not in event.data
                assert "-" not in event.text.split("from deck")[0].split("draws")[-1]


@SETTINGS
@given(games)
def test_replay_and_json_round_trip_rebuild_the_identical_state(game: tuple[int, int, bool]) -> None:
    players, seed, tears = game
    ids = ["ann", "bob", "cy", "dee"][:players]
    initial = GAME.dump(GAME.new_game(ids, {"red_tears": tears}, seed))
    log: list[tuple[str, str]] = []
    state = None
    for step in playout(players, seed, tears):
        log.append((step.player, step.text))
        state = step.state
        if len(log) % 25 == 0:
            text = GAME.dump(state)
            assert GAME.dump(GAME.load(text)) == text
    assert state is not None
    live = GAME.dump(state)
    assert GAME.dump(GAME.replay(initial, log)) == live
    assert GAME.dump(GAME.load(live)) == live


@SETTINGS
@given(games)
def test_every_legal_decision_is_accepted_and_round_trips_its_notation(
        game: tuple[int, int, bool]) -> None:
    players, seed, tears = game
    for i, step in enumerate(playout(players, seed, tears)):
        if i % 5:
            continue
        state = step.state
        owed = GAME.to_act(state)
        if owed is None:
            break
        legal = GAME.legal(state)
        assert legal, "a decision is owed but nothing is legal"
        assert len({str(a) for a in legal}) == len(legal), "duplicate legal decisions"
        for action in legal[:: max(1, len(legal) // 40)]:
            text = str(action)
            assert str(GAME.parse(text)) == text
            assert GAME.parse(text) == action
            before = GAME.dump(state)
            GAME.check(state, owed.player, action)  # accepted, and checking changes nothing
            assert GAME.dump(state) == before


def test_a_game_ends_with_winners_and_scores() -> None:
    for players in (2, 3, 4):
        state = None
        for step in playout(players, 11):
            state = step.state
        assert state is not None and state.ended
        assert state.end_reason in ("vp3-exhausted", "core-mined", "no-target", "last-standing")
        assert state.winners
        final = GAME.view(state, None)
        assert all(p["score"]["total"] == sum(v for k, v in p["score"].items() if k != "total")
                   for p in final["players"].values())


def test_hand_colours_in_views_match_the_real_cards() -> None:
    state = None
    for i, step in enumerate(playout(3, 5)):
        state = step.state
        if i == 30:
            break
    assert state is not None
    view = GAME.view(state, None)
    for p in state.players:
        assert sorted(view["players"][p.id]["hand_colours"]) == sorted(CARD_COLOUR[c] for c in p.hand)


# -- the memoised listings and shortcuts against plain recomputations ------------------------

def _reference_turn_listing(state: State, seat: int) -> list[Action]:
    """R7-R10 listed the slow, obvious way, in the engine's documented order: plays, refills,
    buys, drills, exchanges, pass. The engine's listing is memoised; it must equal this."""
    p = state.players[seat]
    holding = tuple(p.crystals[c] for c in COLOURS)
    out: list[Action] = []
    distinct = sorted(set(p.hand), key=card_key)
    for card in distinct:  # R8 (P10: each gadget type once a round)
        colour = CARD_COLOUR[card]
        supers: list[str | None] = [None]
        if f"super-drill/{colour}" in p.gadgets and "super-drill" not in p.used:
            supers += [c for c in COLOURS if c != colour]
        boosts: list[str | None] = [None]
        if "enhanced-power" not in p.used:
            boosts += [b for b in distinct if f"enhanced-power/{CARD_COLOUR[b]}" in p.gadgets
                       and (b != card or p.hand.count(b) >= 2)]
        out += [Mine(card, s, b) for s in supers for b in boosts]
    counts = [p.hand.count(c) for c in distinct]  # R9: any sub-multiset of the hand
    out += [Refill(tuple(c for c, k in zip(distinct, ks, strict=True) for _ in range(k)))
            for ks in product(*(range(n + 1) for n in counts))]
    for combo in _gadget_sets(tuple(state.gadget_supply), sum(holding)):  # C4, R7
        cost = sum(GADGET_COST[gadget_type(g)] for g in combo)
        out += [Buy(combo, pay) for pay in multisets.__wrapped__(holding, cost)]
    if p.drills_left > 0:  # R10
        out += [Drill(sq, d, pay) for sq in PRINTED for d in DIRECTIONS
                if drill_problem(state, sq, d) is None
                for pay in multisets.__wrapped__(holding, DRILL_COST)]
    out += [Exchange(give, get) for give, n in zip(COLOURS, holding, strict=True) if n >= 2
            for get in COLOURS if get != give]
    return [*out, Pass()]


def _gadget_sets(supply: tuple[str, ...], budget: int, chosen: tuple[str, ...] = ()
                 ) -> Iterator[tuple[str, ...]]:
    """Affordable sets of gadgets from the supply, each extended in supply order (preorder)."""
    for i, g in enumerate(supply):
        combo = (*chosen, g)
        if sum(GADGET_COST[gadget_type(x)] for x in combo) <= budget:
            yield combo
            yield from _gadget_sets(supply[i + 1:], budget, combo)


def _reference_connected(state: State) -> set[str]:
    seen, todo = {START}, [START]
    while todo:
        for n in NEIGHBOURS[todo.pop()]:
            if n not in seen and is_passage(state, n):
                seen.add(n)
                todo.append(n)
    return seen


@SETTINGS
@given(games)
def test_memoised_listings_and_shortcuts_equal_plain_recomputation(
        game: tuple[int, int, bool]) -> None:
    players, seed, red_tears = game
    turns = 0
    for step in playout(players, seed, red_tears):
        state = step.state
        if state.ended:
            break
        assert [total_score(p) for p in state.players] == [
            score(p)["total"] for p in state.players]  # R19
        assert connected_passages(state) == _reference_connected(state)  # R5, R16
        frame = state.stack[-1]
        if frame.step == "turn":
            turns += 1
            assert GAME.legal(state) == _reference_turn_listing(state, frame.seat)
    assert turns > 0


def test_emptying_the_engine_caches_changes_no_answer() -> None:
    """The memo tables only save time: a game listed with caches emptied along the way lists
    and ends exactly as one with warm caches."""
    def run(clear_every: int) -> list[list[str]]:
        listings = []
        for i, step in enumerate(playout(4, 21)):
            if clear_every and i % clear_every == 0:
                caches.clear()
            listings.append([str(a) for a in GAME.legal(step.state)])
        return listings

    assert run(0) == run(7)
    assert any(caches.memos())
