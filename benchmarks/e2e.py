"""End-to-end load benchmark: ``python -m benchmarks e2e [--json] [--sweep] [options]``.

The real bot (``python bot.py``, a subprocess) runs against the fake Discord of
``tests/fakediscord`` served on 127.0.0.1 by this process, which also acts as the players.

1. **Load.** The database holds ``--stored`` games (default 1,000): ``--games`` (200) running
   games, dealt and under way, and the rest finished (whole games, decision logs and results).
   The running games are then played by an open-loop driver (``benchmarks/openloop.py``):
   decisions are sent on a Poisson schedule at ``--rate`` (50) a second for ``--seconds`` (20),
   after ``--warmup`` seconds at the same rate that are not counted, each a real ``/stella do``
   interaction, whatever the bot answers. Reported: the achieved rate (decisions replied to /
   the time from the first send to the last reply), interaction -> reply ("✅ Done", what the
   player waits for; target p99 <= 100 ms) and interaction -> callback (Discord's 3-second limit
   applies to it; target p99 <= 50 ms) p50/p95/p99 for all decisions and for those that end a
   round (the bot draws and posts the round map), the CPU per decision of the bot process and of
   the processes it started (render workers), and their resident memory (VmRSS).
   The fake answers with rate-limit headers (``tests/e2e/buckets.py``) as Discord does, so
   discord.py does not send one request per route at a time (``--plain-fake``: without).
2. **Sweep** (``--sweep``): the same bot is offered ``--sweep-rates`` one after the other
   (``--seconds`` each) until it achieves less than 80% of the offered rate. One process's
   saturation rate is the highest achieved rate whose reply p99 stays <= 250 ms (the target:
   >= 200/s); the highest achieved rate whatever the latency is reported beside it.
3. **Resume.** A database with ``--resume`` (10,000) running games, each in its thread with its
   turn prompt as the last message (as the bot left them); a ``RefereeBot`` (in this process) is
   started on it and timed until it is connected and has resumed every game (``Referee.resume``
   and the work it spawns; target < 2 s).

``--shards N`` runs ``SHARDS=N python bot.py`` with the games shared out between N guilds, one
per shard (to compare 2 shards with 1 on the same machine). ``--bot-dir DIR`` runs ``DIR/bot.py`` (another checkout, e.g. main before a change; with
``DIR/.venv/bin/python`` if there is one) in the load and sweep phases, to compare two versions with the same driver on the same machine; the resume
phase always runs this checkout. For a quick run: ``--games 20 --stored 20 --seconds 5 --rate 10
--resume 500``. ``--json`` prints every figure (``reply_p99_ms``, ``callback_p99_ms``,
``decisions_per_s``, ``cpu_ms_per_decision``, ``rss_mb``, ``saturation_per_s``, ``resume_10k_s``,
``longest_stall_ms`` (the event loop's longest stall in the bot, ``referee.process.looplag``),
``load_avg`` ...).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import logging
import os
import re
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

from db import games as games_db
from referee.process import event_loop
from referee.process.looplag import SUMMARY

from .e2e_fill import fill, fill_resume
from .openloop import drive, figures, usage

TARGET_REPLY_P99_MS = 100.0
TARGET_CALLBACK_P99_MS = 50.0
SATURATION_P99_MS = 250.0
KEEPS_UP = 0.8  # a sweep step whose achieved rate is below this share of the offered one ends it
TARGET_RESUME_S = 2.0
SWEEP_RATES = "25,50,100,150,200,300,400"


@contextlib.contextmanager
def driver_collects_between_steps() -> Iterator[None]:
    """No full collection in this (the driver's and fake Discord's) process during a step: the
    fake keeps every request and message it was sent, and at 185 decisions/s Python's collector
    walked them all every few seconds, stopping this event loop for 90-200 ms each time, which
    showed up as the bot's reply p99. The heap is collected before the step instead, outside
    what is measured; the young generations still collect as usual during it."""
    gc.collect()
    young, middle, old = gc.get_threshold()
    gc.set_threshold(young, middle, 1_000_000)
    try:
        yield
    finally:
        gc.set_threshold(young, middle, old)


async def measured(fake: Any, g: Any, games: list[Any], pid: int, *, rate: float, seconds: float,
                   seed: int) -> dict[str, Any]:
    """One open-loop step with the bot's CPU and memory around it."""
    before = usage(pid)
    seen = len(fake.requests)
    sent = {s.id: s.seq for s in fake.gateway.sessions.values()}
    with driver_collects_between_steps():
        step = await drive(fake, g, games, rate=rate, seconds=seconds, seed=seed)
    after = usage(pid)
    result = figures(step)
    n = max(1, result["decisions"])
    bot_cpu = after["bot_cpu_s"] - before["bot_cpu_s"]
    workers_cpu = after["workers_cpu_s"] - before["workers_cpu_s"]
    result.update(
        cpu_ms_per_decision=round(1000 * bot_cpu / n, 2),
        workers_cpu_ms_per_decision=round(1000 * max(0.0, workers_cpu) / n, 2),
        bot_cpu_cores=round(bot_cpu / step.seconds, 2) if step.seconds else 0.0,
        rss_mb=round(after["bot_rss_mb"], 1), workers_rss_mb=round(after["workers_rss_mb"], 1),
        requests_per_decision=per_route(fake.requests[seen:], n),
        events_per_decision=per_event(fake, sent, n),
    )
    return result


