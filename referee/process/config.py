"""Settings from the environment and ``.env`` (pydantic-settings). See ``.env.example``."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from db.storage.sqlite import OLD_DEFAULT_PATH, default_path
from referee.process import event_loop as event_loops


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = None
    # default: mining-referee.sqlite3, or stella.sqlite3 where a bot made before the rename
    # keeps its games (db.storage.sqlite.default_path)
    database_path: Path = Field(default_factory=default_path)
    # A PostgreSQL server instead of the SQLite file (db/storage/postgres.py), e.g. for several
    # machines: postgresql://user:password@host:5432/dbname. Unset: DATABASE_PATH.
    database_url: SecretStr | None = None  # secret: it may hold a password
    discord_guild_id: int | None = None
    log_level: str = "INFO"
    # Point the bot at another Discord (a local fake server in tests); unset in production.
    discord_api_base: str | None = None
    discord_gateway_url: str | None = None
    # Tests only: game N starts from seed GAME_SEED + N instead of a random one, so a test that
    # runs ``python bot.py`` plays the same game every run. Unset in production.
    game_seed: int | None = Field(None, ge=0)
    # Tests only: discord.py waits this long after the last GUILD_CREATE before READY (its
    # ``guild_ready_timeout``, 2 s by default); a fake Discord sends every guild at once.
    guild_ready_seconds: float = Field(2.0, ge=0)
    # Game defaults.
    default_turn_hours: float = Field(24.0, gt=0)
    absent_after: int = Field(3, ge=1)
    ai_workers: int = Field(1, ge=1, le=8)
    # After a restart, a deadline that passed while the bot was down moves to start + this.
    restart_grace_minutes: float = Field(10.0, ge=0)
    # A lobby nobody started within this many hours of its last change closes (referee/desks/expiry.py).
    lobby_expiry_hours: float = Field(48.0, gt=0)
    # The database lease (db/storage/lease.py): renewed this often, runs out this long after the last
    # renewal (a crashed bot's successor waits at most that long).
    owner_lease_seconds: float = Field(45.0, gt=0)
    owner_renew_seconds: float = Field(10.0, gt=0)
    # An answer ready within this many milliseconds of an interaction is sent as Discord's
    # acknowledgement of it; a slower one is acknowledged ("thinking...") at this point and sent
    # after. Unset: 1000 (cogs/common.py QUICK_S). Lower: a faster acknowledgement under load,
    # at one request more for each answer that misses it.
    answer_within_ms: float | None = Field(None, ge=0, le=2500)
    # Discord's global limit, 50 counted requests a second per bot token across every process
    # (docs/limits.md): the whole bot sends at most REST_PER_S a second, bursts of REST_BURST
    # (referee/process/budget.py), shared through PostgreSQL by every shard and machine.
    rest_per_s: float = Field(45.0, gt=0, le=50)
    rest_burst: int = Field(5, ge=1, le=50)
    # "shared": as above; "process": each process keeps to REST_PER_S on its own, as discord.py
    # alone does (a bot behind a REST proxy that keeps the budget; the tests' contrast)
    rest_budget: Literal["shared", "process"] = "shared"
    # Processes that draw the pictures, per bot process (referee/shared/render_pool.py); 0: a
    # thread of the bot's; unset: ``picture_workers``.
    render_workers: int | None = Field(None, ge=0, le=8)
    # Bot processes started by one command (``referee/process/shards.py``): each connects as one of
    # Discord's shards and owns the games (and their timers) of that shard's guilds. 1: one
    # process, no sharding. SHARD_ID and SHARD_LEASE are set by the launcher for its children.
    shards: int = Field(1, ge=1, le=64)
    # The event loop (referee/process/event_loop.py): uvloop where it is installed (Linux, macOS),
    # else asyncio's own; "asyncio" to always use asyncio's.
    event_loop: event_loops.Choice = "auto"
    # This machine's shards of the SHARDS (``SHARD_IDS=0,1``; unset: all): one bot's shards on
    # several machines, one database (PostgreSQL). Each shard has its own lease (db/storage/lease.py).
    shard_ids: str | None = None
    # A standby launcher (``--standby``): starts no shard of its own, and takes over (starts)
    # any of its shards (SHARD_IDS, default all) whose lease ran out or whose holder on this
    # machine is gone (a machine that died), within the lease time.
    standby: bool = False
    # Scheduled backups of the SQLite file (referee/process/backups.py): a copy every so many hours
    # (0: none), the newest BACKUP_KEEP kept in BACKUP_DIR (default: backups/ beside the file).
    backup_every_hours: float = Field(0.0, ge=0)
    backup_keep: int = Field(7, ge=1, le=1000)
    backup_dir: Path | None = None
    # Log lines as text (today's) or one JSON object a line (time, level, logger, game, guild,
    # message) for a log collector.
    log_format: Literal["text", "json"] = "text"
    # /healthz and /metrics (referee/process/metrics_server.py) on this port; unset: not served.
    metrics_port: int | None = Field(None, ge=1, le=65535)
    metrics_host: str = "127.0.0.1"
    shard_id: int | None = Field(None, ge=0)
    shard_lease: str | None = None

    @property
    def picture_workers(self) -> int:
        """``RENDER_WORKERS``, or two workers on a machine with two cores, shared out between
        the bot processes it runs (one each for two shards): one worker fell behind the maps
        and replays of games ending together at 100 decisions a second, and two for each of
        two shards on two cores made the replies wait for the CPU (docs/limits.md). About
        100 MB each."""
        if self.render_workers is not None:
            return self.render_workers
        return max(1, min(2, os.cpu_count() or 1) // len(self.my_shards))

    @property
    def my_shards(self) -> list[int]:
        """The shards this machine's launcher starts (or, standby, may take over)."""
        if not self.shard_ids:
            return list(range(self.shards))
        return sorted({int(part) for part in self.shard_ids.split(",")})

    @property
    def shard(self) -> tuple[int, int] | None:
        """(this process's shard id, shard count), None when not sharded."""
        if self.shards <= 1 or self.shard_id is None:
            return None
        return self.shard_id, self.shards

    @field_validator("discord_token", mode="before")
    @classmethod
    def _blank_token(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("discord_guild_id", "discord_api_base", "discord_gateway_url", "shard_id",
                     "shard_lease", "shard_ids", "answer_within_ms", "backup_dir",
                     "metrics_port", "game_seed", mode="before")
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("database_url", mode="before")
    @classmethod
    def _postgres_url(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        if isinstance(value, str) and not value.strip().startswith(("postgresql://",
                                                                    "postgres://")):
            raise ValueError("DATABASE_URL is a postgresql://user@host:port/dbname URL"
                             " (for a SQLite file, set DATABASE_PATH instead)")
        return value.strip() if isinstance(value, str) else value

    @property
    def database(self) -> str | Path:
        """What `Database.open` opens: the PostgreSQL URL if set, else the SQLite file."""
        if self.database_url is None:
            return self.database_path
        return self.database_url.get_secret_value()

    @field_validator("log_level")
    @classmethod
    def _level(cls, value: str) -> str:
        value = value.strip().upper()
        if value not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
            raise ValueError("LOG_LEVEL is one of DEBUG, INFO, WARNING, ERROR, CRITICAL")
        return value

    @model_validator(mode="after")
    def _renew_within_lease(self) -> Settings:
        if self.owner_renew_seconds >= self.owner_lease_seconds:
            raise ValueError("OWNER_RENEW_SECONDS must be shorter than OWNER_LEASE_SECONDS")
        if self.shard_id is not None and self.shard_id >= self.shards:
            raise ValueError("SHARD_ID must be below SHARDS (it is set by the launcher)")
        if self.shard_ids is not None:
            parts = [part.strip() for part in self.shard_ids.split(",")]
            if not all(part.isdigit() and int(part) < self.shards for part in parts):
                raise ValueError(
                    f"SHARD_IDS is a list of shard numbers from 0 to {self.shards - 1} (SHARDS is "
                    f"{self.shards}) separated by commas, e.g. SHARD_IDS=0,1")
            self.shard_ids = ",".join(parts)
        return self

    @property
    def backups_folder(self) -> Path:
        """Where scheduled backups go: BACKUP_DIR, else backups/ beside the database file."""
        return self.backup_dir or self.database_path.parent / "backups"

    @field_validator("log_format", mode="before")
    @classmethod
    def _format(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value

    @property
    def token(self) -> str | None:
        return None if self.discord_token is None else self.discord_token.get_secret_value()


HOW_TO_GET_A_TOKEN = """\
No Discord bot token found (DISCORD_TOKEN is not set).

To run the bot you need one:
  1. Open https://discord.com/developers/applications and create a New Application.
  2. In "Bot", press "Reset Token" and copy the token.
  3. Put it in a file named .env next to bot.py (see .env.example):
         DISCORD_TOKEN=paste-the-token-here
  4. Invite the bot to your server: in "OAuth2" > "URL Generator" tick the scopes
     "bot" and "applications.commands", and the permissions Send Messages,
     Create Public Threads, Send Messages in Threads, Attach Files, Embed Links and
     Read Message History; open the generated URL.
  5. Run ./scripts/run.sh again.

Without a token you can still watch a whole game offline:  .venv/bin/python -m referee.demo
"""


def old_default_database(settings: Settings) -> Path | None:
    """The database file under the default's old name, when that is the one used (no
    ``DATABASE_PATH`` and only ``stella.sqlite3`` in the working directory)."""
    used = (settings.database_url is None and "database_path" not in settings.model_fields_set
            and settings.database_path == OLD_DEFAULT_PATH)
    return settings.database_path if used else None
