"""R7 one action each, R8 playing cards and gadgets, R9 Refill Hand, R10 buying, Large Drills,
exchanging and a short supply, R11 hold limits."""

from __future__ import annotations

from ..conftest import Table, doc, tiles

# -- R7 -----------------------------------------------------------------------------------------


def test_r7_each_player_takes_exactly_one_action_in_turn_order() -> None:
    t = Table(doc(hands={"ann": ["blue-3", "pink-2"], "bob": ["green-1"], "cy": []},
                  crystals={"cy": {"pink": 2}}))
    t.do("ann", "target A2")
    t.do("ann", "mine blue-3")
    assert t.to_act == ("bob", "action")
    t.refuse("ann", "mine pink-2", "It's not your turn")
    t.refuse("bob", "draw 1", "the decision is 'action'")
    t.do("bob", "refill")
    assert t.to_act == ("bob", "draw")  # Refill Hand's draws belong to the same action
    t.refuse("bob", "pass", "the decision is 'draw'")
    t.do("bob", "draw 1", "draw 1", "draw 1")
    assert t.to_act == ("cy", "action")
    t.do("cy", "exchange pink>green")
    # everyone has acted: the round goes on without asking ann again
    assert t.s["round"] == 2
    assert t.p("ann")["hand"] == ["pink-2"]


def test_r7_a_played_card_is_face_up_at_once() -> None:
    t = Table(doc(hands={"ann": ["blue-3"], "bob": ["green-1"]}))
    t.do("ann", "target A2")
    t.do("ann", "mine blue-3")
    play = t.s["players"]["ann"]["play"]
    assert play == {"cards": ["blue-3"], "colour": "blue", "super": None, "boost": None}
    assert t.p("ann")["mined"] is True and t.p("ann")["hand"] == []


# -- R8 -----------------------------------------------------------------------------------------

def test_r8_super_drill_needs_the_card_colour_and_changes_it_for_the_round() -> None:
    t = Table(doc(tile_map=tiles(A2="green:2"),
                  hands={"ann": ["blue-4", "pink-4"], "bob": ["green-3"]},
                  gadgets={"ann": ["super-drill/blue"]}))
    t.do("ann", "target A2")
    t.refuse("ann", "mine pink-4 super=green", "you need the Super Drill of pink")
    t.refuse("ann", "mine blue-4 super=blue", "already blue")
    legal = t.legal()
    assert {"mine blue-4 super=green", "mine blue-4 super=pink", "mine blue-4 super=purple"} <= set(
        legal)
    assert not any(x.startswith("mine pink-4 super=") for x in legal)
    t.do("ann", "mine blue-4 super=green")
    assert t.p("ann")["play"]["colour"] == "green" and t.p("ann")["play"]["super"] == "green"
    t.play(("bob", "mine green-3"), ("cy", "pass"))
    # a green 4 beats bob's green 3
    assert t.said("ann wins A2 with 4")
    assert t.p("ann")["crystals"]["green"] == 2
    assert t.p("bob")["crystals"]["green"] == 1


def test_r8_enhanced_power_adds_a_second_card_of_the_gadget_colour() -> None:
    t = Table(doc(tile_map=tiles(A2="pink:1"),
                  hands={"ann": ["pink-3", "green-3", "blue-3"], "bob": ["pink-4"]},
                  gadgets={"ann": ["enhanced-power/green"]}))
    t.do("ann", "target A2")
    t.refuse("ann", "mine pink-3 boost=blue-3", "you need the Enhanced Power of blue")
    t.refuse("ann", "mine pink-3 boost=green-4", "green-4 in your hand")
    t.do("ann", "mine pink-3 boost=green-3")
    assert t.p("ann")["play"] == {"cards": ["pink-3", "green-3"], "colour": "pink",
                                  "super": None, "boost": "green-3"}
    t.play(("bob", "mine pink-4"), ("cy", "pass"))
    assert t.said("ann wins A2 with 6")


def test_r8_super_drill_changes_only_the_first_card_and_the_boost_follows_its_colour() -> None:
    t = Table(doc(tile_map=tiles(A2="pink:1"),
                  hands={"ann": ["blue-2", "green-3"], "bob": ["pink-4"]},
                  gadgets={"ann": ["super-drill/blue", "enhanced-power/green"]}))
    t.do("ann", "target A2")
    t.refuse("ann", "mine green-3 super=pink boost=blue-2", "you need the Super Drill of green")
    t.do("ann", "mine blue-2 super=pink boost=green-3")
    assert t.p("ann")["play"]["colour"] == "pink"
    t.play(("bob", "mine pink-4"), ("cy", "pass"))
    assert t.said("ann wins A2 with 5")


