"""R18 the end of the game, R19 scoring and ties, R20 Red Tears and elimination."""

from __future__ import annotations

from engine.stella_digger.components import ALL_GADGETS

from ..conftest import G, Table, doc, tiles

ALL_8 = {"blue": 8, "green": 8, "pink": 8, "purple": 8}

# -- R18 ----------------------------------------------------------------------------------------


def test_r18_last_3vp_tile_by_a_performance_check_ends_the_game_at_once() -> None:
    t = Table(doc(tile_map=tiles(B1="blue:2>right", C1="pink:1"),
                  supply={**ALL_8, "vp3": 1, "vp1": 8}, hands={"ann": ["blue-4"]}))
    t.play(("ann", "target B1"), ("ann", "mine blue-4"), ("bob", "pass"), ("cy", "pass"))
    s = t.s
    assert s["ended"] is True and s["end_reason"] == "vp3-exhausted"
    assert s["supply"]["vp3"] == 0 and s["players"]["ann"]["vp_tiles"] == {"3": 1, "1": 0}
    assert s["to_act"] is None and s["round"] == 1
    # no visibility check after the causing step: the tiles next to B1 and C1 stay face down
    assert s["map"]["B2"] == "hidden" and s["map"]["D1"] == "hidden"
    # ann: 3 (VP) + 1 (two blue) - 4 (unplaced drills) = 0; the others -4
    assert s["winners"] == ["ann"]
    assert s["players"]["ann"]["score"]["total"] == 0
    assert s["players"]["bob"]["score"]["total"] == -4


def test_r18_last_3vp_tile_by_a_blockade_ends_the_game_at_once() -> None:
    t = Table(doc(supply={**ALL_8, "vp3": 1, "vp1": 8}, vp_tiles={"bob": {"3": 1}}))
    t.play(("ann", "target A2"), ("ann", "pass"), ("bob", "pass"), ("cy", "pass"))
    s = t.s
    assert s["map"]["A2"] == "blockade"
    assert s["ended"] is True and s["end_reason"] == "vp3-exhausted"
    assert s["round"] == 1 and s["to_act"] is None
    assert s["winners"] == ["bob"]
    t.refuse("ann", "pass", "The game is over")


def test_r18_last_3vp_tile_by_the_one_vp_exchange_ends_the_game() -> None:
    t = Table(doc(players=("ann", "bob"), tile_map=tiles(A2="pink:1", B1="green:1>right",
                                                         C1="blue:1"),
                  supply={**ALL_8, "vp3": 2, "vp1": 8}, vp_tiles={"bob": {"1": 2}},
                  hands={"ann": ["green-3"], "bob": ["pink-2"]}))
    t.play(("ann", "target A2"), ("ann", "pass"), ("bob", "mine pink-2"))
    t.play(("bob", "target B1"), ("bob", "pass"), ("ann", "mine green-3"))
    s = t.s
    assert t.said("bob exchanges three 1-VP tiles for a 3-VP tile.")
    assert s["supply"]["vp3"] == 0
    assert s["ended"] is True and s["end_reason"] == "vp3-exhausted"


CORE_ONLY = {sq: "empty" for sq in tiles()} | {"F7": "pink:3", "G7": "green:3"}


def test_r18_core_mined_ends_after_the_performance_check() -> None:
    t = Table(doc(tile_map=CORE_ONLY, face_up=["F7", "G7"],
                  hands={"ann": ["pink-2"], "bob": ["green-2"]}))
    assert t.legal() == ["target F7", "target G7"]  # R5 fallback
    t.play(("ann", "target F7"), ("ann", "mine pink-2"), ("bob", "pass"), ("cy", "pass"))
    assert t.s["ended"] is False
    assert t.s["marker"] == "G7"  # the only tile left: chosen at once
    t.passes("ann")
    t.do("bob", "mine green-2")
    t.passes("cy")
    s = t.s
    assert s["ended"] is True and s["end_reason"] == "core-mined"
    assert s["players"]["bob"]["crystals"]["green"] == 3


