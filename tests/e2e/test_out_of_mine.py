"""Whole seeded 2- and 4-player Out of Mine! games through the fake Discord, every step a real
interaction on the generic ``/game`` commands: the lobby, the start, sides, ``open`` (the card
only in the opener's DM), digs built tile by tile with ``/game draft`` (each placement picked
from the autocomplete's legal placements; with four players by pointing at a square,
``+KIND:SQUARE``, and a tile taken back with the draft's button and placed again; with two, the
first player by the draft panel's selects only: a tile kind, a square, a placement near it; the
private draft picture after each step) and committed with ``/game confirm``, the reveal picture with
every board, the final chart. Until each reveal nothing of one player's card or dig reaches
anything another player or the server can see (R3), checked on what the others see and, byte
for byte, on every request the bot sent (``SealedAudit``)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pytest

import render.out_of_mine.board as pictures
from db import games as games_db
from engine import get_game
from engine.out_of_mine.components import KINDS, placements, square_text

from .audit import PrivacyAudit, same_picture
from .helpers import settle
from .world import World

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]

G = get_game("out-of-mine")


async def stored(db: Any, game_id: int) -> Any:
    return G.load((await games_db.load_snapshot(db, game_id)).json)


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

    def sides() -> int:
        return sum((m.content or "").count("plays side") for m in thread.messages
                   if not m.ephemeral)

    before = sides()
    prompt = await fake.wait_for(lambda: next((m for m in reversed(thread.messages)
                                               if not m.ephemeral and side_controls(m)), None),
                                 10, "a prompt with a side button")
    button = side_controls(prompt)[0]
    h = await fake.click_button(user, prompt, button)
    if button.endswith(":verb:side"):
        panel = await h.reply(10)
        assert panel.ephemeral and panel.visible_to == user.id
        select = next(c for c in panel.walk_components() if c.get("type") == 3)
        value = next(o["value"] for o in select["options"] if o["label"] == "My board's side A")
        h = await fake.choose_select(user, panel, select["custom_id"], [value])
    await h.response(10)
    await fake.wait_for(lambda: sides() > before, 10, "the side announced")  # (maybe in the
    # prompt edited in place)


TILE = re.compile(r"\b[a-z]+(?:-[a-z])?(?:/[a-z]+)?:[A-G][1-5](?:,[A-G][1-5])*")


@cache
def fits(side: str | None) -> frozenset[str]:
    """Every tile word that fits board side ``side`` (whatever the card)."""
    if side is None:
        return frozenset()
    return frozenset(f"{name}:{square_text(mask)}" for name, kind in KINDS.items()
                     for mask in placements(side, kind.shape))


@dataclass
class SealedAudit:
    """Every request the bot sent, by where it went (``PrivacyAudit.destination``): before a
    round's reveal no public request names a tile (``red-l:C3,C4,C5,D3``) or the squares of one
    drafted or committed, every public picture shows exactly (pixel for pixel) the spectator
    view's picture of a stored state, and no picture sent privately to one player (their draft, their commit)
    goes to anyone else or anywhere public; another player's private replies name none of
    their tiles either."""

    world: World
    pos: int = 0
    secrets: dict[str, set[str]] = field(default_factory=dict)  # user id -> tile words
    pictures: dict[str, set[bytes]] = field(default_factory=dict)  # user id -> private files
    spectator: set[bytes] = field(default_factory=set)  # public pictures of stored states
    checked: dict[str, int] = field(default_factory=lambda: {"public": 0, "files": 0})
    sides: dict[str, str] = field(default_factory=dict)  # user id -> board side played

    def seal(self, user: Any, draft: str, side: str) -> None:
        self.secrets.setdefault(str(user.id), set()).update(TILE.findall(draft))
        self.sides[str(user.id)] = side

    def state(self, state: Any) -> None:
        """The public pictures of ``state``, drawn here from its spectator view: the boards,
        and the last reveal's (tiles shown once revealed)."""
        view = G.view(state, None)
        self.spectator.add(pictures.board_png(view))
        if view.get("last_round"):
            self.spectator.add(pictures.reveal_png(view, view["last_round"]["round"]))

    def check(self, *, revealed: bool = False) -> None:
        """The requests since the last check; ``revealed``: the round's reveal is among them
        (from the reveal's post on, its tiles are public)."""
        audit = PrivacyAudit(self.world)
        fake = self.world.fake
        requests = fake.requests[self.pos:]
        self.pos += len(requests)
        open_ = False  # after the reveal's post
        for rec in requests:
            where = audit.destination(rec)
            if where.kind == "none":
                continue
            body = json.dumps(rec.json, ensure_ascii=False) if rec.json is not None else ""
            if revealed and where.kind == "public" and "Every dig is revealed" in body:
                open_ = True
            if open_:
                continue
            if where.kind == "public":
                self.checked["public"] += 1
                assert not TILE.findall(body), f"a tile in public before the reveal: {body[:300]}"
                for words in self.secrets.values():
                    for w in words:  # a tile's squares (one square alone may be any word)
                        spots = w.split(":")[1]
                        assert "," not in spots or spots not in body, f"{w} in public: {body[:300]}"
                for f in rec.files:
                    self.checked["files"] += 1
                    # by what it shows, not its encoding (audit.same_picture)
                    assert f.data in self.spectator or any(
                        same_picture(f.data, s) for s in self.spectator), \
                        f"{f.filename}: not a spectator picture"
                    assert not any(f.data in mine for mine in self.pictures.values())
                continue
            owner = str(where.user_id)
            # the owner's own tiles and the placements their board offers (their autocomplete,
            # their draft's next words) may equal another's tile: only the others' count
            own = self.secrets.get(owner, set()) | fits(self.sides.get(owner))
            for user, words in self.secrets.items():
                if user != owner:
                    leaked = [w for w in words - own if w in body]
                    assert not leaked, f"{user}'s tiles {leaked} sent to {owner}"
            for f in rec.files:
                self.checked["files"] += 1
                for user, mine in self.pictures.items():
                    assert user == owner or f.data not in mine, f"{user}'s picture sent to {owner}"
                self.pictures.setdefault(owner, set()).add(f.data)
        if revealed:
            assert open_, "the reveal was not posted"
            self.secrets.clear()


