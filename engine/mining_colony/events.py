"""The event list a decision produces, with helpers for public and private events."""

from __future__ import annotations

from typing import Any

from ..core.events import Event


class EventLog(list[Event]):
    """Events in the order they happened. ``say`` is public; ``tell`` reaches one player only."""

    def say(self, kind: str, text: str, **data: Any) -> None:
        self.append(Event(kind, text, None, data))

    def tell(self, player_id: str, kind: str, text: str, **data: Any) -> None:
        self.append(Event(kind, text, (player_id,), data))


def article(thing: str) -> str:
    """'a' or 'an' before a component name (an outpost/red, a crystal/white)."""
    return "an" if thing[:1] in "aeiou" else "a"
