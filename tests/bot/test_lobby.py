"""Lobbies: a thread per game, 2-4 seats, AI seats, only the host starts."""

from __future__ import annotations

import pytest

from db import games as games_db
from referee.errors import NotAllowed, Refusal, WrongPhase
from referee.messages import ids
from referee.messages.outbox import MemoryOutbox
from referee.service import Referee
from referee.shared import cache as cached

from .conftest import ANN, BOB, CHANNEL, CY, GUILD, STRANGER, lobby, thread_posts


async def test_open_creates_a_thread_with_a_lobby_panel(referee: Referee) -> None:
    game = await referee.lobby.open(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN,
                                    host_name="Ann", red_tears=True, turn_hours=48)
    out = referee.ctx.out
    assert game.thread_id in out.threads  # type: ignore[attr-defined]
    assert "opened Stella Digger game" in out.channel_intros[CHANNEL][0]  # type: ignore[attr-defined]
    assert game.options == {"red_tears": True, "turn_seconds": 48 * 3600, "language": "en"}
    assert [s.user_id for s in game.seats] == [ANN]
    post = thread_posts(out, game)[-1]  # type: ignore[arg-type]
    assert "Red Tears: on" in post.text and "48 h" in post.text
    assert post.panel is not None
    assert [ids.parse(b.custom_id) for b in post.panel.buttons] == [
        ids.LobbyId(game.id, "join"), ids.LobbyId(game.id, "leave"), ids.LobbyId(game.id, "start")]


async def test_join_leave_and_limits(referee: Referee) -> None:
    game = await lobby(referee, (ANN, "Ann"), (BOB, "Bob"))
    with pytest.raises(Refusal, match="already"):
        await referee.lobby.join(game.id, BOB, "Bob")
    await referee.lobby.join(game.id, CY, "Cy")
    await referee.lobby.join(game.id, STRANGER, "Dee")
    with pytest.raises(Refusal, match="full"):
        await referee.lobby.join(game.id, 555, "Eve")
    game = await referee.lobby.leave(game.id, CY)
    assert [s.user_id for s in game.seats] == [ANN, BOB, STRANGER]
    with pytest.raises(Refusal, match="don't have a seat"):
        await referee.lobby.leave(game.id, CY)
    text = "\n".join(p.text for p in thread_posts(referee.ctx.out, game))  # type: ignore[arg-type]
    assert "Bob joined (2/4)" in text and "Cy left (3/4)" in text


async def test_ai_seats(referee: Referee) -> None:
    game = await lobby(referee, (ANN, "Ann"), (BOB, "Bob"))
    with pytest.raises(NotAllowed):
        await referee.lobby.add_bot(game.id, BOB, "easy")
    with pytest.raises(Refusal, match="Unknown AI level"):
        await referee.lobby.add_bot(game.id, ANN, "genius")
    await referee.lobby.add_bot(game.id, ANN, "random")
    game = await referee.lobby.add_bot(game.id, BOB, "random", moderator=True)
    bots = [s for s in game.seats if s.is_ai]
    assert [(s.display_name, s.user_id, s.ai_level) for s in bots] == \
        [("Random bot", None, 0), ("Random bot 2", None, 0)]


async def test_only_the_host_starts_with_two_to_four_players(referee: Referee) -> None:
    game = await lobby(referee, (ANN, "Ann"))
    with pytest.raises(Refusal, match="2 to 4"):
        await referee.lobby.start(game.id, ANN)
    await referee.lobby.join(game.id, BOB, "Bob")
    with pytest.raises(NotAllowed, match="host"):
        await referee.lobby.start(game.id, BOB)
    game = await referee.lobby.start(game.id, ANN, seed=3)
    assert game.status == "running" and game.version == 0
    state = referee.ctx.game.load((await cached.load_snapshot(referee.ctx, game.id)).json)
    assert [s.player_id for s in game.seats] == [p.id for p in state.players]  # engine seat order
    with pytest.raises(WrongPhase):
        await referee.lobby.join(game.id, CY, "Cy")
    with pytest.raises(WrongPhase):
        await referee.lobby.start(game.id, ANN)


async def test_a_moderator_may_start_someone_elses_lobby(referee: Referee) -> None:
    game = await lobby(referee, (ANN, "Ann"), (BOB, "Bob"))
    game = await referee.lobby.start(game.id, STRANGER, moderator=True)
    assert game.status == "running"


async def test_bad_turn_limit(referee: Referee) -> None:
    with pytest.raises(Refusal, match="turn time limit"):
        await referee.lobby.open(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN, host_name="Ann",
                                 turn_hours=1000)


class NoThreads(MemoryOutbox):
    async def create_thread(self, channel_id: int, name: str, intro: str) -> int:
        raise PermissionError("Missing Permissions")


async def test_no_thread_no_game(db, clock) -> None:  # type: ignore[no-untyped-def]
    ref = Referee(db, NoThreads(), clock=clock)
    with pytest.raises(Refusal, match="couldn't create a thread"):
        await ref.lobby.open(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN, host_name="Ann")
    assert [g.status for g in await games_db.list_games(db)] == ["aborted"]
    await ref.close()


async def test_open_lobbies_are_capped_per_member_and_per_channel(referee: Referee) -> None:
    """30 /stella new by one member made 30 lobbies and threads (issue 10)."""
    from referee.desks.lobby import LOBBIES_PER_CHANNEL, LOBBIES_PER_MEMBER

    async def new(host: int, channel: int = CHANNEL) -> None:
        await referee.lobby.open(guild_id=GUILD, channel_id=channel, host_id=host, host_name="X")

    for _ in range(LOBBIES_PER_MEMBER):
        await new(ANN)
    threads = len(referee.ctx.out.threads)  # type: ignore[attr-defined]
    for _ in range(5):
        with pytest.raises(Refusal, match=f"already host {LOBBIES_PER_MEMBER} open lobbies"):
            await new(ANN)
    assert len(referee.ctx.out.threads) == threads  # type: ignore[attr-defined]
    hosts = iter(range(5000, 5100))
    while len(await games_db.list_games(referee.db, status="lobby")) < LOBBIES_PER_CHANNEL:
        await new(next(hosts))
    with pytest.raises(Refusal, match="This channel already has"):
        await new(next(hosts))
    await new(next(hosts), CHANNEL + 1)  # another channel still has room
    # a started lobby no longer counts
    first = min(g.id for g in await games_db.list_games(referee.db, status="lobby", user_id=ANN))
    await referee.lobby.join(first, BOB, "Bob")
    await referee.lobby.start(first, ANN, seed=1)
    await referee.idle()
    await new(ANN, CHANNEL + 1)
