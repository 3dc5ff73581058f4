"""The development turn: tiles (R10), items and staging (R11), discards (R12), build-over
tokens (R13), structures (R14), done and the credit cap (R15), limits (R16, R17), R26."""

from __future__ import annotations

import pytest

from engine import IllegalDecision
from engine.mining_colony.actions import Place

from ..conftest import G, develop_table, play, table

WHITE = {"tiles": ["t4-03 B4 90"], "items": {"B2": "crystal/white"}}  # W on B4 and B2, B3 blank


def test_tiles_go_next_to_developed_squares_only() -> None:  # R10
    state = develop_table(zone1={"tiles": ["t2-01"], "items": []})
    with pytest.raises(IllegalDecision, match="R10"):
        G.apply(state, "ann", "place t2-01 A1 0")  # on a starting space
    with pytest.raises(IllegalDecision, match="R10"):
        G.apply(state, "ann", "place t2-01 B4 0")  # touches nothing developed
    with pytest.raises(IllegalDecision, match="R10"):
        G.apply(state, "ann", "place t2-01 F2 0")  # off the grid
    places = [a for a in G.legal(state) if isinstance(a, Place)]
    assert places and all(a.square[1] in "23" for a in places)
    assert Place("t2-01", "A2", 0) in places and Place("t2-01", "A3", 90) in places
    play(state, ("ann", "place t2-01 A3 90"))  # cell 1 on A3, cell 2 turned down onto A2
    colony = state.player("ann").colony
    assert colony.board["A3"] == "dome" and colony.board["A2"] == "blank"
    assert G.summary(state)["players"]["ann"]["tiles"] == {"t2-01": ["A2", "A3"]}


def test_a_mono_tile_is_always_written_with_rotation_zero() -> None:  # notation
    assert str(G.parse("place t1-03 B2 270")) == "place t1-03 B2 0"


def test_rulebook_outpost_example() -> None:  # R14, rulebook "Building Outposts" example
    colony = {"tokens": {"C1": "pad"}, "items": {"C1": "ship/blue"}}  # the ship placed earlier
    state = develop_table(colony, zone1={"tiles": [], "items": ["worker/blue"]})
    play(state, ("ann", "put worker/blue A1"))
    assert str(G.check(state, "ann", "build outpost/blue B1")) == \
        "build outpost/blue B1 via=A1,C1"  # via= filled in when one pair qualifies
    play(state, ("ann", "build outpost/blue B1 via=A1,C1"))
    colony_ = state.player("ann").colony
    assert colony_.structures == {"B1": "outpost/blue"} and colony_.used == ["A1", "C1"]
    assert G.summary(state)["supply"]["outpost/blue"] == 0


def test_rulebook_science_station_example() -> None:  # R14, rulebook "Science Stations" example
    state = develop_table(WHITE, zone1={"tiles": [], "items": ["crystal/white"]})
    play(state, ("ann", "put crystal/white B4"), ("ann", "build station/white B3 via=B2,B4"))
    assert G.summary(state)["players"]["ann"]["colony"]["B3"] == "blank:station/white"
    assert G.scores(state)["ann"]["structures"] == 2 and G.scores(state)["ann"]["resources"] == 2


def test_structures_need_the_right_pattern() -> None:  # R14
    colony = {"tokens": {"C1": "pad"}, "items": {"C1": "ship/red", "A1": "worker/blue"}}
    state = develop_table(colony)
    with pytest.raises(IllegalDecision, match="needs a red worker and a red ship"):
        G.apply(state, "ann", "build outpost/red B1")
    with pytest.raises(IllegalDecision, match="not blank"):
        G.apply(state, "ann", "build outpost/red C1")


def test_a_later_blank_token_allows_the_build_then() -> None:  # R14 ruling, R13
    colony = {"tokens": {"C1": "pad", "B1": "dome"}, "items": {"C1": "ship/red", "A1": "worker/red"}}
    state = develop_table(colony, credits=1)
    with pytest.raises(IllegalDecision, match="not blank"):
        G.apply(state, "ann", "build outpost/red B1")
    play(state, ("ann", "buy blank B1"), ("ann", "build outpost/red B1"))
    colony_ = state.player("ann").colony
    assert colony_.structures["B1"] == "outpost/red" and colony_.buried == ["dome"]


def test_items_used_for_a_structure_serve_once() -> None:  # R14
    colony = {"tiles": ["t4-03 B4 90", "t2-01 B6 90"], "tokens": {"B6": "white"},
              "items": {"B2": "crystal/white", "B4": "crystal/white", "B6": "crystal/white"},
              "structures": {"B3": "station/white"}, "used": ["B2", "B4"]}
    state = develop_table(colony, supply={"station/white": 1})
    assert G.summary(state)["players"]["ann"]["colony"]["B5"] == "blank"
    with pytest.raises(IllegalDecision, match="not yet used"):
        G.apply(state, "ann", "build station/white B5")


