"""A player's own new hand comes in the private answer to their own decision, not by DM; a DM
goes only when private information changes by something they did not just see (another's
move dealing a new round). docs/limits.md, "Hands in the answer": the answer is an
ephemeral follow-up of their interaction, which Discord does not count against the bot's
global limit; a DM is a counted request. Mining Colony: a bid takes a card from its bidder's
hand (their answer), the round's last bid deals everyone a new hand (the others' DMs)."""

from __future__ import annotations

from typing import Any

from db import games as games_db

from .colony import HAND, PRESENT, ColonyTable, G
from .driver import DONE
from .helpers import settle
from .world import World

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]
DM_WARNING = "I couldn't send you a direct message"


def hand_of(state: Any, player: str) -> set[int]:
    return set(next(p.hand for p in state.players if p.id == player))


def shown(message: Any) -> set[int]:
    found = HAND.search(message.content or "")
    assert found, message.content
    return {int(c) for c in found[1].split(", ") if c.isdigit()}


async def decide_by_do(world: World, table: ColonyTable, text: str | None = None
                       ) -> tuple[str, Any, Any, Any] | None:
    """The owing player's ``/game do`` (``text``, or a seeded legal choice): (player, the
    interaction, the state before, the state after), once everything it told went out; None
    at the end."""
    state, owed = await table.owing()
    if not owed:
        return None
    player = owed[0]
    text = text or table.choose(state, player)
    h = await world.fake.send_slash_command(table.users[player], table.thread, "game do",
                                            {"action": text})
    reply = await h.reply(10)
    assert h.ephemeral and reply.content == DONE.format(text), reply.content
    await settle(world)  # the thread, the answers and the DMs are told after the reply
    return player, h, state, await table.state()


async def started(world: World, db: Any, stella: Any, blocked: Any = None) -> ColonyTable:
    """A seeded two-player game of Mining Colony started and told (``blocked``: a member whose
    DMs are closed)."""
    world.seed_first_game(12)
    await stella()
    if blocked is not None:
        world.fake.block_dms(blocked)
    table = ColonyTable(world, db, world.players[:2])
    await table.start()
    await settle(world)
    return table


async def test_own_hand_in_the_answer_others_by_dm(world: World, db: Any, stella: Any) -> None:
    table = await started(world, db, stella)
    fake = world.fake
    game = await games_db.get_game(db, table.game_id)
    answered = dealt = 0
    for _ in range(40):
        dms = {p: len(fake.dms(u)) for p, u in table.users.items()}
        made = await decide_by_do(world, table)
        if made is None:
            break
        player, h, before, after = made
        keys_before = PRESENT.private_keys(G, before, game.player_ids)
        keys_after = PRESENT.private_keys(G, after, game.player_ids)
        user = table.users[player]
        answers = [m for m in h.followups if HAND.search(m.content or "")]
        assert len(fake.dms(user)) == dms[player], "a DM for the player's own decision"
        if keys_before[player] != keys_after[player]:  # their hand changed: in their answer
            assert len(answers) == 1, [m.content for m in h.followups]
            assert answers[0].ephemeral and answers[0].visible_to == user.id
            assert shown(answers[0]) == hand_of(after, player)
            for other in world.players:
                if other is not user:
                    assert answers[0] not in fake.messages_seen_by(other)
            answered += 1
        else:
            assert not answers
        for other, other_user in table.users.items():
            if other == player:
                continue
            new = fake.dms(other_user)[dms[other]:]
            if keys_before[other] != keys_after[other]:  # another's move changed their hand
                assert len(new) == 1 and shown(new[0]) == hand_of(after, other)
                dealt += 1
    assert answered >= 5 and dealt >= 2, (answered, dealt)


async def test_a_dm_refused_is_said_once_and_the_hand_command_shows_it(
        world: World, db: Any, stella: Any) -> None:
    ann, bob = world.players[:2]
    table = await started(world, db, stella, blocked=bob)
    fake = world.fake
    channel = f"/channels/{fake.dm_channel(bob).id}/messages"
    for _ in range(40):  # until a DM is due to bob: a new round dealt by ann's decision
        if fake.requests_matching("POST", channel):
            break
        assert await decide_by_do(world, table) is not None, "the game ended first"
    refused = fake.requests_matching("POST", channel)
    assert refused and all(r.status == 403 and r.response["code"] == 50007 for r in refused)
    assert table.thread is not None
    warnings = [m for m in table.thread.public_messages if DM_WARNING in m.content]
    assert len(warnings) == 1 and bob.mention in warnings[0].content
    assert "/game hand" in warnings[0].content and ann.mention not in warnings[0].content
    h = await fake.send_slash_command(bob, table.thread, "game hand")
    answer = await h.reply(10)
    state = await table.state()
    bob_player = next(p for p, u in table.users.items() if u is bob)
    assert answer.ephemeral and answer.visible_to == bob.id
    assert shown(answer) == hand_of(state, bob_player)


async def test_an_answer_discord_refuses_goes_by_dm(world: World, db: Any, stella: Any) -> None:
    table = await started(world, db, stella)
    fake = world.fake
    game = await games_db.get_game(db, table.game_id)
    for _ in range(40):  # a decision that changes its own player's hand
        state, owed = await table.owing()
        assert owed, "the game ended first"
        player, text = owed[0], table.choose(state, owed[0])
        after = G.clone(state)
        G.apply(after, player, text)
        if (PRESENT.private_keys(G, state, game.player_ids)[player]
                != PRESENT.private_keys(G, after, game.player_ids)[player]):
            break
        await decide_by_do(world, table, text)
    user = table.users[player]
    dms = len(fake.dms(user))
    # the interaction's webhook refuses everything (its token gone, say): the thread's posts
    # go through the channel, the hand by DM
    fault = fake.fail_requests("POST", "/webhooks/*/*", status=404, code=10015,
                               message="Unknown Webhook", times=50)
    made = await decide_by_do(world, table, text)
    fake.faults.clear()
    assert made is not None and fault.hits >= 1
    _player, h, _before, now = made
    assert not [m for m in h.followups if HAND.search(m.content or "")]
    new = fake.dms(user)[dms:]
    assert len(new) == 1 and shown(new[0]) == hand_of(now, player)
