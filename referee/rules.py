"""The rules reference of ``/... rules [topic]``: each game's topics come from its
presentation (``games/<pkg>/``: a short reference, and the sections of
``docs/rules/<game>.md``)."""

from __future__ import annotations

import games
from games import Presentation


def topics(present: Presentation | None = None) -> list[str]:
    return list((present or games.get(None)).topics())


def rules_text(topic: str | None, present: Presentation | None = None) -> str:
    return (present or games.get(None)).rules_text(topic)
