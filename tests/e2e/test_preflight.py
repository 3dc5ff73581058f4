"""``python bot.py --check`` as an operator runs it before (or beside) the bot: the settings, the
database (schema, pending migrations, who holds it), the login, and for every server and every
channel with games, which permissions the bot lacks and what for. Exit 0 when nothing would
stop a game, 2 with the list otherwise; it takes no lease, applies no migration and posts
nothing. The same check runs once at every start, into the log only."""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path
from typing import Any

from db import Database
from db.storage import lease

from .proc import REPO, BotProcess

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]

ATTACH_FILES = 1 << 15


async def run_check(world: Any, tmp_path: Path) -> tuple[int, str]:
    env = BotProcess(world.fake, world.db_path, world.guild.id, tmp_path / "x.log").env()
    proc = await asyncio.create_subprocess_exec(
        sys.executable, str(REPO / "bot.py"), "--check", cwd=str(REPO), env=env,
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT)
    out, _ = await asyncio.wait_for(proc.communicate(), 120)
    assert proc.returncode is not None
    return proc.returncode, out.decode()


def bot_role(world: Any) -> Any:
    return next(r for r in world.guild.roles.values() if r.name == "Bot")


def posts(world: Any, since: int) -> list[Any]:
    return [r for r in world.fake.requests[since:] if r.method in ("POST", "PATCH", "PUT")
            and "/interactions/" not in r.path and "/commands" not in r.path]


async def test_check_says_what_would_stop_a_game(world: Any, tmp_path: Path) -> None:
    fake = world.fake
    status, out = await run_check(world, tmp_path)  # a new database, every permission
    assert status == 0, out
    assert "Database: none yet" in out and "Nothing is missing." in out
    assert f"({world.guild.id}): 0 game(s)" in out

    bot = await BotProcess(fake, world.db_path, world.guild.id, tmp_path / "bot.log").start()
    try:
        h = await fake.send_slash_command(world.players[0], world.channel, "game new",
                                          {"game": "white-ranium"})
        assert "Lobby #" in (await h.reply(10)).content
    finally:
        await bot.stop()

    everyone = world.guild.roles[world.guild.id]
    for role in (bot_role(world), everyone):  # the bot may no longer attach pictures
        role.permissions &= ~ATTACH_FILES
    mark = len(fake.requests)
    status, out = await run_check(world, tmp_path)
    assert status == 2, out
    problem = next(line for line in out.splitlines() if "lacks" in line)
    assert re.search(rf"#{world.channel.name} \(1 game\): the bot lacks Attach Files "
                     r"\(to post the pictures of the board\)\.", problem), problem
    assert "Traceback" not in out
    assert posts(world, mark) == [], "the check posted something"
    db = await Database.open(world.db_path)
    try:
        assert await lease.holder(db) is None  # it took no lease
    finally:
        await db.close()

    # the same check, once at start, into the log only
    bot = await BotProcess(fake, world.db_path, world.guild.id, tmp_path / "bot2.log").start()
    try:
        await fake.wait_for(lambda: "preflight:" in bot.output(), 30, "the start's check")
    finally:
        await bot.stop()
    assert "lacks Attach Files" in bot.output()


async def test_check_names_pending_migrations_and_a_wrong_token(world: Any,
                                                                 tmp_path: Path) -> None:
    import sqlite3

    from db.storage.migrate import load_migrations, migrate

    conn = sqlite3.connect(world.db_path, isolation_level=None)
    migrate(conn, load_migrations()[:3])
    conn.close()
    status, out = await run_check(world, tmp_path)
    newest = len(load_migrations())
    assert status == 0, out
    assert f"Database: schema 3 of {newest} ({newest - 3} migration(s) pending" in out
    conn = sqlite3.connect(world.db_path)
    assert conn.execute("SELECT MAX(version) FROM schema_migrations").fetchone()[0] == 3
    conn.close()
    world.fake.bot_token = "another-token"  # the fake refuses ours
    status, out = await run_check(world, tmp_path)
    assert status == 2 and "Discord refused the bot token" in out, out
