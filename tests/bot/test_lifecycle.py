"""A game's life beside its decisions: pause, resume, more time; resigning; takebacks and the
moderators' undo across a reveal; the lobby host's changes and expiry; the end's replay and
rematch."""

from __future__ import annotations

import pytest

from db import games as games_db
from db import lifecycle as lifecycle_db
from engine import Event
from engine.core.game import default_reveals, reveals
from referee.errors import NotAllowed, NotAPlayer, Refusal, WrongPhase
from referee.messages import ids
from referee.service import Referee
from referee.shared import cache as cached

from .conftest import (
    ANN,
    BOB,
    CY,
    MOD,
    STRANGER,
    Clock,
    lobby,
    owed,
    started,
    thread_posts,
    two_players,
)


def text_of(ref: Referee, game) -> str:  # type: ignore[no-untyped-def]
    return "\n".join(p.text for p in thread_posts(ref.ctx.out, game))  # type: ignore[arg-type]


def life_buttons(ref: Referee, game, action: str) -> list[str]:  # type: ignore[no-untyped-def]
    found = []
    for post in thread_posts(ref.ctx.out, game):  # type: ignore[arg-type]
        for b in post.panel.buttons if post.panel else ():
            parsed = ids.parse(b.custom_id)
            if isinstance(parsed, ids.LifeId) and parsed.action == action:
                found.append(b.custom_id)
    return found


# --- pause, resume, extend -----------------------------------------------------------------

async def test_a_paused_game_stops_its_timers_and_refuses_players(referee: Referee,
                                                                  clock: Clock) -> None:
    game = await two_players(referee)
    deadline = game.deadline
    assert deadline is not None
    clock.advance(3600)
    await referee.lifecycle.pause(game.id, MOD)
    paused = await cached.get_game(referee.ctx, game.id)
    assert paused.deadline is None and paused.remind_at is None
    assert all(t.deadline is None for t in await cached.owed_timers(referee.ctx, game.id))
    assert "is paused" in text_of(referee, game)
    with pytest.raises(Refusal, match="already paused"):
        await referee.lifecycle.pause(game.id, MOD)

    user, _, table = await owed(referee, game.id)
    legal = sorted(str(a) for a in referee.ctx.game.legal(table.state))
    with pytest.raises(WrongPhase, match="paused by a moderator"):
        await referee.sessions.decide(game.id, user, legal[0])
    with pytest.raises(Refusal, match="paused"):  # resigning and takebacks wait too
        await referee.lifecycle.resign(game.id, user)
    clock.advance(5 * 24 * 3600)  # far past the old deadline: nothing fires
    await referee.timers.tick()
    await referee.idle()
    assert await games_db.get_log(referee.db, game.id) == []
    assert "by a moderator" in await referee.moderation.listing(1)

    await referee.lifecycle.resume(game.id, MOD)
    resumed = await cached.get_game(referee.ctx, game.id)
    # the 23 hours that were left, from now
    assert resumed.deadline == clock() + (deadline - (clock() - 5 * 24 * 3600))
    assert "goes on" in thread_posts(referee.ctx.out, game)[-1].text  # type: ignore[arg-type]
    await referee.sessions.decide(game.id, user, legal[0])
    with pytest.raises(Refusal, match="not paused"):
        await referee.lifecycle.resume(game.id, MOD)


async def test_extend_gives_one_player_more_time(referee: Referee, clock: Clock) -> None:
    game = await two_players(referee)
    _, player, _ = await owed(referee, game.id)
    before = {t.player_id: t.deadline for t in await cached.owed_timers(referee.ctx, game.id)}
    new = await referee.lifecycle.extend(game.id, MOD, 5)
    assert new == before[player] + 5 * 3600  # type: ignore[operator]
    assert (await cached.get_game(referee.ctx, game.id)).deadline == new
    assert "5 more hour(s)" in text_of(referee, game)
    with pytest.raises(Refusal):
        await referee.lifecycle.extend(game.id, MOD, 0)
    other = next(p for p in game.player_ids if p != player)
    with pytest.raises(WrongPhase, match="owes no decision"):
        await referee.lifecycle.extend(game.id, MOD, 1, other)
    # while paused, the time left grows
    await referee.lifecycle.pause(game.id, MOD)
    left = (await lifecycle_db.get_pause(referee.db, game.id)).left[player][0]  # type: ignore[union-attr]
    await referee.lifecycle.extend(game.id, MOD, 2, player)
    assert (await lifecycle_db.get_pause(referee.db, game.id)).left[player][0] == left + 7200  # type: ignore[union-attr]
    await referee.lifecycle.resume(game.id, MOD)
    assert (await cached.get_game(referee.ctx, game.id)).deadline == clock() + left + 7200