async def draft_step(world: World, user: Any, thread: Any, action: str) -> Any:
    """``/game draft`` with ``action``: the private reply with its draft picture."""
    h = await world.fake.send_slash_command(user, thread, "game draft", {"action": action})
    msg = await h.reply(10)
    assert h.ephemeral and "only you see it" in str(msg.content)
    assert any(a.filename.endswith("-draft.png") for a in msg.attachments)
    return msg


async def dig_by_pointing(world: World, user: Any, thread: Any, take_back: bool) -> str:
    """Place tiles one at a time: the first tile kind offered, then the player points at a
    square of it and picks the nearest placement from the short list; once, the first tile
    is taken back with the draft's button and placed again. Returns the saved draft."""
    fake = world.fake
    draft = "dig"
    while True:
        offered = await fake.autocomplete(user, thread, "game draft", "action", value="+")
        if not offered:
            return draft
        kind, squares = offered[0]["value"][1:].split(":")
        point = squares.split(",")[-1]
        near = await fake.autocomplete(user, thread, "game draft", "action",
                                       value=f"+{kind}:{point}")
        assert near and all(c["value"].startswith(f"+{kind}:") for c in near)
        word = near[0]["value"][1:]
        assert point in word.split(":")[1].split(",")  # nearest first: on the pointed square
        msg = await draft_step(world, user, thread, f"+{word}")
        draft = f"{draft} {word}"
        assert f"`{draft}`" in str(msg.content)
        if take_back:
            take_back = False
            button = next(c["custom_id"] for c in msg.walk_components()
                          if c.get("type") == 2 and c.get("label", "").endswith(word))
            h = await fake.click_button(user, msg, button)
            back = await h.reply(10)
            assert back.ephemeral and f"`{draft.rsplit(' ', 1)[0]}`" in str(back.content)
            await draft_step(world, user, thread, f"+{word}")  # placed again


def _select(msg: Any, kind: str) -> dict[str, Any] | None:
    """The select of that id kind (``part``, ``add``) on a private reply, if any."""
    return next((c for c in msg.walk_components()
                 if c.get("type") == 3 and f":{kind}:" in c.get("custom_id", "")), None)


async def dig_by_selects(world: World, user: Any, thread: Any) -> str:
    """Place tiles with the draft panel's selects only: a tile kind of the card, then a square
    to point at, then the nearest placement from the short list. Returns the saved draft."""
    fake = world.fake
    draft = "dig"
    msg = await draft_step(world, user, thread, draft)
    while (kinds := _select(msg, "part")) is not None:
        kind = kinds["options"][0]["value"]
        h = await fake.choose_select(user, msg, kinds["custom_id"], [kind])
        listed = await h.reply(10)
        assert h.ephemeral and f"`{kind}" in str(listed.content)  # a shape: its first free kind
        points = _select(listed, "part")
        assert points is not None
        point = points["options"][-1]["value"]
        h = await fake.choose_select(user, listed, points["custom_id"], [point])
        near = await h.reply(10)
        add = _select(near, "add")
        assert add is not None and h.ephemeral
        word = add["options"][0]["value"]
        assert point.split(":")[1] in word.split(":")[1].split(",")  # nearest first
        h = await fake.choose_select(user, near, add["custom_id"], [word])
        msg = await h.reply(10)
        draft = f"{draft} {word}"
        assert h.ephemeral and f"`{draft}`" in str(msg.content)
        assert any(a.filename.endswith("-draft.png") for a in msg.attachments)
    assert len(draft.split()) > 1, "the panel offered no tile kind"
    return draft


