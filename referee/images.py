"""Pictures from the ``render`` package, drawn in a worker thread so the event loop never
blocks. Any failure (or ``render`` missing) gives None and the bot sends text only."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Any

from .outbox import File

log = logging.getLogger(__name__)


def _function(name: str) -> Callable[..., bytes] | None:
    try:
        import render
    except ImportError:  # pragma: no cover - render is part of the project
        return None
    return getattr(render, name, None)


async def _draw(name: str, filename: str, *args: Any) -> File | None:
    fn = _function(name)
    if fn is None:
        return None
    try:
        data = await asyncio.to_thread(fn, *args)
    except Exception:
        log.exception("render.%s failed; sending text only", name)
        return None
    return File(filename, data)


async def map_png(public_view: dict[str, Any], game_id: int) -> File | None:
    """The round picture; ``public_view`` must be ``g.view(state, None)``."""
    assert public_view.get("viewer") is None, "the map shown in a thread is the public view"
    return await _draw("render_map", f"game{game_id}-round{public_view['round']}.png", public_view)


async def hand_png(own_view: dict[str, Any], player_id: str, game_id: int) -> File | None:
    """A player's cards, from their own view (sent only to them)."""
    return await _draw("render_hand", f"game{game_id}-hand.png", own_view, player_id)


async def scores_png(final_view: dict[str, Any], history: Sequence[Any], game_id: int) -> File | None:
    assert final_view.get("viewer") is None
    return await _draw("render_scores", f"game{game_id}-scores.png", final_view, list(history))


async def replay_gif(views: Sequence[dict[str, Any]], game_id: int) -> File | None:
    return await _draw("render_replay", f"game{game_id}-replay.gif", list(views))
