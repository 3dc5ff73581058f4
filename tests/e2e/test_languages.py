"""Which language where (issue 30), through the fake Discord: a private reply in the
interaction's client language; a game's public posts in its lobby option ``language``, by
default the server's preferred language; a member's DMs in the language of their latest
interaction unless they chose one with ``/game notify language:``."""

from __future__ import annotations

import re

from db import games as games_db
from db import settings as settings_db

from .helpers import settle

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]


async def _open(world, user, options, locale):
    h = await world.fake.send_slash_command(user, world.channel, "stella new", options,
                                            locale=locale)
    msg = await h.reply()
    await settle(world)
    found = re.search(r"#(\d+).*<#(\d+)>", msg.content)
    assert found, msg.content
    return msg.content, int(found[1]), world.fake.channels[found[2]]


async def test_a_server_in_japanese_opens_its_lobbies_in_japanese(world, db, stella):
    await stella()
    world.guild.preferred_locale = "ja"
    ann = world.players[0]
    reply, game_id, thread = await _open(world, ann, {}, "ja")
    assert reply.startswith("ロビー #") and "**参加**" in reply  # the reply: ann's client's
    game = await games_db.get_game(db, game_id)
    assert game.options["language"] == "ja"
    assert any("日本語" in m.content for m in thread.public_messages)


async def test_the_lobby_option_beats_the_server_and_the_reply_follows_the_client(world, db, stella):
    await stella()
    world.guild.preferred_locale = "ja"
    ann = world.players[0]
    reply, game_id, thread = await _open(world, ann, {"language": "de"}, "en-US")
    assert reply.startswith("Lobby #") and "players press **Join**" in reply
    assert (await games_db.get_game(db, game_id)).options["language"] == "de"
    assert any("Deutsch" in m.content for m in thread.public_messages)


async def test_a_server_in_another_language_plays_in_english(world, db, stella):
    await stella()
    world.guild.preferred_locale = "fr"
    _, game_id, _ = await _open(world, world.players[0], {}, "fr")
    assert (await games_db.get_game(db, game_id)).options["language"] == "en"


async def test_dms_follow_the_latest_interaction_unless_a_language_is_chosen(world, db, stella):
    bot = await stella()
    fake, ann = world.fake, world.players[0]
    h = await fake.send_slash_command(ann, world.channel, "game notify", {"turn_dm": "on"},
                                      locale="de")
    assert (await h.reply()).content.startswith("🔔 Du bekommst")
    await settle(world)
    assert await settings_db.languages(db, [int(ann.id)]) == {int(ann.id): ("de", False)}
    languages = bot.referee.notify.languages  # known: a click in German starts no task
    assert not languages.needs(int(ann.id), "de") and languages.needs(int(ann.id), "ja")

    h = await fake.send_slash_command(ann, world.channel, "game notify", {"language": "ja"},
                                      locale="de")
    text = (await h.reply()).content
    assert "Deutsch" not in text and "日本語" in text and text.startswith("🔔 Du")
    await settle(world)
    h = await fake.send_slash_command(ann, world.channel, "game notify", {}, locale="en-US")
    assert (await h.reply()).content.startswith("🔔 You'll get")
    await settle(world)
    assert await settings_db.languages(db, [int(ann.id)]) == {int(ann.id): ("ja", True)}
    assert not languages.needs(int(ann.id), "en")  # chosen: no interaction changes it


async def test_a_users_own_client_language_is_sent_with_each_interaction(world, db, stella):
    """The fake Discord sends each user's ``locale`` (as a real client does), so a whole game
    played by German clients reads its private replies in German."""
    await stella()
    ann = world.players[0]
    ann.locale = "de"
    h = await world.fake.send_slash_command(ann, world.channel, "stella new", {})
    msg = await h.reply()
    assert msg.content.startswith("Lobby #") and "**Beitreten**" in msg.content, msg.content


async def test_a_join_click_keeps_the_lobby_message_in_the_games_language(world, db, stella):
    """The lobby message edited by a click (Join) is written in the game's language, not in
    the clicker's client language; their private confirmation is in theirs."""
    await stella()
    ann, bob = world.players[:2]
    _reply, game_id, thread = await _open(world, ann, {"language": "ja"}, "en-US")
    lobby = next(m for m in thread.messages if m.component(f"sd:{game_id}:lobby:join"))
    h = await world.fake.click_button(bob, lobby, f"sd:{game_id}:lobby:join")  # bob: en-US
    await h.wait_followups(1)
    assert h.followups[0].content.startswith("You joined game #")
    lobby = world.fake.messages[lobby.id]
    assert "言語：日本語。" in lobby.content and "Language:" not in lobby.content
    labels = [c.get("label") for row in lobby.components for c in row.get("components", [])]
    assert "参加" in labels and "Join" not in labels


async def test_a_german_clients_illegal_decision_is_refused_in_german(world, db, stella):
    """The engine's English refusal (docs/i18n.md, "Engine refusals") reaches a German client
    in German, with the values it named kept as written; nothing changes."""
    from .driver import GameDriver, Policy
    from .helpers import Unchanged, advance_until, owes, refused

    await stella()
    driver = GameDriver(world, db, world.players[:2])
    await driver.setup()
    await advance_until(driver, Policy(7, budget=0), owes("action"))
    owing, _player = driver.owing()
    owing.locale = "de"
    before = await Unchanged.take(driver)
    h = await driver.send(owing, driver.thread, "game do", {"action": "exchange blue"})
    text = await refused(driver, h, before, "Schreib den Tausch als GEBEN>BEKOMMEN",
                         "„exchange blue>pink“")
    assert "Write the exchange" not in text, text