def test_r8_a_gadget_type_is_used_once_per_round() -> None:
    # ann uses her Super Drill to mine; the monster revealed this round can't use it again
    t = Table(doc(tile_map=tiles(A3="monster:4/1/2", B2="green:1"),
                  hands={"ann": ["blue-2", "blue-4", "pink-3", "blue-3"], "bob": ["green-1"],
                         "cy": []},
                  gadgets={"ann": ["super-drill/blue", "enhanced-power/pink"]}))
    t.play(("ann", "target A2"), ("ann", "mine blue-2 super=green boost=pink-3"),
           ("bob", "pass"), ("cy", "pass"))
    assert t.to_act == ("ann", "fight")
    t.refuse("ann", "fight blue-4 super=pink", "You already used a Super Drill this round.")
    t.refuse("ann", "fight blue-4 boost=pink-3", "You already used an Enhanced Power this round.")
    assert "fight blue-4" in t.legal()
    assert not any("super=" in x or "boost=" in x for x in t.legal())
    t.do("ann", "fight blue-4")
    t.do("bob", "decline")  # cy has no cards: declines at once (R21)
    assert t.p("ann")["monsters"] == 1
    # a new round: the Super Drill can be used again
    assert t.s["round"] == 2 and t.to_act == ("ann", "target")
    t.do("ann", t.legal()[0])
    assert "mine blue-3 super=pink" in t.legal()


# -- R9 -----------------------------------------------------------------------------------------

def test_r9_refill_discards_then_draws_one_at_a_time_from_any_deck() -> None:
    t = Table(doc(decks=[["pink-2", "blue-1"], ["green-4", "purple-3"], ["blue-2"]],
                  hands={"ann": ["blue-3", "pink-1", "green-3"]}))
    t.do("ann", "target A2")
    t.do("ann", "refill discard=blue-3,pink-1")
    assert "blue-3" in t.s["discard"] and "pink-1" in t.s["discard"]
    assert t.to_act == ("ann", "draw")
    assert t.legal() == ["draw 1", "draw 2", "draw 3"]
    t.do("ann", "draw 2")
    assert t.s["decks"][1] == {"count": 1, "top": "purple"}  # the new top shows at once
    t.do("ann", "draw 1", "draw 2")
    assert sorted(t.p("ann")["hand"]) == ["green-3", "green-4", "pink-2", "purple-3"]
    assert t.to_act == ("bob", "action")


def test_r9_refill_refuses_cards_not_in_hand() -> None:
    t = Table(doc(hands={"ann": ["blue-3", "pink-1"]}))
    t.do("ann", "target A2")
    t.refuse("ann", "refill discard=green-2", "You can't discard green-2")
    t.refuse("ann", "refill discard=blue-3,blue-3", "that many times")


def test_r9_alarm_when_a_deck_empties_while_another_holds_cards_but_not_for_the_last() -> None:
    t = Table(doc(decks=[["pink-1"], ["pink-2", "pink-3"], []],
                  hands={"bob": ["green-2"]},
                  accidents={"safety": "green", "danger": ["purple", "blue", "pink"],
                             "alarm": []}))
    t.do("ann", "target A2")
    t.do("ann", "pass")
    t.do("bob", "refill")
    t.do("bob", "draw 1")  # deck 1 empties while deck 2 holds cards: an alarm
    assert t.s["accidents"] == {"safety": "green", "danger": 2, "alarm": 1, "revealed": []}
    assert t.said("Deck 1 is empty: an accident card moves to the Alarm")
    # deck 2 is the only open deck: both draws are made at once (R21); the last deck empties
    # with no other deck holding cards: no alarm
    assert t.p("bob")["hand"] == ["green-2", "pink-1", "pink-2", "pink-3"]
    assert t.s["accidents"]["alarm"] == 1 and t.s["accidents"]["danger"] == 2
    assert t.to_act == ("cy", "action")
    t.do("cy", "pass")
    # the alarm card (purple, the top of the Danger Forecast) is revealed; nobody holds purple
    assert t.s["accidents"] == {"safety": "green", "danger": 2, "alarm": 0,
                                "revealed": ["purple"]}


