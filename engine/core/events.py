"""Events: what happened, in words, each tagged with who may see it."""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    """One thing that happened (immutable; a NamedTuple because games emit many).

    ``to`` is ``None`` for a public event (thread, spectators, logs) or the tuple of player ids
    who may see it (a drawn card's number goes only to its drawer). ``text`` is the sentence
    shown to people; ``data`` carries the same facts for programs.
    """

    kind: str
    text: str
    to: tuple[str, ...] | None = None
    data: dict[str, Any] = {}  # noqa: RUF012 - always passed by the engine; never mutated

    @property
    def public(self) -> bool:
        return self.to is None

    def visible_to(self, viewer: str | None) -> bool:
        return self.to is None or (viewer is not None and viewer in self.to)

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "to": list(self.to) if self.to else None,
                "data": self.data}
