"""A replay: an animated GIF of the map through a whole game, one frame per view.

The caller replays the decision log and passes the spectator views in order. Frames that look
the same as the one before are merged (their time adds up); the last frame stays longest."""

from __future__ import annotations

import io
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from PIL import Image

from texts import language

from .. import theme as t
from . import grid, panel
from .layout import BOARD_H, BOARD_W

FRAME_MS = 700
LAST_MS = 4000


def _background() -> Image.Image:
    """The frame's fixed layer (its header's title in the language being written)."""
    return _static(language())


@lru_cache(maxsize=3)
def _static(lang: str) -> Image.Image:
    im = Image.new("RGB", (BOARD_W, BOARD_H), t.BG)
    panel.draw_header_bar(im)
    grid.draw_static(im)
    return im


def board_image(view: dict[str, Any]) -> Image.Image:
    """The map with the header (round, target, who acts): one replay frame."""
    im = _background().copy()
    grid.draw_board(im, view)
    panel.draw_header(im, view, BOARD_W)
    return im


def _palette(frames: list[Image.Image]) -> Image.Image:
    """One palette for every frame (255 colours, a spare index for transparency), taken from a
    few frames across the game so colours that appear late are in it too. With one palette the
    GIF writer can leave unchanged pixels transparent, and each frame costs only its changes."""
    picks = sorted({0, len(frames) // 3, 2 * len(frames) // 3, len(frames) - 1})
    w, h = frames[0].size
    montage = Image.new("RGB", (w, h * len(picks)))
    for i, k in enumerate(picks):
        montage.paste(frames[k], (0, h * i))
    return montage.quantize(colors=255, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def replay_gif(views: Iterable[dict[str, Any]], frame_ms: int = FRAME_MS, last_ms: int = LAST_MS) -> bytes:
    """GIF bytes: the map through the game, ``frame_ms`` per view, the last ``last_ms``."""
    frames: list[Image.Image] = []
    durations: list[int] = []
    previous: bytes | None = None
    for view in views:
        im = board_image(view)
        raw = im.tobytes()
        if raw == previous:
            durations[-1] += frame_ms
            continue
        previous = raw
        frames.append(im)
        durations.append(frame_ms)
    if not frames:
        raise ValueError("a replay needs at least one view")
    durations[-1] = max(durations[-1], last_ms)
    palette = _palette(frames)
    indexed = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
    buf = io.BytesIO()
    indexed[0].save(buf, format="GIF", save_all=True, append_images=indexed[1:], duration=durations,
                    loop=0, disposal=1, optimize=True)
    return buf.getvalue()
