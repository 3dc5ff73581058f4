"""Pictures drawn in worker processes (referee/shared/render_pool.py, render/worker.py): the same bytes
as in this process, slim workers, a thread when the pool is broken or off or the function cannot
be sent, a bounded backlog, a clean shutdown, and no worker left behind by a killed bot."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import Any

import pytest

import games
import texts
from benchmarks.render import seeded_view
from referee.shared.render_pool import ANSWER, LATER, THREAD, RenderPool
from render import worker
from render.stella_digger import board as render

REPO = Path(__file__).resolve().parents[2]
MSG = "A game export (JSON) made by /game-admin export"  # in the shared catalog, translated
BOT_MODULES = {"discord", "referee", "db", "cogs", "aiosqlite", "aiohttp", "bot"}


def gone(pid: int, within: float = 20.0) -> bool:
    """The process ended (or is a zombie left for its new parent to reap)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/stat") as f:
                if f.read().rsplit(")", 1)[1].split()[0] in ("Z", "X"):
                    return True
        except FileNotFoundError:
            return True
        time.sleep(0.05)
    return False


async def test_a_worker_process_draws_the_same_bytes_and_imports_no_bot_code() -> None:
    view = seeded_view(7, steps=40)
    present = games.get("stella-digger")
    pool = RenderPool(1)
    try:
        assert await pool.run(worker.pid) != os.getpid()
        assert await pool.run(render.board_png, view) == render.board_png(view)
        assert await pool.run(present.board_png, view) == render.board_png(view)
        loaded = await pool.run(eval, "sorted(__import__('sys').modules)")
        assert {m.split(".")[0] for m in loaded} & BOT_MODULES == set()
    finally:
        pool.close()


@pytest.mark.parametrize("workers", [1, 0])
async def test_a_picture_is_drawn_in_the_language_it_is_asked_in(workers: int) -> None:
    """The language is a context variable, which does not cross into a worker process: it goes
    with each job (``texts.called_in``), in a worker and in a thread alike."""
    pool = RenderPool(workers)
    try:
        for lang in ("ja", "de", "en", "ja"):
            with texts.using(lang):
                assert await pool.run(texts.language) == lang
        if workers:
            assert await pool.run(worker.pid) != os.getpid()  # it was a worker that answered
        with texts.using("de"):  # a real text of the shared catalog, drawn where it is asked
            assert await pool.run(texts._, MSG) == texts._(MSG) != MSG
    finally:
        pool.close()


async def test_a_function_that_cannot_be_sent_is_drawn_in_a_thread() -> None:
    pool = RenderPool(1)
    try:
        assert await pool.run(lambda: os.getpid()) == os.getpid()
    finally:
        pool.close()


async def test_a_failing_picture_raises_its_own_error() -> None:
    pool = RenderPool(1)
    try:
        with pytest.raises(KeyError):
            await pool.run(render.board_png, {})
        assert await pool.run(worker.pid) != os.getpid()  # the pool is still there
    finally:
        pool.close()


def test_workers_of_a_script_do_not_import_the_script(tmp_path: Path) -> None:
    """``python bot.py``: a spawned child would import bot.py (discord, the database) first."""
    marker = tmp_path / "imported"
    script = tmp_path / "script.py"
    script.write_text(textwrap.dedent(f"""
        import asyncio, os, sys
        sys.path.insert(0, {str(REPO)!r})
        if __name__ != "__main__":
            open({str(marker)!r}, "w").write("the worker imported the script")
        from referee.shared.render_pool import RenderPool
        from render import worker

        async def main():
            pool = RenderPool(1)
            print(await pool.run(worker.pid) != os.getpid())
            pool.close()

        if __name__ == "__main__":
            asyncio.run(main())
    """))
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, check=True,
                         timeout=120)
    assert out.stdout.strip() == "True"
    assert not marker.exists()


