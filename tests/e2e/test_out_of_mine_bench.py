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

from db import games as games_db
from engine import get_game

from .bench_players import by_grid, by_pointing, open_bench, side_by_click
from .helpers import settle
from .test_out_of_mine import SealedAudit, stored
from .world import World

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]

G = get_game("out-of-mine")


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
    started = {str(u.id): len([x for x in fake.messages_seen_by(u) if x.ephemeral])
               for u in users}
    game = await games_db.get_game(db, game_id)
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
                await side_by_click(fake, thread, by_player[o.player])
        await settle(world)
        audit.state(await stored(db, game_id))
        audit.check()
        for i, player in enumerate(order):
            user = by_player[player]
            private_before = len([x for x in fake.messages_seen_by(user) if x.ephemeral])
            bench = await open_bench(fake, thread, user)
            state = await stored(db, game_id)
            audit.state(state)
            if i == 0:
                board = await by_pointing(fake, user, bench)
                pointing.append((board.clicks, board.tiles, board.kinds))
            else:
                board = await by_grid(fake, user, bench, state, player)
                typed.append(board.clicks)
            draft = board.dig.split(" time=")[0]
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
        game = await games_db.get_game(db, game_id)
        if game.status != "running":
            break
    state = await stored(db, game_id)
    assert state.ended
    for clicks, tiles, kinds in pointing:  # open, a pick per kind, one per tile, confirm
        assert clicks == 2 + kinds + tiles, (clicks, tiles, kinds)
        assert tiles > 8 or kinds > 3 or clicks <= 13  # the bound: 8 tiles of 3 kinds
    assert max(typed) <= 4
    board = re.compile(r"round (\d) of 7: board \d+")
    for user in users:  # one private message a round: the workbench (a side click says
        # nothing privately: the thread says it for everyone)
        private = [x for x in fake.messages_seen_by(user) if x.ephemeral][started[str(user.id)]:]
        news = [x for x in private if board.search(str(x.content))]
        assert len(private) == 7 and all(x.visible_to == user.id for x in private)
        # no DM and no hand in an answer (issue 29): a new round's board, a reveal are
        # public (R3); the card and the commit, private, are shown by the workbench that
        # answers the open and the reply to the commit
        told = [*fake.dms(user), *news]
        assert told == [], [x.content for x in told]
    assert not fake.unknown_requests and not fake.internal_errors
    refused = [r for r in fake.requests if r.status and r.status >= 400]
    assert not refused, refused
