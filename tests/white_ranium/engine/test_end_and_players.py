"""R21 the end, R22 two players, R23 three, R24 decisions and the defaults table."""

from __future__ import annotations

import pytest

from engine import GameOver, IllegalDecision

from ..conftest import COLOURS4, G, Table, table
from .test_delivery import CY, LANE, deliver_table


def test_r21_reaching_three_markers_ends_the_game_at_once() -> None:
    """R21: the delivery that reaches the goal ends the game before any unit is placed again;
    the rest of the turn is not played; the player is the only winner."""
    t = deliver_table(markers={"ann": 2})
    t.do("ann", "deliver D6 1")
    s = t.summary
    assert s["ended"] and s["phase"] == "ended" and s["winners"] == ["ann"]
    assert s["to_act"] is None and s["placing"] is None and s["supply"]["ranium"] == 1
    assert s["players"]["ann"]["score"] == {"total": 3}
    assert G.scores(t.state)["ann"] == {"total": 3} and G.winners(t.state) == ["ann"]
    with pytest.raises(GameOver):
        G.apply(t.state, "ann", "end")


def test_r21_the_marker_supply_never_goes_below_zero() -> None:
    """R21: a delivery pays in full; the supply shows 9 minus the markers taken, at least 0."""
    players = ("ann", "bob", "cy", "dee")
    t = Table(table(players, cells=LANE, colours={**COLOURS4, "ann": "red", "bob": "white"},
                    held={"red": 2}, markers={"ann": 2, "bob": 2, "cy": 2, "dee": 2},
                    loaders={"1": 2, "2": 10, "3": 18}))
    assert t.summary["supply"]["markers"] == 1
    t.do("ann", "deliver D6 2")
    s = t.summary
    assert s["players"]["ann"]["markers"] == 4 and s["supply"]["markers"] == 0 and s["ended"]


TWO = ("ann", "bob")  # ann: red (symbol cards), white; bob: blue, yellow


def test_r22_two_players_name_the_crew_in_crew_actions() -> None:
    """R22 and the notation: crew actions end with crew=COLOUR, one of the player's crews;
    turning cards and loaders name none; with 3-4 players crew= is never written."""
    t = Table(table(TWO, cells={"D5": "red-ud/red-ud", "C5": "white-ud/white-ud"}))
    with pytest.raises(IllegalDecision, match="crew=white or crew=red"):
        G.apply(t.state, "ann", "move D5")
    with pytest.raises(IllegalDecision, match="not yours"):
        G.apply(t.state, "ann", "move D5 crew=blue")
    assert "move D5 crew=red" in t.legal() and "move C5 crew=white" in t.legal()
    t.do("ann", "move D5 crew=red", "move C5 crew=white")
    s = t.summary
    assert s["crews"]["red"]["at"] == "D5" and s["crews"]["white"]["at"] == "C5"
    three = Table(table(cells={"D5": "red-ud/red-ud"}))
    with pytest.raises(IllegalDecision, match="only written with two players"):
        G.apply(three.state, "ann", "move D5 crew=red")


def test_r22_ranium_belongs_to_its_crew_and_five_markers_win() -> None:
    """R22: only the crew holding units delivers them; the player's markers count both crews;
    5 win; the other player places the ranium."""
    t = Table(table(TWO, cells=LANE, held={"red": 2}, markers={"ann": 2},
                    loaders={"1": 2, "2": 10, "3": 18}))
    with pytest.raises(IllegalDecision, match="holds no White Ranium"):
        G.apply(t.state, "ann", "deliver D6 1 crew=white")
    t.do("ann", "deliver D6 2 crew=red")
    s = t.summary
    assert not s["ended"] and s["players"]["ann"]["markers"] == 4
    assert s["placing"]["player"] == "bob" and t.owes() == [("bob", "place")]


def test_r22_steals_target_the_other_players_crews_and_j_looks_at_both_crews() -> None:
    """R22: a steal targets the other player's crews only; J needs neither crew to hold a
    unit."""
    t = Table(table(TWO, crews={"white": "D4", "blue": "D4"}, held={"white": 1, "blue": 1},
                    cells={"A1": "red-ud/red-ud"}))
    with pytest.raises(IllegalDecision, match="yours"):
        G.apply(t.state, "ann", "steal white crew=red")
    assert "steal blue crew=red" in t.legal() and "steal blue crew=white" in t.legal()
    with pytest.raises(IllegalDecision, match="holds no White Ranium"):
        G.apply(t.state, "ann", "tunnel A1 crew=red")


def test_r23_three_players_have_no_white_crew() -> None:
    """R23: no white crew, base camp or symbol cards with three players."""
    s = Table(table()).summary
    assert "white" not in s["crews"]
    assert all(not c.startswith("white") for p in s["players"].values() for c in p["discard"])


def test_r24_defaults_table() -> None:
    """The defaults: done; first legal colour; end; rotate the defending crew's base; the
    lowest card; the first legal place in inner-ring reading order."""
    doc = table(("ann", "bob", "cy"))
    doc["setup"].pop("colours")
    doc["setup"]["swaps_left"] = 2
    t = Table(doc)
    assert str(G.default(t.state)) == "done"
    t.do("ann", "done")
    assert str(G.default(t.state)) == "colour red"
    t.do("cy", "colour blue")
    assert str(G.default(t.state)) == "colour red"
    t.do("bob", "colour yellow")
    assert str(G.default(t.state)) == "end"
    f = Table(table(cards="strategy", crews={"red": "E4", "blue": "E4"}, held={"blue": 1},
                    hands={"bob": ["blue-6", "blue-5"]}))
    f.do("ann", "steal blue")
    assert str(G.default(f.state, "ann")) == "fight red-2"
    assert str(G.default(f.state, "bob")) == "fight blue-5"
    f.do("ann", "fight red-2")
    f.do("bob", "fight blue-6")
    assert f.owes() == [("bob", "free-action")]
    assert str(G.default(f.state)) == "rotate D3"


def test_r19_strategy_placement_card_is_chosen_from_hand() -> None:
    """R19, R24: with strategy cards the right neighbour chooses a card from hand (default the
    lowest), then the place."""
    t = Table(table(cards="strategy", cells={**LANE, "C5": "white-u/white-u:5"},
                    held={"red": 1}, loaders={"1": 2, "2": 10, "3": 18}))
    t.do("ann", "deliver D6 1")
    assert t.owes() == [("cy", "card")] and str(G.default(t.state)) == "card yellow-2"
    t.do("cy", "card yellow-5")
    s = t.summary
    assert s["ranium"] == ["C5"] and s["players"]["cy"]["discard"] == ["yellow-5"]


def test_r24_who_owes_what_through_a_game_start() -> None:
    """R24: the engine always knows who owes which kind; prompts are public words."""
    state = G.new_game(["a", "b", "c", "d"], {}, seed=2)
    owed = G.owed(state)
    assert len(owed) == 1 and owed[0].decision == "swap"
    assert "swap" in G.prompt(state)
    assert CY and G.to_act(state) == owed[0]
