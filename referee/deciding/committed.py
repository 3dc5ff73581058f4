"""What a committed change means afterwards (``Committed``), and did the request being
answered commit a decision (``watch``/``mark``/``happened``).

``Committed`` is what every change to a game returns (a decision's ``Sessions.commit``, a start,
a moderator's change, a timeout, a release, a restart...): ``Sessions.after`` takes it, the
one path that queues what is told, pokes the timers, starts the automatic seats and hands a
game's end to the ending desk.

After a decision is committed it stands,
so a failure later in the same request (attaching the after-picture, editing the private
message, telling the thread) must not say "nothing was changed" (issue 25).

The handler of each interaction calls ``watch`` in the task that answers it; ``Sessions.commit``
calls ``mark`` once its transaction is stored; the one error handler asks ``happened``. Only
commits made in that very task count: the AI moves a decision spawns run in other tasks
(which inherit the context) and are not the request's doing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from db import Game


@dataclass
class Committed:
    """What happened to game ``game_id`` once a change to it is stored (``Sessions.after``)."""

    game_id: int
    game: Game | None = None  # the game after the change, when the change loaded it
    events: list[Any] = field(default_factory=list)  # the engine's events (a decision's)
    #: what the thread and the players are told, queued in the game's commit order
    tell: Callable[[], Awaitable[None]] | None = None
    #: the stored timers changed: the timer loop looks again (``at``: the earliest, if known)
    timers: bool = True
    at: float | None = None
    #: start the automatic seats (an AI, absent or planned seat may owe the next decision)
    advance: bool = True
    #: the game ended outside a decision's own telling (a resignation): its final state, for
    #: the ending desk (replay, rematch); a decision's end is handed over by its telling
    ended: Any = None


@dataclass
class _Watch:
    task: asyncio.Task[object] | None
    commits: int = 0


_WATCH: ContextVar[_Watch | None] = ContextVar("stella_committed", default=None)


def watch() -> None:
    """From now on, count the decisions committed by the current task."""
    _WATCH.set(_Watch(_current()))


def mark() -> None:
    """A decision was committed (``Sessions.commit``, after its transaction)."""
    watch_ = _WATCH.get()
    if watch_ is not None and watch_.task is _current():
        watch_.commits += 1


def happened() -> bool:
    """Did the current task commit a decision since its ``watch``?"""
    watch_ = _WATCH.get()
    return watch_ is not None and watch_.task is _current() and watch_.commits > 0


def _current() -> asyncio.Task[object] | None:
    try:
        return asyncio.current_task()
    except RuntimeError:  # no running loop
        return None
