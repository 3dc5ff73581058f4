"""Decisions: ``do`` (the notation) of every game group, with autocomplete of the legal next
words (offered only to a player who owes a decision); ``legal`` and ``decide`` serve the
games' own decision commands (``games/<pkg>/commands.py``)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, ClassVar

import discord
from discord import app_commands

from cogs.discordpy.panels import build_view
from games import Presentation

from .common import add_picture, defer, done_line, referee_of, reply, update

Complete = Callable[[discord.Interaction[Any], str], Awaitable[list[app_commands.Choice[str]]]]


def legal(*verbs: str) -> Complete:
    """Autocomplete of the legal decisions of these verbs (all verbs if none)."""

    async def complete(interaction: discord.Interaction[Any],
                       current: str) -> list[app_commands.Choice[str]]:
        try:
            ref = referee_of(interaction)
            game = await ref.info.find(interaction.channel_id, interaction.user.id)
            found = await ref.sessions.autocomplete(game.id, interaction.user.id, verbs, current)
        except Exception:
            return []
        return [app_commands.Choice(name=t, value=t) for t in found if len(t) <= 100]

    return complete


async def complete_words(interaction: discord.Interaction[Any],
                         current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete of a decision word by word (``Sessions.suggest``: the legal verbs first,
    then the next words, named in the game's words), for the player who owes it only."""
    try:
        ref = referee_of(interaction)
        game = await ref.info.find(interaction.channel_id, interaction.user.id)
        found = await ref.sessions.suggest(game.id, interaction.user.id, current)
    except Exception:
        return []
    return [app_commands.Choice(name=s.name, value=s.value) for s in found
            if 0 < len(s.value) <= 100 and 0 < len(s.name) <= 100]


async def decide(interaction: discord.Interaction[Any], text: str, verbs: tuple[str, ...] = (),
                 present: Presentation | None = None) -> None:
    await defer(interaction)
    ref = referee_of(interaction)
    game = await ref.info.find(interaction.channel_id, interaction.user.id, present)
    text = await ref.sessions.normalise(game.id, text, verbs)
    done = await ref.sessions.decide(game.id, interaction.user.id, text)
    bench = await ref.sessions.bench_after(game.id, interaction.user.id, done)
    if bench is not None:  # the decision built next is built on the workbench: here it is
        await show_bench(interaction, bench, new=True)
        return
    await reply(interaction, done_line(done))
    await add_picture(interaction, await ref.sessions.after_picture(game.id, interaction.user.id))


async def show_bench(interaction: discord.Interaction[Any], bench: Any, *, new: bool) -> None:
    """A workbench (``referee.deciding.workbench.Bench``): a new private message (``new``) or
    the message the control is on, edited in place."""
    view = build_view(bench.panel) if bench.panel is not None else None
    files = (bench.picture,) if bench.picture is not None else ()
    if new:
        await reply(interaction, bench.text, files=files, view=view)
    else:
        await update(interaction, bench.text, files=files, view=view or discord.ui.View())


class PlayCommands:
    present: ClassVar[Presentation | None] = None

    @app_commands.command(name="do", description="Make your decision in the notation, e.g. 'mine blue-4'")
    @app_commands.describe(action="A decision in the notation (see the rules topic 'notation')")
    @app_commands.autocomplete(action=complete_words)
    async def do(self, interaction: discord.Interaction[Any], action: str) -> None:
        await decide(interaction, action, (), self.present)
