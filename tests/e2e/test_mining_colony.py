"""Whole Mining Colony games through the fake Discord, every decision of a human seat a real
interaction (the prompt's buttons and private selects, or ``/game do`` from the autocomplete):
solo against Zorlord, two players, four players (two humans, two AI seats). After each sealed
bid nothing of it reaches the other players or the server before the reveal (R6); after the
game, nothing public ever named where cards went under a deck or a hand, each DM's hand is its
recipient's, and every public picture is the spectator's (``colony.audit``)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from db import games as games_db

from .colony import ColonyTable, audit
from .helpers import settle
from .world import World

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]


@pytest.fixture
def seeded(world: World) -> Any:
    """The game's seed (the lobby draws it with ``secrets``), so each game is the same."""
    return world.seed_first_game


async def finish(world: World, db: Any, table: ColonyTable) -> dict[str, int]:
    await table.play()
    await settle(world)  # the last decision's posts go out after its reply (referee.messages.tell)
    state = await table.state()
    assert state.ended and await table.status() == "finished"
    log = await games_db.get_log(db, table.game_id)
    initial = (await games_db.load_initial(db, table.game_id)).json
    thread = table.thread
    assert thread is not None
    await world.fake.wait_for(lambda: any("The game is over" in (m.content or "") and m.attachments
                                          for m in thread.messages if not m.ephemeral),
                              20, "the final post with the scores picture")
    # seconds of drawing: off the event loop the bot shares (on a loaded machine, over 10 s
    # held its gateway heartbeat: discord.py's "heartbeat blocked")
    figures = await asyncio.to_thread(audit, world, table, log, initial)
    assert not world.fake.unknown_requests and not world.fake.internal_errors
    refused = [r for r in world.fake.requests if r.status and r.status >= 400]
    assert not refused, refused
    return figures


async def test_solo_game_against_zorlord(world: World, db: Any, stella: Any, seeded: Any) -> None:
    seeded(11)
    await stella()
    table = ColonyTable(world, db, world.players[:1], options="difficulty=2")
    await table.start()
    figures = await finish(world, db, table)
    state = await table.state()
    assert state.solo and state.options.difficulty == 2  # R21
    assert table.thread is not None
    posted = "\n".join(m.content or "" for m in table.thread.messages if not m.ephemeral)
    assert "Zorlord" in posted and "Zorlord takes zone" in posted  # R22: flips and takes posted
    assert {m for _p, _t, m in table.made} == {"button", "do"} and figures["pictures"] >= 10


async def test_two_player_game(world: World, db: Any, stella: Any, seeded: Any) -> None:
    seeded(12)
    await stella()
    table = ColonyTable(world, db, world.players[:2])
    await table.start()
    figures = await finish(world, db, table)
    assert len(table.sealed_seen) >= 10  # every round's first bid was checked before the reveal
    assert figures["hands"] >= 20 and figures["pictures"] >= 10
    assert {m for _p, _t, m in table.made} == {"button", "do"}


async def test_four_player_game_two_humans_two_ai_seats(world: World, db: Any, stella: Any,
                                                        seeded: Any) -> None:
    seeded(13)
    await stella()
    table = ColonyTable(world, db, world.players[:2], bots=2)
    await table.start()
    figures = await finish(world, db, table)
    state = await table.state()
    assert len(state.players) == 4 and len(table.sealed_seen) >= 10
    assert figures["pictures"] >= 10
