"""A whole game of Mining Colony in Japanese and in German through the fake Discord (issue 30),
after test_language_game.py (Stella Digger's): two human seats play every decision with real
interactions (ColonyTable, test_mining_colony.py); the lobby's ``language`` is the game's and
each player chose it for their direct messages (``/game notify language:``). No public text
(messages, their edits, button and select labels) and no DM holds an English catalog entry, the
game's own texts, event sentences and turn prompt lines included (games/mining_colony/events.py,
prompts.py). The players' ephemeral replies follow their interaction's locale, which the fake
Discord sends as en-US: they are English by design and not checked here. Names and notation
aside (English pieces are 12 characters or more: no name or notation of this game is one)."""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass
from typing import Any

import pytest

from db import games as games_db
from games.mining_colony.prompts import WHAT
from tests.english import english_pieces
from texts import _ as translate
from texts import using

from .colony import ColonyTable
from .helpers import settle
from .world import World

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]


@dataclass
class LanguageTable(ColonyTable):
    """A Mining Colony table whose lobby sets the game's language."""

    language: str = "en"

    async def start(self) -> None:
        fake = self.world.fake
        host = self.humans[0]
        h = await fake.send_slash_command(host, self.world.channel, "game new",
                                          {"game": "mining-colony", "language": self.language})
        m = re.search(r"Lobby #(\d+) is open in <#(\d+)>", (await h.reply(10)).content)
        assert m and h.ephemeral
        self.game_id, self.thread = int(m[1]), fake.channels[m[2]]
        for user in self.humans[1:]:
            h = await fake.send_slash_command(user, self.thread, "game join")
            assert "You joined" in (await h.reply(10)).content
        h = await fake.send_slash_command(host, self.thread, "game start")
        assert "has started" in (await h.reply(10)).content
        game = await games_db.get_game(self.db, self.game_id)
        by_id = {u.id: u for u in self.humans}
        self.users = {s.player_id: by_id[str(s.user_id)] for s in game.seats if not s.is_ai}


@pytest.mark.parametrize(("lang", "round_word"), [("ja", "ラウンド"), ("de", "Runde")])
async def test_a_whole_game_in_the_games_language(world: World, db: Any, stella: Any, lang: str,
                                                  round_word: str) -> None:
    world.seed_first_game(12)
    await stella()
    humans = world.players[:2]
    for user in humans:  # their direct messages in the game's language too
        # twice: the first interaction's own background note of its client language (en-US,
        # cogs.common) may land after the choice and undo it (a race left to the platform)
        for _ in range(2):
            h = await world.fake.send_slash_command(user, world.channel, "game notify",
                                                    {"language": lang})
            await h.reply(10)
            await settle(world)
    table = LanguageTable(world, db, humans, language=lang)
    await table.start()
    await table.play()
    await settle(world)
    assert (await table.state()).ended and await table.status() == "finished"
    with using(lang):
        over = translate("**The game is over**.")
    thread = table.thread
    assert thread is not None
    await world.fake.wait_for(lambda: any(over in (m.content or "") for m in thread.messages
                                          if not m.ephemeral), 20, "the final post")

    english = await asyncio.to_thread(english_pieces, lang)
    assert "purple crystal" in english and "Place a tile…" in english  # the game's own texts
    fake = world.fake
    public = fake.texts_of(fake.public_messages(world.guild))
    assert any(round_word in text for text in public)
    with using(lang):  # the turn prompt's line in the game's language (games/mining_colony/prompts.py)
        told = [max(re.split(r"\{\w+\}", translate(WHAT[d])), key=len) for d in ("take", "develop")]
    for piece in told:
        assert any(piece in text for text in public), f"no {lang} prompt line: {piece!r}"
    found = sorted({piece for text in public for piece in english if piece in text})
    assert not found, f"English catalog entries in the {lang} thread: {found[:10]}"
    dms = fake.texts_of([m for user in humans for m in fake.dms(user)])
    assert len(dms) >= 10  # every round's hand
    found = sorted({piece for text in dms for piece in english if piece in text})
    assert not found, f"English catalog entries in the {lang} DMs: {found[:10]}"
