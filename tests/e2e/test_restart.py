"""Restarts: the bot stopped mid-game (in this process), and ``python bot.py`` killed with SIGKILL
at a random point of a decision. Started again on the same database, no decision is lost, none is
applied twice, and the controls posted before the restart still work or say they are out of date.
"""

from __future__ import annotations

import contextlib
import random
import re
from typing import Any

from db import Database
from db import games as games_db

from .audit import HAND_LINE
from .driver import DONE, GameDriver, Played, Policy, answer, select_of, split_id, turn_ids
from .helpers import PATIENCE, Unchanged, advance_until, owes, refused, settle, until_told
from .proc import BotProcess
from .world import GAME, stop

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]
STALE = "This prompt is out of date"


def replayed(initial: str, log: list) -> str:
    """The state the decision log leads to (each decision applied once, in order)."""
    state = GAME.load(initial)
    for d in log:
        assert d.prev_version == state.version, (d.seq, d.prev_version, state.version)
        GAME.apply(state, d.player_id, d.text)
        assert d.version == state.version
    return GAME.dump(state)


async def consistent(db: Database, game_id: int) -> list:
    """The stored snapshot is exactly the initial state plus the logged decisions."""
    log = await games_db.get_log(db, game_id)
    assert [d.seq for d in log] == list(range(1, len(log) + 1))
    initial = (await games_db.load_initial(db, game_id)).json
    snap = await games_db.load_snapshot(db, game_id)
    assert replayed(initial, log) == snap.json, "the snapshot is not the log replayed"
    assert snap.version == (log[-1].version if log else GAME.load(initial).version)
    return log


def dm_hands(world, driver: GameDriver) -> list[tuple[Any, list[str] | None, list[str]]]:
    """(user, the hand the bot last showed them alone, the hand they hold): by DM, or in the
    private answer to their own decision (docs/limits.md, "Hands in the answer")."""
    out = []
    fake = world.fake
    for user in driver.users:
        player = driver.seats()[user.id]
        held = sorted(next(p.hand for p in driver.state.players if p.id == player))
        own = fake.dms(user)
        dms = [m for m in fake.messages_seen_by(user) if m.author is fake.bot_user
               and (m in own or m.ephemeral) and HAND_LINE.search(m.content or "")]
        m = HAND_LINE.search(dms[-1].content) if dms else None
        shown = None if m is None else ([] if m[3] == "no cards" else sorted(x.strip() for x in m[3].split(",")))
        out.append((user, shown, held))
    return out


def up_to_date(shown: list[str] | None, now: list[str]) -> bool:
    """Does the hand a player was last shown alone match the one they hold? An emptied hand
    holds nothing private: no DM says it (``Notifier.dm_hands``), the last hand shown stays."""
    return shown == now or not now


async def test_stop_and_start_again_mid_game(world, db, stella):
    first = await stella()
    driver = GameDriver(world, db, world.players[:3])
    await driver.setup()
    policy = Policy(11, budget=60)
    await advance_until(driver, policy, lambda s: owes("action")(s) and len(driver.played) >= 14
                        and any(str(a).startswith("mine ") for a in GAME.legal(s)))
    current = await driver.prompt()
    # the earlier prompts were edited down to what happened: no stale controls left
    assert driver.prompt_for(driver.state.version - 1) is None
    # The owing player opens the private "Mine…" select, then the bot goes down.
    owing, player = driver.owing()
    mine = next(cid for cid in turn_ids(current) if split_id(cid)[3:] == ("verb", "mine"))
    opened = await answer(await driver.click(owing, current, mine))
    assert select_of(opened) is not None
    before = await Unchanged.take(driver)
    log_before = await consistent(db, driver.game_id)
    old_ids = turn_ids(current)
    assert old_ids
    await stop(world, first)
    assert not world.fake.bot_connected

    await stella()  # a new process would do the same: same database, nothing in memory
    await settle(world)
    assert await Unchanged.take(driver) == before, "the restart changed the game or posted something"
    assert await consistent(db, driver.game_id) == log_before
    # the private select opened before the restart still works...
    text = next(t for t in map(str, GAME.legal(driver.state)) if t.startswith("mine "))
    handles = await driver.navigate(owing, opened, text)
    driver.played.append(Played(owing, text, "button", handles))
    await driver.applied(player, text)
    # ...and the prompt the first bot posted is the one the new bot edited (it remembers it:
    # referee.telling.memory), down to what happened or in place for the same player deciding on: none
    # of its controls from before the restart is left
    assert not set(old_ids) & set(turn_ids(current)), "stale controls left after the restart"
    assert all((split_id(cid) or (0, -1))[1] == driver.state.version for cid in turn_ids(current))
    # a second restart: the current prompt, posted by the bot before it, still works
    prompt = await driver.prompt()
    await stop(world, world.bot)
    await stella()
    await settle(world)
    await driver.decide(method="button", policy=policy)
    assert driver.played[-1].handles[0].source_message is prompt
    await driver.play(policy)
    await driver.check_final()
    await consistent(db, driver.game_id)


