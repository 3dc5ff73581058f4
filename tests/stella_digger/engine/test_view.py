"""R2: what everyone at the table saw this round is in every view (spectators too): the square
the marker entered its tile from (R14, P5), whether the decks were rebuilt (R9), the crystal
losses a monster fight still owes (R17) and the gadget types each player used (P10). None of them
depends on anything hidden."""

from __future__ import annotations

import json

from tests.agents.conftest import hidden_twin
from tests.playouts import playout

from ..conftest import G, Table, doc, tiles

PUBLIC_FACTS = ("marker_from", "decks_rebuilt", "monster_losses")


def _views(t: Table) -> list[dict[str, object]]:
    return [G.view(t.state, viewer) for viewer in (None, *(p.id for p in t.state.players))]


def _fact(t: Table, key: str) -> object:
    """The fact as every viewer sees it; they all see the same."""
    seen = [v[key] for v in _views(t)]
    assert all(s == seen[0] for s in seen), (key, seen)
    return seen[0]


def _used(t: Table) -> dict[str, object]:
    """P10: each player's ``gadgets_used`` as every viewer sees it; they all see the same."""
    seen = [{pid: p["gadgets_used"] for pid, p in v["players"].items()} for v in _views(t)]
    assert all(s == seen[0] for s in seen), seen
    return seen[0]


# -- R14 (P5): the square the marker entered from -------------------------------------------------

def test_r14_view_shows_the_square_the_marker_entered_from_and_it_goes_back_there() -> None:
    t = Table(doc(tile_map=tiles(A2="empty", B1="empty"), face_up=["A3", "B2", "C1"]))
    assert _fact(t, "marker") == "A1" and _fact(t, "marker_from") == "A1"
    t.do("ann", "target C1")  # two steps: A1, B1, C1 (P5)
    assert _fact(t, "marker") == "C1" and _fact(t, "marker_from") == "B1"
    t.passes("ann", "bob", "cy")
    # R14: nobody mined, C1 is blockaded and the marker goes back to the square shown
    assert t.said("The marker goes back to B1.")
    # round 2: from B1 only B2 is in reach, chosen at once (R21), entered from B1 itself
    assert _fact(t, "marker") == "B2" and _fact(t, "marker_from") == "B1"


def test_r14_view_marker_from_follows_p5_reading_order() -> None:
    t = Table(doc(tile_map=tiles(A2="empty", B1="empty"), face_up=["A3", "B2", "C1"]))
    t.do("ann", "target B2")  # A2 and B1 both lie between: A2 comes first in reading order
    assert _fact(t, "marker_from") == "A2"
    assert _fact(t, "marker_from") == t.state.marker_from


# -- R9: the decks were rebuilt this round ----------------------------------------------------------

def test_r9_view_shows_a_deck_rebuild_until_the_accident_reset() -> None:
    t = Table(doc(decks=[["pink-1"], [], []],
                  hands={"ann": ["blue-1"], "bob": ["green-2", "green-3"], "cy": []},
                  accidents={"safety": "green", "danger": ["purple", "pink"], "alarm": ["blue"]}))
    t.do("ann", "target A2")
    t.do("ann", "mine blue-1")
    assert _fact(t, "decks_rebuilt") is False
    t.do("bob", "refill discard=green-2")  # pink-1 empties the last deck: rebuild
    assert [e.kind for e in t.events].count("rebuild") == 1
    assert _fact(t, "decks_rebuilt") is True
    t.do("bob", t.legal()[0], t.legal()[0])
    assert t.to_act == ("cy", "action")
    assert _fact(t, "decks_rebuilt") is True  # still this round, the reset still to come
    t.do("cy", "pass")
    # R12: the accidents occurred, then the reset: the next round starts without a rebuild
    assert t.said("The accident cards are gathered and shuffled")
    assert t.s["round"] == 2 and t.to_act == ("ann", "target")
    assert _fact(t, "decks_rebuilt") is False


# -- R17: crystal losses a monster fight still owes -------------------------------------------------

def _monster_table() -> Table:
    return Table(doc(tile_map=tiles(A2="pink:1", A3="monster:6/2/3"),
                     hands={"ann": ["blue-2", "green-3", "pink-4"], "bob": ["pink-1", "purple-4"],
                            "cy": ["green-3", "blue-1"]},
                     crystals={"bob": {"blue": 2}, "cy": {"green": 2, "purple": 1}}))


