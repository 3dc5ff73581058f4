"""The referee with several players owing at once (the tests' sealed-bid game, until a real
game with simultaneous decisions is registered): answers in any order, each hidden from the
others until the reveal (log, thread, DMs, autocomplete, notes), a timer per owed decision,
drafts checked as they grow, referee-measured times."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from db import Database, Game
from db import games as games_db
from db import owed as owed_db
from engine import IllegalDecision, NotYourTurn
from referee.messages.outbox import MemoryOutbox
from referee.service import Referee
from referee.shared import cache as cached
from tests.platform.conftest import SEALED, register_sealed_bid, unregister_sealed_bid

from .conftest import ANN, BOB, CHANNEL, CY, GUILD, MOD, T0, Clock
from .conftest import settings as bot_settings

HOUR = 3600


@pytest.fixture(autouse=True)
def _sealed_bid() -> Iterator[None]:
    register_sealed_bid()
    yield
    unregister_sealed_bid()


async def sealed_game(ref: Referee, *, timed: bool = False, players: int = 2) -> Game:
    users = [(ANN, "Ann"), (BOB, "Bob"), (CY, "Cy")][:players]
    game = await ref.lobby.open(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN, host_name="Ann",
                                game_name=SEALED, options={"timed": timed}, turn_hours=1)
    for user, name in users[1:]:
        await ref.lobby.join(game.id, user, name)
    await ref.lobby.start(game.id, ANN, seed=1)
    await ref.idle()
    return await cached.get_game(ref.ctx, game.id)


def everything_but(out: MemoryOutbox, game: Game, user: int) -> str:
    """All the thread posts and every DM but ``user``'s."""
    assert game.thread_id is not None
    texts = [p.text for p in out.threads.get(game.thread_id, [])]
    texts += [p.text for u, posts in out.dms.items() if u != user for p in posts]
    return "\n".join(texts)


async def test_both_owe_at_once_and_answer_in_any_order(referee: Referee) -> None:
    game = await sealed_game(referee)
    table = await referee.sessions.running(game.id)
    g = referee.ctx.engine(game)
    assert [o.player for o in g.owed(table.state)] == game.player_ids  # both owe at once
    timers = await cached.owed_timers(referee.ctx, game.id)
    assert {t.player_id for t in timers} == set(game.player_ids)
    posts = referee.ctx.out.threads[game.thread_id]  # type: ignore[attr-defined]
    prompt = posts[-1]
    assert f"<@{ANN}>" in prompt.text and f"<@{BOB}>" in prompt.text and set(prompt.ping) == {ANN, BOB}
    assert await referee.sessions.decide(game.id, BOB, "bid 3") == "bid 3"  # the second seat first
    with pytest.raises(NotYourTurn):
        await referee.sessions.decide(game.id, BOB, "bid 5")
    assert await referee.sessions.decide(game.id, ANN, "bid 5") == "bid 5"
    table = await referee.sessions.running(game.id)
    assert table.state.round == 2 and table.state.points[game.player_ids[0]] == 1


