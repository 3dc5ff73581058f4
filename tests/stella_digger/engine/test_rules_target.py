"""R5 where the marker can go (and R18's no-target end), R6 connected groups as one target."""

from __future__ import annotations

from ..conftest import Table, doc, tiles

# A corridor of empty squares from START to D2, nothing face up within 2 squares of START.
CORRIDOR = dict(A2="empty", B1="empty", B2="empty", C1="empty", D1="empty", D2="empty")


def test_r5_reach_is_two_steps_through_passages() -> None:
    t = Table(doc(tile_map=tiles(A2="empty", B1="empty"),
                  face_up=["A3", "B2", "C1", "D1", "A4", "B3"]))
    # A3 (via A2), B2 (via A2 or B1), C1 (via B1); B3, A4 and D1 are 3 steps away
    assert t.legal() == ["target A3", "target B2", "target C1"]
    t.refuse("ann", "target D1", "more than 2 squares from the marker on A1")
    t.refuse("ann", "target B3", "more than 2 squares from the marker on A1")
    t.refuse("ann", "target A2", "there is no mining tile on it")
    t.refuse("ann", "target A5", "still face down")


def test_r5_the_marker_cannot_pass_through_a_tile() -> None:
    t = Table(doc(tile_map=tiles(B1="pink:1"), face_up=["A2", "B1", "D1"],
                  hands={"ann": ["pink-2"]}))
    t.play(("ann", "target B1"), ("ann", "mine pink-2"), ("bob", "pass"), ("cy", "pass"))
    assert t.s["marker"] == "B1"
    # from B1: C1 and B2 next to it, A2 via START; D1 only through the tile on C1
    assert t.legal() == ["target A2", "target B2", "target C1"]
    t.refuse("ann", "target D1", "the marker can't pass through the tile on C1")


def test_r5_the_marker_cannot_pass_through_a_blockade() -> None:
    t = Table(doc(tile_map=tiles(B1="empty"), face_up=["A2", "A3", "B2", "C1"]))
    assert t.legal() == ["target A2", "target B2", "target C1"]  # A3 is behind the tile on A2
    t.refuse("ann", "target A3", "the marker can't pass through the tile on A2")
    t.play(("ann", "target A2"), ("ann", "pass"), ("bob", "pass"), ("cy", "pass"))
    assert t.s["map"]["A2"] == "blockade"
    assert t.s["marker"] == "A1"
    assert t.legal() == ["target B2", "target C1"]
    t.refuse("ann", "target A3", "the marker can't pass through the blockade on A2")
    t.refuse("ann", "target A2", "it is blockaded")


def test_r5_the_marker_cannot_pass_through_rock() -> None:
    t = Table(doc(tile_map=tiles(**CORRIDOR), face_up=["D3", "D5", "E1"],
                  hands={"ann": ["blue-4"]}))
    t.play(("ann", "target D3"), ("ann", "mine blue-4"), ("bob", "pass"), ("cy", "pass"))
    assert t.s["marker"] == "D3"
    assert t.legal() == ["target C3", "target E2"]
    t.refuse("ann", "target D5", "the marker can't pass through the rock on D4")


def test_r5_fallback_any_tile_next_to_a_passage_connected_to_start() -> None:
    # nothing face up within 2 squares of A1: any face-up tile next to the corridor may be chosen
    t = Table(doc(tile_map=tiles(**CORRIDOR), face_up=["D3", "D5", "E1"]))
    assert t.legal() == ["target D3", "target E1"]
    t.refuse("ann", "target D5", "only a tile next to a passage connected to START")
    t.play(("ann", "target D3"), ("ann", "pass"), ("bob", "pass"), ("cy", "pass"))
    # blockaded: the marker goes back to the square it entered D3 from
    assert t.s["map"]["D3"] == "blockade"
    assert t.s["marker"] == "D2"


def test_r5_marker_entering_in_two_steps_goes_back_to_the_middle_square() -> None:
    t = Table(doc(tile_map=tiles(A2="empty", B1="empty"), face_up=["A3", "B2", "C1"]))
    t.play(("ann", "target C1"), ("ann", "pass"), ("bob", "pass"), ("cy", "pass"))
    assert t.s["map"]["C1"] == "blockade"
    assert t.said("The marker goes back to B1.")
    # from B1 only B2 is in reach now: round 2's target is chosen at once (R21)
    assert t.s["marker"] == "B2" and t.s["round"] == 2


