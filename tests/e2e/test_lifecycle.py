"""A game's life through the fake Discord: a takeback asked with /stella takeback and approved
with the thread's button, a moderator's pause refusing a player until /stella-admin resume, a
resignation confirmed with its button ending a 2-player game, the replay picture and the
Rematch button opening a new lobby thread with the same seats; the moderators' group hidden
from members without Manage Server."""

from __future__ import annotations

from db import games as games_db
from db import lifecycle as lifecycle_db
from db import owed as owed_db
from tests.fakediscord import state as st

from .driver import GameDriver, answer
from .helpers import Unchanged, refused, settle
from .world import GAME

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]


def life_button(thread: st.Channel, action: str) -> tuple[st.Message, str]:
    """The newest public message with a ``sd:..:life:<action>:..`` button, and its id."""
    for msg in reversed(thread.messages):
        if msg.deleted or msg.ephemeral:
            continue
        for c in msg.walk_components():
            cid = str(c.get("custom_id", ""))
            if f":life:{action}:" in cid:
                return msg, cid
    raise AssertionError(f"no {action} button in the thread")


async def test_takeback_pause_resign_and_rematch(world, db, stella):
    await stella()
    fake = world.fake
    synced = {c["name"]: c for c in fake.registered_commands(guild=world.guild)}
    assert str(synced["stella-admin"].get("default_member_permissions")) == "32"  # Manage Server
    assert synced["stella"].get("default_member_permissions") is None

    driver = GameDriver(world, db, world.players[:2])
    await driver.setup()
    user, _ = driver.owing()
    other = next(u for u in driver.users if u is not user)
    initial = GAME.dump(driver.state)
    target = next(t for t in sorted(str(a) for a in GAME.legal(driver.state))
                  if t.startswith("target"))
    await driver.decide(target, method="do")

    # takeback: asked by command, approved by the other player's button in the thread
    h = await driver.send(user, driver.thread, "stella takeback")
    assert (await answer(h)).content.startswith("Asked")
    msg, cid = life_button(driver.thread, "tb-yes")
    assert f"<@{other.id}>" in msg.content and target in msg.content
    h = await driver.click(other, msg, cid)
    assert "taken back" in (await answer(h)).content
    await settle(world)
    assert await driver.log() == []
    assert (await games_db.load_snapshot(db, driver.game_id)).json == initial
    await driver.sync()

    # a moderator pauses: the owing player is refused until it resumes
    h = await driver.send(world.moderator, driver.thread, "stella-admin pause")
    assert "paused" in (await answer(h)).content
    await settle(world)
    before = await Unchanged.take(driver)
    await refused(driver, await driver.send(user, driver.thread, "stella do", {"action": target}),
                  before, "paused by a moderator")
    h = await driver.send(world.moderator, driver.thread, "stella-admin resume")
    assert "goes on" in (await answer(h)).content
    await settle(world)
    await driver.decide(target, method="do")

    # resigning: a private confirmation, then its button; 2 players: the other one wins
    h = await driver.send(user, driver.thread, "stella resign")
    confirm = await answer(h)
    assert confirm.ephemeral and "ends at once" in confirm.content
    resign_id = next(str(c["custom_id"]) for c in confirm.walk_components()
                     if ":life:resign:" in str(c.get("custom_id", "")))
    h = await driver.click(user, confirm, resign_id)
    assert "You resigned" in (await answer(h)).content
    await settle(world)
    game = await games_db.get_game(db, driver.game_id)
    assert game.status == "finished" and game.end_reason == "resigned"
    assert {r.user_id: r.won for r in await games_db.get_results(db, game.id)} == {
        int(user.id): False, int(other.id): True}
    texts = [m.content for m in driver.thread.public_messages]
    assert any("resigned" in t and f"<@{other.id}> wins" in t for t in texts), texts

    # the end: the replay picture with the Rematch button; a click opens a new lobby thread
    end, rematch = life_button(driver.thread, "rematch")
    assert end.attachments and end.attachments[0].filename.endswith("replay.gif")
    h = await driver.click(other, end, rematch)
    reply = (await answer(h)).content
    assert "Rematch lobby" in reply
    await settle(world)
    new_id = await lifecycle_db.rematch_of(db, game.id)
    assert new_id is not None
    new = await games_db.get_game(db, new_id)
    assert new.status == "lobby" and new.host_id == int(other.id)
    assert sorted(s.user_id for s in new.seats) == sorted(int(u.id) for u in driver.users)
    thread = fake.channels[str(new.thread_id)]
    assert thread.parent_id == world.channel.id and thread.messages
    assert not fake.unknown_requests and not fake.internal_errors


async def test_the_host_changes_a_lobby_and_a_moderator_gives_more_time(world, db, stella):
    await stella()
    driver = GameDriver(world, db, world.players[:2])
    thread = await driver.open()
    host, guest = driver.users
    h = await driver.send(host, thread, "game addbot", {"level": "easy"})
    assert "took a seat" in (await answer(h)).content
    before = await Unchanged.take(driver)
    await refused(driver, await driver.send(guest, thread, "game removebot"), before,
                  "Only the host")
    h = await driver.send(host, thread, "game removebot")
    assert "The AI left" in (await answer(h)).content
    h = await driver.send(host, thread, "game options",
                          {"options": "red_tears=true", "turn_hours": 2.0})
    assert "changed" in (await answer(h)).content
    game = await games_db.get_game(db, driver.game_id)
    assert [s.user_id for s in game.seats] == [int(host.id)]
    assert game.options["red_tears"] is True and game.options["turn_seconds"] == 7200
    before = await Unchanged.take(driver)
    await refused(driver, await driver.send(host, thread, "game options",
                                            {"options": "turbo=1"}), before, "no option")
    await driver.join_all()
    await driver.start()

    # a moderator gives the owing player two more hours
    user, player = driver.owing()
    owed = {t.player_id: t.deadline for t in await owed_db.owed_timers(db, driver.game_id)}
    h = await driver.send(world.moderator, thread, "stella-admin extend", {"hours": 2.0})
    assert "more hour" in (await answer(h)).content
    await settle(world)
    after = {t.player_id: t.deadline for t in await owed_db.owed_timers(db, driver.game_id)}
    assert after[player] == owed[player] + 7200
    assert any("2 more hour(s)" in m.content for m in thread.public_messages)
    # and a member without the moderator rights is refused (the group is hidden from them)
    before = await Unchanged.take(driver)
    await refused(driver, await driver.send(user, thread, "stella-admin pause"), before,
                  "Manage Server")

    # the host can't cancel a started game; /game cancel is for lobbies
    h = await driver.send(host, thread, "game cancel")
    assert "Only a lobby" in (await answer(h)).content
