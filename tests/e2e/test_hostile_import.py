"""A hostile server's moderator imports forged and malformed files (issue 10): the real bot,
through the fake Discord, refuses each in a short private sentence, creates no thread, stores
nothing, and keeps answering other commands."""

from __future__ import annotations

import json

from db import games as games_db
from db import transfer as transfer_db

from .driver import GameDriver, Policy, answer, interactions_ok
from .helpers import advance_until, settle
from .world import GAME

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]


def forged(doc: dict, how: str) -> bytes:
    if how == "deep":
        return b'{"format": "stella-bot/game-export", "game": ' + b"[" * 200_000 + b"]" * 200_000 + b"}"
    doc = json.loads(json.dumps(doc))
    if how == "wrong types":
        doc["seats"] = "everyone"
        return json.dumps(doc).encode()
    state = GAME.load(doc["snapshot"]["state"])
    if how == "999 crystals":
        for p in state.players:
            for colour in p.crystals:
                p.crystals[colour] = 999
    else:  # 20 extra cards
        state.players[0].hand += [card for deck in state.decks for card in deck][:20]
    doc["initial_state"] = doc["snapshot"]["state"] = GAME.dump(state)
    doc["log"] = []
    return json.dumps(doc).encode()


async def test_forged_and_malformed_imports_are_refused(world, db, stella):
    await stella()
    driver = GameDriver(world, db, world.players[:2])
    await driver.setup()
    await advance_until(driver, Policy(3, budget=0), lambda s: s.version >= 8)
    doc = await transfer_db.export_game(db, driver.game_id)
    games = len(await games_db.list_games(db, limit=100))
    channels = len(world.guild.channels)
    expected = {"999 crystals": "not one a real game can reach",
                "20 extra cards": "not one a real game can reach",
                "deep": "not a JSON game export",
                "wrong types": "seats has the wrong type"}
    for how, phrase in expected.items():
        h = await driver.send(world.moderator, world.channel, "stella-admin import",
                              {"file": (f"{how}.json", forged(doc, how))})
        msg = await answer(h)
        await settle(world)
        assert msg.ephemeral and phrase in msg.content, (how, msg.content)
        assert "Input should" not in msg.content and "type=" not in msg.content
        assert len(world.guild.channels) == channels  # no thread for a refused file
        assert len(await games_db.list_games(db, limit=100)) == games
        rules = await driver.send(world.players[3], world.channel, "stella rules", {})
        await answer(rules)
    interactions_ok(driver.interactions)
