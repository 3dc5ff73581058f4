"""``DiscordOutbox``: the referee's messages sent through a discord.py client.

Posts, edits and DMs go through discord.py's HTTP client (its rate limits, retries and
errors) with the message built as ``Messageable.send`` and ``PartialMessage.edit`` build it,
but without what they add for a bot that keeps no messages: no discord.ui view built for the
controls (``panels.rows`` writes their JSON), no ``Message`` object made from Discord's answer
(only its id is kept), no channel looked up or fetched first (a thread that is gone answers
the post itself with a 404). That is 6% of the bot's CPU per decision (docs/benchmarks.md).

What a decision's job tells its own thread goes through the decision's interaction where Discord
allows it (``telling_for``): posts as its follow-ups, edits of those (and of the prompt a
button was clicked on) through its webhook. Discord does not count those against the bot's
global limit of 50 requests a second (docs/limits.md). Only within the token's 15 minutes, in
the interaction's own channel, and once it was answered in its callback (after a
"thinking..." deferral the first follow-up would fill that message instead); else, and after a
restart, through the channel as before.
"""

from __future__ import annotations

import asyncio
import io
import logging
import secrets
from collections import OrderedDict
from typing import Any

import discord
from discord.http import handle_message_parameters
from discord.webhook.async_ import async_context

from cogs.discordpy.panels import rows
from db import dm_channels
from referee.messages.outbox import Delivery, Failure, Post, failure_of, prompt_of, telling_for
from referee.process import budget

