"""A prompt's controls when several players owe at once: another player's answer (a human's or
an AI seat's) leaves a player's own prompt good; their own answer, the round moving on, or an
undo past the state it was built for makes it out of date, and a click on it changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from db import Game
from db import games as games_db
from referee.errors import StalePrompt
from referee.messages import ids
from referee.messages.outbox import MemoryOutbox
from referee.service import Referee
from referee.shared import cache as cached
from tests.mining_colony.referee.test_mining_colony_referee import colony_game
from tests.platform.conftest import SEALED, register_sealed_bid, unregister_sealed_bid

from .conftest import ANN, BOB, CHANNEL, CY, GUILD, MOD


@pytest.fixture(autouse=True)
def _sealed_bid() -> Iterator[None]:
    register_sealed_bid()
    yield
    unregister_sealed_bid()


async def sealed_game(ref: Referee, players: int = 2) -> Game:
    """Timed: each round opens with "open", a decision the prompt offers as a button."""
    users = [(ANN, "Ann"), (BOB, "Bob"), (CY, "Cy")][:players]
    game = await ref.lobby.open(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN, host_name="Ann",
                                game_name=SEALED, options={"timed": True}, turn_hours=1)
    for user, name in users[1:]:
        await ref.lobby.join(game.id, user, name)
    await ref.lobby.start(game.id, ANN, seed=1)
    await ref.idle()
    return await cached.get_game(ref.ctx, game.id)


def prompts(ref: Referee, game: Game, *, current: bool = False) -> list[tuple[int, str, list[str]]]:
    """(version, tag, the controls' kinds and args) of every prompt as first posted in the
    thread (``current``: as the thread shows them now, a prompt edited in place as it is)."""
    out: MemoryOutbox = ref.ctx.out  # type: ignore[assignment]
    assert game.thread_id is not None
    found = []
    for post in out.threads.get(game.thread_id, []) if current else out.sent:
        cids = [ids.parse(b.custom_id) for b in (post.panel.buttons if post.panel else ())]
        turn = [c for c in cids if isinstance(c, ids.TurnId) and c.game_id == game.id]
        if turn:
            found.append((turn[0].version, turn[0].tag, [f"{c.kind}:{c.arg}" for c in turn]))
    return found


async def state_of(ref: Referee, game_id: int) -> tuple[int, int, str]:
    """(version, log length, snapshot) to show a refused click changed nothing."""
    snap = await cached.load_snapshot(ref.ctx, game_id)
    return snap.version, len(await games_db.get_log(ref.db, game_id)), snap.json


async def click(ref: Referee, game_id: int, user: int, version: int, tag: str,
                verb: str) -> str:
    """A verb button of a prompt, as the cog handles it (``cogs.components._turn``)."""
    result = await ref.sessions.pick(game_id, user, version, tag, verb=verb)
    assert isinstance(result, str)
    return await ref.sessions.decide(game_id, user, result, version=version, tag=tag)


async def refused(ref: Referee, game_id: int, user: int, version: int, tag: str,
                  verb: str) -> None:
    before = await state_of(ref, game_id)
    with pytest.raises(StalePrompt, match="out of date"):
        await click(ref, game_id, user, version, tag, verb)
    with pytest.raises(StalePrompt):  # the decision itself, as a one-click button sends it
        await ref.sessions.decide(game_id, user, verb, version=version, tag=tag)
    assert await state_of(ref, game_id) == before


async def test_a_prompt_stays_good_after_another_player_answers(referee: Referee) -> None:
    game = await sealed_game(referee)
    [(version, tag, controls)] = prompts(referee, game)
    assert controls == ["verb:open"]  # both owe "open" at once: one shared prompt
    assert await referee.sessions.decide(game.id, BOB, "open") == "open"  # the version moves on
    table = await referee.sessions.running(game.id)
    assert table.version == version + 1
    assert await click(referee, game.id, ANN, version, tag, "open") == "open"
    log = await games_db.get_log(referee.db, game.id)
    assert [(d.player_id, d.text) for d in log] == [(p, "open") for p in game.player_ids[::-1]]
    # Ann answered: the same button again is out of date and changes nothing
    await referee.idle()
    await refused(referee, game.id, ANN, version, tag, "open")


async def test_a_prompt_is_out_of_date_once_the_round_moved_on(referee: Referee) -> None:
    game = await sealed_game(referee)
    [(version, tag, _)] = prompts(referee, game)
    for user in (ANN, BOB):
        await referee.sessions.decide(game.id, user, "open")
    for user in (ANN, BOB):
        await referee.sessions.decide(game.id, user, "bid 2")  # the last bid: the reveal
    table = await referee.sessions.running(game.id)
    g = referee.ctx.engine(game)
    assert table.state.round == 2
    assert [o.decision for o in g.owed(table.state)] == ["open", "open"]  # the same kind again
    await refused(referee, game.id, ANN, version, tag, "open")
    # ...while the new round's prompt works
    await referee.idle()
    new_version, new_tag, _ = prompts(referee, game, current=True)[-1]
    assert new_version == table.version
    assert await click(referee, game.id, ANN, new_version, new_tag, "open") == "open"


async def test_a_prompt_is_out_of_date_after_an_undo_past_it(referee: Referee) -> None:
    game = await sealed_game(referee, players=3)
    await referee.sessions.decide(game.id, BOB, "open")
    await referee.idle()
    version, tag, _ = prompts(referee, game, current=True)[-1]  # Ann and Cy still owe "open"
    assert version == (await referee.sessions.running(game.id)).version
    await referee.moderation.undo(game.id, MOD)  # Bob's "open" is undone: back before the prompt
    await referee.idle()
    await refused(referee, game.id, ANN, version, tag, "open")
    # the game moves past that version again on another line (Cy first, then Bob): still refused
    await referee.sessions.decide(game.id, CY, "open")
    await referee.sessions.decide(game.id, BOB, "open")
    await referee.idle()
    assert (await referee.sessions.running(game.id)).version == version + 1
    await refused(referee, game.id, ANN, version, tag, "open")
    # the undo restores the very state a prompt was built for: that prompt is good again
    first_version, first_tag, _ = prompts(referee, game)[0]
    assert await click(referee, game.id, ANN, first_version, first_tag, "open") == "open"


async def test_one_player_at_a_time_any_decision_makes_a_prompt_stale(referee: Referee) -> None:
    """Stella Digger (the default game): the next player's prompt is not the previous one's."""
    from .conftest import owed, two_players

    game = await two_players(referee)
    user, _, table = await owed(referee, game.id)
    g = referee.ctx.engine(game)
    other = user
    for _ in range(20):  # the first player's decisions until the other one owes
        now = await referee.sessions.running(game.id)
        await referee.sessions.decide(game.id, user, str(g.legal(now.state)[0]))
        other, _, _ = await owed(referee, game.id)
        if other != user:
            break
    assert other != user
    before = await state_of(referee, game.id)
    with pytest.raises(StalePrompt):  # the other player owes now, but not at that prompt
        await referee.sessions.owed_texts(game.id, other, table.version, table.tag)
    with pytest.raises(StalePrompt):  # nor may its first player use it again
        await referee.sessions.decide(game.id, user, "pass", version=table.version,
                                      tag=table.tag)
    assert await state_of(referee, game.id) == before


async def _pick_through(ref: Referee, game_id: int, user: int, version: int, tag: str,
                        verb: str) -> str:
    """The verb button, then the first option of each private select, as a player clicks."""
    result: Any = await ref.sessions.pick(game_id, user, version, tag, verb=verb)
    while not isinstance(result, str):
        cid = ids.parse(result.custom_id)
        assert isinstance(cid, ids.TurnId)
        result = await ref.sessions.pick(game_id, user, cid.version, cid.tag,
                                         span=result.options[0].value)
    return await ref.sessions.decide(game_id, user, result, version=version, tag=tag)


async def test_mining_colony_a_bid_prompt_survives_the_ai_seats_bid(referee: Referee) -> None:
    game = await colony_game(referee, users=(ANN, BOB), bots=1)
    g = referee.ctx.engine(game)
    table = await referee.sessions.running(game.id)
    ai = next(s.player_id for s in game.seats if s.is_ai)
    log = await games_db.get_log(referee.db, game.id)
    assert [d.player_id for d in log] == [ai]  # the AI seat bid right after the prompt went out
    version, tag, controls = prompts(referee, game)[0]
    assert version == table.version - 1 and controls
    owing = {o.player for o in g.owed(table.state)}
    assert owing == {s.player_id for s in game.seats if not s.is_ai}
    verb = controls[0].split(":", 1)[1]
    done = await _pick_through(referee, game.id, ANN, version, tag, verb)  # not out of date
    log = await games_db.get_log(referee.db, game.id)
    assert log[-1].text == done and log[-1].player_id == game.seat_of_user(ANN).player_id  # type: ignore[union-attr]
    await referee.idle()
    before = await state_of(referee, game.id)
    with pytest.raises(StalePrompt):  # Ann bid: her prompt is spent
        await referee.sessions.pick(game.id, ANN, version, tag, verb=verb)
    with pytest.raises(StalePrompt):
        await referee.sessions.decide(game.id, ANN, done, version=version, tag=tag)
    assert await state_of(referee, game.id) == before
    # Bob's copy of the same prompt still works (only other seats answered since)
    bob = await _pick_through(referee, game.id, BOB, version, tag, verb)
    assert (await games_db.get_log(referee.db, game.id))[-1].text == bob
    await referee.idle()
    with pytest.raises(StalePrompt):  # the reveal: the round moved on
        await referee.sessions.pick(game.id, BOB, version, tag, verb=verb)
