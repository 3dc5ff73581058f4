"""The whole bot within Discord's real limits: ``python -m benchmarks limits --json [--game G]
[--shards N] [--seconds S]`` (issue 29).

The real bot (``--shards`` processes) plays ``--games`` running games of each game at once (every
game by default, one after the other, each with a fresh bot and database; more games are made
than that where the sweep would end them all, ``running_games``: an ended game's place is taken
by the next) against a fake Discord that
enforces Discord's limits (``tests/fakediscord/limits.py``: 50 counted requests a second per bot
token across every process, interaction callbacks and webhooks exempt, per-route and
per-channel buckets). The open-loop driver of ``benchmarks e2e`` (``benchmarks/openloop.py``)
offers ``--rates`` one after the other, ``--seconds`` shared out between them (300 s by default;
``--seconds 120`` for a quick look), after ``--warmup`` seconds not counted, until a step misses (reply p99 over 100 ms, a global 429,
an error, or under 80% of the offered rate achieved).

Per game, the keys: ``counted_requests_per_decision`` (requests under the global limit, 429s
included, over the decisions replied to), ``sustained_per_s`` (the highest offered rate whose
reply p99 <= 100 ms with 0 global 429s), ``global_429``, ``route_429``, ``invalid_requests``
(401, 403 and 429 answers: Discord bans an address at 10,000 in 10 minutes), and beside them
``requests_per_decision`` (by route, the exempt ones included), ``dms_per_decision`` (of the
channel posts, those to DM channels), ``answers_per_decision`` (the hands shown in the answer
to the player's own decision instead: ephemeral follow-ups), ``exempt_per_decision``,
the event loop's longest stall as the bot logged it (``longest_stall_ms``, ``longest_stall_by``,
``stalls_over_250_ms``) and ``steps`` (each offered rate's figures, with the CPU the bot's
processes and its render workers used per decision: ``bot_cpu_ms_per_decision``,
``render_cpu_ms_per_decision``, from /proc: steadier than a p99 on a shared machine), and
``machine_ms``: the same pure-Python work timed before the game's bot starts and after it
stopped, and after each step (``machine_speed_ms``, the bot idle): this virtual machine's speed
moved from one minute to the next (44 to 78 ms for that work, idle; docs/limits.md, "Fifth
step"), so two runs compare only where these are close; and per step the disk's own stalls
(``disk_fsync_p50_ms``, ``disk_fsync_max_ms``, ``disk_stalls``, ``disk_stalled_ms``: a synced
4 KB write ten times a second beside the database, ``benchmarks/machine.py``): every reply
written while a fdatasync stalls waits with it. With one game
the keys are at the top level; with several, under ``games`` (and the load average at the start
and the end of the run beside them).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import math
import os
import random
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from referee.process import event_loop

from .e2e import bot_playing, driver_collects_between_steps, per_route, stalls
from .machine import SLOW_MS, DiskProbe, machine_speed_ms
from .openloop import drive, figures

TARGET_REPLY_P99_MS = 100.0
KEEPS_UP = 0.8
RATES = "10,25,50,75,100,150"
GAMES = ("stella-digger", "mining-colony", "white-ranium", "out-of-mine")


def decisions_left(g: Any, samples: int = 20, most: int = 2000) -> float:
    """How many decisions a running game of the fill has left on average: ``samples`` games
    dealt as ``e2e_fill`` deals them, played to their end (at most ``most``) by its player."""
    from .e2e_fill import choose, dealt, game_options, players_of

    left = []
    for i in range(samples):
        players = players_of(g, i)
        ids = [str(10_000 + k) for k in range(players)]
        state = g.new_game(ids, game_options(g), 7919 + i, {p: p for p in ids})
        rng, made = random.Random(i), 0
        while not state.ended and made < most:
            g.apply(state, g.to_act(state).player, choose(g, state, rng))
            made += 1
        left.append(max(1, made - dealt(players)))  # the fill stores that many first
    return sum(left) / len(left)


def games_needed(args: argparse.Namespace, g: Any, rates: list[float], per_step: float) -> int:
    """The games to make: ``--games``, or more when the sweep could play that many to their
    end: a step whose games have ended finds none to offer its decisions to (Out of Mine!'s
    200 ended in its 75/s step, which then measured 18 decisions a second). Twice what the
    whole sweep offers; ``--games`` of them are played at once (``drive``'s ``active``)."""
    offered = sum(rates) * per_step + rates[0] * args.warmup
    return max(args.games, math.ceil(2 * offered / decisions_left(g)))


async def one_game(args: argparse.Namespace, game: str, work: Path) -> dict[str, Any]:
    from engine import get_game
    from tests.e2e.buckets import BucketedFakeDiscord
    from tests.fakediscord.limits import Limits
    from tests.fakediscord.state import DM

    g = get_game(game)
    fake = BucketedFakeDiscord()  # its headers are replaced by the limits' own
    fake.limits = limits = Limits()
    await fake.start()
    rates = [float(r) for r in args.rates.split(",")]
    per_step = max(1.0, args.seconds / len(rates))
    active = args.games  # played at once; the ones behind them take an ended game's place
    running = games_needed(args, g, rates, per_step)
    args = argparse.Namespace(**{**vars(args), "games": running, "stored": running})
    steps: list[dict[str, Any]] = []
    machine = [machine_speed_ms()]
    try:
        with DiskProbe(work) as disk:  # the disk's own stalls, step by step
            async with bot_playing(fake, args, work, game) as (bot, games, _fill_s):
                await asyncio.sleep(1.0)  # the start's requests (commands, resumes) left behind
                if args.warmup > 0:  # not counted: the first pictures, caches, workers
                    await drive(fake, g, games, rate=rates[0], seconds=args.warmup,
                                seed=args.seed, active=active)
                    await asyncio.sleep(1.0)
                seen, before = len(fake.requests), limits.counts.copy()
                for k, rate in enumerate(rates):
                    at, cpu_at, disk_at = limits.counts.copy(), cpu_seconds(bot.pid), disk.mark()
                    with driver_collects_between_steps():
                        step = figures(await drive(fake, g, games, rate=rate, seconds=per_step,
                                                   seed=args.seed + 100 + k, active=active))
                    await asyncio.sleep(1.0)  # the step's posts drained (counted with it)
                    step["machine_ms"] = machine_speed_ms()  # the machine just then, the bot idle
                    step.update(disk.since(disk_at))
                    step["errors"] = step["errors"][:3]
                    step.update({key: limits.counts[key] - at[key]
                                 for key in ("counted", "global_429", "route_429", "invalid")})
                    step.update(cpu_per_decision(cpu_at, cpu_seconds(bot.pid), step["decisions"]))
                    steps.append(step)
                    if (step["reply_p99_ms"] > TARGET_REPLY_P99_MS or step["global_429"]
                            or step["error_count"] or step["decisions_per_s"] < KEEPS_UP * rate):
                        break
    finally:
        await fake.stop()
    machine.append(machine_speed_ms())
    output = bot.output()  # with the stall summary the bot logs as it stops
    decisions = max(1, sum(s["decisions"] for s in steps))
    counted = {key: limits.counts[key] - before[key] for key in limits.counts}
    ok = [s for s in steps if s["reply_p99_ms"] <= TARGET_REPLY_P99_MS and not s["global_429"]
          and not s["error_count"]]
    return {
        "game": game,
        "running_games": running,
        "counted_requests_per_decision": round(counted.get("counted", 0) / decisions, 3),
        "sustained_per_s": max((s["offered_per_s"] for s in ok), default=0.0),
        "global_429": counted.get("global_429", 0),
        "route_429": counted.get("route_429", 0),
        "invalid_requests": counted.get("invalid", 0),
        "exempt_per_decision": round(counted.get("exempt", 0) / decisions, 3),
        "decisions": decisions,
        "requests_per_decision": per_route(fake.requests[seen:], decisions),
        "dms_per_decision": round(sum(1 for r in fake.requests[seen:] if r.method == "POST"
                                      and r.route == "/channels/{channel_id}/messages"
                                      and fake.channels[r.path.split("/")[2]].type == DM)
                                  / decisions, 3),
        # the hands shown in the answer to their own decision instead (not counted: an
        # ephemeral follow-up, flag 64)
        "answers_per_decision": round(sum(
            1 for r in fake.requests[seen:] if r.method == "POST"
            and r.route == "/webhooks/{app_id}/{token}" and isinstance(r.json, dict)
            and int(r.json.get("flags") or 0) & 64) / decisions, 3),
        "error_count": sum(s["error_count"] for s in steps),
        "rate_limit_warnings": output.count("We are being rate limited"),
        **stalls(output),
        "machine_ms": machine,
        "steps": steps,
    }


def cpu_seconds(pid: int) -> dict[str, float]:
    """CPU seconds (user and system) the bot's process tree has used so far: ``bot`` its
    processes running bot.py (a shard each with ``--shards``), ``render`` the rest (the render
    pool's workers), ``harness`` this process (the fake Discord and the driver); {} where /proc
    can't tell (not Linux)."""
    tick = os.sysconf("SC_CLK_TCK")
    used: dict[int, tuple[int, str, float]] = {}  # pid -> (parent, command, seconds)
    try:
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                with open(f"/proc/{entry}/cmdline", "rb") as f:
                    command = f.read().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue  # gone meanwhile
            used[int(entry)] = (int(fields[1]), command, (int(fields[11]) + int(fields[12])) / tick)
    except OSError:
        return {}
    tree, grown = {pid}, True
    while grown:
        more = {p for p, (parent, _, _) in used.items() if parent in tree} - tree
        tree |= more
        grown = bool(more)
    out = {"bot": 0.0, "render": 0.0, "harness": sum(os.times()[:2])}
    for p in tree & used.keys():
        out["bot" if "bot.py" in used[p][1] else "render"] += used[p][2]
    return out


def cpu_per_decision(before: dict[str, float], after: dict[str, float],
                     decisions: int) -> dict[str, float | None]:
    """A step's CPU milliseconds per decision: the bot's processes, its render workers and
    this benchmark's own process (the fake Discord and the driver: on the same cores)."""
    return {f"{part}_cpu_ms_per_decision":
            round((after[part] - before[part]) * 1000 / decisions, 2)
            if decisions and part in before and part in after else None
            for part in ("bot", "render", "harness")}


async def acquire_cost(url: str | None, n: int = 2000) -> dict[str, Any]:
    """What one ``RestBudget.acquire`` costs (ms, p50/p99) in the process and, given a
    PostgreSQL ``url``, through the shared row (``db.storage.budget``), with no waiting (a huge rate)."""
    from db import Database
    from referee.process.budget import RestBudget

    from .openloop import percentiles

    async def timed(budget: RestBudget) -> dict[str, float]:
        took = []
        for _ in range(n):
            t0 = time.perf_counter()
            await budget.acquire()
            took.append(time.perf_counter() - t0)
        return {k: round(v * 1000, 4) for k, v in percentiles(took).items()}

    result = {"in_process_ms": await timed(RestBudget(1e9, 1))}
    if url:  # in a schema of its own, dropped after
        import asyncpg

        schema = f"limits_bench_{os.getpid()}"
        conn = await asyncpg.connect(url)
        await conn.execute(f'CREATE SCHEMA "{schema}"')
        try:
            db = await Database.open(f"{url}{'&' if '?' in url else '?'}search_path={schema}")
            try:
                shared = RestBudget(1e9, 1)
                shared.share_through(db, "benchmark")
                result["postgresql_ms"] = await timed(shared)
            finally:
                await db.close()
        finally:
            await conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
            await conn.close()
    return result


@contextlib.asynccontextmanager
async def database(args: argparse.Namespace, game: str) -> AsyncIterator[None]:
    """With ``--url``: the bot's database (every shard's, so they share the REST budget's row)
    is a schema of its own on that PostgreSQL server, dropped after (``args.database_url``);
    else each run's SQLite file."""
    args.database_url = None
    if not args.url:
        yield
        return
    import asyncpg

    schema = f"limits_bench_{os.getpid()}_{game.replace('-', '_')}"
    conn = await asyncpg.connect(args.url)
    await conn.execute(f'CREATE SCHEMA "{schema}"')
    try:
        args.database_url = f"{args.url}{'&' if '?' in args.url else '?'}search_path={schema}"
        yield
    finally:
        args.database_url = None
        await conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
        await conn.close()


async def run(args: argparse.Namespace) -> dict[str, Any]:
    if args.acquire_cost:
        return {"load_avg": [round(x, 2) for x in os.getloadavg()],
                **await acquire_cost(args.url)}
    result: dict[str, Any] = {"load_avg": [round(x, 2) for x in os.getloadavg()],
                              "cpus": os.cpu_count(), "shards": args.shards,
                              "seconds": args.seconds,
                              "database": "postgresql" if args.url else "sqlite"}
    found = []
    for game in ([args.game] if args.game else GAMES):
        with tempfile.TemporaryDirectory(prefix="limits-bench-", dir=args.dir) as tmp:
            async with database(args, game):
                found.append(await one_game(args, game, Path(tmp)))
    result["load_avg_after"] = [round(x, 2) for x in os.getloadavg()]
    if len(found) == 1:
        result.update(found[0])
    else:
        result["games"] = {r["game"]: r for r in found}
        result["error_count"] = sum(r["error_count"] for r in found)
    return result


def report(result: dict[str, Any]) -> str:
    lines = [f"machine: {result['cpus']} CPUs, load average {result['load_avg']} at start, "
             f"{result['load_avg_after']} at the end; {result['shards']} shard(s)"]
    for r in result.get("games", {}).values() or [result]:
        lines.append(
            f"{r['game']}: {r['counted_requests_per_decision']} counted requests/decision "
            f"({r['exempt_per_decision']} exempt), sustained {r['sustained_per_s']:g}/s, "
            f"global 429s {r['global_429']}, route 429s {r['route_429']}, invalid "
            f"{r['invalid_requests']}, {r['error_count']} errors")
        for s in r["steps"]:
            lines.append(f"  offered {s['offered_per_s']:g}/s -> {s['decisions_per_s']}/s, reply "
                         f"p99 {s['reply_p99_ms']} ms, {s['counted']} counted, "
                         f"{s['global_429']} global / {s['route_429']} route 429s, CPU "
                         f"{s['bot_cpu_ms_per_decision']} ms bot + "
                         f"{s['render_cpu_ms_per_decision']} ms pictures a decision "
                         f"({s.get('harness_cpu_ms_per_decision')} ms the fake Discord's; "
                         f"the machine {s.get('machine_ms')} ms)")
            if s.get("disk_fsyncs"):
                lines.append(f"    the disk meanwhile: fdatasync p50 {s['disk_fsync_p50_ms']} ms, "
                             f"longest {s['disk_fsync_max_ms']} ms, {s['disk_stalls']} over "
                             f"{SLOW_MS:g} ms ({s['disk_stalled_ms']} ms in them)")
        lines.append(f"  the machine: {r['machine_ms'][0]} ms before, {r['machine_ms'][1]} ms "
                     f"after for the same Python work (compare runs where these are close)")
        lines.append(f"  event loop: longest stall {r['longest_stall_ms']} ms "
                     f"({r['longest_stall_by']}), {r['stalls_over_250_ms']} over 250 ms")
        lines.append("  per decision: " + ", ".join(
            f"{k} {v:g}" for k, v in r["requests_per_decision"].items()))
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks limits")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--game", default=None, choices=GAMES, help="one game (default: all four)")
    parser.add_argument("--shards", type=int, default=1, help="SHARDS=N bot processes")
    parser.add_argument("--seconds", type=float, default=300.0,
                        help="length of each game's run, shared out between the offered rates")
    parser.add_argument("--rates", default=RATES, help="offered decisions per second, in order")
    parser.add_argument("--games", type=int, default=200, help="running games played at once")
    parser.add_argument("--warmup", type=float, default=3.0,
                        help="seconds at the first rate before measuring (not counted)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dir", default=None, help="where the databases go")
    parser.add_argument("--bot-dir", default=None,
                        help="run DIR/bot.py (another checkout: the figures before a change)")
    parser.add_argument("--acquire-cost", action="store_true",
                        help="only time one acquire of the REST budget (in the process; through "
                             "PostgreSQL with --url)")
    parser.add_argument("--url", default=None,
                        help="a PostgreSQL URL: the bot's database (its shards share the REST "
                             "budget through it), and --acquire-cost's")
    args = parser.parse_args(argv)
    args.stored = args.games
    logging.basicConfig(level=logging.ERROR)
    result = event_loop.run(run(args))
    text = json.dumps(result, ensure_ascii=False)
    print(text if args.json or args.acquire_cost else report(result))
    return 1 if result.get("error_count") else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
