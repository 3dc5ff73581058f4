"""R7-R13, R20: ore, the loaders, turning cards, moving, collecting, the tunnel, the transporter.
Three players: ann red (base D4), bob blue (D3), cy yellow (C3); ann starts."""

from __future__ import annotations

import pytest

from engine import IllegalDecision

from ..conftest import G, Table, table


def test_r7_four_ore_each_action_costs_its_price_then_the_turn_passes() -> None:
    """R7: 4 ore; A-I cost 1; after the fourth the next player clockwise begins."""
    t = Table(table())
    assert t.summary["ore"] == 4 and t.owes() == [("ann", "action")]
    t.do("ann", "rotate A1", "flip-long A1", "flip-short A1")
    assert t.summary["ore"] == 1
    t.do("ann", "rotate A2")
    assert t.summary["turn"] == "bob" and t.summary["ore"] == 4


def test_r7_end_forfeits_the_ore_left() -> None:
    """R7: 'end' gives up the rest; the next player begins with 4."""
    t = Table(table())
    t.do("ann", "rotate A1", "end")
    assert t.summary["turn"] == "bob" and t.summary["ore"] == 4


def test_r7_an_action_costing_more_than_the_ore_left_is_illegal() -> None:
    """R7, R20: J costs 3, K costs 2."""
    t = Table(table(cells={"A1": "red-ud/red-ud"}))
    t.do("ann", "rotate B1", "rotate B1")
    with pytest.raises(IllegalDecision, match="costs 3 ore"):
        G.apply(t.state, "ann", "tunnel A1")
    assert "tunnel A1" not in t.legal()
    assert t.summary["ore"] == 2


def test_r8_every_loader_moves_two_places_each_turn_start_across_corners() -> None:
    """R8, C9: all three loaders move two places at the start of every turn, the first
    included; a corner card's two edges are two places (5 -> 7)."""
    t = Table(table(loaders={"1": 3, "2": 10, "3": 23}))
    assert t.summary["loaders"] == {"1": 5, "2": 12, "3": 1}
    t.do("ann", "end")
    assert t.summary["loaders"] == {"1": 7, "2": 14, "3": 3}


def test_r9_turning_a_card_keeps_crews_and_changes_their_colour() -> None:
    """R9: any card may be turned, base crossings and cards with pieces too; the pieces stay,
    and a crew now stands in the new colour."""
    t = Table(table(cells={"E4": "yellow-rl/white-ud"}, crews={"red": "E4"}, ranium=["E4"]))
    t.do("ann", "flip-long E4")
    s = t.summary
    assert s["board"]["E4"] == "white-ud/yellow-rl"
    assert s["crews"]["red"]["at"] == "E4" and s["ranium"] == ["E4"]
    t.do("ann", "rotate D4")  # a base crossing: nothing changes, but it is legal
    assert t.summary["board"]["D4"] == "red-urdl/red-urdl"


def test_r10_r12_move_within_a_colour_goes_as_far_as_the_run() -> None:
    """R10, R12 (D): through connected cards of the crew card's colour, in one move."""
    t = Table(table(cells={"D5": "red-ud/red-ud", "D6": "red-ud/red-ud"}))
    assert {"move D5", "move D6"} <= set(t.legal())
    t.do("ann", "move D6")
    assert t.summary["crews"]["red"]["at"] == "D6" and t.summary["ore"] == 3


def test_r12_another_colour_is_one_step_and_two_moves_to_come_back() -> None:
    """R12: D4 (red) -> E4 (yellow) -> F4 (red) takes two moves."""
    t = Table(table(cells={"E4": "yellow-rl/yellow-rl", "F4": "red-rl/red-rl"}))
    with pytest.raises(IllegalDecision, match="can't be reached"):
        G.apply(t.state, "ann", "move F4")
    t.do("ann", "move E4")
    t.do("ann", "move F4")
    assert t.summary["crews"]["red"]["at"] == "F4" and t.summary["ore"] == 2


def test_r10_unconnected_cards_cannot_be_entered() -> None:
    """R10: both cards must show an exit on the shared edge."""
    t = Table(table(cells={"E4": "yellow-ud/yellow-ud"}))
    with pytest.raises(IllegalDecision, match="through a tunnel"):
        G.apply(t.state, "ann", "move E4")
    assert "move E4" not in t.legal()


def test_r11_loader_moves_one_place_and_not_onto_another() -> None:
    """R11: forward (clockwise) or back one place; never onto another loader."""
    t = Table(table(loaders={"1": 3, "2": 4, "3": 18}))  # first turn: 5, 6, 20
    assert "loader 1 forward" not in t.legal()
    with pytest.raises(IllegalDecision, match="another loader"):
        G.apply(t.state, "ann", "loader 1 forward")
    t.do("ann", "loader 1 back", "loader 2 forward")
    assert t.summary["loaders"] == {"1": 4, "2": 7, "3": 20}


def test_r13_collect_takes_the_unit_under_the_crew_not_those_passed() -> None:
    """R13: passing over or stopping on a unit does not collect it; 'collect' does (1 ore)."""
    t = Table(table(cells={"D5": "red-ud/red-ud", "D6": "red-ud/red-ud"}, ranium=["D5", "D6"]))
    t.do("ann", "move D6")
    assert t.summary["ranium"] == ["D5", "D6"]
    t.do("ann", "collect")
    s = t.summary
    assert s["ranium"] == ["D5"] and s["crews"]["red"]["ranium"] == 1
    with pytest.raises(IllegalDecision, match="no White Ranium"):
        G.apply(t.state, "ann", "collect")


def test_r20_secret_tunnel_needs_the_same_colour_and_no_ranium() -> None:
    """R20 J: to any other card of the crew card's colour, 3 ore, only without ranium."""
    t = Table(table(cells={"A1": "red-ud/red-ud", "A2": "blue-ud/blue-ud"}))
    assert "tunnel A1" in t.legal() and "tunnel A2" not in t.legal()
    t.do("ann", "tunnel A1")
    assert t.summary["crews"]["red"]["at"] == "A1" and t.summary["ore"] == 1
    held = Table(table(cells={"A1": "red-ud/red-ud"}, held={"red": 1}))
    with pytest.raises(IllegalDecision, match="holds no White Ranium"):
        G.apply(held.state, "ann", "tunnel A1")


def test_r20_transporter_sends_every_enemy_crew_with_its_units() -> None:
    """R20 K: other players' crews on the card go to X (same colour), keeping their units; the
    acting crew, the base camps and the ranium stay. 2 ore."""
    t = Table(table(cells={"A1": "red-ud/red-ud", "B1": "blue-ud/blue-ud"},
                    crews={"blue": "D4", "yellow": "D4"}, held={"blue": 1}, ranium=["D4"]))
    assert "transport B1" not in t.legal()
    t.do("ann", "transport A1")
    s = t.summary
    assert s["crews"]["blue"]["at"] == "A1" and s["crews"]["yellow"]["at"] == "A1"
    assert s["crews"]["blue"]["ranium"] == 1 and s["crews"]["red"]["at"] == "D4"
    assert s["ranium"] == ["D4"] and s["ore"] == 2
    with pytest.raises(IllegalDecision, match="No other player's crew"):
        G.apply(t.state, "ann", "transport A1")
