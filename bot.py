"""The bot that referees the mining board games on Discord: ``python bot.py``.

Configuration comes from the environment and ``.env`` (see ``.env.example``). What an operator
can get wrong (no token or a wrong one, a bad setting, a server the bot is not in, another bot
process on the same database) is explained in one paragraph, without a traceback, and the bot
exits: status 2 for configuration, 3 for a database in use.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hashlib
import logging
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp
import discord
import yarl
from discord.ext import commands
from pydantic import ValidationError
from pythonjsonlogger.json import JsonFormatter

import games
from cogs import components
from cogs.admin import Admin, OldAdmin
from cogs.common import RefereeTree, keep_up_filter, quiet_late_autocomplete
from cogs.discordpy import operator
from cogs.discordpy.http import draw_from_budget, sweep_buckets_now_and_then
from cogs.discordpy.outbox import DiscordOutbox
from cogs.discordpy.panels import GameComponent
from cogs.game import GameGroup
from cogs.own_group import own_groups
from cogs.preflight import preflight, report
from cogs.translator import CatalogTranslator
from db import Database, DatabaseCorrupt, SchemaTooNew
from db.storage import lease
from db.storage.lease import DatabaseInUse
from db.storage.migrate import load_migrations
from referee.messages import refusals
from referee.messages.outbox import Outbox
from referee.process import event_loop, launcher, metrics
from referee.process.backups import ScheduledBackups
from referee.process.budget import RestBudget
from referee.process.config import HOW_TO_GET_A_TOKEN, Settings, old_default_database
from referee.process.looplag import LoopLag
from referee.process.metrics_server import MetricsServer, loop_problem
from referee.process.ownership import Ownership
from referee.service import Referee
from referee.shared.log_fields import Fields
from referee.telling import images
from texts import catalogs
from texts.locales import LOCALES

log = logging.getLogger("mining-referee")

#: New container objects between two youngest-generation collections (Python's default: 700).
#: Most of what a decision allocates is gone when it ends; collected 700 at a time, the pieces
#: still in use are promoted, and each promotion brings the next full collection nearer.
GC_YOUNG = 5_000


def settle_memory() -> None:
    """Once started (imports, commands, resumed games): what is alive now lives as long as the
    process, so ``gc.freeze`` takes it out of the cycle collector's walks, and the youngest
    generation is collected less often. At 150 decisions a second (``python -m benchmarks e2e``)
    the collector's time went from ~630 to ~290 ms in 25 s and its longest pause from 67 to
    43 ms (docs/benchmarks.md)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG, *gc.get_threshold()[1:])


def warm_texts() -> None:
    """Every language's catalogs read and compiled, and the engines' refusal templates read,
    while the bot starts: each is made once per process on first use, which was the first
    interaction in Japanese or German, or the first illegal decision, holding the event loop
    (and every reply behind it) for about 0.3 s."""
    for language in LOCALES:
        catalogs.translations(language)
    refusals.templates()


def point_at(settings: Settings) -> None:
    """Talk to another Discord API/gateway (a local fake server in tests) when configured."""
    if settings.discord_api_base:
        discord.http.Route.BASE = settings.discord_api_base.rstrip("/")
    if settings.discord_gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway_url)


#: What the bot asks the gateway for: servers, their channels and threads (GUILDS). Slash
#: commands and buttons come as interactions, which need no intent, and everything the bot reads
#: of a message it reads over REST; so no message, reaction or typing events, which Discord
#: would otherwise send for every message in every channel the bot can see (and discord.py
#: parse and cache: no message cache either, ``max_messages=None``).
INTENTS = discord.Intents(guilds=True)


