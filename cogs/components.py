"""Clicks on our buttons and selects (``cogs.discordpy.panels.GameComponent`` → the client's
``on_game_component`` → ``handle``)."""

from __future__ import annotations

from typing import Any

import discord

import texts
from cogs.discordpy.panels import TypedModal, build_view
from referee.deciding import committed
from referee.deciding.workbench import GRID_INPUT
from referee.errors import Malformed
from referee.messages import ids
from referee.messages.choices import Panel
from referee.messages.outbox import replying_to
from referee.shared import origin
from referee.telling.announce import lobby_panel
from texts import _

from . import lifecycle
from .common import (
    acknowledge,
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
from .play import show_bench


async def handle(interaction: discord.Interaction[Any], custom_id: str, values: list[str]) -> None:
    token = origin.acting_in(interaction.guild_id)  # the referee refuses other servers' games
    speaking = speak_as(interaction)  # replies in the clicker's language
    replying_to.set(interaction)  # what it queues may be told through it (outbox)
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
        elif parsed.kind == "bench":
            await _bench(interaction, parsed, values)
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
    with texts.using(ref.ctx.language(game)):  # the lobby message: the game's language
        view = build_view(lobby_panel(game.id)) if game.status == "lobby" else None
        body = ref.lobby.text(game)
    await update(interaction, body, view=view)
    await interaction.followup.send(done, ephemeral=True)


async def _turn(interaction: discord.Interaction[Any], cid: ids.TurnId) -> None:
    await defer(interaction)
    ref = referee_of(interaction)
    text = cid.arg
    if cid.kind == "verb":
        result = await ref.sessions.pick(cid.game_id, interaction.user.id, cid.version, cid.tag,
                                         verb=cid.arg)
        if not isinstance(result, str):
            await reply(interaction, _("Choose (only you see this):"), files=_pictures(result),
                        view=build_view(result if isinstance(result, Panel)
                                        else Panel(select=result)))
            return
        text = result
    said = await ref.sessions.in_words(cid.game_id, text)
    done = await ref.sessions.decide(cid.game_id, interaction.user.id, text,
                                     version=cid.version, tag=cid.tag)
    bench = await ref.sessions.bench_after(cid.game_id, interaction.user.id, done)
    if bench is not None:  # the decision built next is built on the workbench: here it is
        await show_bench(interaction, bench, new=True)
        return
    if await ref.sessions.said_in_public(cid.game_id, done) and await acknowledge(interaction):
        return  # the thread says it for everyone: no private message
    await reply(interaction, done_line(done, said))
    await add_picture(interaction, await ref.sessions.after_picture(cid.game_id, interaction.user.id))


async def _bench(interaction: discord.Interaction[Any], cid: ids.TurnId, values: list[str]) -> None:
    """A workbench control: the public prompt's button opens one (a new private message);
    the workbench's own controls edit it in place (its grid button opens the typed board)."""
    ref = referee_of(interaction)
    action = cid.arg.split(" ", 1)[0]
    if action == "grid":  # a modal is the interaction's first answer: no deferral
        bench = await ref.sessions.bench_click(cid.game_id, interaction.user.id, cid.version,
                                               cid.tag, cid.arg, values)
        if bench.modal is not None:
            await interaction.response.send_modal(TypedModal(bench.modal))
            return
    new = action == "open"
    if new:
        await defer(interaction)
    else:
        await defer_update(interaction)
    bench = await ref.sessions.bench_click(cid.game_id, interaction.user.id, cid.version,
                                           cid.tag, cid.arg, values)
    await show_bench(interaction, bench, new=new)


def _typed(components: Any) -> str | None:
    """The text of the modal's input (``GRID_INPUT``), wherever the rows put it."""
    for comp in components or ():
        if not isinstance(comp, dict):
            continue
        if comp.get("custom_id") == GRID_INPUT and isinstance(comp.get("value"), str):
            return str(comp["value"])
        found = _typed(comp.get("components") or ([comp["component"]] if "component" in comp
                                                  else []))
        if found is not None:
            return found
    return None


async def handle_modal(interaction: discord.Interaction[Any], custom_id: str) -> None:
    """A submitted workbench modal (the typed board): the workbench it was opened from,
    edited in place with the draft it stands for (or the fault, nothing changed)."""
    token = origin.acting_in(interaction.guild_id)
    committed.watch()
    try:
        parsed = ids.parse(custom_id)
        typed = _typed((interaction.data or {}).get("components"))
        if not isinstance(parsed, ids.TurnId) or parsed.kind != "bench" or typed is None:
            raise Malformed(_(ids.BAD))
        await defer_update(interaction)
        ref = referee_of(interaction)
        bench = await ref.sessions.bench_typed(parsed.game_id, interaction.user.id,
                                               parsed.version, parsed.tag, parsed.arg, typed)
        await show_bench(interaction, bench, new=interaction.message is None)
    except Exception as exc:
        await report_error(interaction, exc)
    finally:
        origin.done(token)


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
        await update(interaction, _("Choose (only you see this):"), files=_pictures(result),
                     view=build_view(result if isinstance(result, Panel)
                                     else Panel(select=result)))


def _pictures(result: object) -> tuple[Any, ...]:
    """The private picture a pick shows with its select (numbered placements), if any."""
    picture = result.picture if isinstance(result, Panel) else None
    return (picture,) if picture is not None else ()


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
