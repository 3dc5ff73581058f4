"""Two clicks at once: the bot gets both interactions before it answered either, and the
decision is applied once; the other click is told, privately, that it came too late."""

from __future__ import annotations

from db import games as games_db
from referee.messages.choices import ordered

from .audit import HAND_LINE
from .driver import DONE, GameDriver, Policy, answer, said, select_of, split_id, turn_ids
from .helpers import advance_until, owes, settle
from .world import GAME

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]
TOO_LATE = ("This prompt is out of date", "It's not your turn", "Right now the decision is")


def one_done(texts: list[str], answers: set[str]) -> None:
    """One of ``texts`` says the decision was made (one of ``answers``: a click's words, a
    command's notation), the others that they came too late."""
    done = [t for t in texts if t in answers]
    assert len(done) == 1, texts
    for t in texts:
        if t not in answers:
            assert any(phrase in t for phrase in TOO_LATE), t


async def test_two_clicks_on_the_same_button_apply_once(world, db, stella):
    await stella()
    driver = GameDriver(world, db, world.players[:3])
    await driver.setup()
    policy = Policy(4, budget=30)
    for _ in range(6):  # a target choice and draws: one-click buttons
        user, player = driver.owing()
        prompt = await driver.prompt()
        cid = next(c for c in turn_ids(prompt) if split_id(c)[3] == "do")
        decision = split_id(cid)[4]
        answers = {said(GAME.name, driver.state, decision)}
        log_before = len(await driver.log())
        first = await driver.click(user, prompt, cid)
        second = await driver.click(user, prompt, cid)  # sent before the bot answered the first
        replies = [await answer(h) for h in (first, second)]
        assert second.sent_at < first.callback_at, "not at once: the bot answered the first click already"
        assert all(m.ephemeral for m in replies)
        one_done([m.content for m in replies], answers)
        await settle(world)
        assert len(await driver.log()) == log_before + 1
        await driver.applied(player, decision)
        prompts = [m for m in driver.thread.public_messages if driver.prompt_for(driver.state.version) is m]
        assert len(prompts) <= 1
    # the game goes on normally
    await driver.play(policy, stop_at=len(driver.played) + 3)


async def test_two_picks_in_one_private_select_apply_once(world, db, stella):
    await stella()
    driver = GameDriver(world, db, world.players[:2])
    await driver.setup()
    await advance_until(driver, Policy(9, budget=0),
                        lambda s: owes("action")(s) and any(str(a).startswith("mine ") for a in GAME.legal(s)))
    user, player = driver.owing()
    prompt = await driver.prompt()
    mine = next(c for c in turn_ids(prompt) if split_id(c)[3:] == ("verb", "mine"))
    msg = await answer(await driver.click(user, prompt, mine))
    texts = [t for t in map(str, GAME.legal(driver.state)) if t.startswith("mine ")]
    # narrow down until the select offers single decisions, then pick one twice at once
    for _ in range(5):
        select = select_of(msg)
        assert select is not None
        singles = [o for o in select["options"] if int(o["value"].split("-")[1]) - int(o["value"].split("-")[0]) == 1]
        if singles:
            break
        old = select["custom_id"]
        h = await driver.select(user, msg, old, select["options"][0]["value"])
        await h.response()
        await world.fake.wait_for(lambda old=old: select_of(msg) is not None and select_of(msg)["custom_id"] != old)
    option = singles[0]
    decision = ordered(GAME.legal(driver.state))[int(option["value"].split("-")[0])]
    assert decision in texts  # (its label is in players' words: "Mine with blue-4")
    log_before = len(await driver.log())
    a = await driver.select(user, msg, select["custom_id"], option["value"])
    b = await driver.select(user, msg, select["custom_id"], option["value"])
    await a.response()
    await b.response()
    assert b.sent_at < a.callback_at, "not at once"
    def answers() -> list:  # what each pick answered besides updating the select's own message
        # (the decision's public posts are follow-ups of its interaction too: not answers; nor
        # the new hand it shows its player, docs/limits.md "Hands in the answer")
        return [m for h in (a, b) for m in h.messages if m.id != msg.id and m.ephemeral
                and not HAND_LINE.search(m.content or "")]

    await world.fake.wait_for(lambda: msg.content.startswith("✅") and answers())
    await settle(world)
    late = [m.content for m in answers()]
    assert len(late) == 1 and any(p in late[0] for p in TOO_LATE), late
    assert all(m.ephemeral and m.visible_to == user.id for m in answers())
    hands = [m for h in (a, b) for m in h.messages if HAND_LINE.search(m.content or "")]
    assert len(hands) <= 1 and all(m.ephemeral and m.visible_to == user.id for m in hands)
    assert msg.content == said(GAME.name, driver.state, decision)
    assert len(await driver.log()) == log_before + 1
    await driver.applied(player, decision)


async def test_a_button_and_a_command_at_once_apply_once(world, db, stella):
    await stella()
    driver = GameDriver(world, db, world.players[:2])
    await driver.setup()
    for _ in range(3):
        user, player = driver.owing()
        prompt = await driver.prompt()
        cid = next(c for c in turn_ids(prompt) if split_id(c)[3] == "do")
        decision = split_id(cid)[4]
        answers = {DONE.format(decision), said(GAME.name, driver.state, decision)}
        log_before = len(await driver.log())
        handles = [await driver.click(user, prompt, cid),
                   await driver.send(user, driver.thread, "stella do", {"action": decision}),
                   await driver.click(user, prompt, cid)]
        replies = [await answer(h) for h in handles]
        await settle(world)
        done = [m.content for m in replies if m.content in answers]
        log = await driver.log()
        # the command is not tied to a prompt: after the click it is a new decision if still legal
        assert len(log) - log_before == len(done) and len(done) >= 1, [m.content for m in replies]
        for d in log[log_before:]:
            await driver.applied(d.player_id, d.text)


async def test_two_joins_and_two_starts_at_once(world, db, stella):
    await stella()
    driver = GameDriver(world, db, world.players[:2])
    await driver.open()
    host, guest = driver.users
    gid = driver.game_id
    joins = [await driver.click(guest, driver.lobby_message, f"sd:{gid}:lobby:join") for _ in range(2)]
    texts = [(await answer(h)).content for h in joins]
    assert sorted("You joined" in t for t in texts) == [False, True], texts
    game = await games_db.get_game(db, gid)
    assert [s.user_id for s in game.seats] == [int(host.id), int(guest.id)]
    starts = [await driver.click(host, driver.lobby_message, f"sd:{gid}:lobby:start") for _ in range(2)]
    texts = [(await answer(h)).content for h in starts]
    assert sorted("has started" in t for t in texts) == [False, True], texts
    await settle(world)
    assert len(await driver.log()) == 0
    begins = [m for m in driver.thread.public_messages if m.content.startswith("🚀")]
    assert len(begins) == 1
    await driver.sync()
