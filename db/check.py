"""Does a database open, with every game loadable? (``python -m db check PATH``)

A SQLite file is checked on a copy (SQLite's online backup into a temporary file), so the file
itself is never changed, not even by a pending migration: the copy is opened as the bot opens
its database (integrity check, migrations), then every started game is loaded the way the
referee loads it and replayed: its initial state, each logged decision applied by the game's
engine on the version it was made on, and the result compared with the stored snapshot, which
must also load (the engine validates it). A PostgreSQL URL is opened as the bot would open it.
"""

from __future__ import annotations

import asyncio
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from db import games as games_db
from db.errors import DbError
from db.storage.backup import backup
from db.storage.core import Core
from db.storage.database import Database
from db.storage.postgres_url import is_url, redact
from engine import GameError, UnknownGameName, get_game

PAGE = 500


@dataclass(slots=True)
class Report:
    where: str
    schema: int = 0
    games: int = 0  # every row, lobbies included
    loaded: int = 0  # started games loaded and replayed
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def text(self) -> str:
        head = (f"{self.where}: schema version {self.schema}, {self.games} game(s), "
                f"{self.loaded} started game(s) loaded and replayed")
        if self.ok:
            return f"{head}: every game is loadable."
        lines = [f"{head}: {len(self.problems)} problem(s):"]
        lines += [f"  - {p}" for p in self.problems]
        return "\n".join(lines)


async def check(where: str | Path) -> Report:
    """Check the SQLite file or ``postgresql://`` database ``where``; never raises for what it
    finds (a damaged file, a game that does not load): those are the report's problems."""
    if is_url(where):
        return await _check_open(str(where), redact(str(where)))
    path = Path(where)
    if not path.is_file():
        return Report(str(path), problems=[f"there is no file at {path}"])
    with tempfile.TemporaryDirectory(prefix="db-check-") as folder:
        copy = Path(folder) / "copy.sqlite3"
        try:
            await asyncio.to_thread(backup, path, copy)
        except Exception as exc:
            return Report(str(path), problems=[f"it could not be read: {exc}"])
        return await _check_open(copy, str(path))


async def _check_open(target: str | Path, name: str) -> Report:
    report = Report(name)
    try:
        db = await Database.open(target)
    except Exception as exc:  # damaged, too new, no server...: the one problem there is
        report.problems.append(f"it does not open: {exc}")
        return report
    try:
        report.schema = await db.schema_version()
        offset = 0
        while True:
            page = await games_db.list_games(db, limit=PAGE, offset=offset)
            offset += len(page)
            report.games += len(page)
            for game in page:
                if game.version is not None:  # started (running, finished or aborted)
                    problem = await _replay(db, game.id, game.game_name)
                    if problem is None:
                        report.loaded += 1
                    else:
                        report.problems.append(f"game #{game.id} ({game.game_name}): {problem}")
            if len(page) < PAGE:
                break
    finally:
        await db.close()
    return report


async def _replay(db: Core, game_id: int, name: str) -> str | None:
    """None if the game loads and its log replays to its snapshot; else what is wrong."""
    try:
        engine = get_game(name)
    except UnknownGameName:
        return "no game of that name is installed"
    try:
        initial = await games_db.load_initial(db, game_id)
        snapshot = await games_db.load_snapshot(db, game_id)
        log = await games_db.get_log(db, game_id)
    except DbError as exc:
        return str(exc)
    try:
        stored = engine.load(snapshot.json)
        state = engine.load(initial.json)
    except (GameError, ValueError, TypeError, KeyError) as exc:
        return f"its saved state does not load: {exc}"
    for decision in log:
        if decision.prev_version != state.version:
            return (f"decision {decision.seq} was made on version {decision.prev_version}, "
                    f"the replay is at version {state.version}")
        try:
            engine.apply(state, decision.player_id, decision.text)
        except (GameError, ValueError) as exc:
            return f"decision {decision.seq} ({decision.text!r}) does not apply: {exc}"
    if engine.dump(state) != engine.dump(stored):
        return (f"its log replayed (version {state.version}) is not its saved state "
                f"(version {stored.version})")
    return None
