"""A round: setup (R1, R3), Discover (R4), draw (R5), bids (R6), reveal (R7), takes (R8), the
order of development turns (R9), the end of a round (R18)."""

from __future__ import annotations

import pytest

from engine import IllegalDecision, NotYourTurn
from engine.mining_colony.components import SETS

from ..conftest import G, play, table

B_DECK = [40, 41, 42, 43, 44, 45, 46, 47, 48, 39]


def test_setup_seats_decks_credits_supply() -> None:  # R1, R3
    state = G.new_game(["a", "b", "c", "d"], seed=3)
    for seat, p in enumerate(state.players):
        assert sorted(p.deck + p.hand) == sorted(SETS[seat])  # seat k uses set k
        assert p.credits == 0 and p.staging == [] and len(p.hand) == 3
    s = G.summary(state)
    assert s["supply"]["outpost/red"] == 3 and s["supply"]["station/green"] == 3
    assert s["supply"]["token/blank"] == 6
    assert G.summary(G.new_game(["a", "b"], seed=3))["supply"]["outpost/red"] == 1  # C10
    assert sum(s["piles"].values()) == 50 - 4  # four zones filled, one tile each
    assert s["resource_deck"] == 9 and len(s["resource_discard"]) == 1


def test_discover_fills_one_zone_per_player() -> None:  # R4
    state = table(["a", "b", "c"], {"resource_deck": ["r01", "r02"]})
    s = G.summary(state)
    assert s["resource_card"] == "r01" and list(s["zones"]) == ["1", "2", "3"]
    assert s["zones"]["1"]["items"] == ["crystal/purple", "crystal/yellow"]
    assert s["zones"]["1"]["tiles"][0].startswith("t5-")
    assert s["zones"]["3"]["tiles"][0].startswith("t4-")


def test_discover_skips_missing_items_and_empty_piles() -> None:  # R4
    state = table(["a", "b"], {"resource_deck": ["r01"], "piles": {"5": []},
                               "supply": {"crystal/yellow": 0}})
    zone = G.summary(state)["zones"]["1"]
    assert zone == {"tiles": [], "items": ["crystal/purple"], "taken_by": None}


def test_draw_three_into_a_private_hand() -> None:  # R5
    state = table(["a", "b"], {"decks": {"a": [5, 6, 7, 8, 9, 10, 11, 12, 13, 14], "b": B_DECK}})
    assert state.player("a").hand == [5, 6, 7] and state.player("a").deck[0] == 8


def test_bids_are_owed_at_once_in_any_order() -> None:  # R6, R25
    state = G.new_game(["a", "b", "c"], seed=4)
    assert [o.player for o in G.owed(state)] == ["a", "b", "c"]
    one, two = G.clone(state), G.clone(state)
    moves = [(p.id, str(G.default(state, p.id))) for p in state.players]
    play(one, *moves)
    play(two, *reversed(moves))
    one.version = two.version
    assert G.dump(one) == G.dump(two)


def test_play_puts_the_others_under_the_deck_in_order() -> None:  # R6
    state = table(["a", "b"], {"decks": {"a": [5, 6, 7, 20, 21, 22, 23, 24, 25, 26], "b": B_DECK}})
    play(state, ("a", "play 6 bottom=7,5"))
    assert state.player("a").deck[-2:] == [7, 5] and state.player("a").bid == 6
    state = table(["a", "b"], {"decks": {"a": [5, 6, 7, 20, 21, 22, 23, 24, 25, 26], "b": B_DECK}})
    action = G.check(state, "a", "play 7")
    assert str(action) == "play 7 bottom=5,6"  # unnamed: ascending
    with pytest.raises(IllegalDecision):
        G.apply(state, "a", "play 7 bottom=5,20")
    with pytest.raises(IllegalDecision):
        G.apply(state, "a", "play 8")


def test_refresh_costs_a_credit_and_keeps_the_bid_owed() -> None:  # R6, R17
    setup = {"decks": {"a": [5, 6, 7, 20, 21, 22, 23, 24, 25, 26], "b": B_DECK},
             "credits": {"a": 2}}
    state = table(["a", "b"], setup)
    events = play(state, ("a", "refresh bottom=7,6,5"))
    a = state.player("a")
    assert a.credits == 1 and a.hand == [20, 21, 22] and a.deck[-3:] == [7, 6, 5]
    assert a.refreshed == 1 and ("a", "bid") in [tuple(o) for o in G.owed(state)]
    assert any(e.kind == "refresh" and e.to is None for e in events)
    play(state, ("a", "refresh"))
    assert state.player("a").credits == 0
    with pytest.raises(IllegalDecision, match="credit"):
        G.apply(state, "a", "refresh")


