"""Moderators: who they are, abort, skip, undo, replace, export/import, listing."""

from __future__ import annotations

import json

import pytest

from db import games as games_db
from referee.errors import NotAllowed, Refusal
from referee.messages import choices
from referee.service import Referee
from referee.shared import cache as cached

from .conftest import (
    ANN,
    BOB,
    CHANNEL,
    CY,
    GUILD,
    MOD,
    lobby,
    owed,
    started,
    thread_posts,
    two_players,
)

PREFERRED = ("mine", "draw", "target", "fight", "refill", "pass")


async def step(ref: Referee, game_id: int, n: int = 1) -> None:
    for _ in range(n):
        user, _, table = await owed(ref, game_id)
        texts = choices.ordered(ref.ctx.game.legal(table.state))
        pick = next((t for verb in PREFERRED for t in texts if t.startswith(verb)), texts[0])
        await ref.sessions.decide(game_id, user, pick)
        await ref.idle()


async def test_who_moderates(referee: Referee) -> None:
    m = referee.moderation
    assert await m.is_moderator(GUILD, True, [])
    assert not await m.is_moderator(GUILD, False, [77])
    await m.set_role(GUILD, 77)
    assert await m.is_moderator(GUILD, False, [5, 77])
    assert not await m.is_moderator(GUILD + 1, False, [77])
    assert not await m.is_moderator(None, True, [])


async def test_abort(referee: Referee) -> None:
    lobby_game = await lobby(referee, (ANN, "Ann"), (BOB, "Bob"))
    with pytest.raises(NotAllowed):
        await referee.moderation.abort(lobby_game.id, BOB, moderator=False)
    game = await referee.moderation.abort(lobby_game.id, ANN, moderator=False)  # host, own lobby
    assert game.status == "aborted"
    running = await two_players(referee)
    with pytest.raises(NotAllowed):
        await referee.moderation.abort(running.id, ANN, moderator=False)
    game = await referee.moderation.abort(running.id, MOD, moderator=True)
    assert game.status == "aborted" and game.deadline is None
    assert "aborted by" in thread_posts(referee.ctx.out, game)[-1].text  # type: ignore[arg-type]
    with pytest.raises(Refusal):
        await referee.moderation.abort(running.id, MOD, moderator=True)


async def test_skip_applies_the_default(referee: Referee) -> None:
    game = await two_players(referee)
    user, player, table = await owed(referee, game.id)
    done = await referee.moderation.skip(game.id, MOD)
    await referee.idle()  # the thread is told after the reply (referee.messages.tell)
    assert done == str(referee.ctx.game.default(table.state))
    log = await games_db.get_log(referee.db, game.id)
    assert [(d.player_id, d.source, d.by_user_id) for d in log] == [(player, "admin", MOD)]
    assert "skipped" in "\n".join(p.text for p in thread_posts(referee.ctx.out, game))  # type: ignore[arg-type]


async def test_undo_replays_the_log(referee: Referee) -> None:
    game = await two_players(referee)
    with pytest.raises(Refusal, match="no decision"):
        await referee.moderation.undo(game.id, MOD)
    await step(referee, game.id, 6)
    g = referee.ctx.game
    log = await games_db.get_log(referee.db, game.id)
    before_last = g.dump(g.replay((await games_db.load_initial(referee.db, game.id)).json,
                                  [(d.player_id, d.text) for d in log[:-1]]))
    undone = await referee.moderation.undo(game.id, MOD)
    assert undone == [f"{'Ann' if log[-1].player_id == str(ANN) else 'Bob'}: `{log[-1].text}`"]
    snap = await cached.load_snapshot(referee.ctx, game.id)
    assert snap.json == before_last and snap.version == log[-1].prev_version
    assert len(await games_db.get_log(referee.db, game.id)) == len(log) - 1
    post = thread_posts(referee.ctx.out, game)[-1]  # type: ignore[arg-type]
    assert "undid 1 decision" in post.text and post.panel is not None
    # the game goes on from there
    await step(referee, game.id, 2)


async def test_undo_goes_back_over_ai_moves(referee: Referee) -> None:
    game = await started(referee, (ANN, "Ann"), bots=("random",), seed=1)
    for _ in range(4):
        await step(referee, game.id)
    log = await games_db.get_log(referee.db, game.id)
    last_ann = max(i for i, d in enumerate(log) if d.source == "player")
    await referee.moderation.undo(game.id, MOD)
    await referee.idle()
    assert len(await games_db.get_log(referee.db, game.id)) == last_ann
    user, _, _ = await owed(referee, game.id)
    assert user == ANN