def test_r9_rebuild_from_the_discard_pile_not_the_table_then_accident_reset() -> None:
    t = Table(doc(decks=[["pink-1"], [], []],
                  hands={"ann": ["blue-1"], "bob": ["green-2", "green-3"], "cy": []},
                  accidents={"safety": "green", "danger": ["purple", "pink"], "alarm": ["blue"]}))
    discard = len(t.s["discard"])
    assert discard == 32 - 4
    t.do("ann", "target A2")
    t.do("ann", "mine blue-1")  # blue-1 lies on the table: it is no part of the rebuild
    t.do("bob", "refill discard=green-2")  # deck 1 is the only open one: pink-1 comes at once
    rebuild = [e for e in t.events if e.kind == "rebuild"]
    assert len(rebuild) == 1
    assert rebuild[0].data["sizes"] == [10, 10, 9]  # 28 + green-2
    assert all("blue-1" not in d for d in t.state.decks)
    assert t.s["discard"] == []
    assert t.to_act == ("bob", "draw")
    t.do("bob", t.legal()[0], t.legal()[0])
    assert len(t.p("bob")["hand"]) == 4
    t.do("cy", "pass")
    # the blue accident took ann's played card; then the accident cards were reset
    kinds = [e.kind for e in t.events]
    assert kinds.index("accident") < kinds.index("accident-reset")
    assert t.said("ann loses blue-1 to the blue accident from their play")
    acc = t.s["accidents"]
    assert acc["danger"] == 3 and acc["alarm"] == 0 and acc["revealed"] == []
    assert acc["safety"] in ("blue", "green", "pink", "purple")
    # nobody has a card left in play: no winner, no blockade (R14)
    assert t.s["map"]["A2"] == "blue:1"
    assert t.s["marker"] == "A1" and t.to_act == ("ann", "target")


def test_r9_rebuild_continues_the_same_draws_until_the_hand_limit() -> None:
    t = Table(doc(decks=[[], [], []], hands={"ann": []}))
    t.do("ann", "target A2")
    t.do("ann", "refill")
    assert [e.kind for e in t.events].count("rebuild") == 1
    assert [d["count"] for d in t.s["decks"]] == [11, 11, 10]
    t.do("ann", "draw 3", "draw 3", "draw 3", "draw 3")
    assert len(t.p("ann")["hand"]) == 4
    assert [d["count"] for d in t.s["decks"]] == [11, 11, 6]


# -- R10 ----------------------------------------------------------------------------------------

def test_r10_buy_several_gadgets_paying_with_any_colours() -> None:
    t = Table(doc(crystals={"ann": {"green": 3, "purple": 3}},
                  gadgets={"bob": ["super-drill/green"]}))
    t.do("ann", "target A2")
    t.refuse("ann", "buy super-drill/blue support-drone/pink pay=green,green,green,purple",
             "That costs 5 crystals; you named 4.")
    t.refuse("ann", "buy super-drill/blue pay=pink,pink,pink",
             "You don't have enough pink crystals to pay that way.")
    t.refuse("ann", "buy super-drill/green pay=green,green,green",
             "super-drill/green is not for sale: bob owns it.")
    t.refuse("ann", "buy refining-capsule/blue refining-capsule/blue pay=green,green,green,green",
             "Each gadget exists once")
    t.do("ann", "buy super-drill/blue support-drone/pink pay=green,green,green,purple,purple")
    s = t.s
    assert s["players"]["ann"]["gadgets"] == ["super-drill/blue", "support-drone/pink"]
    assert s["players"]["ann"]["crystals"] == {"blue": 0, "green": 0, "pink": 0, "purple": 1}
    assert s["supply"]["green"] == 8 and s["supply"]["purple"] == 7
    assert "super-drill/blue" not in s["gadget_supply"]
    assert t.to_act == ("bob", "action")


def test_r10_buy_two_of_the_same_type_in_one_action() -> None:
    t = Table(doc(crystals={"ann": {"pink": 4}}))
    t.do("ann", "target A2")
    t.do("ann", "buy refining-capsule/blue refining-capsule/green pay=pink,pink,pink,pink")
    assert t.p("ann")["gadgets"] == ["refining-capsule/blue", "refining-capsule/green"]