def test_r18_a_blockaded_core_square_still_holds_its_tile() -> None:
    core = dict(CORE_ONLY, D1="blue:1")  # face down, turned over at the end of round 1
    t = Table(doc(tile_map=core, face_up=["F7", "G7"], hands={"ann": ["pink-2"]}))
    assert t.legal() == ["target F7", "target G7"]
    t.play(("ann", "target G7"), ("ann", "pass"), ("bob", "pass"), ("cy", "pass"))
    assert t.s["map"]["G7"] == "blockade"
    assert t.s["marker"] == "F7"  # from G6 (where the marker went back), F7 is in reach
    t.play(("ann", "mine pink-2"), ("bob", "pass"), ("cy", "pass"))
    s = t.s
    assert s["map"]["F7"] == "empty"
    assert s["ended"] is False
    assert s["round"] == 3 and s["marker"] == "D1"


# -- R19 ----------------------------------------------------------------------------------------

def test_r19_score_parts() -> None:
    t = Table(doc(players=("ann", "bob"),
                  tile_map=tiles(A2="pink:1", A3="monster:5/1/2", F5="empty"),
                  supply={**ALL_8, "vp3": 1, "vp1": 8},
                  vp_tiles={"ann": {"3": 2, "1": 1}},
                  gadgets={"ann": ["super-drill/blue", "enhanced-power/blue",
                                   "refining-capsule/blue", "support-drone/pink"]},
                  crystals={"ann": {"blue": 3, "green": 2, "pink": 1, "purple": 3}},
                  drills={"ann": 2},
                  hands={"ann": ["blue-4", "blue-2"], "bob": ["pink-1"]}))
    t.play(("ann", "target A2"), ("ann", "drill F4 up pay=purple,purple,purple"),
           ("bob", "mine pink-1"))
    # the monster on A3: bob (the new start player) has no card and declines at once (R21);
    # ann fights with 4 + 2
    t.do("ann", "fight blue-4 boost=blue-2")
    assert t.p("ann")["monsters"] == 1
    assert t.s["start_player"] == "ann"
    live = G.scores(t.state)["ann"]
    assert live["total"] == 23
    t.do("ann", t.legal()[0])
    t.passes("ann", "bob")  # a blockade takes the last 3-VP tile
    s = t.s
    assert s["ended"] is True
    assert s["players"]["ann"]["score"] == {
        "total": 23, "vp_tiles": 7, "monsters": 2, "gadgets": 8, "gadget_bonus": 2,
        "crystals": 2, "drills": 3, "unplaced_drills": -1}
    assert s["players"]["bob"]["score"]["total"] == -5  # his pink was lost to the monster
    assert s["winners"] == ["ann"]


def _end_now(**kw: object) -> Table:
    """Two players with no drills; a blockade in round 1 takes the last 3-VP tile."""
    t = Table(doc(players=("ann", "bob"), supply={**ALL_8, "vp3": 1, "vp1": 8},
                  drills={"ann": 0, "bob": 0}, **kw))
    t.play(("ann", "target A2"), ("ann", "pass"), ("bob", "pass"))
    assert t.s["ended"] is True
    return t


def test_r19_tie_broken_by_most_vp_tiles() -> None:
    t = _end_now(vp_tiles={"ann": {"3": 1}, "bob": {"1": 2}}, crystals={"bob": {"blue": 2}})
    totals = {p: t.p(p)["score"]["total"] for p in ("ann", "bob")}
    assert totals == {"ann": 3, "bob": 3}
    assert t.s["winners"] == ["bob"]


def test_r19_tie_broken_by_most_gadgets() -> None:
    t = _end_now(gadgets={"ann": ["refining-capsule/blue"]}, crystals={"bob": {"blue": 4}})
    assert t.p("ann")["score"]["total"] == t.p("bob")["score"]["total"] == 2
    assert t.s["winners"] == ["ann"]