@pytest.mark.parametrize("seats", [2, 4])
async def test_whole_out_of_mine_game(world: World, db: Any, stella: Any, seats: int) -> None:
    await stella()
    fake = world.fake
    users = world.players[:seats]
    ann = users[0]
    audit = SealedAudit(world)
    h = await fake.send_slash_command(ann, world.channel, "game new",
                                      {"game": "out-of-mine", "options": "race=true"})
    m = re.search(r"Lobby #(\d+) is open in <#(\d+)>", await reply(h))
    assert m and h.ephemeral
    game_id, thread = int(m[1]), fake.channels[m[2]]
    for user in users[1:]:
        assert "You joined" in await reply(await fake.send_slash_command(user, thread, "game join"))
    assert "has started" in await reply(await fake.send_slash_command(ann, thread, "game start"))
    game = await games_db.get_game(db, game_id)
    pid = {int(s.user_id): s.player_id for s in game.seats}
    by_player = {pid[int(u.id)]: u for u in users}
    order = list(game.player_ids)  # seat order
    pictures = 0
    for _round in range(7):
        await settle(world)  # the last round's posts (told after the last reply) are out
        old = set(fake.messages)  # earlier reveals name earlier digs
        state = await stored(db, game_id)
        audit.state(state)
        for o in G.owed(state):  # R4: forced sides are never asked
            if o.decision == "side" and o.player == order[0]:  # the prompt's button
                await side_by_button(world, thread, by_player[o.player])
            elif o.decision == "side":
                text = await reply(await fake.send_slash_command(by_player[o.player], thread,
                                                                 "game do", {"action": "side b"}))
                assert "side b" in text
        audit.state(await stored(db, game_id))
        audit.check()
        for i, player in enumerate(order):
            user = by_player[player]
            waiting = [by_player[p] for p in order[i + 1:]]  # not drafting yet this round
            await reply(await fake.send_slash_command(user, thread, "game do", {"action": "open"}))
            state = await stored(db, game_id)
            audit.state(state)
            info = G.view(state, player)["players"][player]["card_info"]
            card = f"Card {info['number']}:"  # on the workbench that answers the open
            await fake.wait_for(lambda user=user, card=card: card in seen(world, user), 10,
                                "the card in the opener's reply")
            if seats == 4:  # point at squares, take a tile back with the button
                draft = await dig_by_pointing(world, user, thread, take_back=i % 2 == 0)
            elif i == 0:  # pick tile kinds, squares and placements with the selects
                draft = await dig_by_selects(world, user, thread)
            else:
                draft = "dig"
                while True:
                    choices = await fake.autocomplete(user, thread, "game draft", "action",
                                                      value=draft + " ")
                    if not choices:
                        break
                    draft = choices[0]["value"]  # a legal placement from the offered list
                    await draft_step(world, user, thread, draft)
            audit.seal(user, draft, state.player(player).board_side)
            last = i == len(order) - 1
            audit.check()
            h = await fake.send_slash_command(user, thread, "game confirm")
            assert "Done" in await reply(h) and h.ephemeral
            await settle(world)  # the thread and the hands are told after the reply
            if last:
                await fake.wait_for(lambda old=old: any(
                    "Every dig is revealed" in (msg.content or "") for msg in thread.messages
                    if not msg.ephemeral and msg.id not in old), 10, "the reveal")
                await fake.wait_for(lambda: not any(
                    r.status is None for r in fake.requests[audit.pos:]), 10, "the bot settled")
            state = await stored(db, game_id)
            audit.state(state)
            audit.check(revealed=last)
            if not last:  # sealed: the others and the server see that, not what
                everyone = public(world, old)
                for other in waiting:
                    theirs = seen(world, other, old)
                    for secret in (card, *draft.split()[1:]):
                        assert secret not in theirs and secret not in everyone

        def revealed(old: set[Any] = old) -> bool:  # told after the last confirm's reply
            return any(msg.attachments and not msg.ephemeral and msg.id not in old
                       and ("revealed" in (msg.content or "") or "game is over" in (msg.content or ""))
                       for msg in thread.messages)

        await fake.wait_for(revealed, 10, "the reveal picture")
        game = await games_db.get_game(db, game_id)
        posted = [msg for msg in thread.messages if not msg.ephemeral and msg.id not in old]
        assert any("Every dig is revealed" in (msg.content or "") for msg in posted)
        # the picture of every board with its score parts (the last: above the final chart),
        # posted once it is drawn (the reveal's lines may be told before it, in the last prompt)
        await fake.wait_for(lambda old=old: any(
            msg.attachments and ("revealed" in (msg.content or "") or "game is over"
                                 in (msg.content or "")) for msg in thread.messages
            if not msg.ephemeral and msg.id not in old), 20, "the reveal picture")
        pictures += 1
        if game.status != "running":
            break
    state = await stored(db, game_id)
    assert state.ended and pictures == 7
    last_posts = [msg for msg in thread.messages if not msg.ephemeral][-3:]
    assert any("The game is over" in (msg.content or "") and msg.attachments for msg in last_posts)
    digs = [d.text for d in await games_db.get_log(db, game_id) if d.text.startswith("dig")]
    assert len(digs) == 7 * seats and all("time=" in d for d in digs)  # R6: every dig stamped
    assert audit.checked["public"] > 20 and audit.checked["files"] > 7 * seats
    assert not fake.unknown_requests and not fake.internal_errors
    refused = [r for r in fake.requests if r.status and r.status >= 400]
    assert not refused, refused