def per_event(fake: Any, sent: dict[str, int], decisions: int) -> dict[str, float]:
    """Gateway events dispatched to the bot per decision, by type (most first): ``sent`` holds
    each session's sequence number before the step. A session keeps its last 5,000 events (for
    RESUME), so a step that sent more is counted from those: printed for the 50/s step only."""
    counts: dict[str, int] = {}
    for session in fake.gateway.sessions.values():
        for payload in session.history:
            if payload["s"] > sent.get(session.id, 0):
                counts[payload["t"]] = counts.get(payload["t"], 0) + 1
    return {k: round(v / decisions, 2) for k, v in sorted(counts.items(), key=lambda kv: -kv[1])}


def per_route(requests: list[Any], decisions: int) -> dict[str, float]:
    """REST requests the bot sent per decision, by method and route template (most first)."""
    counts: dict[str, int] = {}
    for r in requests:
        key = f"{r.method} {r.route or r.path}"
        counts[key] = counts.get(key, 0) + 1
    return {k: round(v / decisions, 2) for k, v in sorted(counts.items(), key=lambda kv: -kv[1])}


_SUMMARY = re.compile(re.escape(SUMMARY) + r" (\d+) ms(?: \((.*)\))?; (\d+) stall")


def stalls(output: str) -> dict[str, Any]:
    """The event loop's stalls as the bot logged them at its stop (``referee.process.looplag``; the
    longest of every shard's): ``longest_stall_ms`` (None for a bot without the monitor,
    ``--bot-dir``), what held the loop then, how many stalls over 250 ms, and discord.py's
    "Can't keep up" warnings (its heartbeat ACK over 10 s after the heartbeat) with the loop
    held, and those the bot found to be its keep-alive race (``cogs.common.KeepUpFilter``)."""
    found = [m.groups() for m in _SUMMARY.finditer(output)]
    longest = max(found, key=lambda f: int(f[0]), default=None)
    return {"longest_stall_ms": None if longest is None else int(longest[0]),
            "longest_stall_by": None if longest is None else longest[1],
            "stalls_over_250_ms": sum(int(f[2]) for f in found),
            "cant_keep_up": output.count("Can't keep up"),
            "keep_alive_races": output.count("a race with a quick gateway")}