def test_r17_view_lists_the_monster_losses_still_owed_in_settling_order() -> None:
    t = _monster_table()
    t.play(("ann", "target A2"), ("ann", "pass"), ("bob", "mine pink-1"), ("cy", "pass"))
    assert t.to_act == ("bob", "fight")
    assert _fact(t, "monster_losses") == []  # nobody is defeated before every play is in
    t.play(("bob", "decline"), ("cy", "decline"), ("ann", "decline"))
    # everyone is defeated; each owes the monster's loss number (2), in turn order from bob
    assert t.to_act == ("bob", "lose-crystals")
    assert _fact(t, "monster_losses") == [{"player": "bob", "loss": 2},
                                          {"player": "cy", "loss": 2},
                                          {"player": "ann", "loss": 2}]
    t.do("bob", "lose-crystals blue,pink")
    assert t.to_act == ("cy", "lose-crystals")
    assert _fact(t, "monster_losses") == [{"player": "cy", "loss": 2},
                                          {"player": "ann", "loss": 2}]
    t.do("cy", "lose-crystals green,purple")
    # ann holds no crystal: nothing to lose; the round is over and nothing is owed
    assert t.s["round"] == 2 and t.to_act == ("bob", "target")
    assert _fact(t, "monster_losses") == []


# -- P10: the gadget types each player used this round ---------------------------------------------

def test_p10_view_shows_the_gadgets_used_this_round_until_the_next_round() -> None:
    t = Table(doc(tile_map=tiles(A3="monster:4/1/2", B2="green:1"),
                  hands={"ann": ["blue-2", "blue-4", "pink-3", "blue-3"], "bob": ["green-1"],
                         "cy": []},
                  gadgets={"ann": ["super-drill/blue", "enhanced-power/pink"]}))
    t.do("ann", "target A2")
    assert _used(t) == {"ann": [], "bob": [], "cy": []}
    t.do("ann", "mine blue-2 super=green boost=pink-3")
    assert _used(t) == {"ann": ["enhanced-power", "super-drill"], "bob": [], "cy": []}
    t.passes("bob", "cy")
    # the monster fight after mining completion: ann's play has left the table, the uses stay
    assert t.to_act == ("ann", "fight") and _fact(t, "fight") is not None
    assert G.view(t.state, "bob")["players"]["ann"]["play"] is None
    assert _used(t)["ann"] == ["enhanced-power", "super-drill"]
    assert not any("super=" in x or "boost=" in x for x in t.legal())  # P10
    t.do("ann", "fight blue-4")
    t.do("bob", "decline")
    # the next round starts: every player may use each gadget type again
    assert t.s["round"] == 2 and t.to_act == ("ann", "target")
    assert _used(t) == {"ann": [], "bob": [], "cy": []}


# -- R2: nothing hidden --------------------------------------------------------------------------

def test_r2_the_new_facts_are_public_and_depend_on_nothing_hidden() -> None:
    """Every viewer sees the same facts, and a state that differs only in what a seat can't see
    (other hands' numbers, deck order, face-down tiles, hidden accidents, RNG) shows the same."""
    seen: dict[str, set[str]] = {key: set() for key in PUBLIC_FACTS}
    seen["gadgets_used"] = set()
    # games with rebuilds, monster defeats and gadgets used (4, 9)
    for players, seed in ((2, 6), (3, 2), (4, 11), (4, 9)):
        for i, step in enumerate(playout(players, seed, red_tears=True)):
            state = step.state
            if state.ended:
                continue
            views = [G.view(state, v) for v in (None, *(p.id for p in state.players))]
            for key in PUBLIC_FACTS:
                assert all(v[key] == views[0][key] for v in views), key
                seen[key].add(json.dumps(views[0][key]))
            assert views[0]["marker_from"] == state.marker_from
            assert views[0]["decks_rebuilt"] == state.reset_pending
            used = [{pid: p["gadgets_used"] for pid, p in v["players"].items()} for v in views]
            assert all(u == used[0] for u in used)  # P10
            assert used[0] == {p.id: sorted(p.used) for p in state.players}
            seen["gadgets_used"] |= {json.dumps(u) for u in used[0].values()}
            if i % 3 and not views[0]["monster_losses"]:
                continue
            owed = G.to_act(state)
            assert owed is not None
            twin = hidden_twin(state, owed.player, seed * 1000 + i)
            assert twin.tiles != state.tiles or twin.decks != state.decks  # hidden parts differ
            twin_view = G.view(twin, owed.player)
            for key in PUBLIC_FACTS:
                assert twin_view[key] == views[0][key], key
            assert {pid: p["gadgets_used"] for pid, p in twin_view["players"].items()} == used[0]
    assert all(len(values) > 1 for values in seen.values()), seen  # the games exercise them