async def test_a_sealed_answer_stays_hidden_until_the_reveal(referee: Referee) -> None:
    game = await sealed_game(referee)
    out: MemoryOutbox = referee.ctx.out  # type: ignore[assignment]
    await referee.sessions.decide(game.id, ANN, "bid 5 8")
    await referee.idle()  # what it tells goes out after the reply (referee.messages.tell)
    log = await games_db.get_log(referee.db, game.id)
    assert log[-1].sealed and log[-1].text == "bid 5 8"
    assert "5 8" not in everything_but(out, game, ANN)
    assert "5 8" not in await referee.info.log(game, 20, BOB)
    assert "5 8" in await referee.info.log(game, 20, ANN)
    assert "5 8" not in await referee.info.log(game, 20, None)
    status, _ = await referee.info.status(game, BOB)
    assert "5 8" not in status
    assert all("5 8" not in c for c in await referee.sessions.complete(game.id, BOB, "bid "))
    with pytest.raises(Exception, match="secret decisions"):
        await referee.moderation.export(game.id)
    await referee.sessions.decide(game.id, BOB, "bid 1")  # the last bid: the reveal
    await referee.idle()
    assert not any(d.sealed for d in await games_db.get_log(referee.db, game.id))
    assert "bid 5 8" in await referee.info.log(game, 20, BOB)
    assert "Bids revealed" in everything_but(out, game, ANN)


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(first=st.sets(st.sampled_from([1, 2, 3, 5, 8])), second=st.sets(st.sampled_from([1, 2, 3, 5, 8])))
async def test_others_see_the_same_whatever_was_bid(tmp_path_factory: pytest.TempPathFactory,
                                                    first: set[int], second: set[int]) -> None:
    """Two tables, one answer each: every message anyone else got is the same."""
    seen = []
    for bid in (first, second):
        path = Path(tmp_path_factory.mktemp("db")) / "x.sqlite3"
        db = await Database.open(path, synchronous="OFF")
        out = MemoryOutbox()
        ref = Referee(db, out, bot_settings(), clock=Clock())
        try:
            register_sealed_bid()
            game = await sealed_game(ref)
            await ref.sessions.decide(game.id, ANN, "bid " + " ".join(map(str, sorted(bid))))
            await ref.idle()
            seen.append((everything_but(out, game, ANN), await ref.info.log(game, 20, BOB),
                         await ref.sessions.complete(game.id, BOB, "bid ")))
        finally:
            await ref.close()
            await db.close()
    assert seen[0] == seen[1]


async def test_each_owed_decision_times_out_to_its_own_default(referee: Referee,
                                                               clock: Clock) -> None:
    game = await sealed_game(referee, players=3)
    deadline = T0 + HOUR
    assert {t.deadline for t in await cached.owed_timers(referee.ctx, game.id)} == {deadline}
    clock.advance(600)
    await referee.sessions.decide(game.id, BOB, "bid 2")  # bob answers; ann and cy don't
    timers = {t.player_id: t for t in await cached.owed_timers(referee.ctx, game.id)}
    ann, cy = game.seat_of_user(ANN).player_id, game.seat_of_user(CY).player_id  # type: ignore[union-attr]
    assert set(timers) == {ann, cy} and timers[ann].deadline == deadline  # kept, not restarted
    clock.advance(HOUR)
    await referee.timers.tick(int(clock()))
    await referee.idle()
    log = await games_db.get_log(referee.db, game.id)
    late = {d.player_id: d for d in log if d.source == "timeout"}
    assert set(late) == {ann, cy} and all(d.text == "bid" for d in late.values())
    seats = {s.player_id: s for s in (await cached.get_game(referee.ctx, game.id)).seats}
    assert seats[ann].missed_deadlines == 1 and seats[cy].missed_deadlines == 1
    assert seats[game.seat_of_user(BOB).player_id].missed_deadlines == 0  # type: ignore[union-attr]
    new = await cached.owed_timers(referee.ctx, game.id)  # round 2: everyone's own new deadline
    assert len(new) == 3 and all(t.deadline == int(clock()) + HOUR for t in new)


async def test_a_saved_legal_draft_is_committed_at_the_deadline(referee: Referee,
                                                                clock: Clock) -> None:
    game = await sealed_game(referee)
    shown = await referee.sessions.draft(game.id, ANN, "bid 8")
    assert "only you see it" in shown and "complete" in shown
    with pytest.raises(IllegalDecision, match="no coin 4"):
        await referee.sessions.draft(game.id, ANN, "bid 8 4")
    assert (await owed_db.get_draft(referee.db, game.id, game.seat_of_user(ANN).player_id)).text == "bid 8"  # type: ignore[union-attr]
    await referee.sessions.decide(game.id, BOB, "bid 1")
    clock.advance(HOUR + 1)
    await referee.timers.tick(int(clock()))
    await referee.idle()
    ann = game.seat_of_user(ANN).player_id  # type: ignore[union-attr]
    committed = [d for d in await games_db.get_log(referee.db, game.id) if d.player_id == ann]
    assert committed[-1].text == "bid 8" and committed[-1].source == "timeout"


