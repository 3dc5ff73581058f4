"""The event loop's stall monitor (referee/process/looplag.py, issue 25): a stall over 250 ms is logged
with the task that held the loop, the longest is kept for the benchmark's report."""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any

import pytest

from referee.process.looplag import SUMMARY, Holder, LoopLag

from .conftest import Clock


def test_a_stall_is_logged_with_what_the_watchdog_saw_holding_the_loop(
        caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock(100.0)
    seen = Holder("task 'advance-12' (Sessions.advance)", "sessions.py:480 in _automatic")
    monitor = LoopLag(threshold=0.25, interval=0.05, clock=clock, holder=lambda: seen)
    monitor.last = monitor.started = clock()
    caplog.set_level(logging.INFO, "referee.process.looplag")
    clock.advance(0.05)
    assert monitor.look() is None and monitor.tick() is None  # on time
    clock.advance(0.25)
    assert monitor.look() is None  # not yet a stall: nothing noted
    clock.advance(0.1)  # 350 ms without a tick, 300 ms late
    assert monitor.look() == seen
    assert monitor.look() is None  # noted once per stall
    clock.advance(0.4)  # the loop ticks again 750 ms after its last tick
    assert monitor.tick() == pytest.approx(0.7)
    assert "held for 700 ms by task 'advance-12' (Sessions.advance) at sessions.py:480" in caplog.text
    clock.advance(0.4)  # a stall the watchdog did not see
    assert monitor.tick() == pytest.approx(0.35)
    assert "held for 350 ms by something the watchdog did not see" in caplog.text
    clock.advance(0.1)
    assert monitor.tick() is None
    assert monitor.stalls == 2 and monitor.longest == pytest.approx(0.7)
    assert monitor.longest_by == seen
    assert monitor.summary().startswith(f"{SUMMARY} 700 ms (task 'advance-12'")


async def test_the_real_watchdog_names_the_task_that_blocks_the_loop(
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, "referee.process.looplag")
    monitor = LoopLag(threshold=0.25, interval=0.02)
    monitor.start()
    try:
        await asyncio.sleep(0)
        released = threading.Event()

        def hold_the_loop() -> None:  # a synchronous piece of work: the loop can't run meanwhile
            assert monitor.noted.wait(10), "the watchdog saw nothing"
            released.set()

        async def culprit() -> None:
            hold_the_loop()

        await asyncio.create_task(culprit(), name="the-culprit")
        await asyncio.wait_for(monitor.stalled.wait(), 10)
    finally:
        await monitor.stop()
    assert released.is_set() and monitor.stalls >= 1 and monitor.longest >= 0.25
    assert "task 'the-culprit' (" in caplog.text and "in hold_the_loop" in caplog.text


async def test_discord_py_reports_its_heartbeat_interval_when_the_ack_beats_its_thread() -> None:
    """What "Can't keep up, ... 41.3 s behind" was (issue 25): discord.py's keep-alive thread
    records a heartbeat once the loop has sent it; a gateway that answers at once (the fake
    Discord on 127.0.0.1) gets its ACK read on the loop first, and the latency is measured from
    the heartbeat before: the heartbeat interval (the fake's and Discord's: 41.25 s), nothing
    held. Here the ACK is handled within the send, every time."""
    from discord.gateway import KeepAliveHandler

    class Gateway:
        HEARTBEAT = 1

        def __init__(self) -> None:
            self.loop = asyncio.get_running_loop()
            self.thread_id = threading.get_ident()
            self._max_heartbeat_timeout, self.sequence = 60.0, 0
            self.keep_alive: KeepAliveHandler | None = None
            self.acked = asyncio.Event()

        async def send_heartbeat(self, data: object) -> None:
            assert self.keep_alive is not None
            self.keep_alive.ack()  # the ACK read before the thread takes the time of the send
            self.acked.set()

        async def close(self, code: int) -> None:
            pass

    ws = Gateway()
    ws.keep_alive = KeepAliveHandler(ws=ws, interval=0.2, shard_id=None)
    ws.keep_alive.start()
    try:
        for _ in range(2):
            ws.acked.clear()
            await asyncio.wait_for(ws.acked.wait(), 10)
    finally:
        ws.keep_alive.stop()
    assert ws.keep_alive.latency >= 0.19  # the interval, though the ACK came at once


def test_cant_keep_up_says_when_the_loop_was_not_held() -> None:
    from cogs.common import KeepUpFilter

    clock = Clock(1000.0)
    monitor = LoopLag(clock=clock, holder=lambda: Holder("task 'x' (y)", ""))
    monitor.last = clock()

    def record() -> logging.LogRecord:
        return logging.LogRecord("discord.gateway", logging.WARNING, "gateway.py", 222,
                                 "Can't keep up, shard ID %s websocket is %.1fs behind.",
                                 (None, 41.3), None)

    quiet = record()
    assert KeepUpFilter(monitor).filter(quiet)
    assert quiet.levelno == logging.INFO and "not held" in quiet.getMessage()
    assert "41.3 s" in quiet.getMessage() and "longest stall 0 ms" in quiet.getMessage()
    clock.advance(40.0)  # the loop held for 40 s: a real lag, the warning stays
    monitor.tick()
    held = record()
    assert KeepUpFilter(monitor).filter(held)
    assert held.levelno == logging.WARNING and held.getMessage().startswith("Can't keep up")


def test_the_holder_names_the_lines_that_asked_for_an_import_not_its_machinery() -> None:
    """A stall inside an import (a module first used in a player's interaction) names the
    lines that imported it, not importlib's own frames."""
    from referee.process.looplag import _holder

    ready, release = threading.Event(), threading.Event()
    machinery: dict[str, Any] = {}
    exec(compile("def load(ready, release):\n    ready.set()\n    release.wait()\n",
                 "<frozen importlib._bootstrap>", "exec"), machinery)

    def asked_for_a_module() -> None:
        machinery["load"](ready, release)

    thread = threading.Thread(target=asked_for_a_module)
    thread.start()
    ready.wait(5)
    loop = asyncio.new_event_loop()
    try:
        held = _holder(loop, thread.ident)
    finally:
        release.set()
        thread.join()
        loop.close()
    assert "<frozen" not in held.where
    assert "bot/test_looplag.py:" in held.where and "in asked_for_a_module" in held.where
