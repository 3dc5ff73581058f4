"""``DiscordOutbox``: the referee's messages sent through a discord.py client.

Posts, edits and DMs go through discord.py's HTTP client (its rate limits, retries and
errors) with the message built as ``Messageable.send`` and ``PartialMessage.edit`` build it,
but without what they add for a bot that keeps no messages: no discord.ui view built for the
controls (``panels.rows`` writes their JSON), no ``Message`` object made from Discord's answer
(only its id is kept), no channel looked up or fetched first (a thread that is gone answers
the post itself with a 404). That is 6% of the bot's CPU per decision (docs/benchmarks.md).
"""

from __future__ import annotations

import io
import logging
import secrets
from collections import OrderedDict
from typing import Any

import discord
from discord.http import handle_message_parameters

from cogs.discordpy.panels import rows
from db import dm_channels
from referee.messages.outbox import Delivery, Failure, Post, failure_of, prompt_of

log = logging.getLogger(__name__)
ARCHIVE_MINUTES = 10080  # a week: games run for days
DM_CHANNELS_KEPT = 1000  # the DM channels kept open, most recently used first


def _files(post: Post) -> list[discord.File]:
    return [discord.File(io.BytesIO(f.data), filename=f.name) for f in post.files]


def _mentions(post: Post) -> discord.AllowedMentions:
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(u) for u in post.ping])


class _Rows:
    """Stands where ``handle_message_parameters`` takes a discord.ui view: the rows of a
    panel as JSON already (``panels.rows``)."""

    __slots__ = ("_rows",)

    def __init__(self, panel_rows: list[dict[str, Any]]) -> None:
        self._rows = panel_rows

    def to_components(self) -> list[dict[str, Any]]:
        return self._rows

    def has_components_v2(self) -> bool:
        return False


def _controls(post: Post) -> Any:
    """The ``view`` argument: the panel's rows, or None (a message without controls)."""
    return _Rows(rows(post.panel)) if post.panel is not None else None