# --- resigning ------------------------------------------------------------------------------

async def test_resigning_from_two_players_ends_the_game(referee: Referee) -> None:
    game = await two_players(referee)
    with pytest.raises(NotAPlayer):
        await referee.lifecycle.resign(game.id, STRANGER)
    assert "ends at once" in await referee.lifecycle.resign_preview(game.id, ANN)
    assert await referee.lifecycle.resign(game.id, ANN) is True
    await referee.idle()
    ended = await cached.get_game(referee.ctx, game.id)
    assert ended.status == "finished" and ended.end_reason == "resigned"
    results = {r.user_id: r.won for r in await games_db.get_results(referee.db, game.id)}
    assert results == {ANN: False, BOB: True}
    text = text_of(referee, game)
    assert "resigned" in text and f"<@{BOB}> wins" in text
    assert life_buttons(referee, game, "rematch")  # the end post
    with pytest.raises(WrongPhase):
        await referee.lifecycle.resign(game.id, BOB)


async def test_resigning_from_three_players_hands_the_seat_to_the_easy_ai(referee: Referee) -> None:
    game = await started(referee, (ANN, "Ann"), (BOB, "Bob"), (CY, "Cy"))
    assert "easy AI plays your seat" in await referee.lifecycle.resign_preview(game.id, ANN)
    assert await referee.lifecycle.resign(game.id, ANN) is False
    await referee.idle()
    now = await cached.get_game(referee.ctx, game.id)
    seat = now.seat_of_player(str(ANN))
    assert now.status == "running" and seat is not None and seat.is_ai and seat.ai_level == 1
    assert "plays their seat to the end" in text_of(referee, game)
    # the next resignation leaves one seat playing: it wins; both resigned seats lose
    assert await referee.lifecycle.resign(game.id, BOB) is True
    await referee.idle()
    results = {r.player_id: (r.user_id, r.won) for r in await games_db.get_results(referee.db, game.id)}
    assert results == {str(ANN): (ANN, False), str(BOB): (BOB, False), str(CY): (CY, True)}


async def test_the_last_human_resigning_ends_the_game_for_the_ai(referee: Referee) -> None:
    game = await started(referee, (ANN, "Ann"), bots=("random", "random"), seed=2)
    assert await referee.lifecycle.resign(game.id, ANN) is True
    await referee.idle()
    results = {r.player_id: r.won for r in await games_db.get_results(referee.db, game.id)}
    assert results[str(ANN)] is False and sum(results.values()) == 2


# --- takebacks ------------------------------------------------------------------------------

async def test_a_takeback_approved_by_the_other_player(referee: Referee) -> None:
    game = await two_players(referee)  # seed 5: Ann chooses the target first
    user, player, table = await owed(referee, game.id)
    initial = table.text
    await referee.sessions.decide(game.id, user, "target A2")
    other = BOB if user == ANN else ANN
    with pytest.raises(Refusal, match="Only your own last decision"):
        await referee.takebacks.request(game.id, other)
    assert "Asked" in await referee.takebacks.request(game.id, user)
    with pytest.raises(Refusal, match="already waiting"):
        await referee.takebacks.request(game.id, user)
    [approve] = life_buttons(referee, game, "tb-yes")
    version = ids.parse(approve).arg  # type: ignore[union-attr]
    with pytest.raises(NotAllowed):
        await referee.takebacks.answer(game.id, user, version, True)
    with pytest.raises(NotAllowed):
        await referee.takebacks.answer(game.id, STRANGER, version, True)
    assert "taken back" in await referee.takebacks.answer(game.id, other, version, True)
    await referee.idle()
    assert await games_db.get_log(referee.db, game.id) == []
    assert (await cached.load_snapshot(referee.ctx, game.id)).json == initial
    assert "took back" in text_of(referee, game)
    with pytest.raises(Refusal, match="no longer open"):
        await referee.takebacks.answer(game.id, other, version, True)


