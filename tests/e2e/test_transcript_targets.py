"""Issue 12's targets on whole seeded 2-player games through the fake Discord, counted by
``python -m benchmarks transcript``: at most one ping per player per turn passed to them, at
most one thread message per decision, the opening in at most one prompt per player, no
controls left on old prompts, and no rule number anywhere players read."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from benchmarks.transcript import play

#: after each decision the bot is drained and idle (``benchmarks.transcript.settle``), then
#: must send nothing for this long: the command's 0.15 s cost these games 4-12 s each, and the
#: same seeds give the same counts and transcript with either (compared when this was set)
QUIET = 0.02


@pytest.mark.parametrize("game", ["stella-digger", "out-of-mine"])
async def test_a_quiet_thread(game: str, tmp_path: Path) -> None:
    counts, text = await play(game, 1, 2, 45, "", tmp_path, quiet=QUIET)
    assert counts.status == "finished"
    assert all(counts.pings[p] <= counts.turns_passed[p] for p in counts.pings), counts
    assert counts.thread <= counts.decisions, counts
    assert all(n <= 1 for n in counts.opening_prompts.values()), counts.opening_prompts
    assert counts.controls_left == 0
    assert not re.search(r"\bR\d+\b", text)


async def test_mining_colony_pings_at_most_twice_per_player_per_round(tmp_path: Path) -> None:
    """Issue 28's target: at most 2 pings per player per round (the bid and their own
    development), over a whole 10-round game; the round post says who has bid, never a line
    of its own."""
    counts, text = await play("mining-colony", 1, 2, 45, "", tmp_path, quiet=QUIET)
    assert counts.status == "finished"
    assert all(n <= 2 * 10 for n in counts.pings.values()), counts.pings
    assert all(counts.pings[p] <= counts.turns_passed[p] for p in counts.pings), counts
    assert "has bid." not in text
