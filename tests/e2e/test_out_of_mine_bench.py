"""A whole seeded 2-player Out of Mine! game on the workbench (``referee.deciding.workbench``),
every decision a click or a modal as a player would make it: the prompt's buttons for sides
and ``open``, whose private reply is the round's workbench; one player places tiles by taking a
kind in hand and picking numbers (the kind stays in hand), the other types the whole board in
the modal; both confirm on the workbench. Asserted on the whole game: one private message per
player per round (the workbench, edited in place), a board by pointing in at most
2 + kinds + tiles interactions (open, a pick per kind, one per tile, confirm), a typed board in
4 (open, the grid button, the grid, confirm), at most one DM per player per round and none that
says only "not your turn", and nothing of a workbench in public before the reveal."""

from __future__ import annotations

import re
from typing import Any

from engine import get_game
from games.out_of_mine.bench import grid_text

from .helpers import settle
from .test_out_of_mine import SealedAudit, side_by_button, stored
from .world import World

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]

G = get_game("out-of-mine")


def bench_controls(msg: Any) -> dict[str, dict[str, Any]]:
    """The workbench's controls by their action (``hand``, ``add``, ``confirm`` ...)."""
    out = {}
    for c in msg.walk_components():
        cid = str(c.get("custom_id", ""))
        if ":bench:" in cid:
            out[cid.split(":bench:")[1].split(" ")[0]] = c
    return out


async def open_bench(world: World, thread: Any, user: Any) -> tuple[Any, int]:
    """The prompt's open control (the button itself, or the verb button and its one choice):
    the reply is the workbench. Returns it and the interactions used."""
    fake = world.fake
    prompt = await fake.wait_for(lambda: next(
        (m for m in reversed(thread.messages) if not m.ephemeral and any(
            str(c.get("custom_id", "")).endswith((":do:open", ":verb:open"))
            for c in m.walk_components())), None), 10, "a prompt with the open button")
    button = next(str(c["custom_id"]) for c in prompt.walk_components()
                  if str(c.get("custom_id", "")).endswith((":do:open", ":verb:open")))
    h = await fake.click_button(user, prompt, button)
    bench = await h.reply(10)
    assert bench.ephemeral and bench.visible_to == user.id
    assert "Your workbench" in str(bench.content), bench.content
    assert any(a.filename.endswith("-workbench.png") for a in bench.attachments)
    return bench, 1


async def by_pointing(world: World, user: Any, bench: Any) -> tuple[str, int, int, int]:
    """Take the first kind in hand, place its placement 1 until it fits nowhere, then the next
    kind, until nothing fits; then confirm. Returns the commit, the interactions, the tiles and
    the kinds placed. Every step edits the same message."""
    fake = world.fake
    clicks = tiles = kinds = 0
    while "hand" in (controls := bench_controls(bench)):
        hand = controls["hand"]["options"][0]["value"]
        h = await fake.choose_select(user, bench, controls["hand"]["custom_id"], [hand])
        assert (await h.reply(10)).id == bench.id  # edited in place
        clicks += 1
        kinds += 1
        while "add" in (controls := bench_controls(bench)):
            option = controls["add"]["options"][0]
            assert option["label"] == "1"  # the number drawn on the picture
            h = await fake.choose_select(user, bench, controls["add"]["custom_id"],
                                         [option["value"]])
            assert (await h.reply(10)).id == bench.id
            assert option["value"] in str(bench.content)  # placed exactly that one
            clicks += 1
            tiles += 1
    done = await confirm(world, user, bench)
    return done, clicks + 1, tiles, kinds


async def confirm(world: World, user: Any, bench: Any) -> str:
    button = bench_controls(bench)["confirm"]
    assert button["label"].startswith("✅ Confirm · scores"), button["label"]
    h = await world.fake.click_button(user, bench, button["custom_id"])
    assert (await h.reply(10)).id == bench.id
    m = re.search(r"Committed: `(dig[^`]*)`", str(bench.content))
    assert m, bench.content
    assert not bench_controls(bench)
    return m[1]