class RefereeBot(commands.Bot):
    def __init__(self, settings: Settings, *, outbox: Outbox | None = None,
                 clock: Callable[[], float] = time.time, own_process: bool = False) -> None:
        """``own_process``: the process is this bot's (``serve``), so its memory is settled
        once started (``settle_memory``); tests run bots inside pytest without it."""
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False  # no voice used
        quiet_late_autocomplete()
        shard: dict[str, Any] = {}
        if settings.shard is not None:  # one of a launcher's shards (referee/process/shards.py)
            shard = {"shard_id": settings.shard[0], "shard_count": settings.shard[1]}
        # Discord's global limit, one budget for every process (docs/limits.md): its own share
        # until the database says it is shared (``prepare``)
        share = 1.0
        if settings.rest_budget == "shared" and settings.shard is not None:
            share = 1.0 / settings.shard[1]
        self.rest_budget = RestBudget(settings.rest_per_s, settings.rest_burst, share=share)
        trace = rest_trace()
        draw_from_budget(trace, self.rest_budget)
        super().__init__(command_prefix=commands.when_mentioned, intents=INTENTS,
                         max_messages=None, tree_cls=RefereeTree, help_command=None,
                         http_trace=trace, guild_ready_timeout=settings.guild_ready_seconds,
                         **shard)
        sweep_buckets_now_and_then(self.http)
        self.settings = settings
        self.outbox = outbox or DiscordOutbox(self)
        self.clock = clock
        self.db: Database | None = None
        self.referee: Referee | None = None
        self.ownership: Ownership | None = None
        self.backups: ScheduledBackups | None = None
        self.metrics: MetricsServer | None = None
        self._caught_up = False
        self._own_process = own_process
        self.loop_lag = LoopLag()

    async def prepare(self) -> None:
        """Everything but the network: database (and its lease: ``DatabaseInUse`` if another
        bot process holds it), referee, commands, persistent components. Once only."""
        if self.db is not None:
            return
        db = await Database.open(self.settings.database)
        ownership = Ownership(db, self.settings, clock=self.clock, on_lost=self._lost)
        try:
            await ownership.claim()
        except BaseException:
            await db.close()
            raise
        self.db, self.ownership = db, ownership
        if isinstance(self.outbox, DiscordOutbox):  # a restart opens no DM channel again
            self.outbox.keep_dm_channels(db)
        if self.settings.database_url is not None and self.settings.rest_budget == "shared":
            # every shard and machine: one budget
            self.rest_budget.share_through(db, budget_name(self.http.token))
        self.referee = Referee(self.db, self.outbox, self.settings, clock=self.clock)
        self.add_dynamic_items(GameComponent)
        for group in own_groups(games.all_games()):  # a game's own group (/stella), then /game
            await self.add_cog(group(self))
        await self.add_cog(GameGroup(self))
        await self.add_cog(Admin(self))
        await self.add_cog(OldAdmin(self))  # /stella-admin, its old name
        await self.tree.set_translator(CatalogTranslator())  # names in ja and de (texts/)

    async def setup_hook(self) -> None:
        self.loop_lag.start()  # a stall over 250 ms is logged with the task that held the loop
        keep_up_filter(self.loop_lag)  # discord.py's "Can't keep up" says when nothing was held
        warm_texts()
        await self.prepare()
        await self.sync_commands()
        assert self.referee is not None
        await self.referee.start()  # resumes running games and their timers
        self.backups = scheduled_backups(self.settings)
        if self.backups is not None:
            self.backups.start()
        if self.settings.metrics_port is not None:
            self.metrics = MetricsServer(self.settings.metrics_host, self.settings.metrics_port,
                                         self.health_problems, self.referee.read_gauges)
            await self.metrics.start()
        if self._own_process:
            settle_memory()

    def health_problems(self) -> list[str]:
        """Why the bot is not healthy now (``/healthz``); empty when it is."""
        problems = []
        if self.is_closed() or not self.is_ready() or self.ws is None or not self.ws.open:
            problems.append("not connected to Discord's gateway")
        if self.ownership is None or not self.ownership.held:
            problems.append("not holding the database lease")
        loop = loop_problem(self.loop_lag)
        if loop is not None:
            problems.append(loop)
        if self.referee is not None and self.referee.suspended:
            problems.append("suspended: another process took the database over")
        return problems

    async def _lost(self) -> None:
        if self.referee is not None:
            await self.referee.suspend()

    async def sync_commands(self) -> None:
        if self.settings.shard is not None and self.settings.shard[0] != 0:
            return  # commands belong to the application: shard 0 syncs them for every shard
        guild_id = self.settings.discord_guild_id
        if guild_id:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            try:
                synced = await self.tree.sync(guild=guild)
            except (discord.Forbidden, discord.NotFound) as exc:
                raise operator.NotInGuild(guild_id, self.application_id) from exc
            where = f"to the server {guild_id} only (DISCORD_GUILD_ID): they appear there at once"
        else:
            synced = await self.tree.sync()
            where = "globally: new commands can take up to an hour to appear in every server"
        log.info("synced %d slash command(s) %s", len(synced), where)

    async def on_ready(self) -> None:
        log.info("logged in as %s (%s) in %d server(s)", self.user, getattr(self.user, "id", "?"),
                 len(self.guilds))
        if self.application_id is not None and not self._caught_up:
            log.info("invite the bot to a server with %s", operator.invite_url(self.application_id))
        if self.referee is not None and not self._caught_up:
            self._caught_up = True  # on_ready comes again after a reconnect
            self.referee.ctx.spawn(self.referee.catch_up(), "catch-up")
            self.referee.ctx.spawn(self.log_preflight(), "preflight")

    async def log_preflight(self) -> None:
        """The permissions check of ``python bot.py --check``, once at start: logged only."""
        assert self.db is not None
        _checked, problems = await preflight(self, self.db, self.settings.discord_guild_id)
        for problem in problems:
            log.warning("preflight: %s", problem)
        if not problems:
            log.info("preflight: the bot has every permission it needs where games are played")

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        if self.referee is not None:  # its game pauses (referee.deciding.holds) until a moderator moves it
            await self.referee.holds.thread_lost(payload.thread_id, "the thread was deleted")

    async def on_thread_update(self, before: discord.Thread, after: discord.Thread) -> None:
        if self.referee is not None and after.locked and not before.locked:
            await self.referee.holds.thread_lost(after.id, "the thread was locked")

    async def on_game_component(self, interaction: discord.Interaction[Any], custom_id: str,
                                values: list[str]) -> None:
        await components.handle(interaction, custom_id, values)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """A submitted modal of ours (``sd:...``: a workbench's typed board), also one opened
        before a restart (discord.py's store of modals forgets them)."""
        if interaction.type == discord.InteractionType.modal_submit:
            custom_id = str((interaction.data or {}).get("custom_id", ""))
            if custom_id.startswith("sd:"):
                await components.handle_modal(interaction, custom_id)

    async def close(self) -> None:
        await self.loop_lag.stop()  # logs the longest stall (benchmarks/e2e.py reads it)
        if self.metrics is not None:
            await self.metrics.stop()
        if self.backups is not None:
            await self.backups.stop()
        if self.referee is not None:
            await self.referee.close()
        if self.ownership is not None:
            await self.ownership.release()
            self.ownership = None
        if self.db is not None:
            await self.db.close()
            self.db = None
        await super().close()


