"""Small helpers shared by the e2e tests: "nothing changed" snapshots, crafted controls,
advancing a game to a given kind of decision."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from db import games as games_db
from db import notified as notified_db
from tests.fakediscord import messages
from tests.fakediscord import state as st
from tests.fakediscord.discordpy import drain_discord_tasks

from .driver import GameDriver, Policy, answer
from .world import GAME, PATIENCE, World


@dataclass(frozen=True)
class Unchanged:
    """The stored game and everything public, to compare before and after a refused request."""

    status: str
    seats: tuple[tuple[int | None, str], ...]
    version: int
    log: int
    state: str
    public: tuple[tuple[str, int, bool], ...]

    @classmethod
    async def take(cls, driver: GameDriver) -> Unchanged:
        assert driver.game_id is not None
        await settle(driver.world)  # what the last decision posts goes out after its reply
        game = await games_db.get_game(driver.db, driver.game_id)
        text, log = "", 0
        if game.status != "lobby":
            text = (await games_db.load_snapshot(driver.db, driver.game_id)).json
            log = len(await driver.log())
        public = tuple((m.id, len(m.history), m.deleted)
                       for m in driver.fake.public_messages(driver.world.guild))
        seats = tuple((s.user_id, s.player_id) for s in game.seats)
        return cls(str(game.status), seats, int(game.version or 0), log, text, public)



async def settle(world: World) -> None:
    """Wait until the in-process bot has no handler or background task left."""
    await drain_discord_tasks()
    for bot in world.bots:
        if bot.referee is not None and not bot.is_closed():
            await bot.referee.idle()


async def refused(driver: GameDriver, h: Any, before: Unchanged, *expected: str) -> str:
    """The interaction was answered ephemerally, only to its user, with every expected phrase,
    and the game and every public message are as they were."""
    msg = await answer(h)
    await settle(driver.world)
    assert msg.ephemeral and msg.visible_to == h.user.id, (msg.content, msg.flags)
    for phrase in expected:
        assert phrase in msg.content, (phrase, msg.content)
    assert not msg.content.startswith("✅"), msg.content
    after = await Unchanged.take(driver)
    assert after == before, f"{h!r} changed the game or a public message: {msg.content!r}"
    return msg.content


def bot_message(world: World, channel: st.Channel, content: str, components: list[dict[str, Any]]) -> st.Message:
    """A message in ``channel`` that looks like the bot's, with controls the bot never made
    (an old release's, a forged client's): what a click on them does is the bot's business."""
    return messages.create(world.fake, channel, world.fake.bot_user,
                           {"content": content, "components": components})


def button_row(*custom_ids: str) -> dict[str, Any]:
    return {"type": 1, "components": [{"type": 2, "style": 1, "label": cid[-20:], "custom_id": cid}
                                      for cid in custom_ids]}


def select_row(custom_id: str, values: list[str]) -> dict[str, Any]:
    return {"type": 1, "components": [{"type": 3, "custom_id": custom_id, "min_values": 1, "max_values": 1,
                                       "options": [{"label": v, "value": v} for v in values]}]}


async def advance_until(driver: GameDriver, policy: Policy, wanted: Callable[[Any], bool],
                        limit: int = 300) -> None:
    """Decide (as the players, through the bot) until ``wanted(state)`` holds."""
    for _ in range(limit):
        if wanted(driver.state):
            return
        assert not driver.state.ended, "the game ended first"
        await driver.decide(policy=policy)
    raise AssertionError("never reached the wanted position")


def owes(decision: str) -> Callable[[Any], bool]:
    def check(state: Any) -> bool:
        to_act = GAME.to_act(state)
        return to_act is not None and to_act.decision == decision
    return check


async def replayed_log(db: Any, game: Any, game_id: int) -> list[Any]:
    """The decision log, checked: numbered without gaps, each decision applied to the version it
    was made on, and the initial state plus the log is exactly the stored snapshot."""
    log = await games_db.get_log(db, game_id)
    assert [d.seq for d in log] == list(range(1, len(log) + 1))
    state = game.load((await games_db.load_initial(db, game_id)).json)
    for d in log:
        assert d.prev_version == state.version
        game.apply(state, d.player_id, d.text)
    assert game.dump(state) == (await games_db.load_snapshot(db, game_id)).json, "snapshot != log replayed"
    return log


def thread_posts(world: World, thread: st.Channel, since: int) -> list[Any]:
    """The bot's new messages in ``thread`` (POST requests) after request number ``since``."""
    return [r for r in world.fake.requests[since:]
            if r.method == "POST" and r.path == f"/channels/{thread.id}/messages"]


def pinged(world: World, thread: st.Channel, since: int) -> list[str]:
    """The users the bot's messages in ``thread`` pinged after request number ``since``."""
    return [str(u) for r in thread_posts(world, thread, since)
            for u in ((r.json or {}).get("allowed_mentions") or {}).get("users") or ()]


async def until_told(db: Any, game_id: int, version: int, fake: Any = None,
                     timeout: float = PATIENCE) -> None:
    """Wait until everything the bot had to tell about ``version`` of the game was told
    (``db.notified``: the prompt and the hand DMs went out, then the record was written), so a
    kill after that finds nothing untold. Re-checked on every change of ``fake`` (the bot's
    posts) and every 50 ms; ``TimeoutError`` if it never is."""
    async def told() -> bool:
        last = (await notified_db.last_told(db, game_id))[0]
        return last is not None and last >= version

    if fake is not None:
        await fake.wait_until(told, timeout, f"game {game_id} told up to v{version}")
        return
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not await told():
        if loop.time() > end:
            raise TimeoutError(f"game {game_id} was not told up to v{version} in {timeout:g} s")
        await asyncio.sleep(0.05)