DRILL_MAP = tiles(A2="empty", B1="empty", B2="empty", C1="empty", D1="empty", E2="empty",
                  F5="empty", E1="pink:1")


def test_r10_large_drill_placement_rules_and_points() -> None:
    t = Table(doc(tile_map=DRILL_MAP, face_up=["A3", "E1"],
                  hands={"cy": ["blue-1"]}, drills={"cy": 0},
                  crystals={"ann": {"green": 6}, "bob": {"pink": 3}, "cy": {"blue": 3}}))
    assert t.s["marker"] == "A3"  # the only tile in reach (R21)
    t.do("ann", "drill B1 up pay=green,green,green")  # aims at the empty B2 (printed 1)
    t.do("bob", "drill C1 up pay=pink,pink,pink")  # aims at the tunnel C2 (printed 1)
    t.refuse("cy", "drill A2 right pay=blue,blue,blue", "You have no Large Drill left")
    t.do("cy", "mine blue-1")
    s = t.s
    assert s["map"]["B1"] == "drill:ann:up" and s["map"]["C1"] == "drill:bob:up"
    assert s["players"]["ann"]["drill_points"] == 1
    assert s["players"]["bob"]["drill_points"] == 1
    assert s["players"]["ann"]["vp_tiles"] == {"3": 0, "1": 0}  # drill points are no VP tiles
    assert s["players"]["ann"]["drills_left"] == 3
    assert s["players"]["ann"]["crystals"]["green"] == 3
    # round 2: every way a placement can be wrong
    assert s["round"] == 2
    if t.to_act[1] == "target":
        t.do(t.to_act[0], t.legal()[0])
    cy_first = t.to_act == ("cy", "action")
    if cy_first:
        t.do("cy", "pass")
    refusals = {
        "drill A1 up": "A1 is START: no Large Drill stands there.",
        "drill D4 up": "D4 is rock: no Large Drill stands there.",
        "drill E1 up": "E1 still holds a mining tile.",
        "drill B1 left": "B1 already holds a Large Drill.",
        "drill B2 right": "the tip of the Large Drill on B1 aims at B2.",
        "drill C2 right": "the tip of the Large Drill on C1 aims at C2.",
        "drill D1 left": "it would aim at the Large Drill on C1.",
        "drill D1 right": "it would aim at the tile on E1.",
        "drill A2 down": "it would aim at A1, which has no printed number.",
        "drill E2 up": "it would aim at E3, which has no printed number.",
        "drill A2 left": "a drill on A2 aiming left would aim off the map.",
    }
    for text, why in refusals.items():
        t.refuse("ann", f"{text} pay=green,green,green", f"You can't install a Large Drill there: {why}")
    t.refuse("ann", "drill F4 up pay=green,green", "A Large Drill costs 3 crystals; you named 2.")
    t.refuse("ann", "drill F4 up pay=blue,green,green", "You don't have enough blue crystals")
    assert "drill F4 up pay=green,green,green" in t.legal()
    assert not any(x.startswith("drill B2 ") for x in t.legal())
    t.do("ann", "drill F4 up pay=green,green,green")  # a tunnel holds one; F5 (deep) scores 3
    assert t.p("ann")["drill_points"] == 4
    assert t.s["map"]["F4"] == "drill:ann:up"
    assert t.p("ann")["drills_left"] == 2


def test_r10_a_large_drill_may_not_aim_at_a_blockade() -> None:
    t = Table(doc(tile_map=tiles(B1="empty", B2="empty"), face_up=["A2", "C1"],
                  crystals={"bob": {"pink": 3}}))
    t.play(("ann", "target A2"), ("ann", "pass"), ("bob", "pass"), ("cy", "pass"))
    assert t.s["map"]["A2"] == "blockade"
    assert t.s["marker"] == "C1"  # the only tile in reach now (R21)
    t.do("ann", "pass")
    t.refuse("bob", "drill B2 left pay=pink,pink,pink", "it would aim at the blockade on A2.")
    t.refuse("bob", "drill A2 up pay=pink,pink,pink", "A2 is blockaded.")


