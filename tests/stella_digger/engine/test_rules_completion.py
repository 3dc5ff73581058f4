"""R13 mining completion, R14 blockades and rounds with no winner, R15 the performance check."""

from __future__ import annotations

from ..conftest import Table, doc, tiles

# -- R13 ----------------------------------------------------------------------------------------


def test_r13_one_and_four_swap_per_colour() -> None:
    t = Table(doc(tile_map=tiles(A2="purple:1"),
                  hands={"ann": ["purple-4"], "bob": ["purple-1"], "cy": ["blue-4"]}))
    t.play(("ann", "target A2"), ("ann", "mine purple-4"), ("bob", "mine purple-1"),
           ("cy", "mine blue-4"))
    assert t.said("bob wins A2 with 4")
    ev = next(e for e in t.events if e.kind == "win")
    assert ev.data["total"] == 4


def test_r13_every_one_and_four_of_the_colour_swap() -> None:
    t = Table(doc(players=("ann", "bob", "cy", "dee"), tile_map=tiles(A2="purple:1"),
                  hands={"ann": ["purple-4"], "bob": ["purple-4"], "cy": ["purple-1"],
                         "dee": ["purple-2"]}))
    t.play(("ann", "target A2"), ("ann", "mine purple-4"), ("bob", "mine purple-4"),
           ("cy", "mine purple-1"), ("dee", "mine purple-2"))
    # both 4s count 1, the 1 counts 4; the 2 is untouched
    assert t.said("cy wins A2 with 4")


def test_r13_no_swap_across_colours() -> None:
    t = Table(doc(tile_map=tiles(A2="pink:1"),
                  hands={"ann": ["pink-4"], "bob": ["blue-1"], "cy": ["pink-1"]}))
    t.play(("ann", "target A2"), ("ann", "mine pink-4"), ("bob", "mine blue-1"), ("cy", "pass"))
    assert t.said("ann wins A2 with 4")


def test_r13_swap_counts_a_boost_card_by_the_plays_colour() -> None:
    t = Table(doc(tile_map=tiles(A2="pink:1"), gadgets={"ann": ["enhanced-power/green"]},
                  hands={"ann": ["pink-2", "green-4"], "bob": ["pink-1"]}))
    t.play(("ann", "target A2"), ("ann", "mine pink-2 boost=green-4"), ("bob", "mine pink-1"),
           ("cy", "pass"))
    # green-4 counts as pink: pink has a 1 and a 4, so ann has 2+1 and bob 4
    assert t.said("bob wins A2 with 4")


def test_r13_swap_uses_the_super_drill_colour_not_the_printed_one() -> None:
    t = Table(doc(tile_map=tiles(A2="pink:1"), gadgets={"ann": ["super-drill/blue"]},
                  hands={"ann": ["blue-4"], "bob": ["blue-1"], "cy": ["pink-3"]}))
    t.play(("ann", "target A2"), ("ann", "mine blue-4 super=pink"), ("bob", "mine blue-1"),
           ("cy", "mine pink-3"))
    # no pink 1 and no blue 4 on the table: nothing swaps; ann's pink 4 wins
    assert t.said("ann wins A2 with 4")


def test_r13_a_matching_card_beats_a_higher_unmatched_one() -> None:
    t = Table(doc(tile_map=tiles(A2="pink:1"),
                  hands={"ann": ["green-4"], "bob": ["pink-2"], "cy": ["blue-3"]}))
    t.play(("ann", "target A2"), ("ann", "mine green-4"), ("bob", "mine pink-2"),
           ("cy", "mine blue-3"))
    assert t.said("bob wins A2 with 2")
    s = t.s
    assert s["players"]["bob"]["crystals"] == {"blue": 0, "green": 0, "pink": 1, "purple": 0}
    assert s["players"]["ann"]["crystals"] == {"blue": 0, "green": 1, "pink": 0, "purple": 0}
    assert s["players"]["cy"]["crystals"] == {"blue": 1, "green": 0, "pink": 0, "purple": 0}
    assert s["start_player"] == "bob"
    assert s["players"]["bob"]["performance"] == ["A2"] and s["map"]["A2"] == "empty"
    # the played cards went to the discard pile
    assert {"green-4", "pink-2", "blue-3"} <= set(s["discard"])
    assert all(p["play"] is None for p in s["players"].values())


