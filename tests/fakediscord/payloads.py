"""The JSON shapes Discord sends, built from the fake's state (`state.py`).

Shapes follow the Discord API v10 docs closely enough that discord.py parses them as it would
the real thing; optional fields that discord.py reads with `[...]` are always present.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from . import state as st

if TYPE_CHECKING:
    from .server import FakeDiscord

_MENTION = re.compile(r"<@!?(\d+)>")


def user(u: st.User) -> dict[str, Any]:
    return {
        "id": u.id,
        "username": u.username,
        "global_name": u.global_name,
        "discriminator": "0",
        "avatar": None,
        "bot": u.bot,
        "public_flags": 0,
        "flags": 0,
        "banner": None,
        "accent_color": None,
        "avatar_decoration_data": None,
    }


def bot_user(u: st.User) -> dict[str, Any]:
    return {**user(u), "verified": True, "mfa_enabled": False, "email": None, "locale": "en-US"}


def role(r: st.Role) -> dict[str, Any]:
    return {
        "id": r.id,
        "name": r.name,
        "color": r.color,
        "colors": {"primary_color": r.color, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": r.position,
        "permissions": str(r.permissions),
        "managed": r.managed,
        "mentionable": False,
        "flags": 0,
    }


def member(m: st.Member, *, with_user: bool = True, permissions: int | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "roles": list(m.role_ids),
        "nick": m.nick,
        "avatar": None,
        "banner": None,
        "joined_at": st.iso(m.joined_at),
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "pending": False,
        "flags": 0,
        "communication_disabled_until": None,
    }
    if with_user:
        data["user"] = user(m.user)
    if permissions is not None:
        data["permissions"] = str(permissions)
    return data


def channel(c: st.Channel, fake: FakeDiscord) -> dict[str, Any]:
    base: dict[str, Any] = {"id": c.id, "type": c.type, "flags": 0, "last_message_id": c.last_message_id}
    if c.type == st.DM:
        return {**base, "recipients": [user(fake.users[c.recipient_id or ""])]}
    base.update(guild_id=c.guild_id, name=c.name, parent_id=c.parent_id, rate_limit_per_user=0, nsfw=False)
    if c.is_thread:
        count = len([m for m in c.messages if not m.deleted])
        base.update(
            owner_id=c.owner_id,
            message_count=count,
            total_message_sent=count,
            member_count=len(c.member_ids),
            applied_tags=[],
            thread_metadata={
                "archived": c.archived,
                "auto_archive_duration": c.auto_archive_duration,
                "archive_timestamp": st.iso(c.created_at),
                "locked": c.locked,
                "invitable": c.invitable,
                "create_timestamp": st.iso(c.created_at),
            },
        )
        if fake.bot_user.id in c.member_ids:
            base["member"] = thread_member(c, fake.bot_user.id)
        return base
    base.update(position=c.position, permission_overwrites=[])
    if c.type == st.GUILD_TEXT:
        base.update(topic=c.topic, default_auto_archive_duration=1440)
    return base


def thread_member(c: st.Channel, user_id: str) -> dict[str, Any]:
    return {"id": c.id, "user_id": user_id, "join_timestamp": st.iso(c.created_at), "flags": 0}


def guild_create(g: st.Guild, fake: FakeDiscord) -> dict[str, Any]:
    chans = g.channels
    return {
        "id": g.id,
        "name": g.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "owner_id": g.owner_id,
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "premium_progress_bar_enabled": False,
        "preferred_locale": g.preferred_locale,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "safety_alerts_channel_id": None,
        "application_id": None,
        "vanity_url_code": None,
        "features": [],
        "roles": [role(r) for r in g.roles.values()],
        "emojis": [],
        "stickers": [],
        "joined_at": st.iso(g.members[fake.bot_user.id].joined_at),
        "large": False,
        "unavailable": False,
        "member_count": len(g.members),
        "members": [member(m) for m in g.members.values()],
        "channels": [channel(c, fake) for c in chans if not c.is_thread],
        "threads": [channel(c, fake) for c in chans if c.is_thread and not c.archived],
        "presences": [],
        "voice_states": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "lazy": True,
    }


def attachment(a: st.Attachment) -> dict[str, Any]:
    data = {
        "id": a.id,
        "filename": a.filename,
        "size": a.size,
        "url": a.url,
        "proxy_url": a.url,
        "content_type": a.content_type,
        "ephemeral": False,
        "flags": 0,
    }
    if a.description is not None:
        data["description"] = a.description
    return data


def message(m: st.Message, fake: FakeDiscord) -> dict[str, Any]:
    mentioned = [fake.users[i] for i in dict.fromkeys(_MENTION.findall(m.content)) if i in fake.users]
    data: dict[str, Any] = {
        "id": m.id,
        "channel_id": m.channel_id,
        "author": user(m.author),
        "content": m.content,
        "timestamp": st.iso(m.created_at),
        "edited_timestamp": st.iso(m.edited_at),
        "tts": False,
        "mention_everyone": False,
        "mentions": [user(u) for u in mentioned],
        "mention_roles": [],
        "attachments": [attachment(a) for a in m.attachments],
        "embeds": m.embeds,
        "components": m.components,
        "pinned": m.pinned,
        "type": m.type,
        "flags": m.flags,
    }
    if m.guild_id:
        data["guild_id"] = m.guild_id
    if m.webhook_id:
        data["webhook_id"] = m.webhook_id
        data["application_id"] = fake.application_id
    if m.interaction_metadata:
        data["interaction_metadata"] = m.interaction_metadata
    if m.message_reference:
        data["message_reference"] = m.message_reference
    if m.thread_id and m.thread_id in fake.channels:
        data["thread"] = channel(fake.channels[m.thread_id], fake)
    if m.reactions:
        data["reactions"] = [_reaction(e) for e in dict.fromkeys(m.reactions)]
    return data


def _reaction(emoji: str) -> dict[str, Any]:
    name, _, eid = emoji.partition(":")
    return {
        "count": 1,
        "count_details": {"burst": 0, "normal": 1},
        "me": True,
        "me_burst": False,
        "burst_count": 0,
        "burst_colors": [],
        "emoji": {"id": eid or None, "name": name},
    }


def application(fake: FakeDiscord) -> dict[str, Any]:
    return {
        "id": fake.application_id,
        "name": fake.bot_user.username,
        "icon": None,
        "description": "A fake application for tests",
        "summary": "",
        "type": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "verify_key": "0" * 64,
        "owner": user(fake.app_owner),
        "team": None,
        "flags": 0,
        "bot": user(fake.bot_user),
        "interactions_endpoint_url": None,
        "redirect_uris": [],
        "tags": [],
        "approximate_guild_count": len(fake.guilds),
    }


def ready(fake: FakeDiscord, session_id: str, shard: list[int] | None,
          guilds: list[Any] | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "v": 10,
        "user": bot_user(fake.bot_user),
        "guilds": [{"id": g.id, "unavailable": True}
                   for g in (fake.guilds.values() if guilds is None else guilds)],
        "session_id": session_id,
        "session_type": "normal",
        "resume_gateway_url": fake.resume_gateway_url,
        "application": {"id": fake.application_id, "flags": 0},
        "private_channels": [],
        "relationships": [],
        "presences": [],
        "user_settings": {},
        "guild_join_requests": [],
        "geo_ordered_rtc_regions": [],
        "auth": {},
        "_trace": ["fake-discord"],
    }
    if shard is not None:
        data["shard"] = shard
    return data
