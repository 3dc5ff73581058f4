"""The solo progress worth (engine/mining_colony/progress.py), in credits: what the omniscient
planner (issue 28) and the strong level's solo worth rank states by."""

from __future__ import annotations

from engine.mining_colony.progress import Progress, holes, lines_for, potential, worth
from engine.mining_colony.state import State

from ..conftest import develop_table, play


def _worth(state: State) -> float:
    return worth(Progress.of(state.player("ann")), state.round, state.options.difficulty)


def test_an_item_on_a_line_end_raises_the_worth() -> None:  # R14, R24
    """A red worker on the dome A1 (R11) starts a red outpost's line through A1: on its end the
    worker is worth more than the credit ``done`` would discard it for (R12, R15)."""
    state = develop_table(credits=2, solo=True,
                          zone1={"tiles": [], "items": ["worker/red"]})
    before = _worth(state)
    play(state, ("ann", "put worker/red A1"))
    assert _worth(state) > before
    best = lines_for(Progress.of(state.player("ann")), "red")[0]
    assert best[1][0] == "A1" or best[1][2] == "A1"


def test_a_built_structure_is_worth_more_than_its_complete_line() -> None:  # R14
    state = develop_table(solo=True, zone1={"tiles": [], "items": ["crystal/white"]},
                          colony={"items": {"A1": "crystal/white"},
                                  "tokens": {"A1": "white", "C1": "white"}})
    play(state, ("ann", "put crystal/white C1"))
    line = _worth(state)
    play(state, ("ann", "build station/white B1"))
    assert _worth(state) > line
    assert "white" not in potential(Progress.of(state.player("ann")))[1]


def test_a_lone_undeveloped_square_costs_more_than_open_ground() -> None:  # R10, R23
    """A square walled in by developed ones takes only a one-square tile or a token."""
    ring = {sq: "blank" for sq in ("A1", "B1", "C1", "A2", "C2", "A3", "B3", "C3")}
    assert holes(ring) > holes({sq: "blank" for sq in ("A1", "B1", "C1")})
