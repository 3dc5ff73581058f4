"""Did the request being answered commit a decision? After a decision is committed it stands,
so a failure later in the same request (attaching the after-picture, editing the private
message, telling the thread) must not say "nothing was changed" (issue 25).

The handler of each interaction calls ``watch`` in the task that answers it; ``Sessions.commit``
calls ``mark`` once its transaction is stored; the one error handler asks ``happened``. Only
commits made in that very task count: the AI moves a decision spawns run in other tasks
(which inherit the context) and are not the request's doing.
"""

from __future__ import annotations

import asyncio
from contextvars import ContextVar
from dataclasses import dataclass


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
