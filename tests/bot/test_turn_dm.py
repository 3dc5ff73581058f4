"""The opt-in "your turn" DM (issue 12, for members who mute the thread): a player who asked
for it gets one short DM each time the turn passes to them (the moment their prompt pings
them), with the game and the thread's link and nothing else; a player who didn't gets none; a
closed DM is told in the thread once, without a ping."""

from __future__ import annotations

from db import games as games_db
from referee.messages.outbox import MemoryOutbox
from referee.service import Referee
from referee.shared import cache as cached

from .conftest import ANN, BOB, CARD, GUILD, lobby, thread_posts
from .test_quiet_thread import play_defaults, turn_runs

TURN = "➡️ Your turn in "


def turn_dms(out: MemoryOutbox, user: int) -> list[str]:
    return [p.text for p in out.dms.get(user, []) if p.text.startswith(TURN)]


async def test_only_the_opted_in_player_gets_one_dm_per_turn_passed(referee: Referee) -> None:
    out: MemoryOutbox = referee.ctx.out  # type: ignore[assignment]
    await referee.notify.set_turn_dm(ANN, True)
    await referee.notify.set_turn_dm(BOB, True)
    await referee.notify.set_turn_dm(BOB, False)  # Bob changed his mind
    game = await lobby(referee, (ANN, "Ann"), (BOB, "Bob"))
    await referee.lobby.start(game.id, ANN, seed=5)
    await referee.idle()
    game = await cached.get_game(referee.ctx, game.id)
    made = await play_defaults(referee, game.id)
    assert (await cached.get_game(referee.ctx, game.id)).status == "finished" and made
    posts = thread_posts(out, game)
    pinged_ann = sum(ANN in p.ping for p in posts)
    ann_player = next(s.player_id for s in game.seats if s.user_id == ANN)
    passed = turn_runs(await games_db.get_log(referee.db, game.id))[ann_player]
    dms = turn_dms(out, ANN)
    # one DM with each ping that passed the turn to Ann, never more than the turns passed
    assert len(dms) == pinged_ann and 0 < len(dms) <= passed, (len(dms), pinged_ann, passed)
    link = f"https://discord.com/channels/{GUILD}/{game.thread_id}"
    assert set(dms) == {f"{TURN}Stella Digger #{game.id}: {link}"}  # nothing hidden in it
    assert not any(CARD.search(t) for t in dms)
    assert turn_dms(out, BOB) == []  # opted out: none (his hand DMs still come)
    assert out.dms.get(BOB)


async def test_a_closed_dm_is_told_once_in_the_thread_without_a_ping(referee: Referee) -> None:
    out: MemoryOutbox = referee.ctx.out  # type: ignore[assignment]
    await referee.notify.set_turn_dm(ANN, True)
    out.closed_dms.add(ANN)
    game = await lobby(referee, (ANN, "Ann"), (BOB, "Bob"))
    await referee.lobby.start(game.id, ANN, seed=5)
    await referee.idle()
    await play_defaults(referee, game.id, limit=60)
    game = await cached.get_game(referee.ctx, game.id)
    warned = [p for p in thread_posts(out, game) if "couldn't send you your \"your turn\"" in p.text]
    assert len(warned) == 1 and f"<@{ANN}>" in warned[0].text, [p.text for p in warned]
    assert warned[0].ping == ()  # her prompt pinged her already
    hand = [p for p in thread_posts(out, game) if "to see your hand" in p.text]
    assert len(hand) == 1 and hand[0].ping == (ANN,)  # the hand DM's own warning, as before
    assert turn_dms(out, ANN) == []
