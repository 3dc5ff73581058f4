"""``python bot.py`` killed with SIGKILL in the middle of a Mining Colony bid round (R6: bids
sealed and simultaneous): one player has bid, the other's bid is cut at a point of its work (the
interaction's callback, the first post to the thread, the n-th request drawn at random). A new
process on the same database loses nothing and doubles nothing: the stored log is the snapshot
replayed, the first bid is there once and still sealed, the second at most once (and there if
the player was told it was done), and the reveal comes once, when both bids are in."""

from __future__ import annotations

import random
import re
from typing import Any

from db import Database
from db import games as games_db
from engine import get_game

from .colony import ColonyTable
from .driver import DONE
from .helpers import pinged, replayed_log, thread_posts, until_told
from .proc import BotProcess

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]
G = get_game("mining-colony")



async def reply(h: Any) -> str:
    return str((await h.reply(20)).content)


def told_reveal(content: str) -> int:
    """The reveals a message tells (not those it quotes in a catch-up digest, "> ..."): one
    message may tell two rounds' (the prompt a round's reveal is told under, edited down)."""
    return sum(line.startswith("Bids revealed") for line in content.splitlines())


async def test_sigkill_in_the_middle_of_a_bid_round(holding_world: Any, tmp_path: Any) -> None:
    world = holding_world
    fake = world.fake
    rng = random.Random(20261123)
    ann, bob = world.players[:2]
    cuts: list[tuple[int, str | None]] = [(1, None), (1, "thread"), (rng.randint(2, 6), None)]
    db = await Database.open(world.db_path)
    log_path = tmp_path / "bot.log"
    proc = await BotProcess(fake, world.db_path, world.guild.id, log_path).start()
    try:
        h = await fake.send_slash_command(ann, world.channel, "game new",
                                          {"game": "mining-colony"})
        m = re.search(r"Lobby #(\d+) is open in <#(\d+)>", await reply(h))
        assert m
        game_id, thread = int(m[1]), fake.channels[m[2]]
        assert "You joined" in await reply(await fake.send_slash_command(bob, thread, "game join"))
        assert "has started" in await reply(await fake.send_slash_command(ann, thread,
                                                                          "game start"))
        game = await games_db.get_game(db, game_id)
        users = {int(s.user_id): s.player_id for s in game.seats}
        pid = {ann: users[int(ann.id)], bob: users[int(bob.id)]}
        for told, (cut, where) in enumerate(cuts, 1):
            state = G.load((await games_db.load_snapshot(db, game_id)).json)
            while state.phase != "bid":  # develop and take until the next bid round
                owed = G.owed(state)[0]
                user = ann if owed.player == pid[ann] else bob
                text = str(G.default(state, owed.player))
                h = await fake.send_slash_command(user, thread, "game do", {"action": text})
                assert await reply(h) == DONE.format(text)
                state = G.load((await games_db.load_snapshot(db, game_id)).json)
            round_no = state.round
            first = str(rng.choice(G.legal(state, pid[ann])))
            while not first.startswith("play"):
                first = str(rng.choice(G.legal(state, pid[ann])))
            h = await fake.send_slash_command(ann, thread, "game do", {"action": first})
            assert await reply(h) == DONE.format(first)
            state = G.load((await games_db.load_snapshot(db, game_id)).json)
            second = next(str(a) for a in G.legal(state, pid[bob]) if str(a).startswith("play"))
            before = len(await replayed_log(db, G, game_id))
            gate = (fake.hold(cut, "POST", f"/channels/{thread.id}/messages") if where == "thread"
                    else fake.hold(cut))
            h = await fake.send_slash_command(bob, thread, "game do", {"action": second})
            await fake.wait_for(lambda h=h, gate=gate: gate.held or (
                h.original is not None and not h.original.loading), 20, f"request #{cut}")
            answered = h.original is not None and not h.original.loading
            await proc.kill()
            fake.release_all()
            proc = await BotProcess(fake, world.db_path, world.guild.id, log_path).start()
            log = await replayed_log(db, G, game_id)
            mine = [d for d in log[before - 1:] if d.player_id == pid[ann] and d.text == first]
            assert len(mine) == 1, "the first bid was lost or doubled"
            applied = len(log) == before + 1
            assert len(log) in (before, before + 1), "the second bid was doubled"
            if answered:
                assert applied and h.original.content == DONE.format(second)
            if f"/interactions/{h.id}/" in (gate.held or "") and not gate.deferral:
                # the held request was this interaction's answer, sent once the bid was stored
                assert applied, "the answer was sent, but the bid it answers was not stored"
            if applied:
                assert not log[-1].sealed and log[-1].text == second  # the reveal unsealed both
            else:
                assert log[-1].sealed and log[-1].text == first  # still secret after the kill
                h = await fake.send_slash_command(bob, thread, "game do", {"action": second})
                assert await reply(h) == DONE.format(second)
            log = await replayed_log(db, G, game_id)
            assert [d.text for d in log].count(second) == 1 and not any(d.sealed for d in log)
            state = G.load((await games_db.load_snapshot(db, game_id)).json)
            assert state.round == round_no and state.phase != "bid"  # revealed, once
            try:
                await fake.wait_for(lambda told=told: sum(
                    told_reveal(msg.content or "") for msg in thread.messages
                    if not msg.ephemeral) >= told, 20, "the reveal posted")
            except TimeoutError:
                raise AssertionError([msg.content for msg in thread.messages[-6:]]) from None
        posted = [msg.content or "" for msg in thread.messages if not msg.ephemeral]
        assert sum(told_reveal(p) for p in posted) == len(cuts)  # never twice
        assert not any("bottom=" in p for p in posted)
    finally:
        await proc.stop()
        await db.close()
    errors = [line for line in proc.output().splitlines()
              if " ERROR " in line or line.startswith("Traceback")]
    assert not errors, "\n".join(errors)


