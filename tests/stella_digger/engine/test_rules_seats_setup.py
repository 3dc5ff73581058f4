"""R1 seats and ties, R2 hidden information, R3 setup, R4 game preparation (and C2, C7, C9)."""

from __future__ import annotations

import json
from collections import Counter

from engine.stella_digger.board import TERRAIN
from engine.stella_digger.components import COLOURS

from ..conftest import G, Table, doc, tiles

# -- R1 -----------------------------------------------------------------------------------------


def test_r1_turn_order_is_clockwise_from_the_start_player() -> None:
    t = Table(doc(("ann", "bob", "cy", "dee"), start="cy"))
    assert t.to_act == ("cy", "target")
    t.do("cy", "target A2")
    seen = []
    for _ in range(4):
        seen.append(t.to_act)
        t.do(t.to_act[0], "pass")
    assert seen == [("cy", "action"), ("dee", "action"), ("ann", "action"), ("bob", "action")]
    # round 2 starts with the same start player (nobody won anything)
    assert t.s["round"] == 2
    assert t.s["start_player"] == "cy"


def test_r1_seats_are_shuffled_and_the_start_player_is_random() -> None:
    ids = ["p1", "p2", "p3", "p4"]
    seatings, starts = set(), set()
    for seed in range(12):
        state = G.new_game(ids, {}, seed=seed)
        seats = [p.id for p in state.players]
        assert sorted(seats) == ids
        seatings.add(tuple(seats))
        starts.add(G.to_act(state).player)
        # the same seed deals the same table
        assert [p.id for p in G.new_game(ids, {}, seed=seed).players] == seats
    assert len(seatings) > 1
    assert len(starts) > 1


def test_r1_mining_tie_goes_to_the_player_closest_to_the_start_player() -> None:
    # start bob: cy is 1 seat away, ann 2 (ann has the lower seat number)
    t = Table(doc(start="bob", tile_map=tiles(A2="pink:2"),
                  hands={"ann": ["pink-3"], "bob": ["blue-1"], "cy": ["pink-3"]}))
    t.play(("bob", "target A2"), ("bob", "pass"), ("cy", "mine pink-3"), ("ann", "mine pink-3"))
    s = t.s
    assert s["players"]["cy"]["crystals"]["pink"] == 2  # the tile's two crystals
    assert s["players"]["ann"]["crystals"]["pink"] == 1  # the consolation crystal
    assert s["start_player"] == "cy"
    assert t.said("cy wins A2 with 3")


def test_r1_tie_without_a_matching_card_goes_to_the_closest_player() -> None:
    t = Table(doc(start="cy", tile_map=tiles(A2="pink:1"),
                  hands={"ann": ["green-4"], "bob": ["blue-4"], "cy": ["purple-2"]}))
    # turn order cy, ann, bob: ann is closer than bob
    t.play(("cy", "target A2"), ("cy", "mine purple-2"), ("ann", "mine green-4"),
           ("bob", "mine blue-4"))
    assert t.said("ann wins A2 with 4")
    assert t.s["start_player"] == "ann"
    assert t.p("ann")["crystals"] == {"blue": 0, "green": 0, "pink": 1, "purple": 0}
    assert t.p("bob")["crystals"]["blue"] == 1
    assert t.p("cy")["crystals"]["purple"] == 1


# -- R2 -----------------------------------------------------------------------------------------

def _viewing_table() -> Table:
    return Table(doc(
        decks=[["pink-2", "blue-1"], ["green-4"], []],
        hands={"ann": ["blue-3", "pink-1"], "bob": ["green-2", "purple-1", "purple-3"], "cy": []},
        accidents={"safety": "green", "danger": ["blue", "pink"], "alarm": ["purple"]}))


def test_r2_a_players_view_has_only_their_own_hand_numbers() -> None:
    t = _viewing_table()
    v = G.view(t.state, "ann")
    assert v["viewer"] == "ann"
    assert v["players"]["ann"]["hand"] == ["blue-3", "pink-1"]
    assert v["players"]["bob"]["hand"] is None
    assert v["players"]["cy"]["hand"] is None
    # colours of every hand are public (they show on the backs)
    assert v["players"]["bob"]["hand_colours"] == ["green", "purple", "purple"]
    assert v["players"]["bob"]["hand_size"] == 3
    vb = G.view(t.state, "bob")
    assert vb["players"]["bob"]["hand"] == ["green-2", "purple-1", "purple-3"]
    assert vb["players"]["ann"]["hand"] is None
    assert vb["players"]["ann"]["hand_colours"] == ["blue", "pink"]


