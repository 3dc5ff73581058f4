"""Deadlines: reminders, defaults at timeouts, absent seats and coming back."""

from __future__ import annotations

from db import games as games_db
from referee.messages import choices
from referee.service import Referee
from referee.shared import cache as cached

from .conftest import ANN, BOB, Clock, owed, thread_posts, two_players

PREFERRED = ("mine", "draw", "target", "fight", "refill", "pass")


async def bob_acts(ref: Referee, game_id: int) -> None:
    _, _, table = await owed(ref, game_id)
    texts = choices.ordered(ref.ctx.game.legal(table.state))
    pick = next((t for verb in PREFERRED for t in texts if t.startswith(verb)), texts[0])
    await ref.sessions.decide(game_id, BOB, pick)
    await ref.idle()


async def time_out(ref: Referee, clock: Clock, game_id: int) -> None:
    game = await cached.get_game(ref.ctx, game_id)
    assert game.deadline is not None
    clock.t = game.deadline
    await ref.timers.tick()
    await ref.idle()


async def test_reminder_then_timeout(referee: Referee, clock: Clock) -> None:
    game = await two_players(referee)
    user, player, table = await owed(referee, game.id)
    posts = thread_posts(referee.ctx.out, game)  # type: ignore[arg-type]
    count = len(posts)
    clock.t = game.remind_at - 1  # just before the reminder
    await referee.timers.tick()
    await referee.idle()
    assert len(posts) == count
    clock.t = game.remind_at
    await referee.timers.tick()
    await referee.idle()  # told in the game's queue (``Timers._tell_reminder``)
    assert len(posts) == count + 1
    reminder = posts[-1]
    assert "Reminder" in reminder.text and reminder.ping == (user,) and reminder.panel is not None
    assert (await cached.get_game(referee.ctx, game.id)).reminder_sent
    await referee.timers.tick()
    await referee.idle()
    assert len(posts) == count + 1  # once

    await time_out(referee, clock, game.id)
    log = await games_db.get_log(referee.db, game.id)
    default = str(referee.ctx.game.default(table.state))
    assert [(d.player_id, d.text, d.source) for d in log] == [(player, default, "timeout")]
    note = next(p for p in posts[count:] if "ran out of time" in p.text)
    assert f"<@{user}>" in note.text and f"`{default}`" in note.text
    after = await cached.get_game(referee.ctx, game.id)
    assert after.seat_of_user(user).missed_deadlines == 1
    assert after.deadline == clock.t + 86400 and not after.reminder_sent


async def test_three_missed_deadlines_make_a_seat_absent_until_the_player_is_back(
        referee: Referee, clock: Clock) -> None:
    game = await two_players(referee)
    for _ in range(200):
        game = await cached.get_game(referee.ctx, game.id)
        if game.seat_of_user(ANN).absent:
            break
        user, _, _ = await owed(referee, game.id)
        if user == BOB:
            await bob_acts(referee, game.id)
        else:
            await time_out(referee, clock, game.id)
    ann = game.seat_of_user(ANN)
    assert ann.absent and ann.missed_deadlines == 3
    posts = thread_posts(referee.ctx.out, game)  # type: ignore[arg-type]
    assert any("now marked absent" in p.text for p in posts)
    log = await games_db.get_log(referee.db, game.id)
    assert [d.source for d in log if d.player_id == ann.player_id] == ["timeout"] * 3

    # Ann's decisions are now made at once; Bob always has the turn.
    for _ in range(15):
        if (await cached.get_game(referee.ctx, game.id)).status != "running":
            break
        user, _, _ = await owed(referee, game.id)
        assert user == BOB
        await bob_acts(referee, game.id)
    log = await games_db.get_log(referee.db, game.id)
    assert "auto" in [d.source for d in log if d.player_id == ann.player_id]
    assert any("is absent: the default decision" in p.text for p in posts)

    game = await cached.get_game(referee.ctx, game.id)
    assert await referee.info.back(game, ANN)
    assert "is back" in posts[-1].text
    game = await cached.get_game(referee.ctx, game.id)
    assert not game.seat_of_user(ANN).absent and game.seat_of_user(ANN).missed_deadlines == 0
    assert not await referee.info.back(game, ANN)
    for _ in range(30):
        user, _, _ = await owed(referee, game.id)
        if user == ANN:
            break
        await bob_acts(referee, game.id)
    assert user == ANN  # decisions wait for her again


async def test_acting_resets_the_missed_count(referee: Referee, clock: Clock) -> None:
    game = await two_players(referee)
    user, _, _ = await owed(referee, game.id)
    await time_out(referee, clock, game.id)
    game = await cached.get_game(referee.ctx, game.id)
    missed = game.seat_of_user(user)
    assert missed.missed_deadlines == 1
    while True:
        now_user, _, table = await owed(referee, game.id)
        if now_user == user:
            break
        await referee.sessions.decide(game.id, now_user, str(referee.ctx.game.default(table.state)))
    await referee.sessions.decide(game.id, user, str(referee.ctx.game.default(table.state)))
    assert (await cached.get_game(referee.ctx, game.id)).seat_of_user(user).missed_deadlines == 0


async def test_turn_time_limit_is_a_game_setting(referee: Referee, clock: Clock) -> None:
    game = await two_players(referee, turn_hours=0.5)
    assert game.options["turn_seconds"] == 1800
    assert game.deadline == clock.t + 1800 and game.remind_at == clock.t + 1800 - 450
