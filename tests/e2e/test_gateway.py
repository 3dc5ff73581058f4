"""What the bot asks Discord's gateway for (bot.py ``INTENTS``): servers, channels and threads
only. Interactions need no intent; messages are never read from events, so none are sent:
Discord would otherwise send the bot every message of every channel it can see."""

from __future__ import annotations

from tests.fakediscord.gateway import GUILD_MESSAGES

from .driver import GameDriver, Policy
from .helpers import advance_until, owes

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]
GUILDS = 1 << 0


async def test_the_bot_asks_for_guilds_only_and_plays_on_interactions(world, db, stella):
    await stella()
    sessions = list(world.fake.gateway.sessions.values())
    assert [s.intents for s in sessions] == [GUILDS]
    assert not sessions[0].intents & GUILD_MESSAGES
    ann, bob = world.players[:2]
    driver = GameDriver(world, db, [ann, bob])
    await driver.setup()
    await advance_until(driver, Policy(3, budget=30), owes("action"))  # posts, edits, DMs
    await world.fake.send_message(ann, driver.thread, "good luck!")  # a player's own message
    kinds = {p["t"] for p in sessions[0].history}
    assert "INTERACTION_CREATE" in kinds and "THREAD_CREATE" in kinds
    assert not kinds & {"MESSAGE_CREATE", "MESSAGE_UPDATE", "TYPING_START"}, kinds
    assert driver.thread.public_messages, "the game was told in its thread all the same"