def test_r10_exchange_two_of_one_colour_for_one_of_another() -> None:
    t = Table(doc(crystals={"ann": {"blue": 3, "green": 1}}))
    t.do("ann", "target A2")
    t.refuse("ann", "exchange green>pink", "You need two green crystals to exchange.")
    t.refuse("ann", "exchange blue>blue", "one of another colour")
    assert t.legal().count("exchange blue>pink") == 1
    assert not any(x.startswith("exchange green>") for x in t.legal())
    t.do("ann", "exchange blue>pink")
    assert t.p("ann")["crystals"] == {"blue": 1, "green": 1, "pink": 1, "purple": 0}
    assert t.s["supply"]["blue"] == 8 - 1 and t.s["supply"]["pink"] == 7
    # one action, so one exchange a round: ann can't exchange again
    assert t.to_act == ("bob", "action")
    t.refuse("ann", "exchange blue>green", "It's not your turn")


SHORT = {"blue": 8, "green": 8, "pink": 0, "purple": 8}


def test_r10_short_supply_takes_from_the_richest_other_player() -> None:
    t = Table(doc(start="cy", supply=SHORT,
                  crystals={"ann": {"blue": 2}, "bob": {"pink": 3}, "cy": {"pink": 2}}))
    t.do("cy", "target A2")
    t.do("cy", "pass")
    t.do("ann", "exchange blue>pink")
    assert t.p("ann")["crystals"]["pink"] == 1
    assert t.p("bob")["crystals"]["pink"] == 2  # bob held most
    assert t.p("cy")["crystals"]["pink"] == 2
    assert t.said("taken from bob: the supply had none")


def test_r10_short_supply_tie_takes_from_the_player_closest_to_the_start_player() -> None:
    # turn order cy, ann, bob: cy (the start player, distance 0) is closer than bob
    t = Table(doc(start="cy", supply=SHORT,
                  crystals={"ann": {"blue": 2}, "bob": {"pink": 2}, "cy": {"pink": 2}}))
    t.do("cy", "target A2")
    t.do("cy", "pass")
    t.do("ann", "exchange blue>pink")
    assert t.p("cy")["crystals"]["pink"] == 1
    assert t.p("bob")["crystals"]["pink"] == 2
    t2 = Table(doc(start="ann", supply=SHORT,
                   crystals={"bob": {"blue": 2}, "ann": {"pink": 2}, "cy": {"pink": 2}}))
    # turn order ann, bob, cy: for bob, ann (distance 0) is closer than cy
    t2.do("ann", "target A2")
    t2.do("ann", "pass")
    t2.do("bob", "exchange blue>pink")
    assert t2.p("ann")["crystals"]["pink"] == 1
    assert t2.p("cy")["crystals"]["pink"] == 2


def test_r10_short_supply_and_nobody_holds_one_means_nothing_is_gained() -> None:
    t = Table(doc(supply=SHORT, crystals={"ann": {"blue": 2}}))
    t.do("ann", "target A2")
    t.do("ann", "exchange blue>pink")
    assert t.p("ann")["crystals"] == {"blue": 0, "green": 0, "pink": 0, "purple": 0}
    assert t.s["supply"]["blue"] == 10  # the two paid blue went back (the supply was given)
    assert t.said("but there is none left anywhere")


def test_r10_short_supply_when_gaining_a_tiles_crystals() -> None:
    t = Table(doc(start="bob", tile_map=tiles(A2="pink:2"),
                  supply={"blue": 8, "green": 8, "pink": 1, "purple": 8},
                  crystals={"ann": {"pink": 1}, "cy": {"pink": 3}},
                  hands={"bob": ["pink-4"], "cy": ["green-1"]}))
    t.play(("bob", "target A2"), ("bob", "mine pink-4"), ("cy", "pass"), ("ann", "pass"))
    assert t.p("bob")["crystals"]["pink"] == 2
    assert t.s["supply"]["pink"] == 0
    assert t.p("cy")["crystals"]["pink"] == 2 and t.p("ann")["crystals"]["pink"] == 1


# -- R11 ----------------------------------------------------------------------------------------

