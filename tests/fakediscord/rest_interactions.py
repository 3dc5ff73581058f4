"""REST routes for interaction callbacks and the interaction webhook (follow-ups, @original)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import messages, payloads
from . import responses as r
from . import state as st
from .interaction import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    MODAL,
    UPDATE_MESSAGE,
    InteractionHandle,
)
from .rest import body_of, fake_of
from .validation import check_choices, check_modal

if TYPE_CHECKING:
    from .server import FakeDiscord


def _metadata(h: InteractionHandle) -> dict[str, Any]:
    meta: dict[str, Any] = {
        "id": h.id,
        "type": h.type,
        "user": payloads.user(h.user),
        "authorizing_integration_owners": {"0": h.guild.id} if h.guild else {"1": h.user.id},
    }
    if h.type == APPLICATION_COMMAND:
        meta["name"] = h.label.lstrip("/")
    if h.source_message is not None:
        meta["interacted_message_id"] = h.source_message.id
    return meta


def _post(fake: FakeDiscord, h: InteractionHandle, channel: st.Channel, body: dict[str, Any],
          files: list[Any], extra_flags: int = 0, validate: bool = True) -> st.Message:
    return messages.create(
        fake, channel, fake.bot_user, body, files, extra_flags=extra_flags, validate=validate,
        type=20 if h.type == APPLICATION_COMMAND else 0, webhook=True,
        interaction=_metadata(h), visible_to=h.user.id,
    )


async def callback(request: web.Request) -> web.Response:
    fake = fake_of(request)
    h = fake.interactions.get(request.match_info["token"])
    if h is None or h.id != request.match_info["interaction_id"]:
        raise r.not_found(r.UNKNOWN_INTERACTION, "interaction")
    if h.responded:
        raise r.ApiError(400, r.ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged.")
    arrived = fake_of(request).clock()
    if fake.interaction_deadline is not None and arrived - h.sent_at > fake.interaction_deadline:
        raise r.not_found(r.UNKNOWN_INTERACTION, "interaction")
    body, files = body_of(request)
    kind, data = body.get("type"), body.get("data") or {}
    resource: dict[str, Any] = {"type": kind}
    if kind == CHANNEL_MESSAGE:
        msg = _post(fake, h, h.channel, data, files)
        h.original_id = msg.id
    elif kind == DEFERRED_CHANNEL_MESSAGE:
        msg = _post(fake, h, h.channel, {"flags": data.get("flags") or 0}, [], st.LOADING, validate=False)
        h.original_id = msg.id
    elif kind in (DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE):
        if h.source_message is None:
            raise r.invalid_form({"type": "This interaction has no message to update."})
        h.original_id = h.source_message.id
        if kind == UPDATE_MESSAGE:
            messages.edit(fake, h.source_message, data, files)
    elif kind == AUTOCOMPLETE_RESULT:
        if fake.validate and (problems := check_choices(data.get("choices") or [])):
            raise r.invalid_form({"data." + k: v for k, v in problems.items()})
    elif kind == MODAL:
        if fake.validate and (problems := check_modal(data)):
            raise r.invalid_form({"data." + k: v for k, v in problems.items()})
    else:
        raise r.invalid_form({"type": f"Unsupported interaction callback type {kind!r}"})
    h.callback_type, h.callback_data, h.callback_at = kind, data, arrived
    if kind in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
        h.replied_at = arrived
    fake.notify()
    if kind in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, UPDATE_MESSAGE) and h.original:
        resource["message"] = payloads.message(h.original, fake)
    info: dict[str, Any] = {
        "id": h.id,
        "type": h.type,
        "response_message_loading": kind == DEFERRED_CHANNEL_MESSAGE,
        "response_message_ephemeral": bool(h.original and h.original.ephemeral and kind in (4, 5)),
    }
    if h.original_id:
        info["response_message_id"] = h.original_id
    if request.query.get("with_response") not in ("1", "true", "True"):
        return r.no_content()
    return r.json_response({"interaction": info, "resource": resource})


def _handle(request: web.Request) -> tuple[FakeDiscord, InteractionHandle]:
    fake = fake_of(request)
    h = fake.interactions.get(request.match_info["token"])
    if h is None or request.match_info["app_id"] != fake.application_id or not h.responded:
        raise r.not_found(r.UNKNOWN_WEBHOOK, "Webhook")
    return fake, h


async def followup(request: web.Request) -> web.Response:
    arrived = fake_of(request).clock()
    fake, h = _handle(request)
    body, files = body_of(request)
    channel = h.channel
    if "thread_id" in request.query:
        channel = fake.channels.get(request.query["thread_id"]) or channel
    original = h.original
    if h.callback_type == DEFERRED_CHANNEL_MESSAGE and original is not None and original.loading:
        # Discord fills the "thinking..." message with the first follow-up
        msg = messages.edit(fake, original, {k: v for k, v in body.items() if k != "flags"}, files)
        h.replied_at = h.replied_at or arrived
    else:
        msg = _post(fake, h, channel, body, files)
        h.followup_ids.append(msg.id)
        fake.notify()
    if request.query.get("wait") not in ("1", "true", "True"):
        return r.no_content()
    return r.json_response(payloads.message(msg, fake))


async def webhook_message(request: web.Request) -> web.Response:
    arrived = fake_of(request).clock()
    fake, h = _handle(request)
    wanted = request.match_info["message_id"]
    msg = h.original if wanted == "@original" else fake.messages.get(wanted)
    if msg is None or msg.deleted or (wanted != "@original" and msg.id not in [m.id for m in h.messages]):
        raise r.not_found(r.UNKNOWN_MESSAGE, "Message")
    if request.method == "DELETE":
        messages.delete(fake, msg)
        return r.no_content()
    if request.method == "PATCH":
        body, files = body_of(request)
        if msg is h.original and (msg.loading or h.callback_type == DEFERRED_UPDATE_MESSAGE):
            h.replied_at = h.replied_at or arrived  # the deferred answer filled in
        messages.edit(fake, msg, body, files)
    return r.json_response(payloads.message(msg, fake))


def add_routes(app: web.Application, prefix: str) -> None:
    app.router.add_route("POST", prefix + "/interactions/{interaction_id}/{token}/callback", callback)
    hook = prefix + "/webhooks/{app_id}/{token}"
    app.router.add_route("POST", hook, followup)
    for method in ("GET", "PATCH", "DELETE"):
        app.router.add_route(method, hook + "/messages/{message_id}", webhook_message)
