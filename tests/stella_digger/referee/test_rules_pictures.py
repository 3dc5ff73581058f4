"""Rules topics with a picture: ``/stella rules legend`` and ``/game rules`` answer with the
legend's text and its picture (drawn from no game, so anyone may see it); other topics, text only."""

from __future__ import annotations

from typing import Any

import games
from cogs.game import GameGroup
from cogs.own_group import own_group
from referee.service import Referee
from render.stella_digger.legend import legend_png
from tests.bot.conftest import ANN, CHANNEL
from tests.bot.fakes import FakeInteraction, FakeMember
from tests.bot.test_cogs import run_command

Stella = own_group(games.get("stella-digger"))  # the /stella group

ann = FakeMember(ANN, "Ann")


def files(it: FakeInteraction) -> list[Any]:
    return list(it.replies()[-1][1].get("files") or [])


async def test_the_legend_topic_comes_with_its_picture(referee: Referee) -> None:
    it = FakeInteraction(referee, ann, CHANNEL)
    text = await run_command(Stella.rules, Stella.__new__(Stella), it, topic="legend")
    assert "What the map shows" in text and "marker" in text
    assert it.response.calls[0][0] in ("defer", "send")  # deferred if the picture took a while
    (picture,) = files(it)
    assert picture.filename == "stella_digger-legend.png"
    assert picture.fp.read() == legend_png()
    assert it.replies()[-1][1]["ephemeral"]


async def test_the_game_group_serves_it_too(referee: Referee) -> None:
    it = FakeInteraction(referee, ann, CHANNEL)
    await run_command(GameGroup.rules, GameGroup.__new__(GameGroup), it, game="stella-digger",
                      topic="Legend")
    (picture,) = files(it)
    assert picture.fp.read() == legend_png()


async def test_other_topics_are_text_only(referee: Referee) -> None:
    for topic in ("scoring", None, "no such topic"):
        it = FakeInteraction(referee, ann, CHANNEL)
        await run_command(Stella.rules, Stella.__new__(Stella), it, topic=topic)
        assert files(it) == []
        assert it.response.calls[0][0] == "send"