@contextlib.asynccontextmanager
async def bot_playing(fake: Any, args: argparse.Namespace, work: Path,
                      game: str = "stella-digger") -> AsyncIterator[tuple[Any, list[Any], float]]:
    """The real bot (``--shards`` processes, ``--bot-dir``'s) started on ``fake`` (started) with
    ``--games`` running games of ``game`` (and ``--stored`` in all) shared out between the
    shards' guilds: (the bot process, the running games, the seconds the filling took). The bot
    is stopped at the end."""
    from referee.process.shards import shard_of
    from tests.e2e.proc import REPO, BotProcess

    shards = max(1, args.shards)
    guilds: dict[int, Any] = {}  # shard id -> the guild its games are in
    while len(guilds) < shards:
        guild = fake.add_guild(f"bench {len(guilds)}")
        guilds.setdefault(shard_of(int(guild.id), shards), guild)
    url = getattr(args, "database_url", None)  # a PostgreSQL database every shard shares
    db_path: Path | str = url or work / "load.sqlite3"
    t0 = time.perf_counter()
    games = []
    for k, guild in sorted(guilds.items()):  # the games shared out between the shards
        running = args.games // shards + (1 if k < args.games % shards else 0)
        games += await fill(db_path, fake, guild, guild.add_text_channel("games"),
                            running=running, seed=args.seed + 1000 * k, game=game,
                            finished=max(0, args.stored - args.games) if k == 0 else 0)
    guild = guilds[0]
    fill_s = time.perf_counter() - t0
    repo = Path(args.bot_dir).resolve() if getattr(args, "bot_dir", None) else REPO
    venv = repo / ".venv" / "bin" / "python"  # its own packages, if it has them
    python = str(venv) if repo != REPO and venv.exists() else sys.executable
    env = {} if shards == 1 else {"SHARDS": str(shards), "DISCORD_GUILD_ID": ""}
    if url:
        env["DATABASE_URL"] = url
    bot = await BotProcess(fake, Path(work / "load.sqlite3") if url else Path(db_path), guild.id, work / "bot.log", repo=repo, python=python,
                           extra_env=env, game_seed=None).start()  # random seeds, as in production
    try:
        if shards > 1:  # every shard connected and ready
            await fake.wait_for(lambda: bot.output().count("logged in as") >= shards, 120,
                                "every shard ready")
        yield bot, games, fill_s
    finally:
        await bot.stop()


async def load_phase(args: argparse.Namespace, work: Path) -> dict[str, Any]:
    from engine import get_game
    from tests.e2e.buckets import BucketedFakeDiscord
    from tests.e2e.proc import REPO
    from tests.fakediscord import FakeDiscord

    g = get_game("stella-digger")
    fake = FakeDiscord() if args.plain_fake else BucketedFakeDiscord()
    await fake.start()
    try:
        repo = Path(args.bot_dir).resolve() if args.bot_dir else None
        async with bot_playing(fake, args, work) as (bot, games, fill_s):
            idle = usage(bot.pid)
            cpu_self = time.process_time()
            if args.warmup > 0:
                await drive(fake, g, games, rate=args.rate, seconds=args.warmup, seed=args.seed + 1)
            result = await measured(fake, g, games, bot.pid, rate=args.rate, seconds=args.seconds,
                                    seed=args.seed)
            result["driver_cpu_s"] = round(time.process_time() - cpu_self, 1)
            sweep: list[dict[str, Any]] = []
            if args.sweep:
                for k, rate in enumerate(float(r) for r in args.sweep_rates.split(",")):
                    await asyncio.sleep(1.0)  # let the last step's posts drain
                    step = await measured(fake, g, games, bot.pid, rate=rate, seconds=args.seconds,
                                          seed=args.seed + 100 + k)
                    sweep.append(step)
                    if step["error_count"] or step["decisions_per_s"] < KEEPS_UP * rate:
                        break  # past what the process can take
        result.update(stalls(bot.output()))
        result.update(games=len(games), stored=args.stored, fill_s=round(fill_s, 1),
                      rss_idle_mb=round(idle["bot_rss_mb"], 1), bot=str(repo or REPO))
        if args.sweep:
            ok = [s for s in sweep if s["reply_p99_ms"] <= SATURATION_P99_MS and not s["error_count"]]
            result["sweep"] = [{k: v for k, v in s.items() if k != "errors"} for s in sweep]
            result["saturation_per_s"] = max((s["decisions_per_s"] for s in ok), default=0.0)
            result["max_achieved_per_s"] = max((s["decisions_per_s"] for s in sweep), default=0.0)
            result["error_count"] += sum(s["error_count"] for s in sweep)
        return result
    finally:
        await fake.stop()


