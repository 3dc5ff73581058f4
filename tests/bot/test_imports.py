"""Hostile import files (issue 10): forged states, invented results, unusable options and
seats, duplicates, deep JSON and wrong types are refused before any thread is created or
anything stored; an error after the store never says nothing was changed."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from db import games as games_db
from engine.stella_digger.components import ALL_CARDS, COLOURS
from referee.desks import imports
from referee.errors import Refusal
from referee.service import Referee
from referee.shared import cache as cached

from .conftest import CHANNEL, GUILD, MOD, two_players
from .test_moderation import step

OTHER_GUILD = GUILD + 1


def counts(path: Path) -> dict[str, int]:
    with sqlite3.connect(path) as raw:
        names = [r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {n: raw.execute(f"SELECT COUNT(*) FROM {n}").fetchone()[0] for n in names}


async def exported(referee: Referee, decisions: int = 6) -> dict[str, Any]:
    game = await two_players(referee)
    await step(referee, game.id, decisions)
    return json.loads((await referee.moderation.export(game.id)).data)


def forge_state(doc: dict[str, Any], edit: Callable[[Any], None]) -> dict[str, Any]:
    """The audit's forgery: the snapshot edited and made the initial state, the log emptied so
    a replay of nothing matches it."""
    g = _game()
    state = g.load(doc["snapshot"]["state"])
    edit(state)
    text = g.dump(state)
    doc["initial_state"] = doc["snapshot"]["state"] = text
    doc["log"] = []
    return doc


def _game() -> Any:
    from engine import get_game

    return get_game("stella-digger")


def crystals(state: Any) -> None:
    for p in state.players:
        for colour in COLOURS:
            p.crystals[colour] = 999


def cards(state: Any) -> None:
    state.players[0].hand += list(ALL_CARDS[:20])


async def refused(referee: Referee, db_path: Path, doc: dict[str, Any] | bytes,
                  match: str) -> str:
    """Import ``doc`` into another guild: refused with ``match``, no thread, nothing stored."""
    before, threads = counts(db_path), dict(referee.ctx.out.threads)  # type: ignore[attr-defined]
    data = doc if isinstance(doc, bytes) else json.dumps(doc).encode()
    with pytest.raises(Refusal, match=match) as info:
        await referee.moderation.import_game(data, guild_id=OTHER_GUILD, channel_id=CHANNEL,
                                             by_user=MOD)
    assert counts(db_path) == before
    assert referee.ctx.out.threads == threads  # type: ignore[attr-defined]
    text = str(info.value)
    for internal in ("Input should", "type=", "input_value", "pydantic", "Traceback"):
        assert internal not in text
    return text


@pytest.mark.parametrize("edit", [crystals, cards], ids=["999 crystals", "20 extra cards"])
async def test_a_forged_state_is_refused(referee: Referee, db_path: Path,
                                         edit: Callable[[Any], None]) -> None:
    doc = forge_state(await exported(referee), edit)
    await refused(referee, db_path, doc, "not one a real game can reach")


async def test_a_forged_state_in_the_snapshot_only_is_refused(referee: Referee,
                                                              db_path: Path) -> None:
    doc = await exported(referee)
    g = _game()
    state = g.load(doc["snapshot"]["state"])
    crystals(state)
    doc["snapshot"]["state"] = g.dump(state)
    await refused(referee, db_path, doc, "not one a real game can reach")


async def test_invented_results_are_refused(referee: Referee, db_path: Path) -> None:
    doc = await exported(referee)
    doc["game"]["status"] = "finished"
    doc["results"] = [{"player_id": s["player_id"], "score": 999, "won": True, "finished_at": 0}
                      for s in doc["seats"]]
    await refused(referee, db_path, doc, "decisions do not end it")


async def test_options_and_seats_are_checked_before_anything_is_stored(
        referee: Referee, db_path: Path) -> None:
    doc = await exported(referee)
    for value in (10**30, 1, 3.5, "1h"):
        bad = json.loads(json.dumps(doc))
        bad["game"]["options"]["turn_seconds"] = value
        await refused(referee, db_path, bad, "turn_seconds must be a whole number")
    bad = json.loads(json.dumps(doc))
    bad["game"]["options"]["mystery"] = True
    await refused(referee, db_path, bad, "mystery is not an option")
    bad = json.loads(json.dumps(doc))
    for seat in bad["seats"]:
        seat["player_id"] += "x"
    for d in bad["log"]:
        d["player_id"] += "x"
    await refused(referee, db_path, bad, "seats are not the players")
    bad = json.loads(json.dumps(doc))
    bad["seats"][0]["display_name"] = "A" * 5000
    await refused(referee, db_path, bad, "display name")


async def test_the_same_export_twice_is_refused(referee: Referee, db_path: Path) -> None:
    doc = await exported(referee)
    data = json.dumps(doc).encode()
    first = await referee.moderation.import_game(data, guild_id=OTHER_GUILD, channel_id=CHANNEL,
                                                 by_user=MOD)
    await referee.idle()
    await refused(referee, db_path, data, f"already stored on this server as game #{first.id}")


async def test_a_finished_game_counts_only_its_replayed_results(referee: Referee,
                                                                db_path: Path) -> None:
    game = await two_players(referee)
    g = _game()
    while (await cached.get_game(referee.ctx, game.id)).status == "running":
        await step(referee, game.id)
    doc = json.loads((await referee.moderation.export(game.id)).data)
    end = g.load(doc["snapshot"]["state"])
    assert {r["player_id"]: r["score"] for r in doc["results"]} == {
        p: s["total"] for p, s in g.scores(end).items()}
    forged = json.loads(json.dumps(doc))
    forged["results"][0]["score"] = 999
    await refused(referee, db_path, forged, "results are not those of its replayed game")
    imported = await referee.moderation.import_game(json.dumps(doc).encode(),
                                                    guild_id=OTHER_GUILD, channel_id=CHANNEL,
                                                    by_user=MOD)
    assert [(r.player_id, r.score) for r in await games_db.get_results(referee.db, imported.id)] == [
        (r["player_id"], r["score"]) for r in doc["results"]]


async def test_hostile_files_are_refused_in_a_sentence(referee: Referee, db_path: Path) -> None:
    deep = b'{"format": "stella-bot/game-export", "x": ' + b"[" * 200_000 + b"]" * 200_000 + b"}"
    await refused(referee, db_path, deep, "not a JSON game export")
    doc = await exported(referee)
    doc["snapshot"]["state"] = "[" * 200_000 + "]" * 200_000
    await refused(referee, db_path, doc, "snapshot.state")
    doc = await exported(referee)
    doc["game"]["guild_id"] = "one"
    doc["seats"] = "everyone"
    text = await refused(referee, db_path, doc, "game.guild_id has the wrong type")
    assert "seats has the wrong type" in text


async def test_an_error_after_the_store_says_the_game_was_imported(
        referee: Referee, monkeypatch: pytest.MonkeyPatch) -> None:
    doc = await exported(referee)

    async def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("Discord said no")

    monkeypatch.setattr(referee.moderation.notify, "round_post", broken)
    with pytest.raises(Refusal, match=r"was imported into <#\d+>") as info:
        await referee.moderation.import_game(json.dumps(doc).encode(), guild_id=OTHER_GUILD,
                                             channel_id=CHANNEL, by_user=MOD)
    assert "nothing" not in str(info.value)
    assert len([g for g in await games_db.running_games(referee.db)]) == 2


async def test_other_servers_are_answered_while_an_import_is_checked(
        referee: Referee, monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading and replaying a file is CPU work: it runs off the event loop, so a slow check
    (here made slow on purpose) doesn't hold up another server's command."""
    doc = await exported(referee)
    real = imports.check
    started = threading.Event()
    release = threading.Event()

    def slow(game: Any, data: bytes) -> Any:
        started.set()
        assert release.wait(10)
        return real(game, data)

    monkeypatch.setattr(imports, "check", slow)
    task = asyncio.create_task(referee.moderation.import_game(
        json.dumps(doc).encode(), guild_id=OTHER_GUILD, channel_id=CHANNEL, by_user=MOD))
    while not started.is_set():
        await asyncio.sleep(0.01)
    assert "#1" in await asyncio.wait_for(referee.moderation.listing(GUILD), 2)
    assert not task.done()
    release.set()
    assert (await task).status == "running"


