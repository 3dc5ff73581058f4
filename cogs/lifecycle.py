"""Commands and buttons around a game's life, for every game: ``resign`` (with a confirmation
button) and ``takeback`` in every game group; the host's ``removebot``, ``options`` and
``cancel`` of a lobby in ``/game``; the Rematch, Resign and takeback buttons (``sd:..:life:..``).
"""

from __future__ import annotations

from typing import Any, ClassVar

import discord
from discord import app_commands

from cogs.discordpy.panels import build_view
from games import Presentation
from referee.messages import ids
from referee.messages.choices import Button, Panel
from texts import _

from .common import defer, display_name, parse_options, referee_of, reply
from .lobby import LANGUAGE_HELP, LANGUAGES, is_moderator


async def ai_seats(interaction: discord.Interaction[Any],
                   current: str) -> list[app_commands.Choice[str]]:
    """The AI seats of this thread's lobby."""
    try:
        ref = referee_of(interaction)
        game = await ref.info.find(interaction.channel_id)
    except Exception:
        return []
    out = [app_commands.Choice(name=f"{s.display_name} (seat {s.seat + 1})"[:100], value=s.player_id)
           for s in game.seats if s.is_ai]
    return [c for c in out if current.lower() in c.name.lower()][:25]


class LifeCommands:
    """In every game group: resign, takeback."""

    present: ClassVar[Presentation | None] = None

    @app_commands.command(name="resign", description="Resign from this thread's game (asks first)")
    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        ref = referee_of(interaction)
        game = await ref.info.find(interaction.channel_id, interaction.user.id, self.present)
        text = await ref.lifecycle.resign_preview(game.id, interaction.user.id)
        panel = Panel(buttons=(Button(_("Resign"), ids.life_id(game.id, "resign"), "danger"),))
        await reply(interaction, text, view=build_view(panel))

    @app_commands.command(name="takeback",
                          description="Ask the others to let you take back your last decision")
    async def takeback(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        ref = referee_of(interaction)
        game = await ref.info.find(interaction.channel_id, interaction.user.id, self.present)
        await reply(interaction, await ref.takebacks.request(game.id, interaction.user.id))


class LobbyHostCommands:
    """In ``/game`` (any game's lobby): the host removes an AI, changes the options, cancels."""

    present: ClassVar[Presentation | None] = None

    @app_commands.command(name="removebot", description="Take an AI seat out of this lobby (host)")
    @app_commands.describe(seat="The AI seat (default: the last one seated)")
    @app_commands.autocomplete(seat=ai_seats)
    async def removebot(self, interaction: discord.Interaction[Any], seat: str | None = None) -> None:
        await defer(interaction)
        ref = referee_of(interaction)
        game = await ref.info.find(interaction.channel_id, present=self.present)
        game = await ref.lobby.remove_bot(game.id, interaction.user.id, seat,
                                          moderator=await is_moderator(interaction))
        most = ref.ctx.engine(game).max_players
        await reply(interaction, _("The AI left ({seated}/{most}).").format(
            seated=len(game.seats), most=most))

    @app_commands.command(name="options",
                          description="Show or change this lobby's options (host)")
    @app_commands.describe(options="name=value words (the others keep their value)",
                           turn_hours="Time limit per decision, in hours",
                           language=LANGUAGE_HELP)
    @app_commands.choices(language=LANGUAGES)
    async def options(self, interaction: discord.Interaction[Any], options: str | None = None,
                      turn_hours: app_commands.Range[float, 0.05, 336.0] | None = None,
                      language: str | None = None) -> None:
        """Nothing named: the game's options as they are (anyone); else the host changes them."""
        await defer(interaction)
        ref = referee_of(interaction)
        game = await ref.info.find(interaction.channel_id, present=self.present)
        if options is None and turn_hours is None and language is None:
            await reply(interaction, _("Game #{game}'s options: {options}").format(
                game=game.id, options=ref.lobby.options_text(game)))
            return
        chosen = parse_options(game.game_name, options)
        await ref.lobby.set_options(game.id, interaction.user.id, chosen, turn_hours,
                                    moderator=await is_moderator(interaction), language=language)
        await reply(interaction, _("The lobby's options are changed."))

    @app_commands.command(name="cancel", description="Close this thread's lobby (host)")
    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        ref = referee_of(interaction)
        game = await ref.info.find(interaction.channel_id, present=self.present)
        if game.status != "lobby":
            await reply(interaction, _("Only a lobby can be cancelled; a started game ends by "
                                       "resigning (or a moderator's abort)."))
            return
        await ref.moderation.abort(game.id, interaction.user.id,
                                   moderator=await is_moderator(interaction))
        await reply(interaction, _("Lobby #{game} is closed.").format(game=game.id))


async def handle(interaction: discord.Interaction[Any], cid: ids.LifeId) -> None:
    """A click on a Resign confirmation, a Rematch or a takeback's Approve/Refuse."""
    await defer(interaction)
    ref = referee_of(interaction)
    user = interaction.user
    if cid.action == "resign":
        ended = await ref.lifecycle.resign(cid.game_id, user.id)
        await reply(interaction, _("You resigned. The game is over.") if ended
                    else _("You resigned."))
    elif cid.action == "rematch":
        new = await ref.ending.rematch(cid.game_id, user.id, display_name(user))
        await reply(interaction, _("Rematch lobby #{game} is open in {thread}: press **Start** "
                                   "there when everyone is ready.").format(
                                       game=new.id, thread=f"<#{new.thread_id}>"))
    else:
        done = await ref.takebacks.answer(cid.game_id, user.id, cid.arg, cid.action == "tb-yes",
                                          moderator=await is_moderator(interaction))
        await reply(interaction, done)
