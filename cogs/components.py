"""Clicks on our buttons and selects (``cogs.discordpy.panels.GameComponent`` → the client's
``on_game_component`` → ``handle``)."""

from __future__ import annotations

from typing import Any

import discord

import texts
from cogs.discordpy.panels import build_view
from referee.deciding import committed
from referee.errors import Malformed
from referee.messages import ids
from referee.messages.choices import Panel
from referee.shared import origin
from referee.telling.announce import lobby_panel
from texts import _

from . import lifecycle
from .common import (
    add_picture,
    defer,
    defer_update,
    display_name,
    done_line,
    moderator_facts,
    referee_of,
    reply,
    report_error,
    speak_as,
    update,
)


async def handle(interaction: discord.Interaction[Any], custom_id: str, values: list[str]) -> None:
    token = origin.acting_in(interaction.guild_id)  # the referee refuses other servers' games
    speaking = speak_as(interaction)  # replies in the clicker's language
    committed.watch()  # a failure after a commit says the decision stands (report_error)
    try:
        parsed = ids.parse(custom_id)
        if isinstance(parsed, ids.LobbyId):
            await _lobby(interaction, parsed)
        elif isinstance(parsed, ids.LifeId):
            await lifecycle.handle(interaction, parsed)
        elif parsed.kind == "pick":
            await _pick(interaction, parsed, values)
        elif parsed.kind == "back":
            await _take_back(interaction, parsed)
        elif parsed.kind == "part":
            await _draft_part(interaction, parsed, values)
        elif parsed.kind == "add":
            await _draft_add(interaction, parsed, values)
        elif parsed.kind == "run":
            await _run(interaction, parsed, values)
        elif parsed.kind == "multi":
            await _multi(interaction, parsed, values)
        else:
            await _turn(interaction, parsed)
    except Exception as exc:
        await report_error(interaction, exc)
    finally:
        texts.done(speaking)
        origin.done(token)


async def _lobby(interaction: discord.Interaction[Any], cid: ids.LobbyId) -> None:
    await defer_update(interaction)  # we edit the lobby message, then confirm privately
    ref = referee_of(interaction)
    user = interaction.user
    if cid.action == "join":
        game = await ref.lobby.join(cid.game_id, user.id, display_name(user))
        done = _("You joined game #{game}.").format(game=game.id)
    elif cid.action == "leave":
        game = await ref.lobby.leave(cid.game_id, user.id)
        done = _("You left game #{game}.").format(game=game.id)
    else:
        manage, roles = moderator_facts(interaction)
        moderator = await ref.moderation.is_moderator(interaction.guild_id, manage, roles)
        game = await ref.lobby.start(cid.game_id, user.id, moderator=moderator)
        done = _("Game #{game} has started.").format(game=game.id)
    view = build_view(lobby_panel(game.id)) if game.status == "lobby" else None
    await update(interaction, ref.lobby.text(game), view=view)
    await interaction.followup.send(done, ephemeral=True)


async def _turn(interaction: discord.Interaction[Any], cid: ids.TurnId) -> None:
    await defer(interaction)
    ref = referee_of(interaction)
    text = cid.arg
    if cid.kind == "verb":
        result = await ref.sessions.pick(cid.game_id, interaction.user.id, cid.version, cid.tag,
                                         verb=cid.arg)
        if not isinstance(result, str):
            await reply(interaction, _("Choose (only you see this):"),
                        view=build_view(result if isinstance(result, Panel)
                                        else Panel(select=result)))
            return
        text = result
    said = await ref.sessions.in_words(cid.game_id, text)
    done = await ref.sessions.decide(cid.game_id, interaction.user.id, text,
                                     version=cid.version, tag=cid.tag)
    await reply(interaction, done_line(done, said))
    await add_picture(interaction, await ref.sessions.after_picture(cid.game_id, interaction.user.id))