def test_r19_tie_broken_by_most_monster_tiles() -> None:
    t = Table(doc(players=("ann", "bob"), tile_map=tiles(A2="pink:1", A3="monster:4/1/2"),
                  supply={**ALL_8, "vp3": 1, "vp1": 8}, drills={"ann": 0, "bob": 0},
                  crystals={"bob": {"blue": 4}}, hands={"ann": ["pink-4"], "bob": ["pink-1"]}))
    t.play(("ann", "target A2"), ("ann", "pass"), ("bob", "mine pink-1"))
    t.do("ann", "fight pink-4")  # bob has no card left: he declines at once
    t.do("bob", "lose-crystals pink")
    t.do("ann", t.legal()[0])
    t.passes("ann", "bob")
    s = t.s
    assert s["ended"] is True
    assert s["players"]["ann"]["score"]["total"] == s["players"]["bob"]["score"]["total"] == 2
    assert s["winners"] == ["ann"]


def test_r19_a_complete_tie_is_a_shared_victory() -> None:
    t = _end_now(crystals={"ann": {"pink": 2}, "bob": {"green": 3}})
    assert t.s["winners"] == ["ann", "bob"]
    assert t.said("Shared victory: ann and bob.")


# -- R20 ----------------------------------------------------------------------------------------

def test_r20_a_tear_per_card_lost_to_an_accident_and_per_monster_defeat() -> None:
    t = Table(doc(red_tears=True, tile_map=tiles(A2="pink:1", A3="monster:5/1/2"),
                  accidents={"safety": "green", "danger": ["purple", "pink"], "alarm": ["blue"]},
                  hands={"ann": ["blue-2", "blue-3"], "bob": ["pink-3"], "cy": ["green-1"]}))
    t.play(("ann", "target A2"), ("ann", "pass"), ("bob", "mine pink-3"), ("cy", "pass"))
    t.do("ann", "lose blue-2")
    assert t.p("ann")["tears"] == 1
    # the monster: bob has no card (declines at once), then cy and ann decline
    t.play(("cy", "decline"), ("ann", "decline"))
    s = t.s
    assert [s["players"][p]["tears"] for p in ("ann", "bob", "cy")] == [2, 1, 1]
    assert s["supply"]["tears"] == 12 - 4


def test_r20_without_the_option_there_are_no_tears() -> None:
    t = Table(doc(accidents={"safety": "green", "danger": ["purple", "pink"], "alarm": ["blue"]},
                  hands={"ann": ["blue-2"]}, tears={}))
    t.play(("ann", "target A2"), ("ann", "pass"), ("bob", "pass"), ("cy", "pass"))
    assert t.said("ann loses blue-2")
    assert t.p("ann")["tears"] == 0 and t.s["supply"]["tears"] == 12


def test_r20_elimination_at_as_many_tears_as_players() -> None:
    t = Table(doc(red_tears=True, tears={"cy": 2},
                  accidents={"safety": "green", "danger": ["purple", "pink"], "alarm": ["blue"]},
                  gadgets={"cy": ["super-drill/pink"]}, crystals={"cy": {"green": 3}},
                  hands={"ann": ["pink-3"], "bob": ["green-2"], "cy": ["blue-2", "pink-1"]}))
    t.play(("ann", "target A2"), ("ann", "mine pink-3"), ("bob", "pass"), ("cy", "pass"))
    s = t.s
    cy = s["players"]["cy"]
    assert cy["out"] is True and cy["tears"] == 3
    assert cy["hand"] == [] and sum(cy["crystals"].values()) == 0 and cy["gadgets"] == []
    assert cy["drills_left"] == 0
    assert s["supply"]["green"] == 8
    assert "super-drill/pink" not in s["gadget_supply"]  # out of the game
    assert {"blue-2", "pink-1"} <= set(s["discard"])
    assert t.said("cy suffers serious injuries and is out of the game.")
    # the game goes on without cy: his seat is skipped
    assert s["ended"] is False
    assert sorted(s["gadget_supply"]) == sorted(g for g in ALL_GADGETS if g != "super-drill/pink")
    t.do("ann", t.legal()[0])
    t.passes("ann", "bob")
    assert t.s["round"] == 3


