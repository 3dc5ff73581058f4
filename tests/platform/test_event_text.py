"""The engine's event sentences reach players through ``Presentation.event_text`` (issue 30): the
thread's lines, a player's private lines and the log's sentences are the game's words for each
event in the language being written, not the engine's English."""

from __future__ import annotations

from typing import Any

import games
from engine import Event
from referee.messages import texts


class Shouting(type(games.get("stella-digger"))):  # type: ignore[misc]
    def event_text(self, event: Any) -> str:
        return f"{event.kind}: {event.text.upper()}"


def test_public_and_private_lines_are_the_games_words_for_each_event() -> None:
    present = Shouting()
    events = [Event("mine", "ann mines blue-4 (R8)"), Event("draw", "you draw pink-3", ("p1",)),
              Event("draw", "you draw blue-1", ("p2",))]
    assert texts.public_lines(events, present) == ["mine: ANN MINES BLUE-4"]
    assert texts.private_lines(events, "p1", present) == ["draw: YOU DRAW PINK-3"]
    assert texts.public_lines(events, games.get("stella-digger")) == ["ann mines blue-4"]
