"""An open-loop load driver for the end-to-end benchmark (``benchmarks/e2e.py``).

Decisions are sent on a Poisson schedule at a stated offered rate, whatever the bot answers:
each arrival goes to a running game chosen at random among those not waiting for a reply (a
game's next decision depends on the last one), as the game's ``do`` command (``/stella do``) from the player who owes it. A
closed loop (each player waits for the reply, then thinks) slows down with the bot and so hides
its saturation; this one keeps offering the rate and measures what the player waits for.

Measured per decision: interaction -> callback (Discord's 3-second limit applies to it) and
interaction -> the bot's reply ("✅ Done", the response or its follow-up), both at the moment the
fake Discord receives them (not when the driver's task wakes up to look), and whether the
decision ended a round (the bot then draws and posts the round map).
"""

from __future__ import annotations

import asyncio
import itertools
import os
import random
import time
from dataclasses import dataclass, field
from typing import Any

from .e2e_fill import Running, choose


@dataclass
class Sample:
    callback_s: float
    reply_s: float
    new_round: bool


@dataclass
class Step:
    """One run at one offered rate."""

    offered: float
    seconds: float = 0.0  # from the first send to the last reply
    sent: int = 0
    skipped: int = 0  # arrivals that found every game waiting for a reply
    samples: list[Sample] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def percentiles(values: list[float]) -> dict[str, float]:
    """Nearest-rank p50/p95/p99 (NaN for no values)."""
    if not values:
        return {"p50": float("nan"), "p95": float("nan"), "p99": float("nan")}
    ordered = sorted(values)

    def pick(q: float) -> float:
        return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered) + 0.5) - 1))]

    return {"p50": pick(0.50), "p95": pick(0.95), "p99": pick(0.99)}


async def decide(fake: Any, g: Any, game: Running, step: Step, timeout: float) -> None:
    """Send the owed decision of ``game`` and wait for the bot's reply."""
    to_act = g.to_act(game.state)
    text = choose(g, game.state, game.rng)
    try:
        h = await fake.send_slash_command(game.users[to_act.player], game.thread, game.command,
                                          {"action": text})
        msg = await h.reply(timeout=timeout)
        # when the answer reached the fake, not when this task woke up to look at it
        replied = h.reply_latency if h.reply_latency is not None else time.perf_counter() - h.sent_at
        if not msg.content.startswith(f"✅ Done: `{text}`"):  # or the workbench it opens
            step.errors.append(f"game {game.game_id} {text!r}: {msg.content[:120]}")
            return  # the replica no longer matches the bot's state: leave the game out
        events = g.apply(game.state, to_act.player, text)
        new_round = any(e.kind == "round" and e.to is None for e in events) or game.state.ended
        step.samples.append(Sample(h.latency or 0.0, replied, new_round))
        game.busy = False
    except TimeoutError:
        step.errors.append(f"game {game.game_id}: no reply to {text!r} within {timeout:g} s")


async def drive(fake: Any, g: Any, games: list[Running], *, rate: float, seconds: float,
                seed: int, timeout: float = 30.0, active: int | None = None) -> Step:
    """Offer ``rate`` decisions a second for ``seconds``, then wait for every reply.
    ``active``: played at once, the first of ``games`` not ended (a game that ends makes
    room for the next one), not all of them."""
    rng = random.Random(seed)
    step = Step(offered=rate)
    tasks: set[asyncio.Task[None]] = set()
    loop = asyncio.get_running_loop()
    start = loop.time()
    due = start
    ended = 0  # games[:ended] have all ended
    first = time.perf_counter()
    while True:
        due += rng.expovariate(rate)
        if due - start > seconds:
            break
        await asyncio.sleep(max(0.0, due - loop.time()))
        while ended < len(games) and games[ended].state.ended:
            ended += 1  # not read again at every arrival (1,680 games: 3% of the driver's CPU)
        live = itertools.islice((x for x in itertools.islice(games, ended, None)
                                 if not x.state.ended), active)
        idle = [x for x in live if not x.busy]
        if not idle:
            step.skipped += 1
            continue
        game = rng.choice(idle)
        game.busy = True
        step.sent += 1
        task = loop.create_task(decide(fake, g, game, step, timeout))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    if tasks:
        await asyncio.gather(*tasks)
    step.seconds = time.perf_counter() - first
    return step


def figures(step: Step) -> dict[str, Any]:
    """The step's achieved rate and latency percentiles (ms), all and round-ending decisions."""

    def ms(values: list[float]) -> dict[str, float]:
        return {k: round(v * 1000, 1) for k, v in percentiles(values).items()}

    maps = [s for s in step.samples if s.new_round]
    reply, callback = ms([s.reply_s for s in step.samples]), ms([s.callback_s for s in step.samples])
    map_reply, map_callback = ms([s.reply_s for s in maps]), ms([s.callback_s for s in maps])
    seconds = step.seconds or float("nan")
    return {
        "offered_per_s": step.offered, "sent": step.sent, "skipped": step.skipped,
        "decisions": len(step.samples), "map_decisions": len(maps), "seconds": round(seconds, 2),
        "decisions_per_s": round(len(step.samples) / seconds, 1),
        **{f"reply_{k}_ms": v for k, v in reply.items()},
        **{f"callback_{k}_ms": v for k, v in callback.items()},
        **{f"map_reply_{k}_ms": v for k, v in map_reply.items()},
        **{f"map_callback_{k}_ms": v for k, v in map_callback.items()},
        "max_reply_ms": round(max((s.reply_s for s in step.samples), default=0.0) * 1000, 1),
        "error_count": len(step.errors), "errors": step.errors[:10],
    }


# --- the bot process, from /proc -------------------------------------------------------------------


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (all its threads), from /proc."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    """Resident memory of a process (VmRSS), MB."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def descendants(pid: int) -> list[int]:
    """The live processes started by ``pid`` and by them (render workers and their server)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def usage(pid: int) -> dict[str, float]:
    """CPU seconds and RSS (MB) of the bot process and, apart, of the processes it started."""
    cpu = rss = 0.0
    for child in descendants(pid):
        try:
            cpu, rss = cpu + cpu_seconds(child), rss + rss_mb(child)
        except OSError:
            continue  # it ended meanwhile
    return {"bot_cpu_s": cpu_seconds(pid), "bot_rss_mb": rss_mb(pid), "workers_cpu_s": cpu,
            "workers_rss_mb": rss}
