"""AI seats. The agent sees only what its seat may see: ``g.view(state, seat)`` and
``g.legal(state, seat)``; it is the game's own (``engine/agents/levels.py``: the game's
``choose_index`` if it has levels of its own; else, for ``strong``, the generic search
``engine/agents/search.py`` if the game has its ``determinize`` hook; else its ``heuristic``,
or a random legal decision). The strong agent thinks in a separate process
(``ProcessPoolExecutor``, spawned workers that import only what they run, never the bot's
script: ``render_pool.slim_main``) so the event loop never blocks; the others run in a worker
thread."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from engine.agents.levels import STRONG_BUDGET_MS
from referee.process import metrics
from referee.shared.render_pool import slim_main

log = logging.getLogger(__name__)

# The db stores an AI seat's level as a number.
LEVELS = {"random": 0, "easy": 1, "strong": 2}
LEVEL_NAMES = {v: k for k, v in LEVELS.items()}
PLAYER_LEVELS = ("easy", "strong")  # offered to players; "random" is for tests and the demo
BOT_NAMES = {"random": "Random bot", "easy": "Easy bot", "strong": "Strong bot"}


def level_name(level: int | None) -> str:
    return LEVEL_NAMES.get(level if level is not None else 0, "random")


def choose_index(level: str, seed: int, view: dict[str, Any], legal: list[Any],
                 budget_ms: float = STRONG_BUDGET_MS) -> int | str:
    """Runs in a worker: the index in ``legal`` of the agent's choice, or (for a decision
    that is not listed, ``legal`` empty) the decision's text (``engine.agents.levels``)."""
    from engine.agents.levels import choose_index as choose

    return choose(level, seed, view, legal, budget_ms)


class AiRunner:
    def __init__(self, workers: int = 1, budget_ms: float = STRONG_BUDGET_MS) -> None:
        self.workers = workers
        self.budget_ms = budget_ms
        self._pool: ProcessPoolExecutor | None = None

    def _processes(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    async def choose(self, level: str, seed: int, view: dict[str, Any], legal: list[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        args = (level, seed, view, legal, self.budget_ms)
        with metrics.AI.labels(level).time():  # from the submission to the answer
            index = await self._choose(level, args)
        return index if isinstance(index, str) else legal[index]

    async def _choose(self, level: str, args: tuple[Any, ...]) -> Any:
        if level == "strong":
            with slim_main():  # a worker spawned now imports only what it runs
                future = self._processes().submit(choose_index, *args)
            index = await asyncio.wrap_future(future)
        else:
            index = await asyncio.to_thread(choose_index, *args)
        return index

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
