"""An animated GIF of a game's public pictures, one frame per view (the replay posted at a
game's end, for the games whose ``render/<pkg>/replay.py`` draws its frames with this).

Frames that look the same as the one before are merged (their time adds up); the last frame
stays longest. Frames of different sizes are laid on the largest size's background (top left).
One palette for every frame (taken from a few frames across the game), so the GIF writer
leaves unchanged pixels transparent and each frame costs only its changes. Drawn from public
views only: a view with a viewer is refused."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from typing import Any

from PIL import Image

from . import theme as t

FRAME_MS = 1200
LAST_MS = 4000


def public(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` itself if it is a spectator view (no viewer); a ValueError otherwise."""
    if view.get("viewer") is not None:
        raise ValueError("a replay is drawn from public views only (viewer None)")
    return view


def _palette(frames: list[Image.Image]) -> Image.Image:
    picks = sorted({0, len(frames) // 3, 2 * len(frames) // 3, len(frames) - 1})
    w, h = frames[0].size
    montage = Image.new("RGB", (w, h * len(picks)))
    for i, k in enumerate(picks):
        montage.paste(frames[k], (0, h * i))
    return montage.quantize(colors=255, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def replay_gif(views: Iterable[dict[str, Any]], frame: Callable[[dict[str, Any]], Image.Image],
               frame_ms: int = FRAME_MS, last_ms: int = LAST_MS,
               background: t.RGB = t.BG) -> bytes:
    """GIF bytes: ``frame(view)`` of every public view in order, ``frame_ms`` each, the last
    ``last_ms``."""
    images = [frame(public(v)).convert("RGB") for v in views]
    if not images:
        raise ValueError("a replay needs at least one view")
    w, h = max(i.width for i in images), max(i.height for i in images)
    frames: list[Image.Image] = []
    durations: list[int] = []
    previous: bytes | None = None
    for im in images:
        if im.size != (w, h):
            canvas = Image.new("RGB", (w, h), background)
            canvas.paste(im, (0, 0))
            im = canvas
        raw = im.tobytes()
        if raw == previous:
            durations[-1] += frame_ms
            continue
        previous = raw
        frames.append(im)
        durations.append(frame_ms)
    durations[-1] = max(durations[-1], last_ms)
    palette = _palette(frames)
    indexed = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
    buf = io.BytesIO()
    indexed[0].save(buf, format="GIF", save_all=True, append_images=indexed[1:],
                    duration=durations, loop=0, disposal=1, optimize=True)
    return buf.getvalue()