def budget_name(token: str | None) -> str:
    """The shared REST budget of a bot token (a digest: the token stays out of the database)."""
    return "discord:" + hashlib.sha256((token or "").encode()).hexdigest()[:16]


def rest_trace() -> aiohttp.TraceConfig:
    """Every REST answer from Discord counted by method, route and status (/metrics)."""
    trace = aiohttp.TraceConfig()

    async def answered(_session: aiohttp.ClientSession, _context: Any,
                       params: aiohttp.TraceRequestEndParams) -> None:
        response = params.response
        metrics.answered(response.status, params.method, params.url.path,
                         response.headers.get("X-RateLimit-Scope"))

    trace.on_request_end.append(answered)
    return trace


def scheduled_backups(settings: Settings) -> ScheduledBackups | None:
    """The scheduled copies of the SQLite file (``BACKUP_EVERY_HOURS``), made by the only
    process or shard 0; None when off or on PostgreSQL (``pg_dump`` backs that up)."""
    if not settings.backup_every_hours or settings.database_url is not None:
        return None
    if settings.shard is not None and settings.shard[0] != 0:
        return None
    return ScheduledBackups(settings.database_path, settings.backups_folder,
                            settings.backup_every_hours, settings.backup_keep)


#: discord.py logs whole request and gateway payloads at DEBUG: hand DMs and players' own card
#: choices would land in the log. These loggers never go below INFO, whatever LOG_LEVEL says.
PAYLOAD_LOGGERS = ("discord.http", "discord.gateway", "discord.webhook.async_")


