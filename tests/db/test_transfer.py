from __future__ import annotations

import copy
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from db import Database, GameStatus, ImportRejected, PlayerResult
from db import games as games_db
from db import lobby as lobby_db
from db import moderation as moderation_db
from db import stats as stats_db
from db import transfer as transfer_db
from tests.db.conftest import T0, decide, running_game


def table_counts(path: Path) -> dict[str, int]:
    with sqlite3.connect(path) as raw:
        names = [r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {n: raw.execute(f"SELECT COUNT(*) FROM {n}").fetchone()[0] for n in names}


def comparable(doc: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    out["game"].pop("id")
    out.pop("exported_at")
    return out


async def test_round_trip_running_game(db: Database) -> None:
    game = await running_game(db, ai=1)
    await decide(db, game, 4)
    await moderation_db.replace_seat(db, game.id, "222", user_id=555, display_name="Eve", reason="swap")
    doc = await transfer_db.export_game(db, game.id, now=T0)
    assert json.loads(json.dumps(doc)) == doc  # plain JSON
    assert doc["format"] == "stella-bot/game-export" and len(doc["log"]) == 4
    assert doc["snapshot"]["version"] == 4 and doc["seed"] == 42

    # Same thread while the original is active: refused, unless moved to another thread.
    with pytest.raises(ImportRejected, match="thread 900"):
        await transfer_db.import_game(db, doc)
    # The same game (initial state and log) twice in one guild: refused.
    with pytest.raises(ImportRejected, match="already stored on this server as game #1"):
        await transfer_db.import_game(db, json.dumps(doc), thread_id=901, by_user_id=1)
    new_id = await transfer_db.import_game(db, json.dumps(doc), guild_id=2, thread_id=901, by_user_id=1)
    assert new_id != game.id
    again = await transfer_db.export_game(db, new_id, now=T0)
    expected = comparable(doc)
    expected["game"]["thread_id"] = 901
    expected["game"]["guild_id"] = 2
    assert comparable(again) == expected
    assert (await games_db.load_snapshot(db, new_id)).json == (await games_db.load_snapshot(db, game.id)).json
    assert [t.game_id for t in await games_db.running_games(db)] == [game.id, new_id]
    assert (await moderation_db.moderation_log(db, new_id))[0].detail == {"original_id": game.id}


async def test_round_trip_lobby_and_finished(db: Database, tmp_path: Path) -> None:
    lobby = await lobby_db.create_game(db, guild_id=1, channel_id=10, host_id=111, options={"x": [1, "ü"]})
    await lobby_db.join_seat(db, lobby.id, user_id=111, display_name="Ann")
    done = await running_game(db, thread_id=None)
    await decide(db, done, 1)
    await games_db.finish_game(
        db, done.id, 1, [PlayerResult("111", 9, True), PlayerResult("222", 3, False)], now=T0
    )
    async with await Database.open(tmp_path / "other.sqlite3") as other:
        for game_id in (lobby.id, done.id):
            doc = await transfer_db.export_game(db, game_id, now=T0)
            new_id = await transfer_db.import_game(other, doc)
            assert comparable(await transfer_db.export_game(other, new_id, now=T0)) == comparable(doc)
        assert (await stats_db.player_stats(other, 111)).wins == 1
        assert (await games_db.get_game(other, 1)).status == GameStatus.LOBBY


def _break(doc: dict[str, Any], how: str) -> Any:
    d = copy.deepcopy(doc)
    if how == "not json":
        return "{this is not json"
    if how == "not an object":
        return "[1, 2]"
    if how == "wrong format":
        d["format"] = "something-else"
    elif how == "future format":
        d["format_version"] = 2
    elif how == "missing log":
        del d["log"]
    elif how == "extra key":
        d["surprise"] = 1
    elif how == "string for int":
        d["game"]["guild_id"] = "1"
    elif how == "float for int":
        d["log"][0]["version"] = 1.5
    elif how == "bad status":
        d["game"]["status"] = "paused"
    elif how == "bad source":
        d["log"][0]["source"] = "cheat"
    elif how == "snapshot not json":
        d["snapshot"]["state"] = "{broken"
    elif how == "gap in log":
        del d["log"][0]
    elif how == "version mismatch":
        d["game"]["version"] = 7
    elif how == "unknown player":
        d["log"][1]["player_id"] = "zzz"
    elif how == "seat gap":
        d["seats"][1]["seat"] = 5
    elif how == "lobby with log":
        d["game"]["status"] = "lobby"
    elif how == "running without state":
        d["snapshot"] = None
        d["initial_state"] = None
        d["seed"] = None
    elif how == "results while running":
        d["results"] = [{"player_id": "111", "score": 1, "won": True, "finished_at": 0}]
    return d


BREAKAGES = [
    "not json",
    "not an object",
    "wrong format",
    "future format",
    "missing log",
    "extra key",
    "string for int",
    "float for int",
    "bad status",
    "bad source",
    "snapshot not json",
    "gap in log",
    "version mismatch",
    "unknown player",
    "seat gap",
    "lobby with log",
    "running without state",
    "results while running",
]


@pytest.mark.parametrize("how", BREAKAGES)
async def test_malformed_import_changes_nothing(db: Database, db_path: Path, how: str) -> None:
    game = await running_game(db, thread_id=None)
    await decide(db, game, 2)
    doc = await transfer_db.export_game(db, game.id)
    await db.checkpoint()
    before = table_counts(db_path)
    with pytest.raises(ImportRejected) as info:
        await transfer_db.import_game(db, _break(doc, how))
    assert info.value.problems and str(info.value).startswith("import rejected: ")
    assert table_counts(db_path) == before


async def test_unserialisable_mapping_is_rejected(db: Database) -> None:
    with pytest.raises(ImportRejected):
        await transfer_db.import_game(db, {"format": object()})
