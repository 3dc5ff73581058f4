"""A whole game of Stella Digger in Japanese and in German through the fake Discord (issue 30),
checking the game's own texts as well as the platform's (tests/e2e/test_language_game.py): the
round summaries, the engine's event lines, the verb buttons, the final scores and the start
post reach the thread in the game's language, and the private texts too: each player's DMs
(their hand, in the language they chose with ``/game notify language:``) and the private
replies to ``/stella hand``, ``status``, ``log`` and ``rules`` sent from a Japanese or German
client. No text holds an English catalog entry (names and notation aside), the lobby post and
the turn prompt's lines included. The decisions are clicked and typed from English clients (the
driver checks their English replies); the labels of the buttons and private selects in ja and
de are checked in tests/stella_digger/referee/test_stella_labels.py."""

from __future__ import annotations

from typing import Any

import pytest

import texts
from tests.english import english_pieces
from texts import _

from .driver import GameDriver, Policy

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]
CLIENT = {"ja": "ja", "de": "de"}
#: the game's own words each language must show somewhere in the thread (a round summary, an
#: event line, a verb button)
OWN = {"ja": ("山札", "ラウンド", "目標"), "de": ("Stapel", "Runde", "Ziel")}


def own_pieces(lang: str) -> frozenset[str]:
    """The English of Stella Digger's own catalog entries (8 characters or more between
    placeholders), translated differently in ``lang``: shorter than the platform's check, for
    the game's short labels ("Refill hand…", "drills left")."""
    return english_pieces(lang, "stella_digger", shortest=8)


def english_in(texts: list[str], pieces: set[str]) -> list[tuple[str, str]]:
    """(piece, the text it is in) for each English piece found, once per piece."""
    return sorted({piece: text[:300] for text in texts for piece in pieces if piece in text}.items())


async def ask(driver: GameDriver, user: Any, command: str, options: dict[str, Any], lang: str,
              replies: list[str]) -> None:
    """``user`` runs an information command from a client in ``lang``: its private reply."""
    h = await driver.fake.send_slash_command(user, driver.thread, command, options,
                                             locale=CLIENT[lang])
    msg = await h.reply(10)
    assert h.ephemeral, (command, msg.content)
    replies.append(msg.content)


@pytest.mark.parametrize("lang", ["ja", "de"])
async def test_a_whole_stella_digger_game_speaks_the_games_language(world, db, stella, lang):
    await stella()
    fake, users = world.fake, world.players[:2]
    for user in users:  # each player's DMs in the game's language, their turns told by DM
        h = await fake.send_slash_command(user, world.channel, "game notify",
                                          {"language": lang, "turn_dm": "on"})
        await h.reply(10)
    # the privacy audit reads the English hand line of each DM (tests/e2e/audit.py); these DMs
    # are in the game's language, so it is left out here (test_games.py runs it in English)
    driver = GameDriver(world, db, users, audit=False)
    await driver.open(language=lang)
    lobby_post = driver.lobby_message.id  # checked below with the rest of the thread
    await driver.join_all()
    await driver.start()
    replies: list[str] = []
    await driver.play(Policy(7, budget=30), stop_at=12)
    for user in users:
        await ask(driver, user, "stella hand", {}, lang, replies)
    await ask(driver, users[0], "stella status", {}, lang, replies)
    await ask(driver, users[1], "stella log", {}, lang, replies)
    await ask(driver, users[0], "stella rules", {"topic": "mine"}, lang, replies)
    await driver.play(Policy(7, budget=30))
    await driver.check_final()

    # every public text: the lobby post (in the game's language) and the turn prompt's lines
    # (games/stella_digger/prompts.py) included
    assert lobby_post in {m.id for m in driver.thread.public_messages}
    public = fake.texts_of(driver.thread.public_messages)
    dms = [m.content for user in users for m in fake.dms(user)]
    assert len(public) > 40 and dms and len(replies) == 5
    for word in OWN[lang]:
        assert any(word in text for text in public), f"{word!r} never in the {lang} thread"
    assert any("🏁" in text for text in public)
    with texts.using(lang):  # the turn prompt's line in the game's language
        told = _("{name} must draw a card from {decks}.").split("{name}")[1].split("{decks}")[0]
    assert any(told in text for text in public), f"no {lang} prompt line: {told!r}"

    platform, own = english_pieces(lang), own_pieces(lang)
    assert len(own) > 150
    for where, found in (("thread", public), ("DMs", dms), ("private replies", replies)):
        left = english_in(found, platform | own)
        assert not left, f"English catalog entries in the {lang} {where}: {left[:10]}"
