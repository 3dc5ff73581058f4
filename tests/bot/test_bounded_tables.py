"""Tables kept per user or per game stay bounded however many users and games come by."""

from __future__ import annotations

import asyncio
import gc
from types import SimpleNamespace
from typing import Any

from cogs.discordpy.outbox import DiscordOutbox
from referee.shared.context import Context


class Client:
    def __init__(self) -> None:
        self.opened: list[int] = []

    async def create_dm(self, user: Any) -> Any:
        self.opened.append(user.id)
        return SimpleNamespace(id=1000 + user.id)


async def test_dm_channels_are_kept_for_the_most_recent_users_only() -> None:
    client = Client()
    out = DiscordOutbox(client, dms_kept=2)  # type: ignore[arg-type]
    for user, opened in ((1, True), (2, True), (1, False), (3, True)):  # 2 least recent at 3
        assert await out._dm_channel(user) == (1000 + user, opened)
    assert client.opened == [1, 2, 3]
    assert await out._dm_channel(1) == (1001, False)
    assert client.opened == [1, 2, 3]
    assert await out._dm_channel(2) == (1002, True)  # opened again
    assert client.opened == [1, 2, 3, 2]
    assert len(out._dms) == 2


async def test_a_games_lock_lives_only_while_it_is_used() -> None:
    ctx = Context(db=None, out=None, settings=None)  # type: ignore[arg-type]
    async with ctx.lock(7):
        assert ctx.lock(7).locked()  # the same lock while it is held
        waiter = asyncio.ensure_future(_take(ctx, 7))
        await asyncio.sleep(0)
        assert not waiter.done()
    await waiter
    for n in range(1000):
        async with ctx.lock(n):
            pass
    gc.collect()
    assert len(ctx.locks) == 0


async def _take(ctx: Context, game_id: int) -> None:
    async with ctx.lock(game_id):
        pass


async def test_players_unreachable_by_dm_are_remembered_within_a_bound(monkeypatch: Any) -> None:
    from referee.messages.outbox import MemoryOutbox
    from referee.telling import notify

    monkeypatch.setattr(notify, "DM_FAILURES_KEPT", 3)
    out = MemoryOutbox()
    ctx = Context(db=None, out=out, settings=None)  # type: ignore[arg-type]
    notifier = notify.Notifier(ctx)
    posted: list[str] = []

    async def post(game: Any, text: str, **_: Any) -> Any:
        posted.append(text)

    monkeypatch.setattr(notifier, "post", post)
    monkeypatch.setattr(notify.images, "hand_png", _no_picture)

    class Present:
        def hand_text(self, view: Any, player: str, game_id: int) -> str:
            return "hand"

        def cmd(self, name: str) -> str:
            return f"/stella {name}"

    class Engine:
        def view(self, state: Any, player: str) -> dict[str, Any]:
            return {}

    async def unknown(users: Any) -> dict[int, None]:  # no database: every language unknown
        return dict.fromkeys(users)

    monkeypatch.setattr(notifier.languages, "of", unknown)
    monkeypatch.setattr(ctx, "present", lambda game: Present())
    monkeypatch.setattr(ctx, "engine", lambda game: Engine())
    for n in range(10):
        seat = _Seat(player_id=str(n), user_id=1000 + n)
        out.closed_dms.add(seat.user_id)
        assert not await notifier.dm_hand(_Game(id=n), None, seat, [])  # type: ignore[arg-type]
    assert len(posted) == 10 and len(notifier._dm_failed) == 3


async def _no_picture(*_: Any) -> None:
    return None


class _Seat:
    def __init__(self, player_id: str, user_id: int) -> None:
        self.player_id, self.user_id = player_id, user_id


class _Game:
    def __init__(self, id: int) -> None:
        self.id = id
        self.seats: tuple[Any, ...] = ()
        self.options: dict[str, Any] = {}
