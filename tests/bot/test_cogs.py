"""The Discord glue: commands registered, handlers answer within the interaction, errors
become ephemeral explanations, components route to the referee."""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

import discord
import pytest
import yarl
from discord import app_commands

import bot as bot_module
import games
from bot import RefereeBot
from cogs import components
from cogs.admin import Admin
from cogs.common import DECISION_STANDS, SOMETHING_WRONG, RefereeTree, report_error
from cogs.discordpy.panels import GameComponent, build_view
from cogs.own_group import own_group
from cogs.play import complete_words, legal
from db import games as games_db
from engine import NotYourTurn
from referee.messages import ids
from referee.messages.outbox import MemoryOutbox
from referee.service import Referee
from referee.shared import cache as cached

from .conftest import (
    ANN,
    BOB,
    CHANNEL,
    GUILD,
    MOD,
    STRANGER,
    Clock,
    owed,
    settings,
    thread_posts,
    two_players,
)
from .fakes import FakeInteraction, FakeMember

Stella = own_group(games.get("stella-digger"))  # the /stella group

ann, bob = FakeMember(ANN, "Ann"), FakeMember(BOB, "Bob")


async def test_commands_are_registered(db_path: Path, clock: Clock) -> None:
    client = RefereeBot(settings(database_path=db_path), outbox=MemoryOutbox(), clock=clock)
    await client.prepare()
    groups = {c.name: c for c in client.tree.get_commands()}
    assert set(groups) == {"stella", "game", "game-admin", "stella-admin"}
    stella = {c.name for c in groups["stella"].commands}  # type: ignore[attr-defined]
    assert {"new", "join", "leave", "start", "addbot", "do", "status", "log", "rules", "hand",
            "stats", "target", "draw", "mine", "refill", "buy", "drill", "exchange", "pass",
            "crystals", "lose", "capsule", "fight", "resign", "takeback"} == stella
    game = {c.name for c in groups["game"].commands}  # type: ignore[attr-defined]
    assert {"resign", "takeback", "removebot", "options", "cancel"} <= game
    for name in ("game-admin", "stella-admin"):  # /stella-admin: /game-admin's old name
        admin = {c.name for c in groups[name].commands}  # type: ignore[attr-defined]
        assert admin == {"abort", "skip", "replace", "undo", "export", "import", "list",
                         "config", "move", "pause", "resume", "extend"}
    for group in groups.values():
        assert len(group.commands) <= 25  # type: ignore[attr-defined]
        group.to_dict(client.tree)  # a valid payload for Discord
    await client.close()


async def test_moderator_groups_are_hidden_from_members_without_manage_server(
        db_path: Path, clock: Clock) -> None:
    """Every command group of moderators (any game's: named ``*-admin``) carries Manage
    Server as its default permissions, so Discord shows it only to those members (a server
    may grant it to a role); the players' groups stay visible to everyone."""
    client = RefereeBot(settings(database_path=db_path), outbox=MemoryOutbox(), clock=clock)
    await client.prepare()
    payloads = {c.name: c.to_dict(client.tree) for c in client.tree.get_commands()}
    moderators = [name for name in payloads if name.endswith("-admin")]
    assert moderators == ["game-admin", "stella-admin"]
    manage = discord.Permissions(manage_guild=True).value
    for name, payload in payloads.items():
        expected = manage if name in moderators else None
        assert payload.get("default_member_permissions") == expected, name
    await client.close()


async def test_the_error_handler(referee: Referee, caplog: pytest.LogCaptureFixture) -> None:
    it = FakeInteraction(referee, ann, CHANNEL)
    await report_error(it, NotYourTurn("It's not your turn: Bob must draw."))
    assert it.replies() == [("It's not your turn: Bob must draw.", it.replies()[0][1])]
    assert it.replies()[0][1]["ephemeral"] is True

    it = FakeInteraction(referee, ann, CHANNEL)
    await it.response.defer(ephemeral=True, thinking=True)
    with caplog.at_level(logging.ERROR):
        await report_error(it, ZeroDivisionError("secret detail"))
    assert it.last_text() == SOMETHING_WRONG and it.replies()[0][1]["ephemeral"] is True
    assert "secret detail" not in it.last_text() and "Traceback" not in it.last_text()
    assert "ZeroDivisionError" in caplog.text

    command = Stella.status  # any command, to wrap an error the way the tree does
    it = FakeInteraction(referee, ann, CHANNEL)
    await report_error(it, app_commands.CommandInvokeError(command, NotYourTurn("Wait.")))
    assert it.last_text() == "Wait."


