"""R18, R19, R21: deliveries, placing the units again, the end.
Three players: ann red (base D4), bob blue (D3), cy yellow (C3); ann starts, cy is her right
neighbour. D5 and D6 are red straights; loader 1 starts on 2, so it stands on 4 (the top of D6)
when ann's turn begins."""

from __future__ import annotations

from typing import Any

import pytest

from engine import IllegalDecision

from ..conftest import G, Table, table

LANE = {"D5": "red-ud/red-ud", "D6": "red-ud/red-ud"}
CY = ["yellow-5", "yellow-4", "yellow-2", "yellow-3", "yellow-6"]


def deliver_table(held: int = 2, cells: dict[str, str] | None = None, **setup: Any) -> Table:
    setup.setdefault("piles", {"cy": CY})
    setup.setdefault("loaders", {"1": 2, "2": 10, "3": 18})
    return Table(table(cells={**LANE, **(cells or {})}, held={"red": held}, **setup))


def test_r18_deliver_along_the_colour_to_a_loader_then_back_to_base() -> None:
    """R18: the crew goes to X in its colour run, hands N units to the supply for N markers,
    and is put on its base; 1 ore."""
    t = deliver_table()
    assert {"deliver D6 1", "deliver D6 2"} <= set(t.legal())
    t.do("ann", "deliver D6 2")
    s = t.summary
    assert s["players"]["ann"]["markers"] == 2 and s["supply"]["markers"] == 7
    assert s["crews"]["red"]["at"] == "D4" and s["crews"]["red"]["ranium"] == 0
    assert s["ore"] == 3 and s["players"]["ann"]["delivered"] == 2


def test_r18_needs_a_loader_at_the_rim_exit() -> None:
    """R18: X's visible face opens onto a rim edge where a loader stands."""
    t = deliver_table(loaders={"1": 3, "2": 10, "3": 18})  # loader 1 on 5: top of E6
    with pytest.raises(IllegalDecision, match="opens onto the rim"):
        G.apply(t.state, "ann", "deliver D6 1")
    assert not any(a.startswith("deliver") for a in t.legal())
    t.do("ann", "loader 1 back")
    t.do("ann", "deliver D6 1")
    assert t.summary["players"]["ann"]["markers"] == 1


def test_r18_at_most_two_units_a_turn_and_the_count_starts_again() -> None:
    """R18: two units per turn in all; every player's count is 0 again at every turn start."""
    t = deliver_table(held=3, cells={"C5": "white-u/white-u:5", "E4": "white-u/white-u:5"})
    t.do("ann", "deliver D6 1")
    t.do("cy", "place C5")
    with pytest.raises(IllegalDecision, match="at most 1 unit"):
        G.apply(t.state, "ann", "deliver D6 2")
    t.do("ann", "deliver D6 1")
    t.do("cy", "place E4")  # yellow-4: no free card with a 4, so any free inner card
    with pytest.raises(IllegalDecision, match="already handed over 2"):
        G.apply(t.state, "ann", "deliver D6 1")
    t.do("ann", "end")
    assert t.summary["players"]["ann"]["delivered"] == 0


def test_r19_right_neighbour_turns_a_card_and_places_on_its_symbol() -> None:
    """R19: the active player's right neighbour turns their top card; the unit goes on a free
    inner-ring card with that symbol; with two such cards the neighbour chooses."""
    t = deliver_table(cells={"C5": "white-u/white-u:5", "E4": "white-u/white-u:5",
                             "B4": "white-u/white-u:4"})
    t.do("ann", "deliver D6 2")
    s = t.summary
    assert s["placing"] == {"player": "cy", "left": 2, "card": "yellow-5"}
    assert t.owes() == [("cy", "place")] and t.legal("cy") == ["place C5", "place E4"]
    with pytest.raises(IllegalDecision, match="legal places"):
        G.apply(t.state, "cy", "place B4")
    t.do("cy", "place C5")
    # the second card, yellow-4, has one free card: placed at once (R24)
    s = t.summary
    assert s["ranium"] == ["B4", "C5"] and s["placing"] is None and s["supply"]["ranium"] == 0
    assert t.owes() == [("ann", "action")]


def test_r19_no_card_with_the_symbol_means_any_free_inner_card() -> None:
    """R19: no free inner-ring card shows the symbol: every free inner-ring card is legal."""
    t = deliver_table(held=1, ranium=["B2"])
    t.do("ann", "deliver D6 1")
    legal = t.legal("cy")
    assert len(legal) == 11 and "place B2" not in legal
    assert str(G.default(t.state)) == "place B5"  # the defaults: first in reading order
