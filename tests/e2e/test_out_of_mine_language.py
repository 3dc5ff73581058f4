"""A whole game of Out of Mine! in Japanese and in German through the fake Discord (issue 30):
the lobby in the game's language, every player's commands from a client in that language, seven
rounds of sides, opens, digs drafted with ``/game draft`` and committed with ``/game confirm``,
the reveals and the end, the turn prompts' lines in the game's language too. No public message
holds an English catalog entry (the platform's or the game's), and no private text a player read (their replies, their workbench, their DMs) holds one
of the game's own English entries. Names and notation (``side a``, ``red-l:C3``) aside."""

from __future__ import annotations

import re
from typing import Any

import pytest

from db import games as games_db
from engine import get_game
from tests.english import english_pieces

from .helpers import settle
from .world import World

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]

G = get_game("out-of-mine")


def own_pieces(lang: str) -> frozenset[str]:
    """``english_pieces`` of the game's own catalog (texts/locales/<lang>/out_of_mine.po),
    entries with a context left out."""
    return english_pieces(lang, "out_of_mine", with_context=False)


async def _reply(h: Any) -> str:
    return str((await h.reply(10)).content)


@pytest.mark.parametrize(("lang", "words"), [
    ("ja", ("ラウンド", "坑道ボード", "OUT OF MINE! ゲーム終了", "で掘らなければならない")),
    ("de", ("Runde", "Tableau", "OUT OF MINE! Das Spiel ist vorbei",
            "muss die Schatzkarte aufdecken")),
])
async def test_a_whole_out_of_mine_game_in_the_games_language(
        world: World, db: Any, stella: Any, lang: str, words: tuple[str, ...]) -> None:
    await stella()
    fake = world.fake
    users = world.players[:2]
    ann = users[0]

    async def send(user: Any, channel: Any, command: str, **options: Any) -> Any:
        return await fake.send_slash_command(user, channel, command, options, locale=lang)

    h = await send(ann, world.channel, "game new", game="out-of-mine",
                   options="race=true", language=lang)
    said = await _reply(h)
    number, where = re.search(r"(?<!<)#(\d+)", said), re.search(r"<#(\d+)>", said)
    assert number and where and h.ephemeral, said
    game_id, thread = int(number[1]), fake.channels[where[1]]
    await _reply(await send(users[1], thread, "game join"))
    await _reply(await send(ann, thread, "game start"))
    game = await games_db.get_game(db, game_id)
    by_player = {s.player_id: world.user(s.user_id) for s in game.seats}
    order = list(game.player_ids)
    for _round in range(7):
        await settle(world)
        state = G.load((await games_db.load_snapshot(db, game_id)).json)
        if state.ended:
            break
        for o in G.owed(state):  # R4: a forced side is never asked
            if o.decision == "side":
                await _reply(await send(by_player[o.player], thread, "game do",
                                        action="side a"))
        for i, player in enumerate(order):
            user = by_player[player]
            await _reply(await send(user, thread, "game do", action="open"))
            draft = "dig"
            for _tile in range(2 if i == 0 else 1):  # a draft of a tile or two, then confirm
                offered = await fake.autocomplete(user, thread, "game draft", "action",
                                                  value=draft + " ")
                if not offered:
                    break
                draft = offered[0]["value"]
                await _reply(await send(user, thread, "game draft", action=draft))
            await _reply(await send(user, thread, "game confirm"))
            await settle(world)
    await settle(world)
    state = G.load((await games_db.load_snapshot(db, game_id)).json)
    assert state.ended

    english = english_pieces(lang)
    # the turn prompt's line is the game's (games/out_of_mine/prompts.py): checked with the rest
    assert "must open their card (it starts their clock) and dig on board" in english
    public = fake.texts_of(m for m in thread.messages if not m.ephemeral)
    assert len(public) > 20
    for word in words:
        assert any(word in text for text in public), word
    found = sorted({piece for text in public for piece in english if piece in text})
    assert not found, f"English catalog entries in the {lang} thread: {found[:10]}"

    ours = own_pieces(lang)
    assert len(ours) > 50
    for user in users:
        private = fake.texts_of(m for m in fake.messages_seen_by(user)
                                if m.ephemeral or not m.guild_id)
        assert private, "no private reply or DM recorded"
        found = sorted({piece for text in private for piece in ours if piece in text})
        assert not found, f"the game's English entries in {user.id}'s {lang} replies: {found[:10]}"
    assert not fake.unknown_requests and not fake.internal_errors