async def test_a_takeback_is_refused_across_a_reveal_and_lapses_when_the_game_moves_on(
        referee: Referee) -> None:
    game = await two_players(referee)
    user, player, _ = await owed(referee, game.id)
    other = BOB if user == ANN else ANN
    await referee.sessions.decide(game.id, user, "target A2")
    await referee.sessions.decide(game.id, user, "draw 1")  # a card drawn: seen by its drawer
    with pytest.raises(Refusal, match="hidden information was shown"):
        await referee.takebacks.request(game.id, user)
    # the moderators' undo still works, and warns
    undone, warning = await referee.moderation.undo_report(game.id, MOD)
    assert undone and warning is not None and "`draw 1`" in warning
    assert "already revealed" in text_of(referee, game)
    # a request lapses once anyone decides; refusing ends it
    await referee.takebacks.request(game.id, user)
    [version] = [ids.parse(b).arg for b in life_buttons(referee, game, "tb-no")]  # type: ignore[union-attr]
    assert "off" in await referee.takebacks.answer(game.id, other, version, False)
    with pytest.raises(Refusal, match="already asked"):  # one request per player per state
        await referee.takebacks.request(game.id, user)
    await referee.moderation.undo(game.id, MOD)  # a rewind: the same state may be asked again
    await referee.sessions.decide(game.id, user, "target A2")
    await referee.takebacks.request(game.id, user)
    [version] = [ids.parse(b).arg for b in life_buttons(referee, game, "tb-yes")][-1:]  # type: ignore[union-attr]
    await referee.sessions.decide(game.id, user, "draw 1")
    with pytest.raises(Refusal, match="lapsed"):
        await referee.takebacks.answer(game.id, other, version, True, moderator=True)
    # a request nobody answered before the game moved on doesn't block the next one
    await referee.moderation.undo(game.id, MOD)
    await lifecycle_db.drop_takeback(referee.db, game.id)
    await lifecycle_db.open_takeback(referee.db, lifecycle_db.Takeback(
        game.id, player, user, 1, 999, (other,), (), 0))  # asked at a version long gone
    assert "Asked" in await referee.takebacks.request(game.id, user)


async def test_against_ai_only_a_takeback_needs_no_approval(referee: Referee) -> None:
    game = await started(referee, (ANN, "Ann"), bots=("random",), seed=5)
    log = await games_db.get_log(referee.db, game.id)
    user, _, table = await owed(referee, game.id)
    texts = sorted(str(a) for a in referee.ctx.game.legal(table.state))
    target = next((t for t in texts if t.startswith("target")), None)
    if target is None:
        pytest.skip("the AI chose the target")
    await referee.sessions.decide(game.id, user, target)
    await referee.idle()
    assert "taken back" in await referee.takebacks.request(game.id, ANN)
    await referee.idle()
    assert len(await games_db.get_log(referee.db, game.id)) == len(log)


def test_reveals_default_and_stella_diggers_own() -> None:
    from engine import get_game

    g = get_game("stella-digger")
    public = Event("mine", "Ann mines.")
    assert not default_reveals([public]) and not reveals(g, [public])
    assert default_reveals([Event("drew", "You drew blue-4.", ("1",))])
    assert default_reveals([Event("reveal", "C3 is revealed.")])
    assert default_reveals([Event("x", "y", None, {"reveals": True})])
    # Stella Digger: an accident card turned and a deck's next colour shown are reveals too
    assert reveals(g, [Event("accident", "Accident!")]) and reveals(g, [Event("draw", "Ann draws.")])
    assert not reveals(g, [Event("target", "Ann targets A2.")])


# --- the lobby host's changes, expiry -------------------------------------------------------

async def test_the_host_removes_an_ai_and_changes_the_options(referee: Referee) -> None:
    game = await lobby(referee, (ANN, "Ann"), bots=("easy", "random"))
    with pytest.raises(NotAllowed):
        await referee.lobby.remove_bot(game.id, BOB)
    game = await referee.lobby.remove_bot(game.id, ANN)
    assert [s.display_name for s in game.seats] == ["Ann", "Easy bot"]
    with pytest.raises(Refusal, match="no such AI"):
        await referee.lobby.remove_bot(game.id, ANN, str(ANN))
    game = await referee.lobby.set_options(game.id, ANN, {"red_tears": True}, 2)
    assert game.options["red_tears"] is True and game.options["turn_seconds"] == 7200
    game = await referee.lobby.set_options(game.id, ANN, {}, 3)
    assert game.options["red_tears"] is True and game.options["turn_seconds"] == 3 * 3600
    with pytest.raises(NotAllowed):
        await referee.lobby.set_options(game.id, BOB, {"red_tears": False})
    with pytest.raises(Refusal, match="no option"):
        await referee.lobby.set_options(game.id, ANN, {"turbo": True})
    assert "changed the options" in text_of(referee, game)