async def run_command(command: Any, cog: Any, it: FakeInteraction, **kwargs: Any) -> str:
    """Call a command's callback like the tree does, errors through the one handler."""
    try:
        await RefereeTree.interaction_check(None, it)  # type: ignore[arg-type]  # as the tree does
        await command.callback(cog, it, **kwargs)
    except Exception as exc:
        await report_error(it, exc)
    assert it.response.is_done(), "every interaction is answered or deferred"
    return it.last_text()


async def test_a_game_through_the_commands(referee: Referee) -> None:
    cog = Stella.__new__(Stella)  # the callbacks use only the interaction
    it = FakeInteraction(referee, ann, CHANNEL)
    text = await run_command(Stella.new, cog, it, red_tears=False, turn_hours=None)
    # answered at once (cogs.common.QUICK_S), privately as the deferral would have been
    assert it.response.calls[0][0] == "send" and it.response.calls[0][2]["ephemeral"]
    assert "Lobby #1 is open" in text
    game = await cached.get_game(referee.ctx, 1)
    thread = game.thread_id
    assert "joined game #1" in await run_command(Stella.join, cog, FakeInteraction(referee, bob, thread))
    assert "already" in await run_command(Stella.join, cog, FakeInteraction(referee, bob, thread))
    assert "Only the host" in await run_command(Stella.start, cog, FakeInteraction(referee, bob, thread))
    assert "has started" in await run_command(Stella.start, cog, FakeInteraction(referee, ann, thread))
    user, _, _ = await owed(referee, game.id)
    me, other = (ann, bob) if user == ANN else (bob, ann)
    assert "not your turn" in await run_command(Stella.target, cog, FakeInteraction(referee, other, thread), square="B1")
    refused = await run_command(Stella.target, cog, FakeInteraction(referee, me, thread), square="G7")
    assert "G7" in refused and "Done" not in refused
    assert await run_command(Stella.target, cog, FakeInteraction(referee, me, thread), square="B1") == "✅ Done: `target B1`"
    assert "Decisions 1–1 of 1" in await run_command(Stella.log, cog, FakeInteraction(referee, other, thread), count=20)
    status = FakeInteraction(referee, other, thread)
    assert "Round 1" in await run_command(Stella.status, cog, status)
    assert status.replies()[-1][1]["files"]  # the map
    assert "Your hand" in await run_command(Stella.hand, cog, FakeInteraction(referee, me, thread))
    assert "not playing" in await run_command(Stella.hand, cog, FakeInteraction(referee, FakeMember(STRANGER, "X"), thread))
    assert "no Stella Digger game here" in await run_command(Stella.status, cog, FakeInteraction(referee, FakeMember(STRANGER, "X"), 424242))
    assert "R19" in await run_command(Stella.rules, cog, FakeInteraction(referee, me, thread), topic="scoring")
    assert "I don't know the decision" in await run_command(Stella.do, cog, FakeInteraction(referee, me, thread), action="dig deeper")


async def test_new_is_refused_inside_a_thread(referee: Referee) -> None:
    it = FakeInteraction(referee, ann, CHANNEL)
    it.channel = discord.Thread.__new__(discord.Thread)
    assert "text channel" in await run_command(Stella.new, Stella.__new__(Stella), it,
                                               red_tears=False, turn_hours=None)


async def test_admin_commands_need_a_moderator(referee: Referee) -> None:
    game = await two_players(referee)
    cog = Admin.__new__(Admin)
    text = await run_command(Admin.skip, cog, FakeInteraction(referee, ann, game.thread_id), game=None)
    assert "Manage Server" in text
    mod = FakeMember(MOD, "Mod", manage=True)
    text = await run_command(Admin.skip, cog, FakeInteraction(referee, mod, game.thread_id), game=None)
    assert text.startswith("Skipped:")
    it = FakeInteraction(referee, mod, game.thread_id)
    await run_command(Admin.export, cog, it, game=game.id)
    assert it.replies()[-1][1]["files"][0].filename == f"stella-game-{game.id}.json"
    await referee.moderation.set_role(1, 77)
    helper = FakeMember(MOD + 1, "Helper", roles=(77,))
    assert "#1" in await run_command(Admin.list_, cog, FakeInteraction(referee, helper, CHANNEL))
    assert "no game #99" in await run_command(Admin.undo, cog, FakeInteraction(referee, mod, CHANNEL), game=99)


