"""Decisions: /stella do (the notation) and one command per kind of decision, each with
autocomplete of the legal choices (offered only to the player who owes the decision)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from .common import defer, referee_of, reply

Complete = Callable[[discord.Interaction[Any], str], Awaitable[list[app_commands.Choice[str]]]]
CRYSTALS = ("return", "gold", "lose-crystals")


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


async def decide(interaction: discord.Interaction[Any], text: str, verbs: tuple[str, ...] = ()) -> None:
    await defer(interaction)
    ref = referee_of(interaction)
    game = await ref.info.find(interaction.channel_id, interaction.user.id)
    text = await ref.sessions.normalise(game.id, text, verbs)
    done = await ref.sessions.decide(game.id, interaction.user.id, text)
    await reply(interaction, f"✅ Done: `{done}`")


class PlayCommands:
    @app_commands.command(name="do", description="Make your decision in the notation, e.g. 'mine blue-4'")
    @app_commands.describe(action="A decision in the notation (see /stella rules notation)")
    @app_commands.autocomplete(action=legal())
    async def do(self, interaction: discord.Interaction[Any], action: str) -> None:
        await decide(interaction, action)

    @app_commands.command(name="target", description="Choose the target tile (start player)")
    @app_commands.autocomplete(square=legal("target"))
    async def target(self, interaction: discord.Interaction[Any], square: str) -> None:
        await decide(interaction, square, ("target",))

    @app_commands.command(name="draw", description="Draw a card from a deck")
    @app_commands.autocomplete(deck=legal("draw"))
    async def draw(self, interaction: discord.Interaction[Any], deck: str) -> None:
        await decide(interaction, deck, ("draw",))

    @app_commands.command(name="mine", description="Mine: play a card (with gadgets)")
    @app_commands.autocomplete(play=legal("mine"))
    async def mine(self, interaction: discord.Interaction[Any], play: str) -> None:
        await decide(interaction, play, ("mine",))

    @app_commands.command(name="refill", description="Refill your hand, discarding some cards first")
    @app_commands.describe(discard="Cards to discard first (leave empty to discard none)")
    @app_commands.autocomplete(discard=legal("refill"))
    async def refill(self, interaction: discord.Interaction[Any], discard: str | None = None) -> None:
        await decide(interaction, discard or "refill", ("refill",))

    @app_commands.command(name="buy", description="Buy gadgets, choosing the crystals to pay")
    @app_commands.autocomplete(gadgets=legal("buy"))
    async def buy(self, interaction: discord.Interaction[Any], gadgets: str) -> None:
        await decide(interaction, gadgets, ("buy",))

    @app_commands.command(name="drill", description="Install a Large Drill")
    @app_commands.autocomplete(placement=legal("drill"))
    async def drill(self, interaction: discord.Interaction[Any], placement: str) -> None:
        await decide(interaction, placement, ("drill",))

    @app_commands.command(name="exchange", description="Exchange two crystals of one colour for one")
    @app_commands.autocomplete(trade=legal("exchange"))
    async def exchange(self, interaction: discord.Interaction[Any], trade: str) -> None:
        await decide(interaction, trade, ("exchange",))

    @app_commands.command(name="pass", description="Pass this round")
    async def pass_(self, interaction: discord.Interaction[Any]) -> None:
        await decide(interaction, "pass", ("pass",))

    @app_commands.command(name="crystals", description="Choose crystals: to return, from gold, or to lose")
    @app_commands.autocomplete(colours=legal(*CRYSTALS))
    async def crystals(self, interaction: discord.Interaction[Any], colours: str) -> None:
        await decide(interaction, colours, CRYSTALS)

    @app_commands.command(name="lose", description="Choose the card an accident takes")
    @app_commands.autocomplete(card=legal("lose"))
    async def lose(self, interaction: discord.Interaction[Any], card: str) -> None:
        await decide(interaction, card, ("lose",))

    @app_commands.command(name="capsule", description="Choose the Refining Capsule to use")
    @app_commands.autocomplete(colour=legal("capsule"))
    async def capsule(self, interaction: discord.Interaction[Any], colour: str) -> None:
        await decide(interaction, colour, ("capsule",))

    @app_commands.command(name="fight", description="Fight the monster with a play, or decline")
    @app_commands.autocomplete(play=legal("fight", "decline"))
    async def fight(self, interaction: discord.Interaction[Any], play: str) -> None:
        await decide(interaction, play, ("fight", "decline"))
