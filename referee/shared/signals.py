"""What a part of the referee tells the parts built on it, without importing them: a stored
timer changed (the turn timers' loop may wake earlier), a game's messages were refused (the
holds decide what to do), a game's final post went out (the end: replay picture, rematch).

Each listener says what it listens to when it is built (``Timers``, ``Holds``, ``Ending``), so
the wiring is in their constructors and nothing is patched onto an object afterwards; a
signal nobody listens to does nothing (a part used alone, in a test or a benchmark)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

TimerChange = Callable[..., None]
Trouble = Callable[[Any, Any, Any, bool], Awaitable[None]]
Finished = Callable[[Any, Any], Awaitable[None]]


class Signals:
    def __init__(self) -> None:
        self._timer_change: list[TimerChange] = []
        self._trouble: list[Trouble] = []
        self._finished: list[Finished] = []

    # --- listening ------------------------------------------------------------------------

    def on_timer_change(self, listener: TimerChange) -> None:
        """``listener(at=None)``: a deadline ``at`` was stored (None: unknown, several)."""
        self._timer_change.append(listener)

    def on_trouble(self, listener: Trouble) -> None:
        """``listener(game, state, refused, prompt_lost)``: Discord refused a game's messages."""
        self._trouble.append(listener)

    def on_finished(self, listener: Finished) -> None:
        """``listener(game, state)``: a game's final post went out."""
        self._finished.append(listener)

    # --- telling --------------------------------------------------------------------------

    def timer_changed(self, at: int | None = None) -> None:
        for listener in self._timer_change:
            listener(at)

    async def trouble(self, game: Any, state: Any, refused: Any, prompt_lost: bool) -> None:
        for listener in self._trouble:
            await listener(game, state, refused, prompt_lost)

    async def finished(self, game: Any, state: Any) -> None:
        for listener in self._finished:
            await listener(game, state)