def test_r13_a_loser_gains_a_crystal_of_the_plays_effective_colour() -> None:
    t = Table(doc(tile_map=tiles(A2="pink:1"), gadgets={"bob": ["super-drill/blue"]},
                  hands={"ann": ["pink-4"], "bob": ["blue-3"]}))
    t.play(("ann", "target A2"), ("ann", "mine pink-4"), ("bob", "mine blue-3 super=green"),
           ("cy", "pass"))
    assert t.p("bob")["crystals"] == {"blue": 0, "green": 1, "pink": 0, "purple": 0}
    assert t.p("cy")["crystals"] == {"blue": 0, "green": 0, "pink": 0, "purple": 0}


def test_r13_gold_crystals_are_the_winners_choice() -> None:
    t = Table(doc(tile_map=tiles(A2="gold:3"), hands={"ann": ["green-1"], "bob": ["blue-2"]}))
    t.play(("ann", "target A2"), ("ann", "mine green-1"), ("bob", "mine blue-2"), ("cy", "pass"))
    assert t.to_act == ("bob", "gold")
    t.refuse("bob", "gold pink,pink", "Choose exactly 3 colours")
    t.do("bob", "gold pink,pink,purple")
    assert t.p("bob")["crystals"] == {"blue": 0, "green": 0, "pink": 2, "purple": 1}
    assert t.p("ann")["crystals"] == {"blue": 0, "green": 1, "pink": 0, "purple": 0}


def test_r13_refining_capsule_gives_a_crystal_even_if_an_accident_took_the_card() -> None:
    t = Table(doc(tile_map=tiles(A2="pink:1"),
                  accidents={"safety": "green", "danger": ["pink", "purple"], "alarm": ["blue"]},
                  gadgets={"ann": ["refining-capsule/purple"], "cy": ["refining-capsule/green"]},
                  hands={"ann": ["blue-2"], "bob": ["pink-1"], "cy": ["green-3"]}))
    t.play(("ann", "target A2"), ("ann", "mine blue-2"), ("bob", "mine pink-1"), ("cy", "pass"))
    assert t.said("ann loses blue-2 to the blue accident from their play")
    # ann mined: her capsule works; cy passed: his doesn't
    assert t.p("ann")["crystals"] == {"blue": 0, "green": 0, "pink": 0, "purple": 1}
    assert t.p("cy")["crystals"] == {"blue": 0, "green": 0, "pink": 0, "purple": 0}
    assert t.p("bob")["crystals"]["pink"] == 1


def test_r13_one_refining_capsule_of_the_owners_choice() -> None:
    t = Table(doc(tile_map=tiles(A2="pink:1"),
                  gadgets={"ann": ["refining-capsule/blue", "refining-capsule/purple"]},
                  hands={"ann": ["pink-4"]}))
    t.play(("ann", "target A2"), ("ann", "mine pink-4"), ("bob", "pass"), ("cy", "pass"))
    assert t.to_act == ("ann", "capsule")
    assert t.legal() == ["capsule blue", "capsule purple"]
    t.refuse("ann", "capsule green", "You don't own the green Refining Capsule")
    t.do("ann", "capsule purple")
    assert t.p("ann")["crystals"] == {"blue": 0, "green": 0, "pink": 1, "purple": 1}


# -- R14 ----------------------------------------------------------------------------------------