class DiscordOutbox:
    def __init__(self, client: discord.Client, *, dms_kept: int = DM_CHANNELS_KEPT) -> None:
        self.client = client
        self._dms: OrderedDict[int, int] = OrderedDict()  # user id -> DM channel id, least recent first
        self._dms_kept = dms_kept
        self._db: Any = None  # where the DM channel ids are kept (``keep_dm_channels``)

    async def _channel(self, channel_id: int) -> Any:
        channel = self.client.get_channel(channel_id)
        if channel is None:
            channel = await self.client.fetch_channel(channel_id)
        return channel

    async def create_thread(self, channel_id: int, name: str, intro: str) -> int:
        channel = await self._channel(channel_id)
        if not isinstance(channel, discord.TextChannel):
            raise TypeError("games are created in text channels")
        message = await channel.send(intro, allowed_mentions=discord.AllowedMentions.none())
        thread = await message.create_thread(name=name[:100], auto_archive_duration=ARCHIVE_MINUTES)
        return thread.id

    async def post(self, thread_id: int, post: Post) -> Delivery:
        try:
            data = await self._send(thread_id, post, _mentions(post))
        except discord.HTTPException as exc:
            failure = failure_of(exc.status, exc.code)
            log.warning("could not post to channel %s (%s): %s", thread_id, failure, exc)
            return Delivery(failure, f"{exc.status} {exc.code}: {exc.text}"[:200])
        except (discord.ClientException, TypeError, AttributeError, OSError, TimeoutError) as exc:
            log.warning("could not post to channel %s: %s", thread_id, exc)
            return Delivery(Failure.TRANSIENT, str(exc)[:200])
        return Delivery(message_id=int(data["id"]))

    async def _send(self, channel_id: int, post: Post,
                    mentions: discord.AllowedMentions | None) -> dict[str, Any]:
        """``POST /channels/{id}/messages`` as ``Messageable.send`` makes it (a nonce, so a
        retried request is not posted twice); Discord's answer as JSON."""
        http = self.client.http
        with handle_message_parameters(
                content=post.text, files=_files(post), nonce=secrets.randbits(64),
                allowed_mentions=mentions, previous_allowed_mentions=self.client.allowed_mentions,
                view=_controls(post)) as params:
            return await http.send_message(channel_id, params=params)

    async def edit(self, thread_id: int, message_id: int, post: Post) -> Delivery:
        try:
            http = self.client.http
            with handle_message_parameters(
                    content=post.text, view=_controls(post),
                    allowed_mentions=discord.AllowedMentions.none(),
                    previous_allowed_mentions=self.client.allowed_mentions) as params:
                await http.edit_message(thread_id, message_id, params=params)
        except discord.HTTPException as exc:
            failure = failure_of(exc.status, exc.code)
            log.warning("could not edit message %s in %s (%s): %s", message_id, thread_id,
                        failure, exc)
            return Delivery(failure, f"{exc.status} {exc.code}: {exc.text}"[:200])
        except (discord.ClientException, TypeError, AttributeError, OSError, TimeoutError) as exc:
            log.warning("could not edit message %s in %s: %s", message_id, thread_id, exc)
            return Delivery(Failure.TRANSIENT, str(exc)[:200])
        return Delivery(message_id=message_id)

    def keep_dm_channels(self, db: Any) -> None:
        """Keep each user's DM channel id in ``db`` (``db.dm_channels``): a restarted bot does
        not open them all again (each ``POST /users/@me/channels`` counts against Discord's
        global limit)."""
        self._db = db

    def _remember(self, user_id: int, channel_id: int) -> None:
        self._dms[user_id] = channel_id
        self._dms.move_to_end(user_id)
        while len(self._dms) > self._dms_kept:
            self._dms.popitem(last=False)

    async def _dm_channel(self, user_id: int, *, reopen: bool = False) -> tuple[int, bool]:
        """The id of the DM channel with a user and whether it was opened just now: kept in
        memory while it is among the ``dms_kept`` most recently used, and in the database;
        else opened (``POST /users/@me/channels``; no ``GET /users/{id}``: users aren't cached
        without the members intent) and kept."""
        channel_id = None if reopen else self._dms.get(user_id)
        if channel_id is None and self._db is not None and not reopen:
            channel_id = await dm_channels.get(self._db, user_id)
        if channel_id is not None:
            self._remember(user_id, channel_id)
            return channel_id, False
        channel = await self.client.create_dm(discord.Object(user_id))
        self._remember(user_id, channel.id)
        if self._db is not None:
            await dm_channels.put(self._db, user_id, channel.id)
        return channel.id, True

    async def dm(self, user_id: int, post: Post) -> bool:
        try:
            channel_id, opened = await self._dm_channel(user_id)
            try:
                await self._send(channel_id, post, None)  # a DM pings nobody but its reader
            except discord.NotFound:
                if opened:
                    raise
                # the channel kept is gone (Discord's ids are for good, but a test's may not
                # be): opened again
                channel_id, _ = await self._dm_channel(user_id, reopen=True)
                await self._send(channel_id, post, None)
        except (discord.HTTPException, discord.ClientException) as exc:
            log.info("could not DM user %s: %s", user_id, exc)
            return False
        return True

    async def last_prompt(self, thread_id: int, game_id: int) -> tuple[int, str] | None:
        me = getattr(self.client.user, "id", None)
        try:
            channel = await self._channel(thread_id)
            async for message in channel.history(limit=25):
                if me is not None and message.author.id != me:
                    continue
                custom_ids = [getattr(child, "custom_id", None) or ""
                              for row in message.components
                              for child in getattr(row, "children", [row])]
                found = prompt_of(custom_ids, game_id)
                if found is not None:
                    return found
        except (discord.HTTPException, discord.ClientException, AttributeError) as exc:
            log.warning("could not read thread %s: %s", thread_id, exc)
        return None