def test_structures_are_limited() -> None:  # R16, C10
    colony = {"tiles": ["t4-03 B4 90"], "items": {"B2": "crystal/white", "B4": "crystal/white"}}
    state = develop_table(colony, supply={"station/white": 0})
    with pytest.raises(IllegalDecision, match="R16"):
        G.apply(state, "ann", "build station/white B3")


def test_items_go_on_matching_vacant_buildings() -> None:  # R11
    state = develop_table(zone1={"tiles": [], "items": ["worker/red", "crystal/green", "ship/red"]})
    with pytest.raises(IllegalDecision, match="R11"):
        G.apply(state, "ann", "put worker/red E1")  # a pad
    with pytest.raises(IllegalDecision, match="undeveloped"):
        G.apply(state, "ann", "put worker/red A2")
    play(state, ("ann", "put crystal/green C1"))  # the multi-coloured storage unit
    with pytest.raises(IllegalDecision, match="already holds"):
        G.apply(state, "ann", "put ship/red C1")
    play(state, ("ann", "put ship/red E1"), ("ann", "put worker/red A1"))
    assert state.player("ann").colony.items == {"A1": "worker/red", "C1": "crystal/green",
                                                "E1": "ship/red"}


def test_staging_holds_one_of_each_kind_and_stays() -> None:  # R11, R15
    state = develop_table(zone1={"tiles": [], "items": ["crystal/green", "crystal/white",
                                                        "worker/red"]})
    play(state, ("ann", "stage crystal/green"), ("ann", "stage worker/red"))
    with pytest.raises(IllegalDecision, match="already holds a crystal"):
        G.apply(state, "ann", "stage crystal/white")
    play(state, ("ann", "done"))
    ann = state.player("ann")
    assert ann.staging == ["crystal/green", "worker/red"] and ann.credits == 1
    assert ann.pending_items == []


def test_discards_earn_credits_and_tiles_leave_the_game() -> None:  # R12
    state = develop_table(zone1={"tiles": ["t5-03"], "items": ["worker/red"]})
    play(state, ("ann", "discard t5-03"), ("ann", "discard worker/red"))
    ann = state.player("ann")
    assert ann.credits == 6 and state.box == ["t5-03"]
    assert G.summary(state)["supply"]["worker/red"] == 5


def test_done_discards_pending_and_caps_credits_at_five() -> None:  # R15, R26
    state = develop_table(credits=4, zone1={"tiles": ["t3-01"], "items": ["ship/red"]})
    play(state, ("ann", "discard t3-01"))
    assert state.player("ann").credits == 7  # above 5 during the turn
    events = play(state, ("ann", "done"))
    assert state.player("ann").credits == 5 and any(e.kind == "cap" for e in events)
    assert state.player("ann").pending_items == []


def test_build_over_tokens() -> None:  # R13, R17
    state = develop_table(credits=2, colony={"items": {"A1": "worker/red"}})
    with pytest.raises(IllegalDecision, match="undeveloped"):
        G.apply(state, "ann", "buy pad B2")
    with pytest.raises(IllegalDecision, match="vacant"):
        G.apply(state, "ann", "buy pad A1")
    play(state, ("ann", "buy pad B1"), ("ann", "buy dome B1"))
    colony = state.player("ann").colony
    assert colony.tokens == {"B1": "dome"} and colony.buried == ["pad"]
    assert state.player("ann").credits == 0
    with pytest.raises(IllegalDecision, match="costs 1 credit"):
        G.apply(state, "ann", "buy pad D1")


def test_tokens_are_limited() -> None:  # R13, R16
    state = develop_table(credits=2, supply={"token/pad": 0})
    with pytest.raises(IllegalDecision, match="No landing pad build-over token"):
        G.apply(state, "ann", "buy pad B1")


def test_exchange_is_solo_only() -> None:  # R23
    state = develop_table(credits=2, zone1={"tiles": [], "items": ["worker/red"]})
    with pytest.raises(IllegalDecision, match="solo"):
        G.apply(state, "ann", "exchange worker/red>blue")


def test_nothing_in_the_colony_moves_or_leaves() -> None:  # R11, R26
    state = develop_table(colony={"items": {"A1": "worker/red"}})
    with pytest.raises(IllegalDecision):
        G.apply(state, "ann", "discard worker/red")
    with pytest.raises(IllegalDecision):
        G.apply(state, "ann", "put worker/red A1 from=staging")


def test_staged_items_can_be_put_in_a_later_turn() -> None:  # R11
    state = table(["ann", "bob"], {"staging": {"ann": ["ship/blue"]}})
    a = G.default(state, "ann")
    play(state, ("ann", str(a)), ("bob", str(G.default(state, "bob"))))
    while G.to_act(state) != ("ann", "develop"):
        who = G.to_act(state)
        play(state, (who.player, str(G.default(state, who.player))))
    play(state, ("ann", "put ship/blue E1 from=staging"))
    assert state.player("ann").colony.items["E1"] == "ship/blue"
