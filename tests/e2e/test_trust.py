"""Issue 10's end-to-end scenarios: a hostile server, and Discord refusing the bot's messages.

* A hostile server: names made to fool a message, controls of another server's game on a
  forged message, a forged import. Nothing forged is stored or acted on, and the bot keeps
  answering another server at its normal speed.
* Discord refuses: 50013 on a turn prompt, then the game's thread deleted. No player loses a
  turn (no timeout, no strike) to a failure that wasn't theirs, the moderators are told in the
  parent channel, and a moderator moves the game to a new thread where it goes on.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

from db import games as games_db
from tests.fakediscord import state as st

from .driver import GameDriver, Policy, answer, turn_ids
from .helpers import Unchanged, bot_message, button_row, refused, settle
from .world import GAME, World

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]
LINK = "[Free Nitro](https://evil.example)"
FENCE = "```"
RLO = "\u202e"
ELSEWHERE = "on this server"
WEEK = 7 * 24 * 3600


def counts(path: Path) -> dict[str, int]:
    with sqlite3.connect(path) as raw:
        names = [r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {n: raw.execute(f"SELECT COUNT(*) FROM {n}").fetchone()[0] for n in names}  # noqa: S608


def other_server(world: World) -> tuple[st.Guild, st.Channel, st.User, st.User]:
    """Server B: a channel, a member and a moderator; server A's players are members too."""
    fake = world.fake
    guild = fake.add_guild("B")
    channel = guild.add_text_channel("b-games")
    mod_role = guild.add_role("B mod", "manage_guild")
    member = fake.add_member(guild, "b-member").user
    moderator = fake.add_member(guild, "b-mod", roles=[mod_role]).user
    for user in world.players:
        fake.add_member(guild, user)
    return guild, channel, member, moderator


async def rules_in(world: World, user: st.User, channel: st.Channel) -> float:
    """``/stella rules`` on server B (its commands are the global ones): the answer's latency."""
    fake = world.fake
    fake.require_synced_commands = False  # the bot synced to server A only
    try:
        h = await fake.send_slash_command(user, channel, "stella rules")
    finally:
        fake.require_synced_commands = True
    msg = await h.reply()
    assert msg.ephemeral and msg.content
    assert h.latency is not None
    return h.latency


def hostile_users(world: World) -> list[st.User]:
    fake = world.fake
    names = [LINK, f"{FENCE}{RLO}evil{'y' * 60}", "@everyone <@1>"]
    return [fake.add_member(world.guild, fake.add_user(f"hostile{i}", global_name=n)).user
            for i, n in enumerate(names)]


async def test_a_hostile_server_fools_nothing_and_freezes_nobody(world, db, stella):
    await stella()
    fake = world.fake
    guild_b, channel_b, member_b, mod_b = other_server(world)
    normal = min([await rules_in(world, member_b, channel_b) for _ in range(3)])

    hostile = hostile_users(world)
    for user in hostile:  # members of both servers, like the players
        fake.add_member(guild_b, user)
    driver = GameDriver(world, db, [*hostile, world.players[0]], audit=False)
    await driver.open()
    game_id = driver.game_id
    # a message on server B carrying game A's lobby controls: a B member can't join, a B
    # moderator can't start it
    forged = bot_message(world, channel_b, "Join my game!",
                         [button_row(f"sd:{game_id}:lobby:join", f"sd:{game_id}:lobby:start")])
    for user, cid in ((member_b, f"sd:{game_id}:lobby:join"), (mod_b, f"sd:{game_id}:lobby:start")):
        msg = await answer(await fake.click_button(user, forged, cid))
        assert msg.ephemeral and ELSEWHERE in msg.content, msg.content
    game = await games_db.get_game(db, game_id or 0)
    assert game.status == "lobby" and [s.user_id for s in game.seats] == [int(driver.users[0].id)]

    await driver.join_all()
    await driver.start()
    await driver.play(Policy(5, budget=10), stop_at=6)
    # game A's turn controls copied onto a message on server B: refused, even for the player
    # who owes the decision (a member of both servers)
    owing, _ = driver.owing()
    prompt = await driver.prompt()
    copy = bot_message(world, channel_b, "your turn", [button_row(*turn_ids(prompt)[:5])])
    for cid in turn_ids(copy)[:3]:
        before = await Unchanged.take(driver)
        await refused(driver, await fake.click_button(owing, copy, cid), before, ELSEWHERE)

    # hostile names: shown as text, no link, no code fence, no reordering, no ping
    public = "\n".join(fake.public_texts(world.guild))
    assert "Free Nitro" in public
    assert "[Free Nitro](" not in public.replace("\\[Free Nitro\\](", "")
    assert RLO not in public and FENCE not in public.replace("\\`", "")
    assert "@everyone" not in public
    stored = {s.display_name for s in (await games_db.get_game(db, game_id or 0)).seats}
    assert all(len(n) <= 32 and RLO not in n for n in stored)

    # a forged import (every player 999 crystals of each colour, the log emptied) is refused at
    # once; meanwhile server B gets its answers at the normal speed
    h = await fake.send_slash_command(world.moderator, world.channel, "stella-admin export",
                                      {"game": game_id})
    doc = json.loads((await h.reply()).attachments[0].data)
    state = GAME.load(doc["snapshot"]["state"])
    for p in state.players:
        for colour in p.crystals:
            p.crystals[colour] = 999
    doc["initial_state"] = doc["snapshot"]["state"] = GAME.dump(state)
    doc["log"] = []
    await settle(world)
    before, threads = counts(world.db_path), len(fake.threads(world.channel))
    forged_import = await fake.send_slash_command(
        world.moderator, world.channel, "stella-admin import",
        {"file": ("game.json", json.dumps(doc).encode())})
    latencies = await asyncio.gather(*(rules_in(world, member_b, channel_b) for _ in range(3)))
    msg = await forged_import.reply(10)
    assert msg.ephemeral and not msg.content.startswith("Imported"), msg.content
    await settle(world)
    assert counts(world.db_path) == before and len(fake.threads(world.channel)) == threads
    # normal: a few ms here; the audit saw 4 minutes. Discord's own limit is 3 s.
    assert max(latencies) < max(1.0, 20 * normal), (latencies, normal)
    # and game A goes on
    await driver.decide(policy=Policy(5, budget=0))