async def test_sigkill_at_a_random_point_of_a_decision(holding_world, tmp_path):
    """``python bot.py`` is killed (SIGKILL) in the middle of a decision, four times: the fake holds
    one REST request of the bot's during that decision and the process is killed while it waits
    for the answer. The held request is the interaction's callback (the answer itself, sent
    right after the decision is stored: cogs.common.QUICK_S), the
    first message to the game's thread (the decision is stored, nothing is told yet), and twice
    the n-th request of the decision, n drawn at random. Each time a new process starts on the
    same database."""
    world = holding_world
    fake = world.fake
    rng = random.Random(20240611)
    cuts: list[tuple[int, str | None]] = [(1, None), (1, "thread"), *((n, None) for n in rng.sample(range(2, 8), 2))]
    log_path = tmp_path / "bot.log"
    db = await Database.open(world.db_path)
    proc = await BotProcess(fake, world.db_path, world.guild.id, log_path).start()
    no_prompt: list[tuple[int, str | None, int, str]] = []
    stale_dms: list[tuple[Any, ...]] = []
    try:
        driver = GameDriver(world, db, world.players[:2], audit=False)
        await driver.setup()
        policy = Policy(5, budget=40)
        await driver.play(policy, stop_at=6)
        for cut, where in cuts:
            await driver.play(policy, stop_at=len(driver.played) + rng.randint(1, 4))
            assert not driver.state.ended
            user, player = driver.owing()
            text = policy.choose(driver.state)
            prompt = await driver.prompt()
            gate = (fake.hold(cut, "POST", f"/channels/{driver.thread.id}/messages") if where == "thread"
                    else fake.hold(cut))
            h = await driver.send(user, driver.thread, "stella do", {"action": text})
            await fake.wait_for(lambda h=h, gate=gate: gate.held or (h.original is not None and not h.original.loading),
                                PATIENCE, f"the bot's request #{cut} ({where or 'any'}) of the decision")
            answered = h.original is not None and not h.original.loading
            await proc.kill()
            fake.release_all()
            proc = await BotProcess(fake, world.db_path, world.guild.id, log_path).start()
            log = await consistent(db, driver.game_id)
            applied = bool(log) and log[-1].version == driver.state.version + 1
            assert len(log) == len(driver.played) + (1 if applied else 0), "a decision was lost or doubled"
            if answered:
                assert applied and h.original.content == DONE.format(text), "answered Done but not stored"
            if f"/interactions/{h.id}/" in (gate.held or "") and not gate.deferral:
                # the held request was this interaction's answer, sent once the decision was stored
                assert applied, "the answer was sent, but the decision it answers was not stored"
            if applied:
                await driver.applied(player, text)
                driver.played.append(Played(user, text, "do", [h]))
                # the prompt posted before the kill is out of date...
                # (unless the killed bot had already edited it down to what happened, or in
                # place to the next question: the same player deciding on)
                old_ids = [cid for cid in turn_ids(prompt)
                           if (split_id(cid) or (0, -1))[1] != driver.state.version]
                if old_ids:
                    snap = await Unchanged.take(driver)
                    await refused(driver, await driver.click(user, prompt, old_ids[0]), snap, STALE)
                # once a bot (the killed one or the new one) has told this version (the
                # prompt and the hand DMs went out, then db.notified recorded it)...
                with contextlib.suppress(TimeoutError):  # never told: listed below
                    await until_told(db, driver.game_id, driver.state.version, fake)
                # ...the turn must not be stuck: the thread has a prompt for what is owed now
                if driver.prompt_for(driver.state.version) is None:
                    no_prompt.append((cut, gate.held, driver.state.version, text))
                # every player's latest hand DM shows the hand they hold now
                stale_dms.extend((cut, gate.held, text, u.username, shown, now)
                                 for u, shown, now in dm_hands(world, driver)
                                 if not up_to_date(shown, now))
            else:
                # not stored: the same prompt's control makes the decision now
                await driver.decide(text, method="button")
                assert driver.played[-1].handles[0].source_message is prompt
        await driver.play(policy)
        await driver.check_final()
        await consistent(db, driver.game_id)
    finally:
        await proc.stop()
        await db.close()
    errors = [line for line in proc.output().splitlines() if " ERROR " in line or line.startswith("Traceback")]
    assert not errors, "\n".join(errors)
    assert not no_prompt, (
        "killed after the decision was stored but before the next turn prompt was posted, the "
        "restarted bot never posts it, so the thread has no buttons for the owed decision "
        f"(held request #, the request, game version, decision): {no_prompt}")
    assert not stale_dms, (
        "killed after the decision was stored but before the hands were sent by DM, the restarted "
        "bot does not send them: the player's last DM shows a hand they no longer hold "
        f"(held request #, the request, decision, player, hand in the last DM, hand now): {stale_dms}")