async def test_replace_a_seat_with_an_ai_and_back(referee: Referee) -> None:
    game = await two_players(referee)
    bob = game.seat_of_user(BOB)
    with pytest.raises(Refusal, match="already plays"):
        await referee.moderation.replace(game.id, bob.player_id, MOD, user_id=ANN, name="Ann")
    await referee.moderation.replace(game.id, bob.player_id, MOD, level="random")
    await referee.idle()
    game = await cached.get_game(referee.ctx, game.id)
    assert game.seat_of_player(bob.player_id).is_ai
    user, _, _ = await owed(referee, game.id)
    assert user == ANN  # the AI took Bob's decisions at once
    await step(referee, game.id, 3)
    assert {d.source for d in await games_db.get_log(referee.db, game.id) if d.player_id == bob.player_id} <= {"ai"}
    await referee.moderation.replace(game.id, bob.player_id, MOD, user_id=CY, name="Cy")
    game = await cached.get_game(referee.ctx, game.id)
    cy = game.seat_of_user(CY)
    assert cy.player_id == bob.player_id and not cy.is_ai
    assert "handed the seat" in "\n".join(p.text for p in thread_posts(referee.ctx.out, game))  # type: ignore[arg-type]
    for _ in range(30):
        user, _, _ = await owed(referee, game.id)
        if user == CY:
            break
        await step(referee, game.id)
    assert user == CY
    _, _, table = await owed(referee, game.id)
    await referee.sessions.decide(game.id, CY, str(referee.ctx.game.default(table.state)))
    with pytest.raises(Refusal):
        await referee.moderation.replace(game.id, "nobody", MOD, level="random")


async def test_export_and_import(referee: Referee) -> None:
    game = await two_players(referee)
    await step(referee, game.id, 5)
    file = await referee.moderation.export(game.id)
    doc = json.loads(file.data)
    assert doc["format"] == "stella-bot/game-export" and len(doc["log"]) == 5
    imported = await referee.moderation.import_game(file.data, guild_id=GUILD + 1,
                                                    channel_id=CHANNEL, by_user=MOD)
    assert imported.id != game.id and imported.status == "running"
    assert imported.thread_id not in (None, game.thread_id)
    a = await cached.load_snapshot(referee.ctx, game.id)
    b = await cached.load_snapshot(referee.ctx, imported.id)
    assert (a.version, a.json) == (b.version, b.json)
    posts = thread_posts(referee.ctx.out, imported)  # type: ignore[arg-type]
    assert "imported" in posts[0].text and posts[-1].panel is not None
    await step(referee, imported.id, 2)  # the imported game plays on

    for bad in (b"not json", b'{"format": "other"}', b"\xff\xfe"):
        with pytest.raises(Refusal):
            await referee.moderation.import_game(bad, guild_id=GUILD, channel_id=CHANNEL, by_user=MOD)
    doc["log"][0]["text"] = "target G7"
    with pytest.raises(Refusal, match="replay"):
        await referee.moderation.import_game(json.dumps(doc).encode(), guild_id=GUILD,
                                             channel_id=CHANNEL, by_user=MOD)


async def test_listing(referee: Referee) -> None:
    assert "No lobby" in await referee.moderation.listing(GUILD)
    running = await two_players(referee)
    waiting = await lobby(referee, (CY, "Cy"))
    text = await referee.moderation.listing(GUILD)
    assert f"#{running.id}" in text and f"#{waiting.id}" in text and "Ann" in text and "Cy" in text


async def test_a_moderator_seated_in_a_running_game_cannot_export_it(referee: Referee) -> None:
    # issue 25: a seated moderator read the other players' hands and the deck order
    game = await two_players(referee)
    await step(referee, game.id, 3)
    with pytest.raises(Refusal, match="You play in game") as refused:
        await referee.moderation.export(game.id, by_user=ANN)
    assert str(refused.value).count(".") == 1  # one sentence
    file = await referee.moderation.export(game.id, by_user=MOD)  # a moderator not seated
    assert json.loads(file.data)["format"] == "stella-bot/game-export"
    await referee.moderation.abort(game.id, MOD, moderator=True)
    await referee.moderation.export(game.id, by_user=ANN)  # over: nothing left to hide
