"""R16 the visibility check (connected tiles, chains, monsters in reading order) and R17 fights."""

from __future__ import annotations

from ..conftest import Table, doc, tiles

# -- R16 ----------------------------------------------------------------------------------------


def test_r16_flips_only_tiles_next_to_passages_connected_to_start() -> None:
    t = Table(doc(tile_map=tiles(A2="pink:1"), hands={"ann": ["pink-2"]}))
    assert t.s["map"]["A3"] == "hidden"
    t.play(("ann", "target A2"), ("ann", "mine pink-2"), ("bob", "pass"), ("cy", "pass"))
    m = t.s["map"]
    # A2 is empty now: A3 and B2 are next to it; C1 is next to B1 (a tile), C3 next to the
    # tunnel C2, which is not connected to START
    assert m["A3"] == "blue:1" and m["B2"] == "blue:1"
    assert m["C1"] == "hidden" and m["C3"] == "hidden" and m["D2"] == "hidden"
    assert t.said("A3 is revealed: a blue tile (1 crystal).")


def test_r16_connected_arrow_turns_clockwise_to_a_tile_and_chains_join() -> None:
    # B2 points left at A2 (empty once mined): it turns clockwise to up, at B3, a connected
    # tile pointing right at C3; all three are one group
    t = Table(doc(tile_map=tiles(A2="pink:1", B2="pink:2>left", B3="purple:2>right",
                                 C3="gold:2", A3="green:1>left"),
                  hands={"ann": ["pink-2"]}))
    t.play(("ann", "target A2"), ("ann", "mine pink-2"), ("bob", "pass"), ("cy", "pass"))
    s = t.s
    assert s["map"]["B2"] == "pink:2>up"
    assert s["map"]["B3"] == "purple:2>right"
    assert s["map"]["C3"] == "gold:2"
    # A3 points left off the map: it turns clockwise to up, at A4
    assert s["map"]["A3"] == "green:1>up" and s["map"]["A4"] == "blue:1"
    # groups are listed in reading order; B3 was turned over by B2's arrow (not next to a
    # passage), then pulled in C3
    assert s["groups"] == [["A4", "A3"], ["B3", "C3", "B2"]]
    assert t.said("The arrow on B2 turns to point up.")
    assert t.said("B3 and C3 are connected")


def test_r16_connected_arrow_turns_past_rock_and_an_edge() -> None:
    # E2 points up at the rock E3; clockwise: right, F2 is empty; down, E1
    t = Table(doc(tile_map=tiles(A2="empty", B1="empty", C1="empty", D1="empty", D2="empty",
                                 E2="blue:2>up", F2="empty", E1="green:1"),
                  face_up=["B2"]))
    assert t.s["marker"] == "B2"  # the only face-up tile in reach (R21)
    t.passes("ann", "bob", "cy")
    s = t.s
    assert s["map"]["E2"] == "blue:2>down"
    assert ["E2", "E1"] in s["groups"]


def test_r16_connected_tile_with_no_tile_around_stays_unconnected() -> None:
    t = Table(doc(tile_map=tiles(B1="empty", C1="empty", D1="empty", E1="empty", F1="empty",
                                 G1="blue:2>up", G2="empty")))
    t.passes("ann", "bob", "cy")  # A2 is the only target; blockaded
    s = t.s
    assert s["map"]["G1"] == "blue:2>up"
    assert s["groups"] == []
    assert t.said("The arrow on G1 finds no tile: it stays unconnected.")


def test_r16_monsters_fight_in_reading_order_and_the_check_runs_again() -> None:
    t = Table(doc(tile_map=tiles(A2="pink:1", B2="monster:6/2/3", A3="monster:4/1/2",
                                 A4="monster:7/2/4"),
                  hands={"ann": ["pink-2", "blue-4", "green-2"], "bob": ["green-1"], "cy": []}))
    t.play(("ann", "target A2"), ("ann", "mine pink-2"), ("bob", "pass"), ("cy", "pass"))
    # A3 (row 3) before B2 (row 2)
    assert t.s["fight"]["square"] == "A3"
    assert t.to_act == ("ann", "fight")
    t.do("ann", "fight blue-4")
    t.do("bob", "decline")
    assert t.p("ann")["monsters"] == 1
    assert t.s["map"]["A3"] == "empty"
    # the check ran again: A4 (next to the emptied A3) is revealed, and fights before B2 (P14)
    assert t.s["fight"]["square"] == "A4"
    assert t.s["map"]["B2"] == "monster:6/2/3"
    assert t.to_act == ("ann", "fight")  # ann won A3: she is the start player now
    t.do("ann", "decline")
    t.do("bob", "decline")
    assert t.s["fight"]["square"] == "B2"