def log_handler(shard: tuple[int, int] | None = None, fmt: str = "text") -> logging.Handler:
    """The handler of the bot's log lines on stderr: text, or one JSON object a line
    (``LOG_FORMAT=json``: time, level, logger, game, guild, shard, message; a traceback as
    ``exc_info``), through python-json-logger. Every record carries the game and server being
    worked on (``referee.shared.log_fields``)."""
    handler = logging.StreamHandler()
    handler.addFilter(Fields())
    if fmt == "json":
        handler.setFormatter(JsonFormatter(
            "{asctime}{levelname}{name}{game}{guild}{message}", style="{",
            rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
            static_fields={} if shard is None else {"shard": shard[0]}))
    else:
        where = "" if shard is None else f"shard {shard[0]}/{shard[1]} "
        handler.setFormatter(logging.Formatter(
            f"%(asctime)s {where}%(levelname)s %(name)s: %(message)s"))
    return handler


def setup_logging(level: str, shard: tuple[int, int] | None = None,
                  fmt: str = "text") -> None:
    logging.basicConfig(level=level, handlers=[log_handler(shard, fmt)])
    for name in PAYLOAD_LOGGERS:
        logger = logging.getLogger(name)
        logger.setLevel(max(logging.INFO, logging.getLevelName(level)))


async def serve(settings: Settings, token: str) -> int:
    """Open the database (refused if another process holds it), then connect and run until
    stopped (Ctrl-C, or SIGTERM as from systemd or docker: both close the bot cleanly, which
    frees the database at once). An operator's mistake ends it with one paragraph on stderr and
    a status."""
    main_task = asyncio.current_task()
    if main_task is not None:
        with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, main_task.cancel)
    log.info("event loop: %s", event_loop.name(asyncio.get_running_loop()))
    bot = RefereeBot(settings, own_process=True)
    async with bot:  # closes the bot (releasing the database) however this ends
        try:
            await bot.prepare()
            await bot.start(token)
        except (DatabaseInUse, DatabaseCorrupt, SchemaTooNew) as exc:
            return operator.explain(str(exc), 3)
        except discord.LoginFailure:
            return operator.explain(operator.WRONG_TOKEN, 2)
        except operator.NotInGuild as exc:
            return operator.explain(str(exc), 2)
    return 0


async def check(settings: Settings, token: str) -> int:
    """``python bot.py --check``: the settings (already read), the database (does it open,
    migrations pending, who holds it), the login, and every server's permissions
    (``cogs.preflight``). Takes no lease, applies no migration, posts nothing. 0 when nothing
    would stop a game, 2 otherwise (the list on stdout)."""
    where = "PostgreSQL" if settings.database_url is not None else settings.database_path
    lines: list[str] = [f"Settings: read (database {where})."]
    db: Database | None = None
    try:
        if settings.database_url is None and not settings.database_path.exists():
            lines.append(f"Database: none yet at {where} (made at the first start).")
        else:
            try:
                db = await Database.open(settings.database, apply_migrations=False)
            except (DatabaseCorrupt, SchemaTooNew, OSError) as exc:
                return _checked(lines, [str(exc)])
            lines += await _database_lines(db)
        client = discord.Client(intents=INTENTS, max_messages=None)
        ready = asyncio.Event()
        client.event(_set_on_ready(ready))
        async with client:
            try:
                await client.login(token)
            except discord.LoginFailure:
                return _checked(lines, [operator.WRONG_TOKEN])
            lines.append(f"Discord: logged in as {client.user}.")
            connecting = asyncio.create_task(client.connect(reconnect=False))
            await asyncio.wait_for(ready.wait(), CHECK_READY_S)
            checked, problems = await preflight(client, db, settings.discord_guild_id)
            connecting.cancel()
        return _checked(lines + checked, problems)
    finally:
        if db is not None:
            await db.close()


