"""Discord refuses a game's messages, or nobody is left to play: the game is held, never played
out into the void, and nobody loses a turn to a failure that wasn't theirs (issue 10)."""

from __future__ import annotations

from db import games as games_db
from db import holds as holds_db
from db import notified as notified_db
from db import timers as timers_db
from db.holds import HoldReason
from referee.errors import WrongPhase
from referee.messages.outbox import Failure, MemoryOutbox
from referee.service import Referee
from referee.shared import cache as cached

from .conftest import ANN, BOB, CHANNEL, MOD, Clock, lobby, owed, started, two_players


def out_of(ref: Referee) -> MemoryOutbox:
    out = ref.ctx.out
    assert isinstance(out, MemoryOutbox)
    return out


async def test_a_refused_prompt_is_not_recorded_as_posted(referee: Referee, clock: Clock) -> None:
    game = await two_players(referee)
    out = out_of(referee)
    user, _, _ = await owed(referee, game.id)
    assert game.thread_id is not None
    out.refusals[game.thread_id] = Failure.PERMISSION  # 50013 on everything in the thread
    await referee.sessions.decide(game.id, user, "target B1")
    await referee.idle()  # the prompt is tried after the reply (referee.messages.tell)
    table = await referee.sessions.running(game.id)
    posted, _ = await notified_db.last_told(referee.db, game.id)
    assert posted != table.version  # the lost prompt is not counted as posted
    assert [b.game_id for b in await notified_db.behind(referee.db)] == [game.id]
    hold = await holds_db.get(referee.db, game.id)
    assert hold is not None and hold.reason == HoldReason.UNDELIVERED and hold.retry_at is not None
    # the deadline doesn't run while the player has no prompt: no timeout, no strike
    after = await cached.get_game(referee.ctx, game.id)
    assert after.deadline is None and after.remind_at is None
    clock.advance(7 * 24 * 3600)
    await referee.timers.tick()
    await referee.idle()
    assert len(await games_db.get_log(referee.db, game.id)) == 1
    assert all(s.missed_deadlines == 0 for s in (await cached.get_game(referee.ctx, game.id)).seats)
    # the moderators were told once, in the parent channel, pinging nobody
    told = [p for p in out.threads[CHANNEL] if f"Game #{game.id}" in p.text]
    assert len(told) == 1 and told[0].ping == () and "permission" in told[0].text
    # still refused at the retry: told no second time, tried later again (backoff)
    assert await referee.holds.retry_due(hold.retry_at) == 0
    again = await holds_db.get(referee.db, game.id)
    assert again is not None and again.attempts == 2 and again.retry_at is not None
    assert again.retry_at - hold.retry_at > hold.retry_at - hold.since
    assert len([p for p in out.threads[CHANNEL] if f"Game #{game.id}" in p.text]) == 1
    # fixed: the retry posts the prompt, pings the player, the deadline starts now
    del out.refusals[game.thread_id]
    assert await referee.holds.retry_due(again.retry_at) == 1
    assert await holds_db.get(referee.db, game.id) is None
    last = out.threads[game.thread_id][-1]
    assert last.panel is not None and last.ping and "couldn't be posted earlier" in last.text
    assert (await cached.get_game(referee.ctx, game.id)).deadline is not None
    posted, _ = await notified_db.last_told(referee.db, game.id)
    assert posted == table.version


async def test_a_lost_prompt_is_posted_again_after_a_restart(db, clock: Clock) -> None:
    out = MemoryOutbox()
    ref = Referee(db, out, clock=clock)
    game = await two_players(ref)
    user, _, _ = await owed(ref, game.id)
    assert game.thread_id is not None
    out.refusals[game.thread_id] = Failure.TRANSIENT
    await ref.sessions.decide(game.id, user, "target B1")
    await ref.idle()
    await ref.close()
    del out.refusals[game.thread_id]
    again = Referee(db, out, clock=clock)
    try:
        await again.resume()
        assert await again.catch_up(spacing=0) == 1
        assert out.threads[game.thread_id][-1].panel is not None
        assert await holds_db.get(db, game.id) is None
        assert (await games_db.get_game(db, game.id)).deadline is not None
    finally:
        await again.close()


