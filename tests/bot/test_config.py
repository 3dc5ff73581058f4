from pathlib import Path

import pytest

from referee.process.config import Settings


def test_defaults(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("DISCORD_TOKEN", "DATABASE_PATH", "DISCORD_GUILD_ID", "LOG_LEVEL"):
        monkeypatch.delenv(name, raising=False)
    s = Settings(_env_file=None)  # type: ignore[call-arg]
    assert s.token is None
    assert s.database_path == Path("mining-referee.sqlite3")
    assert s.discord_guild_id is None
    assert s.log_level == "INFO"
    assert s.default_turn_hours == 24


@pytest.mark.parametrize(("cores", "shards", "workers"),
                         [(1, 1, 1), (2, 1, 2), (16, 1, 2), (None, 1, 1), (2, 2, 1), (16, 4, 1)])
def test_two_render_workers_shared_by_the_processes_of_two_cores(
        monkeypatch: pytest.MonkeyPatch, cores: int | None, shards: int, workers: int) -> None:
    monkeypatch.delenv("RENDER_WORKERS", raising=False)
    monkeypatch.setenv("SHARDS", str(shards))
    monkeypatch.setattr("os.cpu_count", lambda: cores)
    assert Settings(_env_file=None).picture_workers == workers  # type: ignore[call-arg]
    monkeypatch.setenv("RENDER_WORKERS", "0")
    assert Settings(_env_file=None).picture_workers == 0  # type: ignore[call-arg]


def test_the_default_database_under_its_old_name_is_kept(monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    """A bot made before the rename keeps its games: ``stella.sqlite3`` in the working
    directory is used while no ``mining-referee.sqlite3`` is there, and said once at start."""
    from referee.process.config import old_default_database

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE_PATH", raising=False)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    (tmp_path / "stella.sqlite3").write_bytes(b"")
    s = Settings(_env_file=None)  # type: ignore[call-arg]
    assert s.database_path == Path("stella.sqlite3") and old_default_database(s) == s.database_path
    named = Settings(_env_file=None, database_path=Path("stella.sqlite3"))  # type: ignore[call-arg]
    assert old_default_database(named) is None  # chosen, not defaulted: nothing to say
    (tmp_path / "mining-referee.sqlite3").write_bytes(b"")
    s = Settings(_env_file=None)  # type: ignore[call-arg]
    assert s.database_path == Path("mining-referee.sqlite3") and old_default_database(s) is None


def test_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setenv("DATABASE_PATH", "/tmp/x.sqlite3")
    monkeypatch.setenv("DISCORD_GUILD_ID", "42")
    monkeypatch.setenv("LOG_LEVEL", "debug")
    monkeypatch.setenv("DISCORD_API_BASE", "http://127.0.0.1:8123/api/v10")
    s = Settings(_env_file=None)  # type: ignore[call-arg]
    assert s.token == "abc" and "abc" not in repr(s)
    assert s.database_path == Path("/tmp/x.sqlite3")
    assert s.discord_guild_id == 42
    assert s.log_level == "DEBUG"
    assert s.discord_api_base == "http://127.0.0.1:8123/api/v10"


def test_database_url_selects_postgresql(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_PATH", "/tmp/x.sqlite3")
    monkeypatch.setenv("DATABASE_URL", "  ")
    assert Settings(_env_file=None).database == Path("/tmp/x.sqlite3")  # type: ignore[call-arg]
    url = "postgresql://bot:pw@db.example:5432/games"
    monkeypatch.setenv("DATABASE_URL", url)
    s = Settings(_env_file=None)  # type: ignore[call-arg]
    assert s.database == url and "pw" not in repr(s)
    monkeypatch.setenv("DATABASE_URL", "/tmp/x.sqlite3")
    with pytest.raises(ValueError, match="DATABASE_URL is a postgresql://"):
        Settings(_env_file=None)  # type: ignore[call-arg]


def test_blank_values_are_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "  ")
    monkeypatch.setenv("DISCORD_GUILD_ID", "")
    s = Settings(_env_file=None)  # type: ignore[call-arg]
    assert s.token is None and s.discord_guild_id is None


def test_dotenv_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    env = tmp_path / ".env"
    env.write_text("# comment\nDISCORD_TOKEN=from-file\nLOG_LEVEL=WARNING\n")
    s = Settings(_env_file=env)  # type: ignore[call-arg]
    assert s.token == "from-file" and s.log_level == "WARNING"


def test_bad_log_level(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LOG_LEVEL", "LOUD")
    with pytest.raises(ValueError):
        Settings(_env_file=None)  # type: ignore[call-arg]


def test_shard_ids_and_standby(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("SHARDS", "SHARD_IDS", "STANDBY", "SHARD_ID"):
        monkeypatch.delenv(name, raising=False)
    assert Settings(_env_file=None, shards=4).my_shards == [0, 1, 2, 3]  # type: ignore[call-arg]
    monkeypatch.setenv("SHARDS", "4")
    monkeypatch.setenv("SHARD_IDS", " 3, 2 ")
    monkeypatch.setenv("STANDBY", "true")
    s = Settings(_env_file=None)  # type: ignore[call-arg]
    assert s.my_shards == [2, 3] and s.standby
    for bad in ("4", "0,x", "-1", "0,,1"):
        monkeypatch.setenv("SHARD_IDS", bad)
        with pytest.raises(ValueError, match="SHARD_IDS is a list of shard numbers from 0 to 3"):
            Settings(_env_file=None)  # type: ignore[call-arg]


def test_standby_on_the_command_line() -> None:
    from bot import shards_option

    assert shards_option(["--standby", "--shards", "4", "x"]) == ({"standby": True, "shards": 4}, ["x"])
    assert shards_option([]) == ({}, [])


async def test_guild_ready_seconds_reach_discord_py(monkeypatch: pytest.MonkeyPatch) -> None:
    """GUILD_READY_SECONDS (tests only: tests/e2e/proc.py's bots on the fake Discord) is
    discord.py's wait after the last GUILD_CREATE before READY; unset, discord.py's 2 s."""
    from bot import RefereeBot

    monkeypatch.delenv("GUILD_READY_SECONDS", raising=False)
    default = RefereeBot(Settings(_env_file=None))  # type: ignore[call-arg]
    monkeypatch.setenv("GUILD_READY_SECONDS", "0.05")
    quick = RefereeBot(Settings(_env_file=None))  # type: ignore[call-arg]
    try:
        assert default._connection.guild_ready_timeout == 2.0
        assert quick.settings.guild_ready_seconds == 0.05
        assert quick._connection.guild_ready_timeout == 0.05
    finally:
        await default.close()
        await quick.close()
