"""A whole game of White Ranium in Japanese and in German through the fake Discord (issue 30),
after test_language_game.py (Stella Digger's): two human players fight with strategy cards (so
the secret fight card reaches its owner by DM) to the end. No public message (the thread's
posts, edited turn messages included, and their last words) holds an English catalog entry: the
game's texts, its event lines and the platform's words all reached the thread in the game's
language, the turn prompts' lines too. The players' private texts that the fake Discord records
in their language are checked too: their DMs (each chose the game's language with ``/game notify language:``) and the
replies to the commands they typed from a client in that language (``/game do``, ``/game
hand``). Names and notation aside. (A click carries no client language in the fake Discord:
its private reply is the English of an ``en-US`` client, as test_white_ranium.py checks.)"""

from __future__ import annotations

import re
from typing import Any

import pytest

from db import games as games_db
from tests.english import english_pieces

from .helpers import PATIENCE, settle
from .white_ranium import WhiteRaniumTable, chaser

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]
#: a client language of each of the game's languages
LOCALE = {"ja": "ja", "de": "de"}
#: the final post's words in each language (the game's own catalog entry)
OVER = {"ja": "ゲーム終了", "de": "Das Spiel ist vorbei"}
#: the turn prompt's line when ore is to be spent (games/white_ranium/prompts.py)
SPEND = {"ja": "鉱石を使わなければならない", "de": "muss Erz ausgeben"}


class SpeakingTable(WhiteRaniumTable):
    """A White Ranium table whose game speaks ``lang``: the lobby's option, the players' DMs
    chosen in it, and every typed command sent from a client in it."""

    def __init__(self, *args: Any, lang: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lang = lang
        self.private: list[str] = []  # replies to the commands typed in the game's language

    async def setup(self) -> None:
        host, *others = self.humans
        # DMs in the game's language: first remembered from the players' client (their first
        # interaction), then chosen, so the later clicks (from an en-US client in the fake
        # Discord) leave them in it
        for options in ({}, {"language": self.lang}):
            for user in self.humans:
                h = await self.fake.send_slash_command(user, self.world.channel, "game notify",
                                                      options, locale=LOCALE[self.lang])
                self.private.append(await self.reply(h))
            await settle(self.world)
        options = {"game": "white-ranium", "options": self.options, "language": self.lang}
        h = await self.fake.send_slash_command(host, self.world.channel, "game new", options)
        m = re.search(r"Lobby #(\d+) is open in <#(\d+)>", await self.reply(h))
        assert m, "no lobby"
        self.game_id, self.thread = int(m[1]), self.fake.channels[m[2]]
        for user in others:
            await self.reply(await self.fake.send_slash_command(user, self.thread, "game join"))
        text = await self.reply(await self.fake.send_slash_command(host, self.thread,
                                                                   "game start"))
        assert "has started" in text, text
        game = await games_db.get_game(self.db, self.game_id)
        by_id = {int(u.id): u for u in self.humans}
        self.users = {s.player_id: by_id[int(s.user_id)] for s in game.seats
                      if s.user_id is not None and not s.is_ai}

    async def ready(self) -> Any:
        async def check() -> Any:
            state = await self.state()
            if state.ended:
                done = any(OVER[self.lang] in (m.content or "") for m in self.thread.messages)
                return state if done else None
            if self.human_owing(state) and self.prompt_for(state.version):
                return state
            return None

        return await self.fake.wait_until(check, PATIENCE,
                                          f"game {self.game_id}: a human prompt or the end")

    async def decide(self, state: Any, player: str, text: str, method: str) -> None:
        if method != "do":
            await super().decide(state, player, text, method)
            return
        user = self.users[player]
        h = await self.fake.send_slash_command(user, self.thread, "game do", {"action": text},
                                              locale=LOCALE[self.lang])
        reply = await self.reply(h)
        assert h.ephemeral and f"`{text}`" in reply, (text, reply)
        self.private.append(reply)
        self.methods.append(method)
        self.decided.append((player, text))

    async def hands(self) -> None:
        for user in self.humans:
            h = await self.fake.send_slash_command(user, self.thread, "game hand",
                                                  locale=LOCALE[self.lang])
            self.private.append(await self.reply(h))


def _english(texts: list[str], english: set[str]) -> list[str]:
    return sorted({piece for text in texts for piece in english if piece in text})


@pytest.mark.parametrize("lang", ["ja", "de"])
async def test_a_whole_game_in_the_games_language(world: Any, db: Any, stella: Any,
                                                  lang: str) -> None:
    world.seed_first_game(11)
    await stella()
    table = SpeakingTable(world, db, world.players[:2], 0, "cards=strategy", 11, lang=lang)
    await table.setup()
    await table.hands()
    state = await table.play(chaser)
    await table.hands()
    assert state.ended and len(state.winners) == 1
    english = english_pieces(lang)
    assert "crew collected the White Ranium on" in english  # the game's own entries are in
    assert "must spend ore:" in english  # the turn prompt's line too
    public = [text for m in table.thread.public_messages
              for text in [m.content or "", *(str(h.get("content") or "") for h in m.history)]]
    assert any(OVER[lang] in text for text in public)
    assert any(SPEND[lang] in text for text in public)
    found = _english(public, english)
    assert not found, f"English catalog entries in the {lang} thread: {found[:10]}"
    dms = [m.content or "" for user in table.humans for m in world.fake.dms(user)]
    assert dms, "no DM: the strategy fight cards reach their owners by DM"
    found = _english(dms + table.private, english)
    assert not found, f"English catalog entries in the {lang} private texts: {found[:10]}"
    assert not world.fake.unknown_requests and not world.fake.internal_errors