async def _database_lines(db: Database) -> list[str]:
    newest, version = len(load_migrations()), await db.schema_version()
    lines = [f"Database: schema {version} of {newest}" + (
        f" ({newest - version} migration(s) pending: applied at the next start)."
        if version < newest else " (up to date).")]
    holders = await lease.holders(db) if version == newest else []  # (older: other leases)
    for holder in holders:
        if holder.expires_at > time.time():
            shard = "" if holder.shards == 1 else f" (shard {holder.shard} of {holder.shards})"
            lines.append(f"Database: in use by the bot process {holder.pid} on host "
                         f"{holder.host!r}{shard}.")
    return lines


def _checked(lines: list[str], problems: list[str]) -> int:
    print(report(lines, problems))
    return 2 if problems else 0


CHECK_READY_S = 60.0  # how long --check waits for the gateway's servers


def _set_on_ready(ready: asyncio.Event) -> Callable[[], Any]:
    async def on_ready() -> None:
        ready.set()
    return on_ready


def shards_option(argv: list[str]) -> tuple[dict[str, Any], list[str]]:
    """``--shards N`` (or ``--shards=N``) and ``--standby`` from the command line, as settings,
    and the other arguments."""
    rest: list[str] = []
    options: dict[str, Any] = {}
    args = iter(argv)
    for arg in args:
        if arg == "--standby":
            options["standby"] = True
            continue
        if arg == "--shards":
            arg = "--shards=" + next(args, "")
        if arg.startswith("--shards="):
            value = arg.split("=", 1)[1]
            if not value.isdigit() or not 1 <= int(value) <= 64:
                raise ValueError("--shards takes a number of processes from 1 to 64")
            options["shards"] = int(value)
        else:
            rest.append(arg)
    return options, rest


def main(argv: list[str] | None = None) -> int:
    here = Path(__file__).resolve().parent
    try:
        overrides, rest = shards_option(sys.argv[1:] if argv is None else argv)
    except ValueError as exc:
        return operator.explain(str(exc), 2)
    try:
        settings = Settings(_env_file=(here / ".env", ".env"), **overrides)  # type: ignore[call-arg]
    except ValidationError as exc:
        return operator.explain(operator.bad_settings(exc), 2)
    setup_logging(settings.log_level, settings.shard, settings.log_format)
    if (old := old_default_database(settings)) is not None:
        log.info("database: %s in the working directory, the default file's old name (a new "
                 "one would be mining-referee.sqlite3); rename it, or set DATABASE_PATH", old)
    token = settings.token
    if not token:
        print(HOW_TO_GET_A_TOKEN, file=sys.stderr)
        return 2
    if "--check" in rest:
        point_at(settings)
        return event_loop.run(check(settings, token), settings.event_loop)
    if (settings.shards > 1 or settings.standby) and settings.shard_id is None:
        try:  # the launcher of the shard processes (referee/process/launcher.py)
            return launcher.launch(settings, Path(__file__).resolve(), rest)
        except (DatabaseInUse, DatabaseCorrupt, SchemaTooNew) as exc:
            return operator.explain(str(exc), 3)
    point_at(settings)
    try:
        return event_loop.run(serve(settings, token), settings.event_loop)
    except (KeyboardInterrupt, asyncio.CancelledError):  # Ctrl-C, SIGTERM: closed on the way out
        return 0
    finally:
        images.close()  # the render worker processes


if __name__ == "__main__":
    sys.exit(main())