def test_r11_hold_limits_four_cards_six_crystals_plus_one_per_support_drone() -> None:
    t = Table(doc(hands={"ann": [], "bob": []}, gadgets={"bob": ["support-drone/green"]}))
    assert t.p("ann")["limits"] == {"hand": 4, "crystals": 6}
    assert t.p("bob")["limits"] == {"hand": 5, "crystals": 7}
    t.do("ann", "target A2")
    t.do("ann", "refill", "draw 1", "draw 1", "draw 1", "draw 1")
    assert len(t.p("ann")["hand"]) == 4 and t.to_act == ("bob", "action")
    t.do("bob", "refill", "draw 2", "draw 2", "draw 2", "draw 2", "draw 2")
    assert len(t.p("bob")["hand"]) == 5 and t.to_act == ("cy", "action")


def test_r11_returning_crystals_over_the_limit_is_the_owners_choice() -> None:
    t = Table(doc(tile_map=tiles(A2="pink:2"), crystals={"ann": {"blue": 3, "green": 3}},
                  hands={"ann": ["pink-3"], "bob": ["green-2"]}))
    t.play(("ann", "target A2"), ("ann", "mine pink-3"), ("bob", "mine green-2"), ("cy", "pass"))
    assert t.to_act == ("ann", "return")
    assert t.p("ann")["crystals"] == {"blue": 3, "green": 3, "pink": 2, "purple": 0}
    t.refuse("ann", "return pink", "You hold 2 crystals over your limit of 6: return exactly 2.")
    t.refuse("ann", "return purple,purple", "You don't have that many purple crystals")
    assert "return green,pink" in t.legal() and "return blue,blue" in t.legal()
    t.do("ann", "return green,pink")
    assert t.p("ann")["crystals"] == {"blue": 3, "green": 2, "pink": 1, "purple": 0}
    assert t.s["supply"]["green"] == 8 - 3 - 1 + 1
    assert t.s["round"] == 2


def test_r11_a_support_drone_raises_the_crystal_limit() -> None:
    t = Table(doc(tile_map=tiles(A2="pink:1"), crystals={"ann": {"blue": 6}},
                  gadgets={"ann": ["support-drone/blue"]}, hands={"ann": ["pink-3"]}))
    t.play(("ann", "target A2"), ("ann", "mine pink-3"), ("bob", "pass"), ("cy", "pass"))
    assert t.p("ann")["crystals"] == {"blue": 6, "green": 0, "pink": 1, "purple": 0}
    assert t.s["round"] == 2  # 7 crystals: within the limit, nothing to return


def test_r8_only_a_card_in_hand_can_be_played() -> None:
    t = Table(doc(hands={"ann": ["blue-3"]}))
    t.do("ann", "target A2")
    t.refuse("ann", "mine pink-3", "You don't have pink-3 in your hand.")
    t.refuse("ann", "mine blue-3 boost=blue-3", "you need the Enhanced Power of blue")


def test_r9_an_emptied_deck_with_no_danger_card_left_moves_nothing() -> None:
    t = Table(doc(decks=[["pink-1"], ["pink-2", "pink-3"], []], hands={"bob": ["green-2"]},
                  accidents={"safety": "green", "danger": [], "alarm": []}))
    t.do("ann", "target A2")
    t.do("ann", "pass")
    t.do("bob", "refill")
    t.do("bob", "draw 1")
    assert t.s["accidents"] == {"safety": "green", "danger": 0, "alarm": 0,
                                "revealed": ["blue", "pink", "purple"]}
    assert not t.said("moves to the Alarm")


def test_r10_two_large_drills_may_aim_at_the_same_square_p8() -> None:
    t = Table(doc(tile_map=tiles(A2="empty", B1="empty", B2="empty", C1="empty"),
                  face_up=["A3"], crystals={"ann": {"green": 3}, "bob": {"pink": 3}}))
    t.do("ann", "drill A2 right pay=green,green,green")
    t.do("bob", "drill B1 up pay=pink,pink,pink")
    assert t.s["map"]["A2"] == "drill:ann:right" and t.s["map"]["B1"] == "drill:bob:up"
    assert t.p("ann")["drill_points"] == 1 and t.p("bob")["drill_points"] == 1


def test_r10_the_player_gaining_is_never_the_donor_p12() -> None:
    t = Table(doc(supply=SHORT, crystals={"ann": {"blue": 2, "pink": 3}, "bob": {"pink": 1}}))
    t.do("ann", "target A2")
    t.do("ann", "exchange blue>pink")
    assert t.p("ann")["crystals"]["pink"] == 4
    assert t.p("bob")["crystals"]["pink"] == 0