# --- issue 25: the other games' starts are rebuilt from their seed, players and options -------

OTHER_GAMES = ("out-of-mine", "mining-colony", "white-ranium")


async def started_export(referee: Referee, name: str, seed: int = 5) -> dict[str, Any]:
    """A two-player game of ``name`` just started (version 0), exported."""
    from .conftest import ANN, BOB

    game = await referee.lobby.open(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN,
                                    host_name="Ann", game_name=name, options={}, turn_hours=1)
    await referee.lobby.join(game.id, BOB, "Bob")
    await referee.lobby.start(game.id, ANN, seed=seed)
    await referee.idle()
    return json.loads((await referee.moderation.export(game.id)).data)


def forge_start(doc: dict[str, Any], name: str, edit: Callable[[Any], Any]) -> dict[str, Any]:
    """The file's start (and so its snapshot: no decisions) replaced by an edited one."""
    from engine import get_game

    g = get_game(name)
    state = g.load(doc["initial_state"])
    state = edit(state) or state
    doc["initial_state"] = doc["snapshot"]["state"] = g.dump(state)
    doc["log"] = []
    return doc


def _relabelled(name: str) -> Callable[[Any], Any]:
    """The deal of another seed (the same players and options), labelled with the file's."""
    from engine import get_game
    from engine.core.stored import rebuilt_start

    def edit(state: Any) -> Any:
        seed = state.seed
        state.seed = seed + 1
        other = rebuilt_start(get_game(name), state)
        other.seed = seed
        return other
    return edit


