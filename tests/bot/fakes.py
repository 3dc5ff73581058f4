"""Just enough of a discord.Interaction for the cogs' glue."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import discord

from .conftest import GUILD


class FakeResponse:
    def __init__(self) -> None:
        self._done = False
        self.calls: list[tuple[str, Any, dict[str, Any]]] = []
        self.type: discord.InteractionResponseType | None = None  # the callback's, once made

    def is_done(self) -> bool:
        return self._done

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        assert not self._done, "an interaction is answered once"
        self._done = True
        self.type = (discord.InteractionResponseType.deferred_channel_message if thinking
                     else discord.InteractionResponseType.deferred_message_update)
        self.calls.append(("defer", None, {"ephemeral": ephemeral, "thinking": thinking}))

    async def send_message(self, content: str | None = None, **kwargs: Any) -> None:
        assert not self._done, "an interaction is answered once"
        self._done = True
        self.type = discord.InteractionResponseType.channel_message
        self.calls.append(("send", content, kwargs))

    async def edit_message(self, **kwargs: Any) -> None:
        assert not self._done, "an interaction is answered once"
        self._done = True
        self.type = discord.InteractionResponseType.message_update
        self.calls.append(("edit", kwargs.get("content"), kwargs))


class FakeFollowup:
    def __init__(self) -> None:
        self.sent: list[tuple[str | None, dict[str, Any]]] = []

    async def send(self, content: str | None = None, **kwargs: Any) -> None:
        self.sent.append((content, kwargs))


class FakeMember:
    def __init__(self, user_id: int, name: str, *, manage: bool = False,
                 roles: tuple[int, ...] = ()) -> None:
        self.id = user_id
        self.name = name
        self.display_name = name
        self.bot = False
        self.guild_permissions = SimpleNamespace(manage_guild=manage)
        self.roles = [SimpleNamespace(id=r) for r in roles]


class FakeInteraction:
    def __init__(self, referee: Any, user: FakeMember, channel_id: int | None,
                 custom_id: str | None = None) -> None:
        self.client = SimpleNamespace(referee=referee)
        self.user = user
        self.channel_id = channel_id
        self.channel = SimpleNamespace(id=channel_id)
        self.guild_id = GUILD
        self.locale = self.guild_locale = "en-US"  # as discord.py has them (discord.Locale)
        self.response = FakeResponse()
        self.followup = FakeFollowup()
        self.command = None
        self.data = {"custom_id": custom_id} if custom_id else {}
        self.namespace = SimpleNamespace()
        self.edits: list[dict[str, Any]] = []
        self.extras: dict[str, Any] = {}
        self.created_at = datetime.now(UTC)  # as Discord dates it (its ID)

    async def edit_original_response(self, **kwargs: Any) -> None:
        assert self.response.is_done()
        self.edits.append(kwargs)

    def updates(self) -> list[dict[str, Any]]:
        """Every edit of the component's message: in the callback, then of the original."""
        return [k for kind, _, k in self.response.calls if kind == "edit"] + self.edits

    def replies(self) -> list[tuple[str | None, dict[str, Any]]]:
        """Every message sent back: the direct answer and the follow-ups."""
        direct = [(c, k) for kind, c, k in self.response.calls if kind == "send"]
        return direct + self.followup.sent

    def last_text(self) -> str:
        return str(self.replies()[-1][0])