async def by_grid(world: World, user: Any, bench: Any, state: Any, player: str) -> str:
    """Type a whole board in the modal (a greedy legal one, written as the grid it is), then
    confirm: four interactions with the open."""
    fake = world.fake
    draft = "dig"
    while (words := G.options(state, player, draft)):
        draft += f" {words[0]}"
    grid = grid_text(G.view(state, player)["players"][player]["grid"], draft.split()[1:])
    h = await fake.click_button(user, bench, bench_controls(bench)["grid"]["custom_id"])
    await h.response(10)
    modal = h.modal
    assert modal is not None and "#" in str(modal)  # prefilled with the board's rock
    sent = await h.submit_modal({"grid": grid})
    assert (await sent.reply(10)).id == bench.id
    assert f"`{draft}`" in str(bench.content), (draft, bench.content)
    return await confirm(world, user, bench)


async def test_whole_game_on_the_workbench(world: World, db: Any, stella: Any) -> None:
    await stella()
    fake = world.fake
    users = world.players[:2]
    audit = SealedAudit(world)
    h = await fake.send_slash_command(users[0], world.channel, "game new",
                                      {"game": "out-of-mine", "options": "race=true"})
    m = re.search(r"Lobby #(\d+) is open in <#(\d+)>", str((await h.reply(10)).content))
    assert m
    game_id, thread = int(m[1]), fake.channels[m[2]]
    await (await fake.send_slash_command(users[1], thread, "game join")).reply(10)
    await (await fake.send_slash_command(users[0], thread, "game start")).reply(10)
    game = await db.get_game(game_id)
    pid = {int(s.user_id): s.player_id for s in game.seats}
    by_player = {pid[int(u.id)]: u for u in users}
    order = list(game.player_ids)
    pointing: list[tuple[int, int, int]] = []  # (interactions, tiles, kinds) per board
    typed: list[int] = []
    for _round in range(7):
        await settle(world)
        state = await stored(db, game_id)
        audit.state(state)
        for o in G.owed(state):
            if o.decision == "side":
                await side_by_button(world, thread, by_player[o.player])
        await settle(world)
        audit.state(await stored(db, game_id))
        audit.check()
        for i, player in enumerate(order):
            user = by_player[player]
            private_before = len([x for x in fake.messages_seen_by(user) if x.ephemeral])
            bench, clicks = await open_bench(world, thread, user)
            state = await stored(db, game_id)
            audit.state(state)
            if i == 0:
                draft, more, tiles, kinds = await by_pointing(world, user, bench)
                pointing.append((clicks + more, tiles, kinds))
            else:
                draft = await by_grid(world, user, bench, state, player)
                typed.append(4)
            private = [x for x in fake.messages_seen_by(user) if x.ephemeral]
            assert len(private) - private_before == 1, [x.content for x in private[-3:]]
            audit.seal(user, draft, state.player(player).board_side)
            await settle(world)
            last = i == len(order) - 1
            if last:
                await fake.wait_for(lambda: any("Every dig is revealed" in (x.content or "")
                                                for x in thread.messages if not x.ephemeral),
                                    10, "the reveal")
                await fake.wait_for(lambda: not any(
                    r.status is None for r in fake.requests[audit.pos:]), 10, "settled")
            audit.state(await stored(db, game_id))
            audit.check(revealed=last)
        game = await db.get_game(game_id)
        if game.status != "running":
            break
    state = await stored(db, game_id)
    assert state.ended
    for clicks, tiles, kinds in pointing:  # open, a pick per kind, one per tile, confirm
        assert clicks == 2 + kinds + tiles, (clicks, tiles, kinds)
    assert max(typed) <= 4
    for user in users:  # at most one DM a round (its board changed), none saying only
        dms = fake.dms(user)  # "not your turn": each one a new round's board
        rounds = [re.search(r"round (\d) of 7: board \d+", str(x.content)) for x in dms]
        assert all(rounds) and len({r[1] for r in rounds if r}) == len(dms) <= 7, [
            x.content for x in dms]
    assert not fake.unknown_requests and not fake.internal_errors
    refused = [r for r in fake.requests if r.status and r.status >= 400]
    assert not refused, refused
