"""Shared glue: replying, deferring, the one error handler, and the referee of the client."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import io
import logging
from collections.abc import AsyncIterator, Sequence
from typing import Any

import discord
from discord import app_commands

import texts
from cogs.discordpy.outbox import FILLED
from db import CorruptGame, DbError, StaleVersion
from engine import GameError, get_game
from engine.core.game import parse_options as option_words
from referee.deciding import committed
from referee.errors import Refusal, StalePrompt
from referee.messages import ids
from referee.messages.outbox import File, replying_to
from referee.messages.refusals import refusal_words
from referee.messages.texts import plain
from referee.process import metrics
from referee.service import Referee
from referee.shared import origin
from texts import N_, _

log = logging.getLogger(__name__)
SOMETHING_WRONG = N_("Something went wrong on my side and nothing was changed. Please try again in "
                   "a moment; if it keeps happening, tell a moderator.")
#: a failure after a decision was committed (``referee.deciding.committed``): the decision stands
DECISION_STANDS = N_("The decision was committed and stands; something went wrong on my side only "
                   "after that, so the thread or the status command shows the game as it is.")
#: Discord's answers meaning an interaction can no longer be answered: expected now and then
#: (a slow moment, a player who waited), not bugs. What the handler did before is kept.
GONE = {
    10062: "Discord no longer knew the interaction (10062 Unknown interaction: the 3 seconds "
           "to acknowledge it had passed)",
    50027: "its follow-up token had expired (50027 Invalid Webhook Token: after 15 minutes)",
}


def parse_options(name: str, text: str | None) -> dict[str, Any]:
    """``"flag=true turns=3"`` -> typed options per the game's ``option_specs``."""
    try:
        return option_words(get_game(name), (text or "").replace(",", " ").split())
    except ValueError as exc:
        raise Refusal(str(exc)) from None


def gone(exc: BaseException | None) -> str | None:
    """Why Discord no longer takes an answer to an interaction, if that is what ``exc`` says."""
    if isinstance(exc, discord.HTTPException) and exc.code in GONE:
        return GONE[exc.code]
    return None


class LateAutocomplete(logging.Filter):
    """discord.py sends autocomplete answers itself and logs a failure as an ERROR traceback;
    a late one (10062) is expected now and then: one WARNING line instead."""

    def filter(self, record: logging.LogRecord) -> bool:
        why = gone(record.exc_info[1] if record.exc_info else None)
        if why is not None:
            record.msg, record.args = "%s could not be answered: %s", (record.getMessage(), why)
            record.levelno, record.levelname = logging.WARNING, "WARNING"
            record.exc_info = record.exc_text = None
        return True


class KeepUpFilter(logging.Filter):
    """discord.py's "Can't keep up, shard ID N websocket is S s behind" is the time from its
    last heartbeat to the gateway's ACK. Its keep-alive thread records a heartbeat only once the
    loop has sent it, so an ACK read on the loop before that thread runs again (a gateway that
    answers at once, a loaded machine) is measured from the heartbeat before: S is then the
    heartbeat interval (41.25 s), with nothing held at all. When the loop-lag monitor
    (``referee.process.looplag``) saw no stall near that long meanwhile, the warning says so, at INFO."""

    def __init__(self, lag: Any) -> None:
        super().__init__()
        self.lag = lag

    def filter(self, record: logging.LogRecord) -> bool:
        if not str(record.msg).startswith("Can't keep up") or len(record.args or ()) != 2:
            return True
        behind = record.args[1]  # type: ignore[index]
        if not isinstance(behind, int | float):
            return True
        held = self.lag.held_within(behind + 5.0)
        if held < behind / 2:
            record.msg = ("discord.py measured the gateway's heartbeat ACK %.1f s after its "
                          "heartbeat, but the event loop was not held meanwhile (longest stall "
                          "%.0f ms): its keep-alive thread recorded the heartbeat after the ACK "
                          "came, a race with a quick gateway, not a lag")
            record.args = (behind, held * 1000)
            record.levelno, record.levelname = logging.INFO, "INFO"
        return True


