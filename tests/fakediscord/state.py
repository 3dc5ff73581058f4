"""What the fake Discord remembers: users, guilds, roles, members, channels, messages.

Everything here is plain data; the JSON shapes Discord sends live in `payloads.py`.
IDs are snowflakes kept as strings, as Discord sends them.
"""

from __future__ import annotations

import datetime as dt
import time
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1420070400000

# Channel types (https://discord.com/developers/docs/resources/channel#channel-object-channel-types)
GUILD_TEXT = 0
DM = 1
GUILD_CATEGORY = 4
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)

# Message flags
EPHEMERAL = 1 << 6
LOADING = 1 << 7


class Snowflakes:
    """Makes increasing snowflake IDs from the wall clock, as strings."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> str:
        value = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        if value <= self._last:
            value = self._last + 1
        self._last = value
        return str(value)

    def backdated(self, seconds: float) -> str:
        """An ID made ``seconds`` ago (unique: the increment bits of the newest one)."""
        value = (int((time.time() - seconds) * 1000) - DISCORD_EPOCH_MS) << 22
        self._last += 1
        return str(value | (self._last & 0xFFF))


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def iso(moment: dt.datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


@dataclass(eq=False)
class User:
    id: str
    username: str
    global_name: str | None = None
    bot: bool = False
    #: the client language sent with this user's interactions (``interaction.locale``)
    locale: str = "en-US"

    @property
    def display_name(self) -> str:
        return self.global_name or self.username

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def __repr__(self) -> str:
        return f"<User {self.id} {self.username!r}>"


@dataclass(eq=False)
class Role:
    id: str
    guild_id: str
    name: str
    permissions: int
    position: int = 0
    color: int = 0
    managed: bool = False

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"


@dataclass(eq=False)
class Member:
    user: User
    guild_id: str
    role_ids: list[str] = field(default_factory=list)
    nick: str | None = None
    joined_at: dt.datetime = field(default_factory=now)

    @property
    def id(self) -> str:
        return self.user.id

    @property
    def display_name(self) -> str:
        return self.nick or self.user.display_name


@dataclass(eq=False)
class Attachment:
    id: str
    filename: str
    data: bytes
    content_type: str
    url: str
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)


@dataclass(eq=False)
class Message:
    """A message as the fake holds it; `history` keeps every earlier version (see `snapshot`)."""

    id: str
    channel_id: str
    author: User
    guild_id: str | None = None
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    created_at: dt.datetime = field(default_factory=now)
    edited_at: dt.datetime | None = None
    webhook_id: str | None = None
    interaction_metadata: dict[str, Any] | None = None
    message_reference: dict[str, Any] | None = None
    visible_to: str | None = None  # user id, for ephemeral messages
    thread_id: str | None = None  # thread started from this message
    pinned: bool = False
    deleted: bool = False
    reactions: list[str] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while this is the "Bot is thinking..." placeholder of a deferred reply."""
        return bool(self.flags & LOADING)

    def snapshot(self) -> dict[str, Any]:
        return {
            "content": self.content,
            "embeds": list(self.embeds),
            "components": list(self.components),
            "attachments": [a.filename for a in self.attachments],
            "flags": self.flags,
        }

    def walk_components(self) -> list[dict[str, Any]]:
        """Every component, nested ones included (action rows, containers, sections...)."""
        return walk_components(self.components)

    def component(self, custom_id: str) -> dict[str, Any] | None:
        return next((c for c in self.walk_components() if c.get("custom_id") == custom_id), None)

    @property
    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.walk_components() if c.get("type") == 2]

    @property
    def text(self) -> str:
        """Content, embed texts and component labels joined by newlines: handy for asserts."""
        return "\n".join(texts_of(self.snapshot()))

    def __repr__(self) -> str:
        flags = " ephemeral" if self.ephemeral else ""
        return f"<Message {self.id} in {self.channel_id}{flags} {self.content[:40]!r}>"


