"""Turns by priority (``Turns``, referee/process/background.py): ``slots`` holders at a time,
the waiting ones let in by level, then in order; a waiter cancelled as it is let in passes its
turn on."""

from __future__ import annotations

import asyncio

import pytest

from referee.process.background import Turns


async def test_two_slots_then_the_waiting_by_level_then_in_order() -> None:
    turns = Turns(2)
    order: list[str] = []
    release = asyncio.Event()

    async def hold(name: str, level: int) -> None:
        async with turns.held(level):
            order.append(name)
            await release.wait()

    first = [asyncio.create_task(hold(n, 5)) for n in ("a", "b")]
    await asyncio.sleep(0)
    assert order == ["a", "b"] and turns.free == 0
    later = [asyncio.create_task(hold(n, lv)) for n, lv in (("c", 2), ("d", 1), ("e", 2), ("f", 0))]
    await asyncio.sleep(0)
    assert turns.waiting == 4 and order == ["a", "b"]
    release.set()
    await asyncio.gather(*first, *later)
    assert order == ["a", "b", "f", "d", "c", "e"]
    assert turns.free == 2 and turns.waiting == 0


async def test_a_waiter_cancelled_as_it_is_let_in_passes_the_slot_on() -> None:
    turns = Turns(1)
    await turns.acquire()
    waiter = asyncio.create_task(turns.acquire(0))
    nxt = asyncio.create_task(turns.acquire(1))
    await asyncio.sleep(0)
    turns.release()  # the slot is handed to ``waiter`` ...
    waiter.cancel()  # ... which is cancelled before it runs
    with pytest.raises(asyncio.CancelledError):
        await waiter
    await asyncio.wait_for(nxt, 1)  # the slot went on to the next
    turns.release()
    assert turns.free == 1


def test_no_slot_is_refused() -> None:
    with pytest.raises(ValueError):
        Turns(0)