def test_r14_blockade_when_nobody_mines() -> None:
    t = Table(doc(tile_map=tiles(A2="pink:1"), face_up=["A2", "B1"],
                  hands={"ann": ["pink-4", "pink-1", "blue-1", "green-1"]},
                  crystals={"cy": {"blue": 2}}))
    # refilling a full hand (P4), passing, exchanging: nobody takes the Mine action
    t.play(("ann", "target A2"), ("ann", "refill"), ("bob", "pass"), ("cy", "exchange blue>pink"))
    s = t.s
    assert s["map"]["A2"] == "blockade"
    assert s["supply"]["vp3"] == 19
    assert t.said("Nobody mined: A2 is blockaded with a 3-VP tile.")
    assert s["marker"] == "B1"  # round 2: back on A1, then the only tile in reach (R21)
    assert t.said("The marker goes back to A1.")
    # the blockade is no passage: A3, next to it, was not turned over
    assert s["map"]["A3"] == "hidden"
    assert all(p["vp_tiles"] == {"3": 0, "1": 0} for p in s["players"].values())


def test_r14_blockade_of_a_connected_group_covers_only_the_chosen_square() -> None:
    t = Table(doc(tile_map=tiles(B1="blue:2>right", C1="pink:1")))
    t.do("ann", "target B1")
    assert t.s["target"] == ["B1", "C1"]
    t.passes("ann", "bob", "cy")
    s = t.s
    assert s["map"]["B1"] == "blockade" and s["map"]["C1"] == "pink:1"
    assert s["groups"] == []  # P7: the blockaded square leaves its group
    assert s["supply"]["vp3"] == 19


def test_r14_accidents_take_every_card_no_winner_no_blockade() -> None:
    t = Table(doc(tile_map=tiles(B1="pink:1"),
                  accidents={"safety": "green", "danger": ["purple"], "alarm": ["blue", "pink"]},
                  hands={"ann": ["blue-3"], "bob": ["pink-2"], "cy": ["green-1"]}))
    t.play(("ann", "target B1"), ("ann", "mine blue-3"), ("bob", "mine pink-2"), ("cy", "pass"))
    s = t.s
    assert t.said("Accidents took every played card: nobody wins the target this round.")
    assert t.said("The marker goes back to A1.")
    assert s["map"]["B1"] == "pink:1"
    assert s["supply"]["vp3"] == 20
    assert s["start_player"] == "ann"
    assert all(sum(p["crystals"].values()) == 0 for p in s["players"].values())
    # the tile may be chosen again
    assert s["marker"] == "A1" and t.to_act == ("ann", "target")
    assert "target B1" in t.legal()


# -- R15 ----------------------------------------------------------------------------------------

def test_r15_performance_check_three_for_two_tiles_one_for_one() -> None:
    t = Table(doc(players=("ann", "bob"),
                  tile_map=tiles(A2="pink:1", B1="green:1", B2="blue:1", A3="blue:1"),
                  hands={"ann": ["pink-3", "blue-3"], "bob": ["green-2"]}))
    t.play(("ann", "target A2"), ("ann", "mine pink-3"), ("bob", "pass"))
    # one tile each at most: no check awards, the tile stays in the performance area
    assert t.p("ann")["performance"] == ["A2"]
    assert t.p("ann")["vp_tiles"] == {"3": 0, "1": 0}
    t.play(("ann", "target B1"), ("ann", "pass"), ("bob", "mine green-2"))
    assert t.p("bob")["performance"] == ["B1"] and t.p("ann")["performance"] == ["A2"]
    assert t.s["start_player"] == "bob"
    t.play(("bob", "target B2"), ("bob", "pass"), ("ann", "mine blue-3"))
    s = t.s
    assert s["players"]["ann"]["vp_tiles"] == {"3": 1, "1": 0}
    assert s["players"]["bob"]["vp_tiles"] == {"3": 0, "1": 1}
    assert s["players"]["ann"]["performance"] == [] and s["players"]["bob"]["performance"] == []
    assert s["supply"]["vp3"] == 19 and s["supply"]["vp1"] == 7


