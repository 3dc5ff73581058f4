"""Whole games for 2, 3 and 4 players, every decision a real interaction, to the final scores."""

from __future__ import annotations

from collections import Counter

import pytest

from .audit import assert_everything_public_is_public
from .driver import GameDriver, Policy, interactions_ok

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]


@pytest.mark.parametrize(("players", "seed", "red_tears"), [(2, 1, False), (3, 2, True), (4, 3, False)])
async def test_whole_game(world, db, stella, players, seed, red_tears):
    await stella()
    driver = GameDriver(world, db, world.players[:players])
    await driver.setup(red_tears=red_tears, start_via="button" if players % 2 else "command")
    await driver.play(Policy(seed, budget=45))
    await driver.check_final()

    kinds = Counter(p.method for p in driver.played)
    assert set(kinds) == {"button", "command", "do"}, kinds
    verbs = {p.text.split()[0] for p in driver.played}
    assert {"target", "draw"} <= verbs, verbs
    interactions_ok(driver.interactions)
    assert driver.audit is not None and driver.audit.counts["public-map"] >= 1
    assert driver.audit.counts["public-replay"] == 1  # the end's replay, of spectator views
    assert_everything_public_is_public(world, [driver])
    assert not world.fake.unknown_requests and not world.fake.internal_errors
    refused = [r for r in world.fake.requests if r.status and r.status >= 400]
    assert not refused, refused