def test_r16_revealed_monsters_fight_before_the_next_round() -> None:
    t = Table(doc(tile_map=tiles(A2="pink:1", B2="monster:5/1/2", A3="monster:6/2/3"),
                  hands={"ann": ["pink-2"], "bob": ["green-4"], "cy": ["blue-3"]}))
    t.play(("ann", "target A2"), ("ann", "mine pink-2"), ("bob", "pass"), ("cy", "pass"))
    seen = []
    while t.s["fight"] is not None:
        seen.append((t.s["fight"]["square"], t.to_act))
        t.do(t.to_act[0], "decline")
    # ann has no card left: she declines at once (R21); bob and cy decide
    assert seen == [("A3", ("bob", "fight")), ("A3", ("cy", "fight")),
                    ("B2", ("bob", "fight")), ("B2", ("cy", "fight"))]
    assert t.s["map"]["A3"] == "empty" and t.s["map"]["B2"] == "empty"
    # the check after the second fight turned over what the empty B2 touches
    assert t.s["map"]["C1"] == "blue:1" and t.s["map"]["C3"] == "blue:1"
    assert t.s["round"] == 2 and t.to_act == ("ann", "target")


# -- R17 ----------------------------------------------------------------------------------------

def _fight_table(**kw: object) -> Table:
    base = dict(tile_map=tiles(A2="pink:1", A3="monster:5/1/2"),
                hands={"ann": ["blue-2", "green-3", "pink-4"], "bob": ["pink-1", "purple-4"],
                       "cy": ["green-3", "blue-1"]},
                gadgets={"ann": ["enhanced-power/green"]},
                crystals={"bob": {"blue": 2}, "cy": {"green": 1}})
    base.update(kw)
    return Table(doc(**base))


def test_r17_fight_decline_defeat_and_the_winner_becomes_start_player() -> None:
    t = _fight_table()
    t.play(("ann", "target A2"), ("ann", "pass"), ("bob", "mine pink-1"), ("cy", "pass"))
    assert t.s["start_player"] == "bob"
    # fights go in turn order from the new start player: bob, cy, ann
    assert t.to_act == ("bob", "fight")
    assert "decline" in t.legal()
    t.do("bob", "decline")
    t.refuse("cy", "mine green-3", "the decision is 'fight'")
    t.do("cy", "fight green-3")
    t.do("ann", "fight blue-2 boost=green-3")
    # the monster is gone; ann (5 = power) keeps it and takes the Foreman marker
    s = t.s
    assert s["players"]["ann"]["monsters"] == 1 and s["players"]["ann"]["monster_vp"] == 2
    assert s["start_player"] == "ann"
    assert s["map"]["A3"] == "empty"
    assert {"green-3", "blue-2"} <= set(s["discard"])
    # defeated: bob (declined) and cy (3 < 5) lose 1 crystal each, their choice
    assert t.to_act == ("bob", "lose-crystals")
    assert t.legal() == ["lose-crystals blue", "lose-crystals pink"]
    t.refuse("bob", "lose-crystals blue,blue", "The monster takes exactly 1 crystal")
    t.do("bob", "lose-crystals pink")
    s = t.s
    assert s["players"]["bob"]["crystals"] == {"blue": 2, "green": 0, "pink": 0, "purple": 0}
    # cy had one crystal: lost at once (R21)
    assert s["players"]["cy"]["crystals"] == {"blue": 0, "green": 0, "pink": 0, "purple": 0}
    assert s["players"]["ann"]["crystals"] == {"blue": 0, "green": 0, "pink": 0, "purple": 0}
    assert s["round"] == 2 and t.to_act == ("ann", "target")