async def test_a_gone_thread_pauses_the_game(referee: Referee, clock: Clock) -> None:
    game = await started(referee, (ANN, "Ann"), (BOB, "Bob"), bots=("random",), seed=3)
    out = out_of(referee)
    user, _, _ = await owed(referee, game.id)
    assert game.thread_id is not None
    out.refusals[game.thread_id] = Failure.GONE  # 10003: the thread was deleted
    await referee.sessions.decide(game.id, user, "target B1")
    await referee.idle()
    hold = await holds_db.get(referee.db, game.id)
    assert hold is not None and hold.reason == HoldReason.GONE
    versions = len(await games_db.get_log(referee.db, game.id))
    # nothing runs on: no timeouts, no AI moves, no strikes, never finished
    for _ in range(10):
        clock.advance(3 * 24 * 3600)
        await referee.timers.tick()
        await referee.idle()
    game = await cached.get_game(referee.ctx, game.id)
    assert game.status == "running" and len(await games_db.get_log(referee.db, game.id)) == versions
    assert all(s.missed_deadlines == 0 and not s.absent for s in game.seats)
    # a player acting is told clearly, nothing changes
    other, _, table = await owed(referee, game.id)
    default = str(referee.ctx.game.default(table.state))
    try:
        await referee.sessions.decide(game.id, other, default)
        raise AssertionError("a paused game took a decision")
    except WrongPhase as exc:
        assert "paused" in str(exc) and "/game-admin move" in str(exc)
    # the moderators are told where to look (the parent channel)
    told = [p.text for p in out.threads[CHANNEL] if f"Game #{game.id} is paused" in p.text]
    assert len(told) == 1 and f"<#{game.thread_id}>" in told[0]
    # a moderator moves it: new thread, board and prompt there, deadline runs again
    moved = await referee.moderation.move(game.id, CHANNEL, MOD)
    await referee.idle()
    assert moved.thread_id not in (None, game.thread_id)
    assert await holds_db.get(referee.db, game.id) is None
    posts = out.threads[moved.thread_id]
    assert "moved here" in posts[0].text and posts[1].files and posts[-1].panel is not None
    assert (await cached.get_game(referee.ctx, game.id)).deadline is not None
    assert await referee.sessions.decide(game.id, other, default) == default


async def test_nobody_present_pauses_and_nothing_is_scored(referee: Referee, clock: Clock) -> None:
    game = await started(referee, (ANN, "Ann"), bots=("random",), seed=2)
    ann = game.seat_of_user(ANN)
    assert ann is not None
    await timers_db.set_absent(referee.db, game.id, ann.player_id, True)  # Ann walks away
    await referee.sessions.advance(game.id)
    await referee.idle()
    game = await cached.get_game(referee.ctx, game.id)
    assert game.status == "running" and await games_db.get_results(referee.db, game.id) == []
    hold = await holds_db.get(referee.db, game.id)
    assert hold is not None and hold.reason == HoldReason.NOBODY and game.deadline is None
    clock.advance(30 * 24 * 3600)
    await referee.timers.tick()
    await referee.idle()
    assert (await cached.get_game(referee.ctx, game.id)).status == "running"
    # Ann is back: the game goes on with a deadline
    assert await referee.info.back(game, ANN)
    await referee.idle()
    assert await holds_db.get(referee.db, game.id) is None
    assert (await cached.get_game(referee.ctx, game.id)).deadline is not None


async def test_a_game_needs_a_human_seat_to_start(referee: Referee) -> None:
    game = await lobby(referee, (ANN, "Ann"))
    await referee.lobby.leave(game.id, ANN)
    for _ in range(3):
        await referee.lobby.add_bot(game.id, ANN, "random")
    try:
        await referee.lobby.start(game.id, ANN)
        raise AssertionError("an all-AI game started")
    except Exception as exc:
        assert "at least one human" in str(exc)
    assert (await cached.get_game(referee.ctx, game.id)).status == "lobby"


async def test_automatic_moves_are_told_in_one_message_per_run(referee: Referee) -> None:
    """Three AI seats and one human: each run of AI moves is one message, not one per move."""
    referee.ctx.auto_pace = 0.0  # a run longer than RUN_MAX is still two messages, without the 2 s
    game = await started(referee, (ANN, "Ann"), bots=("random", "random", "random"), seed=4)
    for _ in range(8):
        user, _, table = await owed(referee, game.id)
        await referee.sessions.decide(game.id, user, str(referee.ctx.game.default(table.state)))
        await referee.idle()
    log = await games_db.get_log(referee.db, game.id)
    automatic = [d for d in log if d.source == "ai"]
    human = len(log) - len(automatic)
    posts = out_of(referee).threads[game.thread_id]  # type: ignore[index]
    rounds = sum(1 for p in posts if p.files)
    assert len(automatic) >= 3 * human
    # per human decision: its message and prompt; per AI run: one message (and a new round's map)
    text_only = [p for p in posts if not p.files and p.panel is None]
    assert len(text_only) <= human + 2 + rounds, [p.text[:60] for p in text_only]
    assert "draws a" in "\n".join(p.text for p in posts)  # the AI's moves are still told


async def test_a_member_taking_an_absent_seat_ends_the_pause(referee: Referee) -> None:
    game = await started(referee, (ANN, "Ann"), bots=("random",), seed=2)
    ann = game.seat_of_user(ANN)
    assert ann is not None
    await timers_db.set_absent(referee.db, game.id, ann.player_id, True)
    await referee.sessions.advance(game.id)
    await referee.idle()
    assert (await holds_db.get(referee.db, game.id)) is not None
    await referee.moderation.replace(game.id, ann.player_id, MOD, user_id=BOB, name="Bob")
    await referee.idle()
    # Bob or the AI owes the next decision: either way the game goes on with Bob present
    table = await referee.sessions.running(game.id)
    to_act = referee.ctx.engine(table.game).to_act(table.state)
    seat = table.game.seat_of_player(to_act.player)
    assert seat is not None and seat.user_id == BOB
    user, _, table = await owed(referee, game.id)
    default = str(referee.ctx.engine(table.game).default(table.state, to_act.player))
    await referee.sessions.decide(game.id, user, default)
    await referee.idle()
    assert await holds_db.get(referee.db, game.id) is None
    assert (await cached.get_game(referee.ctx, game.id)).deadline is not None
