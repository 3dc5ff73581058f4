"""``Presentation.prompt_text`` (issue 30): the line saying what a player must decide, in the
turn prompt and in the status answer, comes from the game's presentation (which writes it in
the language being written), by default the engine's English ``prompt``."""

from __future__ import annotations

from typing import Any

import pytest

import texts
from referee.service import Referee

from .conftest import two_players


async def test_the_engines_sentence_by_default(referee: Referee) -> None:
    game = await two_players(referee)
    g, present = referee.ctx.engine(game), referee.ctx.present(game)
    state = (await referee.sessions.table(game.id)).state
    owed = g.owed(state)[0].player
    assert present.prompt_text(g, state, owed) == g.prompt(state, owed)


async def test_the_prompt_and_the_status_say_the_presentations_line(
        referee: Referee, monkeypatch: pytest.MonkeyPatch) -> None:
    game = await two_players(referee)
    present = referee.ctx.present(game)

    def said(g: Any, state: Any, player: str) -> str:
        return f"⚑ {texts.language()} {player}"

    monkeypatch.setattr(present, "prompt_text", said)
    g = referee.ctx.engine(game)
    state = (await referee.sessions.table(game.id)).state
    owed = g.owed(state)[0].player
    text, _panel, _ping = referee.notify.prompt(game, state, game.deadline)
    assert f"⚑ en {owed}" in text and g.prompt(state, owed) not in text
    with texts.using("de"):
        status, _files = await referee.info.status(game)
    assert f"⚑ de {owed}" in status
