"""A whole seeded 2-player Out of Mine! game through the fake Discord, every step a real
interaction on the generic ``/game`` commands: the lobby, the start, sides, ``open`` (the card
only in the opener's DM), digs built tile by tile with ``/game draft`` (each placement picked
from the autocomplete's legal placements, the private draft picture after each one) and
committed with ``/game confirm``, the reveal picture with every board, the final chart. Until
each reveal nothing of one player's card or dig reaches anything the other player or the
server can see (R3)."""

from __future__ import annotations

import re
from typing import Any

from engine import get_game

from .world import World

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]

G = get_game("out-of-mine")


async def stored(db: Any, game_id: int) -> Any:
    return G.load((await db.load_snapshot(game_id)).json)


def seen(world: World, user: Any, old: set[str] | frozenset[str] = frozenset()) -> str:
    """Every text ``user`` could see (in messages not in ``old``)."""
    return "\n".join(world.fake.texts_of(
        m for m in world.fake.messages_seen_by(user) if m.id not in old))


def public(world: World, old: set[str]) -> str:
    """Every text anyone on the server could see, in messages not in ``old``."""
    return "\n".join(world.fake.texts_of(
        m for m in world.fake.public_messages() if m.id not in old))


async def reply(h: Any) -> str:
    msg = await h.reply(10)
    return str(msg.content)


def side_controls(message: Any) -> list[str]:
    return [str(c["custom_id"]) for c in message.walk_components()
            if str(c.get("custom_id", "")).endswith((":verb:side", ":do:side a"))]


async def side_by_button(world: World, thread: Any, user: Any) -> None:
    """The prompt's button: "Side a" itself when only this player owes a side, else the verb
    button opening the player's own select."""
    fake = world.fake
    before = {m.id for m in thread.messages}
    prompt = await fake.wait_for(lambda: next((m for m in reversed(thread.messages)
                                               if not m.ephemeral and side_controls(m)), None),
                                 10, "a prompt with a side button")
    button = side_controls(prompt)[0]
    h = await fake.click_button(user, prompt, button)
    if button.endswith(":verb:side"):
        panel = await h.reply(10)
        assert panel.ephemeral and panel.visible_to == user.id
        select = next(c for c in panel.walk_components() if c.get("type") == 3)
        value = next(o["value"] for o in select["options"] if o["label"] == "side a")
        h = await fake.choose_select(user, panel, select["custom_id"], [value])
    await h.response(10)
    await fake.wait_for(lambda: any("plays side" in (m.content or "") for m in thread.messages
                                    if not m.ephemeral and m.id not in before), 10,
                        "the side announced")


async def test_whole_out_of_mine_game(world: World, db: Any, stella: Any) -> None:
    await stella()
    fake = world.fake
    ann, bob = world.players[:2]
    h = await fake.send_slash_command(ann, world.channel, "game new",
                                      {"game": "out-of-mine", "options": "race=true"})
    m = re.search(r"Lobby #(\d+) is open in <#(\d+)>", await reply(h))
    assert m and h.ephemeral
    game_id, thread = int(m[1]), fake.channels[m[2]]
    assert "You joined" in await reply(await fake.send_slash_command(bob, thread, "game join"))
    assert "has started" in await reply(await fake.send_slash_command(ann, thread, "game start"))
    game = await db.get_game(game_id)
    pid = {int(s.user_id): s.player_id for s in game.seats}
    users = {pid[int(ann.id)]: ann, pid[int(bob.id)]: bob}
    first, second = game.player_ids  # seat order
    pictures = 0
    for _round in range(7):
        old = set(fake.messages)  # earlier reveals name earlier digs
        state = await stored(db, game_id)
        for o in G.owed(state):  # R4: forced sides are never asked
            if o.decision == "side" and o.player == first:  # the prompt's button, a private select
                await side_by_button(world, thread, users[o.player])
            elif o.decision == "side":
                text = await reply(await fake.send_slash_command(users[o.player], thread, "game do",
                                                                 {"action": "side b"}))
                assert "side b" in text
        for player in (first, second):
            user, other = users[player], users[second if player == first else first]
            await reply(await fake.send_slash_command(user, thread, "game do", {"action": "open"}))
            state = await stored(db, game_id)
            card = G.view(state, player)["players"][player]["card_info"]["text"]
            await fake.wait_for(lambda user=user, card=card: card in seen(world, user), 10,
                                "the card in the opener's DM")
            draft = "dig"
            while True:
                choices = await fake.autocomplete(user, thread, "game draft", "action",
                                                  value=draft + " ")
                if not choices:
                    break
                draft = choices[0]["value"]  # a legal placement from the offered list
                h = await fake.send_slash_command(user, thread, "game draft", {"action": draft})
                text = await reply(h)
                assert h.ephemeral and "only you see it" in text
                assert any(a.filename.endswith(".png") for a in (await h.reply(10)).attachments)
            h = await fake.send_slash_command(user, thread, "game confirm")
            assert "Done" in await reply(h) and h.ephemeral
            if player == first:  # sealed: the other player and the server see that, not what
                theirs, everyone = seen(world, other, old), public(world, old)
                for secret in (card, *draft.split()[1:]):
                    assert secret not in theirs and secret not in everyone
        game = await db.get_game(game_id)
        posted = [msg for msg in thread.messages if not msg.ephemeral and msg.id not in old]
        assert any("Every dig is revealed" in (msg.content or "") for msg in posted)
        # the picture of every board with its score parts (the last: above the final chart)
        assert any(msg.attachments and ("revealed" in (msg.content or "") or "game is over"
                                        in (msg.content or "")) for msg in posted)
        pictures += 1
        if game.status != "running":
            break
    state = await stored(db, game_id)
    assert state.ended and pictures == 7
    last = [msg for msg in thread.messages if not msg.ephemeral][-3:]
    assert any("The game is over" in (msg.content or "") and msg.attachments for msg in last)
    digs = [d.text for d in await db.get_log(game_id) if d.text.startswith("dig")]
    assert len(digs) == 14 and all("time=" in d for d in digs)  # R6: every dig stamped
    assert not fake.unknown_requests and not fake.internal_errors
    refused = [r for r in fake.requests if r.status and r.status >= 400]
    assert not refused, refused