async def test_drafts_grow_privately_and_are_confirmed(referee: Referee) -> None:
    game = await sealed_game(referee)
    assert await referee.sessions.complete(game.id, ANN, "bid ") == [
        "bid 1", "bid 2", "bid 3", "bid 5", "bid 8"]
    await referee.sessions.draft(game.id, ANN, "bid 3")
    shown = await referee.sessions.draft(game.id, ANN, "bid 3 5")
    assert "Next words: 1, 2, 8" in shown
    assert await referee.sessions.confirm(game.id, ANN) == "bid 3 5"
    assert await owed_db.get_draft(referee.db, game.id, game.seat_of_user(ANN).player_id) is None  # type: ignore[union-attr]


async def test_the_referee_measures_the_clock(referee: Referee, clock: Clock) -> None:
    game = await sealed_game(referee, timed=True)
    await referee.sessions.decide(game.id, ANN, "open")  # ann's clock starts
    ann = game.seat_of_user(ANN).player_id  # type: ignore[union-attr]
    timers = {t.player_id: t for t in await cached.owed_timers(referee.ctx, game.id)}
    assert timers[ann].clock_at == T0 and timers[ann].deadline == T0 + HOUR  # one deadline
    clock.advance(4.25)
    await referee.sessions.draft(game.id, ANN, "bid 5")
    clock.advance(8.0)
    with pytest.raises(IllegalDecision, match="can't write the time"):
        await referee.sessions.decide(game.id, ANN, "bid 5 time=1.0")
    with pytest.raises(IllegalDecision, match="can't write the time"):
        await referee.sessions.decide(game.id, ANN, "bid 5@0.1")
    assert await referee.sessions.confirm(game.id, ANN) == "bid 5@4.2 time=12.2"
    log = await games_db.get_log(referee.db, game.id)
    assert log[-1].text == "bid 5@4.2 time=12.2"


async def test_others_read_a_revealed_decision_in_its_public_form(referee: Referee,
                                                                  clock: Clock) -> None:
    """The engine's ``public_text``: the stored log keeps the whole notation (replay needs it),
    everyone but its player reads the public form once it is revealed."""
    game = await sealed_game(referee, timed=True)
    out: MemoryOutbox = referee.ctx.out  # type: ignore[assignment]
    await referee.sessions.decide(game.id, ANN, "open")
    clock.advance(4.25)
    await referee.sessions.draft(game.id, ANN, "bid 5")
    clock.advance(8.0)
    await referee.sessions.confirm(game.id, ANN)
    await referee.sessions.decide(game.id, BOB, "open")
    await referee.sessions.decide(game.id, BOB, "bid 1")  # the reveal
    stored = [d.text for d in await games_db.get_log(referee.db, game.id)]
    assert "bid 5@4.2 time=12.2" in stored
    assert "bid 5@4.2" in await referee.info.log(game, 20, ANN)
    for reader in (BOB, None):
        log = await referee.info.log(game, 20, reader)
        assert "bid 5 time=12.2" in log and "@4.2" not in log
    assert "@4.2" not in everything_but(out, game, ANN)


async def test_a_moderator_skips_one_of_several_and_names_no_secret(referee: Referee) -> None:
    game = await sealed_game(referee)
    bob = game.seat_of_user(BOB).player_id  # type: ignore[union-attr]
    assert await referee.moderation.skip(game.id, MOD, bob) == "(secret until revealed)"
    last = (await games_db.get_log(referee.db, game.id))[-1]
    assert last.player_id == bob and last.source == "admin" and last.sealed
    with pytest.raises(Exception, match="owes no decision"):
        await referee.moderation.skip(game.id, MOD, bob)