async def test_discord_refusals_cost_no_player_a_turn(world, db, stella):
    bot = await stella()
    fake = world.fake
    driver = GameDriver(world, db, world.players[:2], audit=False)
    await driver.setup()
    policy = Policy(11, budget=20)
    await driver.play(policy, stop_at=4)
    thread = driver.thread
    assert thread is not None and driver.game_id is not None
    game_id = driver.game_id

    # 1. Missing Permissions on everything in the thread: the decision is stored, its prompt
    # isn't recorded as posted, the deadline waits, the moderators are told once
    refusal = fake.fail_requests("POST", f"/channels/{thread.id}/messages", status=403, code=50013,
                                 message="Missing Permissions", times=1000)
    # (a decision's posts go as follow-ups of its interaction first: refused there too, they go
    # to the channel, cogs/discordpy/outbox.py)
    hooks = fake.fail_requests("POST", "/webhooks/*/*", status=403, code=50013,
                               message="Missing Permissions", times=1000)
    await driver.decide(method="do", policy=policy)
    await settle(world)
    assert refusal.hits >= 1 and driver.prompt_for(driver.state.version) is None
    game = await games_db.get_game(db, game_id)
    assert game.deadline is None
    ref = bot.referee
    assert ref is not None
    await ref.timers.tick(ref.ctx.now() + WEEK)  # a week passes: no timeout, no strike
    await settle(world)
    assert (await driver.log())[-1].source == "player"
    assert all(s.missed_deadlines == 0 for s in (await games_db.get_game(db, game_id)).seats)
    told = [m for m in world.channel.public_messages if f"Game #{game_id}" in m.content]
    assert len(told) == 1 and "turn prompt" in told[0].content and "<@" not in told[0].content
    # the permission comes back: the retry posts the prompt and pings the player
    refusal.remaining = hooks.remaining = 0
    assert await ref.holds.retry_due(ref.ctx.now() + WEEK) == 1
    prompt = await driver.prompt()
    owing, _ = driver.owing()
    assert f"<@{owing.id}>" in prompt.content and (await games_db.get_game(db, game_id)).deadline is not None
    await driver.decide(policy=policy)

    # 2. The thread is deleted (while a player's deadline runs): the game pauses at once, the
    # moderators are told in the channel; timers apply nothing, players are told it is paused
    fake.delete_channel(thread)

    def paused() -> list[st.Message]:
        return [m for m in world.channel.public_messages if f"Game #{game_id} is paused" in m.content]

    await fake.wait_for(paused, 10, "the moderators to be told")
    assert len(paused()) == 1 and f"<#{thread.id}>" in paused()[0].content
    decisions = len(await driver.log())
    for _ in range(10):
        await ref.timers.tick(ref.ctx.now() + 10 * WEEK)
        await settle(world)
    game = await games_db.get_game(db, game_id)
    assert game.status == "running" and len(await driver.log()) == decisions
    assert all(s.missed_deadlines == 0 and not s.absent for s in game.seats)
    owing, _ = driver.owing()
    h = await driver.send(owing, world.channel, "stella do", {"action": policy.choose(driver.state)})
    msg = await h.reply(10)
    assert "paused" in msg.content and "/game-admin move" in msg.content

    # 3. A moderator moves it to a new thread: board and prompt there, the game goes on
    h = await driver.send(world.moderator, world.channel, "stella-admin move", {"game": game_id})
    msg = await h.reply(10)
    assert "goes on in" in msg.content, msg.content
    new = next(t for t in fake.threads(world.channel) if t.id not in (thread.id,)
               and any(f"Game #{game_id} moved here" in m.content for m in t.messages))
    driver.thread = new
    prompt = await driver.prompt()
    assert any(m.attachments for m in new.messages) and turn_ids(prompt)
    await driver.play(policy, stop_at=len(driver.played) + 3)
