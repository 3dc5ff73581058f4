"""``python bot.py`` killed (SIGKILL) in the middle of an Out of Mine! draft: the fake holds one
request of a ``/game draft`` step (its deferral: nothing stored yet; its reply: the draft
stored, nobody told yet) and the process is killed while it waits. Started again on the same
database, every tile saved before is still in the draft with the time it was placed, the step
in flight is either wholly there or not at all, the take-back button of a reply posted before
the kill still works, and the committed dig carries every saved tile's time (R6)."""

from __future__ import annotations

import re
from typing import Any

from db import Database
from db import games as games_db
from db import owed as owed_db
from engine import get_game
from engine.out_of_mine.actions import parse
from games.out_of_mine.bench import grid_text

from .bench_players import edited
from .proc import BotProcess
from .world import World

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]

G = get_game("out-of-mine")


async def say(world: World, user: Any, channel: Any, command: str, **options: str) -> Any:
    h = await world.fake.send_slash_command(user, channel, command, options or None)
    return await h.reply(30)


async def offered(world: World, user: Any, thread: Any) -> str | None:
    """The first tile the autocomplete offers to add (``+WORD``), or None."""
    choices = await world.fake.autocomplete(user, thread, "game draft", "action", value="+",
                                            timeout=30)
    return str(choices[0]["value"])[1:] if choices else None


async def race_game_with_sides(world: World, db: Database) -> tuple[int, Any, str]:
    """Ann opens an Out of Mine! race game, Bob joins, it starts and both choose side a:
    (game id, thread, Ann's player id)."""
    ann, bob = world.players[:2]
    opened = await say(world, ann, world.channel, "game new", game="out-of-mine",
                       options="race=true")
    m = re.search(r"Lobby #(\d+) is open in <#(\d+)>", str(opened.content))
    assert m
    game_id, thread = int(m[1]), world.fake.channels[m[2]]
    await say(world, bob, thread, "game join")
    await say(world, ann, thread, "game start")
    game = await games_db.get_game(db, game_id)
    player = next(s.player_id for s in game.seats if int(s.user_id) == int(ann.id))
    for user in (ann, bob):
        assert "side a" in str((await say(world, user, thread, "game do", action="side a")).content)
    return game_id, thread, player


async def test_sigkill_in_the_middle_of_a_draft(holding_world: World, tmp_path: Any) -> None:
    world = holding_world
    fake = world.fake
    log_path = tmp_path / "bot.log"
    db = await Database.open(world.db_path)
    proc = await BotProcess(fake, world.db_path, world.guild.id, log_path).start()
    try:
        ann, bob = world.players[:2]
        game_id, thread, player = await race_game_with_sides(world, db)
        await say(world, ann, thread, "game do", action="open")
        for _ in range(2):  # two tiles placed and saved before any kill
            word = await offered(world, ann, thread)
            assert word is not None
            reply = await say(world, ann, thread, "game draft", action=f"+{word}")
        saved = await owed_db.get_draft(db, game_id, player)
        assert saved is not None and len(saved.text.split()) == 3
        for cut, path in ((1, "/interactions/**"), (2, "/interactions/**")):
            # the draft's answer, its interaction's callback (cogs.common.QUICK_S): sent once the
            # step is stored, so the killed bot stored it and told nobody; twice
            word = await offered(world, ann, thread)
            assert word is not None
            gate = fake.hold(1, None, path)
            h = await fake.send_slash_command(ann, thread, "game draft", {"action": f"+{word}"})
            await fake.wait_for(lambda gate=gate: gate.held, 30, f"the draft step's request #{cut}")
            await proc.kill()
            fake.release_all()
            proc = await BotProcess(fake, world.db_path, world.guild.id, log_path).start()
            draft = await owed_db.get_draft(db, game_id, player)
            assert draft is not None
            assert draft.text in (saved.text, f"{saved.text} {word}"), "a step half stored"
            assert all(draft.marks[w] == at for w, at in saved.marks.items()), "a saved time moved"
            assert draft.text == f"{saved.text} {word}", "the reply was held after the save"
            assert h.original is None or h.original.loading  # nobody was told
            saved = draft
        # the reply posted by the first process: its take-back button works on the restarted bot
        buttons = [c for c in reply.walk_components()
                   if c.get("type") == 2 and str(c.get("label", "")).startswith("↩ Take back ")]
        assert len(buttons) == 2  # the two tiles placed then, the last first
        taken = str(buttons[-1]["label"]).removeprefix("↩ Take back ")
        assert taken == saved.text.split()[1]
        back = await (await fake.click_button(ann, reply, buttons[-1]["custom_id"])).reply(30)
        assert back.ephemeral and taken not in str(back.content).split("`")[1]
        again = await owed_db.get_draft(db, game_id, player)
        assert again is not None and taken not in again.text.split()
        assert all(again.marks[w] == saved.marks[w] for w in again.text.split()[1:])
        kept = dict(again.marks)
        await say(world, ann, thread, "game draft", action=f"+{taken}")  # placed again, later
        while (word := await offered(world, ann, thread)) is not None:
            await say(world, ann, thread, "game draft", action=f"+{word}")
        done = await say(world, ann, thread, "game confirm")
        assert "Done" in str(done.content)
        dig = [d.text for d in await games_db.get_log(db, game_id) if d.player_id == player and d.text.startswith("dig")]
        assert len(dig) == 1
        placed = {t.word: t.at / 10 for t in parse(dig[0]).tiles}  # type: ignore[attr-defined]
        for w, at in kept.items():  # R6: each tile counts from its last placing, kill or not
            assert abs(placed[w] - at) <= 0.1, (w, placed[w], at)
        assert placed[taken] >= max(kept.values()) - 0.1  # placed again after the others
    finally:
        await proc.stop()
        await db.close()
    errors = [line for line in proc.output().splitlines() if " ERROR " in line or line.startswith("Traceback")]
    assert not errors, "\n".join(errors)


