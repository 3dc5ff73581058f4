"""The event list a decision produces, with helpers for public and private events."""

from __future__ import annotations

from typing import Any

from engine.core.events import Event


class EventLog(list[Event]):
    """Events in the order they happened. ``say`` is public; ``tell`` reaches one player only."""

    def say(self, kind: str, text: str, **data: Any) -> None:
        self.append(_new(Event, (kind, text, None, data)))

    def tell(self, player_id: str, kind: str, text: str, **data: Any) -> None:
        self.append(_new(Event, (kind, text, (player_id,), data)))


_new = tuple.__new__  # Event(...) without the NamedTuple's Python-level __new__: games emit many
