"""An interaction is acknowledged once: by its answer when that is ready within
``cogs.common.QUICK_S`` (one request, no "thinking..."), else by a deferral at that point, the
answer then following it (Discord's 3 seconds are never at risk)."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from cogs import common
from cogs.common import defer, defer_update, reply, update

from .conftest import CHANNEL
from .fakes import FakeInteraction, FakeMember

ann = FakeMember(1, "Ann")


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> float:
    monkeypatch.setattr(common, "QUICK_S", 0.05)
    return 0.05


def interaction() -> FakeInteraction:
    """An interaction that reached the bot in time, however long this (maybe loaded) machine
    takes to get from here to ``defer``: dated an hour ahead, it is never ``QUICK_S`` old (made
    now, 50 ms of wall clock spent elsewhere made it late: deferred at once, a flaky
    ``["defer"]`` where the quick answer was expected)."""
    it = FakeInteraction(None, ann, CHANNEL)
    it.created_at += timedelta(hours=1)
    return it


async def test_a_quick_answer_is_the_acknowledgement(quick: float) -> None:
    it = interaction()
    await defer(it)  # type: ignore[arg-type]
    await reply(it, "done")  # type: ignore[arg-type]
    await asyncio.sleep(2 * quick)  # the deferral it replaced never comes
    assert [c[0] for c in it.response.calls] == ["send"]
    assert it.response.calls[0][2]["ephemeral"] and not it.followup.sent


async def test_a_public_deferral_gives_a_public_quick_answer(quick: float) -> None:
    it = interaction()
    await defer(it, ephemeral=False)  # type: ignore[arg-type]
    await reply(it, "done")  # type: ignore[arg-type]
    assert it.response.calls[0][0] == "send" and not it.response.calls[0][2]["ephemeral"]


async def test_a_slow_answer_is_deferred_then_followed(quick: float) -> None:
    it = interaction()
    await defer(it)  # type: ignore[arg-type]
    await asyncio.sleep(3 * quick)
    assert [c[0] for c in it.response.calls] == ["defer"]
    assert it.response.calls[0][2] == {"ephemeral": True, "thinking": True}
    await reply(it, "done")  # type: ignore[arg-type]
    assert it.followup.sent == [("done", it.followup.sent[0][1])]
    assert it.followup.sent[0][1]["ephemeral"]


async def test_answer_and_deferral_at_the_same_moment_make_one_callback(quick: float) -> None:
    """The deferral fires while the answer is being sent: the lock makes one of them the
    callback (the fake asserts an interaction is answered once)."""
    for delay in (quick * 0.9, quick, quick * 1.1):
        it = interaction()
        await defer(it)  # type: ignore[arg-type]
        await asyncio.sleep(delay)
        await reply(it, "done")  # type: ignore[arg-type]
        await asyncio.sleep(2 * quick)
        kinds = [c[0] for c in it.response.calls]
        assert kinds in (["send"], ["defer"]), kinds
        assert len(it.replies()) == 1


async def test_a_component_update_edits_its_message_in_the_callback(quick: float) -> None:
    it = interaction()
    await defer_update(it)  # type: ignore[arg-type]
    await update(it, "✅ Done")  # type: ignore[arg-type]
    assert [c[0] for c in it.response.calls] == ["edit"] and not it.edits


async def test_a_slow_component_update_is_deferred_then_edited(quick: float) -> None:
    it = interaction()
    await defer_update(it)  # type: ignore[arg-type]
    await asyncio.sleep(3 * quick)
    assert it.response.calls[0] == ("defer", None, {"ephemeral": False, "thinking": False})
    await update(it, "✅ Done")  # type: ignore[arg-type]
    assert it.edits == [{"content": "✅ Done", "view": None}]


async def test_an_interaction_that_arrives_late_is_acknowledged_first(quick: float) -> None:
    """It reached the bot ``QUICK_S`` after Discord made it: deferred before anything is done,
    so a deferral Discord refuses stops the handler before it decides anything."""
    it = FakeInteraction(None, ann, CHANNEL)  # made now
    it.created_at -= timedelta(seconds=2 * quick)
    await defer(it)  # type: ignore[arg-type]
    assert [c[0] for c in it.response.calls] == ["defer"]
    await reply(it, "done")  # type: ignore[arg-type]
    assert it.followup.sent[0][0] == "done"


async def test_answer_within_ms_sets_the_bot_s_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    """ANSWER_WITHIN_MS (referee/process/config.py) replaces the default for the bot it is set on."""
    from types import SimpleNamespace

    from referee.process.config import Settings

    monkeypatch.setattr(common, "QUICK_S", 30.0)  # the default would never fire here
    settings = Settings(answer_within_ms=50)
    it = interaction()
    it.client.settings = settings  # type: ignore[attr-defined]
    await defer(it)  # type: ignore[arg-type]
    await asyncio.sleep(0.15)
    assert [c[0] for c in it.response.calls] == ["defer"]
    unset = interaction()
    unset.client.settings = SimpleNamespace(answer_within_ms=None)  # type: ignore[attr-defined]
    assert common.quick_s(unset) == 30.0  # type: ignore[arg-type]
    assert Settings(answer_within_ms="").answer_within_ms is None  # blank in .env: the default