async def test_the_bots_downtime_is_not_on_the_players_clock(holding_world: World,
                                                             tmp_path: Any) -> None:
    """R6 (issue 25): ``python bot.py`` SIGKILLed while Ann's race clock runs, started again:
    the time it was down is taken off her clock and off every later @S, not off the tiles
    placed before."""
    import time

    world = holding_world
    fake = world.fake
    log_path = tmp_path / "bot.log"
    db = await Database.open(world.db_path)
    proc = await BotProcess(fake, world.db_path, world.guild.id, log_path).start()
    try:
        ann, bob = world.players[:2]
        game_id, thread, player = await race_game_with_sides(world, db)
        began = time.time()
        await say(world, ann, thread, "game do", action="open")  # her clock starts
        started_by = time.time()  # it started between began and now (the answer came after)
        word = await offered(world, ann, thread)
        assert word is not None
        await say(world, ann, thread, "game draft", action=f"+{word}")
        before = await owed_db.get_draft(db, game_id, player)
        assert before is not None
        await proc.kill()
        proc = await BotProcess(fake, world.db_path, world.guild.id, log_path).start()
        said = re.search(r"the bot was down [\d.]+ s since its last sign of life: up to "
                         r"([\d.]+) s taken off 1 running race clock", proc.output())
        assert said, "the restart says what it took off"
        down = float(said[1])  # from her clock's start or the last sign of life, to the restart
        # a restart takes some time (imports, connecting; no lease to wait for: the dead
        # process's is taken over at once, db.storage.lease), at most the time since her clock started
        assert 0.0 < down <= time.time() - began
        while (more := await offered(world, ann, thread)) is not None:
            await say(world, ann, thread, "game draft", action=f"+{more}")
        confirmed_from = time.time()  # the bot stops her clock between this and ended
        done = await say(world, ann, thread, "game confirm")
        ended = time.time()
        assert "Done" in str(done.content)
        [dig] = [d.text for d in await games_db.get_log(db, game_id)
                 if d.player_id == player and d.text.startswith("dig")]
        action = parse(dig)
        placed = {t.word: t.at / 10 for t in action.tiles}  # type: ignore[attr-defined]
        took = action.time / 10  # type: ignore[attr-defined]
        assert abs(placed[word] - before.marks[word]) <= 0.1  # placed before the kill: unchanged
        assert took <= ended - began - down + 0.2, (took, ended - began, down)
        # (from the answer to "open" to the sending of "confirm": the two commands' own
        # latencies, seconds on a loaded machine, are not in this bound)
        assert took >= confirmed_from - started_by - down - 1.5, (
            took, confirmed_from - started_by, down)  # one beat, slack
        assert all(at <= took for at in placed.values())
    finally:
        await proc.stop()
        await db.close()


def bench_control(msg: Any, action: str) -> dict[str, Any]:
    return next(c for c in msg.walk_components()
                if f":bench:{action} " in str(c.get("custom_id", "")))


async def test_the_workbench_works_across_restarts(holding_world: World, tmp_path: Any) -> None:
    """The workbench that answered Ann's open, drawn by a process since killed: its select and
    its grid button work on the next process (the ids carry the state version, the draft's
    fingerprint and the kind in hand), and a typed board opened before a second kill is taken
    by the third (discord.py's own store of modals is gone: the bot's ``on_interaction``)."""
    world = holding_world
    fake = world.fake
    log_path = tmp_path / "bot.log"
    db = await Database.open(world.db_path)
    proc = await BotProcess(fake, world.db_path, world.guild.id, log_path).start()
    try:
        ann = world.players[0]
        game_id, thread, player = await race_game_with_sides(world, db)
        bench = await say(world, ann, thread, "game do", action="open")
        assert "Your workbench" in str(bench.content)
        await proc.kill()
        proc = await BotProcess(fake, world.db_path, world.guild.id, log_path).start()
        hand = bench_control(bench, "hand")
        h = await fake.choose_select(ann, bench, hand["custom_id"], [hand["options"][0]["value"]])
        await edited(fake, h, bench)
        assert "In hand" in str(bench.content)
        add = bench_control(bench, "add")
        word = add["options"][0]["value"]
        h = await fake.choose_select(ann, bench, add["custom_id"], [word])
        await edited(fake, h, bench)
        assert f"`dig {word}`" in str(bench.content)
        h = await fake.click_button(ann, bench, bench_control(bench, "grid")["custom_id"])
        await h.response(30)
        assert h.modal is not None
        await proc.kill()
        proc = await BotProcess(fake, world.db_path, world.guild.id, log_path).start()
        state = G.load((await games_db.load_snapshot(db, game_id)).json)
        draft = f"dig {word}"
        while (words := G.options(state, player, draft)):
            draft += f" {words[0]}"
        grid = grid_text(G.view(state, player)["players"][player]["grid"], draft.split()[1:])
        sent = await h.submit_modal({"grid": grid})
        await edited(fake, sent, bench)
        assert f"`{draft}`" in str(bench.content)
        saved = await owed_db.get_draft(db, game_id, player)
        assert saved is not None and saved.text == draft
    finally:
        await proc.stop()
        await db.close()
    errors = [line for line in proc.output().splitlines() if " ERROR " in line or line.startswith("Traceback")]
    assert not errors, "\n".join(errors)