async def test_a_lobby_nobody_starts_expires(referee: Referee, clock: Clock) -> None:
    old = await lobby(referee, (ANN, "Ann"))
    clock.advance(47 * 3600)
    fresh = await lobby(referee, (BOB, "Bob"))
    assert await referee.expiry.expire() == []
    clock.advance(2 * 3600)
    assert await referee.expiry.expire() == [old.id]
    gone = await cached.get_game(referee.ctx, old.id)
    assert gone.status == "aborted" and gone.end_reason == "expired"
    posts = thread_posts(referee.ctx.out, old)  # type: ignore[arg-type]
    assert "expired" in posts[-1].text
    # the lobby message itself now says so, without its buttons
    assert f"game #{old.id}** (expired)" in posts[0].text and posts[0].panel is None
    with pytest.raises(WrongPhase, match="expired"):
        await referee.lobby.join(old.id, CY, "Cy")
    assert (await cached.get_game(referee.ctx, fresh.id)).status == "lobby"
    assert 0 < await referee.expiry.sleep_for() <= 3600


# --- the end: replay and rematch ------------------------------------------------------------

async def test_a_rematch_opens_a_lobby_with_the_same_seats(referee: Referee) -> None:
    game = await started(referee, (ANN, "Ann"), (BOB, "Bob"), bots=("easy",), red_tears=True)
    with pytest.raises(WrongPhase):
        await referee.ending.rematch(game.id, ANN, "Ann")
    await referee.lifecycle.resign(game.id, ANN)
    await referee.lifecycle.resign(game.id, BOB)
    await referee.idle()
    assert (await cached.get_game(referee.ctx, game.id)).status == "finished"
    with pytest.raises(NotAllowed):
        await referee.ending.rematch(game.id, STRANGER, "Stranger")
    new = await referee.ending.rematch(game.id, BOB, "Bob")
    assert new.status == "lobby" and new.host_id == BOB and new.thread_id != game.thread_id
    assert new.options["red_tears"] is True
    assert new.options["turn_seconds"] == game.options["turn_seconds"]
    seats = [(s.user_id, s.is_ai) for s in new.seats]
    assert seats[0] == (BOB, False) and len(seats) == 3  # Ann resigned to an AI: an AI seat
    with pytest.raises(Refusal, match="already open"):
        await referee.ending.rematch(game.id, ANN, "Ann")
    assert "opened the rematch" in text_of(referee, game)


async def test_asking_and_withdrawing_a_takeback_in_a_loop_pings_once(referee: Referee) -> None:
    # issue 25: ten ask/withdraw cycles made ten public pings; one request per player per state
    game = await two_players(referee)
    user, _, _ = await owed(referee, game.id)
    other = BOB if user == ANN else ANN
    await referee.sessions.decide(game.id, user, "target A2")
    await referee.idle()
    posts = thread_posts(referee.ctx.out, game)  # type: ignore[arg-type]
    before = len(posts)
    state = await cached.load_snapshot(referee.ctx, game.id)
    assert "Asked" in await referee.takebacks.request(game.id, user)
    [version] = [ids.parse(b).arg for b in life_buttons(referee, game, "tb-no")]  # type: ignore[union-attr]
    assert "off" in await referee.takebacks.answer(game.id, user, version, False)  # withdrawn
    for _ in range(3):
        with pytest.raises(Refusal, match="already asked"):
            await referee.takebacks.request(game.id, user)
    await referee.idle()
    asks = [p for p in posts[before:] if "asks to take back" in p.text]
    assert len(asks) == 1 and sum(1 for p in posts[before:] if p.ping) == 1
    assert await lifecycle_db.get_takeback(referee.db, game.id) is None  # nothing changed
    assert (await cached.load_snapshot(referee.ctx, game.id)).json == state.json
    # a moderator undoes the decision and another is made: a new state, a new ask
    await referee.moderation.undo(game.id, MOD)
    _, _, table = await owed(referee, game.id)
    target = next(str(a) for a in referee.ctx.game.legal(table.state)
                  if str(a).startswith("target") and str(a) != "target A2")
    await referee.sessions.decide(game.id, user, target)
    assert "Asked" in await referee.takebacks.request(game.id, user)
    [version] = [ids.parse(b).arg for b in life_buttons(referee, game, "tb-yes")][-1:]  # type: ignore[union-attr]
    assert "taken back" in await referee.takebacks.answer(game.id, other, version, True)
    await referee.sessions.decide(game.id, user, target)  # the same state again, after a rewind
    assert "Asked" in await referee.takebacks.request(game.id, user)  # asked anew
