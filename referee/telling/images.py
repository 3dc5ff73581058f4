"""Pictures from the game's presentation (``games/<pkg>/``, drawing with ``render/``), drawn in
worker processes (``referee/shared/render_pool.py``) so the event loop never blocks and never shares
its GIL with Pillow. Any failure (or a game without pictures) gives None and the bot sends text
only. ``start`` and ``close`` bracket the bot process's run."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from typing import Any

from games import Presentation
from referee.messages.outbox import File
from referee.process import metrics
from referee.shared.render_pool import ANSWER, LATER, THREAD, RenderPool

log = logging.getLogger(__name__)

POOL = RenderPool()


def start(workers: int) -> None:
    """Start ``workers`` render processes (0: draw in a thread) and warm them up; the pool is
    the process's, shared by every referee in it, and kept until ``close``."""
    POOL.workers = workers
    POOL.start()


def close() -> None:
    """End the render processes (when the bot process ends)."""
    POOL.close()


async def _draw(fn: Callable[..., bytes | None], filename: str, *args: Any,
                level: int = ANSWER) -> File | None:
    """``fn(*args)`` drawn in the pool; ``level``: a picture in a player's own answer
    (``ANSWER``, the default: they wait for it) goes before the thread's (``THREAD``) and a
    replay (``LATER``)."""
    started = time.perf_counter()
    try:
        data = await POOL.run(fn, *args, level=level)
        metrics.RENDER.labels(fn.__name__).observe(time.perf_counter() - started)
    except asyncio.CancelledError:
        raise
    except Exception:
        log.exception("drawing %s failed; sending text only", filename)
        return None
    return None if data is None else File(filename, data)


async def map_png(present: Presentation, public_view: dict[str, Any], game_id: int) -> File | None:
    """The round picture; ``public_view`` must be ``g.view(state, None)``."""
    assert public_view.get("viewer") is None, "the map shown in a thread is the public view"
    name = f"game{game_id}-round{present.board_round(public_view)}.png"  # the round it shows
    return await _draw(present.board_png, name, public_view, level=THREAD)


async def hand_png(present: Presentation, own_view: dict[str, Any], player_id: str,
                   game_id: int) -> File | None:
    """A player's own picture (their cards), from their own view (sent only to them)."""
    return await _draw(present.hand_png, f"game{game_id}-hand.png", own_view, player_id)


async def draft_png(present: Presentation, own_view: dict[str, Any], player_id: str,
                    draft: str, game_id: int) -> File | None:
    """A player's private draft picture, from their own view (sent only to them)."""
    return await _draw(present.draft_png, f"game{game_id}-draft.png", own_view, player_id, draft)


async def bench_png(present: Presentation, own_view: dict[str, Any], player_id: str,
                    draft: str, part: str | None, places: Sequence[str],
                    times: dict[str, float], more: int, game_id: int) -> File | None:
    """A player's workbench picture, from their own view (sent only to them)."""
    return await _draw(present.bench_png, f"game{game_id}-workbench.png", own_view, player_id,
                       draft, part, list(places), times, more)


async def places_png(present: Presentation, own_view: dict[str, Any], player_id: str,
                     texts: Sequence[str], game_id: int) -> File | None:
    """A player's numbered placements, from their own view (sent only to them)."""
    return await _draw(present.places_png, f"game{game_id}-places.png", own_view, player_id,
                       list(texts))


async def after_png(present: Presentation, own_view: dict[str, Any], player_id: str,
                    game_id: int) -> File | None:
    """The picture a player gets privately after a decision of theirs, from their own view."""
    return await _draw(present.after_png, f"game{game_id}-yours.png", own_view, player_id)


async def scores_png(present: Presentation, final_view: dict[str, Any], state: Any,
                     game_id: int) -> File | None:
    assert final_view.get("viewer") is None
    return await _draw(present.scores_png, f"game{game_id}-scores.png", final_view, state,
                       level=THREAD)


async def replay_gif(present: Presentation, views: Sequence[dict[str, Any]],
                     game_id: int) -> File | None:
    return await _draw(present.replay_gif, f"game{game_id}-replay.gif", list(views),
                       level=LATER)


async def topic_png(present: Presentation, key: str) -> File | None:
    """The picture of a rules topic (public: drawn from no game at all)."""
    return await _draw(present.topic_png, f"{present.pkg}-{key}.png", key)
