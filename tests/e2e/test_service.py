"""``python bot.py`` run as a service would run it: JSON log lines (``LOG_FORMAT=json``) that
name the game and server they concern and never the token, even at DEBUG; a scheduled backup
(``BACKUP_EVERY_HOURS``) made at start, while games are played, that ``python -m db check``
finds whole."""

from __future__ import annotations

import asyncio
import json
import re
import sys
from pathlib import Path
from typing import Any

from db import Database
from db import games as games_db
from db.check import check

from .proc import REPO, BotProcess
from .white_ranium import WhiteRaniumTable, easy

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]

FIELDS = {"time", "level", "logger", "game", "guild", "message"}


async def test_json_logs_and_a_scheduled_backup(holding_world: Any, tmp_path: Path) -> None:
    world = holding_world
    log_path, backups = tmp_path / "bot.log", tmp_path / "copies"
    env = {"LOG_FORMAT": "json", "LOG_LEVEL": "DEBUG", "BACKUP_EVERY_HOURS": "24",
           "BACKUP_KEEP": "2", "BACKUP_DIR": str(backups)}
    db = await Database.open(world.db_path)
    proc = await BotProcess(world.fake, world.db_path, world.guild.id, log_path,
                            extra_env=env).start()
    try:
        table = WhiteRaniumTable(world, db, world.players[:1], bots=1, seed=3)
        await table.setup()
        played = []
        await table.play(easy, stop=lambda state: len(played) >= 6 or state.ended,
                         watch=lambda *args: _count(played))
        await world.fake.wait_for(lambda: "backed up" in proc.output(), 30, "the backup")
        # the operator's own copy, taken while the bot runs the game
        made = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "db", "backup", str(tmp_path / "manual.sqlite3"),
            "--database", str(world.db_path), cwd=str(REPO))
        assert await asyncio.wait_for(made.wait(), 60) == 0
    finally:
        await proc.stop()
        await db.close()

    lines = [line for line in proc.output().splitlines() if line.strip()]
    records = []
    for line in lines:
        record = json.loads(line)  # every line one JSON object: no text line, no traceback
        assert record.keys() >= FIELDS, record
        records.append(record)
    assert "fake-token" not in proc.output()
    about_the_game = [r for r in records if r["game"] == table.game_id]
    assert about_the_game, "no log line names the game being played"
    assert any(r["guild"] == int(world.guild.id) for r in records)
    assert any(r["message"].startswith("backed up") for r in records)
    copies = sorted(backups.glob("*.sqlite3"))
    assert len(copies) == 1  # made at start (none was recent), before the lobby opened
    assert (await check(copies[0])).ok
    report = await check(tmp_path / "manual.sqlite3")
    assert report.ok and report.loaded == 1, report.text()


async def _count(played: list[int]) -> None:
    played.append(1)


async def test_healthz_and_metrics_after_a_game(holding_world: Any, tmp_path: Path) -> None:
    """Twenty human decisions of a White Ranium game (beside an AI seat) with ``METRICS_PORT``
    set: the bot is healthy; ``/metrics`` counts every logged decision by game, kind and
    source, a reply time for every human decision, Discord's answers by route (no ids), and
    the running game."""
    import aiohttp
    from prometheus_client.parser import text_string_to_metric_families

    from tests.bot.test_metrics_server import free_port

    world = holding_world
    port = free_port()
    db = await Database.open(world.db_path)
    proc = await BotProcess(world.fake, world.db_path, world.guild.id, tmp_path / "bot.log",
                            extra_env={"METRICS_PORT": str(port)}).start()
    try:
        table = WhiteRaniumTable(world, db, world.players[:1], bots=1, seed=4)
        await table.setup()
        state = await table.play(easy, stop=lambda _state: len(table.decided) >= 20)
        assert not state.ended
        log = await games_db.get_log(db, table.game_id)
        async with aiohttp.ClientSession() as http:
            answers: list[tuple[int, str]] = []

            async def healthy() -> bool:  # a loop held lately (a loaded machine) says so a while
                async with http.get(f"http://127.0.0.1:{port}/healthz") as r:
                    answers.append((r.status, await r.text()))
                return answers[-1] == (200, "ok\n")

            for _ in range(60):
                if await healthy():
                    break
                await asyncio.sleep(1)
            assert answers[-1] == (200, "ok\n"), answers
            assert all(status == 200 or text.startswith("the event loop was held")
                       for status, text in answers), answers
            async with http.get(f"http://127.0.0.1:{port}/metrics") as r:
                assert r.status == 200
                body = await r.text()
    finally:
        await proc.stop()
        await db.close()
    samples = [s for family in text_string_to_metric_families(body) for s in family.samples]
    decisions = {(s.labels["kind"], s.labels["source"]): s.value for s in samples
                 if s.name == "referee_decisions_total" and s.labels["game"] == "white-ranium"}
    assert sum(decisions.values()) == len(log)
    assert sum(v for (_k, source), v in decisions.items() if source == "player") == len(
        table.decided)
    replies = next(s.value for s in samples if s.name == "referee_reply_seconds_count")
    assert replies >= len(table.decided)
    routes = {s.labels["route"] for s in samples if s.name == "referee_discord_requests_total"}
    assert "/channels/{id}/messages" in routes
    assert not [r for r in routes if re.search(r"\d{5}", r)], routes  # no snowflake id
    running = next(s.value for s in samples if s.name == "referee_running_games")
    assert running == 1
