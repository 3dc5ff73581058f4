"""The omniscient solo planner (benchmarks/solo_plan.py, issue 28): the lines it finds are the
engine's. A win it found on seed 3 at difficulty 1 (stored, found in about 20 s) replays from
the seed to a solo win (R24), and a short plan from a late round replays to the end the planner
saw (and wins again)."""

from __future__ import annotations

import json
from pathlib import Path

from benchmarks.solo import blockers
from benchmarks.solo_plan import GAME, ME, Planner, replay, start, won
from engine.mining_colony.colony import complete

WIN = json.loads(Path(__file__).with_name("solo_win_seed3.json").read_text(encoding="utf-8"))


def test_the_stored_win_replays_to_a_win_from_its_seed() -> None:  # R24
    state = replay(WIN["seed"], WIN["difficulty"], WIN["line"])
    assert won(state) and state.winners == [ME]
    colony = state.player(ME).colony
    assert complete(colony) and len(colony.board) == 36 and len(colony.structures) == 7
    assert state.round == 10 and state.end_reason == "the colony is complete"


def test_the_win_needs_every_decision() -> None:  # R24: one decision short is no win yet
    state = replay(WIN["seed"], WIN["difficulty"], WIN["line"][:-1])
    assert not state.ended and not complete(state.player(ME).colony)


def _round_start(line: list[str], round_: int) -> int:
    """How many decisions of ``line`` lead to ``round_``'s first bid."""
    state = start(WIN["seed"], WIN["difficulty"])
    for i, text in enumerate(line):
        if state.round == round_:
            return i
        GAME.apply(state, ME, text)
    raise AssertionError(f"the line never reaches round {round_}")


def test_a_plan_from_round_nine_replays_to_the_end_the_planner_saw() -> None:
    cut = _round_start(WIN["line"], 9)
    prefix = WIN["line"][:cut]
    state = replay(WIN["seed"], WIN["difficulty"], prefix)
    assert state.round == 9 and state.phase == "bid"
    node = Planner(WIN["difficulty"], width=1, tiles=1).plan(state)
    assert node.line and node.state.ended
    assert won(node.state)  # width 1 finds a win again from here
    again = replay(WIN["seed"], WIN["difficulty"], prefix + list(node.line))
    assert blockers(again) == blockers(node.state)
    assert again.player(ME).colony == node.state.player(ME).colony