async def _take_back(interaction: discord.Interaction[Any], cid: ids.TurnId) -> None:
    """A draft's "take back" button: that word out of the clicker's own draft, then the draft
    as it is now (privately), as ``/game draft`` shows it."""
    from .game import show_draft

    await defer(interaction)
    ref = referee_of(interaction)
    await show_draft(interaction, ref, cid.game_id, f"-{cid.arg}")


def _one(values: list[str]) -> str:
    if len(values) != 1 or not ids.VALUE.fullmatch(values[0]):
        raise Malformed(_("Pick exactly one option. Nothing changed."))
    return values[0]


async def _draft_part(interaction: discord.Interaction[Any], cid: ids.TurnId,
                      values: list[str]) -> None:
    """A part picked under a draft (a tile kind, or a kind and a square pointed at): its legal
    next words nearest first, privately, to add one from."""
    part = _one(values)
    await defer(interaction)
    ref = referee_of(interaction)
    text, panel = await ref.sessions.draft_part(cid.game_id, interaction.user.id, part)
    await reply(interaction, text, view=build_view(panel) if panel.selects else None)


async def _draft_add(interaction: discord.Interaction[Any], cid: ids.TurnId,
                     values: list[str]) -> None:
    """A next word picked from a part's list: added to the clicker's own draft, which is then
    shown as ``/game draft`` shows it."""
    from .game import show_draft

    word = _one(values)
    await defer(interaction)
    await show_draft(interaction, referee_of(interaction), cid.game_id, f"+{word}")


async def _pick(interaction: discord.Interaction[Any], cid: ids.TurnId, values: list[str]) -> None:
    if len(values) != 1:
        raise Malformed(_("Pick exactly one option. Nothing changed."))
    await defer_update(interaction)  # update the private message in place
    ref = referee_of(interaction)
    result = await ref.sessions.pick(cid.game_id, interaction.user.id, cid.version, cid.tag,
                                     span=values[0])
    if isinstance(result, str):
        said = await ref.sessions.in_words(cid.game_id, result)
        done = await ref.sessions.decide(cid.game_id, interaction.user.id, result,
                                         version=cid.version, tag=cid.tag)
        await update(interaction, done_line(done, said))
        await add_picture(interaction,
                          await ref.sessions.after_picture(cid.game_id, interaction.user.id))
    else:
        await update(interaction, _("Choose (only you see this):"),
                     view=build_view(result if isinstance(result, Panel)
                                     else Panel(select=result)))


async def _run(interaction: discord.Interaction[Any], cid: ids.TurnId, values: list[str]) -> None:
    """A run chosen on the prompt's select (``referee.messages.runs``): its first decision now, the
    rest as they come due."""
    if len(values) != 1 or not values[0].isdigit():
        raise Malformed(_("Pick exactly one option. Nothing changed."))
    await defer(interaction)
    ref = referee_of(interaction)
    done, rest = await ref.sessions.run(cid.game_id, interaction.user.id, cid.version, cid.tag,
                                        cid.arg, int(values[0]))
    then = (" " + _("Then, each when it is due: {decisions}.").format(
        decisions=", ".join(f"`{t}`" for t in rest))) if rest else ""
    await reply(interaction, _("✅ Done: {decision}.").format(decision=f"`{done}`") + then)


async def _multi(interaction: discord.Interaction[Any], cid: ids.TurnId, values: list[str]) -> None:
    """A private multi-select (``Presentation.multi``: the cards to discard): the values
    picked make one decision."""
    await defer_update(interaction)  # update the private message in place
    ref = referee_of(interaction)
    text = await ref.sessions.multi_pick(cid.game_id, interaction.user.id, cid.version, cid.tag,
                                         cid.arg, values)
    said = await ref.sessions.in_words(cid.game_id, text)
    done = await ref.sessions.decide(cid.game_id, interaction.user.id, text,
                                     version=cid.version, tag=cid.tag)
    await update(interaction, done_line(done, said))
