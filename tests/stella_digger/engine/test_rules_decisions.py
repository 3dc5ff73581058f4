"""R21: forced decisions are made at once, the others are asked one at a time in turn order, and
every decision has the default of the rulings' table (``g.default(state)``)."""

from __future__ import annotations

from ..conftest import G, Table, doc, tiles
from .test_rules_target import CORRIDOR


def default(t: Table) -> str:
    """The R21 default, which must be one of the legal decisions."""
    d = str(G.default(t.state))
    assert d in t.legal(), (d, t.legal())
    return d


# -- forced decisions -------------------------------------------------------------------------


def test_r21_a_single_legal_target_is_chosen_at_once() -> None:
    t = Table(doc(tile_map=tiles(A2="empty", B2="empty")))  # only B1 is face up in reach
    assert t.s["marker"] == "B1" and t.s["target"] == ["B1"]
    assert t.to_act == ("ann", "action")
    assert t.said("ann moves the marker to B1")


def test_r21_a_single_open_deck_is_drawn_from_at_once() -> None:
    t = Table(doc(decks=[[], ["pink-1", "pink-2"], []], hands={"ann": ["blue-3", "blue-2"]}))
    t.do("ann", "target A2")
    t.do("ann", "refill")
    assert t.p("ann")["hand"] == ["blue-2", "blue-3", "pink-1", "pink-2"]
    assert t.to_act == ("bob", "action")


def test_r21_single_return_capsule_and_loss_are_made_at_once() -> None:
    t = Table(doc(tile_map=tiles(A2="pink:2", A3="monster:5/2/2"),
                  crystals={"ann": {"pink": 6}, "bob": {"green": 1}},
                  gadgets={"ann": ["refining-capsule/blue"]},
                  hands={"ann": ["pink-4"], "bob": ["green-1"], "cy": []}))
    t.play(("ann", "target A2"), ("ann", "mine pink-4"), ("bob", "pass"), ("cy", "pass"))
    # capsule: ann owns one (blue): used at once. Return: 8 pink and a blue, 3 over the limit,
    # two ways to choose: she is asked
    assert t.said("ann gains a blue crystal (Refining Capsule).")
    assert t.to_act == ("ann", "return")
    assert t.legal() == ["return blue,pink,pink", "return pink,pink,pink"]
    t.do("ann", "return pink,pink,pink")
    # the monster: ann and cy have no cards (declined at once); bob declines
    assert t.said("ann declines to fight.")
    assert t.to_act == ("bob", "fight")
    t.do("bob", "decline")
    assert t.to_act == ("ann", "lose-crystals")  # 5 pink and a blue: a choice
    t.do("ann", "lose-crystals pink,pink")
    # bob's only crystal goes at once; cy has none
    assert t.p("bob")["crystals"]["green"] == 0
    assert t.s["round"] == 2


def test_r21_a_return_with_one_colour_held_is_made_at_once() -> None:
    t = Table(doc(tile_map=tiles(A2="pink:2"), crystals={"ann": {"pink": 6}},
                  hands={"ann": ["pink-4"]}))
    t.play(("ann", "target A2"), ("ann", "mine pink-4"), ("bob", "pass"), ("cy", "pass"))
    assert t.said("ann returns pink, pink (over the crystal limit).")
    assert t.p("ann")["crystals"]["pink"] == 6
    assert t.s["round"] == 2


def test_r21_several_players_owe_a_decision_one_at_a_time_in_turn_order() -> None:
    t = Table(doc(start="bob", tile_map=tiles(A2="pink:2"),
                  crystals={"ann": {"blue": 3, "green": 3}, "bob": {"pink": 3, "purple": 3},
                            "cy": {"blue": 3, "green": 3}},
                  hands={"ann": ["blue-1"], "bob": ["green-1"], "cy": ["pink-4"]}))
    t.play(("bob", "target A2"), ("bob", "mine green-1"), ("cy", "mine pink-4"),
           ("ann", "mine blue-1"))
    # cy wins (the new start player): cy returns 2, then ann 1, then bob 1
    assert t.to_act == ("cy", "return")
    t.do("cy", "return blue,blue")
    assert t.to_act == ("ann", "return")
    t.refuse("bob", "return blue", "It's not your turn")
    t.do("ann", "return green")
    assert t.to_act == ("bob", "return")
    t.do("bob", "return green")
    assert t.s["round"] == 2


# -- defaults -----------------------------------------------------------------------------------

def test_r21_default_turn_action_is_pass() -> None:
    t = Table(doc(hands={"ann": ["blue-4"]}, crystals={"ann": {"blue": 5}}))
    t.do("ann", "target A2")
    assert default(t) == "pass"


