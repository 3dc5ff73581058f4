"""`InteractionHandle`: what a test holds after sending an interaction to the bot.

It records the bot's callback (type, data, time), the original response message and the
follow-ups, and lets the test await them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import state as st

if TYPE_CHECKING:
    from .server import FakeDiscord

# Interaction types
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
# Callback (response) types
CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE = 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9


class InteractionHandle:
    """One interaction sent to the bot (slash command, button click, select, autocomplete, modal).

    Attributes: `id`, `token`, `type`, `user`, `channel`, `guild`, `label` (e.g. "/game new"),
    `payload` (the INTERACTION_CREATE data sent), `source_message` (the message whose component
    was used), and once the bot answered: `callback_type`, `callback_data`, `latency`.
    """

    def __init__(
        self, fake: FakeDiscord, *, type: int, user: st.User, channel: st.Channel,
        guild: st.Guild | None, label: str, source_message: st.Message | None = None,
    ):
        self.fake = fake
        lag = fake.interaction_lag  # created that long before it reaches the bot
        self.id = fake.ids.backdated(lag) if lag else fake.ids.next()
        self.token = "itoken." + self.id
        self.type = type
        self.user: st.User = getattr(user, "user", user)  # a Member is accepted too
        self.channel, self.guild = channel, guild
        self.label = label
        self.source_message = source_message
        self.payload: dict[str, Any] = {}
        self.sent_at = fake.clock() - lag  # (set again when it is sent)
        self.callback_type: int | None = None
        self.callback_data: dict[str, Any] | None = None
        self.callback_at: float | None = None
        self.replied_at: float | None = None  # when the visible answer reached the fake
        self.original_id: str | None = None
        self.followup_ids: list[str] = []

    def __repr__(self) -> str:
        return f"<Interaction {self.label!r} by {self.user.username} callback={self.callback_type}>"

    # -- state -------------------------------------------------------------------------------
    @property
    def responded(self) -> bool:
        return self.callback_type is not None

    @property
    def latency(self) -> float | None:
        """Seconds from sending the interaction to the bot's callback arriving (None: not yet)."""
        return None if self.callback_at is None else self.callback_at - self.sent_at

    @property
    def reply_latency(self) -> float | None:
        """Seconds from sending the interaction to its visible answer reaching the fake: the
        response message, or after a deferral the follow-up or edit that filled it in (None: not
        yet; component updates: the updated message)."""
        return None if self.replied_at is None else self.replied_at - self.sent_at

    @property
    def deferred(self) -> bool:
        return self.callback_type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE)

    @property
    def original(self) -> st.Message | None:
        """The response message (for component updates: the message the component is on)."""
        return None if self.original_id is None else self.fake.messages[self.original_id]

    @property
    def ephemeral(self) -> bool:
        """Whether the response message is ephemeral (only `user` sees it)."""
        return bool(self.original and self.original.ephemeral)

    @property
    def followups(self) -> list[st.Message]:
        return [self.fake.messages[i] for i in self.followup_ids]

    @property
    def messages(self) -> list[st.Message]:
        """The original response (if it is a message) and every follow-up, in order."""
        return ([self.original] if self.original else []) + self.followups

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete choices the bot returned (`[{"name": ..., "value": ...}]`)."""
        if self.callback_type != AUTOCOMPLETE_RESULT:
            raise AssertionError(f"{self!r} was not answered with autocomplete choices")
        return list((self.callback_data or {}).get("choices") or [])

    @property
    def modal(self) -> dict[str, Any] | None:
        """The modal the bot opened (`custom_id`, `title`, `components`), if it answered with one."""
        return self.callback_data if self.callback_type == MODAL else None

    # -- waiting -----------------------------------------------------------------------------
    async def response(self, timeout: float = 5.0) -> InteractionHandle:
        """Wait until the bot acknowledged the interaction (any callback type); returns self."""
        await self.fake.wait_for(lambda: self.responded, timeout, f"a callback to {self.label}")
        return self

    async def reply(self, timeout: float = 5.0) -> st.Message:
        """Wait for the visible reply: the response message (after a defer: once it was filled
        in by an edit or the first follow-up), or for component updates the updated message."""
        await self.response(timeout)
        if self.callback_type in (AUTOCOMPLETE_RESULT, MODAL):
            raise AssertionError(f"{self!r} has no reply message (callback type {self.callback_type})")
        await self.fake.wait_for(
            lambda: self.original is not None and not self.original.loading, timeout,
            f"the deferred reply to {self.label} to be filled in",
        )
        assert self.original is not None
        return self.original

    async def wait_followups(self, count: int = 1, timeout: float = 5.0) -> list[st.Message]:
        """Wait until at least `count` follow-up messages exist; returns all of them."""
        await self.fake.wait_for(lambda: len(self.followup_ids) >= count, timeout, f"{count} follow-up(s) to {self.label}")
        return self.followups

    async def submit_modal(self, values: dict[str, Any], user: st.User | None = None) -> InteractionHandle:
        """Fill in and submit the modal the bot answered with. `values` maps each input's
        custom_id to its text (or, for selects inside the modal, a list of values)."""
        await self.response()
        if self.modal is None:
            raise AssertionError(f"{self!r} did not open a modal")
        return await self.fake.submit_modal(user or self.user, self, values)