log = logging.getLogger(__name__)
ARCHIVE_MINUTES = 10080  # a week: games run for days
DM_CHANNELS_KEPT = 1000  # the DM channels kept open, most recently used first
FOLLOW_UP_S = 14 * 60.0  # an interaction's token is good for 15 minutes: a minute's margin
#: callbacks that answered in themselves (a message, a deferred update, an update): no
#: "thinking..." message is left for a follow-up to fill
ANSWERED = frozenset({4, 6, 7})
THINKING = 5  # a "thinking..." deferral: its first follow-up fills that message
#: the interaction's ``extras`` mark that its "thinking..." message was filled in (by its
#: answer, ``cogs.common.reply``): later follow-ups are messages of their own again
FILLED = "stella-filled"
ANSWER_WAIT_S = 1.5  # a job's post waits this long at most for its interaction's answer
FOLLOWED_KEPT = 5000  # messages posted as follow-ups, remembered to be edited through them


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
        # message id -> the interaction it was posted through, least recent first
        self._followed: OrderedDict[int, discord.Interaction[Any]] = OrderedDict()
        self.through_interactions = 0  # posts and edits sent through an interaction

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
            request = await _through(thread_id)
            data = None
            if request is not None:
                data = await self._follow_up(request, post)
            if data is None:
                level = budget.PICTURE if post.files else budget.PROMPT if post.panel else budget.POST
                with budget.at(budget.of(level)):
                    data = await self._send(thread_id, post, _mentions(post))
        except discord.HTTPException as exc:
            failure = failure_of(exc.status, exc.code)
            log.warning("could not post to channel %s (%s): %s", thread_id, failure, exc)
            return Delivery(failure, f"{exc.status} {exc.code}: {exc.text}"[:200])
        except (discord.ClientException, TypeError, AttributeError, OSError, TimeoutError) as exc:
            log.warning("could not post to channel %s: %s", thread_id, exc)
            return Delivery(Failure.TRANSIENT, str(exc)[:200])
        return Delivery(message_id=int(data["id"]))

    async def _follow_up(self, request: discord.Interaction[Any], post: Post, *,
                         private: bool = False) -> dict[str, Any] | None:
        """``post`` as a public follow-up of ``request`` (its webhook; ``private``: an ephemeral
        one, only its user sees it); None if Discord refused it there (the token gone, say):
        then it goes through the channel (or by DM)."""
        hook = request.followup
        flags = discord.MessageFlags(ephemeral=True) if private else discord.utils.MISSING
        try:
            with handle_message_parameters(
                    content=post.text, files=_files(post), allowed_mentions=_mentions(post),
                    previous_allowed_mentions=self.client.allowed_mentions, flags=flags,
                    view=_controls(post)) as params:
                data = await async_context.get().execute_webhook(
                    hook.id, hook.token or "", session=hook.session, proxy=hook.proxy,
                    proxy_auth=hook.proxy_auth, payload=params.payload,
                    multipart=params.multipart, files=params.files, wait=True,
                    with_components=post.panel is not None)
        except discord.HTTPException as exc:
            if exc.status >= 500 or exc.status == 429:
                raise  # it may have been posted: not again through the channel
            log.info("could not follow interaction %s up (%s): through the channel", request.id,
                     exc)
            return None
        assert data is not None
        self.through_interactions += 1
        if private:  # not a thread message: never edited as one
            return data
        self._followed[int(data["id"])] = request
        while len(self._followed) > FOLLOWED_KEPT:
            self._followed.popitem(last=False)
        return data

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
            with handle_message_parameters(
                    content=post.text, view=_controls(post),
                    allowed_mentions=discord.AllowedMentions.none(),
                    previous_allowed_mentions=self.client.allowed_mentions) as params:
                if not await self._edit_through(thread_id, message_id, params, post):
                    with budget.at(budget.of(budget.PROMPT if post.panel else budget.POST)):
                        await self.client.http.edit_message(thread_id, message_id, params=params)
        except discord.HTTPException as exc:
            failure = failure_of(exc.status, exc.code)
            log.warning("could not edit message %s in %s (%s): %s", message_id, thread_id,
                        failure, exc)
            return Delivery(failure, f"{exc.status} {exc.code}: {exc.text}"[:200])
        except (discord.ClientException, TypeError, AttributeError, OSError, TimeoutError) as exc:
            log.warning("could not edit message %s in %s: %s", message_id, thread_id, exc)
            return Delivery(Failure.TRANSIENT, str(exc)[:200])
        return Delivery(message_id=message_id)

    async def _edit_through(self, thread_id: int, message_id: int, params: Any,
                            post: Post) -> bool:
        """Edit through an interaction: the one ``message_id`` was posted through, or the
        current one if it was a click on ``message_id`` answered by updating it. False: no
        such interaction still good (or Discord refused it there)."""
        request, target = self._followed.get(message_id), str(message_id)
        if request is None or not _fresh(request):
            request = await _through(thread_id)
            message = getattr(request, "message", None) if request is not None else None
            if (request is None or message is None or message.id != message_id
                    or request.response.type is None or request.response.type.value not in (6, 7)):
                return False
            target = "@original"  # the clicked message, as the deferred update left it
        hook = request.followup
        try:
            await async_context.get().edit_webhook_message(
                hook.id, hook.token or "", target, session=hook.session, proxy=hook.proxy,  # type: ignore[arg-type]
                proxy_auth=hook.proxy_auth, payload=params.payload, multipart=params.multipart,
                files=params.files, with_components=post.panel is not None)
        except discord.HTTPException as exc:
            if exc.status >= 500 or exc.status == 429:
                raise
            log.info("could not edit message %s through interaction %s (%s): through the "
                     "channel", message_id, request.id, exc)
            self._followed.pop(message_id, None)
            return False
        self.through_interactions += 1
        return True

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
        with budget.at(budget.of(budget.DM)):
            return await self._dm(user_id, post)

    async def _dm(self, user_id: int, post: Post) -> bool:
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

    async def whisper(self, user_id: int, post: Post) -> bool:
        """``post`` as an ephemeral follow-up of the interaction being told (``telling_for``)
        when ``user_id`` made it: only they see it, and Discord does not count it against the
        global limit. False (nothing sent) otherwise, or if Discord refused it there."""
        request = telling_for.get()
        if (not isinstance(request, discord.Interaction) or request.user.id != user_id
                or await _answered(request) is None):
            return False
        try:
            return await self._follow_up(request, post, private=True) is not None
        except discord.HTTPException as exc:  # a 5xx or 429: it may have gone; said as failed
            log.info("could not answer interaction %s privately: %s", request.id, exc)
            return False
        except (discord.ClientException, TypeError, AttributeError, OSError, TimeoutError) as exc:
            log.info("could not answer interaction %s privately: %s", request.id, exc)
            return False

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


def _fresh(request: discord.Interaction[Any]) -> bool:
    return (discord.utils.utcnow() - request.created_at).total_seconds() < FOLLOW_UP_S


async def _through(channel_id: int) -> discord.Interaction[Any] | None:
    """The interaction a message to ``channel_id`` may go through (``telling_for``), if any: its
    answer waited for a moment (a job may start while it is being sent)."""
    request = telling_for.get()
    if not isinstance(request, discord.Interaction) or request.channel_id != channel_id:
        return None
    return await _answered(request)


async def _answered(request: discord.Interaction[Any]) -> discord.Interaction[Any] | None:
    """``request`` if its token is still good and it was answered in its callback, or its
    "thinking..." deferral was filled in by its answer (either waited for a moment), else
    None. A late answer (deferred on a loaded machine) so still takes its decision's posts
    through the interaction, not through the channel, where Discord counts them and a
    thread's posts wait for each other (docs/limits.md)."""
    if not _fresh(request):
        return None
    waited = 0.0
    while not _answered_now(request) and waited < ANSWER_WAIT_S:
        await asyncio.sleep(0.01)
        waited += 0.01
    return request if _answered_now(request) else None


def _answered_now(request: discord.Interaction[Any]) -> bool:
    kind = request.response.type
    if kind is None:
        return False
    return kind.value in ANSWERED or (kind.value == THINKING and bool(request.extras.get(FILLED)))
