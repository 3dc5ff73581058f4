"""Which event loop runs the bot: uvloop (libuv) where it is installed, else asyncio's own.

Much of the bot's work is the event loop's: sockets to Discord, timers, futures and task
switches (discord.py, aiohttp). uvloop runs the same coroutines on a loop written in C (libuv);
Red-DiscordBot runs on it too. Under load it answers sooner (docs/benchmarks.md, 2026-11-27).
``EVENT_LOOP=asyncio`` keeps asyncio's loop (``uvloop`` refuses to start without it).
Everything the bot does goes through asyncio's public API, so either loop runs the same code."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, Literal, TypeVar

T = TypeVar("T")
Choice = Literal["auto", "uvloop", "asyncio"]


def factory(choice: Choice = "auto") -> Callable[[], asyncio.AbstractEventLoop]:
    """The function that makes the bot's event loop."""
    if choice != "asyncio":
        try:
            import uvloop
        except ImportError:
            if choice == "uvloop":
                raise RuntimeError("EVENT_LOOP=uvloop, but uvloop is not installed "
                                   "(pip install uvloop, or EVENT_LOOP=auto)") from None
        else:
            return uvloop.new_event_loop
    return asyncio.new_event_loop


def run(main: Coroutine[Any, Any, T], choice: Choice = "auto") -> T:
    """``asyncio.run(main)`` on the chosen loop."""
    with asyncio.Runner(loop_factory=factory(choice)) as runner:
        return runner.run(main)


def name(loop: asyncio.AbstractEventLoop) -> str:
    """"uvloop" or "asyncio": which loop this is (for the start-up log line)."""
    return "uvloop" if type(loop).__module__.startswith("uvloop") else "asyncio"
