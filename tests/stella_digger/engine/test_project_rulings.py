"""The project's own rulings (docs/rules-reference.md, P1-P16), one test each where testable."""

from __future__ import annotations

from typing import Any

import pytest

from engine import IllegalDecision, get_game
from engine.stella_digger.scenario import run

G = get_game("stella-digger")
HANDS = {"ann": ["blue-3", "pink-1", "green-3", "purple-3"],
         "bob": ["blue-2", "pink-2", "green-2", "purple-2"]}
# A quiet map near START: nothing hidden next to the squares these tests open.
# C2 is a tunnel (C8): it joins START's passages once B2 or C1 is mined.
QUIET = {"A2": "pink:1", "B1": "blue:1", "A3": "green:1", "B2": "green:1", "C1": "purple:1",
         "A4": "blue:1", "B3": "pink:1", "D1": "blue:1", "C3": "purple:2", "D2": "green:2",
         "B4": "blue:2"}


def table(actions: list[list[str]], **setup: Any) -> Any:
    doc = {"players": ["ann", "bob"], "seed": 1,
           "setup": {"start_player": "ann", "hands": HANDS, "tiles": dict(QUIET), **setup},
           "actions": actions}
    result = run(doc)
    assert result.ok, result.result
    return result


def test_p1_setup_draws_raise_no_alarm() -> None:
    """Emptying a deck in game preparation moves no accident card (only Refill does, R9)."""
    doc = {"players": ["ann", "bob"], "seed": 1,
           "setup": {"start_player": "ann", "tiles": dict(QUIET),
                     "decks": [["blue-1"], ["blue-2", "blue-3", "green-1", "green-2", "green-3",
                                            "pink-1", "pink-2", "pink-3"], ["purple-1"]],
                     "accidents": {"safety": "green", "danger": ["blue", "pink", "purple"]}},
           "actions": [["ann", "target A2"], ["ann", "draw 1"], ["bob", "draw 3"]]}
    result = run(doc)
    assert result.ok, result.result
    assert result.result["summary"]["accidents"]["alarm"] == 0
    assert result.result["summary"]["accidents"]["danger"] == 3


def test_p4_refill_with_full_hand_and_no_discard_draws_nothing() -> None:
    r = table([["ann", "target A2"], ["ann", "refill"]])
    assert r.result["summary"]["players"]["ann"]["hand"] == sorted(HANDS["ann"], key=lambda c: (
        ["blue", "green", "pink", "purple"].index(c.split("-")[0]), c))
    assert G.to_act(r.state).player == "bob"


def test_p5_marker_returns_to_the_square_it_entered_from() -> None:
    """Round 1 from START; a blockade sends the marker back to A1 (R14, P5)."""
    r = table([["ann", "target A2"], ["ann", "pass"], ["bob", "pass"]])
    assert "A2" in r.state.blockades
    back = [e.data["square"] for e in r.events if e.kind == "marker"]
    assert back == ["A1"]
    # round 2: B1 is the only target left, chosen at once (R21), entered from START
    assert r.state.marker == "B1" and r.state.marker_from == "A1"


def test_p5_two_step_entry_is_the_first_passage_in_reading_order() -> None:
    """ann wins B1; from the empty B1 the marker reaches D1 in two steps through the empty C1,
    so it enters D1 from C1."""
    r = table([["ann", "target B1"], ["ann", "mine blue-3"], ["bob", "mine blue-2"]],
              tiles={**QUIET, "C1": "empty"})
    state = r.state
    # ann won B1 (blue match, highest) and is the start player; B1 and C1 are passages now
    assert state.marker == "B1" and G.to_act(state) == ("ann", "target")
    G.apply(state, "ann", "target D1")  # two steps: B1 -> C1 -> D1
    assert state.marker_from == "C1"


def test_p9_exchange_for_the_same_colour_is_refused() -> None:
    r = table([["ann", "target A2"]], crystals={"ann": {"blue": 2}})
    with pytest.raises(IllegalDecision, match="another colour"):
        G.apply(r.state, "ann", "exchange blue>blue")


def test_p10_a_super_drill_used_to_mine_cannot_fight_in_the_same_round() -> None:
    """A monster revealed at the end of the round: ann already used her Super Drill."""
    r = table([["ann", "target B1"], ["ann", "mine blue-3 super=pink"], ["bob", "pass"]],
              gadgets={"ann": ["super-drill/blue"]},
              hands={"ann": ["blue-3", "blue-4", "green-3", "purple-3"], "bob": HANDS["bob"]},
              tiles={**QUIET, "C1": "monster:5/1/2"})
    state = r.state
    owed = G.to_act(state)
    assert owed == ("ann", "fight"), G.prompt(state)
    with pytest.raises(IllegalDecision, match="already used a Super Drill"):
        G.apply(state, "ann", "fight blue-4 super=green")
    G.apply(state, "ann", "fight blue-4")


def test_p11_p12_winner_gains_first_and_never_from_themself() -> None:
    """No pink in the supply; bob holds the only pink crystal. bob wins the pink tile (pink 2
    beats pink 1, no swap without a 4): his tile crystal would come from the other player holding
    most pink, ann has none, so he gains nothing (never from himself). Then ann's consolation
    pink comes from bob. In the other order bob would end with the pink."""
    r = table([["ann", "target A2"], ["ann", "mine pink-1"], ["bob", "mine pink-2"]],
              supply={"blue": 8, "green": 8, "pink": 0, "purple": 8},
              crystals={"bob": {"pink": 1}})
    players = r.result["summary"]["players"]
    assert r.state.players[r.state.start].id == "bob"
    assert players["bob"]["crystals"]["pink"] == 0
    assert players["ann"]["crystals"]["pink"] == 1
    texts = [e.text for e in r.events if e.kind == "crystal"]
    assert any("none left anywhere" in t for t in texts)
    assert any("taken from bob" in t for t in texts)


def test_p13_blockade_round_runs_no_performance_check() -> None:
    r = table([["ann", "target A2"], ["ann", "pass"], ["bob", "pass"]],
              vp_tiles={"ann": {"3": 0, "1": 0}})
    assert not any(e.kind == "performance" for e in r.events)
    assert r.result["summary"]["supply"]["vp3"] == 19  # only the blockade's tile left the supply
