"""An upgrade from the oldest schema still supported (0001): a file written by it, with a running
game of each kind in it, opens with this code (every later migration applied in one go) and
every game loads and replays to its snapshot (``db.check``)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from db import Database
from db import games as games_db
from db.check import check
from db.storage.migrate import applied_version, load_migrations, migrate
from engine import game_module, get_game
from engine.core.rng import Rng, seed_state
from tests.db.test_backup import GAMES

T0 = 1_700_000_000


class _Seed:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def write_oldest(path: Path) -> int:
    """A file at schema version 1 holding a running game of every game, 12 decisions in."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        assert migrate(conn, load_migrations()[:1]) == 1
        for game_id, name in enumerate(GAMES, 1):
            engine, ai = get_game(name), game_module(name, "ai")
            players = ["111", "222"]
            state = engine.new_game(players, {}, game_id)
            initial = engine.dump(state)
            rng = Rng(_Seed(game_id))
            log = []
            for _ in range(12):
                player = engine.owed(state)[0].player
                before = state.version
                action = ai.random_decision(engine, state, player, rng)
                engine.apply(state, player, action)
                log.append((player, str(action), before, state.version))
            conn.execute(
                "INSERT INTO games (id, game_name, guild_id, channel_id, thread_id, host_id,"
                " options_json, status, version, deadline, created_at, started_at, updated_at)"
                " VALUES (?, ?, 1, 10, ?, 111, '{}', 'running', ?, ?, ?, ?, ?)",
                (game_id, name, 900 + game_id, state.version, T0 + 86400, T0, T0, T0))
            conn.execute("INSERT INTO game_states VALUES (?, ?, ?, ?)",
                         (game_id, str(game_id), initial, engine.dump(state)))
            for seat, user in enumerate(players):
                conn.execute(
                    "INSERT INTO seats (game_id, seat, player_id, user_id, display_name,"
                    " joined_at) VALUES (?, ?, ?, ?, ?, ?)",
                    (game_id, seat, user, int(user), f"user{user}", T0))
            for seq, (player, text, before, after) in enumerate(log, 1):
                conn.execute(
                    "INSERT INTO decisions (game_id, seq, player_id, text, prev_version,"
                    " version, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (game_id, seq, player, text, before, after, T0 + seq))
        return len(GAMES)
    finally:
        conn.close()


async def test_a_file_of_the_oldest_schema_upgrades_with_every_game_loadable(
        tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    count = write_oldest(path)
    newest = load_migrations()[-1].version
    report = await check(path)  # checked on a copy: the file itself stays at version 1
    assert report.ok and report.loaded == count and report.schema == newest, report.text()
    with sqlite3.connect(path) as conn:
        assert applied_version(conn) == 1
    db = await Database.open(path)  # the upgrade the bot makes at its start
    try:
        assert await db.schema_version() == newest
        running = await games_db.running_games(db)
        assert [g.game_id for g in running] == list(range(1, count + 1))
        for game_id, name in enumerate(GAMES, 1):
            engine = get_game(name)
            state = engine.load((await games_db.load_snapshot(db, game_id)).json)
            assert engine.owed(state), f"{name}: nobody owes a decision after the upgrade"
            assert len(await games_db.get_log(db, game_id)) == 12
    finally:
        await db.close()
