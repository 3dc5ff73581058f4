"""What a log line says of where it comes from: the game and the server being worked on.

``working_on(game_id)`` marks the current task (and the tasks it starts) as working on that
game; ``Fields`` (a logging filter) puts it, and the server of the interaction being handled
(``referee.shared.origin``), on every record as ``game`` and ``guild`` (None where there is none), so
the JSON log lines (``LOG_FORMAT=json``) carry them as fields."""

from __future__ import annotations

import logging
from contextvars import ContextVar

from referee.shared import origin

_game: ContextVar[int | None] = ContextVar("log_game", default=None)


def working_on(game_id: int | None) -> None:
    """From now on, in this task and those it starts, log lines name game ``game_id``."""
    if _game.get() != game_id:
        _game.set(game_id)


class Fields(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.game = _game.get()
        record.guild = origin.guild()
        return True
