"""The omniscient solo planner (benchmarks/solo_plan.py, issue 28): the lines it finds are the
engine's. A win it found on seed 3 at difficulty 1 (stored, found in about 20 s) replays from
the seed to a solo win (R24), and a plan of the last round replays to the end the planner
saw (and wins again)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.solo import blockers
from benchmarks.solo_plan import GAME, ME, Node, Planner, plan_seed, replay, start, won
from engine.mining_colony.colony import complete
from engine.mining_colony.state import State

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


def test_a_plan_from_round_ten_replays_to_the_end_the_planner_saw() -> None:
    cut = _round_start(WIN["line"], 10)
    prefix = WIN["line"][:cut]
    state = replay(WIN["seed"], WIN["difficulty"], prefix)
    assert state.round == 10 and state.phase == "bid"
    node = Planner(WIN["difficulty"], width=1, tiles=1).plan(state)
    assert node.line and node.state.ended
    assert won(node.state)  # width 1 finds a win again from here
    again = replay(WIN["seed"], WIN["difficulty"], prefix + list(node.line))
    assert blockers(again) == blockers(node.state)
    assert again.player(ME).colony == node.state.player(ME).colony


def test_plan_seed_tries_widths_until_a_win_and_checks_it_by_replay(monkeypatch: pytest.MonkeyPatch
                                                                    ) -> None:
    """``plan_seed`` tries the widths in turn and stops at the first win, which the engine's
    replay from the seed must confirm; a lost width's line is kept only if it ends closer."""
    line = WIN["line"]
    short = replay(WIN["seed"], WIN["difficulty"], line[:-1])
    tried: list[int] = []

    def fake(self: Planner, state: State) -> Node:
        tried.append(self.width)
        if self.width == 2:
            return Node(short, tuple(line[:-1]))
        return Node(replay(WIN["seed"], WIN["difficulty"], line), tuple(line))

    monkeypatch.setattr(Planner, "plan", fake)
    found = plan_seed(WIN["seed"], WIN["difficulty"], (2, 4, 8), 1)
    assert tried == [2, 4] and found["won"] and found["width"] == 4
    assert found["decisions"] == len(line) and found["structures"] == 7


def test_plan_seed_refuses_a_line_the_engine_ends_otherwise(monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    """A planner that claimed a win its line does not make is caught by the replay."""
    line = WIN["line"]
    end = replay(WIN["seed"], WIN["difficulty"], line)
    monkeypatch.setattr(Planner, "plan", lambda self, state: Node(end, tuple(line[:-1])))
    with pytest.raises(AssertionError, match="replay"):
        plan_seed(WIN["seed"], WIN["difficulty"], (2,), 1)
