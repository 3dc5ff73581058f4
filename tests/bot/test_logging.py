"""Nothing hidden in the logs: discord.py's payload loggers stay at INFO even at LOG_LEVEL=DEBUG
(their DEBUG lines carry whole request bodies, hand DMs included)."""

from __future__ import annotations

import logging

import pytest

import bot


@pytest.fixture
def restore_logging():
    saved = {name: logging.getLogger(name).level for name in ("", *bot.PAYLOAD_LOGGERS)}
    yield
    for name, level in saved.items():
        logging.getLogger(name).setLevel(level)


def test_debug_level_does_not_log_discord_payloads(restore_logging, caplog) -> None:
    bot.setup_logging("DEBUG")
    for name in bot.PAYLOAD_LOGGERS:
        assert logging.getLogger(name).getEffectiveLevel() == logging.INFO
    with caplog.at_level(logging.DEBUG):
        logging.getLogger("discord.http").debug("POST /channels/1/messages with %s", "blue-4")
        logging.getLogger("stella").debug("our own debug line")
    assert "blue-4" not in caplog.text
    assert "our own debug line" in caplog.text


def test_quieter_levels_are_kept(restore_logging) -> None:
    bot.setup_logging("WARNING")
    assert logging.getLogger("discord.http").getEffectiveLevel() == logging.WARNING


def test_json_lines_name_the_game_and_the_server() -> None:
    """``LOG_FORMAT=json``: one object a line with time, level, logger, game, guild, message
    (and the shard of a sharded process); the game is the one the task works on."""
    import asyncio
    import io
    import json

    from referee.shared import origin
    from referee.shared.log_fields import working_on

    stream = io.StringIO()
    handler = bot.log_handler((1, 2), "json")
    handler.setStream(stream)
    logger = logging.getLogger("tests.json")
    logger.addHandler(handler)
    logger.propagate = False

    async def on_a_game() -> None:
        origin.acting_in(4242)
        working_on(17)
        logger.warning("a line about %s", "it")

    try:
        asyncio.run(on_a_game())
        logger.warning("a line about nothing")
    finally:
        logger.removeHandler(handler)
    first, second = (json.loads(line) for line in stream.getvalue().splitlines())
    assert first["game"] == 17 and first["guild"] == 4242 and first["shard"] == 1
    assert first["message"] == "a line about it" and first["level"] == "WARNING"
    assert first["logger"] == "tests.json" and first["time"]
    assert second["game"] is None and second["guild"] is None  # outside that task
