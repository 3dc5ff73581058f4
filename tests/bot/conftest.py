"""Fixtures: a temporary database, a memory outbox, a fake clock and a referee on them."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from db import Database, Game
from referee.messages.outbox import MemoryOutbox
from referee.process.config import Settings
from referee.service import Referee
from referee.shared import cache as cached

T0 = 1_700_000_000
ANN, BOB, CY, MOD, STRANGER = 101, 102, 103, 900, 999
GUILD, CHANNEL = 1, 10
CARD = re.compile(r"\b(?:blue|green|pink|purple)-[1-4]\b")


class Clock:
    def __init__(self, t: float = T0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


def settings(**values: Any) -> Settings:
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


@pytest.fixture(autouse=True)
def answers_are_quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """``cogs.common.QUICK_S`` (1 s of wall clock: an answer ready by then is the interaction's
    acknowledgement, else a deferral goes first) made a minute here, so a test that expects the
    answer as the acknowledgement does not depend on this machine answering within a second
    (on a loaded one it did not always: ``["defer", ...]``). The tests of the deferral itself
    (test_ack.py's ``quick``) set their own."""
    from cogs import common

    monkeypatch.setattr(common, "QUICK_S", 60.0)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "bot.sqlite3"


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def out() -> MemoryOutbox:
    return MemoryOutbox()


@pytest.fixture
async def db(db_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(db_path, synchronous="OFF")
    yield database
    await database.close()


@pytest.fixture
async def referee(db: Database, out: MemoryOutbox, clock: Clock) -> AsyncIterator[Referee]:
    ref = Referee(db, out, settings(), clock=clock)
    yield ref
    await ref.close()


async def lobby(ref: Referee, *users: tuple[int, str], bots: tuple[str, ...] = (),
                red_tears: bool = False, turn_hours: float = 24) -> Game:
    """A lobby hosted by the first user, with the others and the bots seated."""
    (host, host_name), *others = users
    game = await ref.lobby.open(guild_id=GUILD, channel_id=CHANNEL, host_id=host,
                                host_name=host_name, red_tears=red_tears, turn_hours=turn_hours)
    for user, name in others:
        await ref.lobby.join(game.id, user, name)
    for level in bots:
        await ref.lobby.add_bot(game.id, host, level)
    return await cached.get_game(ref.ctx, game.id)


async def started(ref: Referee, *users: tuple[int, str], bots: tuple[str, ...] = (),
                  seed: int = 5, **options: Any) -> Game:
    game = await lobby(ref, *users, bots=bots, **options)
    await ref.lobby.start(game.id, users[0][0], seed=seed)
    await ref.idle()
    return await cached.get_game(ref.ctx, game.id)


async def two_players(ref: Referee, **options: Any) -> Game:
    return await started(ref, (ANN, "Ann"), (BOB, "Bob"), **options)


async def owed(ref: Referee, game_id: int) -> tuple[int, str, Any]:
    """(user id, player id, table) of whoever must decide now."""
    table = await ref.sessions.running(game_id)
    to_act = ref.ctx.game.to_act(table.state)
    seat = table.game.seat_of_player(to_act.player)
    assert seat is not None and seat.user_id is not None
    return seat.user_id, to_act.player, table


def thread_posts(out: MemoryOutbox, game: Game) -> list[Any]:
    assert game.thread_id is not None
    return out.threads[game.thread_id]