def keep_up_filter(lag: Any) -> None:
    """Install ``KeepUpFilter`` on discord.py's gateway logger (once)."""
    logger = logging.getLogger("discord.gateway")
    for old in [f for f in logger.filters if isinstance(f, KeepUpFilter)]:
        logger.removeFilter(old)
    logger.addFilter(KeepUpFilter(lag))


def quiet_late_autocomplete() -> None:
    """Install ``LateAutocomplete`` on discord.py's command tree logger (once)."""
    logger = logging.getLogger("discord.app_commands.tree")
    if not any(isinstance(f, LateAutocomplete) for f in logger.filters):
        logger.addFilter(LateAutocomplete())


def referee_of(interaction: discord.Interaction[Any]) -> Referee:
    referee = getattr(interaction.client, "referee", None)
    if referee is None:
        raise Refusal(_("The bot is still starting up; try again in a few seconds."))
    if referee.suspended:
        raise Refusal(_("This bot process has handed its games over to another one and no "
                        "longer acts on them; tell the bot's operator. Nothing was changed."))
    return referee


def user_message(exc: BaseException) -> str | None:
    """The explanation to show for an expected error, or None for a bug."""
    if isinstance(exc, GameError):
        return refusal_words(str(exc))
    if isinstance(exc, Refusal):
        return str(exc)
    if isinstance(exc, StaleVersion):
        return str(StalePrompt())
    if isinstance(exc, DbError) and not isinstance(exc, CorruptGame):
        return _("That can't be done: {why}.").format(why=exc)
    if isinstance(exc, app_commands.CheckFailure | app_commands.TransformerError):
        return str(exc) or _("That command can't be used here.")
    return None


def unwrap(exc: BaseException) -> BaseException:
    while isinstance(exc, app_commands.CommandInvokeError) and exc.original is not None:
        exc = exc.original
    return exc


#: an answer ready within this many seconds of the interaction is sent as its acknowledgement
#: (one request, no "thinking..." first); a slower one is deferred at this point, well inside
#: Discord's 3 seconds, and sent as a follow-up. ANSWER_WITHIN_MS (referee/process/config.py) sets it
#: for a bot; this is the default.
QUICK_S = 1.0


def quick_s(interaction: discord.Interaction[Any]) -> float:
    """``QUICK_S`` for the bot ``interaction`` reached: its ANSWER_WITHIN_MS if set."""
    ms = getattr(getattr(interaction.client, "settings", None), "answer_within_ms", None)
    return QUICK_S if ms is None else ms / 1000


_ACK = "stella-ack"  # the interaction's ``extras`` key of its ``Ack``
_TIMED = "stella-timed"  # ... and of the mark that its answer's time was counted


class Ack:
    """The acknowledgement of one interaction, made at the latest ``QUICK_S`` seconds after the
    handler began: a deferral then, unless the answer went first. Answering and deferring take
    the same lock, so exactly one of them is the interaction's callback."""

    def __init__(self, interaction: discord.Interaction[Any], *, update: bool,
                 ephemeral: bool) -> None:
        self.interaction, self.update, self.ephemeral = interaction, update, ephemeral
        self.lock = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None
        self._timer = asyncio.get_running_loop().call_later(quick_s(interaction), self._due)

    def _due(self) -> None:
        self._task = asyncio.ensure_future(self._defer())

    async def _defer(self) -> None:
        async with self.lock:
            response = self.interaction.response
            if response.is_done():
                return
            try:
                if self.update:  # the message the component is on is edited later
                    await response.defer()
                else:
                    await response.defer(ephemeral=self.ephemeral, thinking=True)
            except discord.HTTPException as exc:  # the answer then fails and says why
                log.warning("could not defer %s: %s", _what(self.interaction), exc)

    @contextlib.asynccontextmanager
    async def answering(self) -> AsyncIterator[None]:
        self._timer.cancel()
        async with self.lock:
            yield


