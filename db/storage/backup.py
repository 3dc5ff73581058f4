"""A consistent copy of the live SQLite database, and the rotation of scheduled copies.

``backup`` uses SQLite's online backup (``sqlite3.Connection.backup``), not a file copy: it
reads the database through a connection of its own, inside one read transaction, so the copy
is the database as of one commit even while the bot keeps writing (WAL: the bot's writes do not
wait for it, and it does not wait for them). The copy is written beside its destination,
checked (``PRAGMA quick_check``), flushed to disk and only then renamed over the destination,
so a crash never leaves a half-written file under the backup's name.

PostgreSQL is backed up with its own tool, ``pg_dump`` (docs: the README's operator section).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from db.errors import DatabaseCorrupt

#: Scheduled copies: ``<stem>-YYYYMMDD-HHMMSS.sqlite3`` in the backup folder (``rotate``).
STAMP = "%Y%m%d-%H%M%S"


@dataclass(frozen=True, slots=True)
class BackupInfo:
    path: Path
    bytes: int
    seconds: float
    games: int


def _open_read_only(path: Path) -> sqlite3.Connection:
    if not path.is_file():
        raise FileNotFoundError(f"There is no database file at {path}.")
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=30.0)


def backup(source: str | Path, destination: str | Path) -> BackupInfo:
    """Copy the SQLite database ``source`` (live or not) to ``destination`` as of one commit.
    Blocking: call it in a thread from async code (``asyncio.to_thread``)."""
    source, destination = Path(source), Path(destination)
    if source.resolve() == destination.resolve():
        raise ValueError("The backup must go to another file than the database itself.")
    destination.parent.mkdir(parents=True, exist_ok=True)
    partial = destination.with_name(f".{destination.name}.partial")
    started = time.monotonic()
    src = _open_read_only(source)
    try:
        partial.unlink(missing_ok=True)
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst)  # every page in one step: one read transaction, one commit's state
            rows = dst.execute("PRAGMA quick_check").fetchall()
            if rows != [("ok",)]:
                raise DatabaseCorrupt(str(destination), [str(r[0]) for r in rows[:5]])
            games = dst.execute("SELECT COUNT(*) FROM games").fetchone()[0]
            dst.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
        finally:
            dst.close()
        with open(partial, "rb") as f:
            os.fsync(f.fileno())
        os.replace(partial, destination)
        with contextlib.suppress(OSError):  # the rename itself made durable (POSIX)
            fd = os.open(destination.parent, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    finally:
        src.close()
    return BackupInfo(destination, destination.stat().st_size, time.monotonic() - started,
                      int(games))


def scheduled_name(database: Path, when: float) -> str:
    """The file name of a scheduled copy of ``database`` made at ``when`` (epoch seconds)."""
    return f"{database.stem}-{time.strftime(STAMP, time.gmtime(when))}.sqlite3"


def rotate(folder: Path, database: Path, keep: int) -> list[Path]:
    """Delete all but the ``keep`` newest scheduled copies of ``database`` in ``folder``;
    the deleted paths. Other files in the folder are never touched."""
    prefix, suffix = f"{database.stem}-", ".sqlite3"
    copies = sorted(p for p in folder.glob(f"{prefix}*{suffix}")
                    if _is_stamp(p.name[len(prefix):-len(suffix)]))
    old = copies[:-keep] if keep > 0 else copies
    for path in old:
        path.unlink(missing_ok=True)
    return old


def _is_stamp(text: str) -> bool:
    try:
        time.strptime(text, STAMP)
    except ValueError:
        return False
    return True