async def test_lobby_buttons_work_after_a_restart(world, db, stella):
    first = await stella()
    driver = GameDriver(world, db, world.players[:3])
    await driver.open()
    lobby = driver.lobby_message
    await stop(world, first)
    await stella()
    await settle(world)
    # a command (not a click on it) changes the lobby: the new bot edits the lobby message the
    # first one posted all the same (it remembers it: referee.telling.memory)
    h = await driver.send(world.players[1], driver.thread, "stella join")
    assert "You joined" in (await answer(h)).content
    await settle(world)
    assert "Players (2/" in lobby.content, lobby.content
    h = await driver.click(world.players[2], lobby, f"sd:{driver.game_id}:lobby:join")
    await h.wait_followups(1)  # the Join button the first bot posted
    await driver.start(via="button")  # its Start button
    clicked = [h for h in driver.interactions if h.source_message is lobby]
    assert len(clicked) == 2  # a Join and the Start, both on the message posted before the restart
    await driver.play(Policy(2, budget=10), stop_at=3)


async def test_sigkill_between_the_reply_and_the_thread_post(holding_world, tmp_path):
    """The player's reply goes out as soon as the decision is stored; the thread and the hands
    are told afterwards (``referee.messages.tell``). The fake holds the decision's first post to the
    thread (a follow-up of its interaction); the player already has "Done"; the bot is killed
    (SIGKILL) then. A new process on
    the same database posts the prompt the kill cut off and sends the changed hands."""
    world = holding_world
    fake = world.fake
    db = await Database.open(world.db_path)
    log_path = tmp_path / "bot.log"
    proc = await BotProcess(fake, world.db_path, world.guild.id, log_path).start()
    try:
        driver = GameDriver(world, db, world.players[:2], audit=False)
        await driver.setup()
        policy = Policy(7, budget=30)
        await driver.play(policy, stop_at=4)
        for _ in range(2):
            user, player = driver.owing()
            text = policy.choose(driver.state)
            # the decision's first post to the thread: a follow-up of its interaction
            # (cogs/discordpy/outbox.py); after the restart the channel's
            gate = fake.hold(1, "POST", "/webhooks/*/*")
            h = await driver.send(user, driver.thread, "stella do", {"action": text})
            await fake.wait_for(lambda h=h, gate=gate: gate.held is not None and h.original is not None
                                and not h.original.loading, PATIENCE, "the reply, then the held thread post")
            assert h.original.content == DONE.format(text)  # replied before anything was posted
            assert driver.prompt_for(driver.state.version + 1) is None
            await proc.kill()
            fake.release_all()
            proc = await BotProcess(fake, world.db_path, world.guild.id, log_path).start()
            log = await consistent(db, driver.game_id)
            assert log[-1].version == driver.state.version + 1, "the replied decision was not stored"
            await driver.applied(player, text)
            driver.played.append(Played(user, text, "do", [h]))
            await fake.wait_for(lambda: driver.prompt_for(driver.state.version), PATIENCE,
                                "the prompt the kill cut off, posted by the new process")
            await fake.wait_for(lambda: all(up_to_date(shown, now)
                                            for _u, shown, now in dm_hands(world, driver)),
                                PATIENCE, "every hand DM up to date")
        await driver.play(policy, stop_at=len(driver.played) + 3)
        await consistent(db, driver.game_id)
    finally:
        await proc.stop()
        await db.close()
    errors = [line for line in proc.output().splitlines() if " ERROR " in line or line.startswith("Traceback")]
    assert not errors, "\n".join(errors)


async def test_a_run_and_the_prompts_go_on_after_a_restart(world, db, stella):
    """A player chose a run of draws on their prompt ("Draw all 4": referee.messages.runs) and the other
    player owes a draw when the bot restarts. The other player's prompt, posted before the
    restart, still works; the new bot edits it down to what happened (no stale controls) and
    the run goes on: the chooser's next draw is made when it is due, without asking them."""
    await stella()
    driver = GameDriver(world, db, world.players[:2], audit=False)
    await driver.setup()
    await advance_until(driver, Policy(3), owes("draw"))
    user, player = driver.owing()
    prompt = await driver.prompt()
    select = select_of(prompt)
    assert select is not None and (split_id(select["custom_id"]) or ())[3:4] == ("run",)
    option = select["options"][-1]
    assert option["label"].startswith("Draw all"), option
    h = await driver.select(user, prompt, select["custom_id"], option["value"])
    first, *rest = re.findall(r"`([^`]+)`", (await answer(h)).content)
    assert rest, "a run of one draw"
    await driver.applied(player, first)
    other, other_player = driver.owing()
    assert other_player != player
    before = await driver.prompt()  # the other player's prompt, posted before the restart
    await stop(world, world.bot)
    await stella()
    await settle(world)
    text = next(t for t in map(str, GAME.legal(driver.state)) if t.startswith("draw"))
    handles = await driver.by_button(other, text)
    assert handles[0].source_message is before
    GAME.apply(driver.state, other_player, text)
    await driver.applied(player, rest[0])  # the run's next step, made as soon as it was due
    log = await driver.log()
    assert [(d.player_id, d.text, d.source) for d in log[-2:]] == [
        (other_player, text, "player"), (player, rest[0], "player")]
    assert not turn_ids(before), "the prompt from before the restart kept its controls"
    assert driver.owing() == (other, other_player)
    await driver.prompt()  # the other player is asked for their next draw