async def test_a_broken_pool_gives_way_to_a_thread_then_starts_again() -> None:
    pool = RenderPool(1, retry_after=3600)
    try:
        first = await pool.run(worker.pid)
        os.kill(first, signal.SIGKILL)
        assert gone(first)
        assert await pool.run(worker.pid) == os.getpid()  # drawn here, the picture still comes
        assert await pool.run(worker.pid) == os.getpid()  # and until retry_after has passed
        pool.retry_after = 0.0
        pool._down_until = 0.0
        again = await pool.run(worker.pid)
        assert again not in (first, os.getpid())
    finally:
        pool.close()


async def test_without_workers_pictures_are_drawn_in_a_thread() -> None:
    pool = RenderPool(0)
    assert await pool.run(worker.pid) == os.getpid()
    assert pool.start() is None


async def test_at_most_backlog_pictures_are_queued_or_drawing() -> None:
    lock = threading.Lock()
    now = {"running": 0, "most": 0}

    def slow(name: str) -> bytes:
        with lock:
            now["running"] += 1
            now["most"] = max(now["most"], now["running"])
        time.sleep(0.05)
        with lock:
            now["running"] -= 1
        return name.encode()

    pool = RenderPool(0, backlog=2)
    results = await asyncio.gather(*(pool.run(slow, f"p{i}") for i in range(6)))
    assert results == [f"p{i}".encode() for i in range(6)]
    assert now["most"] == 2


async def test_close_ends_the_workers_and_a_later_picture_starts_them_again() -> None:
    pool = RenderPool(1)
    pid = await pool.run(worker.pid)
    pool.close()
    assert gone(pid, within=1.0)
    try:
        assert await pool.run(worker.pid) not in (pid, os.getpid())
    finally:
        pool.close()


def test_workers_end_with_a_killed_bot(tmp_path: Path) -> None:
    script = tmp_path / "killed.py"
    script.write_text(textwrap.dedent(f"""
        import asyncio, os, signal, sys
        sys.path.insert(0, {str(REPO)!r})
        from referee.shared.render_pool import RenderPool
        from render import worker

        async def main():
            pool = RenderPool(1)
            print(await pool.run(worker.pid), flush=True)
            os.kill(os.getpid(), signal.SIGKILL)

        asyncio.run(main())
    """))
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert out.returncode == -signal.SIGKILL
    assert gone(int(out.stdout.strip()))


async def test_a_picture_for_an_answer_waits_only_for_the_one_being_drawn(tmp_path: Path) -> None:
    """One worker drawing a replay, two more replays and two maps waiting, the backlog (2)
    full: the workbench picture a player waits for is drawn next, then the maps (the thread's
    next prompt waits for them), then the replays, each level in the order it came."""
    pool = RenderPool(1, backlog=2)
    go = tmp_path / "go"
    until_go = ("[__import__('time').sleep(0.01) for _ in "  # the replay: drawn until told
                f"iter(lambda: __import__('os').path.exists({str(go)!r}), True)]")
    try:
        await pool.run(worker.pid)  # started and warm
        done: list[str] = []

        async def draw(name: str, level: int, *job: Any) -> None:
            await pool.run(*job, level=level)
            done.append(name)

        jobs = [asyncio.create_task(draw("replay0", LATER, eval, until_go))]
        await asyncio.sleep(0.05)
        jobs += [asyncio.create_task(draw(f"replay{i}", LATER, time.sleep, 0.01)) for i in (1, 2)]
        jobs += [asyncio.create_task(draw(f"map{i}", THREAD, time.sleep, 0.01)) for i in (0, 1)]
        jobs.append(asyncio.create_task(draw("workbench", ANSWER, time.sleep, 0.01)))
        await asyncio.sleep(0.2)
        assert done == []  # the first replay holds the worker
        go.touch()
        await asyncio.gather(*jobs)
        assert done == ["replay0", "workbench", "map0", "map1", "replay1", "replay2"]
    finally:
        pool.close()
