"""Exceptions raised by the persistence layer.

Every error the bot may want to turn into a message derives from `DbError` and carries a
plain-English `str()`; the bot can catch the specific classes to choose its wording.
"""

from __future__ import annotations


class DbError(Exception):
    """Base class of every error raised on purpose by `db`."""


class SchemaTooNew(DbError):
    """The database file was migrated by a newer version of the code than this one."""

    def __init__(self, found: int, known: int) -> None:
        super().__init__(
            f"database schema version {found} is newer than this code knows (up to {known}); "
            "upgrade the bot instead of running an old version on this file"
        )
        self.found = found
        self.known = known


class DatabaseCorrupt(DbError):
    """SQLite's integrity check (``PRAGMA quick_check``) found the file damaged."""

    def __init__(self, path: str, findings: list[str]) -> None:
        shown = "; ".join(findings[:3]) + ("; ..." if len(findings) > 3 else "")
        super().__init__(
            f"The database file {path} is damaged (SQLite's integrity check says: {shown}). "
            "The bot will not start on it, so that no game is resumed or changed from broken "
            "data. Restore the file from a backup, or move it away to start with an empty "
            "database; `sqlite3 FILE .recover` may save what is left of it."
        )
        self.findings = findings


class MigrationError(DbError):
    """A migration file is malformed or failed to apply (nothing of it was kept)."""


class GameNotFound(DbError):
    def __init__(self, game_id: int) -> None:
        super().__init__(f"game {game_id} does not exist")
        self.game_id = game_id


class WrongStatus(DbError):
    """The game is not in a status that allows the operation (e.g. deciding in a lobby)."""

    def __init__(self, game_id: int, status: str, wanted: str) -> None:
        super().__init__(f"game {game_id} is {status}, but this needs it to be {wanted}")
        self.game_id = game_id
        self.status = status
        self.wanted = wanted


class StaleVersion(DbError):
    """The stored state version is not the one the caller based its decision on."""

    def __init__(self, game_id: int, expected: int, actual: int | None) -> None:
        super().__init__(
            f"game {game_id} is at version {actual}, not {expected}: this prompt is out of date"
        )
        self.game_id = game_id
        self.expected = expected
        self.actual = actual


class CorruptGame(DbError):
    """A stored row cannot be used (e.g. snapshot that is not valid JSON)."""

    def __init__(self, game_id: int, detail: str) -> None:
        super().__init__(f"game {game_id} is damaged in the database: {detail}")
        self.game_id = game_id
        self.detail = detail


class SeatError(DbError):
    """Joining, leaving or replacing a seat is not possible (full, already seated, ...)."""


class ThreadInUse(DbError):
    def __init__(self, thread_id: int, game_id: int) -> None:
        super().__init__(f"thread {thread_id} already hosts active game {game_id}")
        self.thread_id = thread_id
        self.game_id = game_id


class NothingToUndo(DbError):
    def __init__(self, game_id: int) -> None:
        super().__init__(f"game {game_id} has no decision to undo")
        self.game_id = game_id


class ImportRejected(DbError):
    """An import document is malformed or inconsistent; nothing was written."""

    def __init__(self, problems: list[str]) -> None:
        shown = "; ".join(problems[:10]) + (
            f"; and {len(problems) - 10} more" if len(problems) > 10 else ""
        )
        super().__init__(f"import rejected: {shown}")
        self.problems = problems