def test_r21_default_target_nearest_the_yellow_squares_then_reading_order() -> None:
    state = G.new_game(["a", "b", "c"], {}, seed=4)
    # A2 and B1 are both 10 steps from F7: reading order (row 2 first) picks A2
    assert str(G.default(state)) == "target A2"
    t = Table(doc(tile_map=tiles(**CORRIDOR), face_up=["D3", "E1"], hands={"ann": ["blue-4"]}))
    t.play(("ann", "target D3"), ("ann", "mine blue-4"), ("bob", "pass"), ("cy", "pass"))
    assert t.legal() == ["target C3", "target E2"]
    assert default(t) == "target E2"  # E2 is 6 from F7, C3 is 7


def test_r21_default_deck_is_the_first_non_empty() -> None:
    t = Table(doc(decks=[[], ["pink-1"], ["blue-1", "blue-2"]], hands={"ann": ["green-1"]}))
    t.do("ann", "target A2")
    t.do("ann", "refill")
    assert default(t) == "draw 2"


def test_r21_default_return_from_the_colours_held_most_then_c1_order() -> None:
    t = Table(doc(tile_map=tiles(A2="pink:2"), crystals={"ann": {"blue": 3, "green": 3}},
                  hands={"ann": ["pink-4"]}))
    t.play(("ann", "target A2"), ("ann", "mine pink-4"), ("bob", "pass"), ("cy", "pass"))
    assert t.to_act == ("ann", "return")
    assert default(t) == "return blue,green"


def test_r21_default_gold_colours_held_least_then_c1_order() -> None:
    t = Table(doc(tile_map=tiles(A2="gold:3"), crystals={"ann": {"blue": 2, "pink": 1}},
                  hands={"ann": ["pink-4"]}))
    t.play(("ann", "target A2"), ("ann", "mine pink-4"), ("bob", "pass"), ("cy", "pass"))
    assert t.to_act == ("ann", "gold")
    # green (0), purple (0), then green, pink and purple hold 1 each: green
    assert default(t) == "gold green,green,purple"


def test_r21_default_accident_takes_the_lowest_number() -> None:
    t = Table(doc(accidents={"safety": "green", "danger": ["purple", "pink"], "alarm": ["blue"]},
                  gadgets={"bob": ["enhanced-power/pink"]},
                  hands={"ann": ["blue-3", "blue-2", "blue-4"], "bob": ["blue-3", "pink-2"]}))
    t.play(("ann", "target A2"), ("ann", "pass"), ("bob", "mine blue-3 boost=pink-2"),
           ("cy", "pass"))
    assert t.to_act == ("ann", "lose")
    assert default(t) == "lose blue-2"
    t.do("ann", default(t))
    assert t.to_act == ("bob", "lose")
    assert default(t) == "lose pink-2"  # from the play: the lower of its two cards


def test_r21_default_refining_capsule_is_the_first_in_c1_order() -> None:
    t = Table(doc(gadgets={"ann": ["refining-capsule/purple", "refining-capsule/green"]},
                  hands={"ann": ["pink-4"]}))
    t.play(("ann", "target A2"), ("ann", "mine pink-4"), ("bob", "pass"), ("cy", "pass"))
    assert t.to_act == ("ann", "capsule")
    assert default(t) == "capsule green"


def test_r21_default_fight_is_decline_and_crystal_losses_from_the_most_held() -> None:
    t = Table(doc(tile_map=tiles(A2="pink:1", A3="monster:5/2/3"),
                  crystals={"bob": {"blue": 1, "green": 2, "purple": 2}},
                  hands={"ann": ["pink-2"], "bob": ["blue-4"]}))
    t.play(("ann", "target A2"), ("ann", "mine pink-2"), ("bob", "pass"), ("cy", "pass"))
    assert t.to_act == ("bob", "fight")
    assert default(t) == "decline"
    t.do("bob", "decline")
    assert t.to_act == ("bob", "lose-crystals")
    # green and purple are held most (2 each): green first (C1 order), then purple
    assert default(t) == "lose-crystals green,purple"


def test_r21_capsule_decisions_in_turn_order_from_the_new_start_player() -> None:
    # bob wins and takes the Foreman marker: the turn order is now bob, cy, ann. Gains and
    # decisions after the win follow it (P11: "then Refining Capsules in that turn order"),
    # as the consolation crystals and the returns do: cy chooses his capsule before ann.
    t = Table(doc(tile_map=tiles(A2="pink:1"),
                  gadgets={"ann": ["refining-capsule/blue", "refining-capsule/green"],
                           "cy": ["refining-capsule/pink", "refining-capsule/purple"]},
                  hands={"ann": ["blue-1"], "bob": ["pink-4"], "cy": ["green-2"]}))
    t.play(("ann", "target A2"), ("ann", "mine blue-1"), ("bob", "mine pink-4"),
           ("cy", "mine green-2"))
    assert t.s["start_player"] == "bob"
    gains = [e.data["player"] for e in t.events if e.kind == "crystal"]
    assert gains == ["bob", "cy", "ann"]  # the tile, then the consolations from bob on
    assert t.to_act == ("cy", "capsule")
