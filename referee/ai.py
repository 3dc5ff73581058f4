"""AI seats. The agent sees only what its seat may see: ``g.view(state, seat)`` and
``g.legal(state)``. The strong agent thinks in a separate process (``ProcessPoolExecutor``,
spawned workers) so the event loop never blocks; the others run in a worker thread."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from typing import Any

log = logging.getLogger(__name__)

# The db stores an AI seat's level as a number.
LEVELS = {"random": 0, "easy": 1, "strong": 2}
LEVEL_NAMES = {v: k for k, v in LEVELS.items()}
PLAYER_LEVELS = ("easy", "strong")  # offered to players; "random" is for tests and the demo
BOT_NAMES = {"random": "Random bot", "easy": "Easy bot", "strong": "Strong bot"}


def level_name(level: int | None) -> str:
    return LEVEL_NAMES.get(level if level is not None else 0, "random")


def choose_index(level: str, seed: int, view: dict[str, Any], legal: list[Any]) -> int:
    """Runs in a worker: the index in ``legal`` of the agent's choice."""
    from engine.agents import get_agent

    try:
        agent = get_agent(level, seed=seed)
    except KeyError:
        log.warning("AI level %r is not available; playing at random", level)
        agent = get_agent("random", seed=seed)
    choice = agent.choose(view, legal)
    return legal.index(choice)


class AiRunner:
    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def _processes(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    async def choose(self, level: str, seed: int, view: dict[str, Any], legal: list[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        if level == "strong":
            loop = asyncio.get_running_loop()
            index = await loop.run_in_executor(self._processes(), choose_index, level, seed,
                                               view, legal)
        else:
            index = await asyncio.to_thread(choose_index, level, seed, view, legal)
        return legal[index]

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
