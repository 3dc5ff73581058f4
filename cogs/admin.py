"""/game-admin: moderators (Manage Server, or the role set by /game-admin config), for every
game. The host of a lobby may abort it too. ``/stella-admin``, the group's name before the
platform was named for all its games, stays beside it with the same commands (``OldAdmin``), so
the servers and the messages that use it keep working."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from db import Game, GameStatus
from db import games as games_db
from referee.desks.moderation import IMPORT_MAX_BYTES, NOT_A_MODERATOR
from referee.errors import NotAllowed, Refusal, UnknownGame
from texts import N_, _, ngettext, number

from .common import defer, display_name, referee_of, reply
from .lobby import is_moderator


async def active_games(interaction: discord.Interaction[Any],
                       current: str) -> list[app_commands.Choice[int]]:
    try:
        ref = referee_of(interaction)
        found = [g for status in (GameStatus.RUNNING, GameStatus.LOBBY)
                 for g in await games_db.list_games(ref.db, status=status, guild_id=interaction.guild_id, limit=25)]
    except Exception:
        return []
    out = [app_commands.Choice(name=f"#{g.id} ({g.status})", value=g.id) for g in found]
    return [c for c in out if current.strip() in c.name][:25]


async def seats(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
    try:
        ref = referee_of(interaction)
        game_id = getattr(interaction.namespace, "game", None)
        game = (await ref.sessions.get_game(int(game_id)) if game_id
                else await ref.info.find(interaction.channel_id))
        if game.guild_id != interaction.guild_id:
            return []
    except Exception:
        return []
    out = []
    for s in game.seats:
        extra = ", AI" if s.is_ai else (", absent" if s.absent else "")
        out.append(app_commands.Choice(name=f"{s.display_name} (seat {s.seat + 1}{extra})"[:100],
                                       value=s.player_id))
    return [c for c in out if current.lower() in c.name.lower()][:25]


GAME_HELP = N_("The game's number (default: this thread's game)")  # a slash text (cogs.translator)


# Moderator command groups are hidden from members without Manage Server (a server can grant
# them to a moderator role in Server Settings > Integrations); each command checks again.
@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class Admin(commands.GroupCog, group_name="game-admin",
            group_description=N_("Moderate the bot's games (any game)")):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    async def _game(self, interaction: discord.Interaction[Any], game_id: int | None) -> Game:
        ref = referee_of(interaction)
        game = (await ref.sessions.get_game(game_id) if game_id is not None
                else await ref.info.find(interaction.channel_id))
        if game.guild_id != interaction.guild_id:
            raise UnknownGame(_("There is no game #{game} on this server.").format(game=game.id))
        return game

    async def _require(self, interaction: discord.Interaction[Any]) -> None:
        if not await is_moderator(interaction):
            raise NotAllowed(_(NOT_A_MODERATOR))

    @app_commands.command(name="abort", description="Abort a lobby or a running game")
    @app_commands.describe(game=GAME_HELP)
    @app_commands.autocomplete(game=active_games)
    async def abort(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        await defer(interaction)
        found = await self._game(interaction, game)
        await referee_of(interaction).moderation.abort(
            found.id, interaction.user.id, moderator=await is_moderator(interaction))
        await reply(interaction, _("Game #{game} is aborted.").format(game=found.id))

    @app_commands.command(name="skip", description="Apply the default decision for whoever is stuck")
    @app_commands.describe(game=GAME_HELP,
                           seat="Which of several players owing at once (default: the first)")
    @app_commands.autocomplete(game=active_games, seat=seats)
    async def skip(self, interaction: discord.Interaction[Any], game: int | None = None,
                   seat: str | None = None) -> None:
        await defer(interaction)
        await self._require(interaction)
        found = await self._game(interaction, game)
        done = await referee_of(interaction).moderation.skip(found.id, interaction.user.id, seat)
        await reply(interaction, _("Skipped: {decision} was applied.").format(decision=f"`{done}`"))

    @app_commands.command(name="undo", description="Undo the last decision (replayed from the log)")
    @app_commands.describe(game=GAME_HELP)
    @app_commands.autocomplete(game=active_games)
    async def undo(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        await defer(interaction)
        await self._require(interaction)
        found = await self._game(interaction, game)
        undone, warning = await referee_of(interaction).moderation.undo_report(
            found.id, interaction.user.id)
        await reply(interaction, _("Undone: {decisions}").format(decisions="; ".join(undone))
                    + (f"\n{warning}" if warning else ""))

    @app_commands.command(name="pause", description="Pause a game: nobody plays, no time runs")
    @app_commands.describe(game=GAME_HELP)
    @app_commands.autocomplete(game=active_games)
    async def pause(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        await defer(interaction)
        await self._require(interaction)
        found = await self._game(interaction, game)
        await referee_of(interaction).lifecycle.pause(found.id, interaction.user.id)
        await reply(interaction, _("Game #{game} is paused; `/game-admin resume` goes on.").format(
            game=found.id))

    @app_commands.command(name="resume", description="Resume a paused game (each keeps their time)")
    @app_commands.describe(game=GAME_HELP)
    @app_commands.autocomplete(game=active_games)
    async def resume(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        await defer(interaction)
        await self._require(interaction)
        found = await self._game(interaction, game)
        await referee_of(interaction).lifecycle.resume(found.id, interaction.user.id)
        await reply(interaction, _("Game #{game} goes on.").format(game=found.id))

    @app_commands.command(name="extend", description="Give a player more time for their decision")
    @app_commands.describe(hours="How many more hours", seat="Whose deadline (default: the first "
                           "player owing a decision)", game=GAME_HELP)
    @app_commands.autocomplete(game=active_games, seat=seats)
    async def extend(self, interaction: discord.Interaction[Any],
                     hours: app_commands.Range[float, 0.05, 336.0], seat: str | None = None,
                     game: int | None = None) -> None:
        await defer(interaction)
        await self._require(interaction)
        found = await self._game(interaction, game)
        await referee_of(interaction).lifecycle.extend(found.id, interaction.user.id, hours, seat)
        await reply(interaction, ngettext("Done: {hours} more hour.", "Done: {hours} more hours.",
                                          int(hours) if float(hours).is_integer() else 2)
                    .format(hours=number(hours)))

    @app_commands.command(name="replace", description="Hand a seat to another member or to an AI")
    @app_commands.describe(seat="The seat to hand over", member="The member who takes it",
                           ai="Or an AI level to play it", game=GAME_HELP)
    @app_commands.autocomplete(seat=seats, game=active_games)
    async def replace(self, interaction: discord.Interaction[Any], seat: str,
                      member: discord.Member | None = None,
                      ai: Literal["easy", "strong", "random"] | None = None,
                      game: int | None = None) -> None:
        await defer(interaction)
        await self._require(interaction)
        found = await self._game(interaction, game)
        if member is not None and member.bot:
            raise Refusal(_("A bot account can't take a seat; choose an AI level instead."))
        await referee_of(interaction).moderation.replace(
            found.id, seat, interaction.user.id, user_id=member.id if member else None,
            name=display_name(member) if member else None, level=ai)
        await reply(interaction, _("The seat has a new player."))

    @app_commands.command(name="move", description="Move a running game to a new thread in this channel")
    @app_commands.describe(game="The game to move (its old thread may be gone)")
    @app_commands.autocomplete(game=active_games)
    async def move(self, interaction: discord.Interaction[Any], game: int) -> None:
        await defer(interaction)
        await self._require(interaction)
        if isinstance(interaction.channel, discord.Thread) or interaction.channel_id is None:
            raise Refusal(_("Use /game-admin move in a server's text channel: the game gets a "
                            "new thread there."))
        found = await self._game(interaction, game)
        moved = await referee_of(interaction).moderation.move(found.id, interaction.channel_id,
                                                              interaction.user.id)
        await reply(interaction, _("Game #{game} goes on in {thread}.").format(
            game=moved.id, thread=f"<#{moved.thread_id}>"))

    @app_commands.command(name="export", description="Download a game's state and log as JSON")
    @app_commands.describe(game=GAME_HELP)
    @app_commands.autocomplete(game=active_games)
    async def export(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        await defer(interaction)
        await self._require(interaction)
        found = await self._game(interaction, game)
        file = await referee_of(interaction).moderation.export(found.id,
                                                                 by_user=interaction.user.id)
        await reply(interaction, _("Game #{game} (keep it private: it holds the game's secrets).").format(
                        game=found.id),
                    files=[file])

    @app_commands.command(name="import", description="Import an exported game into a new thread here")
    @app_commands.describe(file="A game export (JSON) made by /game-admin export")
    async def import_(self, interaction: discord.Interaction[Any], file: discord.Attachment) -> None:
        await defer(interaction)
        await self._require(interaction)
        if isinstance(interaction.channel, discord.Thread) or interaction.guild_id is None:
            raise Refusal(_("Import in a server's text channel: the game gets its own thread."))
        if file.size > IMPORT_MAX_BYTES:
            raise Refusal(_("That file is too large to be a game export (limit 5 MB)."))
        data = await file.read()
        assert interaction.channel_id is not None
        game = await referee_of(interaction).moderation.import_game(
            data, guild_id=interaction.guild_id, channel_id=interaction.channel_id,
            by_user=interaction.user.id)
        await reply(interaction, _("Imported as game #{game} in {thread}.").format(
            game=game.id, thread=f"<#{game.thread_id}>"))

    @app_commands.command(name="list", description="Lobbies and running games on this server")
    async def list_(self, interaction: discord.Interaction[Any]) -> None:
        await defer(interaction)
        await self._require(interaction)
        assert interaction.guild_id is not None
        await reply(interaction, await referee_of(interaction).moderation.listing(interaction.guild_id))

    @app_commands.command(name="config", description="Set (or clear) the role whose members moderate games")
    @app_commands.describe(role="The moderator role (leave empty to clear it)")
    async def config(self, interaction: discord.Interaction[Any], role: discord.Role | None = None) -> None:
        await defer(interaction)
        manage = bool(getattr(getattr(interaction.user, "guild_permissions", None), "manage_guild", False))
        if not manage:
            raise NotAllowed(_("Only members with the Manage Server permission can set the "
                               "moderator role."))
        assert interaction.guild_id is not None
        await referee_of(interaction).moderation.set_role(interaction.guild_id, role.id if role else None)
        await reply(interaction, _("Moderator role: {role}.").format(
            role=role.mention if role else _("none (Manage Server only)")))


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class OldAdmin(Admin, group_name="stella-admin",
               group_description=N_("Moderate the bot's games (any game)")):
    """``/game-admin`` under its old name."""
