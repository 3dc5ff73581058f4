"""``python bot.py`` in a subprocess, configured only through its environment and pointed at the
fake Discord that runs in the test process (for SIGKILL tests and the load benchmark)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from pathlib import Path

from tests.fakediscord import FakeDiscord

REPO = Path(__file__).resolve().parents[2]


#: ``bot.py``'s exit status when another process holds the database's lease
DATABASE_IN_USE = 3
OWNS = "owns the database"  # logged once this process holds the lease


def _ctrl_c_stops() -> None:
    """In the child before it runs bot.py: SIGINT back to its default, so ``stop``'s Ctrl-C
    reaches Python's KeyboardInterrupt. A suite started where SIGINT is ignored (a shell's
    background job: ``./scripts/test.sh &``, some CI runners) passed that on to every bot.py,
    which then ignored Ctrl-C: each clean stop ran out its 15 s and was SIGKILLed (test_owner's
    'assert -9 == 0', test_preflight's lease still held, test_service's stray resource_tracker
    line in a JSON log)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def identified(fake: FakeDiscord) -> int:
    return sum(1 for e in fake.gateway.log if e["event"] == "identify")


class BotProcess:
    """One run of ``python bot.py``; its output goes to ``log_path``."""

    def __init__(self, fake: FakeDiscord, db_path: Path, guild_id: str, log_path: Path, *,
                 extra_env: dict[str, str] | None = None, repo: Path = REPO,
                 python: str = sys.executable, game_seed: int | None = 0) -> None:
        self.fake = fake
        self.db_path = db_path
        self.guild_id = guild_id
        self.log_path = log_path
        self.extra_env = extra_env or {}
        self.repo = repo  # the checkout whose bot.py runs (the benchmark may compare another)
        self.python = python
        # game N starts from seed game_seed + N (GAME_SEED): the same games every run; None:
        # random seeds, as in production
        self.game_seed = game_seed
        self.proc: asyncio.subprocess.Process | None = None
        self.started_at = 0.0
        self.ready_at = 0.0

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
        env.update(
            DISCORD_TOKEN="fake-token",
            DATABASE_PATH=str(self.db_path),
            DISCORD_GUILD_ID=str(self.guild_id),
            DISCORD_API_BASE=self.fake.api_base,
            DISCORD_GATEWAY_URL=self.fake.gateway_url,
            LOG_LEVEL="INFO",
            PYTHONUNBUFFERED="1",
            # a short database lease: after a SIGKILL the next process starts within seconds
            OWNER_LEASE_SECONDS="2",
            OWNER_RENEW_SECONDS="0.5",
            # the fake sends its guilds at once: READY without discord.py's 2 s wait for more
            GUILD_READY_SECONDS="0.05",
        )
        if self.game_seed is not None:
            env["GAME_SEED"] = str(self.game_seed)
        env.update(self.extra_env)
        return env

    async def spawn(self) -> asyncio.subprocess.Process:
        with open(self.log_path, "ab") as out:
            self.started_at = time.perf_counter()
            self.proc = await asyncio.create_subprocess_exec(
                self.python, str(self.repo / "bot.py"), cwd=str(self.repo), env=self.env(),
                stdin=asyncio.subprocess.DEVNULL, stdout=out, stderr=out,
                preexec_fn=_ctrl_c_stops)
        return self.proc

    async def exit_status(self, timeout: float = 60.0) -> int:
        """Start the process and wait for it to end by itself (a refusal to start)."""
        proc = await self.spawn()
        return await asyncio.wait_for(proc.wait(), timeout)

    async def start(self, timeout: float = 60.0, *, wait_for_lease: bool = True) -> BotProcess:
        """Start the process and wait until it identified on the fake gateway and got READY.
        ``wait_for_lease``: while it refuses because a killed predecessor's lease on the
        database has not run out yet, start it again."""
        before = identified(self.fake)
        stop_at = time.perf_counter() + timeout
        while True:
            seen = len(self.output())
            proc = await self.spawn()
            if not wait_for_lease:
                break
            await self.fake.wait_for(lambda seen=seen, proc=proc: proc.returncode is not None
                                     or OWNS in self.output()[seen:], timeout, "the database lease")
            if proc.returncode != DATABASE_IN_USE or time.perf_counter() > stop_at:
                break
            await asyncio.sleep(0.3)

        def ready() -> bool:
            if self.proc is not None and self.proc.returncode is not None:
                raise RuntimeError(f"bot.py exited with {self.proc.returncode}:\n{self.output()[-3000:]}")
            return identified(self.fake) > before and self.fake.bot_connected

        await self.fake.wait_for(ready, timeout, "python bot.py to connect")
        # READY is handled, the guild is cached: give discord.py a moment to reach on_ready
        await self.fake.wait_for(lambda: "logged in as" in self.output(), timeout, "the bot's on_ready")
        self.ready_at = time.perf_counter()
        return self

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def output(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def rss_mb(self) -> float:
        """Resident memory of the bot process, from /proc."""
        with open(f"/proc/{self.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        raise RuntimeError("no VmRSS")

    async def kill(self) -> None:
        """SIGKILL: no cleanup of any kind, as when the machine loses power."""
        assert self.proc is not None
        if self.proc.returncode is None:
            os.kill(self.proc.pid, signal.SIGKILL)
        await self.proc.wait()

    async def stop(self, timeout: float = 15.0) -> int:
        """SIGINT (Ctrl-C), then SIGKILL if it does not exit in time."""
        assert self.proc is not None
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                await asyncio.wait_for(self.proc.wait(), timeout)
            except TimeoutError:
                await self.kill()
        return int(self.proc.returncode or 0)