async def test_components(referee: Referee) -> None:
    game = await two_players(referee)
    it = FakeInteraction(referee, ann, game.thread_id)
    await components.handle(it, "sd:1:1:zzzzzz:do:pass", [])
    assert "malformed" in it.last_text() and it.replies()[-1][1]["ephemeral"]

    prompt = thread_posts(referee.ctx.out, game)[-1]  # type: ignore[arg-type]
    user, _, _ = await owed(referee, game.id)
    me = ann if user == ANN else bob
    button = prompt.panel.buttons[1]  # type: ignore[union-attr]
    stranger = FakeInteraction(referee, FakeMember(STRANGER, "X"), game.thread_id)
    await components.handle(stranger, button.custom_id, [])
    assert "not playing" in stranger.last_text()
    it = FakeInteraction(referee, me, game.thread_id)
    await components.handle(it, button.custom_id, [])
    assert it.last_text() == "✅ Done: Target B1."  # the button's words, not the notation
    again = FakeInteraction(referee, me, game.thread_id)
    await components.handle(again, button.custom_id, [])
    assert "out of date" in again.last_text()

    # a verb button opens a private select; picking in it decides
    await referee.idle()
    user, _, table = await owed(referee, game.id)
    me = ann if user == ANN else bob
    verb = ids.turn_id(game.id, table.version, table.tag, "verb", "draw")
    it = FakeInteraction(referee, me, game.thread_id)
    await components.handle(it, verb, [])
    content, kwargs = it.replies()[-1]
    assert kwargs["ephemeral"] and isinstance(kwargs["view"], discord.ui.View)
    # sent stopped: discord.py keeps no view of ours (a 15-minute task each for a private one);
    # the click is found by the custom id's template (GameComponent), as the pick below is
    assert kwargs["view"].is_finished()
    select = kwargs["view"].children[0]
    assert isinstance(select, GameComponent)
    values = [o.value for o in select.item.options]
    pick = FakeInteraction(referee, me, game.thread_id)
    await components.handle(pick, select.custom_id, [values[0]])
    done = pick.updates()[-1]
    assert re.fullmatch(r"✅ Done: Deck 1 \(\w+ on top, \d+ left\)\.", done["content"])  # words
    assert done["view"] is None
    assert (await games_db.get_log(referee.db, game.id))[-1].text == "draw 1"


async def test_lobby_buttons(referee: Referee) -> None:
    game = await referee.lobby.open(guild_id=1, channel_id=CHANNEL, host_id=ANN, host_name="Ann")
    it = FakeInteraction(referee, bob, game.thread_id)
    await components.handle(it, ids.lobby_id(game.id, "join"), [])
    assert "Players (2/4)" in it.updates()[-1]["content"] and it.followup.sent[-1][1]["ephemeral"]
    it = FakeInteraction(referee, bob, game.thread_id)
    await components.handle(it, ids.lobby_id(game.id, "start"), [])
    assert "Only the host" in it.last_text()
    it = FakeInteraction(referee, ann, game.thread_id)
    await components.handle(it, ids.lobby_id(game.id, "start"), [])
    assert it.updates()[-1]["view"] is None and "(running)" in it.updates()[-1]["content"]


async def test_autocomplete_shows_choices_to_the_owing_player_only(referee: Referee) -> None:
    game = await two_players(referee)
    user, _, _ = await owed(referee, game.id)
    me, other = (ann, bob) if user == ANN else (bob, ann)
    complete = legal("target")
    mine = await complete(FakeInteraction(referee, me, game.thread_id), "")
    assert [c.value for c in mine] == ["target A2", "target B1"]
    assert await complete(FakeInteraction(referee, other, game.thread_id), "") == []
    # outside the thread: the player's only running game
    assert await complete(FakeInteraction(referee, me, 5555), "b1") == [mine[1]]


async def test_do_autocompletes_the_verbs_in_words_then_the_notation(referee: Referee) -> None:
    """``/game do``: the legal verbs named in the game's words, the value the notation; the
    verb's next words after it (issue 28)."""
    game = await two_players(referee)
    user, _, table = await owed(referee, game.id)
    me = ann if user == ANN else bob
    it = FakeInteraction(referee, me, game.thread_id)
    verbs = await complete_words(it, "")
    present = referee.ctx.present(table.game)
    assert [(c.name, c.value) for c in verbs] == [(present.label("target"), "target")]
    assert [c.value for c in await complete_words(it, "target ")] == ["target A2", "target B1"]
    assert [c.value for c in await complete_words(it, "targ")] == ["target"]
    assert [c.value for c in await complete_words(it, "target")] == ["target A2", "target B1"]


def test_build_view_uses_dynamic_items() -> None:
    import asyncio

    async def make() -> discord.ui.View:
        from referee.desks.lobby import lobby_panel

        return build_view(lobby_panel(3))

    view = asyncio.run(make())
    assert all(isinstance(item, GameComponent) for item in view.children)
    assert [item.custom_id for item in view.children] == ["sd:3:lobby:join", "sd:3:lobby:leave",
                                                          "sd:3:lobby:start"]


