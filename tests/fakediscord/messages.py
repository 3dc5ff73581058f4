"""Creating, editing and deleting messages from a request body (shared by channel routes,
interaction callbacks and webhooks), and telling the connected bot about it."""

from __future__ import annotations

import copy
import mimetypes
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import payloads
from . import state as st
from .gateway import DIRECT_MESSAGES, GUILD_MESSAGES
from .records import UploadedFile
from .responses import ApiError, invalid_form
from .validation import MAX_UPLOAD_BYTES, check_message

if TYPE_CHECKING:
    from .server import FakeDiscord

# Flags a sender may set: SUPPRESS_EMBEDS, EPHEMERAL, SUPPRESS_NOTIFICATIONS, IS_COMPONENTS_V2
SETTABLE_FLAGS = (1 << 2) | st.EPHEMERAL | (1 << 12) | (1 << 15)


def _validate(fake: FakeDiscord, body: dict[str, Any], files: list[UploadedFile], creating: bool) -> None:
    if sum(len(f.data) for f in files) > MAX_UPLOAD_BYTES:
        raise ApiError(413, 40005, "Request entity too large")
    if fake.validate:
        problems = check_message(body, len(files), creating=creating)
        if problems.pop("_empty", None):
            raise ApiError(400, 50006, "Cannot send an empty message")
        if problems:
            raise invalid_form(problems)


def _numbered_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Copy the components and give each a numeric `id`, as Discord does."""
    components = copy.deepcopy(components)
    used = {c["id"] for c in st.walk_components(components) if isinstance(c.get("id"), int)}
    counter = 0
    for comp in st.walk_components(components):
        if not isinstance(comp.get("id"), int):
            counter += 1
            while counter in used:
                counter += 1
            comp["id"] = counter
    return components


def _attachments(
    fake: FakeDiscord, channel_id: str, body: dict[str, Any], files: list[UploadedFile],
    existing: list[st.Attachment],
) -> list[st.Attachment]:
    meta = {str(a.get("id")): a for a in body.get("attachments") or [] if isinstance(a, dict)}
    kept = [a for a in existing if a.id in meta] if "attachments" in body else list(existing)
    new = []
    for index, upload in enumerate(files):
        number = upload.field[6:-1] if upload.field.startswith("files[") else str(index)
        info = meta.get(number, {})
        filename = info.get("filename") or upload.filename
        ctype = upload.content_type
        if ctype == "application/octet-stream":
            ctype = mimetypes.guess_type(filename)[0] or ctype
        att_id = fake.ids.next()
        new.append(st.Attachment(
            id=att_id, filename=filename, data=upload.data, content_type=ctype,
            url=f"{fake.base_url}/attachments/{channel_id}/{att_id}/{filename}",
            description=info.get("description"),
        ))
        fake.attachments[att_id] = new[-1]
    return kept + new


def _dispatch(fake: FakeDiscord, event: str, channel: st.Channel, msg: st.Message | None,
              data: dict[str, Any]) -> None:
    intent = DIRECT_MESSAGES if channel.type == st.DM else GUILD_MESSAGES
    if channel.guild_id:
        data = {**data, "guild_id": channel.guild_id}
    redacted = None
    if msg is not None and msg.author is not fake.bot_user and channel.type != st.DM \
            and fake.bot_user.mention not in msg.content:
        # without the privileged MESSAGE_CONTENT intent a bot sees other users' messages empty
        redacted = {**data, "content": "", "embeds": [], "attachments": [], "components": []}
    fake.gateway.broadcast(event, data, intent, redacted)


def create(
    fake: FakeDiscord,
    channel: st.Channel,
    author: st.User,
    body: dict[str, Any],
    files: Sequence[UploadedFile] = (),
    *,
    extra_flags: int = 0,
    type: int = 0,
    webhook: bool = False,
    interaction: dict[str, Any] | None = None,
    visible_to: str | None = None,
    validate: bool = True,
) -> st.Message:
    """Make a message from a create-message body and post it in `channel`."""
    files = list(files)
    if validate:
        _validate(fake, body, files, creating=True)
    flags = ((body.get("flags") or 0) & SETTABLE_FLAGS) | extra_flags
    msg = st.Message(
        id=fake.ids.next(),
        channel_id=channel.id,
        guild_id=channel.guild_id,
        author=author,
        content=body.get("content") or "",
        embeds=copy.deepcopy(body.get("embeds") or []),
        components=_numbered_components(body.get("components") or []),
        flags=flags,
        type=type,
        webhook_id=fake.application_id if webhook else None,
        interaction_metadata=interaction,
        message_reference=body.get("message_reference"),
        visible_to=visible_to if flags & st.EPHEMERAL else None,
    )
    msg.attachments = _attachments(fake, channel.id, body, files, [])
    if channel.is_thread and channel.archived and not channel.locked:
        channel.archived = False
    channel.messages.append(msg)
    fake.messages[msg.id] = msg
    if not msg.ephemeral:
        _dispatch(fake, "MESSAGE_CREATE", channel, msg, payloads.message(msg, fake))
    fake.notify()
    return msg


def edit(
    fake: FakeDiscord, msg: st.Message, body: dict[str, Any], files: Sequence[UploadedFile] = ()
) -> st.Message:
    """Apply an edit-message body; the previous version goes to `msg.history`."""
    files = list(files)
    merged = {**msg.snapshot(), **{k: v for k, v in body.items() if v is not None or k == "content"}}
    merged["attachments"] = body.get("attachments", [{"id": a.id} for a in msg.attachments])
    _validate(fake, merged, files, creating=False)
    msg.history.append(msg.snapshot())
    if "content" in body:
        msg.content = body["content"] or ""
    if "embeds" in body:
        msg.embeds = copy.deepcopy(body["embeds"] or [])
    if "components" in body:
        msg.components = _numbered_components(body["components"] or [])
    if body.get("flags") is not None:
        keep = msg.flags & (st.EPHEMERAL | (1 << 15))
        msg.flags = (body["flags"] & SETTABLE_FLAGS & ~st.EPHEMERAL) | keep
    msg.flags &= ~st.LOADING
    if "attachments" in body or files:
        msg.attachments = _attachments(fake, msg.channel_id, body, files, msg.attachments)
    msg.edited_at = st.now()
    channel = fake.channels[msg.channel_id]
    if not msg.ephemeral:
        _dispatch(fake, "MESSAGE_UPDATE", channel, msg, payloads.message(msg, fake))
    fake.notify()
    return msg


def delete(fake: FakeDiscord, msg: st.Message) -> None:
    msg.deleted = True
    channel = fake.channels[msg.channel_id]
    if not msg.ephemeral:
        _dispatch(fake, "MESSAGE_DELETE", channel, None, {"id": msg.id, "channel_id": msg.channel_id})
    fake.notify()
