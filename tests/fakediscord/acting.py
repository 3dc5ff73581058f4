"""Acting as users: slash commands, autocomplete, buttons, selects, modals, plain messages.

Each method builds the INTERACTION_CREATE payload Discord would send (member with computed
permissions, `resolved` users/roles/channels, the clicked message) and returns an
`InteractionHandle`. Mixed into `FakeDiscord`.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from . import messages, payloads
from . import state as st
from .interaction import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    InteractionHandle,
)

if TYPE_CHECKING:
    from .server import FakeDiscord

UPLOAD_LIMIT = 10 * 1024 * 1024
SELECT_TYPES = {3: "string", 5: "user", 6: "role", 7: "mentionable", 8: "channel"}


class Acting:
    """Mixed into `FakeDiscord`; see the README for a tour."""

    # -- acting as users -----------------------------------------------------------------------
    async def send_message(self: FakeDiscord, user: st.User, channel: st.Channel, content: str) -> st.Message:
        """`user` posts a plain message (MESSAGE_CREATE to the bot)."""
        msg = messages.create(self, channel, user, {"content": content})
        await asyncio.sleep(0)
        return msg

    async def send_slash_command(self: FakeDiscord, user: st.User, channel: st.Channel, command: str,
                                 options: dict[str, Any] | None = None, *, locale: str | None = None) -> InteractionHandle:
        """`user` runs a slash command in `channel`. `command` is the path as typed, e.g.
        "game new" or "/admin reset all"; `options` maps option names to values (str, int, float,
        bool, a User/Member for user options, a Channel, a Role, or `(filename, bytes)` for an
        attachment option). With `require_synced_commands` the command must have been synced.
        ``locale``: the client language sent (default: the user's own, ``User.locale``)."""
        guild = self._guild_of(channel)
        data, _ = self._command_data(guild, command, options or {})
        h = InteractionHandle(self, type=APPLICATION_COMMAND, user=user, channel=channel, guild=guild,
                              label="/" + " ".join(command.lstrip("/").split()))
        return await self._dispatch_interaction(h, data, locale=locale)

    async def autocomplete(self: FakeDiscord, user: st.User, channel: st.Channel, command: str, focused: str,
                           value: str = "", options: dict[str, Any] | None = None,
                           timeout: float = 5.0) -> list[dict[str, Any]]:
        """`user` types `value` into option `focused` of `command` (other options already filled
        in: `options`); returns the bot's choices `[{"name": ..., "value": ...}]`."""
        guild = self._guild_of(channel)
        data, leaf = self._command_data(guild, command, options or {}, partial=True)
        definition = self._option_definition(guild, command, focused)
        if self._find_command(guild, command.lstrip("/").split()[0]) is not None:
            if definition is None:
                raise LookupError(f"/{command.lstrip('/')} has no option {focused!r}")
            if not definition.get("autocomplete"):
                raise AssertionError(f"option {focused!r} of /{command.lstrip('/')} was not synced with autocomplete")
        leaf[:] = [o for o in leaf if o["name"] != focused]
        leaf.append({"name": focused, "type": definition.get("type", 3) if definition else 3,
                     "value": value, "focused": True})
        h = InteractionHandle(self, type=AUTOCOMPLETE, user=user, channel=channel, guild=guild,
                              label=f"autocomplete /{command.lstrip('/')} {focused}")
        await self._dispatch_interaction(h, data)
        await h.response(timeout)
        return h.choices

    async def click_button(self: FakeDiscord, user: st.User, message: st.Message | str,
                           custom_id: str) -> InteractionHandle:
        """`user` clicks the button `custom_id` on `message` (refused if disabled or unseen)."""
        msg, comp = self._component(user, message, custom_id)
        if comp.get("type") != 2 or comp.get("style") in (5, 6):
            raise AssertionError(f"component {custom_id!r} on {msg!r} is not a clickable button: {comp}")
        data = {"custom_id": custom_id, "component_type": 2}
        return await self._component_interaction(user, msg, data, f"button {custom_id}")

    async def choose_select(self: FakeDiscord, user: st.User, message: st.Message | str, custom_id: str,
                            values: list[Any]) -> InteractionHandle:
        """`user` picks `values` in select menu `custom_id` (option values for string selects;
        Users/Roles/Channels for user, role, mentionable and channel selects)."""
        msg, comp = self._component(user, message, custom_id)
        kind = comp.get("type")
        if kind not in SELECT_TYPES:
            raise AssertionError(f"component {custom_id!r} is not a select menu: {comp}")
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise AssertionError(f"select {custom_id!r} takes {lo}..{hi} values, got {len(values)}")
        guild = self._guild_of(self.channels[msg.channel_id])
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
        if kind == 3:
            allowed = [o["value"] for o in comp.get("options") or []]
            bad = [v for v in values if v not in allowed]
            if bad:
                raise AssertionError(f"select {custom_id!r} has no option(s) {bad}; options: {allowed}")
            data["values"] = list(values)
        else:
            resolved: dict[str, Any] = {}
            data["values"] = [self._resolve(v, guild, resolved) for v in values]
            data["resolved"] = resolved
        return await self._component_interaction(user, msg, data, f"select {custom_id}")

    async def submit_modal(self: FakeDiscord, user: st.User, opened: InteractionHandle,
                           values: dict[str, Any]) -> InteractionHandle:
        """Submit the modal the bot opened in answer to `opened` (see `InteractionHandle.submit_modal`)."""
        modal = opened.modal
        if modal is None:
            raise AssertionError(f"{opened!r} did not open a modal")
        unused = dict(values)

        def answer(comp: dict[str, Any]) -> dict[str, Any] | None:
            cid = comp.get("custom_id")
            if cid is None:
                return None
            given = unused.pop(cid, None)
            out: dict[str, Any] = {"type": comp["type"], "custom_id": cid}
            if "id" in comp:
                out["id"] = comp["id"]
            if comp["type"] == 4:
                text = str(given if given is not None else comp.get("value") or "")
                if comp.get("required", True) and not text:
                    raise AssertionError(f"modal input {cid!r} is required")
                if not comp.get("min_length", 0) <= len(text) <= comp.get("max_length", 4000):
                    raise AssertionError(f"modal input {cid!r}: length {len(text)} out of bounds")
                out["value"] = text
            else:
                out["values"] = [str(v) for v in given or []]
            return out

        rows: list[dict[str, Any]] = []
        for top in modal.get("components") or []:
            if top.get("type") == 1:
                rows.append({"type": 1, "components": [a for c in top.get("components") or [] if (a := answer(c))]})
            elif top.get("type") == 18 and (a := answer(top["component"])):
                rows.append({"type": 18, "id": top.get("id"), "component": a})
        if unused:
            raise AssertionError(f"modal {modal.get('custom_id')!r} has no input(s) {sorted(unused)}")
        h = InteractionHandle(self, type=MODAL_SUBMIT, user=user, channel=opened.channel, guild=opened.guild,
                              label=f"modal {modal.get('custom_id')}", source_message=opened.source_message)
        return await self._dispatch_interaction(h, {"custom_id": modal.get("custom_id"), "components": rows})

    # -- internals -------------------------------------------------------------------------------
    def _guild_of(self: FakeDiscord, channel: st.Channel) -> st.Guild | None:
        return self.guilds[channel.guild_id] if channel.guild_id else None

    def _find_command(self: FakeDiscord, guild: st.Guild | None, name: str) -> dict[str, Any] | None:
        scopes = ([guild.id] if guild else []) + [None]
        for scope in scopes:
            for cmd in self.commands.get(scope, {}).values():
                if cmd["name"] == name and cmd.get("type", 1) == 1:
                    return cmd
        return None

    def _option_definition(self: FakeDiscord, guild: st.Guild | None, command: str, option: str) -> dict | None:
        names = command.lstrip("/").split()
        node = self._find_command(guild, names[0])
        for sub in names[1:]:
            node = next((o for o in (node or {}).get("options") or [] if o["name"] == sub), None)
        return next((o for o in (node or {}).get("options") or [] if o["name"] == option), None)

    def _command_data(self: FakeDiscord, guild: st.Guild | None, command: str, options: dict[str, Any],
                      partial: bool = False) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        names = command.lstrip("/").split()
        root = self._find_command(guild, names[0])
        if root is None and self.require_synced_commands:
            known = sorted({c["name"] for scope in self.commands.values() for c in scope.values()})
            raise LookupError(f"/{names[0]} was never synced by the bot (synced: {known}); "
                              "sync it or use FakeDiscord(require_synced_commands=False)")
        data: dict[str, Any] = {"id": root["id"] if root else self.ids.next(), "name": names[0], "type": 1}
        if root and root.get("guild_id"):
            data["guild_id"] = root["guild_id"]
        node, defs = data, (root or {}).get("options") or []
        for depth, sub in enumerate(names[1:], start=2):
            d = next((o for o in defs if o["name"] == sub and o["type"] in (1, 2)), None)
            if root is not None and d is None:
                raise LookupError(f"/{' '.join(names[:depth])} is not a subcommand; options: {[o['name'] for o in defs]}")
            child = {"name": sub, "type": d["type"] if d else (1 if depth == len(names) else 2), "options": []}
            node.setdefault("options", []).append(child)
            node, defs = child, (d or {}).get("options") or []
        if root is not None and any(o["type"] in (1, 2) for o in defs):
            raise LookupError(f"/{' '.join(names)} needs a subcommand: {[o['name'] for o in defs]}")
        leaf: list[dict[str, Any]] = node.setdefault("options", [])
        resolved: dict[str, Any] = {}
        for name, value in options.items():
            d = next((o for o in defs if o["name"] == name), None)
            if root is not None and d is None:
                raise LookupError(f"/{' '.join(names)} has no option {name!r}; options: {[o['name'] for o in defs]}")
            leaf.append(self._option(name, d, value, guild, resolved))
        missing = [o["name"] for o in defs if o.get("required") and o["name"] not in options]
        if missing and not partial:
            raise LookupError(f"/{' '.join(names)} needs option(s) {missing}")
        if resolved:
            data["resolved"] = resolved
        return data, leaf

    def _option(self: FakeDiscord, name: str, definition: dict[str, Any] | None, value: Any,
                guild: st.Guild | None, resolved: dict[str, Any]) -> dict[str, Any]:
        kind = definition["type"] if definition else _infer_type(value)
        if kind == 3:
            value = str(value)
        elif kind == 4:
            value = int(value)
        elif kind == 5:
            value = bool(value)
        elif kind == 10:
            value = value if isinstance(value, int | float) else float(value)
        elif kind == 11:
            value = self._upload_option(value, resolved)
        else:
            value = self._resolve(value, guild, resolved)
        choices = (definition or {}).get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise LookupError(f"option {name!r} must be one of {[c['value'] for c in choices]}, not {value!r}")
        return {"name": name, "type": kind, "value": value}

    def _upload_option(self: FakeDiscord, value: Any, resolved: dict[str, Any]) -> str:
        filename, data = value
        att_id = self.ids.next()
        att = st.Attachment(att_id, filename, data, "application/octet-stream",
                            f"{self.base_url}/attachments/0/{att_id}/{filename}")
        self.attachments[att_id] = att
        resolved.setdefault("attachments", {})[att_id] = payloads.attachment(att)
        return att_id

    def _resolve(self: FakeDiscord, value: Any, guild: st.Guild | None, resolved: dict[str, Any]) -> str:
        """Put a user/member/role/channel into `resolved` the way Discord does; return its id."""
        if isinstance(value, st.Member):
            value = value.user
        if isinstance(value, st.Role):
            resolved.setdefault("roles", {})[value.id] = payloads.role(value)
            return value.id
        if isinstance(value, st.Channel):
            perms = guild.permissions_of(self.bot_user) if guild else st.ALL_PERMISSIONS
            resolved.setdefault("channels", {})[value.id] = {**payloads.channel(value, self), "permissions": str(perms)}
            return value.id
        user = value if isinstance(value, st.User) else self.users[str(value)]
        resolved.setdefault("users", {})[user.id] = payloads.user(user)
        if guild and user.id in guild.members:
            member = payloads.member(guild.members[user.id], with_user=False,
                                     permissions=guild.permissions_of(user))
            resolved.setdefault("members", {})[user.id] = member
        return user.id

    def _component(self: FakeDiscord, user: st.User, message: st.Message | str,
                   custom_id: str) -> tuple[st.Message, dict[str, Any]]:
        msg = message if isinstance(message, st.Message) else self.messages[str(message)]
        if msg.deleted:
            raise AssertionError(f"{msg!r} was deleted")
        if msg.ephemeral and msg.visible_to != user.id:
            raise AssertionError(f"{user!r} cannot see ephemeral {msg!r}")
        comp = msg.component(custom_id)
        if comp is None:
            ids = [c["custom_id"] for c in msg.walk_components() if "custom_id" in c]
            raise LookupError(f"{msg!r} has no component {custom_id!r}; it has {ids}")
        if comp.get("disabled"):
            raise AssertionError(f"component {custom_id!r} on {msg!r} is disabled")
        return msg, comp

    async def _component_interaction(self: FakeDiscord, user: st.User, msg: st.Message, data: dict[str, Any],
                                     label: str) -> InteractionHandle:
        channel = self.channels[msg.channel_id]
        h = InteractionHandle(self, type=MESSAGE_COMPONENT, user=user, channel=channel,
                              guild=self._guild_of(channel), label=label, source_message=msg)
        return await self._dispatch_interaction(h, data)

    async def _dispatch_interaction(self: FakeDiscord, h: InteractionHandle, data: dict[str, Any],
                                    locale: str | None = None) -> InteractionHandle:
        locale = locale or h.user.locale
        session = self.gateway.target(h.guild.id if h.guild is not None else None)
        if session is None:
            raise RuntimeError(f"no bot is connected to the fake gateway to receive {h.label}")
        guild, channel = h.guild, h.channel
        perms = guild.permissions_of(h.user) if guild else st.ALL_PERMISSIONS
        bot_perms = guild.permissions_of(self.bot_user) if guild else st.ALL_PERMISSIONS
        payload: dict[str, Any] = {
            "id": h.id, "application_id": self.application_id, "type": h.type, "token": h.token, "version": 1,
            "data": data, "channel_id": channel.id,
            "channel": {**payloads.channel(channel, self), "permissions": str(perms)},
            "locale": locale, "app_permissions": str(bot_perms), "entitlements": [], "entitlement_sku_ids": [],
            "attachment_size_limit": UPLOAD_LIMIT, "context": 0 if guild else 1,
            "authorizing_integration_owners": {"0": guild.id} if guild else {"1": h.user.id},
        }
        if guild is not None:
            if h.user.id not in guild.members:
                raise AssertionError(f"{h.user!r} is not a member of guild {guild.name!r}")
            payload.update(guild_id=guild.id, guild_locale=guild.preferred_locale,
                           guild={"id": guild.id, "locale": guild.preferred_locale, "features": []},
                           member=payloads.member(guild.members[h.user.id], permissions=perms))
        else:
            payload["user"] = payloads.user(h.user)
        if h.source_message is not None:
            payload["message"] = payloads.message(h.source_message, self)
        h.payload = payload
        self.interactions[h.token] = h
        self.interaction_log.append(h)
        h.sent_at = self.clock() - self.interaction_lag  # made that long ago
        session.dispatch("INTERACTION_CREATE", payload)
        await asyncio.sleep(0)
        return h


def _infer_type(value: Any) -> int:
    if isinstance(value, bool):
        return 5
    if isinstance(value, int):
        return 4
    if isinstance(value, float):
        return 10
    if isinstance(value, st.Role):
        return 8
    if isinstance(value, st.Channel):
        return 7
    if isinstance(value, st.User | st.Member):
        return 6
    if isinstance(value, tuple):
        return 11
    return 3
