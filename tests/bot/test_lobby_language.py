"""A lobby's language (issue 30): ``/game options`` shows it and the host sets it
(``Lobby.set_options(language=...)``); from then on the lobby's posts and its lobby message
are in it. A language the bot does not speak is refused and changes nothing."""

from __future__ import annotations

import pytest

import texts
from referee.errors import NotAllowed, Refusal
from referee.service import Referee
from referee.shared import cache as cached

from .conftest import ANN, BOB, lobby, thread_posts


async def test_the_host_sets_the_lobbys_language_and_its_posts_follow(referee: Referee) -> None:
    game = await lobby(referee, (ANN, "Ann"), (BOB, "Bob"))
    with texts.using("en"):
        assert "Language: English." in referee.lobby.options_text(game)
    game = await referee.lobby.set_options(game.id, ANN, {}, language="ja")
    assert game.options["language"] == "ja" and referee.ctx.language(game) == "ja"
    posts = thread_posts(referee.ctx.out, game)  # type: ignore[arg-type]
    assert "言語：日本語。" in posts[-1].text and "changed the options" not in posts[-1].text
    assert "言語：日本語。" in posts[0].text  # the lobby message, edited in its new language
    game = await referee.lobby.set_options(game.id, ANN, {}, 2)  # other options keep it
    assert game.options["language"] == "ja" and game.options["turn_seconds"] == 7200
    game = await referee.lobby.set_options(game.id, ANN, {}, language="de")
    assert "Sprache: Deutsch." in thread_posts(referee.ctx.out, game)[-1].text  # type: ignore[arg-type]


async def test_a_wrong_language_or_a_guest_changes_nothing(referee: Referee) -> None:
    game = await lobby(referee, (ANN, "Ann"), (BOB, "Bob"))
    before = len(thread_posts(referee.ctx.out, game))  # type: ignore[arg-type]
    with pytest.raises(Refusal, match="en, ja, de"):
        await referee.lobby.set_options(game.id, ANN, {}, language="fr")
    with pytest.raises(NotAllowed):
        await referee.lobby.set_options(game.id, BOB, {}, language="ja")
    with pytest.raises(Refusal, match="language"):
        await referee.lobby.set_options(game.id, ANN, {})
    game = await cached.get_game(referee.ctx, game.id)
    assert referee.ctx.language(game) == "en"
    assert len(thread_posts(referee.ctx.out, game)) == before  # type: ignore[arg-type]


async def test_the_options_are_shown_in_the_readers_language(referee: Referee) -> None:
    game = await lobby(referee, (ANN, "Ann"))
    game = await referee.lobby.set_options(game.id, ANN, {}, language="de")
    with texts.using("ja"):  # a Japanese reader asks about a German lobby
        shown = referee.lobby.options_text(game)
    assert "言語：Deutsch。" in shown