async def resume_phase(args: argparse.Namespace, work: Path) -> dict[str, Any]:
    from bot import RefereeBot
    from referee.process.config import Settings
    from tests.fakediscord import FakeDiscord
    from tests.fakediscord.discordpy import BotRunner, point_discord_py_at

    db_path = work / "resume.sqlite3"
    fake = FakeDiscord()
    await fake.start()
    restore = point_discord_py_at(fake.api_base, fake.gateway_url)
    try:
        guild = fake.add_guild("bench")
        t0 = time.perf_counter()
        await fill_resume(db_path, args.resume, fake, guild, seed=args.seed)
        fill_s = time.perf_counter() - t0
        posts_before = len(fake.requests_matching("POST", "/channels/*/messages"))
        settings = Settings(_env_file=None, database_path=db_path, discord_guild_id=int(guild.id),  # type: ignore[call-arg]
                            discord_token="fake-token", log_level="WARNING")
        bot = RefereeBot(settings)
        runner = BotRunner(bot)
        t0 = time.perf_counter()
        await runner.start()
        ready = time.perf_counter() - t0
        assert bot.referee is not None
        await bot.referee.idle()
        resumed = time.perf_counter() - t0
        running = len(await games_db.running_games(bot.referee.db))
        reposted = len(fake.requests_matching("POST", "/channels/*/messages")) - posts_before
        requests = len(fake.requests)
        await runner.stop()
    finally:
        restore()
        await fake.stop()
    return {"resume_games": running, "resume_10k_s": round(resumed, 3), "resume_ready_s": round(ready, 3),
            "resume_fill_s": round(fill_s, 1), "resume_requests": requests, "resume_reposted": reposted}


async def run(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="stella-e2e-bench-", dir=args.dir) as tmp:
        work = Path(tmp)
        result: dict[str, Any] = {"load_avg": [round(x, 2) for x in os.getloadavg()],
                                  "cpus": os.cpu_count()}
        if args.games:
            result.update(await load_phase(args, work))
        if args.resume:
            result.update(await resume_phase(args, work))
        result["load_avg_after"] = [round(x, 2) for x in os.getloadavg()]
        return result


def _meets(value: float, target: float) -> str:
    return "meets" if value <= target else "MISSES"