def test_r5_a_large_drill_is_a_passage() -> None:
    t = Table(doc(tile_map=tiles(A2="empty", B2="empty"), crystals={"ann": {"green": 3}}))
    # only B1 is in reach (A3 is face down): the target is chosen at once (R21)
    assert t.s["marker"] == "B1" and t.to_act == ("ann", "action")
    t.play(("ann", "drill A2 right pay=green,green,green"), ("bob", "pass"), ("cy", "pass"))
    assert t.s["map"]["A2"] == "drill:ann:right"
    assert t.s["map"]["B1"] == "blockade"
    # the visibility check saw through the drill: A3 is face up, and reachable through A2
    assert t.s["map"]["A3"] == "blue:1"
    assert t.s["marker"] == "A3" and t.s["round"] == 2  # the only option, taken at once
    assert t.to_act == ("ann", "action")


def test_r5_no_target_ends_the_game() -> None:
    only = {sq: "empty" for sq in tiles()}
    only.update(A2="pink:1", B1="green:1")
    t = Table(doc(tile_map=only))
    t.play(("ann", "target A2"), ("ann", "pass"), ("bob", "pass"), ("cy", "pass"))
    assert t.s["marker"] == "B1"  # round 2: the only option
    t.passes("ann", "bob", "cy")
    s = t.s
    assert s["map"]["A2"] == "blockade" and s["map"]["B1"] == "blockade"
    assert s["ended"] is True
    assert s["end_reason"] == "no-target"
    assert s["to_act"] is None
    assert t.said("No mining tile can be chosen as the target.")
    assert s["winners"] == ["ann", "bob", "cy"]  # all tied: -4 each for the unplaced drills


# -- R6 -----------------------------------------------------------------------------------------

def test_r6_connected_group_counts_every_colour_and_the_winner_takes_all() -> None:
    t = Table(doc(tile_map=tiles(B1="blue:2>right", C1="pink:1"),
                  hands={"ann": ["green-4"], "bob": ["pink-1"]}))
    t.do("ann", "target B1")
    assert t.s["target"] == ["B1", "C1"]
    assert t.s["groups"] == [["B1", "C1"]]
    t.play(("ann", "mine green-4"), ("bob", "mine pink-1"), ("cy", "pass"))
    s = t.s
    # bob's pink 1 matches the group (C1 is pink) and beats ann's unmatched 4
    assert t.said("bob wins B1, C1 with 1")
    assert s["players"]["bob"]["crystals"] == {"blue": 2, "green": 0, "pink": 1, "purple": 0}
    assert s["players"]["ann"]["crystals"] == {"blue": 0, "green": 1, "pink": 0, "purple": 0}
    assert s["map"]["B1"] == "empty" and s["map"]["C1"] == "empty"
    assert s["players"]["bob"]["vp_tiles"] == {"3": 1, "1": 0}  # two tiles at the check (R15)
    assert s["groups"] == []


def test_r6_gold_in_a_group_makes_every_card_match() -> None:
    t = Table(doc(tile_map=tiles(B1="gold:2>right", C1="pink:1"),
                  hands={"ann": ["pink-2"], "bob": ["purple-3"]}))
    t.play(("ann", "target B1"), ("ann", "mine pink-2"), ("bob", "mine purple-3"),
           ("cy", "pass"))
    assert t.said("bob wins B1, C1 with 3")
    assert t.to_act == ("bob", "gold")
    t.do("bob", "gold pink,purple")
    s = t.s
    assert s["players"]["bob"]["crystals"] == {"blue": 0, "green": 0, "pink": 2, "purple": 1}
    assert s["players"]["ann"]["crystals"]["pink"] == 1
    assert s["start_player"] == "bob"


def test_r6_a_group_with_a_colour_only_matches_its_colours() -> None:
    # the same table without gold: ann's pink 2 matches C1 and beats bob's purple 3
    t = Table(doc(tile_map=tiles(B1="blue:2>right", C1="pink:1"),
                  hands={"ann": ["pink-2"], "bob": ["purple-3"]}))
    t.play(("ann", "target B1"), ("ann", "mine pink-2"), ("bob", "mine purple-3"),
           ("cy", "pass"))
    assert t.said("ann wins B1, C1 with 2")
    assert t.p("ann")["crystals"] == {"blue": 2, "green": 0, "pink": 1, "purple": 0}
    assert t.p("bob")["crystals"]["purple"] == 1