async def test_sigkill_while_both_owe_their_bid(holding_world: Any, tmp_path: Any) -> None:
    """Killed (SIGKILL) while idle at the start of a bid round, after its prompt pinged both
    players: the restarted bot goes on as if it had not stopped (``referee.telling.memory``). Ann bids
    with the prompt's controls posted before the kill; the same prompt is edited (Bob still owes
    his bid: no second message) and Bob, already pinged for this round, is not pinged again."""
    world = holding_world
    fake = world.fake
    ann, bob = world.players[:2]
    db = await Database.open(world.db_path)
    log_path = tmp_path / "bot.log"
    proc = await BotProcess(fake, world.db_path, world.guild.id, log_path).start()
    try:
        table = ColonyTable(world, db, [ann, bob])
        await table.start()
        await table.play(stop=lambda s: s.phase == "bid")
        state, owed = await table.owing()
        assert state.phase == "bid" and sorted(owed) == sorted(table.users), owed
        prompt = table.prompt_for(state.version)
        assert prompt is not None
        await until_told(db, table.game_id, state.version, fake)  # then kill
        await proc.kill()
        proc = await BotProcess(fake, world.db_path, world.guild.id, log_path).start()
        mark = len(fake.requests)
        first = next(p for p in owed if table.users[p] is ann)
        await table.decide(first, state, "button")  # on the prompt posted before the kill
        await fake.wait_for(lambda: table.prompt_for(state.version + 1), 20, "Bob's prompt")
        assert table.prompt_for(state.version + 1) is prompt, "not the same prompt edited"
        assert thread_posts(world, table.thread, mark) == [], "a second prompt for the bids"
        assert str(bob.id) not in pinged(world, table.thread, mark), "Bob pinged again"
        await table.play()
        assert await table.status() == "finished"
    finally:
        await proc.stop()
        await db.close()
    errors = [line for line in proc.output().splitlines()
              if " ERROR " in line or line.startswith("Traceback")]
    assert not errors, "\n".join(errors)
