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
    """'a' or 'an' before a component's name (an orange worker, a white crystal)."""
    return "an" if thing[:1].lower() in "aeiou" else "a"


#: the names of buildings and build-over token types in words (C5, C8)
BUILDINGS = {"blank": "blank", "dome": "dome", "pad": "landing pad",
             "any": "multi-coloured storage unit"}


def words(thing: str) -> str:
    """A component as players name it, from its notation (which the log keeps):
    ``crystal/purple`` -> "purple crystal", ``station/green`` -> "green science station",
    ``token/pad`` -> "landing pad token", a tile id (``t5-02``, drawn in the pictures) as it
    is."""
    kind, _, colour = thing.partition("/")
    if not colour:
        return thing
    if kind == "token":
        return f"{building(colour)} token"
    return f"{colour} {'science station' if kind == 'station' else kind}"


def building(name: str) -> str:
    """``pad`` -> "landing pad", ``purple`` -> "purple storage unit"."""
    return BUILDINGS.get(name, f"{name} storage unit")


def listed(things: list[str]) -> str:
    """Components in words, comma-separated: "t3-03, purple crystal, orange worker"."""
    return ", ".join(words(t) for t in things)
