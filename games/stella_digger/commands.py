"""The ``/stella`` command group: the platform's lobby, play and info commands, plus Stella
Digger's own ``new`` (with Red Tears), ``rules``, ``stats`` and one command per kind of
decision, each with autocomplete of the legal choices (offered only to the player who owes the
decision). The commands and their words are as they were before there were other games."""

from __future__ import annotations

from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from cogs.info import InfoCommands, send_rules, send_stats, topic_choices
from cogs.lifecycle import LifeCommands
from cogs.lobby import LobbyCommands, open_lobby
from cogs.play import PlayCommands, decide, legal

from ..base import Presentation
from . import CRYSTALS, PRESENTATION


async def _topics(interaction: discord.Interaction[Any],
                  current: str) -> list[app_commands.Choice[str]]:
    return topic_choices(PRESENTATION, current)


@app_commands.guild_only()
class Stella(LobbyCommands, PlayCommands, InfoCommands, LifeCommands, commands.GroupCog,
             group_name="stella",
             group_description="Play Stella Digger"):
    present: ClassVar[Presentation | None] = PRESENTATION

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="new", description="Open a Stella Digger lobby in a new thread")
    @app_commands.describe(red_tears="Play with the Red Tears option (tears for cards lost to accidents and monsters)",
                           turn_hours="Time limit per decision, in hours (default 24)")
    async def new(self, interaction: discord.Interaction[Any], red_tears: bool = False,
                  turn_hours: app_commands.Range[float, 0.05, 336.0] | None = None) -> None:
        await open_lobby(interaction, PRESENTATION, {"red_tears": red_tears}, turn_hours)

    @app_commands.command(name="rules", description="A short rules reference")
    @app_commands.describe(topic="A rules topic (leave empty for the overview)")
    @app_commands.autocomplete(topic=_topics)
    async def rules(self, interaction: discord.Interaction[Any], topic: str | None = None) -> None:
        await send_rules(interaction, PRESENTATION, topic)

    @app_commands.command(name="stats", description="Games, wins and average score on this server")
    @app_commands.describe(member="Whose figures (default: yours)")
    async def stats(self, interaction: discord.Interaction[Any],
                    member: discord.Member | None = None) -> None:
        await send_stats(interaction, member, None)

    @app_commands.command(name="target", description="Choose the target tile (start player)")
    @app_commands.describe(square="The square of the target tile")
    @app_commands.autocomplete(square=legal("target"))
    async def target(self, interaction: discord.Interaction[Any], square: str) -> None:
        await decide(interaction, square, ("target",), PRESENTATION)

    @app_commands.command(name="draw", description="Draw a card from a deck")
    @app_commands.describe(deck="The deck to draw from")
    @app_commands.autocomplete(deck=legal("draw"))
    async def draw(self, interaction: discord.Interaction[Any], deck: str) -> None:
        await decide(interaction, deck, ("draw",), PRESENTATION)

    @app_commands.command(name="mine", description="Mine: play a card (with gadgets)")
    @app_commands.describe(play="The card to play, with gadgets")
    @app_commands.autocomplete(play=legal("mine"))
    async def mine(self, interaction: discord.Interaction[Any], play: str) -> None:
        await decide(interaction, play, ("mine",), PRESENTATION)

    @app_commands.command(name="refill", description="Refill your hand, discarding some cards first")
    @app_commands.describe(discard="Cards to discard first (leave empty to discard none)")
    @app_commands.autocomplete(discard=legal("refill"))
    async def refill(self, interaction: discord.Interaction[Any], discard: str | None = None) -> None:
        await decide(interaction, discard or "refill", ("refill",), PRESENTATION)

    @app_commands.command(name="buy", description="Buy gadgets, choosing the crystals to pay")
    @app_commands.describe(gadgets="The gadgets and the crystals to pay")
    @app_commands.autocomplete(gadgets=legal("buy"))
    async def buy(self, interaction: discord.Interaction[Any], gadgets: str) -> None:
        await decide(interaction, gadgets, ("buy",), PRESENTATION)

    @app_commands.command(name="drill", description="Install a Large Drill")
    @app_commands.describe(placement="The square, the direction and the crystals to pay")
    @app_commands.autocomplete(placement=legal("drill"))
    async def drill(self, interaction: discord.Interaction[Any], placement: str) -> None:
        await decide(interaction, placement, ("drill",), PRESENTATION)

    @app_commands.command(name="exchange", description="Exchange two crystals of one colour for one")
    @app_commands.describe(trade="Two of one colour for one of another")
    @app_commands.autocomplete(trade=legal("exchange"))
    async def exchange(self, interaction: discord.Interaction[Any], trade: str) -> None:
        await decide(interaction, trade, ("exchange",), PRESENTATION)

    @app_commands.command(name="pass", description="Pass this round")
    async def pass_(self, interaction: discord.Interaction[Any]) -> None:
        await decide(interaction, "pass", ("pass",), PRESENTATION)

    @app_commands.command(name="crystals", description="Choose crystals: to return, from gold, or to lose")
    @app_commands.describe(colours="The crystals' colours")
    @app_commands.autocomplete(colours=legal(*CRYSTALS))
    async def crystals(self, interaction: discord.Interaction[Any], colours: str) -> None:
        await decide(interaction, colours, CRYSTALS, PRESENTATION)

    @app_commands.command(name="lose", description="Choose the card an accident takes")
    @app_commands.describe(card="The card to lose")
    @app_commands.autocomplete(card=legal("lose"))
    async def lose(self, interaction: discord.Interaction[Any], card: str) -> None:
        await decide(interaction, card, ("lose",), PRESENTATION)

    @app_commands.command(name="capsule", description="Choose the Refining Capsule to use")
    @app_commands.describe(colour="The capsule's colour")
    @app_commands.autocomplete(colour=legal("capsule"))
    async def capsule(self, interaction: discord.Interaction[Any], colour: str) -> None:
        await decide(interaction, colour, ("capsule",), PRESENTATION)

    @app_commands.command(name="fight", description="Fight the monster with a play, or decline")
    @app_commands.describe(play="The card to fight with, or decline")
    @app_commands.autocomplete(play=legal("fight", "decline"))
    async def fight(self, interaction: discord.Interaction[Any], play: str) -> None:
        await decide(interaction, play, ("fight", "decline"), PRESENTATION)
