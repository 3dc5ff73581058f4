"""Several bot processes from one command: ``SHARDS=N python bot.py`` (or ``--shards N``).

Discord splits a bot's servers into shards: shard ``i`` of ``N`` gets the events and the
interactions of the guilds with ``(guild_id >> 22) % N == i``. The launcher (``launch``) starts
one ``bot.py`` per shard (``SHARD_ID`` in its environment); each connects as its shard and owns
its guilds' games: their commands come to it, and it alone resumes them, runs their timers and
retries their prompts (``owns``). Games never move between guilds, so never between shards.

The database lease (``db.lease``, one per database) is taken by the launcher under a token it
hands to its shards (``SHARD_LEASE``): they renew it together, a second bot or launcher on the
same database is refused as before, and the launcher frees it once every shard has stopped.
If one shard exits, the launcher stops the others and exits with its status (a supervisor such
as systemd then starts the whole set again). Ctrl-C and SIGTERM go to every shard.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from types import FrameType

from db import Database, lease, process_id

from .config import Settings

log = logging.getLogger(__name__)
POLL = 0.2  # seconds between two looks at the shards
STOP_SECONDS = 20.0  # a shard that has not stopped this long after SIGTERM is killed


def shard_of(guild_id: int, count: int) -> int:
    """The shard Discord sends a guild's events to."""
    return (int(guild_id) >> 22) % count


def owns(shard: tuple[int, int] | None, guild_id: int | None) -> bool:
    """Does the process of ``shard`` (None: the only process) own this guild's games?"""
    if shard is None:
        return True
    if guild_id is None:
        return shard[0] == 0
    return shard_of(guild_id, shard[1]) == shard[0]


def _die_with_parent() -> None:  # pragma: no cover - runs in the child before exec
    """Linux: the shard gets SIGTERM when the launcher dies (even by SIGKILL)."""
    with contextlib.suppress(Exception):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


async def _claim(settings: Settings, token: str) -> None:
    db = await Database.open(settings.database)
    try:
        await lease.acquire(db, token, process_id.this_process(),
                            ttl=settings.owner_lease_seconds, clock=time.time, sleep=asyncio.sleep)
    finally:
        await db.close()


async def _release(settings: Settings, token: str) -> None:
    db = await Database.open(settings.database)
    try:
        await lease.release(db, token)
    finally:
        await db.close()


def launch(settings: Settings, script: Path, argv: list[str]) -> int:
    """Start ``settings.shards`` shard processes of ``script``; wait; their worst status.
    Raises what ``lease.claim`` raises (``DatabaseInUse``) before starting any."""
    count = settings.shards
    token = uuid.uuid4().hex
    asyncio.run(_claim(settings, token))
    log.info("starting %d shard processes on the database %s", count, settings.database_path)
    children: list[subprocess.Popen[bytes]] = []
    stopping = False

    def stop(signum: int, _frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True
        for child in children:
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)

    previous = {s: signal.signal(s, stop) for s in (signal.SIGINT, signal.SIGTERM)}
    status = 0
    try:
        for shard_id in range(count):
            env = {**os.environ, "SHARDS": str(count), "SHARD_ID": str(shard_id),
                   "SHARD_LEASE": token}
            children.append(subprocess.Popen(  # noqa: S603 - our own script, our own python
                [sys.executable, str(script), *argv], env=env, preexec_fn=_die_with_parent))
        while any(child.poll() is None for child in children):
            ended = [c for c in children if c.returncode is not None]
            if ended and not stopping:  # one shard stopped by itself: stop the set
                status = max((c.returncode for c in ended), key=abs)
                log.error("a shard process exited (status %s): stopping the others", status)
                stop(signal.SIGTERM, None)
            time.sleep(POLL)
        status = status or max((c.returncode or 0 for c in children), key=abs)
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
        deadline = time.monotonic() + STOP_SECONDS
        for child in children:
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)
        for child in children:
            try:
                child.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
        try:
            asyncio.run(_release(settings, token))
        except Exception as exc:  # it runs out by itself
            log.warning("could not release the database lease: %s", exc)
    return 0 if stopping and status in (0, -signal.SIGTERM, -signal.SIGINT) else status