def test_refresh_with_a_short_deck_draws_the_same_cards() -> None:  # R6, R26
    state = table(["a", "b"], {"round": 10, "decks": {"a": [5, 6, 7], "b": [8, 9, 10]},
                               "credits": {"a": 1}})
    play(state, ("a", "refresh bottom=5,6,7"))
    assert state.player("a").hand == [5, 6, 7]


def test_staged_items_may_be_put_or_discarded_before_the_bid() -> None:  # R6, R11, R12
    state = table(["a", "b"], {"staging": {"a": ["worker/red", "crystal/white"]}})
    play(state, ("a", "put worker/red A1 from=staging"), ("a", "discard crystal/white from=staging"))
    a = state.player("a")
    assert a.colony.items == {"A1": "worker/red"} and a.credits == 1 and a.staging == []
    with pytest.raises(IllegalDecision):
        G.apply(state, "a", "done")


def test_reveal_orders_highest_first_and_last_take_is_automatic() -> None:  # R7, R8, R25
    decks = {"a": [12, 1, 2, 30, 31, 32, 33, 34, 35, 36], "b": [20, 3, 4, 37, 38, 39, 40, 41, 42, 43],
             "c": [5, 6, 7, 44, 45, 46, 47, 48, 8, 9]}
    state = table(["a", "b", "c"], {"decks": decks})
    events = play(state, ("a", "play 12"), ("b", "play 20"))
    assert not any(e.kind == "reveal" for e in events)
    events = play(state, ("c", "play 7"))
    reveal = [e for e in events if e.kind == "reveal"]
    assert reveal and reveal[0].to is None and reveal[0].data["bids"] == {"a": 12, "b": 20, "c": 7}
    assert state.order == ["b", "a", "c"] and G.to_act(state) == ("b", "take")
    with pytest.raises(NotYourTurn):
        G.apply(state, "a", "take 1")
    play(state, ("b", "take 2"))
    with pytest.raises(IllegalDecision):
        G.apply(state, "a", "take 2")
    events = play(state, ("a", "take 3"))
    assert state.zones[0].taken_by == "c" and state.phase == "develop"  # forced, at once
    assert G.to_act(state) == ("b", "develop")


def test_rulebook_example_red_23_blue_9() -> None:  # R8, rulebook Phase 2 example
    decks = {"blue": [9, 1, 8, 16, 17, 24, 25, 32, 33, 40],
             "red": [23, 2, 7, 10, 15, 18, 26, 31, 34, 39]}
    zones = {"1": {"tiles": ["t5-01"], "items": ["crystal/purple", "crystal/yellow"]},
             "2": {"tiles": ["t2-01"], "items": ["crystal/white", "ship/red"]}}
    state = table(["blue", "red"], {"decks": decks, "zones": zones})
    play(state, ("blue", "play 9"), ("red", "play 23"))
    assert G.to_act(state) == ("red", "take")  # Red's number is higher: she chooses first
    play(state, ("red", "take 1"))
    red, blue = state.player("red"), state.player("blue")
    assert red.pending_tiles == ["t5-01"] and red.pending_items == ["crystal/purple",
                                                                     "crystal/yellow"]
    assert blue.pending_tiles == ["t2-01"]  # zone 2 is left for Blue
    assert G.to_act(state) == ("red", "develop")


def test_equal_numbers_are_refused() -> None:  # R8
    from engine.mining_colony.scenario import run_scenario

    doc = {"game": "mining-colony", "players": ["a", "b"],
           "setup": {"decks": {"a": [5, 6, 7, 8, 9, 10, 11, 12, 13, 14],
                               "b": [5, 16, 17, 18, 19, 20, 21, 22, 23, 24]}}}
    result = run_scenario(doc)
    assert not result["ok"] and result["index"] is None and "twice" in result["error"]


def test_development_turns_follow_the_excavation_order() -> None:  # R9, R18
    decks = {"a": [12, 1, 2, 30, 31, 32, 33, 34, 35, 36], "b": [20, 3, 4, 37, 38, 39, 40, 41, 42, 43]}
    state = table(["a", "b"], {"decks": decks})
    play(state, ("a", "play 12"), ("b", "play 20"), ("b", "take 1"))
    assert G.to_act(state) == ("b", "develop")
    with pytest.raises(NotYourTurn):
        G.apply(state, "a", "done")
    play(state, ("b", "done"))
    assert G.to_act(state) == ("a", "develop")
    play(state, ("a", "done"))
    assert state.round == 2 and state.phase == "bid"  # R18: next round
    assert [p.bid for p in state.players] == [None, None]
    assert state.player("a").played == [12] and len(state.player("a").hand) == 3
