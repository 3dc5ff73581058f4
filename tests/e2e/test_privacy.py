"""Private stays private. Every game in these tests runs under ``PrivacyAudit`` (each request the
bot sent to a public place is checked for cards nobody has shown, its pictures against the
spectator view's); here: DMs only to their owner, DMs refused with 50007, and the answers
that show a hand."""

from __future__ import annotations

from render.stella_digger import board as render_board
from render.stella_digger import hand as render_hand

from .audit import HAND_LINE, assert_everything_public_is_public, cards
from .driver import GameDriver, Policy, answer, select_of, split_id, turn_ids
from .helpers import advance_until, owes
from .world import GAME

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]
DM_WARNING = "I couldn't send you a direct message"


async def test_closed_dms_fall_back_to_ephemeral(world, db, stella):
    await stella()
    ann, bob = world.players[:2]
    world.fake.block_dms(bob)
    driver = GameDriver(world, db, [ann, bob])
    await driver.setup()
    policy = Policy(21, budget=30)
    await advance_until(driver, policy, owes("action"))  # every hand is dealt
    fake = world.fake
    # each sees the hand their own decisions changed in the private answer to them (no DM)
    for user in (ann, bob):
        shown = [m for m in fake.messages_seen_by(user) if m.ephemeral and m.visible_to == user.id
                 and HAND_LINE.search(m.content or "")]
        assert shown, f"{user.username} saw no hand in an answer"
    refused_dms = [r for r in fake.requests_matching("POST", f"/channels/{fake.dm_channel(bob).id}/messages")]
    assert all(r.status == 403 and r.response["code"] == 50007 for r in refused_dms)
    assert not [m for m in fake.dms(bob) if m.author is fake.bot_user]
    warnings = [m for m in driver.thread.public_messages if DM_WARNING in m.content]
    assert len(warnings) == (1 if refused_dms else 0)  # a DM due and refused: said once
    for warning in warnings:
        assert bob.mention in warning.content and "/stella hand" in warning.content
        assert ann.mention not in warning.content
    # the fallback: /stella hand, in the thread or anywhere, answered only to bob
    bob_id = driver.seats()[bob.id]
    for channel in (driver.thread, world.channel):
        h = await driver.send(bob, channel, "stella hand")
        msg = await answer(h)
        assert msg.ephemeral and msg.visible_to == bob.id
        hand = next(p.hand for p in driver.state.players if p.id == bob_id)
        m = HAND_LINE.search(msg.content)
        assert m and sorted(x.strip() for x in m[3].split(",")) == sorted(hand)
        assert msg.attachments[0].data == render_hand.hand_png(GAME.view(driver.state, bob_id), bob_id)
    # bob plays on with his private selects; the warning is not repeated
    await driver.play(policy)
    await driver.check_final()
    assert len([m for m in driver.thread.public_messages if DM_WARNING in m.content]) <= 1
    assert not [m for m in fake.dms(bob) if m.author is fake.bot_user]
    assert_everything_public_is_public(world, [driver])


async def test_answers_that_show_a_hand_go_only_to_its_owner(world, db, stella):
    await stella()
    driver = GameDriver(world, db, world.players[:3])
    await driver.setup()
    await advance_until(driver, Policy(8, budget=20), owes("action"))
    view = GAME.view(driver.state, None)
    for user in [*driver.users, world.stranger]:
        h = await driver.send(user, driver.thread, "stella status")
        msg = await answer(h)
        assert msg.ephemeral and msg.visible_to == user.id
        assert "Your hand in game" not in msg.content and not cards(msg.content) - driver.audit.public_cards
        assert msg.attachments[0].data == render_board.board_png(view)
    for user in driver.users:
        player = driver.seats()[user.id]
        msg = await answer(await driver.send(user, driver.thread, "stella hand"))
        assert msg.ephemeral and msg.visible_to == user.id
        m = HAND_LINE.search(msg.content)
        hand = next(p.hand for p in driver.state.players if p.id == player)
        assert m and sorted(x.strip() for x in m[3].split(",")) == sorted(hand)
        # the hand last shown to the player alone (a DM, or the answer to their own
        # decision) is their own hand
        dms = world.fake.dms(user)
        shown = [d for d in world.fake.messages_seen_by(user) if d.author is world.fake.bot_user
                 and (d.ephemeral or d in dms) and d is not msg
                 and HAND_LINE.search(d.content or "")]
        assert shown
        assert HAND_LINE.search(shown[-1].content)[3] == m[3]
    # the private select of a verb button lists the owing player's choices to them only
    owing, player = driver.owing()
    prompt = await driver.prompt()
    verbs = [c for c in turn_ids(prompt) if split_id(c)[3] == "verb"]
    assert verbs, "an action prompt with cards in hand has verb buttons (no card on a public button)"
    for cid in verbs:
        msg = await answer(await driver.click(owing, prompt, cid))
        assert msg.ephemeral and msg.visible_to == owing.id
        hand = next(p.hand for p in driver.state.players if p.id == player)
        shown = set().union(*(cards(o["label"]) for o in select_of(msg)["options"])) if select_of(msg) else set()
        assert shown <= set(hand) | driver.audit.public_cards
        for other in [*driver.users, world.stranger]:
            if other is not owing:
                assert msg not in world.fake.messages_seen_by(other)
    driver.audit.check(driver.state, [], seats=driver.seats())
    assert_everything_public_is_public(world, [driver])
