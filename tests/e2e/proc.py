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


def identified(fake: FakeDiscord) -> int:
    return sum(1 for e in fake.gateway.log if e["event"] == "identify")


class BotProcess:
    """One run of ``python bot.py``; its output goes to ``log_path``."""

    def __init__(self, fake: FakeDiscord, db_path: Path, guild_id: str, log_path: Path, *,
                 extra_env: dict[str, str] | None = None) -> None:
        self.fake = fake
        self.db_path = db_path
        self.guild_id = guild_id
        self.log_path = log_path
        self.extra_env = extra_env or {}
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
        )
        env.update(self.extra_env)
        return env

    async def start(self, timeout: float = 60.0) -> BotProcess:
        """Start the process and wait until it identified on the fake gateway and got READY."""
        before = identified(self.fake)
        with open(self.log_path, "ab") as out:
            self.started_at = time.perf_counter()
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, str(REPO / "bot.py"), cwd=str(REPO), env=self.env(),
                stdin=asyncio.subprocess.DEVNULL, stdout=out, stderr=out)

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
