"""Close the bot, open a new one on the same database: games and timers continue."""

from __future__ import annotations

from pathlib import Path

import engine
from bot import RefereeBot
from db import games as games_db
from referee.messages.outbox import MemoryOutbox
from referee.shared import cache as cached

from .conftest import ANN, BOB, Clock, lobby, owed, settings, two_players


async def test_restart_continues_games_and_timers(db_path: Path, clock: Clock) -> None:
    out = MemoryOutbox()
    first = RefereeBot(settings(database_path=db_path), outbox=out, clock=clock)
    await first.prepare()
    assert first.referee is not None
    game = await two_players(first.referee)
    user, _, _ = await owed(first.referee, game.id)
    await first.referee.sessions.decide(game.id, user, "target B1")
    before = await cached.get_game(first.referee.ctx, game.id)
    await first.close()

    clock.advance(3 * 86400)  # the bot was down past the deadline
    second = RefereeBot(settings(database_path=db_path), outbox=out, clock=clock)
    await second.prepare()
    ref = second.referee
    assert ref is not None
    assert await ref.resume() == 1
    # the deadline passed while the bot was down: not a missed deadline, but a grace period
    # (RESTART_GRACE_MINUTES, 10) with a reminder at once
    game = await cached.get_game(ref.ctx, game.id)
    assert game.version == before.version
    assert game.deadline == clock.t + 600 and game.remind_at == clock.t
    user, player, table = await owed(ref, game.id)
    posts = out.threads[game.thread_id]
    count = len(posts)
    decided = await games_db.get_log(ref.db, game.id)
    await ref.timers.tick()
    await ref.idle()
    assert await games_db.get_log(ref.db, game.id) == decided
    assert len(posts) == count + 1 and "Reminder" in posts[-1].text and posts[-1].ping == (user,)
    clock.advance(599)
    await ref.timers.tick()
    assert await games_db.get_log(ref.db, game.id) == decided and len(posts) == count + 1
    clock.advance(1)
    await ref.timers.tick()
    await ref.idle()
    log = await games_db.get_log(ref.db, game.id)
    assert (log[-1].player_id, log[-1].source) == (player, "timeout")
    assert log[-1].text == str(ref.ctx.game.default(table.state))
    assert "ran out of time" in "\n".join(p.text for p in out.threads[game.thread_id])
    # and players go on with the new bot
    user, _, table = await owed(ref, game.id)
    await ref.sessions.decide(game.id, user, str(ref.ctx.game.default(table.state)),
                              version=table.version, tag=table.tag)
    await second.close()


def _seed_where_the_ai_starts() -> int:
    g = engine.get_game("stella-digger")
    for seed in range(100):
        state = g.new_game([str(ANN), "ai-1"], {}, seed=seed)
        if g.to_act(state).player == "ai-1":
            return seed
    raise AssertionError("no seed")


async def test_restart_resumes_ai_turns(db_path: Path, clock: Clock) -> None:
    out = MemoryOutbox()
    first = RefereeBot(settings(database_path=db_path), outbox=out, clock=clock)
    await first.prepare()
    ref = first.referee
    assert ref is not None
    game = await lobby(ref, (ANN, "Ann"), bots=("random",))
    await ref.lobby.start(game.id, ANN, seed=_seed_where_the_ai_starts())
    await first.close()  # before the AI had its turn (its task is cancelled)

    second = RefereeBot(settings(database_path=db_path), outbox=out, clock=clock)
    await second.prepare()
    assert second.referee is not None
    await second.referee.resume()
    await second.referee.idle()
    user, _, _ = await owed(second.referee, game.id)
    assert user == ANN
    log = await games_db.get_log(second.referee.db, game.id)
    assert log and log[0].source == "ai"
    await second.close()


async def test_two_games_at_once_in_one_server(db_path: Path, clock: Clock) -> None:
    bot = RefereeBot(settings(database_path=db_path), outbox=MemoryOutbox(), clock=clock)
    await bot.prepare()
    assert bot.referee is not None
    a = await two_players(bot.referee)
    b = await lobby(bot.referee, (BOB, "Bob"))
    assert a.thread_id != b.thread_id
    assert (await bot.referee.info.find(a.thread_id)).id == a.id
    assert (await bot.referee.info.find(b.thread_id)).id == b.id
    await bot.close()


