"""Discord no longer takes an answer: the defer came after its 3 seconds (10062 Unknown
interaction), or the follow-up token expired (50027 Invalid Webhook Token). Both are expected
outcomes: a WARNING line without a traceback (no ERROR), and the game stays consistent."""

from __future__ import annotations

import logging

import pytest

from cogs import common

from .driver import GameDriver, Policy, turn_ids
from .helpers import Unchanged, settle
from .world import PATIENCE

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]


def warnings_about(caplog, code: int) -> list[logging.LogRecord]:
    return [r for r in caplog.records if f"({code} " in r.getMessage()]


async def test_a_late_defer_and_an_expired_follow_up_token(world, db, stella, caplog, monkeypatch):
    caplog.set_level(logging.WARNING, logger="cogs")
    await stella()
    fake = world.fake
    driver = GameDriver(world, db, world.players[:2])
    await driver.setup()
    await driver.play(Policy(3, budget=20), stop_at=2)

    # 10062: the click's defer arrives too late; nothing is decided, nothing is posted
    user, _player = driver.owing()
    prompt = await driver.prompt()
    before = await Unchanged.take(driver)
    fake.interaction_deadline, fake.interaction_lag = 3.0, 3.5  # it reached the bot too late
    h = await driver.click(user, prompt, turn_ids(prompt)[0])
    await fake.wait_for(lambda: warnings_about(caplog, 10062), 10, "the 10062 warning")
    await settle(world)
    fake.interaction_lag = 0.0
    driver.interactions.remove(h)
    assert not h.responded
    assert await Unchanged.take(driver) == before
    [record] = warnings_about(caplog, 10062)
    assert record.levelno == logging.WARNING and record.exc_info is None

    # 10062 on an autocomplete answer (sent by discord.py itself): a warning line too
    fake.interaction_deadline, fake.patience = 0.0, 0.0  # (a wait that must time out)
    with pytest.raises(TimeoutError):
        await fake.autocomplete(user, driver.thread, "stella do", focused="action", timeout=1.0)
    fake.patience = PATIENCE
    await fake.wait_for(lambda: len(warnings_about(caplog, 10062)) == 2, 10, "the second warning")
    fake.interaction_deadline = 3.0
    record = warnings_about(caplog, 10062)[-1]
    assert record.levelno == logging.WARNING and record.exc_info is None
    assert "autocomplete" in record.getMessage()
    assert await Unchanged.take(driver) == before

    # 50027: the decision is made and stored, only its confirmation cannot be delivered (a
    # follow-up: with QUICK_S 0 every answer is deferred first)
    monkeypatch.setattr(common, "QUICK_S", 0.0)
    user, player = driver.owing()
    text = Policy(4).choose(driver.state)
    fault = fake.fail_requests("POST", "/webhooks/**", status=401, code=50027,
                               message="Invalid Webhook Token")
    h = await driver.send(user, driver.thread, "stella do", {"action": text})
    await fake.wait_for(lambda: warnings_about(caplog, 50027), 10, "the 50027 warning")
    driver.interactions.remove(h)
    assert fault.hits == 1
    await driver.applied(player, text)
    await driver.prompt()  # the next turn is prompted as usual
    [record] = warnings_about(caplog, 50027)
    assert record.levelno == logging.WARNING and record.exc_info is None
    assert "/stella do" in record.getMessage()
    # and the game goes on
    await driver.play(Policy(5, budget=20), stop_at=len(driver.played) + 3)