def _late(interaction: discord.Interaction[Any]) -> bool:
    """Did ``interaction`` reach us ``QUICK_S`` or more after Discord made it (a lagging
    gateway)? Then it is acknowledged before anything is done: if Discord no longer takes it,
    nothing is (the player was told it failed)."""
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    return age >= quick_s(interaction)


async def defer(interaction: discord.Interaction[Any], *, ephemeral: bool = True) -> None:
    """Acknowledge ``interaction`` (a private "thinking..." unless ``ephemeral`` is False) if
    the answer is not sent within ``QUICK_S``; ``reply`` sends it either way."""
    if interaction.response.is_done() or _ACK in interaction.extras:
        return
    if _late(interaction):
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)
    else:
        interaction.extras[_ACK] = Ack(interaction, update=False, ephemeral=ephemeral)


async def defer_update(interaction: discord.Interaction[Any]) -> None:
    """Like ``defer`` for a component whose own message the answer replaces (``update``)."""
    if interaction.response.is_done() or _ACK in interaction.extras:
        return
    if _late(interaction):
        await interaction.response.defer()
    else:
        interaction.extras[_ACK] = Ack(interaction, update=True, ephemeral=False)


def _answering(interaction: discord.Interaction[Any]) -> contextlib.AbstractAsyncContextManager[Any]:
    ack = interaction.extras.get(_ACK)
    return ack.answering() if isinstance(ack, Ack) else contextlib.nullcontext()


def _timed(interaction: discord.Interaction[Any]) -> None:
    """The interaction's first answer is out: how long after Discord made it (/metrics)."""
    if not interaction.extras.get(_TIMED):
        interaction.extras[_TIMED] = True
        age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
        metrics.REPLY.observe(max(0.0, age))


def _files(files: Sequence[File]) -> list[discord.File]:
    return [discord.File(io.BytesIO(f.data), filename=f.name) for f in files]


def _unkept(view: discord.ui.View) -> discord.ui.View:
    """``view`` stopped before it is sent: discord.py keeps a view it sends until it times out
    (a task each, 15 minutes for a private answer's), but every control of ours is a
    ``GameComponent``, found by its custom id (``bot.py`` registers the template): nothing of
    the view is needed once sent. At 100 decisions a second Out of Mine!'s workbench answers
    left about 20 such tasks a second behind (docs/limits.md)."""
    view.stop()
    return view


async def reply(interaction: discord.Interaction[Any], text: str, *, files: Sequence[File] = (),
                view: discord.ui.View | None = None, ephemeral: bool = True) -> None:
    kwargs: dict[str, Any] = {"allowed_mentions": discord.AllowedMentions.none()}
    if files:
        kwargs["files"] = _files(files)
    if view is not None:
        kwargs["view"] = _unkept(view)
    text = plain(text)[:2000]  # no rule citations in what players read
    async with _answering(interaction):
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=ephemeral, **kwargs)
            if interaction.response.type == discord.InteractionResponseType.deferred_channel_message:
                interaction.extras[FILLED] = True  # the "thinking..." message is this answer now
        else:
            ack = interaction.extras.get(_ACK)
            if isinstance(ack, Ack) and not ack.update:  # as the deferral would have made it
                ephemeral = ack.ephemeral
            await interaction.response.send_message(text, ephemeral=ephemeral, **kwargs)
    _timed(interaction)


async def update(interaction: discord.Interaction[Any], text: str, *, files: Sequence[File] = (),
                 view: discord.ui.View | None = None) -> None:
    """Replace the message a component is on (``defer_update``) with ``text`` and ``view``."""
    text = plain(text)[:2000]
    kwargs: dict[str, Any] = {"attachments": _files(files)} if files else {}
    if view is not None:
        view = _unkept(view)
    async with _answering(interaction):
        if interaction.response.is_done():
            await interaction.edit_original_response(content=text, view=view, **kwargs)
        else:
            await interaction.response.edit_message(content=text, view=view, **kwargs)
    _timed(interaction)