def test_r17_nobody_reaches_the_power_the_monster_goes_back_to_the_box() -> None:
    t = _fight_table()
    t.play(("ann", "target A2"), ("ann", "pass"), ("bob", "mine pink-1"), ("cy", "pass"))
    t.play(("bob", "fight purple-4"), ("cy", "decline"), ("ann", "fight pink-4"))
    s = t.s
    assert t.said("Nobody beat the monster: it goes back to the box.")
    assert all(p["monsters"] == 0 for p in s["players"].values())
    assert s["map"]["A3"] == "empty"
    assert s["start_player"] == "bob"  # unchanged
    # everyone was defeated: ann had nothing to lose; bob chooses; cy loses his one at once
    assert t.to_act == ("bob", "lose-crystals")


def test_r17_a_loss_larger_than_the_crystals_held_takes_them_all() -> None:
    t = _fight_table(tile_map=tiles(A2="pink:1", A3="monster:6/2/3"),
                     crystals={"cy": {"green": 1}})
    t.play(("ann", "target A2"), ("ann", "pass"), ("bob", "mine pink-1"), ("cy", "pass"))
    t.play(("bob", "decline"), ("cy", "decline"), ("ann", "decline"))
    s = t.s
    assert s["players"]["cy"]["crystals"]["green"] == 0
    assert s["players"]["bob"]["crystals"] == {"blue": 0, "green": 0, "pink": 0, "purple": 0}
    assert t.said("bob loses pink to the monster.")  # he had one crystal: all of it


def test_r17_tie_goes_to_the_player_closest_to_the_start_player_and_one_four_swap() -> None:
    t = Table(doc(tile_map=tiles(A2="pink:1", A3="monster:4/1/2"),
                  hands={"ann": ["purple-1", "blue-4"], "bob": ["pink-2", "purple-4"],
                         "cy": ["blue-4"]}))
    t.play(("ann", "target A2"), ("ann", "pass"), ("bob", "mine pink-2"), ("cy", "pass"))
    # order bob, cy, ann: bob's purple 4 and ann's purple 1 swap (bob 1, ann 4); cy's blue 4
    # ties ann's 4 and cy is closer to bob
    t.play(("bob", "fight purple-4"), ("cy", "fight blue-4"), ("ann", "fight purple-1"))
    assert t.said("cy defeats the monster with 4")
    assert t.s["start_player"] == "cy"
    assert t.said("bob is defeated in combat.")
    assert not t.said("ann is defeated in combat.")


def test_r16_connected_arrow_turns_past_a_blockade() -> None:
    # round 1: nobody mines A2, it is blockaded; B2 (next to the empty B1) is revealed pointing
    # left at the blockade and turns clockwise to up, at B3
    t = Table(doc(tile_map=tiles(B1="empty", B2="pink:2>left", B3="green:1")))
    assert t.s["marker"] == "A2"  # the only tile in reach: chosen at once (R21)
    t.passes("ann", "bob", "cy")
    s = t.s
    assert s["map"]["A2"] == "blockade"
    assert s["map"]["B2"] == "pink:2>up"
    assert s["groups"] == [["B3", "B2"]]


def test_r16_a_monster_revealed_by_a_connected_arrow_fights_at_once() -> None:
    # B2 is revealed (next to the emptied A2); its arrow points up at B3, a face-down monster
    # (not next to any passage), which the arrow turns over: it fights in this same check
    t = Table(doc(tile_map=tiles(A2="pink:1", B2="green:2>up", B3="monster:5/1/2"),
                  hands={"ann": ["pink-2", "blue-4", "green-3"], "bob": ["green-1"]}))
    t.play(("ann", "target A2"), ("ann", "mine pink-2"), ("bob", "pass"), ("cy", "pass"))
    assert t.s["map"]["B3"] == "monster:5/1/2"
    assert t.s["fight"]["square"] == "B3"
    assert t.s["groups"] == [["B3", "B2"]]
    t.play(("ann", "fight blue-4"), ("bob", "decline"))
    s = t.s
    assert s["map"]["B3"] == "empty"
    assert s["groups"] == []  # the monster left the group; B2 stands alone
    assert s["map"]["B2"] == "green:2>up"