async def test_a_prompt_lost_in_a_crash_is_posted_again(db_path: Path, clock: Clock) -> None:
    out = MemoryOutbox()
    first = RefereeBot(settings(database_path=db_path), outbox=out, clock=clock)
    await first.prepare()
    assert first.referee is not None
    game = await two_players(first.referee)
    user, _, _ = await owed(first.referee, game.id)
    await first.referee.sessions.decide(game.id, user, "target B1")
    await first.close()
    posts = out.threads[game.thread_id]
    count = len(posts)

    second = RefereeBot(settings(database_path=db_path), outbox=out, clock=clock)
    await second.prepare()
    assert second.referee is not None
    await second.referee.resume()
    assert await second.referee.catch_up(spacing=0) == 0
    assert len(posts) == count  # everything was posted: nothing is posted again
    # the bot dies after committing a decision, before telling anyone
    user, _, table = await owed(second.referee, game.id)

    async def crash(*_args: object, **_kwargs: object) -> None:
        return None

    second.referee.notify.after_decision = crash  # type: ignore[method-assign]
    decision = str(second.referee.ctx.game.default(table.state))
    await second.referee.sessions.decide(game.id, user, decision)
    await second.close()
    assert len(posts) == count
    dms = {u: len(m) for u, m in out.dms.items()}

    third = RefereeBot(settings(database_path=db_path), outbox=out, clock=clock)
    await third.prepare()
    assert third.referee is not None
    await third.referee.resume()
    assert len(posts) == count  # nothing is sent before the bot is connected
    assert await third.referee.catch_up(spacing=0) == 1
    _, player, table = await owed(third.referee, game.id)
    assert posts[-1].panel is not None and "restarted" in posts[-1].text
    assert f"`{decision}`" in posts[-1].text
    assert await out.last_prompt(game.thread_id, game.id) == (table.version, table.tag)
    # whoever's hand changed got it by DM, showing the hand they hold now
    held = {p.id: sorted(p.hand) for p in table.state.players}
    for seat in table.game.seats:
        if len(out.dms.get(seat.user_id, [])) > dms.get(seat.user_id, 0):
            assert all(card in out.dms[seat.user_id][-1].text for card in held[seat.player_id])
    # a fourth start: nothing left to catch up
    await third.close()
    fourth = RefereeBot(settings(database_path=db_path), outbox=out, clock=clock)
    await fourth.prepare()
    assert fourth.referee is not None
    await fourth.referee.resume()
    assert await fourth.referee.catch_up(spacing=0) == 0
    await fourth.close()


async def test_a_deadline_missed_while_down_with_its_prompt_lost_gets_one_prompt(
        db_path: Path, clock: Clock) -> None:
    """The bot died after a decision, before posting the next prompt, and stayed down past the
    next deadline: the caught-up prompt shows the grace deadline, and no reminder doubles it."""
    out = MemoryOutbox()
    first = RefereeBot(settings(database_path=db_path), outbox=out, clock=clock)
    await first.prepare()
    assert first.referee is not None
    game = await two_players(first.referee)
    user, _, table = await owed(first.referee, game.id)

    async def crash(*_args: object, **_kwargs: object) -> None:
        return None

    first.referee.notify.after_decision = crash  # type: ignore[method-assign]
    await first.referee.sessions.decide(game.id, user, str(first.referee.ctx.game.default(table.state)))
    await first.close()
    posts = out.threads[game.thread_id]
    count = len(posts)

    clock.advance(2 * 86400)
    second = RefereeBot(settings(database_path=db_path, restart_grace_minutes=30), outbox=out,
                       clock=clock)
    await second.prepare()
    ref = second.referee
    assert ref is not None
    await ref.resume()
    stored = await cached.get_game(ref.ctx, game.id)
    assert stored.deadline == clock.t + 1800 and stored.remind_at is None
    await ref.timers.tick()  # no reminder: the prompt comes with the catch-up
    assert len(posts) == count
    assert await ref.catch_up(spacing=0) == 1
    assert len(posts) == count + 1 and "restarted" in posts[-1].text
    assert f"<t:{clock.t + 1800}" in posts[-1].text
    await ref.timers.tick()
    assert len(posts) == count + 1
    assert [d.source for d in await games_db.get_log(ref.db, game.id)] == ["player"]
    await second.close()


async def test_the_thread_memory_is_the_same_after_a_restart(db_path: Path, clock: Clock) -> None:
    """What the notifier keeps about each thread (the prompt to edit next and whom it pinged,
    who owed, each player's catch-up, the lobby message, a run in progress: ``referee.telling.memory``)
    is written through and is exactly the same in a new referee on the same database."""
    from db import Database
    from referee.service import Referee

    from .conftest import CY, started

    out = MemoryOutbox()
    db = await Database.open(db_path, synchronous="OFF")
    first = Referee(db, out, settings(), clock=clock)
    game = await started(first, (ANN, "Ann"), (BOB, "Bob"), (CY, "Cy"))
    opened = await lobby(first, (ANN, "Ann"), (BOB, "Bob"))  # a lobby is remembered too
    for _ in range(3):  # the targets, then the first draw of the deal
        user, _, table = await owed(first, game.id)
        await first.sessions.decide(game.id, user, str(first.ctx.game.default(table.state)))
        await first.idle()
    user, player, table = await owed(first, game.id)
    runs = first.ctx.present(table.game).runs(first.ctx.game.view(table.state, None), player,
                                              sorted(map(str, first.ctx.game.legal(table.state))))
    await first.sessions.run(game.id, user, table.version, table.tag, "draw", len(runs) - 1)
    await first.idle()
    assert first.notify.plans.left(game.id, player), "no run in progress"

    def memory(ref: Referee) -> tuple[object, ...]:
        n = ref.notify
        return (n.trail.last(game.id), n.trail.dump(game.id), n.digests.dump(game.id),
                [n.plans.left(game.id, s.player_id) for s in table.game.seats],
                n.boards.lobby_messages.get(game.id), n.boards.lobby_messages.get(opened.id))

    before = memory(first)
    assert before[0] is not None and before[2] is not None and before[5] is not None
    await first.close()
    second = Referee(db, out, settings(), clock=clock)
    await second.resume()
    assert memory(second) == before
    await second.close()
    await db.close()
