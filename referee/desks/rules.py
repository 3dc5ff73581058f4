"""The rules reference of ``/... rules [topic]``: each game's topics come from its
presentation (``games/<pkg>/``: a short reference, and the sections of
``docs/rules/<game>.md``)."""

from __future__ import annotations

import games
from games import Presentation
from referee.messages.outbox import File
from referee.telling import images


def topics(present: Presentation | None = None) -> list[str]:
    return list((present or games.get(None)).topics())


def rules_text(topic: str | None, present: Presentation | None = None) -> str:
    return (present or games.get(None)).rules_text(topic)


async def rules_reply(topic: str | None,
                      present: Presentation | None = None) -> tuple[str, tuple[File, ...]]:
    """The topic's text, and its picture when the game draws one for it (drawn by the render
    workers; text only if drawing fails)."""
    present = present or games.get(None)
    text = present.rules_text(topic)
    key = present.topic_key(topic)
    if key is None or key not in present.picture_topics:
        return text, ()
    picture = await images.topic_png(present, key)
    return text, () if picture is None else (picture,)
