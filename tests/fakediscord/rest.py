"""REST routes for users, applications (command sync), channels, messages, threads, guilds.

Interaction callbacks and webhooks are in `rest_interactions.py`. Handlers read the parsed
body from the request log record the middleware made (`request[RECORD_KEY]`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import messages, payloads
from . import responses as r
from . import state as st
from .records import RECORD_KEY, RequestRecord
from .validation import check_commands

if TYPE_CHECKING:
    from .server import FakeDiscord

GUILDS_INTENT = 1 << 0
FAKE_KEY: web.AppKey[Any] = web.AppKey("fake")
MAX_LIMIT = 100


def fake_of(request: web.Request) -> FakeDiscord:
    return request.app[FAKE_KEY]


def body_of(request: web.Request) -> tuple[dict[str, Any], list[Any]]:
    rec: RequestRecord = request[RECORD_KEY]
    return (rec.json if isinstance(rec.json, dict) else {}), rec.files


def channel_or_404(fake: FakeDiscord, channel_id: str) -> st.Channel:
    channel = fake.channels.get(channel_id)
    if channel is None or channel.deleted:
        raise r.not_found(r.UNKNOWN_CHANNEL, "Channel")
    return channel


def message_or_404(fake: FakeDiscord, channel: st.Channel, message_id: str) -> st.Message:
    msg = fake.messages.get(message_id)
    if msg is None or msg.deleted or msg.ephemeral or msg.channel_id != channel.id:
        raise r.not_found(r.UNKNOWN_MESSAGE, "Message")
    return msg


def guild_or_404(fake: FakeDiscord, guild_id: str) -> st.Guild:
    guild = fake.guilds.get(guild_id)
    if guild is None:
        raise r.not_found(r.UNKNOWN_GUILD, "Guild")
    return guild


# -- gateway, users, application ------------------------------------------------------------
async def get_gateway(request: web.Request) -> web.Response:
    return r.json_response({"url": fake_of(request).gateway_url})


async def get_gateway_bot(request: web.Request) -> web.Response:
    limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
    return r.json_response({"url": fake_of(request).gateway_url, "shards": 1, "session_start_limit": limit})


async def get_me(request: web.Request) -> web.Response:
    fake = fake_of(request)
    token = request.headers.get("Authorization", "").removeprefix("Bot ")
    fake.tokens_seen.add(token)
    if fake.bot_token is not None and token != fake.bot_token:
        raise r.ApiError(401, 0, "401: Unauthorized")
    return r.json_response(payloads.bot_user(fake.bot_user))


async def get_user(request: web.Request) -> web.Response:
    fake = fake_of(request)
    user = fake.users.get(request.match_info["user_id"])
    if user is None:
        raise r.not_found(r.UNKNOWN_USER, "User")
    return r.json_response(payloads.user(user))


async def create_dm(request: web.Request) -> web.Response:
    fake = fake_of(request)
    body, _ = body_of(request)
    user = fake.users.get(str(body.get("recipient_id")))
    if user is None:
        raise r.ApiError(400, 50033, "Invalid Recipient(s)")
    return r.json_response(payloads.channel(fake.dm_channel(user), fake))


async def get_application(request: web.Request) -> web.Response:
    return r.json_response(payloads.application(fake_of(request)))


# -- application commands -----------------------------------------------------------------
def _scope(request: web.Request) -> tuple[FakeDiscord, str | None, dict[str, dict[str, Any]]]:
    fake = fake_of(request)
    if request.match_info["app_id"] != fake.application_id:
        raise r.ApiError(403, 50001, "Missing Access")
    guild_id = request.match_info.get("guild_id")
    if guild_id is not None:
        guild_or_404(fake, guild_id)
    return fake, guild_id, fake.commands.setdefault(guild_id, {})


def _normalize_command(fake: FakeDiscord, guild_id: str | None, data: dict[str, Any], old: dict[str, Any] | None):
    perms = data.get("default_member_permissions")
    cmd = {
        "name_localizations": None,
        "description_localizations": None,
        "contexts": None,
        "integration_types": [0],
        "nsfw": False,
        "options": [],
        **data,
        "id": old["id"] if old else fake.ids.next(),
        "application_id": fake.application_id,
        "version": fake.ids.next(),
        "type": data.get("type", 1),
        "description": data.get("description", ""),
        "default_member_permissions": None if perms is None else str(perms),
    }
    if guild_id is not None:
        cmd["guild_id"] = guild_id
    else:
        cmd.setdefault("dm_permission", True)
    return cmd


async def list_commands(request: web.Request) -> web.Response:
    _, _, registry = _scope(request)
    return r.json_response(list(registry.values()))


async def overwrite_commands(request: web.Request) -> web.Response:
    fake, guild_id, registry = _scope(request)
    rec: RequestRecord = request[RECORD_KEY]
    commands = rec.json if isinstance(rec.json, list) else []
    if fake.validate and (problems := check_commands(commands)):
        raise r.invalid_form(problems)
    by_name = {(c["type"], c["name"]): c for c in registry.values()}
    new = [_normalize_command(fake, guild_id, c, by_name.get((c.get("type", 1), c.get("name")))) for c in commands]
    registry.clear()
    registry.update({c["id"]: c for c in new})
    fake.notify()
    return r.json_response(new)


async def upsert_command(request: web.Request) -> web.Response:
    fake, guild_id, registry = _scope(request)
    body, _ = body_of(request)
    if fake.validate and (problems := check_commands([body])):
        raise r.invalid_form(problems)
    old = next((c for c in registry.values() if (c["type"], c["name"]) == (body.get("type", 1), body.get("name"))), None)
    cmd = _normalize_command(fake, guild_id, body, old)
    registry[cmd["id"]] = cmd
    fake.notify()
    return r.json_response(cmd, 200 if old else 201)


async def command_by_id(request: web.Request) -> web.Response:
    fake, guild_id, registry = _scope(request)
    cmd = registry.get(request.match_info["command_id"])
    if cmd is None:
        raise r.not_found(r.UNKNOWN_COMMAND, "application command")
    if request.method == "DELETE":
        del registry[cmd["id"]]
        fake.notify()
        return r.no_content()
    if request.method == "PATCH":
        body, _ = body_of(request)
        cmd = registry[cmd["id"]] = _normalize_command(fake, guild_id, {**cmd, **body}, cmd)
        fake.notify()
    return r.json_response(cmd)


# -- channels -------------------------------------------------------------------------------
async def channel_route(request: web.Request) -> web.Response:
    fake = fake_of(request)
    channel = channel_or_404(fake, request.match_info["channel_id"])
    if request.method == "PATCH":
        body, _ = body_of(request)
        for key in ("name", "topic", "archived", "locked", "invitable", "auto_archive_duration"):
            if key in body:
                setattr(channel, key, body[key])
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        fake.gateway.broadcast(event, payloads.channel(channel, fake), GUILDS_INTENT)
    elif request.method == "DELETE":
        channel.deleted = True
        event = "THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE"
        fake.gateway.broadcast(event, payloads.channel(channel, fake), GUILDS_INTENT)
    fake.notify()
    return r.json_response(payloads.channel(channel, fake))


async def post_message(request: web.Request) -> web.Response:
    fake = fake_of(request)
    channel = channel_or_404(fake, request.match_info["channel_id"])
    if channel.type == st.DM and channel.recipient_id in fake.faults.dm_blocked:
        raise r.ApiError(403, r.CANNOT_DM_USER, "Cannot send messages to this user")
    if channel.type == st.GUILD_CATEGORY:
        raise r.ApiError(400, 50008, "Cannot send messages in a non-text channel")
    if channel.is_thread and channel.locked:
        raise r.ApiError(403, 50083, "Thread is locked")
    body, files = body_of(request)
    msg = messages.create(fake, channel, fake.bot_user, body, files, type=19 if body.get("message_reference") else 0)
    return r.json_response(payloads.message(msg, fake))


async def list_messages(request: web.Request) -> web.Response:
    fake = fake_of(request)
    channel = channel_or_404(fake, request.match_info["channel_id"])
    q = request.query
    found = channel.public_messages
    if "around" in q:
        index = next((i for i, m in enumerate(found) if m.id == q["around"]), len(found))
        limit = int(q.get("limit", 50))
        found = found[max(0, index - limit // 2): index + (limit + 1) // 2]
    if "before" in q:
        found = [m for m in found if int(m.id) < int(q["before"])]
    if "after" in q:
        found = [m for m in found if int(m.id) > int(q["after"])]
    limit = min(int(q.get("limit", 50)), MAX_LIMIT)
    found = found[:limit] if "after" in q else found[-limit:]
    return r.json_response([payloads.message(m, fake) for m in reversed(found)])


async def message_route(request: web.Request) -> web.Response:
    fake = fake_of(request)
    channel = channel_or_404(fake, request.match_info["channel_id"])
    msg = message_or_404(fake, channel, request.match_info["message_id"])
    if request.method == "DELETE":
        messages.delete(fake, msg)
        return r.no_content()
    if request.method == "PATCH":
        if msg.author is not fake.bot_user:
            raise r.ApiError(403, 50005, "Cannot edit a message authored by another user")
        body, files = body_of(request)
        messages.edit(fake, msg, body, files)
    return r.json_response(payloads.message(msg, fake))


async def create_thread(request: web.Request) -> web.Response:
    fake = fake_of(request)
    parent = channel_or_404(fake, request.match_info["channel_id"])
    body, _ = body_of(request)
    if parent.type != st.GUILD_TEXT:
        raise r.ApiError(400, 50024, "Cannot execute action on this channel type")
    if not 1 <= len(body.get("name") or "") <= 100:
        raise r.invalid_form({"name": "Must be between 1 and 100 in length."})
    message_id = request.match_info.get("message_id")
    start = message_or_404(fake, parent, message_id) if message_id else None
    if start is not None and start.thread_id:
        raise r.ApiError(400, 160004, "A thread has already been created for this message")
    kind = st.PUBLIC_THREAD if start is not None else int(body.get("type") or st.PRIVATE_THREAD)
    thread = fake.add_thread(
        parent, body["name"], type=kind, thread_id=message_id,
        auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
        invitable=bool(body.get("invitable", True)),
    )
    if start is not None:
        start.thread_id = thread.id
    return r.json_response(payloads.channel(thread, fake), 201)


async def thread_members(request: web.Request) -> web.Response:
    fake = fake_of(request)
    thread = channel_or_404(fake, request.match_info["channel_id"])
    if not thread.is_thread:
        raise r.ApiError(400, 50024, "Cannot execute action on this channel type")
    user_id = request.match_info.get("user_id")
    if user_id == "@me":
        user_id = fake.bot_user.id
    if request.method == "GET":
        if user_id is None:
            return r.json_response([payloads.thread_member(thread, uid) for uid in thread.member_ids])
        if user_id not in thread.member_ids:
            raise r.not_found(r.UNKNOWN_MEMBER, "Member")
        return r.json_response(payloads.thread_member(thread, user_id))
    if user_id not in fake.users:
        raise r.not_found(r.UNKNOWN_USER, "User")
    if request.method == "PUT" and user_id not in thread.member_ids:
        thread.member_ids.append(user_id)
    elif request.method == "DELETE" and user_id in thread.member_ids:
        thread.member_ids.remove(user_id)
    fake.notify()
    return r.no_content()


async def reaction(request: web.Request) -> web.Response:
    fake = fake_of(request)
    channel = channel_or_404(fake, request.match_info["channel_id"])
    msg = message_or_404(fake, channel, request.match_info["message_id"])
    emoji = request.match_info["emoji"]
    if request.method == "PUT":
        msg.reactions.append(emoji)
    elif emoji in msg.reactions:
        msg.reactions.remove(emoji)
    fake.notify()
    return r.no_content()


async def pin(request: web.Request) -> web.Response:
    fake = fake_of(request)
    channel = channel_or_404(fake, request.match_info["channel_id"])
    msg = message_or_404(fake, channel, request.match_info["message_id"])
    msg.pinned = request.method == "PUT"
    fake.notify()
    return r.no_content()


async def typing(request: web.Request) -> web.Response:
    channel_or_404(fake_of(request), request.match_info["channel_id"])
    return r.no_content()


# -- guilds ---------------------------------------------------------------------------------
async def get_guild(request: web.Request) -> web.Response:
    fake = fake_of(request)
    data = payloads.guild_create(guild_or_404(fake, request.match_info["guild_id"]), fake)
    for key in ("members", "channels", "threads", "presences", "voice_states", "joined_at", "large", "member_count"):
        data.pop(key, None)
    return r.json_response(data)


async def guild_channels(request: web.Request) -> web.Response:
    fake = fake_of(request)
    guild = guild_or_404(fake, request.match_info["guild_id"])
    return r.json_response([payloads.channel(c, fake) for c in guild.channels if not c.is_thread])


async def guild_roles(request: web.Request) -> web.Response:
    guild = guild_or_404(fake_of(request), request.match_info["guild_id"])
    return r.json_response([payloads.role(x) for x in guild.roles.values()])


async def guild_member(request: web.Request) -> web.Response:
    guild = guild_or_404(fake_of(request), request.match_info["guild_id"])
    member = guild.members.get(request.match_info["user_id"])
    if member is None:
        raise r.not_found(r.UNKNOWN_MEMBER, "Member")
    return r.json_response(payloads.member(member))


async def guild_members(request: web.Request) -> web.Response:
    guild = guild_or_404(fake_of(request), request.match_info["guild_id"])
    after = int(request.query.get("after", 0))
    limit = int(request.query.get("limit", 1))
    found = sorted((m for m in guild.members.values() if int(m.id) > after), key=lambda m: int(m.id))
    return r.json_response([payloads.member(m) for m in found[:limit]])


async def get_attachment(request: web.Request) -> web.Response:
    """The CDN: `Attachment.read()` in the bot fetches the uploaded bytes from here."""
    att = fake_of(request).attachments.get(request.match_info["attachment_id"])
    if att is None:
        return web.Response(status=404, text="not found")
    return web.Response(body=att.data, headers={"Content-Type": att.content_type})


def add_routes(app: web.Application, prefix: str) -> None:
    """Register every route; order matters where a literal segment could match a placeholder."""
    ch = prefix + "/channels/{channel_id}"
    apps = prefix + "/applications/{app_id}"
    routes: list[tuple[str, str, Any]] = [
        ("GET", "/gateway", get_gateway),
        ("GET", "/gateway/bot", get_gateway_bot),
        ("GET", "/users/@me", get_me),
        ("POST", "/users/@me/channels", create_dm),
        ("GET", "/users/{user_id}", get_user),
        ("GET", "/applications/@me", get_application),
        ("GET", "/oauth2/applications/@me", get_application),
        ("GET", "/guilds/{guild_id}", get_guild),
        ("GET", "/guilds/{guild_id}/channels", guild_channels),
        ("GET", "/guilds/{guild_id}/roles", guild_roles),
        ("GET", "/guilds/{guild_id}/members", guild_members),
        ("GET", "/guilds/{guild_id}/members/{user_id}", guild_member),
    ]
    for method, path, handler in routes:
        app.router.add_route(method, prefix + path, handler)
    for base in (apps + "/commands", apps + "/guilds/{guild_id}/commands"):
        app.router.add_route("GET", base, list_commands)
        app.router.add_route("PUT", base, overwrite_commands)
        app.router.add_route("POST", base, upsert_command)
        for method in ("GET", "PATCH", "DELETE"):
            app.router.add_route(method, base + "/{command_id}", command_by_id)
    for method in ("GET", "PATCH", "DELETE"):
        app.router.add_route(method, ch, channel_route)
    app.router.add_route("POST", ch + "/typing", typing)
    app.router.add_route("GET", ch + "/messages", list_messages)
    app.router.add_route("POST", ch + "/messages", post_message)
    app.router.add_route("POST", ch + "/threads", create_thread)
    for method in ("PUT", "DELETE"):
        app.router.add_route(method, ch + "/pins/{message_id}", pin)
        app.router.add_route(method, ch + "/messages/pins/{message_id}", pin)
        app.router.add_route(method, ch + "/messages/{message_id}/reactions/{emoji}/@me", reaction)
        app.router.add_route(method, ch + "/thread-members/{user_id}", thread_members)
    app.router.add_route("GET", ch + "/thread-members", thread_members)
    app.router.add_route("GET", ch + "/thread-members/{user_id}", thread_members)
    for method in ("GET", "PATCH", "DELETE"):
        app.router.add_route(method, ch + "/messages/{message_id}", message_route)
    app.router.add_route("POST", ch + "/messages/{message_id}/threads", create_thread)
    app.router.add_route("GET", "/attachments/{channel_id}/{attachment_id}/{filename}", get_attachment)