def _set(**fields: Any) -> Callable[[Any], None]:
    def edit(state: Any) -> None:
        for key, value in fields.items():
            setattr(state, key, value)
    return edit


def _first(**fields: Any) -> Callable[[Any], None]:
    def edit(state: Any) -> None:
        for key, value in fields.items():
            setattr(state.players[0], key, value)
    return edit


FORGED_STARTS = [
    ("out-of-mine", "a total of 999", _first(total=999)),
    ("out-of-mine", "a negative call count", _first(calls=-1)),
    ("out-of-mine", "round 10", _set(round=10)),
    ("mining-colony", "999 credits", _first(credits=999)),
    ("mining-colony", "round 10", _set(round=10)),
    ("white-ranium", "p1 delivered 999", _first(delivered=999)),
    ("white-ranium", "ore 999", _set(ore=999)),
    ("white-ranium", "round 10", _set(round=10)),
    *[(name, "another seed's deal relabelled", _relabelled(name))
      for name in (*OTHER_GAMES, "stella-digger")],
]


@pytest.mark.parametrize(("name", "how", "edit"), FORGED_STARTS,
                         ids=[f"{n}: {h}" for n, h, _ in FORGED_STARTS])
async def test_a_forged_start_of_any_game_is_refused(referee: Referee, db_path: Path, name: str,
                                                     how: str, edit: Callable[[Any], Any]
                                                     ) -> None:
    """Issue 25: the start is rebuilt from the file's seed, players and options and must equal
    the file's (engine/core/stored.py ``start_problem``); nothing is stored."""
    doc = forge_start(await started_export(referee, name), name, edit)
    await refused(referee, db_path, doc, "not the start|"
                                         "not a reachable table|breaks the rules|rules reach|"
                                         "real game can reach")


@pytest.mark.parametrize("name", OTHER_GAMES)
async def test_a_real_start_of_any_game_imports(referee: Referee, name: str) -> None:
    doc = await started_export(referee, name)
    imported = await referee.moderation.import_game(json.dumps(doc).encode(),
                                                    guild_id=OTHER_GUILD, channel_id=CHANNEL,
                                                    by_user=MOD)
    assert (await cached.get_game(referee.ctx, imported.id)).status == "running"


async def test_an_initial_state_past_the_start_is_refused(referee: Referee,
                                                          db_path: Path) -> None:
    """A file whose 'initial' state is a later state of a real game (forged at version 8 with
    no log) is not the start of a game."""
    doc = await exported(referee, decisions=8)
    doc["initial_state"] = doc["snapshot"]["state"]
    doc["log"] = []
    await refused(referee, db_path, doc, "not the start of a game")


async def test_options_other_than_the_start_s_are_refused(referee: Referee,
                                                          db_path: Path) -> None:
    doc = await started_export(referee, "out-of-mine")
    doc["game"]["options"]["race"] = not doc["game"]["options"].get("race", True)
    await refused(referee, db_path, doc, "options are not those its game started with")