@dataclass(eq=False)
class Channel:
    id: str
    type: int
    name: str | None = None
    guild_id: str | None = None
    parent_id: str | None = None
    position: int = 0
    topic: str | None = None
    recipient_id: str | None = None  # DM channels
    owner_id: str | None = None  # threads
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    member_ids: list[str] = field(default_factory=list)  # threads
    created_at: dt.datetime = field(default_factory=now)
    deleted: bool = False
    messages: list[Message] = field(default_factory=list)

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    @property
    def public_messages(self) -> list[Message]:
        """Messages everyone in the channel sees: not ephemeral, not deleted."""
        return [m for m in self.messages if not m.ephemeral and not m.deleted]

    @property
    def last_message(self) -> Message | None:
        live = [m for m in self.messages if not m.deleted]
        return live[-1] if live else None

    @property
    def last_message_id(self) -> str | None:
        return self.messages[-1].id if self.messages else None

    def __repr__(self) -> str:
        return f"<Channel {self.id} type={self.type} {self.name!r}>"


def walk_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for comp in components:
        found.append(comp)
        found.extend(walk_components(comp.get("components") or []))
        for key in ("component", "accessory"):
            if isinstance(comp.get(key), dict):
                found.extend(walk_components([comp[key]]))
    return found


def texts_of(snapshot: dict[str, Any]) -> list[str]:
    """All human-readable strings of a message snapshot."""
    out = [snapshot.get("content") or ""]
    for embed in snapshot.get("embeds") or []:
        for key in ("title", "description"):
            out.append(embed.get(key) or "")
        for sub in ("author", "footer"):
            out.append((embed.get(sub) or {}).get("name" if sub == "author" else "text") or "")
        for fld in embed.get("fields") or []:
            out += [fld.get("name") or "", fld.get("value") or ""]
    for comp in walk_components(snapshot.get("components") or []):
        out += [comp.get(k) or "" for k in ("label", "content", "placeholder")]
        out += [o.get("label", "") + "\n" + o.get("description", "") for o in comp.get("options") or []]
    out += list(snapshot.get("attachments") or [])
    return [t for t in out if t]


@dataclass(eq=False)
class Guild:
    """A guild; its convenience methods call the owning `FakeDiscord` (which tells a connected bot)."""

    id: str
    name: str
    owner_id: str
    fake: Any = field(repr=False)
    roles: dict[str, Role] = field(default_factory=dict)
    members: dict[str, Member] = field(default_factory=dict)
    channel_ids: list[str] = field(default_factory=list)
    preferred_locale: str = "en-US"

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]

    @property
    def channels(self) -> list[Channel]:
        """Text channels, categories and threads of this guild (deleted ones left out)."""
        chans = (self.fake.channels[cid] for cid in self.channel_ids)
        return [c for c in chans if not c.deleted]

    def channel(self, name: str) -> Channel:
        return next(c for c in self.channels if c.name == name)

    def member(self, user: User | str) -> Member:
        return self.members[getattr(user, "id", str(user))]

    def permissions_of(self, user: User | str) -> int:
        """Guild-wide permission bits of a member (owner and Administrator get everything)."""
        member = self.member(user)
        if member.id == self.owner_id:
            return ALL_PERMISSIONS
        value = self.everyone.permissions
        for rid in member.role_ids:
            value |= self.roles[rid].permissions
        return ALL_PERMISSIONS if value & ADMINISTRATOR else value

    def add_role(self, name: str, permissions: Any = 0, **kw: Any) -> Role:
        return self.fake.add_role(self, name, permissions, **kw)

    def add_member(self, user: User, roles: list[Role] | None = None, nick: str | None = None) -> Member:
        return self.fake.add_member(self, user, roles=roles, nick=nick)

    def add_text_channel(self, name: str, *, topic: str | None = None, category: Channel | None = None) -> Channel:
        return self.fake.add_text_channel(self, name, topic=topic, category=category)

    def add_category(self, name: str) -> Channel:
        return self.fake.add_category(self, name)


ADMINISTRATOR = 1 << 3
MANAGE_GUILD = 1 << 5
ALL_PERMISSIONS = (1 << 51) - 1
# VIEW_CHANNEL, SEND_MESSAGES, EMBED_LINKS, ATTACH_FILES, READ_MESSAGE_HISTORY, ADD_REACTIONS,
# USE_EXTERNAL_EMOJIS, CHANGE_NICKNAME, USE_APPLICATION_COMMANDS, CREATE_*_THREADS,
# SEND_MESSAGES_IN_THREADS, CONNECT, SPEAK
EVERYONE_PERMISSIONS = sum(1 << b for b in (10, 11, 14, 15, 16, 6, 18, 26, 31, 35, 36, 38, 20, 21))