def test_r2_deck_tops_counts_and_discard_are_public() -> None:
    t = _viewing_table()
    for viewer in ("ann", None):
        v = G.view(t.state, viewer)
        assert v["decks"] == [{"count": 2, "top": "pink"}, {"count": 1, "top": "green"},
                              {"count": 0, "top": None}]
        assert len(v["discard"]) == 32 - 2 - 1 - 5  # the unnamed cards start in the discard
        assert v["discard"].count("pink-2") == 1  # the other one is in deck 1


def test_r2_spectator_view_has_no_hand_numbers() -> None:
    t = _viewing_table()
    v = G.view(t.state, None)
    assert v["viewer"] is None
    for name in ("ann", "bob", "cy"):
        assert v["players"][name]["hand"] is None
    assert v["players"]["bob"]["hand_colours"] == ["green", "purple", "purple"]
    # secrets: face-down tiles, the Danger Forecast and Alarm colours
    assert "hidden_tiles" not in v
    assert v["map"]["C1"] == "hidden" and v["backs"]["C1"] == "a"
    assert v["accidents"] == {"safety": "green", "danger": 2, "alarm": 1, "revealed": []}
    # the 1s are unique cards: bob's and ann's show nowhere in the spectator's view
    text = json.dumps(v)
    assert "purple-1" not in text and "pink-1" not in text
    own = json.dumps(G.view(t.state, "ann"))
    assert "pink-1" in own and "purple-1" not in own


def test_r2_a_played_card_is_public_and_a_drawn_number_private() -> None:
    t = _viewing_table()
    t.do("ann", "target A2")
    t.do("ann", "mine blue-3")
    assert G.view(t.state, "bob")["players"]["ann"]["play"]["cards"] == ["blue-3"]
    assert G.view(t.state, None)["players"]["ann"]["play"]["cards"] == ["blue-3"]
    events = t.do("bob", "refill discard=green-2")
    events += t.do("bob", "draw 1")
    public = [e for e in events if e.to is None]
    private = [e for e in events if e.to is not None]
    assert any(e.kind == "draw" and "pink card" in e.text for e in public)
    assert all("pink-2" not in e.text for e in public)
    assert [(e.to, e.data.get("card")) for e in private] == [(("bob",), "pink-2")]
    # the new top colour is public at once
    assert G.view(t.state, "cy")["decks"][0] == {"count": 1, "top": "blue"}


# -- R3, C2, C7, C9 ------------------------------------------------------------------------------

def test_r3_three_decks_of_11_11_10_and_the_accident_layout() -> None:
    for n in (2, 3, 4):
        state = G.new_game([f"p{i}" for i in range(n)], {}, seed=n)
        assert [len(d) for d in state.decks] == [11, 11, 10]
        cards = Counter(c for d in state.decks for c in d)
        assert cards == Counter({f"{c}-{k}": m for c in COLOURS
                                 for k, m in ((1, 1), (2, 2), (3, 3), (4, 2))})  # C2
        assert state.discard == []
        s = G.summary(state)
        assert s["accidents"]["danger"] == 3 and s["accidents"]["alarm"] == 0
        assert s["accidents"]["revealed"] == []
        assert sorted([state.safety, *state.danger]) == sorted(COLOURS)
        assert s["accidents"]["safety"] == state.safety  # face up


def test_c7_large_drills_per_player_count() -> None:
    for n, k in ((2, 5), (3, 4), (4, 3)):
        state = G.new_game([f"p{i}" for i in range(n)], {}, seed=3)
        assert [p.drills_left for p in state.players] == [k] * n