def test_point_at_a_local_server(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY",
                        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
    bot_module.point_at(settings(discord_api_base="http://127.0.0.1:8123/api/v10/",
                                 discord_gateway_url="ws://127.0.0.1:8123/gateway"))
    assert discord.http.Route.BASE == "http://127.0.0.1:8123/api/v10"
    assert yarl.URL("ws://127.0.0.1:8123/gateway") == discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY


def test_no_token_explains_and_exits(monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "")
    assert bot_module.main() == 2
    err = capsys.readouterr().err
    assert "discord.com/developers" in err and "DISCORD_TOKEN=" in err and ".env" in err
    assert "applications.commands" in err


async def test_clicks_and_commands_from_another_server_are_refused(referee: Referee) -> None:
    """A message in server B carrying game A's custom ids: a B member can't join, a B
    moderator can't start it, nobody in B can decide in A's game (issue 10)."""
    game = await referee.lobby.open(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN, host_name="Ann")
    other_thread = 77_777

    def from_b(member: FakeMember) -> FakeInteraction:
        it = FakeInteraction(referee, member, other_thread)
        it.guild_id = GUILD + 1
        return it

    it = from_b(bob)
    await components.handle(it, ids.lobby_id(game.id, "join"), [])
    assert f"no game #{game.id} on this server" in it.last_text()
    boss = FakeMember(MOD, "Boss", manage=True)
    it = from_b(boss)
    await components.handle(it, ids.lobby_id(game.id, "start"), [])
    assert f"no game #{game.id} on this server" in it.last_text()
    assert [s.user_id for s in (await cached.get_game(referee.ctx, game.id)).seats] == [ANN]
    await referee.lobby.join(game.id, BOB, "Bob")
    await referee.lobby.start(game.id, ANN, seed=5)
    await referee.idle()
    user, _, table = await owed(referee, game.id)
    me = ann if user == ANN else bob
    for custom_id in (ids.turn_id(game.id, table.version, table.tag, "do", "target B1"),
                      ids.turn_id(game.id, table.version, table.tag, "verb", "target")):
        it = from_b(me)
        await components.handle(it, custom_id, [])
        assert f"no game #{game.id} on this server" in it.last_text()
    assert await games_db.get_log(referee.db, game.id) == []
    # the same click from the game's own server works
    it = FakeInteraction(referee, me, game.thread_id)
    await components.handle(it, ids.turn_id(game.id, table.version, table.tag, "do", "target B1"), [])
    assert it.last_text() == "✅ Done: Target B1."  # the button's words, not the notation


async def test_a_failure_after_the_commit_says_the_decision_stands(referee: Referee,
                                                                   monkeypatch: Any) -> None:
    # issue 25: "nothing was changed" was shown after a decision that had been applied (the
    # after-picture failed in _pick); any failure after the commit, in every path that commits
    from cogs.game import GameGroup

    async def broken(*_args: Any) -> None:
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(referee.sessions, "after_picture", broken)
    game = await two_players(referee)
    decided = 0

    async def me() -> FakeMember:
        await referee.idle()
        user, _, _ = await owed(referee, game.id)
        return ann if user == ANN else bob

    # a button
    prompt = thread_posts(referee.ctx.out, game)[-1]  # type: ignore[arg-type]
    it = FakeInteraction(referee, await me(), game.thread_id)
    await components.handle(it, prompt.panel.buttons[1].custom_id, [])  # type: ignore[union-attr]
    decided += 1
    assert it.last_text() == DECISION_STANDS
    # a private select's pick
    user = await me()
    _, _, table = await owed(referee, game.id)
    it = FakeInteraction(referee, user, game.thread_id)
    await components.handle(it, ids.turn_id(game.id, table.version, table.tag, "verb", "draw"), [])
    select = it.replies()[-1][1]["view"].children[0]
    pick = FakeInteraction(referee, user, game.thread_id)
    await components.handle(pick, select.custom_id, [select.item.options[0].value])
    decided += 1
    assert pick.last_text() == DECISION_STANDS
    # /game do
    user = await me()
    _, _, table = await owed(referee, game.id)
    cog = GameGroup.__new__(GameGroup)
    action = str(referee.ctx.game.default(table.state))
    text = await run_command(GameGroup.do, cog, FakeInteraction(referee, user, game.thread_id),
                             action=action)
    decided += 1
    assert text == DECISION_STANDS
    # /game confirm of a draft
    user = await me()
    _, _, table = await owed(referee, game.id)
    await referee.sessions.draft(game.id, user.id, str(referee.ctx.game.default(table.state)))
    text = await run_command(GameGroup.confirm, cog, FakeInteraction(referee, user, game.thread_id))
    decided += 1
    assert text == DECISION_STANDS
    assert len(await games_db.get_log(referee.db, game.id)) >= decided  # each one was committed
    # a failure before any commit still says nothing changed
    monkeypatch.setattr(referee.sessions, "decide", broken)
    user = await me()
    text = await run_command(GameGroup.do, cog, FakeInteraction(referee, user, game.thread_id),
                             action="pass")
    assert text == SOMETHING_WRONG
