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