def report(result: dict[str, Any]) -> str:
    lines = [f"machine: {result['cpus']} CPUs, load average {result['load_avg']} at start, "
             f"{result['load_avg_after']} at the end"]
    if "reply_p99_ms" in result:
        r = result
        lines += [
            f"load: {r['games']} running games ({r['stored']} stored), bot {r['bot']}",
            f"  offered {r['offered_per_s']:g}/s for {r['seconds']} s: {r['decisions']} decisions replied, "
            f"{r['decisions_per_s']}/s achieved ({r['skipped']} arrivals found every game busy); "
            f"{r['error_count']} errors",
            f"  interaction -> reply     p50 {r['reply_p50_ms']} ms  p95 {r['reply_p95_ms']} ms  "
            f"p99 {r['reply_p99_ms']} ms  ({_meets(r['reply_p99_ms'], TARGET_REPLY_P99_MS)} the "
            f"p99 <= {TARGET_REPLY_P99_MS:g} ms target)",
            f"  interaction -> callback  p50 {r['callback_p50_ms']} ms  p95 {r['callback_p95_ms']} ms  "
            f"p99 {r['callback_p99_ms']} ms  ({_meets(r['callback_p99_ms'], TARGET_CALLBACK_P99_MS)} the "
            f"p99 <= {TARGET_CALLBACK_P99_MS:g} ms target)",
            f"  round-ending decisions ({r['map_decisions']}, map drawn and posted): reply p50 "
            f"{r['map_reply_p50_ms']} ms p99 {r['map_reply_p99_ms']} ms; callback p99 {r['map_callback_p99_ms']} ms",
            f"  CPU per decision: bot process {r['cpu_ms_per_decision']} ms, render workers "
            f"{r['workers_cpu_ms_per_decision']} ms (bot {r['bot_cpu_cores']} cores busy; "
            f"driver and fake Discord {r['driver_cpu_s']} CPU s)",
            "  REST requests per decision: " + ", ".join(
                f"{k} {v:g}" for k, v in r["requests_per_decision"].items()) + (
                f" ({sum(r['requests_per_decision'].values()):.2f} in all)"),
            "  gateway events per decision: " + ", ".join(
                f"{k} {v:g}" for k, v in r["events_per_decision"].items()) + (
                f" ({sum(r['events_per_decision'].values()):.2f} in all)"),
            f"memory: bot RSS {r['rss_mb']} MB after the load ({r['rss_idle_mb']} MB at start), "
            f"render workers {r['workers_rss_mb']} MB",
            "event loop: " + ("not measured (a bot without referee/process/looplag.py)"
                              if r.get("longest_stall_ms") is None else
                              f"longest stall {r['longest_stall_ms']} ms"
                              + (f" ({r['longest_stall_by']})" if r.get("longest_stall_by") else "")
                              + f", {r['stalls_over_250_ms']} stall(s) over 250 ms")
            + f"; discord.py's \"Can't keep up\": {r.get('cant_keep_up', 0)} with the loop held, "
            f"{r.get('keep_alive_races', 0)} its keep-alive race",
        ]
        for s in r.get("sweep", []):
            lines.append(f"  sweep: offered {s['offered_per_s']:g}/s -> {s['decisions_per_s']}/s, reply p50 "
                         f"{s['reply_p50_ms']} p99 {s['reply_p99_ms']} ms, callback p99 {s['callback_p99_ms']} ms, "
                         f"{s['cpu_ms_per_decision']} ms CPU/decision, {s['error_count']} errors")
        if "saturation_per_s" in r:
            lines.append(f"  saturation (reply p99 <= {SATURATION_P99_MS:g} ms): {r['saturation_per_s']}/s; "
                         f"most achieved at any latency: {r['max_achieved_per_s']}/s")
        lines += [f"  error: {e}" for e in r["errors"]]
    if "resume_10k_s" in result:
        ok = "meets" if result["resume_10k_s"] < TARGET_RESUME_S else "MISSES"
        lines.append(f"resume: {result['resume_games']} running games resumed in {result['resume_10k_s']} s "
                     f"(connected after {result['resume_ready_s']} s; {ok} the < {TARGET_RESUME_S:g} s target); "
                     f"{result['resume_requests']} REST requests, {result['resume_reposted']} prompts posted again")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks e2e")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--games", type=int, default=200, help="running games played at once (0: skip)")
    parser.add_argument("--stored", type=int, default=1000, help="games in the database, running ones included")
    parser.add_argument("--rate", type=float, default=50.0, help="offered decisions per second (Poisson)")
    parser.add_argument("--seconds", type=float, default=20.0, help="length of the measured run (and of each sweep step)")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds at --rate before measuring (not counted)")
    parser.add_argument("--sweep", action="store_true", help="then raise the offered rate step by step")
    parser.add_argument("--sweep-rates", default=SWEEP_RATES, help="offered rates of the sweep, comma-separated")
    parser.add_argument("--resume", type=int, default=10_000, help="running games to resume (0: skip)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot-dir", default=None, help="run DIR/bot.py (another checkout) in the load phase")
    parser.add_argument("--shards", type=int, default=1,
                        help="SHARDS=N bot processes (games shared out between N guilds, one per shard); "
                             "the bot's CPU and memory are then the launcher's and the shards' are "
                             "counted with the workers")
    parser.add_argument("--plain-fake", action="store_true",
                        help="answer without rate-limit headers (discord.py then sends one request per route at a time)")
    parser.add_argument("--dir", default=None,
                        help="where the databases go (default: the system temp dir; /dev/shm: no disk)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.ERROR)
    # The driver and the fake Discord run on the bot's default loop (uvloop where installed):
    # they share the machine's cores with the bot, and every CPU second they save is the bot's.
    result = event_loop.run(run(args))
    print(json.dumps(result, ensure_ascii=False) if args.json else report(result))
    if result.get("error_count"):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