async def acknowledge(interaction: discord.Interaction[Any]) -> bool:
    """Answer a click with no message at all (a deferred update: the message it is on stays
    as it is), when the public post says what it did; False when a private answer was already
    begun ("thinking..."), which must then be filled in."""
    async with _answering(interaction):
        if interaction.response.is_done():
            return False
        await interaction.response.defer()
    _timed(interaction)
    return True


async def add_picture(interaction: discord.Interaction[Any], picture: File | None) -> None:
    """Attach ``picture`` to the answer already sent (drawn after it: the player is not kept
    waiting for a picture)."""
    if picture is not None:
        await interaction.edit_original_response(attachments=_files((picture,)))


async def report_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """The one error handler: explanations for expected errors, an apology for bugs."""
    exc = unwrap(error)
    why = gone(exc)
    if why is not None:
        log.warning("%s by user %s could not be answered: %s; anything it did is kept",
                    _what(interaction), interaction.user.id, why)
        return
    message = user_message(exc)
    if message is None:
        log.error("unexpected error in %s", _what(interaction), exc_info=exc)
        message = _(SOMETHING_WRONG)
    if committed.happened():  # whatever failed after the commit, "nothing changed" is false
        log.warning("%s failed after its decision was committed: %s", _what(interaction),
                    message)
        message = _(DECISION_STANDS)
    try:
        await reply(interaction, message)
    except discord.HTTPException as send_error:
        log.warning("could not send the error message: %s", send_error)


def _what(interaction: discord.Interaction[Any]) -> str:
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    data = interaction.data or {}
    return f"component {logged_id(str(data.get('custom_id', '?')))}"


#: controls of a player's own draft or workbench: their argument names what they hold (a tile
#: kind, squares), hidden until the reveal, so a log shows only the kind of control
PRIVATE_KINDS = ("back", "part", "add", "bench")


def logged_id(custom_id: str) -> str:
    """A custom id as it may be logged: a private control's argument left out."""
    try:
        parsed = ids.parse(custom_id)
    except Exception:
        return custom_id[:40]
    if isinstance(parsed, ids.TurnId) and parsed.kind in PRIVATE_KINDS:
        return custom_id[:len(custom_id) - len(parsed.arg)] + "…"
    return custom_id


def speak_as(interaction: discord.Interaction[Any]) -> contextvars.Token[str]:
    """Answer ``interaction`` in its client language (``texts``: for the rest of its task), and
    remember that language for the member's DMs (``referee.telling.languages``: in the
    background, a write only when it changed)."""
    language = texts.from_discord(interaction.locale)
    referee = getattr(interaction.client, "referee", None)
    if referee is not None and not referee.suspended and interaction.user is not None \
            and referee.notify.languages.needs(interaction.user.id, language):
        referee.ctx.spawn(referee.notify.languages.seen(interaction.user.id, language),
                          f"language-{interaction.user.id}")
    return texts.speak(language)


class RefereeTree(app_commands.CommandTree):
    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """Every command and autocomplete acts for its server only (``referee.shared.origin``): set
        in the task discord.py runs the command in, so it ends with it."""
        origin.acting_in(interaction.guild_id)
        speak_as(interaction)  # private replies in the user's language
        replying_to.set(interaction)  # what it queues may be told through it (outbox)
        committed.watch()  # a failure after a commit says the decision stands (report_error)
        return True

    async def on_error(self, interaction: discord.Interaction[Any],
                       error: app_commands.AppCommandError) -> None:
        await report_error(interaction, error)


def done_line(done: str, said: str | None = None) -> str:
    """The private reply to a decision made by a click: in the words of its button
    (``Sessions.in_words``), or its notation where it has none (a typed ``/game do``)."""
    if said and said != done:
        return _("✅ Done: {decision}.").format(decision=said)
    return _("✅ Done: {decision}").format(decision=f"`{done}`")


def display_name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


def moderator_facts(interaction: discord.Interaction[Any]) -> tuple[bool, list[int]]:
    """(has Manage Server, role ids) of the member behind an interaction."""
    member = interaction.user
    perms = getattr(member, "guild_permissions", None)
    roles = [r.id for r in getattr(member, "roles", [])]
    return bool(perms and perms.manage_guild), roles
