"""Proof that the fake Discord (tests/fakediscord) drives a real, unmodified discord.py bot:
slash commands with options and autocomplete, persistent views, ephemeral replies, uploads,
threads, DMs (and the 50007 failure), 429 retries, modals, selects, RESUME and a bot restart."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.fakediscord import FakeDiscord, running_bot

if TYPE_CHECKING:
    from tests.fakediscord.fixtures import ErrorLogGuard

pytest_plugins = ["tests.fakediscord.fixtures"]

GAMES = ["stella-digger", "stella-miner", "岩の宝探し"]
BOARD_PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4


class LobbyView(discord.ui.View):
    """Persistent: survives a restart because the bot re-adds it in setup_hook."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Join", style=discord.ButtonStyle.primary, custom_id="lobby:join")
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_message(f"{interaction.user.display_name} joined", ephemeral=True)

    @discord.ui.button(label="Close", style=discord.ButtonStyle.danger, custom_id="lobby:close")
    async def close(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        if not interaction.permissions.manage_guild:
            await interaction.response.send_message("Manage Server is needed", ephemeral=True)
            return
        for item in self.children:
            item.disabled = True  # type: ignore[attr-defined]
        await interaction.response.edit_message(content="Lobby closed", view=self)


class NameModal(discord.ui.Modal, title="Your name"):
    name: discord.ui.TextInput = discord.ui.TextInput(label="Name", custom_id="name", max_length=20)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Hello {self.name.value}")


class ColorView(discord.ui.View):
    @discord.ui.select(custom_id="color", options=[discord.SelectOption(label=c) for c in ("red", "blue")])
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.defer()  # deferred update, then edit the message through the webhook
        await interaction.edit_original_response(content=f"You picked {select.values[0]}", view=None)


def make_bot() -> commands.Bot:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.05)
    admin = app_commands.Group(name="admin", description="Server admin commands")
    bot.seen = []  # type: ignore[attr-defined]

    @bot.tree.command(description="Open a lobby")
    @app_commands.describe(game="Which game")
    async def lobby(interaction: discord.Interaction, game: str) -> None:
        await interaction.response.send_message(f"Lobby for {game}", view=LobbyView())

    @lobby.autocomplete("game")
    async def lobby_game(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=g, value=g) for g in GAMES if current.lower() in g]

    @bot.tree.command(description="Show your secret card")
    async def secret(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Your card: 7", ephemeral=True)

    @bot.tree.command(description="Post the board in a new thread")
    async def board(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("Board", file=discord.File(io.BytesIO(BOARD_PNG), "board.png"))
        # a follow-up's WebhookMessage has no guild; the (now filled) original response has
        thread = await (await interaction.original_response()).create_thread(name="Game 1")
        await thread.send("Game starts")
        assert isinstance(interaction.channel, discord.TextChannel)
        private = await interaction.channel.create_thread(name="hand of " + interaction.user.display_name)
        await private.add_user(interaction.user)
        await private.send("Your hand: 3, 5")

    @bot.tree.command(description="DM a member")
    async def poke(interaction: discord.Interaction, member: discord.Member) -> None:
        try:
            await member.send(f"{interaction.user.display_name} poked you")
            text = "sent"
        except discord.Forbidden as exc:
            text = f"cannot DM {member.display_name} ({exc.code})"
        await interaction.response.send_message(text, ephemeral=True)

    @bot.tree.command(description="Announce something")
    async def announce(interaction: discord.Interaction, text: str) -> None:
        await interaction.response.defer(ephemeral=True)
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.channel.send(text)
        await interaction.edit_original_response(content="announced")

    @bot.tree.command(description="Tell me your name")
    async def rename(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NameModal())

    @bot.tree.command(description="Pick a color")
    async def color(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Pick one", view=ColorView())

    @bot.tree.command(description="Count down with follow-ups, edits and fetches")
    async def countdown(interaction: discord.Interaction) -> None:
        assert interaction.guild is not None and isinstance(interaction.channel, discord.TextChannel)
        await interaction.response.send_message("3")
        two = await interaction.followup.send("2", wait=True)
        one = await interaction.followup.send("1", wait=True, ephemeral=True)
        await two.edit(content="2!")
        await one.delete()
        await (await interaction.original_response()).edit(content="3!")
        fetched = await interaction.channel.fetch_message(interaction.channel.last_message_id or 0)
        member = await interaction.guild.fetch_member(interaction.user.id)
        channel = await bot.fetch_channel(interaction.channel.id)
        history = [m.content async for m in interaction.channel.history(limit=10)]
        posted = await interaction.channel.send("go")
        await posted.edit(content="go!")
        await posted.add_reaction("👍")
        await interaction.followup.send(f"{fetched.content}|{member.display_name}|{channel}|{','.join(history)}")

    @bot.listen()
    async def on_message(message: discord.Message) -> None:
        if not message.author.bot:
            bot.seen.append(message.content)  # type: ignore[attr-defined]

    @bot.tree.command(description="Always fails")
    async def broken(interaction: discord.Interaction) -> None:
        raise RuntimeError("boom")

    @admin.command(description="Reset the server's games")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def reset(interaction: discord.Interaction, confirm: bool) -> None:
        await interaction.response.send_message(f"reset (confirm={confirm})")

    @reset.error
    async def reset_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await interaction.response.send_message("Manage Server is needed", ephemeral=True)

    bot.tree.add_command(admin)

    async def setup_hook() -> None:
        bot.add_view(LobbyView())
        await bot.tree.sync()

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


@pytest.fixture
def world(fake_discord: FakeDiscord):
    fake = fake_discord
    guild = fake.add_guild("ステラ")
    mod = guild.add_role("Mod", "manage_guild")
    return {
        "fake": fake,
        "guild": guild,
        "games": guild.add_text_channel("games"),
        "iwata": guild.add_member(fake.add_user("iwata", global_name="岩田"), roles=[mod]).user,
        "bob": fake.add_member(guild, "bob").user,
    }


async def test_slash_command_autocomplete_and_persistent_buttons(world):
    fake, games, iwata, bob = world["fake"], world["games"], world["iwata"], world["bob"]
    async with running_bot(make_bot()):
        assert {c["name"] for c in fake.registered_commands()} >= {"lobby", "secret", "admin"}
        choices = await fake.autocomplete(bob, games, "lobby", focused="game", value="STELLA")
        assert [c["value"] for c in choices] == ["stella-digger", "stella-miner"]

        handle = await fake.send_slash_command(bob, games, "lobby", {"game": choices[0]["value"]})
        lobby = await handle.reply()
        assert handle.latency is not None and handle.latency < 1.0
        assert lobby.content == "Lobby for stella-digger" and not lobby.ephemeral
        assert [b["custom_id"] for b in lobby.buttons] == ["lobby:join", "lobby:close"]
        assert games.public_messages == [lobby]

        join = await (await fake.click_button(iwata, lobby, "lobby:join")).reply()
        assert join.ephemeral and join.content == "岩田 joined" and join.visible_to == iwata.id

        refused = await (await fake.click_button(bob, lobby, "lobby:close")).reply()
        assert refused.ephemeral and "Manage Server" in refused.content

        closed = await fake.click_button(iwata, lobby, "lobby:close")
        assert await closed.reply() is lobby and closed.callback_type == 7
        assert lobby.content == "Lobby closed" and all(b["disabled"] for b in lobby.buttons)
        assert lobby.history[0]["content"] == "Lobby for stella-digger"
        with pytest.raises(AssertionError, match="disabled"):
            await fake.click_button(bob, lobby, "lobby:join")


async def test_ephemeral_reply_and_permission_checks(world):
    fake, games, iwata, bob = world["fake"], world["games"], world["iwata"], world["bob"]
    async with running_bot(make_bot()):
        secret = await fake.send_slash_command(bob, games, "/secret")
        assert (await secret.reply()).content == "Your card: 7" and secret.ephemeral
        assert secret.reply_latency == secret.latency  # the answer was the callback
        assert games.public_messages == [] and "Your card: 7" not in fake.public_texts()

        ok = await fake.send_slash_command(iwata, games, "admin reset", {"confirm": True})
        assert (await ok.reply()).content == "reset (confirm=True)"
        denied = await fake.send_slash_command(bob, games, "admin reset", {"confirm": False})
        assert (await denied.reply()).content == "Manage Server is needed" and denied.ephemeral

        with pytest.raises(LookupError, match="never synced"):
            await fake.send_slash_command(bob, games, "nope")
        with pytest.raises(LookupError, match="needs option"):
            await fake.send_slash_command(bob, games, "admin reset")


async def test_file_upload_and_threads(world):
    fake, games, bob = world["fake"], world["games"], world["bob"]
    async with running_bot(make_bot()) as bot:
        handle = await fake.send_slash_command(bob, games, "board")
        board = await handle.reply()  # the deferred "thinking" message filled by the first follow-up
        assert handle.deferred and board.content == "Board"
        assert handle.reply_latency is not None and handle.latency is not None
        assert handle.reply_latency > handle.latency  # "thinking..." first, filled in later
        assert [(a.filename, a.data, a.content_type) for a in board.attachments] == [
            ("board.png", BOARD_PNG, "image/png")]
        await fake.wait_for(lambda: len(fake.threads(games)) == 2 and fake.threads(games)[1].messages)
        public, private = fake.threads(games)
        assert public.id == board.id and board.thread_id == public.id and public.type == 11
        assert [m.content for m in public.messages] == ["Game starts"]
        assert private.type == 12 and bob.id in private.member_ids
        assert [m.content for m in private.messages] == ["Your hand: 3, 5"]
        hand = "Your hand: 3, 5"
        assert hand in fake.texts_of(fake.messages_seen_by(bob))
        assert hand not in fake.texts_of(fake.messages_seen_by(world["iwata"]))
        assert hand not in fake.public_texts() and "Board" in fake.public_texts()
        assert bot.get_channel(int(private.id)) is not None  # THREAD_CREATE reached the bot
        upload = next(r for r in fake.requests_matching("POST", "/webhooks/*/*") if r.files)
        assert upload.files[0].data == BOARD_PNG and upload.json["content"] == "Board"


async def test_dm_success_and_50007(world):
    fake, games, iwata, bob = world["fake"], world["games"], world["iwata"], world["bob"]
    async with running_bot(make_bot()):
        sent = await fake.send_slash_command(iwata, games, "poke", {"member": bob})
        assert (await sent.reply()).content == "sent"
        assert [m.content for m in fake.dms(bob)] == ["岩田 poked you"]

        fake.block_dms(iwata)
        refused = await fake.send_slash_command(bob, games, "poke", {"member": iwata})
        assert (await refused.reply()).content == "cannot DM 岩田 (50007)"
        assert fake.dms(iwata) == []
        assert fake.requests[-2].status == 403 and fake.requests[-2].response["code"] == 50007


async def test_rate_limit_is_retried_by_discord_py(world, error_log_guard: ErrorLogGuard):
    fake, games, bob = world["fake"], world["games"], world["bob"]
    async with running_bot(make_bot()):
        fault = fake.rate_limit("POST", "/channels/{channel_id}/messages", retry_after=0.1)
        handle = await fake.send_slash_command(bob, games, "announce", {"text": "Game night!"})
        await fake.wait_for(lambda: handle.original and handle.original.content == "announced")
        assert fault.hits == 1 and fault.remaining == 0
        posts = fake.requests_matching("POST", f"/channels/{games.id}/messages")
        assert [p.status for p in posts] == [429, 200]
        assert posts[1].monotonic - posts[0].monotonic >= 0.1
        assert [m.content for m in games.public_messages] == ["Game night!"]
    assert not error_log_guard.records


async def test_restart_keeps_state_and_old_buttons_work(world, start_bot):
    fake, games, iwata, bob = world["fake"], world["games"], world["iwata"], world["bob"]
    first = await start_bot(make_bot())
    lobby = await (await fake.send_slash_command(bob, games, "lobby", {"game": "stella-digger"})).reply()
    await first.stop()
    assert not fake.bot_connected
    second = await start_bot(make_bot())  # a new instance; stopped by the fixture
    assert second.client.get_channel(int(games.id)) is not None
    join = await fake.click_button(iwata, lobby.id, "lobby:join")
    assert (await join.reply()).content == "岩田 joined"
    identifies = [e for e in fake.gateway.log if e["event"] == "identify"]
    assert len(identifies) == 2


async def test_gateway_reconnect_resumes_session(world):
    fake, games, bob = world["fake"], world["games"], world["bob"]
    async with running_bot(make_bot()):
        await fake.request_reconnect()
        handle = await fake.send_slash_command(bob, games, "secret")
        assert (await handle.reply()).content == "Your card: 7"
    events = [e["event"] for e in fake.gateway.log]
    assert events.count("identify") == 1 and events.count("resume") == 1


async def test_followups_edits_fetches_dm_commands_and_user_messages(world):
    fake, games, iwata, bob = world["fake"], world["games"], world["iwata"], world["bob"]
    async with running_bot(make_bot()) as bot:
        handle = await fake.send_slash_command(iwata, games, "countdown")
        await handle.wait_followups(3)
        two, one, summary = handle.followups
        assert (handle.original.content, two.content, two.history[0]["content"]) == ("3!", "2!", "2")
        assert one.ephemeral and one.deleted and not summary.ephemeral
        assert summary.content == "2!|岩田|games|2!,3!"
        go = games.public_messages[-2]
        assert (go.content, go.reactions, go.webhook_id) == ("go!", ["👍"], None)

        in_dm = await fake.send_slash_command(bob, fake.dm_channel(bob), "secret")
        assert (await in_dm.reply()).channel_id == fake.dm_channel(bob).id

        await fake.send_message(bob, games, "hello")
        await fake.send_message(bob, games, f"{fake.bot_user.mention} hello")
        await fake.wait_for(lambda: len(bot.seen) == 2)
        assert bot.seen == ["", f"{fake.bot_user.mention} hello"]  # no message content intent


async def test_modal_and_select(world):
    fake, games, bob = world["fake"], world["games"], world["bob"]
    async with running_bot(make_bot()):
        opened = await (await fake.send_slash_command(bob, games, "rename")).response()
        assert opened.modal is not None and opened.modal["title"] == "Your name"
        submitted = await opened.submit_modal({"name": "ボブ"})
        assert (await submitted.reply()).content == "Hello ボブ"

        menu = await (await fake.send_slash_command(bob, games, "color")).reply()
        with pytest.raises(AssertionError, match="no option"):
            await fake.choose_select(bob, menu, "color", ["green"])
        picked = await fake.choose_select(bob, menu, "color", ["blue"])
        await picked.response()
        assert picked.callback_type == 6  # deferred update: the reply is the edit that follows
        await fake.wait_for(lambda: menu.content == "You picked blue")
        assert picked.reply_latency is not None and picked.latency is not None
        assert picked.reply_latency > picked.latency
        assert menu.components == []


async def test_handler_errors_are_caught_by_the_guard(world, error_log_guard: ErrorLogGuard):
    fake, games, bob = world["fake"], world["games"], world["bob"]
    async with running_bot(make_bot()):
        await fake.send_slash_command(bob, games, "broken")
        await fake.wait_for(lambda: error_log_guard.records, what="an ERROR record")
    assert "boom" in error_log_guard.report()
    error_log_guard.clear()


async def test_http_surface_without_a_bot(fake_discord: FakeDiscord):
    fake = fake_discord
    guild = fake.add_guild()
    chan = guild.add_text_channel("general")
    url = f"{fake.api_base}/channels/{chan.id}/messages"
    async with aiohttp.ClientSession() as http:
        async with http.get(fake.api_base + "/nothing/here") as resp:
            assert resp.status == 404 and resp.headers["Content-Type"] == "application/json"
        assert [r.path for r in fake.unknown_requests] == ["/nothing/here"]

        fake.server_error("POST", "/channels/*/messages")
        async with http.post(url, json={"content": "x"}) as resp:
            assert resp.status == 500
        fake.rate_limit(None, "/channels/**", retry_after=0.25, is_global=True)
        async with http.post(url, json={"content": "x"}) as resp:
            body = await resp.json()
            assert resp.status == 429 and resp.headers["Via"] and resp.headers["X-RateLimit-Global"] == "true"
            assert body["retry_after"] == 0.25 and body["global"] is True
        async with http.post(url, json={"content": "あ" * 2001}) as resp:
            assert resp.status == 400 and (await resp.json())["code"] == 50035
        async with http.post(url, json={}) as resp:
            assert (await resp.json())["code"] == 50006
        async with http.post(url, json={"content": "ok"}) as resp:
            assert resp.status == 200 and (await resp.json())["content"] == "ok"
    assert [m.content for m in chan.messages] == ["ok"]
    fake.require_synced_commands = False
    with pytest.raises(RuntimeError, match="no bot"):
        await fake.send_slash_command(fake.add_member(guild, "carol").user, chan, "x")


async def test_multipart_bodies_are_read_as_aiohttp_writes_them():
    """The fake cuts form bodies itself (records.py): names, quoted file names with quotes and
    non-ASCII, content types and bytes that contain CRLF and dashes all come back as sent."""
    from tests.fakediscord.records import _params, _parts

    form = aiohttp.FormData(quote_fields=False)  # as discord.py builds uploads
    form.add_field("payload_json", '{"content": "Board"}', content_type="application/json")
    tricky = b"\r\n--\r\n\r\n" + BOARD_PNG
    form.add_field("files[0]", io.BytesIO(tricky), filename='map "3" é.png',
                   content_type="application/octet-stream")
    form.add_field("files[1]", io.BytesIO(b""), filename="empty.png", content_type="image/png")
    writer = form()
    chunks: list[bytes] = []

    class Sink:
        async def write(self, data: bytes) -> None:
            chunks.append(bytes(data))

    await writer.write(Sink())  # type: ignore[arg-type]
    boundary = _params(writer.headers["Content-Type"])["boundary"]
    parts = [(_params(h["content-disposition"]), h["content-type"], data)
             for h, data in _parts(b"".join(chunks), boundary)]
    assert parts == [
        ({"name": "payload_json"}, "application/json", b'{"content": "Board"}'),
        ({"name": "files[0]", "filename": 'map "3" é.png'}, "application/octet-stream", tricky),
        ({"name": "files[1]", "filename": "empty.png"}, "image/png", b""),
    ]


async def test_a_client_gone_mid_request_is_no_error_of_the_fake(fake_discord, error_log_guard: ErrorLogGuard):
    """A bot SIGKILLed while it sends a body (tests/e2e's random kills): the request never
    reached Discord; the fake records nothing and logs no error."""
    import asyncio

    fake = fake_discord
    before = len(fake.requests)
    reader, writer = await asyncio.open_connection(fake.host, fake.port)
    writer.write(b"POST /api/v10/channels/1/messages HTTP/1.1\r\nHost: x\r\n"
                 b"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"content\": ")
    await writer.drain()
    await asyncio.sleep(0.1)
    writer.close()
    await asyncio.sleep(0.2)
    assert len(fake.requests) == before
    assert not error_log_guard.records
