"""A game's own slash group beside ``/game``, built from what its presentation declares
(``Presentation.own_group``, a ``games.base.OwnGroup``): the platform's lobby, play,
information and life commands for that game alone, plus the game's ``new`` (its options typed),
``rules``, ``stats`` and one command per kind of decision, each with autocomplete of the legal
choices (offered only to the player who owes the decision). ``bot.py`` adds one per game that
declares one; nothing here names a game."""

from __future__ import annotations

import inspect
import types
from collections.abc import Awaitable, Callable
from functools import cache
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from games import Presentation
from games.base import DecisionCommand, OwnGroup

from .info import InfoCommands, send_rules, send_stats, topic_choices
from .lifecycle import LifeCommands
from .lobby import LANGUAGE_HELP, LANGUAGES, LobbyCommands, open_lobby
from .play import PlayCommands, decide, legal

_ARG = inspect.Parameter.POSITIONAL_OR_KEYWORD
TURN_HOURS = inspect.Parameter("turn_hours", _ARG, default=None,
                               annotation=app_commands.Range[float, 0.05, 336.0] | None)
LANGUAGE = inspect.Parameter("language", _ARG, default=None, annotation=str | None)


def _command(owner: str, name: str, description: str, params: list[inspect.Parameter],
             body: Callable[..., Awaitable[None]], describe: dict[str, str],
             complete: dict[str, Any] | None = None,
             choices: dict[str, Any] | None = None) -> app_commands.Command[Any, Any, None]:
    """A slash command of the group class ``owner``: ``body(interaction, **arguments)``."""

    async def callback(self: Any, interaction: discord.Interaction[Any], **arguments: Any) -> None:
        await body(interaction, **arguments)

    callback.__name__ = name
    callback.__qualname__ = f"{owner}.{name}"  # a method: discord.py skips ``self``
    callback.__signature__ = inspect.Signature([  # type: ignore[attr-defined]
        inspect.Parameter("self", _ARG),
        inspect.Parameter("interaction", _ARG, annotation=discord.Interaction[Any]), *params])
    if describe:
        app_commands.describe(**describe)(callback)
    if complete:
        app_commands.autocomplete(**complete)(callback)
    if choices:
        app_commands.choices(**choices)(callback)
    return app_commands.command(name=name, description=description)(callback)


def _decision(owner: str, present: Presentation, spec: DecisionCommand
              ) -> app_commands.Command[Any, Any, None]:
    if spec.argument is None:
        async def always(interaction: discord.Interaction[Any]) -> None:
            await decide(interaction, spec.empty or spec.name, spec.verbs, present)

        return _command(owner, spec.name, spec.description, [], always, {})
    argument = spec.argument

    async def chosen(interaction: discord.Interaction[Any], **arguments: Any) -> None:
        await decide(interaction, arguments.get(argument) or spec.empty, spec.verbs, present)

    param = (inspect.Parameter(argument, _ARG, annotation=str) if spec.empty is None else
             inspect.Parameter(argument, _ARG, annotation=str | None, default=None))
    return _command(owner, spec.name, spec.description, [param], chosen,
                    {argument: spec.argument_description}, {argument: legal(*spec.verbs)})


def _commands(owner: str, present: Presentation, spec: OwnGroup
              ) -> dict[str, app_commands.Command[Any, Any, None]]:
    async def new(interaction: discord.Interaction[Any], turn_hours: float | None = None,
                  language: str | None = None, **options: Any) -> None:
        await open_lobby(interaction, present, options, turn_hours, language)

    async def rules(interaction: discord.Interaction[Any], topic: str | None = None) -> None:
        await send_rules(interaction, present, topic)

    async def topics(interaction: discord.Interaction[Any],
                     current: str) -> list[app_commands.Choice[str]]:
        return topic_choices(present, current)

    async def stats(interaction: discord.Interaction[Any],
                    member: discord.Member | None = None) -> None:
        await send_stats(interaction, member, None)

    options = [inspect.Parameter(o.name, _ARG, annotation=o.type, default=o.default)
               for o in spec.new_options]
    made = {
        "new": _command(owner, "new", f"Open a {present.title} lobby in a new thread",
                        [*options, TURN_HOURS, LANGUAGE], new,
                        {**{o.name: o.description for o in spec.new_options},
                         "turn_hours": "Time limit per decision, in hours (default 24)",
                         "language": LANGUAGE_HELP}, choices={"language": LANGUAGES}),
        "rules": _command(owner, "rules", "A short rules reference",
                          [inspect.Parameter("topic", _ARG, annotation=str | None, default=None)],
                          rules, {"topic": "A rules topic (leave empty for the overview)"},
                          {"topic": topics}),
        "stats": _command(owner, "stats", "Games, wins and average score on this server",
                          [inspect.Parameter("member", _ARG, annotation=discord.Member | None,
                                             default=None)],
                          stats, {"member": "Whose figures (default: yours)"}),
    }
    for decision in spec.decisions:
        made[decision.name] = _decision(owner, present, decision)
    return made


@cache
def own_group(present: Presentation) -> type[commands.GroupCog] | None:
    """The cog class of ``present``'s own group (one class per game), or None."""
    spec = present.own_group
    if spec is None:
        return None
    owner = "".join(part.title() for part in spec.name.split("-"))
    made: list[type[commands.GroupCog]] = []

    def __init__(self: Any, bot: commands.Bot) -> None:
        self.bot = bot
        super(made[0], self).__init__()

    def body(namespace: dict[str, Any]) -> None:
        namespace.update(__module__=__name__, __qualname__=owner, __init__=__init__,
                         present=present)
        for name, command in _commands(owner, present, spec).items():
            namespace["pass_" if name == "pass" else name] = command

    cls = types.new_class(owner, (LobbyCommands, PlayCommands, InfoCommands, LifeCommands,
                                  commands.GroupCog),
                          {"group_name": spec.name, "group_description": spec.description}, body)
    made.append(cls)
    return app_commands.guild_only()(cls)


def own_groups(presentations: list[Presentation]) -> list[type[commands.GroupCog]]:
    """The own groups of these games, in their order (a game without one adds none)."""
    return [cls for present in presentations if (cls := own_group(present)) is not None]