def test_r20_the_foreman_marker_passes_clockwise_from_an_eliminated_start_player() -> None:
    t = Table(doc(red_tears=True, tears={"ann": 2},
                  accidents={"safety": "green", "danger": ["purple", "pink"], "alarm": ["blue"]},
                  hands={"ann": ["blue-3", "pink-1"], "bob": ["blue-1", "blue-2"],
                         "cy": ["green-2"]}))
    t.play(("ann", "target A2"), ("ann", "pass"), ("bob", "pass"), ("cy", "mine green-2"))
    # ann (first in turn order) loses her only blue card at once: her third tear
    assert t.p("ann")["out"] is True
    assert t.s["start_player"] == "bob"
    assert t.said("The Foreman marker passes to bob.")
    assert t.to_act == ("bob", "lose")


def test_r20_the_last_player_left_wins_at_once() -> None:
    t = Table(doc(players=("ann", "bob"), red_tears=True, tears={"bob": 1},
                  accidents={"safety": "green", "danger": ["purple", "pink"], "alarm": ["blue"]},
                  vp_tiles={"bob": {"3": 3}},
                  hands={"ann": ["pink-3"], "bob": ["blue-2"]}))
    t.play(("ann", "target A2"), ("ann", "mine pink-3"), ("bob", "pass"))
    s = t.s
    assert s["players"]["bob"]["out"] is True
    assert s["ended"] is True and s["end_reason"] == "last-standing"
    assert s["winners"] == ["ann"]  # bob had more points, but he is out
    assert s["players"]["ann"]["crystals"]["pink"] == 0  # ended before mining completion


def test_r20_a_monster_defeat_can_eliminate() -> None:
    t = Table(doc(red_tears=True, tears={"cy": 2}, tile_map=tiles(A2="pink:1",
                                                                  A3="monster:5/1/2"),
                  crystals={"cy": {"green": 2}},
                  hands={"ann": ["pink-3"], "bob": ["green-1"], "cy": ["blue-1"]}))
    t.play(("ann", "target A2"), ("ann", "mine pink-3"), ("bob", "pass"), ("cy", "pass"))
    t.play(("bob", "decline"), ("cy", "decline"))
    s = t.s
    assert s["players"]["cy"]["out"] is True
    assert s["supply"]["green"] == 8  # his crystals went back: no lose-crystals decision
    assert s["players"]["bob"]["tears"] == 1 and s["players"]["ann"]["tears"] == 1


def test_r20_a_fight_that_leaves_one_player_ends_the_game_at_once() -> None:
    # both players are defeated with one tear each (out at 2): ann, first in turn order, takes
    # her tear and is out; bob is the last player left and wins at once - the game is over, so
    # bob takes no tear after it and is not out
    t = Table(doc(players=("ann", "bob"), red_tears=True, tears={"ann": 1, "bob": 1},
                  tile_map=tiles(A2="pink:1", A3="monster:5/1/2"),
                  hands={"ann": ["pink-3", "green-1"], "bob": ["green-2"]}))
    t.play(("ann", "target A2"), ("ann", "mine pink-3"), ("bob", "pass"))
    t.play(("ann", "decline"), ("bob", "decline"))
    s = t.s
    assert s["ended"] is True and s["end_reason"] == "last-standing"
    assert s["players"]["ann"]["out"] is True
    assert s["winners"] == ["bob"]
    assert s["players"]["bob"]["out"] is False  # the winner is still in the game
    assert s["players"]["bob"]["tears"] == 1
    kinds = [e.kind for e in t.events]
    assert kinds[-1] == "end", kinds[kinds.index("end"):]  # nothing happens after the end


def test_r20_no_red_tear_left_means_none_taken_p15() -> None:
    t = Table(doc(red_tears=True, supply={**ALL_8, "vp3": 20, "vp1": 8, "tears": 0},
                  accidents={"safety": "green", "danger": ["purple", "pink"], "alarm": ["blue"]},
                  hands={"ann": ["blue-2"]}))
    t.play(("ann", "target A2"), ("ann", "pass"), ("bob", "pass"), ("cy", "pass"))
    assert t.said("ann loses blue-2")
    assert t.p("ann")["tears"] == 0
    assert t.said("but no Red Tear tile is left")
