"""The test-facing API of `FakeDiscord`: build a world, read what the bot did, inject faults.
(Acting as users is in `acting.py`.)

Everything that changes what the bot would see is told to a connected bot over the gateway
(GUILD_CREATE, GUILD_MEMBER_ADD, CHANNEL_CREATE, THREAD_CREATE, INTERACTION_CREATE, ...).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import discord

from . import payloads
from . import state as st
from .faults import Fault, path_regex
from .gateway import GUILD_MEMBERS
from .records import RequestRecord

if TYPE_CHECKING:
    from .server import FakeDiscord

GUILDS_INTENT = 1


def permission_bits(permissions: Any) -> int:
    """An int, a `discord.Permissions`, a permission name ("manage_guild") or a list of names."""
    if isinstance(permissions, int):
        return permissions
    if hasattr(permissions, "value"):
        return int(permissions.value)
    names = [permissions] if isinstance(permissions, str) else list(permissions)
    return discord.Permissions(**dict.fromkeys(names, True)).value


def _id(obj: Any) -> str:
    return str(getattr(obj, "id", obj))


class Driver:
    """Mixed into `FakeDiscord`; see the README for a tour."""

    # -- the world ----------------------------------------------------------------------------
    def add_user(self: FakeDiscord, username: str, *, global_name: str | None = None, bot: bool = False) -> st.User:
        """A Discord user (any Unicode name, e.g. "岩田"); not yet in any guild."""
        user = st.User(self.ids.next(), username, global_name, bot)
        self.users[user.id] = user
        return user

    def add_guild(self: FakeDiscord, name: str = "Test Guild", *, owner: st.User | None = None,
                  locale: str = "en-US") -> st.Guild:
        """A guild with @everyone, the bot as a member (role "Bot"), and its owner as a member."""
        owner = owner or self.add_user(f"{name} owner")
        guild = st.Guild(self.ids.next(), name, owner.id, self, preferred_locale=locale)
        guild.roles[guild.id] = st.Role(guild.id, guild.id, "@everyone", st.EVERYONE_PERMISSIONS)
        self.guilds[guild.id] = guild
        bot_role = st.Role(self.ids.next(), guild.id, "Bot", st.ALL_PERMISSIONS & ~st.ADMINISTRATOR, 1, managed=True)
        guild.roles[bot_role.id] = bot_role
        guild.members[self.bot_user.id] = st.Member(self.bot_user, guild.id, [bot_role.id])
        guild.members[owner.id] = st.Member(owner, guild.id)
        self.gateway.broadcast("GUILD_CREATE", payloads.guild_create(guild, self), GUILDS_INTENT)
        self.notify()
        return guild

    def add_role(self: FakeDiscord, guild: st.Guild, name: str, permissions: Any = 0, *, color: int = 0) -> st.Role:
        """A role; `permissions` as for `permission_bits` (e.g. "manage_guild")."""
        role = st.Role(self.ids.next(), guild.id, name, permission_bits(permissions), len(guild.roles), color)
        guild.roles[role.id] = role
        self.gateway.broadcast("GUILD_ROLE_CREATE", {"guild_id": guild.id, "role": payloads.role(role)}, GUILDS_INTENT)
        self.notify()
        return role

    def add_member(self: FakeDiscord, guild: st.Guild, user: st.User | str, *,
                   roles: Iterable[st.Role] | None = None, nick: str | None = None) -> st.Member:
        """Put a user (or a new user with this name) in a guild."""
        if isinstance(user, str):
            user = self.add_user(user)
        member = st.Member(user, guild.id, [r.id for r in roles or []], nick)
        guild.members[user.id] = member
        self.gateway.broadcast("GUILD_MEMBER_ADD", {**payloads.member(member), "guild_id": guild.id}, GUILD_MEMBERS)
        self.notify()
        return member

    def set_member_roles(self: FakeDiscord, guild: st.Guild, user: st.User, roles: Iterable[st.Role]) -> st.Member:
        member = guild.member(user)
        member.role_ids = [r.id for r in roles]
        self.gateway.broadcast("GUILD_MEMBER_UPDATE", {**payloads.member(member), "guild_id": guild.id}, GUILD_MEMBERS)
        self.notify()
        return member

    def _add_channel(self: FakeDiscord, channel: st.Channel, event: str) -> st.Channel:
        self.channels[channel.id] = channel
        if channel.guild_id:
            self.guilds[channel.guild_id].channel_ids.append(channel.id)
        data = payloads.channel(channel, self)
        if event == "THREAD_CREATE":
            data["newly_created"] = True
        self.gateway.broadcast(event, data, GUILDS_INTENT)
        self.notify()
        return channel

    def add_text_channel(self: FakeDiscord, guild: st.Guild, name: str, *, topic: str | None = None,
                         category: st.Channel | None = None) -> st.Channel:
        position = len([c for c in guild.channels if not c.is_thread])
        return self._add_channel(st.Channel(
            self.ids.next(), st.GUILD_TEXT, name, guild.id, category.id if category else None, position, topic,
        ), "CHANNEL_CREATE")

    def add_category(self: FakeDiscord, guild: st.Guild, name: str) -> st.Channel:
        position = len([c for c in guild.channels if not c.is_thread])
        return self._add_channel(st.Channel(self.ids.next(), st.GUILD_CATEGORY, name, guild.id, position=position),
                                 "CHANNEL_CREATE")

    def add_thread(self: FakeDiscord, parent: st.Channel, name: str, *, type: int = st.PRIVATE_THREAD,
                   owner: st.User | None = None, thread_id: str | None = None,
                   auto_archive_duration: int = 1440, invitable: bool = True) -> st.Channel:
        """A thread under a text channel (the bot's REST thread creation ends up here too)."""
        owner = owner or self.bot_user
        thread = st.Channel(
            thread_id or self.ids.next(), type, name, parent.guild_id, parent.id, owner_id=owner.id,
            auto_archive_duration=auto_archive_duration, invitable=invitable, member_ids=[owner.id],
        )
        return self._add_channel(thread, "THREAD_CREATE")

    def delete_channel(self: FakeDiscord, channel: st.Channel) -> None:
        """A member deletes a channel or thread: THREAD_DELETE/CHANNEL_DELETE to the bot, and
        every later request on it answers 404 with code 10003 Unknown Channel."""
        channel.deleted = True
        event = "THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE"
        self.gateway.broadcast(event, payloads.channel(channel, self), GUILDS_INTENT)
        self.notify()

    def lock_thread(self: FakeDiscord, thread: st.Channel, *, archived: bool = True) -> None:
        """A moderator locks (and archives) a thread: THREAD_UPDATE to the bot; the bot's posts
        in it answer 403 with code 50083."""
        thread.locked = True
        thread.archived = archived
        self.gateway.broadcast("THREAD_UPDATE", payloads.channel(thread, self), GUILDS_INTENT)
        self.notify()

    def dm_channel(self: FakeDiscord, user: st.User) -> st.Channel:
        """The DM channel between the bot and `user` (made on first use)."""
        for channel in self.channels.values():
            if channel.type == st.DM and channel.recipient_id == user.id:
                return channel
        channel = st.Channel(self.ids.next(), st.DM, recipient_id=user.id)
        self.channels[channel.id] = channel
        return channel

    # -- reading what the bot did ----------------------------------------------------------------
    def message(self: FakeDiscord, message_id: Any) -> st.Message:
        return self.messages[_id(message_id)]

    def messages_in(self: FakeDiscord, channel: st.Channel, *, ephemeral: bool = True,
                    deleted: bool = False) -> list[st.Message]:
        """Messages of a channel or thread, oldest first."""
        return [m for m in channel.messages if (ephemeral or not m.ephemeral) and (deleted or not m.deleted)]

    def dms(self: FakeDiscord, user: st.User) -> list[st.Message]:
        """Messages in the DM channel between the bot and `user` (DMs that failed are not here)."""
        return self.messages_in(self.dm_channel(user))

    def threads(self: FakeDiscord, parent: st.Channel | None = None) -> list[st.Channel]:
        return [c for c in self.channels.values()
                if c.is_thread and not c.deleted and (parent is None or c.parent_id == parent.id)]

    def public_messages(self: FakeDiscord, guild: st.Guild | None = None) -> list[st.Message]:
        """Every message any guild member could see: guild channels and public threads, not
        ephemeral, not in private threads (deleted ones included: someone may have seen them)."""
        return [m for m in self.messages.values()
                if m.guild_id and not m.ephemeral and (guild is None or m.guild_id == guild.id)
                and self.channels[m.channel_id].type != st.PRIVATE_THREAD]

    def messages_seen_by(self: FakeDiscord, user: st.User) -> list[st.Message]:
        """What `user` could have seen: public messages of guilds they are in, private threads
        they are a member of, ephemeral messages shown to them, and their DMs."""
        guilds = {g.id for g in self.guilds.values() if user.id in g.members}
        seen = []
        for m in self.messages.values():
            channel = self.channels[m.channel_id]
            if m.ephemeral:
                ok = m.visible_to == user.id
            elif channel.type == st.DM:
                ok = channel.recipient_id == user.id
            elif channel.type == st.PRIVATE_THREAD:
                ok = user.id in channel.member_ids
            else:
                ok = m.guild_id in guilds
            if ok:
                seen.append(m)
        return seen

    @staticmethod
    def texts_of(msgs: Iterable[st.Message]) -> list[str]:
        """Every string in every version of these messages (content, embeds, components,
        file names), edits included: for "no secret leaked" checks."""
        return [t for m in msgs for version in [*m.history, m.snapshot()] for t in st.texts_of(version)]

    def public_texts(self: FakeDiscord, guild: st.Guild | None = None) -> list[str]:
        """`texts_of(public_messages(guild))`: every string any member could have seen."""
        return self.texts_of(self.public_messages(guild))

    def requests_matching(self: FakeDiscord, method: str | None = None, path: str = "**") -> list[RequestRecord]:
        """Logged requests; `path` as in faults (`/channels/*/messages`, `{id}`, `**`)."""
        rx = path_regex(path)
        return [r for r in self.requests if (method is None or r.method == method.upper()) and rx.match(r.path)]

    def registered_commands(self: FakeDiscord, guild: st.Guild | None = None) -> list[dict[str, Any]]:
        """Commands the bot synced, globally (guild=None) or to a guild."""
        return list(self.commands.get(guild.id if guild else None, {}).values())

    @property
    def bot_connected(self: FakeDiscord) -> bool:
        return any(s.live for s in self.gateway.sessions.values())

    # -- faults --------------------------------------------------------------------------------
    def rate_limit(self: FakeDiscord, method: str | None, path: str, *, times: int = 1,
                   retry_after: float = 0.05, is_global: bool = False) -> Fault:
        """The next `times` matching requests answer 429 with `retry_after` and Discord's headers."""
        return self.faults.add(Fault(method, path, 429, times, retry_after, is_global))

    def server_error(self: FakeDiscord, method: str | None, path: str, *, times: int = 1, status: int = 500) -> Fault:
        """The next `times` matching requests answer 5xx (discord.py retries after 1 s, 3 s, ...)."""
        return self.faults.add(Fault(method, path, status, times, message=f"{status}: Internal Server Error"))

    def fail_requests(self: FakeDiscord, method: str | None, path: str, *, status: int, code: int = 0,
                      message: str = "", times: int = 1) -> Fault:
        """The next `times` matching requests answer `status` with Discord error `code`."""
        return self.faults.add(Fault(method, path, status, times, code=code, message=message))

    def block_dms(self: FakeDiscord, user: st.User) -> None:
        """DMs to `user` fail with 403 / 50007 "Cannot send messages to this user"."""
        self.faults.dm_blocked.add(user.id)

    def allow_dms(self: FakeDiscord, user: st.User) -> None:
        self.faults.dm_blocked.discard(user.id)

    async def request_reconnect(self: FakeDiscord, timeout: float = 5.0) -> None:
        """Send the bot opcode 7 RECONNECT and wait until it RESUMEd its session."""
        before = len([e for e in self.gateway.log if e["event"] == "resume"])
        self.gateway.send_reconnect()
        await self.wait_for(lambda: len([e for e in self.gateway.log if e["event"] == "resume"]) > before,
                            timeout, "the bot to resume")
