"""Events: what happened, in words, each tagged with who may see it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    ``to`` is ``None`` for a public event (thread, spectators, logs) or the tuple of player ids
    who may see it (a drawn card's number goes only to its drawer). ``text`` is the sentence
    shown to people; ``data`` carries the same facts for programs.
    """

    kind: str
    text: str
    to: tuple[str, ...] | None = None
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def public(self) -> bool:
        return self.to is None

    def visible_to(self, viewer: str | None) -> bool:
        return self.to is None or (viewer is not None and viewer in self.to)

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "to": list(self.to) if self.to else None,
                "data": self.data}