def test_c9_tiles_are_laid_by_zone_face_down_except_a2_and_b1() -> None:
    state = G.new_game(["a", "b", "c"], {}, seed=5)
    s = G.summary(state)
    faces = {sq: ("" if t.face_up else "hidden:") + t.code for sq, t in state.tiles.items()}
    zone = {z: Counter(state.tiles[sq].code + (">" if state.tiles[sq].arrow else "")
                       for sq in state.tiles if TERRAIN[sq] == z) for z in "abcY"}
    assert zone["a"] == Counter({"blue:1": 2, "green:1": 2, "pink:1": 2, "purple:1": 2})
    assert zone["b"] == Counter({
        "blue:1": 1, "blue:2": 2, "green:1": 1, "green:2": 2, "pink:1": 1, "pink:2": 2,
        "purple:1": 1, "purple:2": 2, "gold:2": 2, "blue:2>": 1, "green:2>": 1, "pink:2>": 1,
        "purple:2>": 1, "monster:5/1/2": 1, "monster:6/2/3": 1})
    assert zone["c"] == Counter({"blue:2": 1, "blue:3": 1, "green:2": 1, "green:3": 1,
                                 "pink:2": 1, "pink:3": 1, "purple:2": 1, "purple:3": 1,
                                 "gold:3": 2, "monster:7/2/4": 1})
    assert sum(zone["Y"].values()) == 2 and all(c.endswith(":3") for c in zone["Y"])
    assert len({c.split(":")[0] for c in zone["Y"]}) == 2
    up = [sq for sq, f in faces.items() if not f.startswith("hidden:")]
    assert sorted(up) == ["A2", "B1"]
    assert all(s["map"][sq] == "hidden" for sq in state.tiles if sq not in ("A2", "B1"))


# -- R4 -----------------------------------------------------------------------------------------

def test_r4_start_player_chooses_a2_or_b1_first() -> None:
    state = G.new_game(["a", "b", "c"], {}, seed=9)
    start = G.to_act(state).player
    assert G.to_act(state).decision == "target"
    assert [str(a) for a in G.legal(state)] == ["target A2", "target B1"]
    t = Table.of(state)
    t.refuse(start, "target C1", "still face down")
    t.refuse(start, "draw 1", "the decision is 'target'")


def test_r4_setup_draws_one_card_each_round_robin_until_four() -> None:
    state = G.new_game(["a", "b", "c"], {}, seed=11)
    order = [p.id for p in state.players]
    start = G.to_act(state).player
    i = order.index(start)
    turn = order[i:] + order[:i]
    G.apply(state, start, "target B1")
    drawers = []
    while G.to_act(state).decision == "draw":
        p = G.to_act(state).player
        drawers.append(p)
        deck = len(drawers) % 3 + 1  # any deck may be chosen
        G.apply(state, p, f"draw {deck}")
    assert drawers == turn * 4
    assert G.to_act(state) == (start, "action")
    assert all(len(p.hand) == 4 for p in state.players)
    assert sorted(len(d) for d in state.decks) == [6, 7, 7]
    assert state.alarm == []  # setup draws are no Refill Hand
    assert state.marker == "B1"


def test_r4_setup_draw_from_an_empty_deck_is_refused() -> None:
    t = Table(doc(decks=[["blue-1", "blue-2", "blue-3", "blue-3", "blue-3", "blue-4"],
                         ["pink-1", "pink-2", "pink-3", "pink-3", "pink-3", "pink-4"], []],
                  hands={"cy": ["green-1", "green-2", "green-3", "green-4"]}, draws=True))
    # cy's hand was named full, but not every hand is full: so the setup draws still run
    t.do("ann", "target A2")
    assert t.to_act == ("ann", "draw")
    t.refuse("ann", "draw 3", "Deck 3 is empty; draw from deck 1, 2")
    t.do("ann", "draw 2")
    assert t.to_act == ("bob", "draw")
    t.do("bob", "draw 1")
    assert t.to_act == ("ann", "draw")  # cy is full and skipped


def test_r4_setup_draws_raise_no_alarm_p1() -> None:
    t = Table(doc(decks=[["blue-1"],
                         ["blue-2", "blue-3", "blue-3", "blue-3", "blue-4", "blue-4", "pink-1"],
                         ["pink-2", "pink-2", "pink-3", "pink-3", "pink-3", "pink-4"]],
                  draws=True, hands={}))
    t.do("ann", "target A2")
    t.do("ann", "draw 1")  # deck 1 is empty now, while decks 2 and 3 hold cards
    assert t.s["accidents"]["alarm"] == 0 and t.s["accidents"]["danger"] == 3
    while t.to_act[1] == "draw":
        t.do(t.to_act[0], "draw 2" if t.s["decks"][1]["count"] else "draw 3")
    assert t.s["accidents"]["alarm"] == 0
    assert t.to_act == ("ann", "action")
