"""``python -m db backup`` and ``python -m db check``: a consistent copy of the live SQLite file
while games are being written, every game of it loadable; a damaged copy or a game whose log
does not replay to its snapshot is reported; scheduled copies rotate; a PostgreSQL dump made
with ``pg_dump`` restores with every game loadable."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from db import Database
from db import games as games_db
from db import lobby as lobby_db
from db.check import check
from db.storage.backup import backup, rotate, scheduled_name
from engine import game_module, get_game
from engine.core.rng import Rng, seed_state
from tests.db.pgserver import drop_schema, pg_status

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("stella-digger", "mining-colony", "white-ranium", "out-of-mine")


class _Seed:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


async def real_game(db: Database, name: str, seed: int, decisions: int) -> int:
    """A game of ``name`` started from the engine's own initial state, with ``decisions``
    random legal decisions committed one by one as the referee commits them."""
    engine, ai = get_game(name), game_module(name, "ai")
    game = await lobby_db.create_game(db, guild_id=1, channel_id=10, host_id=111, game_name=name,
                                thread_id=1000 + seed, options={})
    for user in (111, 222):
        await lobby_db.join_seat(db, game.id, user_id=user, display_name=f"user{user}")
    started = await games_db.get_game(db, game.id)
    players = [s.player_id for s in started.seats]
    state = engine.new_game(players, {}, seed)
    await lobby_db.start_game(db, game.id, initial_json=engine.dump(state), seed=seed)
    rng = Rng(_Seed(seed))
    for _ in range(decisions):
        owed = engine.owed(state)
        if not owed:
            break
        player = owed[0].player
        before = state.version
        action = ai.random_decision(engine, state, player, rng)
        engine.apply(state, player, action)
        await games_db.append_decision(db, game.id, before, player, str(action), engine.dump(state),
                                 state.version, deadline=None)
    return game.id


async def test_a_backup_of_the_live_database_has_every_game_loadable(tmp_path: Path) -> None:
    """The copy is made while another task keeps committing decisions to the same file: it is
    the database as of one commit, so every game in it replays to its snapshot."""
    live = tmp_path / "live.sqlite3"
    db = await Database.open(live)
    try:
        ids = [await real_game(db, name, seed, 20) for seed, name in enumerate(GAMES, 1)]
        writing = asyncio.create_task(real_game(db, "stella-digger", 99, 400))
        await asyncio.sleep(0)
        copies = []
        for i in range(3):  # while the writer commits
            copies.append(await asyncio.to_thread(backup, live, tmp_path / f"copy{i}.sqlite3"))
            await asyncio.sleep(0.01)
        await writing
    finally:
        await db.close()
    for info in copies:
        report = await check(info.path)
        assert report.ok, report.text()
        assert report.loaded >= len(ids) and report.games == info.games
    final = await asyncio.to_thread(backup, live, tmp_path / "final.sqlite3")
    report = await check(final.path)
    assert report.ok and report.loaded == len(ids) + 1, report.text()


async def test_check_names_a_game_whose_log_does_not_replay(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    db = await Database.open(path)
    try:
        good = await real_game(db, "white-ranium", 3, 15)
        bad = await real_game(db, "mining-colony", 4, 15)
    finally:
        await db.close()
    with sqlite3.connect(path) as conn:  # a decision rewritten behind the referee's back
        conn.execute("UPDATE decisions SET text = 'pass' WHERE game_id = ? AND seq = 1", (bad,))
    report = await check(path)
    assert not report.ok and report.loaded == 1
    assert len(report.problems) == 1 and report.problems[0].startswith(f"game #{bad} ")
    assert f"#{good}" not in report.text()


async def test_check_never_changes_the_file(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    db = await Database.open(path)
    try:
        await real_game(db, "out-of-mine", 5, 10)
    finally:
        await db.close()
    before = path.read_bytes()
    assert (await check(path)).ok
    assert path.read_bytes() == before


async def test_check_reports_a_damaged_file(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    db = await Database.open(path)
    try:
        await real_game(db, "stella-digger", 6, 30)
    finally:
        await db.close()
    data = bytearray(path.read_bytes())
    page = 4096
    data[page * 2: page * 2 + 512] = os.urandom(512)  # overwrite part of a b-tree page
    path.write_bytes(bytes(data))
    report = await check(path)
    assert not report.ok and report.problems, report.text()


def test_backup_refuses_to_overwrite_the_database_itself(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    sqlite3.connect(path).close()
    with pytest.raises(ValueError, match="another file"):
        backup(path, path)


def test_rotate_keeps_the_newest_scheduled_copies_only(tmp_path: Path) -> None:
    database = Path("stella.sqlite3")
    names = [scheduled_name(database, 1_700_000_000 + 3600 * i) for i in range(6)]
    for name in names:
        (tmp_path / name).write_bytes(b"x")
    (tmp_path / "notes.txt").write_text("mine")
    (tmp_path / "stella-manual.sqlite3").write_bytes(b"y")  # not a scheduled name
    removed = rotate(tmp_path, database, keep=2)
    assert sorted(p.name for p in removed) == sorted(names[:4])
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [*names[4:], "notes.txt", "stella-manual.sqlite3"])


async def test_the_commands_exit_codes(tmp_path: Path) -> None:
    live = tmp_path / "live.sqlite3"
    db = await Database.open(live)
    try:
        await real_game(db, "white-ranium", 8, 12)
    finally:
        await db.close()
    env = {**os.environ, "DATABASE_PATH": str(live)}
    run = [sys.executable, "-m", "db"]
    made = subprocess.run([*run, "backup", str(tmp_path / "b.sqlite3")], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert made.returncode == 0 and "1 game(s)" in made.stdout, made.stderr
    ok = subprocess.run([*run, "check", str(tmp_path / "b.sqlite3")], cwd=ROOT,
                        capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0 and "every game is loadable" in ok.stdout, ok.stdout + ok.stderr
    missing = subprocess.run([*run, "backup", str(tmp_path / "c.sqlite3"), "--database",
                              str(tmp_path / "none.sqlite3")], cwd=ROOT, capture_output=True,
                             text=True, timeout=120)
    assert missing.returncode == 1 and "No backup was made" in missing.stderr
    assert not (tmp_path / "c.sqlite3").exists()


def _psql(url: str, *args: str, stdin: str | None = None) -> str:
    done = subprocess.run(["psql", url, "-v", "ON_ERROR_STOP=1", "-Atq", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


async def test_a_pg_dump_restores_with_every_game_loadable(pg_url: str | None) -> None:
    """The README's PostgreSQL backup: ``pg_dump`` of the bot's database, restored into an
    empty one, opens with every game loadable. (Here the bot's database is a schema of the
    test server and the dump is restored under another schema name.)"""
    url = pg_url
    if url is None:
        pytest.skip(f"PostgreSQL tests skipped: {pg_status()}")
    from db.storage.postgres import PgBackend

    schema, restored = f"test_{uuid.uuid4().hex[:12]}", f"test_{uuid.uuid4().hex[:12]}"
    try:
        db = Database(await PgBackend.open(url, schema=schema, max_size=2))
        try:
            for seed, name in enumerate(GAMES, 1):
                await real_game(db, name, seed, 25)
        finally:
            await db.close()
        dump = subprocess.run(["pg_dump", "--no-owner", "--schema", schema, url],
                              capture_output=True, text=True, timeout=120)
        assert dump.returncode == 0, dump.stderr
        _psql(url, stdin=dump.stdout.replace(schema, restored))
        db = Database(await PgBackend.open(url, schema=restored, max_size=2))
        try:
            games = await games_db.list_games(db)
            assert len(games) == len(GAMES)
            from db.check import _replay

            for game in games:
                assert await _replay(db, game.id, game.game_name) is None
        finally:
            await db.close()
    finally:
        for name in (schema, restored):
            await drop_schema(url, name)
