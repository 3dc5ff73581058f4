"""Whole White Ranium games through the fake Discord: 2, 3 and 4 players, human seats acting by
real interactions (buttons, private selects, ``/game do``) beside easy AI seats, to the end.
Each human turn is one message edited step by step; a steal pings the defender only."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from .white_ranium import WhiteRaniumTable, chaser, easy

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]


def fixed_seed(world: Any, seed: int) -> None:
    """The game's seed (the lobby draws one at random) fixed, so the game is the same each run."""
    world.seed_first_game(seed)


@pytest.mark.parametrize(("humans", "bots", "options", "seed"), [
    (2, 0, "cards=strategy", 11), (1, 2, "cards=luck", 12), (2, 2, "", 13)])
async def test_whole_game(world: Any, db: Any, stella: Any, humans: int,
                          bots: int, options: str, seed: int) -> None:
    fixed_seed(world, seed)
    await stella()
    table = WhiteRaniumTable(world, db, world.players[:humans], bots, options, seed)
    await table.setup()
    state = await table.play(chaser if humans == 2 else easy)
    assert state.ended and len(state.winners) == 1
    assert Counter(table.methods).keys() == {"button", "do"}
    posted = [m for m in table.thread.messages if not m.ephemeral]
    assert any("The game is over" in (m.content or "") and m.attachments for m in posted[-2:])
    # one message per human turn, edited step by step: fewer prompts than decisions
    edited = [m for m in posted if m.history]
    assert edited, "no turn message was edited"
    assert not world.fake.unknown_requests and not world.fake.internal_errors
    refused = [r for r in world.fake.requests if r.status and r.status >= 400]
    assert not refused, refused
    for h in table.handles:
        assert h.responded and h.latency is not None and h.latency < 3.0
