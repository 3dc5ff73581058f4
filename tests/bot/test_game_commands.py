"""The /game group: any registered game from a list, within Discord's limits (100 global
commands, 25 subcommands per group, a description on every option); a game's own group refuses
a thread of another game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import games
from bot import RefereeBot
from cogs.game import GameGroup, parse_options
from referee.errors import Refusal
from referee.messages.outbox import MemoryOutbox
from referee.service import Referee
from referee.shared import cache as cached

from .conftest import ANN, BOB, CHANNEL, STRANGER, Clock, settings
from .fakes import FakeInteraction, FakeMember
from .test_cogs import run_command


def _options(payload: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for option in payload.get("options", []):
        out.append(option)
        out += _options(option)
    return out


async def test_game_group_within_discord_limits(db_path: Path, clock: Clock) -> None:
    client = RefereeBot(settings(database_path=db_path), outbox=MemoryOutbox(), clock=clock)
    await client.prepare()
    top = client.tree.get_commands()
    assert len(top) <= 100
    groups = {c.name: c for c in top}
    sub = {c.name for c in groups["game"].commands}  # type: ignore[attr-defined]
    assert {"new", "join", "leave", "start", "addbot", "do", "status", "hand", "log", "rules",
            "stats", "notify"} <= sub
    for group in groups.values():
        assert len(group.commands) <= 25  # type: ignore[attr-defined]
        payload = group.to_dict(client.tree)
        for option in _options(payload):
            assert option["description"] and option["description"] != "…", option["name"]
    choices = next(o for o in groups["game"].get_command("new").to_dict(client.tree)["options"]  # type: ignore[attr-defined]
                   if o["name"] == "game")["choices"]
    assert [c["value"] for c in choices] == list(games.names())
    await client.close()


def test_game_options_are_typed_by_the_game() -> None:
    assert parse_options("stella-digger", "red_tears=true") == {"red_tears": True}
    assert parse_options("stella-digger", None) == {}
    for bad in ("speed=3", "red_tears", "red_tears=maybe"):
        try:
            parse_options("stella-digger", bad)
        except Refusal as exc:
            assert "red_tears" in str(exc)
        else:
            raise AssertionError(bad)


async def test_a_game_through_the_game_group(referee: Referee) -> None:
    cog = GameGroup.__new__(GameGroup)
    ann, bob = FakeMember(ANN, "Ann"), FakeMember(BOB, "Bob")
    it = FakeInteraction(referee, ann, CHANNEL)
    text = await run_command(GameGroup.new, cog, it, game="stella-digger", options="red_tears=true",
                             turn_hours=None)
    assert "Lobby #1 is open" in text
    game = await cached.get_game(referee.ctx, 1)
    assert game.game_name == "stella-digger" and game.options["red_tears"] is True
    thread = game.thread_id
    assert "joined game #1" in await run_command(GameGroup.join, cog, FakeInteraction(referee, bob, thread))
    assert "has started" in await run_command(GameGroup.start, cog, FakeInteraction(referee, ann, thread))
    assert "Round 1" in await run_command(GameGroup.status, cog, FakeInteraction(referee, bob, thread))
    assert "R19" in await run_command(GameGroup.rules, cog, FakeInteraction(referee, bob, thread),
                                      game="stella-digger", topic="scoring")
    stats = await run_command(GameGroup.stats, cog, FakeInteraction(referee, bob, thread),
                              game="stella-digger", member=None)
    assert "(Stella Digger)" in stats
    stranger = FakeMember(STRANGER, "X")
    nothing = await run_command(GameGroup.status, cog, FakeInteraction(referee, stranger, 424242))
    assert "no game here" in nothing and "/game new" in nothing


async def test_notify_turns_the_turn_dm_on_and_off(referee: Referee) -> None:
    from db import settings as settings_db

    cog = GameGroup.__new__(GameGroup)
    ann = FakeMember(ANN, "Ann")
    shown = await run_command(GameGroup.notify, cog, FakeInteraction(referee, ann, CHANNEL),
                              turn_dm=None)
    assert "No \"your turn\" direct messages" in shown  # off until asked for
    on = await run_command(GameGroup.notify, cog, FakeInteraction(referee, ann, CHANNEL),
                           turn_dm="on")
    assert "short direct message" in on and await settings_db.turn_dm(referee.db, ANN)
    assert not await settings_db.turn_dm(referee.db, BOB)  # one member's setting
    assert "short direct message" in await run_command(
        GameGroup.notify, cog, FakeInteraction(referee, ann, CHANNEL), turn_dm=None)
    off = await run_command(GameGroup.notify, cog, FakeInteraction(referee, ann, CHANNEL),
                            turn_dm="off")
    assert "No \"your turn\"" in off and not await settings_db.turn_dm(referee.db, ANN)
