"""referee.process.event_loop: the bot runs on uvloop where it is installed, on asyncio's loop when told
(EVENT_LOOP=asyncio) or when uvloop is missing, and refuses EVENT_LOOP=uvloop without it."""

from __future__ import annotations

import asyncio
import sys

import pytest

from referee.process import event_loop
from referee.process.config import Settings


async def _which() -> str:
    await asyncio.sleep(0)
    return event_loop.name(asyncio.get_running_loop())


def test_auto_and_uvloop_run_on_uvloop_when_it_is_installed() -> None:
    pytest.importorskip("uvloop")
    assert event_loop.run(_which()) == "uvloop"
    assert event_loop.run(_which(), "uvloop") == "uvloop"


def test_asyncio_is_asyncio_s_own_loop() -> None:
    assert event_loop.run(_which(), "asyncio") == "asyncio"


def test_without_uvloop_auto_falls_back_and_uvloop_is_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvloop", None)  # import uvloop now raises ImportError
    assert event_loop.run(_which()) == "asyncio"
    with pytest.raises(RuntimeError, match="uvloop is not installed"):
        event_loop.factory("uvloop")


def test_the_setting_takes_the_three_choices_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EVENT_LOOP", "asyncio")
    assert Settings(_env_file=None).event_loop == "asyncio"  # type: ignore[call-arg]
    monkeypatch.setenv("EVENT_LOOP", "tokio")
    with pytest.raises(ValueError, match="event_loop"):
        Settings(_env_file=None)  # type: ignore[call-arg]
