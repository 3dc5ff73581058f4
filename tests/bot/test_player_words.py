"""Plain words (issue 12): every command option says what it is for, and no text a player
reads carries a rule number (R13) or the code's own words."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from discord import app_commands

import games
from bot import RefereeBot
from referee.messages import texts
from referee.messages.outbox import MemoryOutbox

from .conftest import Clock, settings

REPO = Path(__file__).resolve().parents[2]
RULE = re.compile(r"\bR\d+\b")
INTERNAL = re.compile(r"\b(player_id|user_id|ToAct|snapshot_json|custom_id|None|True|False)\b")


def options(commands: Any, path: str = "") -> Iterator[tuple[str, str, str]]:
    for command in commands:
        if isinstance(command, app_commands.Group):
            yield from options(command.commands, f"{path}{command.name} ")
        else:
            for p in command.parameters:
                yield f"/{path}{command.name}", p.name, p.description


async def test_every_command_option_has_a_description(db_path: Path, clock: Clock) -> None:
    client = RefereeBot(settings(database_path=db_path), outbox=MemoryOutbox(), clock=clock)
    await client.prepare()
    found = list(options(client.tree.get_commands()))
    assert len(found) > 20
    bare = [(cmd, name) for cmd, name, text in found if not text or text == "…"]
    await client.close()
    assert bare == [], bare


def player_strings(path: Path) -> Iterator[tuple[int, str]]:
    """The string constants of a module that are not docstrings or patterns (``re.compile``):
    the texts it can send."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = getattr(node, "body", [])
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docs.add(id(body[0].value))
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "compile"):  # a pattern read, not a text sent
            docs |= {id(c) for arg in node.args for c in ast.walk(arg) if isinstance(c, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.lineno, node.value


def test_no_rule_number_in_the_bots_text_templates() -> None:
    """Every message template of the bot layers (the referee, the commands, each game's
    presentation): rule numbers stay in the code's comments and the rules documents."""
    found = []
    for folder in ("referee", "cogs", "games"):
        for path in sorted((REPO / folder).rglob("*.py")):
            if path.name == "rules.py" or path.name == "imports.py":
                continue  # the rules reference is numbered; an import names its file's fields
            for line, text in player_strings(path):
                if RULE.search(text) or (" " in text and INTERNAL.search(text)):
                    found.append(f"{path.relative_to(REPO)}:{line}: {text[:70]!r}")
    assert found == [], "\n".join(found)


def test_rule_numbers_from_the_engines_are_taken_out_of_what_players_read() -> None:
    assert texts.plain("A refresh costs 1 credit; you have none (R6).") == \
        "A refresh costs 1 credit; you have none."
    assert texts.plain("It holds one crystal, one worker and one ship (R11, R13).") == \
        "It holds one crystal, one worker and one ship."
    assert texts.plain("one at once, R6) and more") == "one at once) and more"
    assert texts.plain("Ann mines C3 (R2D2 is a name)") == "Ann mines C3 (R2D2 is a name)"


async def test_no_rule_number_in_a_whole_game_of_each_game(referee: Any) -> None:
    """Everything the thread and the DMs got in a game of every registered game (the engines'
    lines and prompts included) reads without rule numbers."""
    import games

    out: MemoryOutbox = referee.ctx.out
    for name in games.names():
        g = referee.ctx.engine(name)
        game = await referee.lobby.open(guild_id=1, channel_id=10, host_id=101, host_name="Ann",
                                        game_name=name)
        await referee.lobby.join(game.id, 102, "Bob")
        await referee.lobby.start(game.id, 101, seed=3)
        await referee.idle()
        for _ in range(300):
            table = await referee.sessions.table(game.id)
            if table.game.status != "running":
                break
            o = g.owed(table.state)[0]
            seat = table.game.seat_of_player(o.player)
            await referee.sessions.decide(game.id, seat.user_id,
                                          str(g.default(table.state, o.player)))
            await referee.idle()
    read = [p.text for p in out.sent] + [p.text for _, p in out.edited]
    read += [p.text for posts in out.dms.values() for p in posts]
    bad = sorted({m.group(0) + ": " + t[:80] for t in read for m in [RULE.search(t)] if m})
    assert len(read) > 50 and bad == [], bad


#: a slash command named in a text: ``/group`` or ``/group sub`` (not a path, a URL or "and/or")
NAMED_COMMAND = re.compile(r"(?<![\w/.:<>\]])/([a-z][a-z-]*)(?: ([a-z_]+))?")


def commands_named(text: str) -> Iterator[tuple[str, str | None]]:
    for match in NAMED_COMMAND.finditer(text):
        yield match.group(1), match.group(2)


def unknown_commands(tree: dict[str, Any], texts_: Iterator[tuple[str, str]]) -> list[str]:
    """The ``/...`` commands named in ``texts_`` (where, text) that ``tree`` (the registered
    top-level commands by name) lacks: an unknown group, or an unknown command of a group
    (a word after the group that is no command of it must be a plain word: "/game to play")."""
    missing = []
    for where, text in texts_:
        for group, sub in commands_named(text):
            command = tree.get(group)
            if command is None:
                missing.append(f"{where}: /{group} in {text[:70]!r}")
            elif isinstance(command, app_commands.Group) and sub is not None and \
                    command.get_command(sub) is None and f"/{group} {sub}" in text and \
                    f"`/{group} {sub}" in text:
                missing.append(f"{where}: /{group} {sub} in {text[:70]!r}")
    return missing


#: groups kept under an old name for the servers that use it: no text names them
OLD_NAMES = {"stella-admin"}
#: modules whose ``/...`` strings are HTTP paths, not commands
HTTP = {"referee/process/metrics.py", "referee/process/metrics_server.py"}


def bot_texts() -> Iterator[tuple[str, str]]:
    for folder in ("referee", "cogs", "games"):
        for path in sorted((REPO / folder).rglob("*.py")):
            if str(path.relative_to(REPO)) in HTTP:
                continue
            for line, text in player_strings(path):
                yield f"{path.relative_to(REPO)}:{line}", text
    for present in games.all_games():  # the rules topics, as `/game rules` sends them
        for key, text in present.topics().items():
            yield f"rules {present.name} {key}", text


async def test_every_command_a_text_names_exists(db_path: Path, clock: Clock) -> None:
    """Every ``/...`` command named in the texts of the referee, the commands and each game's
    presentation is registered (a renamed group or command leaves no text behind)."""
    client = RefereeBot(settings(database_path=db_path), outbox=MemoryOutbox(), clock=clock)
    await client.prepare()
    tree = {c.name: c for c in client.tree.get_commands()}
    await client.close()
    texts_ = list(bot_texts())
    named = [(where, g, s) for where, text in texts_ for g, s in commands_named(text)]
    assert len(named) > 10, named  # the texts do name commands
    assert unknown_commands(tree, iter(texts_)) == []
    # the moderators' group is named by its name, not by the alias kept for old servers
    assert [w for w, g, _ in named if g in OLD_NAMES] == []
    # a made-up command is caught, as a group or as a group's command
    assert unknown_commands(tree, iter([("t", "use /made-up-admin move"),
                                        ("t", "use `/game-admin frobnicate`")])) == [
        "t: /made-up-admin in 'use /made-up-admin move'",
        "t: /game-admin frobnicate in 'use `/game-admin frobnicate`'"]