def test_r15_three_one_vp_tiles_are_exchanged_for_a_three() -> None:
    t = Table(doc(players=("ann", "bob"), tile_map=tiles(A2="pink:1", B1="green:1>right",
                                                         C1="blue:1"),
                  vp_tiles={"bob": {"1": 2}},
                  hands={"ann": ["green-3"], "bob": ["pink-2"]}))
    t.play(("ann", "target A2"), ("ann", "pass"), ("bob", "mine pink-2"))
    assert t.p("bob")["performance"] == ["A2"]
    t.play(("bob", "target B1"), ("bob", "pass"), ("ann", "mine green-3"))
    s = t.s
    assert s["players"]["ann"]["vp_tiles"] == {"3": 1, "1": 0}
    assert s["players"]["bob"]["vp_tiles"] == {"3": 1, "1": 0}
    assert s["supply"]["vp3"] == 18 and s["supply"]["vp1"] == 8
    assert t.said("bob exchanges three 1-VP tiles for a 3-VP tile.")


def test_r15_a_tile_the_supply_lacks_is_not_awarded() -> None:
    t = Table(doc(players=("ann", "bob"), tile_map=tiles(A2="pink:1", B1="green:1>right",
                                                         C1="blue:1"),
                  supply={"blue": 8, "green": 8, "pink": 8, "purple": 8, "vp3": 5, "vp1": 0},
                  hands={"ann": ["green-3"], "bob": ["pink-2"]}))
    t.play(("ann", "target A2"), ("ann", "pass"), ("bob", "mine pink-2"))
    t.play(("bob", "target B1"), ("bob", "pass"), ("ann", "mine green-3"))
    s = t.s
    assert s["players"]["ann"]["vp_tiles"] == {"3": 1, "1": 0}
    assert s["players"]["bob"]["vp_tiles"] == {"3": 0, "1": 0}
    assert s["players"]["bob"]["performance"] == []  # the tiles leave all the same
    assert s["supply"]["vp3"] == 4 and s["supply"]["vp1"] == 0


def test_r14_a_miner_eliminated_by_the_accident_still_took_the_mine_action() -> None:
    # ann mined; the accident takes her only played card and her third Red Tear puts her out.
    # Somebody took the Mine action (a card was played), so there is no blockade: no winner,
    # the marker goes back, the tile may be chosen again (R14 with R20).
    t = Table(doc(red_tears=True, tears={"ann": 2},
                  accidents={"safety": "green", "danger": ["purple", "pink"], "alarm": ["blue"]},
                  hands={"ann": ["blue-3"], "bob": ["green-1"], "cy": ["green-2"]}))
    t.play(("ann", "target A2"), ("ann", "mine blue-3"), ("bob", "pass"), ("cy", "pass"))
    s = t.s
    assert s["players"]["ann"]["out"] is True
    assert not t.said("Nobody mined")
    assert s["map"]["A2"] == "blue:1"
    assert s["supply"]["vp3"] == 20
    assert t.said("The marker goes back to A1.")


def test_r15_a_blockade_round_runs_no_performance_check_p13() -> None:
    t = Table(doc(players=("ann", "bob"), tile_map=tiles(A2="pink:1", B1="green:1"),
                  hands={"ann": ["pink-3"]}))
    t.play(("ann", "target A2"), ("ann", "mine pink-3"), ("bob", "pass"))
    assert t.p("ann")["performance"] == ["A2"]
    t.play(("ann", "target B1"), ("ann", "pass"), ("bob", "pass"))
    assert t.s["map"]["B1"] == "blockade"
    assert t.p("ann")["performance"] == ["A2"] and t.p("ann")["vp_tiles"] == {"3": 0, "1": 0}


def test_r13_a_one_changed_by_a_super_drill_swaps_with_the_fours_of_its_new_colour() -> None:
    t = Table(doc(tile_map=tiles(A2="pink:1"), gadgets={"ann": ["super-drill/blue"]},
                  hands={"ann": ["blue-1"], "bob": ["pink-4"], "cy": ["green-3"]}))
    t.play(("ann", "target A2"), ("ann", "mine blue-1 super=pink"), ("bob", "mine pink-4"),
           ("cy", "mine green-3"))
    # a pink 1 and a pink 4: ann's changed 1 counts 4, bob's 4 counts 1
    assert t.said("ann wins A2 with 4")
