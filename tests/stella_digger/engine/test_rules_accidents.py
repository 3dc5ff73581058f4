"""R12 accident occurrence: the play first, then the hand; Enhanced Power loses one card; a Super
Drill's changed colour counts; revealed accidents stay out."""

from __future__ import annotations

from ..conftest import Table, doc, tiles


def _acc(alarm: list[str]) -> dict[str, object]:
    rest = [c for c in ("blue", "green", "pink", "purple") if c not in alarm]
    return {"safety": rest[0], "danger": rest[1:], "alarm": alarm}


def test_r12_accident_takes_the_played_card_first_else_one_from_hand() -> None:
    t = Table(doc(tile_map=tiles(A2="green:1"), accidents=_acc(["blue"]),
                  hands={"ann": ["blue-3", "blue-2"], "bob": ["pink-2", "blue-4"],
                         "cy": ["blue-2", "blue-3", "green-1"]}))
    t.play(("ann", "target A2"), ("ann", "mine blue-3"), ("bob", "mine pink-2"), ("cy", "pass"))
    # ann's play is blue: it loses the played card (one candidate: taken at once, R21);
    # bob's play is pink: his hand's blue-4 goes; cy chooses between two blue cards
    assert t.to_act == ("cy", "lose")
    assert t.said("ann loses blue-3 to the blue accident from their play")
    assert t.said("bob loses blue-4 to the blue accident from their hand")
    assert t.p("ann")["play"] is None and t.p("ann")["hand"] == ["blue-2"]
    assert t.legal() == ["lose blue-2", "lose blue-3"]
    t.refuse("cy", "lose green-1", "The blue accident takes a card from your hand: choose "
             "blue-2 or blue-3.")
    t.do("cy", "lose blue-3")
    s = t.s
    assert s["players"]["cy"]["hand"] == ["blue-2", "green-1"]
    # bob's pink 2 was the only play left: bob wins; ann gets no consolation crystal
    assert t.said("bob wins A2 with 2")
    assert s["players"]["ann"]["crystals"] == {"blue": 0, "green": 0, "pink": 0, "purple": 0}
    assert {"blue-3", "blue-4"} <= set(s["discard"])
    assert s["accidents"]["revealed"] == ["blue"]


def test_r12_enhanced_power_play_loses_one_card_of_the_owners_choice() -> None:
    t = Table(doc(tile_map=tiles(A2="green:1"), accidents=_acc(["green"]),
                  gadgets={"ann": ["enhanced-power/pink"]},
                  hands={"ann": ["green-2", "pink-3"], "bob": ["pink-4"]}))
    t.play(("ann", "target A2"), ("ann", "mine green-2 boost=pink-3"), ("bob", "mine pink-4"),
           ("cy", "pass"))
    assert t.to_act == ("ann", "lose")
    assert t.legal() == ["lose green-2", "lose pink-3"]
    t.do("ann", "lose green-2")
    # the pink 3 stays in the play as a green 3: it matches the green tile and beats pink 4
    assert t.said("ann wins A2 with 3")
    assert t.p("ann")["crystals"]["green"] == 1
    assert t.p("bob")["crystals"]["pink"] == 1
    assert "green-2" in t.s["discard"] and "pink-3" in t.s["discard"]


def test_r12_super_drill_changed_to_the_accident_colour_loses_the_card() -> None:
    t = Table(doc(tile_map=tiles(A2="blue:1"), accidents=_acc(["blue"]),
                  gadgets={"ann": ["super-drill/purple"]},
                  hands={"ann": ["purple-3", "blue-1"], "bob": ["green-2"]}))
    t.play(("ann", "target A2"), ("ann", "mine purple-3 super=blue"), ("bob", "mine green-2"),
           ("cy", "pass"))
    assert t.said("ann loses purple-3 to the blue accident from their play")
    assert t.p("ann")["hand"] == ["blue-1"]  # the hand is not touched
    assert t.said("bob wins A2 with 2")


def test_r12_super_drill_changed_away_from_the_accident_colour_is_safe() -> None:
    t = Table(doc(tile_map=tiles(A2="pink:1"), accidents=_acc(["blue"]),
                  gadgets={"ann": ["super-drill/blue"]},
                  hands={"ann": ["blue-3", "blue-1"], "bob": ["green-2"]}))
    t.play(("ann", "target A2"), ("ann", "mine blue-3 super=pink"), ("bob", "mine green-2"),
           ("cy", "pass"))
    # the play counts as pink: the blue accident takes the blue 1 from ann's hand
    assert t.said("ann loses blue-1 to the blue accident from their hand")
    assert t.said("ann wins A2 with 3")


def test_r12_no_card_of_the_colour_means_nothing_happens() -> None:
    t = Table(doc(accidents=_acc(["purple"]),
                  hands={"ann": ["blue-3"], "bob": ["green-2"], "cy": ["pink-1"]}))
    t.play(("ann", "target A2"), ("ann", "mine blue-3"), ("bob", "pass"), ("cy", "pass"))
    assert not any(e.kind == "lose" for e in t.events)
    assert t.s["accidents"]["revealed"] == ["purple"]
    assert t.said("ann wins A2 with 3")


def test_r12_alarm_cards_are_revealed_one_by_one_and_stay_out() -> None:
    t = Table(doc(accidents={"safety": "green", "danger": ["purple"], "alarm": ["blue", "pink"]},
                  hands={"ann": ["blue-3", "pink-2"], "bob": ["pink-4", "blue-1"],
                         "cy": ["green-1"]}))
    t.play(("ann", "target A2"), ("ann", "mine blue-3"), ("bob", "mine pink-4"), ("cy", "pass"))
    kinds = [(e.kind, e.data.get("colour") or e.data.get("card")) for e in t.events
             if e.kind in ("accident", "lose")]
    # blue first (ann's play, bob's hand), then pink (ann's hand, bob's play)
    assert kinds == [("accident", "blue"), ("lose", "blue-3"), ("lose", "blue-1"),
                     ("accident", "pink"), ("lose", "pink-2"), ("lose", "pink-4")]
    s = t.s
    assert s["accidents"] == {"safety": "green", "danger": 1, "alarm": 0,
                              "revealed": ["blue", "pink"]}
    # nobody had a card left in play: no winner (R14); the revealed cards stay out next round
    assert s["map"]["A2"] == "blue:1"
    assert s["round"] == 2


def test_r12_players_lose_cards_in_turn_order_from_the_start_player() -> None:
    t = Table(doc(start="bob", accidents=_acc(["green"]),
                  hands={"ann": ["green-2", "green-3"], "bob": ["blue-2"],
                         "cy": ["green-1", "green-4"]}))
    t.play(("bob", "target A2"), ("bob", "mine blue-2"), ("cy", "pass"), ("ann", "pass"))
    assert t.to_act == ("cy", "lose")
    t.do("cy", "lose green-4")
    assert t.to_act == ("ann", "lose")
    t.do("ann", "lose green-3")
    assert t.p("cy")["hand"] == ["green-1"] and t.p("ann")["hand"] == ["green-2"]
